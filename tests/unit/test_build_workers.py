"""build.inline_kept_copy: the play page's workers carry the kept-copy store in their own script."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

WORKERS = ("snapshot-worker.js", "wasm-worker.js")


def test_each_worker_gets_the_store_in_place_of_its_import_and_no_second_script_ships(tmp_path):
    for name in (*WORKERS, "kept-copy.js", "boot.js"):
        shutil.copy2(ROOT / "static" / "js" / name, tmp_path / name)
    build.inline_kept_copy(tmp_path)
    store = (ROOT / "static" / "js" / "kept-copy.js").read_text(encoding="utf-8")
    for name in WORKERS:
        source = (ROOT / "static" / "js" / name).read_text(encoding="utf-8")
        shipped = (tmp_path / name).read_text(encoding="utf-8")
        assert "importScripts(" not in shipped
        assert shipped == source.replace(build.KEPT_COPY_IMPORT, store)
    assert not (tmp_path / "kept-copy.js").exists()
    assert (tmp_path / "boot.js").read_bytes() == (ROOT / "static" / "js" / "boot.js").read_bytes()


def test_a_build_whose_workers_no_longer_import_the_store_fails(tmp_path):
    (tmp_path / "kept-copy.js").write_text("// the store\n", encoding="utf-8")
    (tmp_path / "wasm-worker.js").write_text("// loads nothing\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="no worker imports kept-copy.js"):
        build.inline_kept_copy(tmp_path)


@pytest.mark.skipif(not shutil.which("node"), reason="no Node here")
def test_the_shipped_workers_parse_and_define_the_store_before_using_it():
    scripts = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist")) / "static" / "js"
    if not (scripts / "wasm-worker.js").exists():
        pytest.skip("dist/ is not built")
    for name in WORKERS:
        shipped = (scripts / name).read_text(encoding="utf-8")
        assert shipped.index("async function keptStore(") < shipped.index("keptStore(params.get(")
        # Parsed, not run: a syntax error from the splice fails here, not in a student's browser.
        subprocess.run(["node", "--check", scripts / name], check=True)
