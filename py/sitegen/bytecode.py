"""Byte-compile Python for the Pyodide the site ships; ``build.py`` runs this *inside* that Pyodide.

Pyodide does not write bytecode in the browser, so every module imported from source is compiled
again on every page load, and the ~300 modules a boot imports (standard library, micropip, PyScript,
BioCards) then cost seconds. Compiling them once here, with the very interpreter the page runs,
gives ``.pyc`` files with the right magic number.

Two layouts:

* ``sourceless``: ``mod.py`` becomes ``mod.pyc`` beside it, the source removed. Used for the
  standard library zip, as Pyodide's own releases do, so the download stays small.
* ``cached``: ``__pycache__/mod.<tag>.pyc`` beside the kept source (for wheels, so tracebacks of
  our own code still quote their lines).

Both are unchecked-hash pycs (PEP 552): the importer trusts them without comparing timestamps,
which the zip and the wheel do not preserve.
"""

from __future__ import annotations

import importlib.util
import os
import py_compile
import sys

UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH


def stdlib_zip_path() -> str:
    """Where this interpreter imports its standard library from (``/lib/python3NN.zip``)."""
    return next(p for p in sys.path if p.endswith(".zip"))


def compile_tree(root: str, layout: str, shown_as: str = "") -> int:
    """Compile every ``.py`` under ``root`` in ``layout``; ``shown_as`` prefixes names in tracebacks."""
    if layout not in ("sourceless", "cached"):
        raise ValueError(f"unknown layout {layout!r}")
    count = 0
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if not name.endswith(".py"):
                continue
            source = os.path.join(folder, name)
            relative = os.path.relpath(source, root)
            target = source + "c" if layout == "sourceless" else importlib.util.cache_from_source(source)
            py_compile.compile(source, cfile=target, dfile=shown_as + relative, doraise=True,
                               invalidation_mode=UNCHECKED)
            if layout == "sourceless":
                os.remove(source)
            count += 1
    return count
