"""Issue 42, "HTTPS for a school server": `serve --certfile --keyfile` answers over HTTPS (and its
sockets over WSS), with a sentence when the files are missing or do not belong together; behind a
reverse proxy (`--proxy ADDRESS`) the X-Forwarded-For, -Proto and -Host headers are believed from
that address only, and then the names, the origin check and the per-address limits follow them
(docs/deploy.md)."""

from __future__ import annotations

import http.client
import json
import shutil
import ssl
import subprocess
import sys
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from conftest import DIST
from class_server import class_server, in_process, run_apart
from biocards import protocol
from biocards.server import app as app_module
from biocards.server.__main__ import main as serve_main
from biocards.server.options import BadSetting, tls_context

SCHOOL = "biocards.school.example"


@pytest.fixture(autouse=True)
def _built():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py build` first")


def self_signed(folder: Path, name: str = "server") -> tuple[Path, Path]:
    """A certificate for 127.0.0.1 and its key, made by the openssl command (the venv has no
    `cryptography`, and the project adds no dependency for a test)."""
    if shutil.which("openssl") is None:
        pytest.skip("no openssl command to make a self-signed certificate with")
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True, timeout=60)
    return cert, key


def test_serve_with_a_certificate_answers_over_https_and_its_teacher_socket_over_wss(tmp_path):
    cert, key = self_signed(tmp_path)
    trusted = ssl.create_default_context(cafile=str(cert))
    command = [sys.executable, "-m", "biocards.server", "--dist", str(DIST), "--data", str(tmp_path / "c.sqlite3"),
               "--port", "0", "--workers", "1", "--certfile", str(cert), "--keyfile", str(key)]
    with class_server(DIST, tmp_path / "c.sqlite3", command=command) as running:
        assert running.url.startswith("https://127.0.0.1:")
        with urllib.request.urlopen(running.url + "class-server.json", context=trusted) as answer:
            assert json.load(answer)["server"] is True
        with urllib.request.urlopen(running.teacher_url, context=trusted) as answer:
            assert answer.status == 200

        async def socket():
            async with aiohttp.ClientSession() as session:
                async with session.ws_connect(running.url.replace("https", "wss") + "ws/teacher", ssl=trusted) as ws:
                    await ws.send_json(protocol.teacher_hello(running.key))
                    return json.loads((await ws.receive(timeout=20)).data)
        state = run_apart(socket())
        assert state["type"] == "state" and state["join"].startswith("https://")
        # Plain HTTP to the HTTPS port is not answered as a page.
        with pytest.raises((OSError, http.client.HTTPException)):
            urllib.request.urlopen(running.url.replace("https", "http") + "class-server.json", timeout=20)


def test_certificate_files_missing_or_not_a_pair_are_refused_with_a_sentence(tmp_path, capsys):
    cert, _key = self_signed(tmp_path, "one")
    _other_cert, other_key = self_signed(tmp_path, "two")
    with pytest.raises(BadSetting, match="not the private key of the certificate"):
        tls_context(cert, other_key)
    with pytest.raises(BadSetting, match="there is no file at"):
        tls_context(tmp_path / "none.pem", other_key)
    with pytest.raises(BadSetting, match="both files"):
        tls_context(cert, None)
    with pytest.raises(BadSetting, match="not a PEM certificate"):
        tls_context(other_key, other_key)
    # The server says so and starts nothing (before the class file or the computers).
    assert serve_main(["--dist", str(DIST), "--data", str(tmp_path / "c.sqlite3"), "--certfile", str(cert),
                       "--keyfile", str(other_key)]) == 2
    assert serve_main(["--dist", str(DIST), "--data", str(tmp_path / "c.sqlite3"), "--proxy", "not-an-address"]) == 2
    err = capsys.readouterr().err
    assert "not the private key" in err and "--proxy takes" in err
    assert not (tmp_path / "c.sqlite3").exists()


FORWARDED = {"X-Forwarded-For": "192.0.2.66, 203.0.113.9", "X-Forwarded-Proto": "https",
             "X-Forwarded-Host": SCHOOL}


async def wrong_codes(client, forwarded_for: str, times: int) -> list[dict]:
    return [await (await client.post("/api/join", json={"code": "QQQQQ", "name": "Ana"},
                                     headers={**FORWARDED, "X-Forwarded-For": forwarded_for})).json()
            for _ in range(times)]


def test_forwarded_headers_are_believed_from_the_proxy_named_and_no_one_else(tmp_path):
    async def body(proxy: str):
        async with in_process(DIST, tmp_path / f"{proxy}.sqlite3", names=[SCHOOL], proxies=[proxy]) as (server, client):
            teacher = {"X-Teacher-Key": server.key, **FORWARDED}
            state = await (await client.get("/api/teacher", headers=teacher)).json()
            created = await client.post("/api/teacher/classes", headers={**teacher, "Origin": f"https://{SCHOOL}"},
                                        json={"game": "translation", "size": 2})
            # Ten wrong codes a minute per address: the student behind the proxy (the last address
            # the proxy added, whatever the client wrote before it), not the proxy itself.
            spoofed = [f"10.0.0.{n}, 203.0.113.9" for n in range(app_module.JOIN_FAILURES)]
            for forwarded_for in spoofed:
                await wrong_codes(client, forwarded_for, 1)
            [from_the_same] = await wrong_codes(client, "203.0.113.9", 1)
            [from_another] = await wrong_codes(client, "203.0.113.10", 1)
            return state["join"], created.status, from_the_same["error"], from_another["error"]

    join, created, same, other = run_apart(body("127.0.0.1"))
    assert join == f"https://{SCHOOL}/join/"  # the address students are shown is the proxy's public one
    assert created == 200  # the origin check follows the forwarded name and scheme
    assert "Too many wrong codes" in same and "No class has that code" in other

    join, created, same, other = run_apart(body("192.0.2.1"))  # a proxy elsewhere: this client is no proxy
    assert join.startswith("http://127.0.0.1:")
    assert created == 403  # its forwarded name is not believed, so its Origin is another site's
    assert "Too many wrong codes" in same and "Too many wrong codes" in other  # every try counted to 127.0.0.1
