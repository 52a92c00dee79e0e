"""The class server against a student with a laptop and a script (issue 40): limits per device, per
seat token and per socket, the edge's checks of requests, and the projector's own pass. Each test
names the finding it reproduces. The server runs in this process on aiohttp's own test server
(127.0.0.1, a free port); one device's requests come from 127.0.0.2 where a test needs two devices."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import aiohttp
import pytest
from yarl import URL

import class_load  # tests/, on the path by conftest.py: the load bench's hostile device
from class_server import in_process, run_apart
from biocards import protocol
from biocards.server import app as server_app
from biocards.server.app import JOINS_PER_MINUTE, SOCKETS_PER_ADDRESS, SOCKETS_PER_TOKEN

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))
OTHER_DEVICE = "127.0.0.2"  # loopback too (Linux routes all of 127/8 here): a second device's address


@pytest.fixture(autouse=True)
def _built():
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py build` first")


def running(tmp_path, **kwargs):
    return in_process(DIST, tmp_path / "classes.sqlite3", **kwargs)


def build_id() -> str:
    return next(p.name for p in sorted((DIST / "wheels").iterdir()) if p.is_dir())


async def teacher(client, server, path, body=None):
    answer = await client.post(f"/api/teacher/{path}", params={"key": server.key}, json=body or {})
    assert answer.status == 200, await answer.text()
    return await answer.json()


async def new_class(client, server, size=2, suggest=False):
    code = (await teacher(client, server, "classes", {"game": "translation", "size": size, "level": "greedy"}))["code"]
    if suggest:
        await teacher(client, server, f"classes/{code}/suggest", {"on": True})
    return code


async def join(client, code, name):
    return await (await client.post("/api/join", json={"code": code, "name": name})).json()


async def state(client, server):
    return await (await client.get("/api/teacher", params={"key": server.key})).json()


async def next_frame(ws, *kinds, timeout=20):
    while True:
        message = await asyncio.wait_for(ws.receive(), timeout)
        if message.type != aiohttp.WSMsgType.TEXT:
            return {"type": "closed"}
        frame = protocol.decode(message.data)
        if not kinds or frame["type"] in kinds:
            return frame


async def hello(ws, token):
    await ws.send_str(protocol.encode(protocol.hello(token, build_id())))
    return await next_frame(ws)


def other_device():
    return aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(OTHER_DEVICE, 0), limit=0))


def run(body):
    run_apart(body())  # a thread of its own: a worker where Playwright's browser is open has a running loop


# -- finding 2 and 8: one device, and a class behind one school NAT -------------------------------------

def test_a_class_of_30_behind_one_address_joins_and_plays_with_a_reconnect_each(tmp_path):
    """The limits are sized for a class: 30 students behind one NAT join in a minute, and each page
    holds its socket and a reconnect's beside it."""
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server, size=3)
            seats = [await join(client, code, f"Student {n}") for n in range(30)]
            assert all("token" in seat for seat in seats), seats
            sockets = []
            for seat in seats:
                for _ in range(2):
                    ws = await client.ws_connect("/ws/play")
                    assert (await hello(ws, seat["token"]))["type"] in ("position", "waiting")
                    sockets.append(ws)
            for ws in sockets:
                await ws.close()
    run(body)


def test_one_device_cannot_take_every_socket_and_lock_the_class_out(tmp_path):
    """Finding 2: 1,006 sockets from one device exhausted the server's file descriptors."""
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            async with other_device() as hostile:
                held = [await hostile.ws_connect(client.make_url("/ws/play")) for _ in range(SOCKETS_PER_ADDRESS)]
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await hostile.ws_connect(client.make_url("/ws/play"))
                assert refused.value.status == 429
                # Another device's student still joins and is seated.
                seat = await join(client, code, "Ana")
                ws = await client.ws_connect("/ws/play")
                assert (await hello(ws, seat["token"]))["type"] == "waiting"
                for socket_ in held:
                    await socket_.close()
    run(body)


