"""Issue 41 ("one table, two sources"): the page's modules import downwards only, and the table is
drawn from a source, never subclassed (docs/design.md, "The page")."""

import ast
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "py" / "biocards" / "web"


def _trees():
    return {f.stem: ast.parse(f.read_text(encoding="utf-8")) for f in WEB.glob("*.py")}


def _imports(tree) -> set[str]:
    """The modules of ``web/`` a module imports, at run time or for type checking alike."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
    return found


def test_no_module_of_the_page_imports_one_that_imports_it_back():
    graph = {name: _imports(tree) for name, tree in _trees().items()}
    circles = []

    def visit(name, path):
        for imported in graph.get(name, ()):
            if imported in path:
                circles.append(" -> ".join(path[path.index(imported):] + [imported]))
            else:
                visit(imported, path + [imported])

    for name in graph:
        visit(name, [name])
    assert not circles, circles


def test_the_table_and_its_parts_never_import_a_source():
    graph = {name: _imports(tree) for name, tree in _trees().items()}
    sources = {"local", "class_play", "page"}
    for part in ("table", "prompt_bar", "log", "end_screen", "details", "controls", "clock", "fit",
                 "lesson_panel"):
        assert not graph[part] & sources, (part, graph[part] & sources)


def test_nothing_subclasses_the_table():
    for name, tree in _trees().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                assert "Table" not in bases, f"{name}.{node.name} subclasses Table: give the table a source instead"
