"""The class server as its tests and the bench run it: its own process, a free port on 127.0.0.1,
its own SQLite file, started and (for the restart tests) killed like the real thing."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import re
import signal
import subprocess
import sys
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Running:
    url: str
    """``http://127.0.0.1:PORT/`` (``https://`` when started with a certificate)"""
    key: str
    """The teacher's key, from the line the server printed."""
    process: subprocess.Popen
    data: Path

    @property
    def teacher_url(self) -> str:
        return f"{self.url}teacher/?key={self.key}"

    def kill(self) -> None:
        """SIGKILL: no clean-up, as a laptop's crash or a pulled plug would leave it."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


def start(dist: Path, data: Path, port: int = 0, workers: int | None = None, bench_address: str | None = None,
          command: list[str] | None = None, env: dict | None = None) -> Running:
    """The class server as `build.py serve` runs it (``workers``: its computer players' processes,
    one per core unless given; ``bench_address``: the one address given a whole school's limits,
    for the load bench, whose simulated students all come from it), or as ``command`` in ``env``
    runs it (a release's `biocards serve`)."""
    env = env or {**os.environ, "PYTHONPATH": str(ROOT / "py"), "BIOCARDS_QUIET": "1"}
    process = subprocess.Popen(
        command or [sys.executable, "-m", "biocards.server", "--dist", str(dist), "--data", str(data),
                    "--port", str(port), *(["--workers", str(workers)] if workers else []),
                    *(["--bench-address", bench_address] if bench_address else [])],
        stdout=subprocess.PIPE, stderr=None, text=True, env=env)
    url = key = None
    for line in process.stdout:
        if found := re.match(r"BioCards is at (https?://\S+/)", line):
            url = found.group(1)
        elif found := re.match(r"Teacher page: \S+\?key=(\S+)", line):
            key = found.group(1)
            break
    if url is None or key is None:
        process.kill()
        raise RuntimeError("the class server did not start")
    return Running(url, key, process, data)


@contextmanager
def class_server(dist: Path, data: Path, **kwargs):
    running = start(dist, data, **kwargs)
    try:
        yield running
    finally:
        stop(running)


def run_apart(coroutine):
    """``asyncio.run`` in a thread of its own: in a test process where Playwright's browser is open,
    its sync API keeps an event loop running in the main thread, and asyncio.run refuses to start
    another there."""
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def stop(running: Running) -> None:
    if running.process.poll() is None:
        running.process.terminate()
        try:
            running.process.wait(10)
        except subprocess.TimeoutExpired:
            running.process.kill()


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` still runs: not gone, and (where /proc tells) not a zombie that has
    exited and waits to be reaped, as a killed server's orphaned worker may for a moment."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return not Path("/proc/self/stat").exists()  # no /proc here: the signal's answer stands


@asynccontextmanager
async def in_process(dist: Path, data: Path, **kwargs):
    """A class server in this test's own process on 127.0.0.1 (aiohttp's test server), with one
    workers' process for its computers, and a client for it: ``(server, client)``."""
    from aiohttp.test_utils import TestClient, TestServer

    from biocards.server.app import ClassServer

    server = ClassServer(dist, data, workers=1, **kwargs)
    async with TestServer(server.app(), host="127.0.0.1") as test_server:
        async with TestClient(test_server) as client:
            yield server, client
