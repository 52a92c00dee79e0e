"""Run once before the play page's memory snapshot is taken (pyodide_snapshot.mjs).

Imports what the page imports that needs no browser: the engine, every game, the bots, and the
standard-library modules the web adapter and PyScript's own Python package use. The web adapter
itself imports ``pyscript``, which exists only on the page, so it is imported after the restore,
from code this script leaves in the heap (``_HeapModules``): the wheel's files do not survive.
PyScript's package is left compiled in the heap too (``_PyScriptModules``), from the sources in
``PYSCRIPT_PACKAGE``, and so is the code every start of the page hands to Pyodide's ``eval_code``
(``_CompiledAhead``): ``COMPILED_AHEAD`` (both set by pyodide_snapshot.mjs).
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


class _CompiledAhead:
    """Pyodide's parse-and-compile step (``_pyodide._base._parse_and_compile_gen``), done at build
    time for the code every start of the page runs through ``eval_code``.

    A restored page runs the same few strings each time: Pyodide's own after a restore, PyScript's
    (33 KB that write and import its package) and the page's ``main``. Parsing and compiling them
    there made the browser compile much of CPython's parser and compiler first. This generator
    stands in for Pyodide's: for a source and options it knows, it yields no tree and returns the
    code compiled at build time; for anything else it is Pyodide's. ``eval_code`` and
    ``eval_code_async`` never look at the tree; a ``CodeRunner`` that replaces it gets its own tree
    compiled. The page's code, once served, leaves a ``biocards-compiled-ahead`` performance mark.
    """

    def __init__(self, parse_and_compile):
        self.parse_and_compile = parse_and_compile
        self.codes = {}  # (source, options) -> (code, whether the page's: marked when served)
        self.learning = None
        self.served = 0

    @staticmethod
    def _key(source, options):
        return source, tuple(sorted(options.items()))

    def learn(self, source, page=False, **runner_options):
        """Compile ``source`` as ``CodeRunner(source, **runner_options)`` does, and keep its code."""
        from _pyodide._base import CodeRunner

        self.learning = page
        try:
            CodeRunner(source, **runner_options).compile()
        finally:
            self.learning = None

    def __call__(self, source, **options):
        key = self._key(source, options)
        if self.learning is not None:
            code = yield from self.parse_and_compile(source, **options)
            self.codes[key] = code, self.learning
            return code
        code, page = self.codes.get(key, (None, False))
        if code is None:
            return (yield from self.parse_and_compile(source, **options))
        tree = yield None
        if tree is not None:  # a CodeRunner made a tree of its own: compile that
            own = self.parse_and_compile(source, **options)
            next(own)
            try:
                own.send(tree)
            except StopIteration as done:
                return done.value
        self.served += 1
        if page:  # (not during a restore: Pyodide has not given Python its JavaScript back yet)
            import js

            js.performance.mark("biocards-compiled-ahead")
        return code


# What Pyodide's finalizeBootstrap (pyodide.asm.mjs) runs through eval_code after every restore.
_PYODIDE_RESTORE_CODE = ("{}", "import importlib; importlib", "import __main__; __main__.__dict__",
                         "import builtins; builtins.__dict__")


def _compile_ahead(page_code):
    """Put ``_CompiledAhead`` in Pyodide's place, knowing Pyodide's code after a restore and
    ``page_code``, the code the page runs with ``runPythonAsync`` (so with top-level await)."""
    import ast

    import _pyodide._base

    ahead = _pyodide._base._parse_and_compile_gen = _CompiledAhead(_pyodide._base._parse_and_compile_gen)
    for source in _PYODIDE_RESTORE_CODE:
        ahead.learn(source)
    for source in page_code:
        ahead.learn(source, page=True, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)


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
    import biocards.core.hints  # noqa: F401 - hints .. web.seats: what the web adapter imports that
    import biocards.core.links  # noqa: F401   needs no page (its classes are made here, not there)
    import biocards.core.undo  # noqa: F401
    import biocards.guided  # noqa: F401
    import biocards.i18n  # noqa: F401 - reads no catalog: the page fetches its language's (web.speak)
    import biocards.svg  # noqa: F401
    import biocards.web.seats  # noqa: F401
    from biocards import games

    games._discover()
    _install_heap_modules(globals().pop("PYSCRIPT_PACKAGE"))
    _compile_ahead(globals().pop("COMPILED_AHEAD"))

