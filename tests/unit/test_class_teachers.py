"""Issue 42, "Teachers on a school server": one class server for a school's teachers. Each teacher's
link has a key of its own (kept only hashed); each teacher sees and runs only their own classes,
tables, reports and projectors; the link the server prints at its start is the administrator's,
who sees every class and adds and removes teachers; a removed teacher's link stops at once, also
when `biocards teachers remove` runs in another process; a class file from before opens with its
classes the administrator's. The server runs in this process on aiohttp's test server (127.0.0.1)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from class_server import class_server, in_process, run_apart
from spanish import english_sentences
from biocards import cli, i18n, protocol
from biocards.server import teachers as teachers_module
from biocards.server.store import Store

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))


@pytest.fixture(autouse=True)
def _built():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py build` first")


def run(body):
    return run_apart(body())


def running(data: Path):
    return in_process(DIST, data)


def build_id() -> str:
    return next(p.name for p in sorted((DIST / "wheels").iterdir()) if p.is_dir())


async def post(client, key, path, body=None):
    answer = await client.post(f"/api/teacher/{path}", params={"key": key}, json=body or {})
    return answer.status, (await answer.json() if answer.content_type == "application/json" else await answer.text())


async def state(client, key):
    answer = await client.get("/api/teacher", params={"key": key})
    assert answer.status == 200, await answer.text()
    return await answer.json()


async def add_teacher(client, server, name):
    status, reply = await post(client, server.key, "teachers", {"name": name})
    assert status == 200 and "key" in reply, reply
    return reply


async def started_class(client, key) -> tuple[str, dict]:
    """A class of two per table whose first table Ana and Ben filled: its code and that table."""
    status, reply = await post(client, key, "classes", {"game": "translation", "size": 2, "level": "greedy"})
    assert status == 200, reply
    code = reply["code"]
    for name in ("Ana", "Ben"):
        joined = await client.post("/api/join", json={"code": code, "name": name})
        assert "token" in await joined.json()
    mine = next(c for c in (await state(client, key))["classes"] if c["code"] == code)
    return code, mine["tables"][0]


async def watch(client, given):
    return await client.ws_connect("/ws/watch", params={"pass": given, "build": build_id()})


async def closed(ws) -> bool:
    """Whether the server closes the projector's socket (frames before the close are read past)."""
    async def until_closed():
        async for _frame in ws:
            pass
    await asyncio.wait_for(until_closed(), 20)  # a bound for a hung test, not a timed assertion
    return ws.closed


def test_two_teachers_see_and_run_only_their_own_classes_and_the_administrator_sees_both(tmp_path):
    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            rivera, okafor = (await add_teacher(client, server, "Ms Rivera"))["key"], \
                (await add_teacher(client, server, "Mr Okafor"))["key"]
            code_r, table_r = await started_class(client, rivera)
            code_o, table_o = await started_class(client, okafor)
            seen_r, seen_o = await state(client, rivera), await state(client, okafor)
            assert [c["code"] for c in seen_r["classes"]] == [code_r]
            assert [c["code"] for c in seen_o["classes"]] == [code_o]
            assert seen_r["teacher"]["name"] == "Ms Rivera" and not seen_r["teacher"]["admin"]
            assert "teachers" not in seen_r["teacher"]  # only the administrator is told who else teaches here
            everything = await state(client, server.key)
            assert {c["code"]: c["teacher"] for c in everything["classes"]} == {code_r: "Ms Rivera",
                                                                                code_o: "Mr Okafor"}
            assert {t["name"] for t in everything["teacher"]["teachers"]} == {"Ms Rivera", "Mr Okafor"}
            assert {c["whose"] for c in everything["classes"]} == {"Ms Rivera's class", "Mr Okafor's class"}

            # Mr Okafor with Ms Rivera's code and table: answered as a class and table that do not exist.
            made_up = "ZZZZZZ" if code_r != "ZZZZZZ" else "YYYYYY"
            for what in ("suggest", "end", "delete"):
                assert await post(client, okafor, f"classes/{code_r}/{what}") == \
                    await post(client, okafor, f"classes/{made_up}/{what}")
            for what in ("pause", "end"):
                status, _text = await post(client, okafor, f"tables/{table_r['id']}/{what}")
                assert status == 404
            for path in (f"classes/{code_r}/report", f"classes/{code_r}/report.csv"):
                theirs = await client.get(f"/api/teacher/{path}", params={"key": okafor})
                nobodys = await client.get(f"/api/teacher/{path.replace(code_r, made_up)}", params={"key": okafor})
                assert (theirs.status, await theirs.text()) == (nobodys.status, await nobodys.text())
                assert "Ana" not in await theirs.text()
            qr = await client.get("/api/teacher/qr.svg", params={"key": okafor, "code": code_r})
            plain = await client.get("/api/teacher/qr.svg", params={"key": okafor})
            assert await qr.read() == await plain.read()  # the QR code does not carry her class's code
            # Her class runs on, untouched.
            still = (await state(client, rivera))["classes"][0]
            assert not still["ended"] and not still["tables"][0]["paused"]
            # Each projector pass opens its own teacher's table; neither page is handed the other's.
            assert table_r["watch"] != table_o["watch"]
            assert table_r["watch"] not in str(seen_o) and table_o["watch"] not in str(seen_r)
            ws = await watch(client, table_r["watch"])
            assert (await ws.receive_json())["table"] == table_r["number"]
            await ws.close()
            # The administrator runs either teacher's class.
            assert (await post(client, server.key, f"tables/{table_o['id']}/pause"))[0] == 200
            report = await client.get(f"/api/teacher/classes/{code_r}/report", params={"key": server.key})
            assert "Ana" in await report.text()
            # A teacher adds and removes no one.
            assert (await post(client, rivera, "teachers", {"name": "Mr Stone"}))[0] == 403
            assert (await post(client, rivera, "teachers/2/remove"))[0] == 403
    run(body)


