"""Issue 17: what the page would compile at every start is compiled at build time and kept in the
snapshot's heap.

The page's PyScript still writes its package's files and imports them; the finder the snapshot
leaves in ``sys.meta_path`` hands over the code compiled at build time, but only for a file that
holds exactly the source it was compiled from. The code the page hands Pyodide's ``eval_code`` at
every start is not parsed again either (``_CompiledAhead``).
"""

import ast
import importlib
import sys
import types

import pytest

from sitegen.snapshot_imports import _compile_ahead, _pyscript_modules, _PyScriptModules

PACKAGE = {"pyscript": {"__init__.py": "from pyscript.util import twice\nANSWER = twice(21)\n",
                        "util.py": "def twice(n):\n    return 2 * n\n"}}


@pytest.fixture
def page_folder(tmp_path, monkeypatch):
    """A folder PyScript has written its package into, on sys.path; the finder first in line."""
    for file, source in PACKAGE["pyscript"].items():
        (tmp_path / "pyscript").mkdir(exist_ok=True)
        (tmp_path / "pyscript" / file).write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    finder = _PyScriptModules(_pyscript_modules(PACKAGE, folder=str(tmp_path)))
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    for name in ("pyscript", "pyscript.util"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    importlib.invalidate_caches()
    yield tmp_path, finder
    for name in ("pyscript", "pyscript.util"):
        sys.modules.pop(name, None)


def test_pyscript_modules_written_as_compiled_are_imported_from_the_heap(page_folder):
    folder, finder = page_folder
    import pyscript

    assert pyscript.ANSWER == 42
    assert pyscript.__spec__.loader is finder
    assert sys.modules["pyscript.util"].__spec__.loader is finder
    assert pyscript.__file__ == str(folder / "pyscript" / "__init__.py")  # where PyScript wrote it


def test_a_pyscript_module_whose_file_differs_is_compiled_from_the_file(page_folder):
    folder, finder = page_folder
    (folder / "pyscript" / "util.py").write_text("def twice(n):\n    return n + n + 1\n", encoding="utf-8")
    import pyscript

    assert pyscript.ANSWER == 43  # the file's code, not the heap's
    assert pyscript.__spec__.loader is finder
    assert sys.modules["pyscript.util"].__spec__.loader is not finder


def test_the_finder_ignores_modules_it_was_not_given(page_folder):
    _, finder = page_folder
    assert finder.find_spec("json") is None
    assert finder.find_spec("pyscript.web") is None


# -- code compiled ahead -----------------------------------------------------------------------

@pytest.fixture
def pyodide_base(monkeypatch):
    """Pyodide's ``_pyodide._base`` as far as eval_code goes: a CodeRunner that takes its tree from
    the module's ``_parse_and_compile_gen`` (looked up when called, as in Pyodide), which records
    every source it parses."""
    base = types.ModuleType("_pyodide._base")
    base.parsed = []

    def _parse_and_compile_gen(source, *, return_mode="last_expr", mode="exec", quiet_trailing_semicolon=True,
                               filename="<exec>", flags=0, dont_inherit=False, optimize=-1):
        base.parsed.append(source)
        tree = yield compile(source, filename, mode, flags | ast.PyCF_ONLY_AST)
        return compile(tree, filename, mode, flags, dont_inherit, optimize)

    class CodeRunner:
        def __init__(self, source, **options):
            self._gen = base._parse_and_compile_gen(source, **options)
            self.ast = next(self._gen)

        def compile(self):
            try:
                self._gen.send(self.ast)
            except StopIteration as done:
                self.code = done.value
            return self

    base._parse_and_compile_gen = _parse_and_compile_gen
    base.CodeRunner = CodeRunner
    package = types.ModuleType("_pyodide")
    package._base = base
    monkeypatch.setitem(sys.modules, "_pyodide", package)
    monkeypatch.setitem(sys.modules, "_pyodide._base", base)
    marks = []
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(performance=types.SimpleNamespace(mark=marks.append)))
    return base, marks


PAGE_CODE = "answer = 6 * 7"


def run(runner):
    scope = {}
    exec(runner.code, scope)
    return scope


def test_the_pages_code_is_served_compiled_ahead_without_parsing(pyodide_base):
    base, marks = pyodide_base
    _compile_ahead([PAGE_CODE])
    base.parsed.clear()

    runner = base.CodeRunner(PAGE_CODE, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT).compile()

    assert run(runner)["answer"] == 42
    assert base.parsed == []
    assert base._parse_and_compile_gen.served == 1
    assert marks == ["biocards-compiled-ahead"]  # the browser test counts these


def test_pyodides_code_after_a_restore_is_served_compiled_ahead_unmarked(pyodide_base):
    base, marks = pyodide_base
    _compile_ahead([])
    base.parsed.clear()

    runner = base.CodeRunner("import builtins; builtins.__dict__").compile()

    assert run(runner)["builtins"].__name__ == "builtins"
    assert base.parsed == []
    assert marks == []  # during a restore Python may not reach JavaScript yet


def test_other_code_or_the_same_code_with_other_options_is_parsed_as_before(pyodide_base):
    base, marks = pyodide_base
    _compile_ahead([PAGE_CODE])
    base.parsed.clear()

    assert run(base.CodeRunner("answer = 7 * 6", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT).compile())["answer"] == 42
    assert run(base.CodeRunner(PAGE_CODE).compile())["answer"] == 42  # no top-level await: not the page's

    assert base.parsed == ["answer = 7 * 6", PAGE_CODE]
    assert base._parse_and_compile_gen.served == 0
    assert marks == []


def test_a_runner_that_replaces_the_tree_runs_its_own_tree(pyodide_base):
    base, _ = pyodide_base
    _compile_ahead([PAGE_CODE])

    runner = base.CodeRunner(PAGE_CODE, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
    runner.ast = ast.parse("answer = 43")

    assert run(runner.compile())["answer"] == 43
