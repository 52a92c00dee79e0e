"""The release a teacher installs (issue 42): `build.py release` from the repository, then the wheel
installed in a fresh virtual environment, and biocards.pyz run by a bare Python, each with no Node
on PATH and no network (pip sees only the folder of pinned pure-Python wheels the release build
keeps; every proxy points at a closed port). Each runs `biocards serve` on a free port of
127.0.0.1; a class made through the teacher's API seats two students in Chromium, who make a move.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

import class_server
from class_server import Running
from conftest import ROOT
from test_class_play import LAPTOP, PHONE, join, moves_of, people, play_any, to_move, wait_ready  # noqa: F401

RELEASES = ROOT / ".cache" / "release-test"
PURE_WHEELS = ROOT / ".cache" / "release-wheels"  # build.py's RELEASE_WHEELS
VERSION = re.search(r'^__version__ = "([^"]+)"$', (ROOT / "py" / "biocards" / "__init__.py").read_text(), re.M).group(1)


def _inputs_key() -> str:
    """What a release is made of: the built site (its build id), the package, the release's files."""
    digest = hashlib.sha256((ROOT / "dist" / "build.json").read_bytes())
    for path in sorted([*(ROOT / "py" / "biocards").rglob("*.py"), *(ROOT / "release").iterdir(),
                        ROOT / "requirements.txt"]):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@pytest.fixture(scope="session")
def release() -> Path:
    """One release for the whole run, from the dist/ the run built (`build.py release` builds only if
    dist/ is stale); a second pytest worker waits for the first one's instead of building another."""
    RELEASES.mkdir(parents=True, exist_ok=True)
    with open(RELEASES / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = RELEASES / _inputs_key()
        if not (out / "biocards.pyz").is_file():
            for old in RELEASES.iterdir():
                if old.is_dir():
                    shutil.rmtree(old)
            subprocess.run([sys.executable, str(ROOT / "build.py"), "release", "--out", str(out)], check=True,
                           stdout=subprocess.DEVNULL)
    return out


def offline_env(tmp_path: Path, bin_dir: Path | None = None) -> dict:
    """A teacher's laptop as far as a process can tell: no Node on PATH, no network (every proxy
    variable points at a closed port, pip reads no configuration and no index), its own home."""
    path = [str(bin_dir)] if bin_dir else []
    path += [d for d in os.environ["PATH"].split(os.pathsep) if d and not (Path(d) / "node").exists()]
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))}
    dead = "http://127.0.0.1:9"
    env.update({"PATH": os.pathsep.join(path), "HOME": str(tmp_path / "home"),
                "XDG_DATA_HOME": str(tmp_path / "home" / "data"), "XDG_CACHE_HOME": str(tmp_path / "home" / "cache"),
                "http_proxy": dead, "https_proxy": dead, "HTTP_PROXY": dead, "HTTPS_PROXY": dead, "no_proxy": "",
                "PIP_NO_INDEX": "1", "PIP_CONFIG_FILE": os.devnull, "BIOCARDS_QUIET": "1"})
    assert shutil.which("node", path=env["PATH"]) is None
    return env


def bare_python(folder: Path) -> Path:
    """A fresh virtual environment with nothing in it (not even pip: the test's own pip installs)."""
    venv.EnvBuilder(with_pip=False).create(folder)
    return folder / "bin" / "python"


def stop(served: Running) -> None:
    served.process.terminate()
    assert served.process.wait(30) == 0  # SIGTERM is a clean stop


def fetch(url: str, data: dict | None = None) -> dict:
    no_proxy = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    request = urllib.request.Request(url, data=json.dumps(data).encode() if data is not None else None,
                                     headers={"Content-Type": "application/json"})
    with no_proxy.open(request, timeout=30) as answer:
        return json.loads(answer.read())


def play_a_class(served: Running, people) -> None:
    """The teacher creates a class of two through the API; Ana and Ben join in Chromium and one of
    them moves: the release serves the pages, the engine's wheel and the referee."""
    assert fetch(f"{served.url}class-server.json") == {"server": True, "version": VERSION}
    code = fetch(f"{served.url}api/teacher/classes?key={served.key}",
                 {"game": "translation", "size": 2, "level": "greedy"})["code"]
    ana, ben = people(PHONE), people(LAPTOP)
    for page, name in ((ana, "Ana"), (ben, "Ben")):
        join(page, served, code, name)
    for page in (ana, ben):
        wait_ready(page)
    play_any(to_move([ana, ben]))
    ana.wait_for_function(f"Number(document.documentElement.dataset.moves) === {moves_of(ben)}")
    assert moves_of(ana) == moves_of(ben) == 1
    assert f"BioCards {VERSION}" in ana.goto(served.url).text()  # the landing page's footer


def test_the_wheel_installs_offline_without_node_and_serves_a_class(release, tmp_path, people):
    wheel = release / f"biocards-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as packed:  # the version, the command and the site, from one place each
        metadata = packed.read(f"biocards-{VERSION}.dist-info/METADATA").decode()
        assert f"\nVersion: {VERSION}\n" in metadata and "Requires-Dist: platformdirs" in metadata
        assert "biocards=biocards.cli:main" in packed.read(f"biocards-{VERSION}.dist-info/entry_points.txt").decode()
        assert "biocards/site/index.html" in packed.namelist()
    with tarfile.open(release / f"biocards-{VERSION}.tar.gz") as sdist:
        assert {f"biocards-{VERSION}/pyproject.toml", f"biocards-{VERSION}/biocards/site/index.html"} <= set(
            sdist.getnames())
    python = bare_python(tmp_path / "venv")
    env = offline_env(tmp_path, python.parent)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-compile",
                    "--no-index", "--find-links", str(PURE_WHEELS), str(wheel)], env=env, check=True)
    # What it installed: the class server's needs, none of the developer's tools.
    listed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "list", "--format=json"],
                            env=env, check=True, capture_output=True, text=True).stdout
    installed = {entry["name"].lower() for entry in json.loads(listed)}
    assert {"biocards", "aiohttp", "segno", "platformdirs"} <= installed
    assert not installed & {"playwright", "pytest", "jinja2", "hypothesis", "markdown-it-py", "brotli"}
    data = tmp_path / "class-data" / "classes.sqlite3"
    served = class_server.start(None, data, env=env, command=[
        str(tmp_path / "venv" / "bin" / "biocards"), "serve", "--port", "0", "--data", str(data.parent)])
    try:
        play_a_class(served, people)
    finally:
        stop(served)
    assert served.data.is_file()  # --data chose the folder


def test_the_pyz_runs_on_a_bare_python_without_node_and_serves_a_class(release, tmp_path, people):
    python = bare_python(tmp_path / "venv")
    env = offline_env(tmp_path)
    # Without --data the classes are kept in the per-user data folder (platformdirs: XDG on Linux).
    data = Path(env["XDG_DATA_HOME"]) / "biocards" / "classes.sqlite3"
    served = class_server.start(None, data, env=env, command=[
        str(python), str(release / "biocards.pyz"), "serve", "--port", "0"])
    try:
        play_a_class(served, people)
    finally:
        stop(served)
    assert served.data.is_file()