async def watched(client, server) -> tuple[dict, str, dict, aiohttp.ClientWebSocketResponse]:
    """Ms Rivera, a class of hers with a started table, and that table on her projector."""
    rivera = await add_teacher(client, server, "Ms Rivera")
    code, table = await started_class(client, rivera["key"])
    projector = await watch(client, table["watch"])
    await projector.receive_json()
    return rivera, code, table, projector


def test_a_removed_teachers_link_and_projectors_stop_at_once_and_their_classes_stay_with_the_administrator(tmp_path):
    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            rivera, code, table, projector = await watched(client, server)
            admins_pass = (await state(client, server.key))["classes"][0]["tables"][0]["watch"]
            assert (await post(client, server.key, f"teachers/{rivera['id']}/remove"))[0] == 200
            refused = await client.get("/api/teacher", params={"key": rivera["key"]})
            assert refused.status == 403 and "ask its administrator" in await refused.text()
            assert (await client.get("/teacher/", params={"key": rivera["key"]})).status == 403
            assert (await post(client, rivera["key"], "classes", {"game": "translation", "size": 2}))[0] == 403
            assert await closed(projector)
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await watch(client, table["watch"])
            # The class, its students and the administrator's projector are as they were.
            classes = (await state(client, server.key))["classes"]
            assert [(c["code"], c["teacher"]) for c in classes] == [(code, None)]
            ws = await watch(client, admins_pass)
            assert (await ws.receive_json())["table"] == table["number"]
            await ws.close()
    run(body)


def test_a_teacher_removed_by_the_command_line_while_the_server_runs_is_refused_from_the_next_request(
        tmp_path, capsys):
    """`biocards teachers remove` is another process writing the class file: the server reads a
    teacher's row on every request, and closes their projectors when its watch of the file sees it."""
    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            rivera, _code, table, projector = await watched(client, server)
            assert cli.main(["teachers", "remove", "Ms Rivera", "--data", str(tmp_path)]) == 0
            assert (await client.get("/api/teacher", params={"key": rivera["key"]})).status == 403
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await watch(client, table["watch"])
            assert await closed(projector)
            assert (await state(client, server.key))["classes"][0]["teacher"] is None
    run(body)
    assert "Ms Rivera is removed" in capsys.readouterr().out


def test_a_teacher_changes_their_own_key_and_no_one_elses(tmp_path):
    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            admin = server.key
            rivera, okafor = (await add_teacher(client, server, "Ms Rivera"))["key"], \
                (await add_teacher(client, server, "Mr Okafor"))["key"]
            _code, table = await started_class(client, rivera)
            status, reply = await post(client, rivera, "key")
            assert status == 200 and reply["key"] != rivera and reply["key"].startswith(rivera.split(".")[0] + ".")
            assert (await client.get("/api/teacher", params={"key": rivera})).status == 403
            assert (await state(client, reply["key"]))["teacher"]["name"] == "Ms Rivera"
            assert len((await state(client, reply["key"]))["classes"]) == 1  # her classes stay hers
            assert (await state(client, okafor))["teacher"]["name"] == "Mr Okafor"
            assert server.key == admin and (await state(client, admin))["teacher"]["admin"]
            with pytest.raises(aiohttp.WSServerHandshakeError):  # her old projector pass stops too
                await watch(client, table["watch"])
    run(body)


