"""The class server as a file server (what `python3 build.py serve` runs for dist/): HTTP/1.1 with
keep-alive, a file's brotli or gzip sibling when the browser takes it, a year's caching for files
named by their hash and none for pages, and nothing outside dist/."""

from __future__ import annotations

import gzip
import hashlib
import http.client
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from class_server import start, stop  # noqa: E402

BIG = 12 * 2**20  # bigger than what a socket buffers, as Pyodide's wasm is


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    (site / "index.html").write_text("<!doctype html><title>home</title>")
    (site / "wheels" / "0123456789abcdef").mkdir(parents=True)
    (site / "wheels" / "0123456789abcdef" / "biocards.whl").write_bytes(b"wheel")
    (site / "runtime.wasm").write_bytes(os.urandom(BIG))
    script = b"console.log('the same line again');\n" * 500
    (site / "app.js").write_bytes(script)
    (site / "app.js.gz").write_bytes(gzip.compress(script))
    (site / "app.js.br").write_bytes(b"brotli bytes stand-in")
    running = start(site, tmp_path_factory.mktemp("data") / "classes.sqlite3")
    yield site, running
    stop(running)


def get(running, path, **headers):
    host, port = running.url[len("http://"):].strip("/").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30)
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    return response, response.read(), connection


def test_a_big_file_arrives_whole_with_its_type(served):
    site, running = served
    response, body, _ = get(running, "/runtime.wasm")
    assert response.status == 200 and response.getheader("Content-Type") == "application/wasm"
    assert hashlib.sha256(body).digest() == hashlib.sha256((site / "runtime.wasm").read_bytes()).digest()


def test_http_1_1_keeps_the_connection_for_the_next_file(served):
    _, running = served
    response, _, connection = get(running, "/index.html")
    assert response.version == 11
    connection.request("GET", "/app.js")
    again = connection.getresponse()
    assert again.status == 200 and again.read()


def test_a_compressed_sibling_is_sent_to_a_browser_that_takes_it(served):
    site, running = served
    response, body, _ = get(running, "/app.js", **{"Accept-Encoding": "gzip, deflate, br"})
    assert response.getheader("Content-Encoding") == "br" and body == (site / "app.js.br").read_bytes()
    response, body, _ = get(running, "/app.js", **{"Accept-Encoding": "gzip"})
    assert response.getheader("Content-Encoding") == "gzip" and gzip.decompress(body) == (site / "app.js").read_bytes()
    response, body, _ = get(running, "/app.js", **{"Accept-Encoding": "identity"})
    assert response.getheader("Content-Encoding") is None and body == (site / "app.js").read_bytes()
    assert response.getheader("Content-Type") == "text/javascript"


def test_hashed_files_are_kept_a_year_and_pages_are_asked_for_each_time(served):
    _, running = served
    response, _, _ = get(running, "/wheels/0123456789abcdef/biocards.whl")
    assert response.getheader("Cache-Control") == "public, max-age=31536000, immutable"
    for page in ("/", "/index.html", "/app.js"):
        response, _, _ = get(running, page)
        assert response.getheader("Cache-Control") == "no-cache", page


def test_nothing_outside_the_site_is_served(served):
    _, running = served
    for path in ("/../conftest.py", "/%2e%2e/conftest.py", "/app.js.gz/x"):
        response, _, _ = get(running, path)
        assert response.status == 404, path


def test_a_browser_hanging_up_mid_file_leaves_the_server_serving(served):
    import socket
    import struct

    _, running = served
    host, port = running.url[len("http://"):].strip("/").split(":")
    client = socket.create_connection((host, int(port)))
    client.sendall(b"GET /runtime.wasm HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert client.recv(4096).startswith(b"HTTP/1.1 200")
    client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    client.close()
    response, _, _ = get(running, "/index.html")
    assert response.status == 200 and running.process.poll() is None
