"""The class bench (tests/class_load.py) against the release a teacher installs, on 127.0.0.1:

    python tests/release_bench.py [--release dist-release] [--students 200] [--seconds 30]

- ``wheel``: the wheel in a fresh virtual environment with the dependencies' wheels for this
  Python (compiled speed-ups: what pipx or pip installs from PyPI), at requirements.txt's pins;
- ``pyz``: biocards.pyz run by a bare Python (pure-Python aiohttp, yarl, multidict…).

Prints one JSON object: each one's class figures (class_load.measure) and the files' sizes.
Needs the network once, for the compiled wheels (pip's cache keeps them).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
import class_load  # noqa: E402
import class_server  # noqa: E402

SERVER_START = class_server.start


def starting(command: list[str], env: dict):
    """class_server.start for class_load.measure, running the release's `biocards serve` instead."""
    def start(_dist: Path, data: Path, port: int = 0, workers: int | None = None,
              bench_address: str | None = None) -> class_server.Running:
        return SERVER_START(None, data, env=env, command=[
            *command, "serve", "--port", str(port), "--data", str(data.parent),
            *(["--workers", str(workers)] if workers else []),
            *(["--bench-address", bench_address] if bench_address else [])])
    return start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--release", type=Path, default=build.RELEASE)
    parser.add_argument("--students", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    wheel = args.release / f"biocards-{build.version()}-py3-none-any.whl"
    pyz = args.release / "biocards.pyz"
    figures = {"wheel_mb": round(wheel.stat().st_size / 1e6, 1), "pyz_mb": round(pyz.stat().st_size / 1e6, 1)}
    with tempfile.TemporaryDirectory(prefix="release-bench-") as folder:
        folder = Path(folder)
        env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
        env.update({"BIOCARDS_QUIET": "1", "XDG_CACHE_HOME": str(folder / "cache")})
        venv.EnvBuilder(with_pip=False).create(folder / "wheel")
        python = folder / "wheel" / "bin" / "python"
        pins = folder / "requirements.txt"
        pins.write_text("\n".join(build.pinned(build.RUNTIME).values()) + "\n")
        pip = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps"]
        subprocess.run([*pip, "--require-hashes", "-r", str(pins)], check=True, stdout=sys.stderr)
        subprocess.run([*pip, str(wheel)], check=True, stdout=sys.stderr)
        venv.EnvBuilder(with_pip=False).create(folder / "bare")
        for name, command in (("wheel", [str(folder / "wheel" / "bin" / "biocards")]),
                              ("pyz", [str(folder / "bare" / "bin" / "python"), str(pyz)])):
            class_server.start = starting(command, env)  # class_load.measure starts its server through this
            figures[name] = class_load.measure(build.DIST, args.students, args.seconds, clients=2)
    print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