def test_a_socket_that_says_no_hello_is_closed(tmp_path, monkeypatch):
    """Finding 2: holding a socket open needed no token at all."""
    monkeypatch.setattr(server_app, "HELLO_SECONDS", 0.5)

    async def body():
        async with running(tmp_path) as (server, client):
            ws = await client.ws_connect("/ws/play")
            assert "no hello" in (await next_frame(ws))["message"]
            assert (await next_frame(ws))["type"] == "closed"
            while server.by_address:  # the server's side ends a moment after the client sees the close
                await asyncio.sleep(0.01)
    run(body)


def test_the_file_limit_is_raised_to_the_hard_limit_and_windows_needs_none():
    """Finding 2: at `ulimit -n 1024` the sockets ran out of file descriptors."""
    import subprocess

    script = ("import resource; soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE);"
              "resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard));"
              "from biocards.server.__main__ import raise_file_limit; raise_file_limit();"
              "print(resource.getrlimit(resource.RLIMIT_NOFILE)[0] == (hard if hard != resource.RLIM_INFINITY "
              "else resource.getrlimit(resource.RLIMIT_NOFILE)[0]) and resource.getrlimit(resource.RLIMIT_NOFILE)[0] > 256)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "py")}).stdout
    assert out.strip() == "True"
    without = subprocess.run([sys.executable, "-c", "import sys; sys.modules['resource'] = None;"
                              "from biocards.server.__main__ import raise_file_limit; print(raise_file_limit())"],
                             capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT / "py")}).stdout
    assert without.strip() == "None"


def test_one_address_seats_at_most_a_class_and_a_half_a_minute(tmp_path):
    """Finding 8: 400 joins from one address in 0.8 s made 100 tables of fakes."""
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            seats = [await join(client, code, f"Fake {n}") for n in range(JOINS_PER_MINUTE + 1)]
            assert all("token" in seat for seat in seats[:JOINS_PER_MINUTE])
            assert "Too many students have joined" in seats[-1]["error"]
            async with other_device() as device:
                answer = await device.post(client.make_url("/api/join"), json={"code": code, "name": "Ana"})
                assert "token" in await answer.json()
    run(body)


def test_the_bench_address_is_given_a_schools_limits_only_when_named(tmp_path):
    """The load bench seats 1,000 students from 127.0.0.1: the server is started naming that
    address; an address not named keeps a class's limits."""
    async def body():
        async with running(tmp_path, bench_addresses=["127.0.0.1"]) as (server, client):
            code = await new_class(client, server)
            seats = [await join(client, code, f"Student {n}") for n in range(JOINS_PER_MINUTE + 10)]
            assert all("token" in seat for seat in seats)
            async with other_device() as device:
                answers = [await (await device.post(client.make_url("/api/join"), json={"code": code, "name": "B"}))
                           .json() for _ in range(JOINS_PER_MINUTE + 1)]
                assert "Too many" in answers[-1]["error"]
    run(body)


# -- finding 4 and 12: hello floods, and a second hello on one socket ----------------------------------

def test_one_token_holds_three_sockets_and_a_repeated_hello_is_not_announced(tmp_path):
    """Finding 4: one token opened any number of sockets, and every hello was announced to every
    socket at the table (2,000 hellos made 853,000 frames)."""
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            ana, ben = await join(client, code, "Ana"), await join(client, code, "Ben")
            ana_ws = await client.ws_connect("/ws/play")
            await hello(ana_ws, ana["token"])

            async def heard_by_ana():
                """What Ana's page was sent until now: a frame of her own sent now comes back last."""
                await ana_ws.send_str(json.dumps({"type": "shout"}))
                heard = []
                while (frame := await next_frame(ana_ws))["type"] != "error":
                    heard.append(frame["type"])
                return heard

            ben_sockets = []
            for _ in range(10):
                ws = await client.ws_connect("/ws/play")
                assert (await hello(ws, ben["token"]))["type"] == "position"
                ben_sockets.append(ws)
                if len(ben_sockets) == 1:
                    assert await heard_by_ana() == ["away"]  # Ben arrived
            # The oldest seven were closed, the newest three are open.
            assert [(await next_frame(ws, "closed"))["type"] for ws in ben_sockets[:7]] == ["closed"] * 7
            assert len(server.by_token[ben["token"]]) == SOCKETS_PER_TOKEN
            assert await heard_by_ana() == []  # Ben was here all along: nothing to announce
            for ws in ben_sockets[7:]:
                await ws.close()
    run(body)