def test_teachers_keys_are_kept_only_hashed_with_a_salt_each(tmp_path):
    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            keys = [(await add_teacher(client, server, name))["key"] for name in ("Ms Rivera", "Mr Okafor")]
            server.store.db.execute("PRAGMA wal_checkpoint(FULL)")
            return keys
    keys = run(body)
    written = b"".join(p.read_bytes() for p in tmp_path.glob("classes.sqlite3*"))
    for key in keys:
        assert key.split(".", 1)[1].encode() not in written
    with contextlib.closing(sqlite3.connect(tmp_path / "classes.sqlite3")) as db:
        salts = [row[0] for row in db.execute("SELECT salt FROM teachers")]
    assert len(set(salts)) == 2 and all(len(s) == 16 for s in salts)


def test_guessing_a_teachers_key_is_hashed_a_bounded_number_of_times(tmp_path, monkeypatch):
    """Each wrong key naming a real teacher costs a scrypt hash: an address gets HASHES_PER_MINUTE
    wrong ones a minute, and a page polling with an old key is hashed once, not every 2 s."""
    hashed = []
    real = teachers_module.key_matches
    monkeypatch.setattr(teachers_module, "key_matches", lambda *a: hashed.append(1) or real(*a))
    monkeypatch.setattr(teachers_module, "HASHES_PER_MINUTE", 6)  # a school's 30, fewer here: each takes 0.1 s

    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            rivera = await add_teacher(client, server, "Ms Rivera")
            for _poll in range(5):
                assert (await client.get("/api/teacher", params={"key": rivera["key"]})).status == 200
            assert len(hashed) == 1  # her page's polls after the first are a lookup
            old = f"{rivera['id']}.an-old-or-guessed-key"
            for _poll in range(5):
                assert (await client.get("/api/teacher", params={"key": old})).status == 403
            assert len(hashed) == 2
            for guess in range(2 * teachers_module.HASHES_PER_MINUTE):
                assert (await client.get("/api/teacher", params={"key": f"{rivera['id']}.guess{guess}"})).status == 403
            assert len(hashed) == 1 + teachers_module.HASHES_PER_MINUTE  # her key, then the minute's wrong ones
            assert (await client.get("/api/teacher", params={"key": rivera["key"]})).status == 200  # known: no hash
            for made_up in ("999.whatever", "x.y", "", server.key + "x"):  # no such teacher: nothing hashed
                assert (await client.get("/api/teacher", params={"key": made_up})).status == 403
            assert len(hashed) == 1 + teachers_module.HASHES_PER_MINUTE
            # Okafor, new (so not yet remembered), is refused from this address for this minute only.
            okafor = await add_teacher(client, server, "Mr Okafor")
            assert (await client.get("/api/teacher", params={"key": okafor["key"]})).status == 403
            assert len(hashed) == 1 + teachers_module.HASHES_PER_MINUTE
    run(body)


def test_wrong_keys_sent_all_at_once_are_hashed_no_more_than_one_minutes_worth(tmp_path, monkeypatch):
    hashed = []
    real = teachers_module.key_matches
    monkeypatch.setattr(teachers_module, "key_matches", lambda *a: hashed.append(1) or real(*a))
    monkeypatch.setattr(teachers_module, "HASHES_PER_MINUTE", 4)

    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            rivera = await add_teacher(client, server, "Ms Rivera")
            answers = await asyncio.gather(*(client.get("/api/teacher", params={"key": f"{rivera['id']}.guess{n}"})
                                             for n in range(20)))
            assert {a.status for a in answers} == {403}
            assert len(hashed) == 4
    run(body)


def test_teachers_names_are_one_short_line_kept_as_text(tmp_path):
    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            marked = '<img src=x onerror="alert(1)"> =HYPERLINK("x")'
            reply = await add_teacher(client, server, f"  {marked} ")
            assert reply["name"] == marked  # kept as text: the page shows it with textContent
            assert (await state(client, reply["key"]))["teacher"]["name"] == marked
            for wrong in ("x" * 10_000, "", "   ", "Ms\nRivera", "Ms \x1b[31mRivera", "Ms \u202eareviR", 42, None):
                status, refused = await post(client, server.key, "teachers", {"name": wrong})
                assert status == 200 and "error" in refused, wrong
            await add_teacher(client, server, "Ms Rivera")
            status, refused = await post(client, server.key, "teachers", {"name": "ms   RIVERA"})
            assert "already" in refused["error"]
            assert [t["name"] for t in (await state(client, server.key))["teacher"]["teachers"]] == \
                [marked, "Ms Rivera"]
    run(body)


