"""Issue 42, "The teacher page is pushed, not polled": one WebSocket per teacher page (`/ws/teacher`),
opened with the teacher's key in its hello (never in an address a log keeps), carries that
teacher's own classes once and then only what changed in them; the administrator's carries every
class. A removed teacher's socket, or one on a replaced key, closes at once; a student's token or a
wrong key opens none. The server runs in this process on aiohttp's test server (127.0.0.1)."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from conftest import DIST
from class_server import in_process, run_apart
from biocards import cli, protocol
from biocards.server import app as app_module
from biocards.server.store import Teacher
from biocards.server.teachers import TeacherPage, changes



@pytest.fixture(autouse=True)
def _built():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py build` first")


def build_id() -> str:
    return next(p.name for p in sorted((DIST / "wheels").iterdir()) if p.is_dir())


async def post(client, key, path, body=None):
    answer = await client.post(f"/api/teacher/{path}", headers={"X-Teacher-Key": key}, json=body or {})
    return await answer.json()


async def add_teacher(client, server, name) -> str:
    return (await post(client, server.key, "teachers", {"name": name}))["key"]


async def teacher_page(client, key, **headers):
    """A teacher page's socket after its hello."""
    ws = await client.ws_connect("/ws/teacher", headers=headers)
    await ws.send_json(protocol.teacher_hello(key))
    return ws


async def next_frame(ws) -> dict:
    got = await asyncio.wait_for(ws.receive(), 20)  # a bound for a hung test, not a timed assertion
    assert got.type == aiohttp.WSMsgType.TEXT, got
    return json.loads(got.data)


async def ends(ws) -> list[dict]:
    """The frames a socket is sent before the server closes it."""
    frames = []
    while (got := await asyncio.wait_for(ws.receive(), 20)).type == aiohttp.WSMsgType.TEXT:
        frames.append(json.loads(got.data))
    assert ws.closed
    return frames


class Shown:
    """What a teacher page shows, kept up to date from its socket's frames, as teacher.js keeps it."""

    def __init__(self, state: dict) -> None:
        assert state["type"] == "state"
        self.classes = {c["code"]: {k: v for k, v in c.items() if k != "tables"} for c in state["classes"]}
        self.tables = {t["id"]: {**t, "class": c["code"]} for c in state["classes"] for t in c["tables"]}
        self.frames: list[dict] = []

    def take(self, frame: dict) -> None:
        assert frame["type"] == "changes", frame
        self.frames.append(frame)
        for code in frame["gone"]["classes"]:
            self.classes.pop(code)
            self.tables = {i: t for i, t in self.tables.items() if t["class"] != code}
        for table_id in frame["gone"]["tables"]:
            self.tables.pop(table_id)
        self.classes.update({c["code"]: c for c in frame["classes"]})
        self.tables.update({t["id"]: t for t in frame["tables"]})

    async def until(self, ws, done) -> None:
        while not done(self):
            self.take(await next_frame(ws))

    def codes_named(self) -> set[str]:
        return {c["code"] for f in self.frames for c in f["classes"]} | \
            {t["class"] for f in self.frames for t in f["tables"]} | {c for f in self.frames for c in f["gone"]["classes"]}


async def class_of_two(client, key) -> tuple[str, list[str]]:
    """A class of two per table created by ``key``'s teacher, with Ana and Ben at its first table."""
    code = (await post(client, key, "classes", {"game": "translation", "size": 2}))["code"]
    tokens = [(await (await client.post("/api/join", json={"code": code, "name": name})).json())["token"]
              for name in ("Ana", "Ben")]
    return code, tokens


def started(code):
    return lambda shown: any(t["class"] == code and t["started"] for t in shown.tables.values())


