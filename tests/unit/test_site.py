"""The built site in dist/ as a static host will serve it (``build.py test`` builds it first)."""

from __future__ import annotations

import hashlib
import json
import os
import stat
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


def test_the_service_worker_precaches_every_page_and_the_game_wheel():
    """Offline play needs every file of the build in the precache list."""
    sw = (DIST / "sw.js").read_text()
    files = json.loads(sw[sw.index("const FILES = ") + len("const FILES = "):].split(";\n", 1)[0])
    wheel = next(DIST.glob("wheels/*/biocards-*.whl")).relative_to(DIST).as_posix()
    for needed in ("./", "./play/", "./lessons/genetic-code.html", "./vendor/pyodide/pyodide.asm.wasm",
                   f"./{wheel}"):
        assert needed in files