def test_a_class_file_from_before_teachers_opens_with_its_classes_the_administrators(tmp_path):
    data = tmp_path / "classes.sqlite3"
    with contextlib.closing(sqlite3.connect(data)) as db:  # the schema before issue 42: no owner, no teachers
        db.executescript("""
            CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE classes (code TEXT PRIMARY KEY, game TEXT NOT NULL, size INTEGER NOT NULL,
                level TEXT NOT NULL, suggest INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, ended REAL,
                options TEXT NOT NULL DEFAULT '{}');
            INSERT INTO settings VALUES ('teacher_key', 'the-old-key');
            INSERT INTO classes (code, game, size, level, created) VALUES ('OLD123', 'translation', 2, 'greedy', 1);
        """)

    async def body():
        async with running(data) as (server, client):
            assert server.key == "the-old-key"  # the old link is the administrator's now
            assert [c["code"] for c in (await state(client, server.key))["classes"]] == ["OLD123"]
            rivera = await add_teacher(client, server, "Ms Rivera")
            assert (await state(client, rivera["key"]))["classes"] == []
            status, reply = await post(client, rivera["key"], "classes/OLD123/delete")
            assert "error" in reply
            assert [c["code"] for c in (await state(client, server.key))["classes"]] == ["OLD123"]
    run(body)


def test_the_teachers_command_adds_lists_gives_new_links_and_removes(tmp_path, capsys):
    def biocards(*args) -> tuple[int, str, str]:
        code = cli.main(["teachers", *args, "--data", str(tmp_path), "--host", "127.0.0.1", "--port", "8123"])
        out = capsys.readouterr()
        return code, out.out, out.err

    code, out, _ = biocards("add", "Ms Rivera")
    assert code == 0 and "http://127.0.0.1:8123/teacher/?key=" in out
    first = out.split("?key=")[1].strip()
    assert biocards("add", "ms rivera")[0] == 1  # a name taken, in any case
    assert biocards("add", "x" * 10_000)[0] == 2
    assert biocards("add", "Mr \x1b]0;pwned\x07Okafor")[0] == 2  # no terminal escape codes in a name
    assert biocards("add", "Mr Okafor")[0] == 0
    code, out, _ = biocards("list")
    assert out.split("\n")[:2] == ["Mr Okafor", "Ms Rivera"]
    code, out, _ = biocards("key", "Ms Rivera")
    second = out.split("?key=")[1].strip()
    assert code == 0 and second != first
    store = Store(tmp_path / "classes.sqlite3")
    try:
        assert store.teacher_named("Ms Rivera") is not None
    finally:
        store.close()
    assert biocards("remove", "Ms Rivera")[0] == 0
    assert biocards("remove", "Ms Rivera")[0] == 1
    assert biocards("list")[1].strip() == "Mr Okafor"
    assert biocards("add")[0] == 2  # no name
    code = cli.main(["teachers", "add", "Ms Stone", "--data", str(tmp_path), "--host", "biocards.school.example",
                     "--port", "443", "--https"])
    assert code == 0 and "https://biocards.school.example/teacher/?key=" in capsys.readouterr().out  # docs/deploy.md



@pytest.mark.skipif("es" not in i18n.languages(), reason="the Spanish catalogs are not compiled: run `python3 build.py i18n`")
def test_the_administrators_words_about_teachers_are_in_the_pages_language(tmp_path):
    async def body():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            added = await client.post("/api/teacher/teachers", params={"key": server.key, "lang": "es"},
                                      json={"name": "Ms Rivera"})
            added = await added.json()
            await post(client, added["key"], "classes", {"game": "translation", "size": 2})
            seen = await (await client.get("/api/teacher", params={"key": server.key, "lang": "es"})).json()
            hers = await (await client.get("/api/teacher", params={"key": added["key"], "lang": "es"})).json()
            refused = await (await client.post("/api/teacher/teachers", params={"key": server.key, "lang": "es"},
                                               json={"name": "x" * 61})).json()
            texts = [added["says"], seen["teacher"]["says"], hers["teacher"]["says"], refused["error"],
                     *seen["teacher"]["words"].values(), seen["teacher"]["teachers"][0]["confirm"],
                     *(c["whose"] for c in seen["classes"])]
            assert "Ms Rivera" in added["says"] and "Ms Rivera" in hers["teacher"]["says"]
            assert english_sentences([t.replace("Ms Rivera", "") for t in texts]) == []
    run(body)


