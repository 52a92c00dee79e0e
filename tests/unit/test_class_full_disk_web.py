"""Issue 40, finding 11, as the pages meet it: with the class file's disk full, a join answered 500
and left a phantom at its table, and a move closed the student's socket with no word. Through the
server's own routes (aiohttp's test server, in-process): the join page gets the referee's sentence,
and the student's page gets a refusal it shows, on a socket that stays open for the move again."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from class_server import run_apart  # noqa: E402
from test_class_clock import nucleo_class, to_talks  # noqa: E402
from test_class_store_failures import FullDisk  # noqa: E402

from biocards.server import app  # noqa: E402
from biocards import protocol  # noqa: E402
from biocards.server.app import ClassServer  # noqa: E402
from biocards.server.classroom import Classroom  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))

pytestmark = pytest.mark.skipif(not (DIST / "wheels").is_dir(), reason="needs a built dist/ (python3 build.py build)")


async def next_of(socket_, kind: str) -> dict:
    """The next frame of ``kind`` (``away`` notices may come between)."""
    while True:
        frame = protocol.decode(await socket_.receive_str(timeout=30))
        if frame["type"] == kind:
            return frame
        assert frame["type"] in ("away", "position"), frame


def full_disk_server(tmp_path) -> ClassServer:
    server = ClassServer(DIST, tmp_path / "classes.sqlite3", workers=1)
    server.store.close()
    server.store = FullDisk(tmp_path / "classes.sqlite3")
    server.classroom = Classroom(server.store)
    server.key = server.store.teacher_key()
    return server


def run(server: ClassServer, scenario) -> None:
    """``scenario`` to its end, then the server's workers and file closed."""
    try:
        run_apart(scenario)
    finally:
        server.computers.close()
        server.store.close()


def served(server: ClassServer, scenario) -> None:
    """``scenario(client)`` against the server's own routes, in-process (aiohttp's test server)."""
    async def whole():
        client = TestClient(TestServer(server.app(), host="127.0.0.1"))
        await client.start_server()
        try:
            await scenario(client)
        finally:
            await client.close()

    run(server, whole())


def test_a_full_disk_gives_the_join_page_and_the_table_a_sentence(tmp_path):
    server = full_disk_server(tmp_path)
    room, store = server.classroom, server.store
    code = room.create_class("translation", 2, "greedy").code

    async def scenario(client):
        ana = await (await client.post("/api/join", json={"code": code, "name": "Ana"})).json()
        store.full = True
        refused = await client.post("/api/join", json={"code": code, "name": "Ben"})
        assert refused.status == 200
        assert await refused.json() == {"error": "The class server could not save your seat: tell your teacher."}
        table = room.tables_of(code)[0]
        assert table.row.names == ["Ana", ""] and not table.started  # no phantom holds the seat
        store.full = False
        ben = await (await client.post("/api/join", json={"code": code, "name": "Ben"})).json()
        assert table.started

        mover = [ana, ben][table.state.current_player]
        socket_ = await client.ws_connect("/ws/play")
        await socket_.send_str(protocol.encode(protocol.hello(mover["token"], server.build)))
        position = await next_of(socket_, "position")
        move = protocol.encode(protocol.move(position["legal"][0]["action"], position["moves"]))
        store.full = True
        await socket_.send_str(move)
        said = await next_of(socket_, "refused")
        assert said["message"] == "The class server could not save your move: tell your teacher."
        assert said["moves"] == 0 and table.moves == 0
        store.full = False
        await socket_.send_str(move)  # the same socket, the same move: taken now
        assert (await next_of(socket_, "position"))["moves"] == 1
        await socket_.close()

    served(server, scenario)


