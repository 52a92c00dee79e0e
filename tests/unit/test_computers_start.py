"""Issue 40, finding 3, on every system: the computers' worker processes start whatever way Python
starts processes by default, and end when the server does.

Python 3.14 starts processes through a fork server by default on Linux, and Windows and macOS
spawn them. A worker that followed the server by ``os.getppid()`` exited at once under a fork
server (its parent is the fork server), which left the server unable to start; on Windows
``os.getppid()`` never changes when the parent goes. Each test runs its server stand-in as a
process of its own, so the start method it chooses is its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from class_server import process_alive

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "py")}

A_SERVER_WHOSE_PYTHON_DEFAULTS_TO = """
import asyncio, multiprocessing, sys
multiprocessing.set_start_method(sys.argv[1])
from biocards import games
from biocards.server.computers import Computers

game = games.get("translation")
record = game.new_state(2, 7).to_record()
computers = Computers(1)
try:
    move = asyncio.run(computers.choose(1, record, "greedy", 7))
    print(move["kind"])
finally:
    computers.close()
"""


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_the_computers_play_whatever_way_python_starts_processes(method):
    """The forkserver case is Python 3.14's default on Linux: every worker had exited at once
    (BrokenProcessPool) and the server could not start."""
    done = subprocess.run([sys.executable, "-c", A_SERVER_WHOSE_PYTHON_DEFAULTS_TO, method], env=ENV,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), "no move came back"


A_PARENT_OF_WATCHING_WORKERS = """
import multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from biocards.server.computers import _watch_parent

if __name__ == "__main__":
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(sys.argv[1]), initializer=_watch_parent)
    print(pool.submit(os.getpid).result(), flush=True)
    time.sleep(120)  # until the test kills this process
"""


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_a_worker_ends_when_its_parent_is_killed_without_the_linux_only_signal(method, tmp_path):
    """The watch every system has (Windows and macOS rely on it, Linux has the kernel's signal on top):
    the parent is killed with SIGKILL, as the OOM killer does, and its worker ends by itself."""
    script = tmp_path / "parent.py"
    script.write_text(A_PARENT_OF_WATCHING_WORKERS)
    parent = subprocess.Popen([sys.executable, str(script), method], env=ENV, stdout=subprocess.PIPE, text=True)
    try:
        worker = int(parent.stdout.readline())
        assert process_alive(worker)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 20
        while process_alive(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not process_alive(worker), f"the {method} worker outlived its parent"
    finally:
        parent.kill()