async def seated(client, tokens):
    """Each student's page said hello: its socket and first position."""
    sockets = [await client.ws_connect("/ws/play") for _ in tokens]
    for ws, token in zip(sockets, tokens):
        await ws.send_str(protocol.encode(protocol.hello(token, build_id(), None)))
    return sockets, [await position(ws) for ws in sockets]


async def position(ws) -> dict:
    while True:
        frame = protocol.decode((await asyncio.wait_for(ws.receive(), 20)).data)
        if frame["type"] == "position":
            return frame


async def play(sockets, frames, moves):
    for _ in range(moves):
        mover = next(i for i, f in enumerate(frames) if f["legal"])
        await sockets[mover].send_str(protocol.encode(
            {"type": "move", "action": frames[mover]["legal"][0]["action"], "at": frames[mover]["moves"]}))
        frames = [await position(ws) for ws in sockets]
    return frames


def test_a_backup_taken_while_the_server_runs_restores_to_a_server_that_resumes_every_table(tmp_path, capsys):
    """`biocards backup FILE` (SQLite's online backup) while students play: a server started on the
    copy has every table at the move it had when the copy was taken, and each teacher's own link."""
    copy = tmp_path / "restored" / "classes.sqlite3"
    copy.parent.mkdir()

    async def before():
        async with running(tmp_path / "classes.sqlite3") as (server, client):
            rivera = await add_teacher(client, server, "Ms Rivera")
            status, reply = await post(client, rivera["key"], "classes", {"game": "translation", "size": 2})
            tokens = [(await (await client.post("/api/join", json={"code": reply["code"], "name": name})).json())["token"]
                      for name in ("Ana", "Ben")]
            sockets, frames = await seated(client, tokens)
            frames = await play(sockets, frames, 4)
            assert cli.main(["backup", str(copy), "--data", str(tmp_path)]) == 0
            await play(sockets, frames, 1)  # after the copy: not in it
            for ws in sockets:
                await ws.close()
            return rivera, reply["code"], tokens, [(f["moves"], f["view"]) for f in frames]

    async def after(rivera, code, tokens):
        async with running(copy) as (server, client):
            assert [c["code"] for c in (await state(client, rivera["key"]))["classes"]] == [code]
            _sockets, frames = await seated(client, tokens)
            return [(f["moves"], f["view"]) for f in frames]

    rivera, code, tokens, at_backup = run_apart(before())
    assert "copied" in capsys.readouterr().out
    assert not list(copy.parent.glob("*.part"))
    assert oct(copy.stat().st_mode & 0o777) == "0o600"  # it holds every seat's token
    assert run_apart(after(rivera, code, tokens)) == at_backup
    assert at_backup[0][0] == 4


def test_a_backup_refuses_to_overwrite_the_class_file_or_to_copy_none(tmp_path, capsys):
    Store(tmp_path / "classes.sqlite3").close()
    assert cli.main(["backup", str(tmp_path / "classes.sqlite3"), "--data", str(tmp_path)]) == 2
    assert cli.main(["backup", str(tmp_path / "copy.sqlite3"), "--data", str(tmp_path / "nowhere")]) == 2
    assert not (tmp_path / "nowhere").exists()
    capsys.readouterr()



def test_the_commands_in_their_own_processes_beside_a_running_server(tmp_path):
    """As a school's IT runs them: `biocards teachers add` prints a link that opens the running
    server's page for that teacher alone; `remove` stops it from the next request."""
    def biocards(*args) -> str:
        done = subprocess.run([sys.executable, "-m", "biocards.cli", "teachers", *args, "--data", str(tmp_path),
                               "--host", "127.0.0.1", "--port", port], capture_output=True, text=True, timeout=60,
                              env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, check=True)
        return done.stdout

    def status(url: str) -> int:
        try:
            with urllib.request.urlopen(url) as answer:
                return answer.status
        except urllib.error.HTTPError as refused:
            return refused.code

    with class_server(DIST, tmp_path / "classes.sqlite3", workers=1) as running_server:
        port = running_server.url.rsplit(":", 1)[1].strip("/")
        link = biocards("add", "Ms Rivera").split()[-1]
        assert link.startswith(running_server.url + "teacher/?key=")
        assert status(link) == 200
        assert status(link.replace("/teacher/?", "/api/teacher?")) == 200
        biocards("remove", "Ms Rivera")
        assert status(link) == 403
        assert status(running_server.teacher_url) == 200  # the administrator's link is untouched


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-p", "no:xdist"]))
