"""The built site in dist/ as a static host will serve it (``build.py test`` builds it first)."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import stat
import zipfile
from pathlib import Path

import pytest

DIST = Path(os.environ.get("BIOCARDS_DIST", Path(__file__).resolve().parents[2] / "dist"))

pytestmark = pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ is not built")


def test_every_file_can_be_read_by_a_web_server_running_as_another_user():
    """A school web server reads dist/ as its own user: no file may be private to the builder."""
    private = [p.relative_to(DIST).as_posix() for p in DIST.rglob("*")
               if not p.stat().st_mode & (stat.S_IROTH | (stat.S_IXOTH if p.is_dir() else 0))]
    assert private == []


def test_the_shipped_micropip_wheel_matches_the_hash_in_pyodides_lock():
    """Pyodide checks micropip against its lock file; the check must pass, not be switched off."""
    pyodide = DIST / "vendor" / "pyodide"
    entry = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]["micropip"]
    wheel = pyodide / entry["file_name"]
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()


def _service_worker_list(name: str):
    sw = (DIST / "sw.js").read_text()
    listed = sw[sw.index(f"const {name} = ") + len(f"const {name} = "):]
    if name == "LATER":  # new Set([...].map(…))
        return json.loads(listed[listed.index("["):listed.index("\n]") + 2])
    return json.loads(listed.split(";\n", 1)[0])


def test_the_service_worker_precaches_every_page_and_the_snapshot_paths_runtime_with_their_hashes():
    """Offline play needs every page and the snapshot path's runtime in the precache list, each
    with its hash (issue 32: the worker takes the copy the page has just downloaded from the HTTP
    cache when the hash says it is this build's)."""
    files = _service_worker_list("FILES")
    snapshot = next(DIST.glob("vendor/pyodide/snapshot-*")).relative_to(DIST).as_posix()
    small_stdlib = next(DIST.glob("vendor/pyodide/python_stdlib-*.zip")).relative_to(DIST).as_posix()
    for needed in ("./", "./play/", "./lessons/genetic-code.html", "./vendor/pyodide/pyodide.asm.wasm",
                   f"./{snapshot}", f"./{small_stdlib}", "./vendor/pyscript/core.js"):
        assert needed in files
    for url, digest in files.items():
        name = url[2:] + ("index.html" if url.endswith("/") else "")
        assert digest == hashlib.sha256((DIST / name).read_bytes()).hexdigest()[:16], url


def test_the_install_paths_files_are_kept_when_fetched_not_precached():
    """Issue 32: the whole standard library, micropip and the wheel serve only a page whose
    snapshot failed; the service worker keeps them when such a page fetches them."""
    files, later = _service_worker_list("FILES"), _service_worker_list("LATER")
    wheel = next(DIST.glob("wheels/*/biocards-*.whl")).relative_to(DIST).as_posix()
    for install_path in (f"./{wheel}", "./vendor/pyodide/python_stdlib.zip", "./vendor/pyodide/micropip-0.11.1-py3-none-any.whl"):
        assert install_path in later and install_path not in files
    # Never answered from a cache: the worker itself, and what only the class server answers
    # (class-server.json says whether it is there; the teacher's page needs its key and server).
    never = {"./sw.js", "./class-server.json", "./teacher/index.html", "./es/teacher/index.html"}
    shipped = {"./" + p.relative_to(DIST).as_posix() for p in DIST.rglob("*")
               if p.is_file() and not _is_sibling(p)} - never
    languages = {url for own in _service_worker_list("LANGUAGES").values() for url in own if not url.endswith("/")}
    assert shipped == {url for url in files if not url.endswith("/")} | set(later) | languages
    assert not never & (set(files) | set(later) | languages)


def test_another_languages_pages_are_precached_only_for_its_readers():
    """Issue 39, bytes: the English reader's precache holds no Spanish page or picture; a worker
    registered for Spanish (sw.js?lang=es) precaches every Spanish page, each with its hash."""
    files, spanish = _service_worker_list("FILES"), _service_worker_list("LANGUAGES")["es"]
    assert not [url for url in files if url.startswith("./es/") or ".es.svg" in url]
    assert "./es/index.html" in spanish and "./es/lessons/genetic-code.html" in spanish and "./es/play/" in spanish
    for url, digest in spanish.items():
        name = url[2:] + ("index.html" if url.endswith("/") else "")
        assert digest == hashlib.sha256((DIST / name).read_bytes()).hexdigest()[:16], url


def test_pyscripts_editor_and_terminal_bundles_and_the_readme_screenshot_are_not_shipped():
    """Issue 32: no page of ours has a code editor or a terminal, so CodeMirror and xterm.js
    (0.75 MB) stay out of the site, and so does the README's screenshot."""
    shipped = [p.name for p in DIST.rglob("*") if p.is_file()]
    assert not [name for name in shipped if "codemirror" in name or "xterm" in name]
    assert "screenshot.png" not in shipped
    assert (DIST / "vendor" / "pyscript" / "core.js").is_file()


def _is_sibling(path: Path) -> bool:
    """A precompressed form of another file of the site (file.br, file.gz beside file)."""
    return path.suffix in (".br", ".gz") and path.with_suffix("").is_file()


def test_every_compressible_file_has_brotli_and_gzip_siblings_that_give_it_back_byte_for_byte():
    """Issue 32, send less: a host that serves precompressed files (nginx's brotli_static and
    gzip_static, the class server) finds file.br and file.gz beside each compressible file, and
    each inflates to exactly that file; nothing compressed already gets one."""
    import gzip

    import brotli

    from sitegen.compress import compressible

    checked = 0
    for path in DIST.rglob("*"):
        if not path.is_file() or _is_sibling(path):
            continue
        siblings = [path.with_name(f"{path.name}.{e}") for e in ("br", "gz")]
        if not compressible(path):
            assert not any(s.exists() for s in siblings), path
            continue
        data = path.read_bytes()
        br, gz = siblings
        if br.exists():
            assert brotli.decompress(br.read_bytes()) == data, br
            checked += 1
        if gz.exists():
            assert gzip.decompress(gz.read_bytes()) == data, gz
        # Only a tiny file may go without: its compressed form would not be smaller.
        assert br.exists() or len(data) < 512, path
    wasm = DIST / "vendor" / "pyodide" / "pyodide.asm.wasm"
    assert wasm.with_name("pyodide.asm.wasm.br").stat().st_size < wasm.stat().st_size / 3
    assert not list(DIST.glob("vendor/pyodide/*.zip.*")) and not list(DIST.glob("vendor/pyodide/snapshot-*.gz.*"))
    assert checked > 40


def _pycs(archive: zipfile.ZipFile) -> dict[str, bytes]:
    return {name: archive.read(name) for name in archive.namelist() if name.endswith(".pyc")}


def test_the_standard_library_ships_as_bytecode_for_one_interpreter():
    """Pyodide compiles source on every page load; the build ships .pyc so a boot skips that work.

    Every module is there once, as unchecked-hash bytecode (PEP 552 flags = 0b01) with one magic
    number: the interpreter that compiled them is the one the page runs.
    """
    with zipfile.ZipFile(DIST / "vendor" / "pyodide" / "python_stdlib.zip") as archive:
        names = archive.namelist()
        pycs = _pycs(archive)
    assert not [n for n in names if n.endswith(".py")]
    for module in ("json/__init__.pyc", "asyncio/__init__.pyc", "zipfile/__init__.pyc", "dataclasses.pyc"):
        assert module in pycs
    assert len({data[:4] for data in pycs.values()}) == 1
    assert {int.from_bytes(data[4:8], "little") for data in pycs.values()} == {0b01}


@pytest.mark.parametrize("wheel", ["vendor/pyodide/micropip-*.whl", "wheels/*/biocards-*.whl"])
def test_wheels_keep_their_source_and_list_their_bytecode_in_record(wheel):
    """Each module has its bytecode beside it (__pycache__) and RECORD hashes every file honestly."""
    path = next(DIST.glob(wheel))
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        record = [line.split(",") for line in archive.read(record_name).decode().splitlines()]
        for name, digest, size in record:
            if name == record_name:
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(data)), name
    assert {name for name, *_ in record} == names
    sources = [n for n in names if n.endswith(".py")]
    assert sources
    for source in sources:
        folder, _, module = source.rpartition("/")
        assert any(n.startswith(f"{folder}/__pycache__/{module[:-3]}.cpython-") for n in names), source