def test_each_teacher_socket_is_sent_only_its_own_classes_and_then_only_what_changed(tmp_path):
    async def body():
        async with in_process(DIST, tmp_path / "classes.sqlite3") as (server, client):
            rivera, okafor = await add_teacher(client, server, "Ms Rivera"), await add_teacher(client, server, "Mr Okafor")
            pages = {who: await teacher_page(client, key) for who, key in
                     (("rivera", rivera), ("okafor", okafor), ("admin", server.key))}
            shown = {who: Shown(await next_frame(ws)) for who, ws in pages.items()}
            assert all(s.classes == {} for s in shown.values())
            code_r, tokens = await class_of_two(client, rivera)
            await shown["rivera"].until(pages["rivera"], started(code_r))
            await shown["admin"].until(pages["admin"], started(code_r))
            # Mr Okafor's page hears of his own class first: nothing of hers came before it.
            code_o = (await post(client, okafor, "classes", {"game": "translation", "size": 2}))["code"]
            await shown["okafor"].until(pages["okafor"], lambda s: code_o in s.classes)
            assert shown["okafor"].codes_named() == {code_o}
            assert shown["rivera"].codes_named() == {code_r}
            await shown["admin"].until(pages["admin"], lambda s: code_o in s.classes)
            assert shown["admin"].codes_named() == {code_r, code_o}
            assert shown["admin"].classes[code_o]["whose"] == "Mr Okafor's class"
            # Her table's projector pass is on her page and the administrator's own, not on his.
            table = next(iter(shown["rivera"].tables.values()))
            assert table["watch"] and table["watch"] not in json.dumps(shown["okafor"].frames)

            # A move at her table: her page is sent that one table's row, and nothing else.
            students, positions = [], []
            for token in tokens:
                students.append(await client.ws_connect("/ws/play"))
                await students[-1].send_str(protocol.encode(protocol.hello(token, build_id(), None)))
                while (frame := await next_frame(students[-1]))["type"] != "position":
                    pass
                positions.append(frame)
            here = lambda s: not any(seat["away"] for seat in s.tables[table["id"]]["seats"])  # noqa: E731
            await shown["rivera"].until(pages["rivera"], here)
            await shown["admin"].until(pages["admin"], here)
            before, was = len(shown["rivera"].frames), shown["rivera"].tables[table["id"]]
            mover = next(i for i, f in enumerate(positions) if f["legal"])
            await students[mover].send_str(protocol.encode(
                {"type": "move", "action": positions[mover]["legal"][0]["action"], "at": positions[mover]["moves"]}))
            await shown["rivera"].until(pages["rivera"], lambda s: s.tables[table["id"]] != was)
            moved = shown["rivera"].frames[before:]
            assert [t["id"] for f in moved for t in f["tables"]] == [table["id"]]
            assert [c for f in moved for c in f["classes"]] == [] and moved[0]["gone"] == {"classes": [], "tables": []}
            # The administrator's page hears of it too; his never did.
            await shown["admin"].until(pages["admin"], lambda s: s.tables[table["id"]]["last"] == moved[-1]["tables"][0]["last"])
            code_o2 = (await post(client, okafor, "classes", {"game": "nucleo", "size": 2}))["code"]
            await shown["okafor"].until(pages["okafor"], lambda s: code_o2 in s.classes)
            assert shown["okafor"].codes_named() == {code_o, code_o2}
            # Deleting her class: gone from her page (its tables with it).
            await post(client, rivera, f"classes/{code_r}/delete")
            await shown["rivera"].until(pages["rivera"], lambda s: code_r not in s.classes)
            assert shown["rivera"].tables == {}
            await shown["admin"].until(pages["admin"], lambda s: code_r not in s.classes and code_o2 in s.classes)
            # What the pages show is what the API answers each teacher.
            for who, key in (("rivera", rivera), ("okafor", okafor), ("admin", server.key)):
                asked = await (await client.get("/api/teacher", headers={"X-Teacher-Key": key})).json()
                assert sorted(c["code"] for c in asked["classes"]) == sorted(shown[who].classes)
    run_apart(body())


def test_a_removed_teachers_socket_closes_at_once_and_a_replaced_keys_sockets_close(tmp_path, capsys):
    async def body():
        async with in_process(DIST, tmp_path / "classes.sqlite3") as (server, client):
            rivera, okafor = await add_teacher(client, server, "Ms Rivera"), await add_teacher(client, server, "Mr Okafor")
            hers, his, admins = [await teacher_page(client, k) for k in (rivera, okafor, server.key)]
            for ws in (hers, his):
                assert (await next_frame(ws))["type"] == "state"
            admin = Shown(await next_frame(admins))
            await class_of_two(client, rivera)
            rivera_id = int(rivera.split(".")[0])
            await post(client, server.key, f"teachers/{rivera_id}/remove")
            said = await ends(hers)
            assert said[-1]["type"] == "refused" and "no longer opens" in said[-1]["message"]
            # The administrator's page is told her class is theirs now, and that she is gone.
            await admin.until(admins, lambda s: any(f.get("teacher") for f in s.frames)
                              and all(c["teacher"] is None for c in s.classes.values()) and s.classes)
            listed = [f["teacher"] for f in admin.frames if f.get("teacher")][-1]["teachers"]
            assert [t["name"] for t in listed] == ["Mr Okafor"]
            # Her key opens no socket any more.
            again = await teacher_page(client, rivera)
            assert [f["type"] for f in await ends(again)] == ["refused"]
            # Mr Okafor makes a new link: the page on his old one is closed and told why.
            new = (await post(client, okafor, "key"))["key"]
            said = await ends(his)
            assert said[-1]["type"] == "refused" and "replaced" in said[-1]["message"]
            fresh = await teacher_page(client, new)
            assert (await next_frame(fresh))["teacher"]["name"] == "Mr Okafor"
            # Removed by the command line (another process): closed when the server's watch sees it.
            assert cli.main(["teachers", "remove", "Mr Okafor", "--data", str(tmp_path)]) == 0
            assert (await ends(fresh))[-1]["type"] == "refused"
    run_apart(body())
    assert "Mr Okafor is removed" in capsys.readouterr().out