def test_a_second_hello_on_one_socket_leaves_no_student_shown_present(tmp_path):
    """Finding 12: a second hello moved the socket to another seat, and the first seat was shown
    present after the page had gone."""
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            seats = [await join(client, code, name) for name in ("Ana", "Ben", "Cleo", "Dev")]
            ws = await client.ws_connect("/ws/play")
            await hello(ws, seats[0]["token"])
            await ws.send_str(protocol.encode(protocol.hello(seats[2]["token"], build_id())))
            assert "said hello already" in (await next_frame(ws, "error"))["message"]
            await ws.close()
            seen = await state(client, server)
            while any(not seat["away"] for c in seen["classes"] for t in c["tables"] for seat in t["seats"]):
                await asyncio.sleep(0.05)  # the server hears the close a moment after the client sends it
                seen = await state(client, server)
    run(body)


def test_a_socket_flooding_frames_is_closed_and_a_device_opening_socket_after_socket_is_stopped(tmp_path):
    """Finding 4: 2,000 hellos, each answered; a page never sends 30 frames in a second."""
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            ana = await join(client, code, "Ana")
            ws = await client.ws_connect("/ws/play")
            await hello(ws, ana["token"])
            for _ in range(3 * server_app.FRAMES_PER_SECOND + 1):
                await ws.send_str(protocol.encode(protocol.hello(ana["token"], build_id())))
            assert (await next_frame(ws, "closed"))["type"] == "closed"
            async with other_device() as device:
                for _ in range(server_app.SOCKETS_OPENED_PER_MINUTE):
                    await (await device.ws_connect(client.make_url("/ws/play"))).close()
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await device.ws_connect(client.make_url("/ws/play"))
                assert refused.value.status == 429
            # Ana's own device is another address: her page comes back.
            ws = await client.ws_connect("/ws/play")
            assert (await hello(ws, ana["token"]))["type"] == "waiting"
    run(body)


# -- finding 5: a socket that never reads --------------------------------------------------------------

def test_a_page_that_never_reads_holds_up_no_one_and_is_closed(tmp_path):
    """Finding 5: a broadcast waited on each socket in turn with no time limit, and a socket that
    never read froze its table (a move got no answer for 107 s)."""
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            ana, ben = await join(client, code, "Ana"), await join(client, code, "Ben")
            ana_ws = await client.ws_connect("/ws/play")
            await hello(ana_ws, ana["token"])
            stuck, _send = await class_load.never_reading("127.0.0.1", client.port, ben["token"], build_id())
            await next_frame(ana_ws, "away")  # Ben's page arrived
            # Every switch of "Suggest a move" sends each page the position again: a few megabytes
            # to Ben's page, more than any buffer on the way holds. Ana gets each one, and the
            # teacher's every click is answered.
            for turn in range(3000):
                await asyncio.wait_for(teacher(client, server, f"classes/{code}/suggest", {"on": turn % 2 == 0}), 20)
                assert (await next_frame(ana_ws, "position", "away"))["type"] in ("position", "away")
                if not server.by_token.get(ben["token"]):
                    break
            assert not server.by_token.get(ben["token"]), "the page that never reads was never closed"
            table = (await state(client, server))["classes"][0]["tables"][0]
            assert table["seats"][ben["seat"]]["away"] and not table["seats"][ana["seat"]]["away"]
            stuck.close()
            # Ben's page comes back (as the page does by itself) and carries on.
            ws = await client.ws_connect("/ws/play")
            assert (await hello(ws, ben["token"]))["type"] == "position"
    run(body)


# -- finding 6: the projector's pass, and a new teacher's key --------------------------------------------