def test_the_pages_wheel_carries_no_server_command_line_or_bench():
    """The browser's wheel holds what the page runs: the class server, the command line and the
    benches (random games for measuring) are CPython's alone, and each byte of them would be
    downloaded by every student."""
    path = next(DIST.glob("wheels/*/biocards-*.whl"))
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
    assert "biocards/core/game.py" in names and "biocards/web/table.py" in names
    for left_out in ("biocards/server/", "biocards/cli.py", "biocards/bench.py", "biocards/core/testing.py"):
        assert not [n for n in names if n.startswith(left_out)], left_out


def test_nothing_the_page_carries_imports_what_its_wheel_leaves_out():
    """A module in the page's wheel that imported the benches, the command line, the class server or
    core.testing would fail in the browser only when that line runs (the page's in-browser bot timing
    did, once): every import of every module the wheel carries names a module it carries too."""
    import ast

    package = Path(__file__).resolve().parents[2] / "py" / "biocards"
    left_out = ("biocards.server", "biocards.cli", "biocards.bench", "biocards.core.testing")
    carried = [p for p in package.rglob("*.py")
               if not any(p.relative_to(package).as_posix().startswith(part) for part in
                          ("server/", "cli.py", "bench.py", "core/testing.py"))]
    found = []
    for path in carried:
        parts = path.relative_to(package).with_suffix("").parts
        module = ".".join(("biocards", *parts))
        here = ".".join(("biocards", *parts[:-1]))  # the package a relative import starts from
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom):
                base = (here.rsplit(".", node.level - 1)[0] if node.level > 1 else here) if node.level else ""
                target = ".".join(x for x in (base, node.module or "") if x)
                names = [target] + [f"{target}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            found += [(module, n) for n in names if n.startswith(left_out)]
    assert found == []


def test_the_landing_page_seats_a_person_and_enough_computers_for_every_game():
    """Pressing Play without touching the seat pickers starts a legal game: one person, computers
    up to the game's minimum (the gene-expression game needs four), the other seats empty."""
    import re

    page = (DIST / "index.html").read_text(encoding="utf-8")
    forms = list(re.finditer(r'<form class="start".*?data-min="(\d+)".*?</form>', page, re.S))
    assert forms
    for form in forms:
        low = int(form.group(1))
        chosen = []
        for select in re.findall(r"<select data-seat.*?</select>", form.group(0), re.S):
            options = re.findall(r'<option value="([^"]*)"\s*(selected)?', select)
            chosen.append(next((v for v, sel in options if sel), options[0][0]))
        seats = [s for s in chosen if s]
        assert seats[0] == "human" and set(seats[1:]) == {"greedy"} and len(seats) == max(low, 2), seats
        hidden = re.search(r'name="seats" value="([^"]+)"', form.group(0)).group(1)
        assert hidden.split(",") == seats


def test_every_page_has_a_meta_description_of_its_own():
    """Issue 43: Lighthouse SEO marked every page down for a missing <meta name="description"> (what
    a search result shows under the title). Each page has one, short enough to show whole."""
    import html
    import re

    pages = sorted(DIST.rglob("*.html"))
    assert len(pages) >= 30
    seen = {}
    for page in pages:
        found = re.findall(r'<meta name="description" content="([^"]*)">', page.read_text(encoding="utf-8"))
        name = page.relative_to(DIST).as_posix()
        assert len(found) == 1, name
        text = html.unescape(found[0])
        assert 50 <= len(text) <= 200 and not text.startswith(" "), (name, text)
        seen[name] = text
    # A page's own words, not one line copied to all of them.
    assert len(set(seen.values())) == len(seen)
    assert seen["lessons/genetic-code.html"].startswith("Cells read genes three bases at a time.")


def test_the_play_page_asks_at_once_for_every_module_its_boot_waits_for():
    """Issue 44: the modules boot.js reaches before Python starts (its imports, their imports, the
    loader it imports and PyScript's core with its chunk) are each named in the play page's head as
    a module preload, so the browser fetches them while it reads the page, not one level of imports
    after another; and each named file is in the site."""
    import re

    page = (DIST / "play" / "index.html").read_text(encoding="utf-8")
    preloaded = {(DIST / "play" / href).resolve() for href in re.findall(r'<link rel="modulepreload" href="([^"]+)"', page)}
    js = DIST / "static" / "js"
    reached, todo = set(), [js / "boot.js"]
    while todo:
        module = todo.pop()
        source = module.read_text(encoding="utf-8")
        imports = {(module.parent / name).resolve() for name in re.findall(r'from\s*"(\.{1,2}/[^"]+)"', source)}
        if module.name == "boot.js":  # its loader and PyScript, imported by address from the site's root
            imports |= {(DIST / name).resolve() for name in re.findall(r'new URL\("((?:static|vendor)/[^"]+\.m?js)", root\)', source)}
        for found in imports - reached:
            reached.add(found)
            todo.append(found)
    assert {DIST / "static/js/pyodide-boot.mjs", DIST / "vendor/pyscript/core.js", DIST / "vendor/pyodide/pyodide.mjs"} <= reached
    assert sorted(p.relative_to(DIST).as_posix() for p in reached - preloaded) == []
    assert all(path.is_file() for path in preloaded)
