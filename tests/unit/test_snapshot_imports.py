"""Issue 17: PyScript's Python package is compiled at build time and kept in the snapshot's heap.

The page's PyScript still writes its package's files and imports them; the finder the snapshot
leaves in ``sys.meta_path`` hands over the code compiled at build time, but only for a file that
holds exactly the source it was compiled from.
"""

import importlib
import sys

import pytest

from sitegen.snapshot_imports import _pyscript_modules, _PyScriptModules

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