async def a_started_table(client, server) -> dict:
    """A class whose first table Ana and Ben have filled (so it started): that table, as the teacher sees it."""
    code = await new_class(client, server)
    for name in ("Ana", "Ben"):
        await join(client, code, name)
    return (await state(client, server))["classes"][0]["tables"][0]


def test_the_projector_opens_with_a_pass_of_its_own_never_the_key(tmp_path):
    async def body():
        async with running(tmp_path) as (server, client):
            table = await a_started_table(client, server)
            watch = {"table": str(table["id"]), "build": build_id()}
            assert table["watch"] != server.key
            ws = await client.ws_connect("/ws/watch", params={**watch, "pass": table["watch"]})
            frame = await next_frame(ws)
            assert frame["type"] == "position" and frame["seat"] is None
            await ws.close()
            for wrong in (server.key, "made-up"):  # the key itself opens no projector
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect("/ws/watch", params={**watch, "pass": wrong, "key": server.key})
                assert refused.value.status == 403
    run(body)


def test_a_new_teachers_key_stops_the_old_link_and_its_projector_passes(tmp_path):
    async def body():
        async with running(tmp_path) as (server, client):
            old_key, old_pass = server.key, (await a_started_table(client, server))["watch"]
            new_key = (await teacher(client, server, "key"))["key"]
            assert new_key != old_key
            assert (await client.get("/api/teacher", params={"key": old_key})).status == 403
            assert (await client.get("/teacher/", params={"key": old_key})).status == 403
            assert (await client.get("/api/teacher", params={"key": new_key})).status == 200
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await client.ws_connect("/ws/watch", params={"pass": old_pass, "build": build_id()})
            assert server.store.teacher_key() == new_key  # kept across a restart
    run(body)


# -- finding 9: answers ------------------------------------------------------------------------------------

def test_answers_cannot_make_up_lessons_done(tmp_path):
    """Finding 9: 2,000 answers gave one student lessons_done=500."""
    lesson = "genetic-code"
    questions = sorted(set(__import__("re").findall(r'data-question="([^"]+)"',
                                                     (DIST / "lessons" / f"{lesson}.html").read_text())))

    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            ana = await join(client, code, "Ana")

            async def answer(**fields):
                body = {"token": ana["token"], "right": True, "of": 1, **fields}
                return await (await client.post("/api/answer", json=body)).json()

            made_up = [await answer(lesson=f"lesson-{n}", question="q") for n in range(20)]
            assert all("error" in a for a in made_up)
            assert "ok" in await answer(lesson=lesson, question=questions[0])  # "of": 1 is not believed
            flood = [await answer(lesson=lesson, question=questions[0]) for _ in range(40)]
            assert any("Too many answers" in a.get("error", "") for a in flood)
            report = await (await client.get(f"/api/teacher/classes/{code}/report", params={"key": server.key})).json()
            row = next(r for r in report["rows"] if r["student"] == "Ana")
            assert row["lessons_done"] == 0 and row["questions_asked"] == 1
    run(body)


# -- finding 10: hints -------------------------------------------------------------------------------------

def test_hints_come_one_at_a_time_per_seat(tmp_path):
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server, suggest=True)
            seats = [await join(client, code, name) for name in ("Ana", "Ben")]
            pages = [await client.ws_connect("/ws/play") for _ in seats]
            frames = [await hello(ws, seat["token"]) for ws, seat in zip(pages, seats)]
            mover = next(i for i, f in enumerate(frames) if f["legal"])
            for _ in range(5):
                await pages[mover].send_str(protocol.encode(protocol.ask_hint()))
            answers = [await next_frame(pages[mover], "hint", "refused") for _ in range(5)]
            assert [a["type"] for a in answers].count("hint") == 1
            assert sum("on its way" in a.get("message", "") for a in answers) == 4
    run(body)