def test_a_students_token_a_wrong_key_or_another_sites_page_opens_no_teacher_socket(tmp_path, monkeypatch):
    monkeypatch.setattr(app_module, "SOCKETS_PER_TEACHER", 2)

    async def body():
        async with in_process(DIST, tmp_path / "classes.sqlite3") as (server, client):
            rivera = await add_teacher(client, server, "Ms Rivera")
            _code, tokens = await class_of_two(client, rivera)
            for key in (tokens[0], f"{rivera.split('.')[0]}.wrong", "", server.key + "x"):
                ws = await teacher_page(client, key)
                said = await ends(ws)
                assert [f["type"] for f in said] == ["refused"], key
                assert "Ana" not in json.dumps(said)
            # The key belongs in the hello: a key in the address, with no hello, opens nothing.
            ws = await client.ws_connect("/ws/teacher", params={"key": rivera})
            await ws.send_json({"type": "classes"})
            assert [f["type"] for f in await ends(ws)] == ["error"]
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await teacher_page(client, rivera, Origin="http://evil.example")
            assert refused.value.status == 403
            # A key's eleventh page (here its third) closes its oldest: tabs cannot pile up.
            first, second, third = [await teacher_page(client, rivera) for _ in range(3)]
            for ws in (second, third):
                assert (await next_frame(ws))["type"] == "state"
            assert [f["type"] for f in await ends(first)] == ["state"]
            # A page sends nothing after its hello: a flood is closed.
            for _ in range(4 * app_module.FRAMES_PER_SECOND):
                await second.send_str("{}")
            await ends(second)
    run_apart(body())


def test_only_changed_items_are_sent_and_a_class_gone_takes_its_tables():
    page = TeacherPage(peer=None, teacher=Teacher(3, "Ms Rivera"),
                       classes={"ABC": '{"code": "ABC"}'}, tables={1: ("ABC", '{"id": 1}'), 2: ("ABC", '{"id": 2}')})
    assert changes(page, {"ABC": '{"code": "ABC"}'}, {1: ("ABC", '{"id": 1}')}) is None
    frame = json.loads(changes(page, {"ABC": '{"code": "ABC"}'}, {1: ("ABC", '{"id": 1, "moves": 1}'), 3: None}))
    assert frame == {"type": "changes", "classes": [], "tables": [{"id": 1, "moves": 1}],
                     "gone": {"classes": [], "tables": []}}
    frame = json.loads(changes(page, {"ABC": None}, {}))
    assert frame["gone"] == {"classes": ["ABC"], "tables": []} and page.tables == {} and page.classes == {}


def test_an_idle_tables_projector_pass_is_renewed_on_the_teacher_page_without_a_change(tmp_path, monkeypatch):
    """A projector pass lasts WATCH_SECONDS and is renewed after half of it; a table where nothing
    happens sends nothing, so the sweep (TEACHER_SWEEP) brings the page its new pass (all three
    shortened here, the keys' watch ticking with them)."""
    monkeypatch.setattr(app_module, "WATCH_SECONDS", 1.0)
    monkeypatch.setattr(app_module, "TEACHER_SWEEP", 0.1)
    monkeypatch.setattr(app_module, "KEYS_CHECK", 0.05)

    async def body():
        async with in_process(DIST, tmp_path / "classes.sqlite3") as (server, client):
            code, _tokens = await class_of_two(client, server.key)
            page = await teacher_page(client, server.key)
            shown = Shown(await next_frame(page))
            [table] = shown.tables.values()
            first = table["watch"]
            await shown.until(page, lambda s: s.tables[table["id"]]["watch"] != first)
            renewed = shown.tables[table["id"]]
            assert {k: v for k, v in renewed.items() if k != "watch"} == {k: v for k, v in table.items() if k != "watch"}
            projector = await client.ws_connect("/ws/watch", params={"pass": renewed["watch"], "build": build_id()})
            assert (await next_frame(projector))["table"] == table["number"]
    run_apart(body())


def test_a_teacher_socket_with_no_hello_is_closed(tmp_path, monkeypatch):
    monkeypatch.setattr(app_module, "HELLO_SECONDS", 0.1)

    async def body():
        async with in_process(DIST, tmp_path / "classes.sqlite3") as (_server, client):
            ws = await client.ws_connect("/ws/teacher")
            assert [f["type"] for f in await ends(ws)] == ["error"]
    run_apart(body())
