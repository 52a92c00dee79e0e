"""Run once before the play page's memory snapshot is taken (pyodide_snapshot.mjs).

Imports what the page imports that needs no browser: the engine, every game, the bots, and the
standard-library modules the web adapter and PyScript's own Python package use. The web adapter
itself imports ``pyscript``, which exists only on the page, so it is imported after the restore,
from code this script leaves in the heap (``_HeapModules``): the wheel's files do not survive.
PyScript's package is left compiled in the heap too (``_PyScriptModules``), from the sources in
``PYSCRIPT_PACKAGE`` (set by pyodide_snapshot.mjs).
"""

class _HeapModules:
    """A meta-path finder for the biocards modules not imported yet, holding their code in the heap.

    A snapshot keeps memory, not files: after a restore the wheel's files are gone, and the web
    adapter (which needs ``pyscript``, so cannot be imported here) is imported from this table. The
    source is kept too, for tracebacks (``get_source``).
    """

    def __init__(self, modules):
        self.modules = modules  # name -> (filename, is_package, source, code)

    def find_spec(self, name, path=None, target=None):
        import importlib.util

        if name not in self.modules:
            return None
        filename, is_package, _, _ = self.modules[name]
        spec = importlib.util.spec_from_loader(name, self, origin=filename, is_package=is_package)
        spec.has_location = True
        if is_package:
            spec.submodule_search_locations = [filename.rsplit("/", 1)[0]]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        filename, _, _, code = self.modules[module.__name__]
        module.__file__ = filename
        exec(code, module.__dict__)

    def get_source(self, name):
        return self.modules[name][2]

    def invalidate_caches(self):
        pass


class _PyScriptModules(_HeapModules):
    """PyScript's own Python package, compiled at build time.

    On the page PyScript writes its package's files and imports it, and compiling them there took
    a restored page longer than anything else between Python's start and ours. A module's code
    here is used only when the file PyScript wrote holds exactly the source it was compiled from;
    any other file (another PyScript's) is compiled as usual.
    """

    def find_spec(self, name, path=None, target=None):
        import importlib.machinery

        if name not in self.modules:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or not spec.has_location:
            return None
        try:
            with open(spec.origin, encoding="utf-8") as file:
                if file.read() != self.modules[name][2]:
                    return None
        except OSError:
            return None
        spec.loader = self
        return spec

    def exec_module(self, module):
        exec(self.modules[module.__name__][3], module.__dict__)


def _pyscript_modules(files, folder="/home/pyodide"):
    """name -> (filename, is_package, source, code) for PyScript's package as written in ``folder``."""
    table = {}
    for package, modules in files.items():
        for file, source in modules.items():
            filename = f"{folder}/{package}/{file}"
            is_package = file == "__init__.py"
            name = package if is_package else f"{package}.{file.removesuffix('.py')}"
            table[name] = (filename, is_package, source, compile(source, filename, "exec"))
    return table


def _heap_modules(package):
    import os
    import sys

    root = os.path.dirname(package.__file__)
    table = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if not name.endswith(".py"):
                continue
            filename = os.path.join(folder, name)
            parts = os.path.relpath(filename, os.path.dirname(root))[:-3].split(os.sep)
            is_package = parts[-1] == "__init__"
            module = ".".join(parts[:-1] if is_package else parts)
            if module in sys.modules:
                continue
            with open(filename, encoding="utf-8") as file:
                source = file.read()
            table[module] = (filename, is_package, source, compile(source, filename, "exec"))
    return table


def _install_heap_modules(pyscript_package):
    import sys

    import biocards

    sys.meta_path.insert(0, _HeapModules(_heap_modules(biocards)))
    sys.meta_path.insert(1, _PyScriptModules(_pyscript_modules(pyscript_package)))


if __name__ == "__main__":  # under Pyodide, by pyodide_snapshot.mjs (tests import the finders alone)
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
    _install_heap_modules(globals().pop("PYSCRIPT_PACKAGE"))