def test_hints_think_apart_from_the_computers_and_below_them():
    """Finding 10: every socket kept a search running in the shared pool, and a strong computer at
    another table took 10-12.5 s instead of 1.4-3.5 s."""
    from biocards.server.computers import HINTS_WAITING, Computers, HintsBusy

    computers = Computers(2)
    try:
        hint_workers = set(computers.hint_pool._processes)
        computer_workers = set(computers.pool._processes)
        assert hint_workers and computer_workers and not hint_workers & computer_workers
        assert min(os.getpriority(os.PRIO_PROCESS, pid) for pid in hint_workers) > \
            max(os.getpriority(os.PRIO_PROCESS, pid) for pid in computer_workers)
        computers.hints_waiting = HINTS_WAITING  # as many as wait at once
        with pytest.raises(HintsBusy):
            run_apart(computers.hint(1, {}, 0))
    finally:
        computers.close()


# -- finding 12: the edge --------------------------------------------------------------------------------

def test_deep_or_mistyped_requests_get_a_400_with_a_sentence(tmp_path):
    async def body():
        async with running(tmp_path) as (server, client):
            deep = "[" * 30_000 + "]" * 30_000
            answer = await client.post("/api/join", data=deep, headers={"Content-Type": "application/json"})
            assert answer.status == 400 and "nested too deeply" in await answer.text()
            answer = await client.post("/api/teacher/classes", params={"key": server.key},
                                       json={"game": ["translation"], "size": 2, "level": "greedy"})
            assert answer.status == 400 and "'game'" in await answer.text()
            answer = await client.post("/api/join", json={"code": {"a": 1}, "name": "Ana"})
            assert answer.status == 400
            # A deep frame on a socket: an error frame, and the socket goes on.
            ws = await client.ws_connect("/ws/play")
            await ws.send_str("[" * 8000 + "]" * 8000)
            assert "nested too deeply" in (await next_frame(ws))["message"]
            await ws.send_str(json.dumps({"type": "move"}))
            assert "Say hello first" in (await next_frame(ws))["message"]
    run(body)


def test_the_teacher_page_is_not_served_past_the_key_by_another_spelling(tmp_path):
    async def body():
        async with running(tmp_path) as (server, client):
            for path in ("/teacher//", "/teacher/./", "/teacher%2Findex.html", "/teacher/index.html",
                         "/teacher//index.html", "/./teacher/", "/teacher"):
                answer = await client.get(URL(path, encoded=True), allow_redirects=False)
                assert answer.status == 403, path
                assert b'id="create-class"' not in await answer.read(), path
            answer = await client.get("/teacher//", params={"key": server.key})
            assert answer.status == 200
    run(body)


def test_a_cross_site_post_and_a_rebound_name_are_refused(tmp_path):
    async def body():
        async with running(tmp_path) as (server, client):
            code = await new_class(client, server)
            # A cross-site form or fetch with a "simple" type sends no preflight: not read at all.
            answer = await client.post("/api/join", data=json.dumps({"code": code, "name": "Eve"}),
                                       headers={"Content-Type": "text/plain"})
            assert answer.status == 415
            answer = await client.post("/api/join", json={"code": code, "name": "Eve"},
                                       headers={"Origin": "http://evil.example"})
            assert answer.status == 403
            # DNS rebinding: evil.example now points here, and its page's Origin agrees with its Host.
            rebound = {"Host": f"evil.example:{client.port}", "Origin": f"http://evil.example:{client.port}"}
            answer = await client.post("/api/join", json={"code": code, "name": "Eve"}, headers=rebound)
            assert answer.status == 421
            with pytest.raises(aiohttp.WSServerHandshakeError):
                await client.ws_connect("/ws/play", headers=rebound)
            assert (await state(client, server))["classes"][0]["tables"] == []
            # Its own names are answered.
            for host in (f"127.0.0.1:{client.port}", f"localhost:{client.port}", f"[::1]:{client.port}"):
                assert (await client.get("/class-server.json", headers={"Host": host})).status == 200, host
    run(body)


def test_a_name_given_with_name_is_answered(tmp_path):
    async def body():
        async with running(tmp_path, names=["biocards.school.example"]) as (server, client):
            answer = await client.get("/class-server.json", headers={"Host": "BioCards.school.example:8000"})
            assert answer.status == 200
    run(body)
