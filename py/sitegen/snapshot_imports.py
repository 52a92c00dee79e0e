"""Run once before the play page's memory snapshot is taken (pyodide_snapshot.mjs).

Imports what the page imports that needs no browser: the engine, every game, the bots, and the
standard-library modules the web adapter and
PyScript's own Python package use. The web adapter itself imports ``pyscript``, which
exists only on the page, so it is imported after the restore, from the unpacked wheel.
"""

import asyncio  # noqa: F401 - imported for the snapshot's sake; asyncio .. pathlib: PyScript's own
import base64  # noqa: F401
import binascii  # noqa: F401
import collections  # noqa: F401
import dataclasses  # noqa: F401
import functools  # noqa: F401
import hashlib  # noqa: F401
import html  # noqa: F401
import inspect  # noqa: F401
import io  # noqa: F401
import json  # noqa: F401
import pathlib  # noqa: F401
import time  # noqa: F401
import typing  # noqa: F401
import urllib.parse  # noqa: F401

import biocards.bots  # noqa: F401
import biocards.core  # noqa: F401
import biocards.guided  # noqa: F401
import biocards.svg  # noqa: F401
from biocards import games

games._discover()
