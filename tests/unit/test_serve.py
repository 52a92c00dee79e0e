"""The server behind ``python3 build.py serve`` (and every browser test): whole files, a quiet terminal."""

from __future__ import annotations

import hashlib
import os
import socket
import struct
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

BIG = 12 * 2**20  # bigger than what a socket buffers, as Pyodide's wasm is


@pytest.fixture
def served(tmp_path, monkeypatch):
    monkeypatch.setenv("BIOCARDS_QUIET", "1")
    (tmp_path / "runtime.wasm").write_bytes(os.urandom(BIG))
    server = build.make_server(0, tmp_path)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield tmp_path, server.server_address[1]
    server.shutdown()
    server.server_close()


def test_a_big_file_arrives_whole_with_its_type(served):
    folder, port = served
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/runtime.wasm") as response:
        body = response.read()
        assert response.headers["Content-Type"] == "application/wasm"
    assert hashlib.sha256(body).digest() == hashlib.sha256((folder / "runtime.wasm").read_bytes()).digest()


def test_a_browser_hanging_up_mid_file_leaves_no_traceback_in_the_terminal(served, capfd):
    _, port = served
    client = socket.create_connection(("127.0.0.1", port))
    client.sendall(b"GET /runtime.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert client.recv(4096).startswith(b"HTTP/1.0 200")
    # Closed with unread bytes and no lingering: the server's next write meets a reset connection.
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.close()
    deadline = time.monotonic() + 10
    while any(t.name.endswith("(process_request_thread)") for t in threading.enumerate()):
        assert time.monotonic() < deadline, "the server is still sending to a closed connection"
        time.sleep(0.05)
    assert "Traceback" not in capfd.readouterr().err
