"""Issue 40, finding 11, as the pages meet it: with the class file's disk full, a join answered 500
and left a phantom at its table, and a move closed the student's socket with no word. Through the
server's own routes (aiohttp's test server, in-process): the join page gets the referee's sentence,
and the student's page gets a refusal it shows, on a socket that stays open for the move again."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from class_server import run_apart  # noqa: E402
from test_class_store_failures import FullDisk  # noqa: E402

from biocards.server.app import ClassServer  # noqa: E402
from biocards.server.classroom import Classroom  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))

pytestmark = pytest.mark.skipif(not (DIST / "wheels").is_dir(), reason="needs a built dist/ (python3 build.py build)")


async def next_of(socket_, kind: str) -> dict:
    """The next frame of ``kind`` (``away`` notices may come between)."""
    while True:
        frame = await socket_.receive_json(timeout=30)
        if frame["type"] == kind:
            return frame
        assert frame["type"] in ("away", "position"), frame


def test_a_full_disk_gives_the_join_page_and_the_table_a_sentence(tmp_path):
    server = ClassServer(DIST, tmp_path / "classes.sqlite3", workers=1)
    server.store.close()
    store = server.store = FullDisk(tmp_path / "classes.sqlite3")
    room = server.classroom = Classroom(store)
    code = room.create_class("translation", 2, "greedy").code

    async def scenario():
        client = TestClient(TestServer(server.app(), host="127.0.0.1"))
        await client.start_server()
        try:
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
            await socket_.send_json({"type": "hello", "token": mover["token"], "build": server.build})
            position = await next_of(socket_, "position")
            move = {"type": "move", "action": position["legal"][0]["action"], "at": position["moves"]}
            store.full = True
            await socket_.send_json(move)
            said = await next_of(socket_, "refused")
            assert said["message"] == "The class server could not save your move: tell your teacher."
            assert said["moves"] == 0 and table.moves == 0
            store.full = False
            await socket_.send_json(move)  # the same socket, the same move: taken now
            assert (await next_of(socket_, "position"))["moves"] == 1
            await socket_.close()
        finally:
            await client.close()

    try:
        run_apart(scenario())
    finally:
        server.computers.close()
        store.close()