def test_a_full_disk_gives_the_teacher_a_sentence_for_a_class_action_and_a_new_key(tmp_path):
    """The class's switches (suggest, end, delete) and "change the key" on a full disk answered the
    teacher's page with a 500 and no word: now the referee's sentence, and the class as it was."""
    server = full_disk_server(tmp_path)
    room, store = server.classroom, server.store
    code = room.create_class("translation", 2, "greedy").code
    old_key = server.key

    async def scenario(client):
        teacher = {"X-Teacher-Key": old_key}
        store.full = True
        for what, body in (("suggest", {"on": True}), ("end", None), ("delete", None)):
            answer = await client.post(f"/api/teacher/classes/{code}/{what}", json=body, headers=teacher)
            assert answer.status == 200, what
            said = (await answer.json())["error"]
            assert said.startswith("The class server could not save") and "disk is full" in said, said
        info = room.classes[code]
        assert not info.suggest and not info.ended  # nothing half made
        answer = await client.post("/api/teacher/key", headers=teacher)
        assert (await answer.json())["error"].startswith("The class server could not save the new key")
        assert (await client.get("/api/teacher", headers=teacher)).status == 200  # the old link still opens
        store.full = False
        answer = await client.post("/api/teacher/key", headers=teacher)
        new_key = (await answer.json())["key"]
        assert (await client.get("/api/teacher", headers=teacher)).status == 403
        assert store.teacher_key() == new_key  # kept for the next start
        answer = await client.post(f"/api/teacher/classes/{code}/delete", headers={"X-Teacher-Key": new_key})
        assert await answer.json() == {"ok": True} and code not in room.classes

    served(server, scenario)


class Page:
    """A page's socket as the server's broadcast sees one: it keeps what it is sent, as the page
    reads it (encoded: a sentence is written in the page's language, English here)."""

    def __init__(self) -> None:
        self.frames: list[dict] = []
        self.heard = asyncio.Event()
        self.lang = "en"  # the language its frames are made and written in, as a Peer's

    def send(self, frame: dict) -> None:
        self.frames.append(protocol.decode(protocol.encode(frame)))
        self.heard.set()

    async def next(self, kind: str, after: int = 0) -> dict:
        """The first frame of ``kind`` past the ``after`` first ones, when it comes."""
        while True:
            found = [f for f in self.frames[after:] if f["type"] == kind]
            if found:
                return found[0]
            self.heard.clear()
            await asyncio.wait_for(self.heard.wait(), 30)  # a guard: a table that waits in silence fails


def test_a_computers_move_that_cannot_be_saved_is_told_to_the_table_and_played_once_it_can(tmp_path, monkeypatch):
    """On a full disk the computer's move raised inside its task, and the table waited in silence
    for the next event: now the pages hear why, and the move is tried again until it is kept."""
    monkeypatch.setattr(app, "COMPUTER_PACE", 0.0)
    monkeypatch.setattr(app, "NOT_SAVED_RETRY", 0.0)
    server = full_disk_server(tmp_path)
    room, store = server.classroom, server.store
    code = room.create_class("translation", 2, "greedy").code
    _token, table, seat = room.join(code, "Ana")
    room.start_table(table.id)
    for _ in range(40):  # Ana plays until it is the computer's turn
        if table.computer_to_move() is not None:
            break
        action = next(a for a in table.state.legal_actions() if a.kind != "cancel")
        room.play(table, seat, action.to_json(), table.moves)
    assert table.computer_to_move() is not None
    before = table.moves
    page = Page()

    async def scenario():
        server.sockets[table.id][page] = seat
        store.full = True
        server.computer_turn(table)
        said = await page.next("error")
        assert said["message"] == ("The class server could not save the computer's move: tell your teacher. "
                                   "It will try again.")
        assert table.moves == before
        store.full = False
        position = await page.next("position", after=page.frames.index(said))
        assert position["moves"] > before

    run(server, scenario())


def test_the_clocks_move_that_cannot_be_saved_is_told_to_the_table_and_played_once_it_can(tmp_path, monkeypatch):
    """NUCLEO's minute ran out on a full disk: the clock's move raised inside its task and the talks
    never ended. Now the table hears why, and "time-up" is played once the disk has room."""
    monkeypatch.setattr(app, "NOT_SAVED_RETRY", 0.0)
    server = full_disk_server(tmp_path)
    room, store = server.classroom, server.store
    _info, table = nucleo_class(room, trade_minute=True)
    to_talks(room, table)
    talker, before = table.state.turn_player, table.moves
    page = Page()

    async def scenario():
        server.sockets[table.id][page] = talker
        store.full = True
        ran_out = asyncio.get_running_loop().create_task(server.clock_ran_out(table))
        said = await page.next("error")
        assert said["message"].startswith("The class server could not save the clock's move: tell your teacher.")
        assert table.moves == before
        store.full = False
        await ran_out
        position = await page.next("position")
        assert position["moves"] == before + 1

    run(server, scenario())
    assert table.state.history[-1].kind == "time-up" and table.movers[-1] is None
