"""The class server over the network, started as `build.py serve` runs it (its own process, a free
port of 127.0.0.1): who may do what, and frames it refuses without losing a move (issue 30, "Let no
one in", "Nothing is lost")."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from class_server import process_alive, run_apart, start, stop  # noqa: E402

from biocards import protocol  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))


@pytest.fixture
def server(tmp_path):
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test`, which builds it first")
    running = start(DIST, tmp_path / "classes.sqlite3")
    yield running
    stop(running)


def post(server, path, body, key=None):
    url = server.url + path + (f"?key={key}" if key else "")
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def wheel_hash() -> str:
    return next(p.name for p in (DIST / "wheels").iterdir() if p.is_dir())


def new_class(server, game="translation", size=2):
    code = post(server, "api/teacher/classes", {"game": game, "size": size, "level": "greedy"}, server.key)["code"]
    seats = [post(server, "api/join", {"code": code, "name": name}) for name in ("Ana", "Ben", "Cleo", "Dev")[:size]]
    return code, seats


class Page:
    """One student's page, as a WebSocket client would be."""

    def __init__(self, server, session):
        self.server, self.session, self.socket = server, session, None

    async def open(self, origin=None):
        origin = origin or self.server.url.rstrip("/")
        self.socket = await self.session.ws_connect(self.server.url + "ws/play", headers={"Origin": origin})
        return self

    async def send(self, frame):
        await self.socket.send_str(frame if isinstance(frame, str) else protocol.encode(frame))

    async def next(self, *kinds, timeout=20):
        while True:
            message = await asyncio.wait_for(self.socket.receive(), timeout)
            if message.type != aiohttp.WSMsgType.TEXT:
                return {"type": "closed", "code": self.socket.close_code}
            frame = protocol.decode(message.data)
            if not kinds or frame["type"] in kinds:
                return frame

    async def hello(self, token, since=None):
        await self.send(protocol.hello(token, wheel_hash(), since))
        return await self.next("position", "waiting", "error", "reload")


async def seated(server, session, seats):
    """Each student's page, said hello; their first frames; and which of them is to move."""
    pages = [await Page(server, session).open() for _ in seats]
    frames = [await page.hello(seat["token"]) for page, seat in zip(pages, seats)]
    return pages, frames, next(i for i, f in enumerate(frames) if f["legal"])


def run(coroutine):
    return run_apart(coroutine)


async def with_session(body):
    async with aiohttp.ClientSession() as session:
        return await body(session)


def test_the_teacher_api_and_page_refuse_requests_without_the_key(server):
    for path in ("teacher/", "api/teacher", "api/teacher?key=wrong", "api/teacher/qr.svg"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + path)
        assert refused.value.code == 403, path
    with pytest.raises(urllib.error.HTTPError) as refused:
        post(server, "api/teacher/classes", {"game": "translation", "size": 2, "level": "greedy"}, key="guess")
    assert refused.value.code == 403
    with urllib.request.urlopen(server.teacher_url) as page:
        assert b'id="create-class"' in page.read()


def test_the_teachers_key_survives_a_restart(server, tmp_path):
    key = server.key
    stop(server)
    again = start(DIST, server.data)
    try:
        assert again.key == key
    finally:
        stop(again)


def test_a_seat_token_acts_for_its_own_seat_only(server):
    _, seats = new_class(server)

    async def body(session):
        pages, frames, mover = await seated(server, session, seats)
        other = 1 - mover
        assert frames[other]["legal"] == [] and frames[other]["seat"] == seats[other]["seat"]
        # The other student sends the mover's move: refused, and only that student hears of it.
        await pages[other].send(protocol.move(frames[mover]["legal"][0]["action"], 0))
        refused = await pages[other].next("refused")
        assert "not your turn" in refused["message"]
        # A made-up token gets nowhere.
        stranger = await Page(server, session).open()
        lost = await stranger.hello("x" * 22)
        assert lost["type"] == "error" and lost["lost"]
        # The mover's own move goes through, and both seats see it.
        await pages[mover].send(protocol.move(frames[mover]["legal"][0]["action"], 0))
        for page in pages:
            assert (await page.next("position"))["moves"] == 1

    run(with_session(body))


def test_a_page_from_another_site_or_build_is_turned_away(server):
    _, seats = new_class(server)

    async def body(session):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await Page(server, session).open(origin="http://evil.example")
        assert refused.value.status == 403
        page = await Page(server, session).open()
        await page.send(protocol.hello(seats[0]["token"], "another-build"))
        assert (await page.next())["type"] == "reload"

    run(with_session(body))


def test_malformed_oversized_and_hurried_frames_get_errors_and_lose_no_move(server):
    _, seats = new_class(server)

    async def body(session):
        pages, frames, mover = await seated(server, session, seats)
        page = pages[mover]
        await page.send("{not json")
        assert "could not be read" in (await page.next("error"))["message"]
        await page.send("[1, 2]")
        assert "could not be read" in (await page.next("error"))["message"]
        await page.send({"type": "shout"})
        assert (await page.next("error"))["type"] == "error"
        await page.send({"type": "move", "action": {"kind": "nonsense"}, "at": 0})
        assert (await page.next("refused"))["moves"] == 0
        await page.send(protocol.move(frames[mover]["legal"][0]["action"], 7))
        assert "moved on" in (await page.next("refused"))["message"]
        # Too many frames in a second: told to slow down.
        for _ in range(15):
            await page.send({"type": "shout"})
        messages = []  # each frame within the limit answered, then the one "slow down" of that second
        while not any("slow down" in m for m in messages):
            messages.append((await page.next("error"))["message"])
        # The table is not stuck: the move is still the mover's to make, once, from a page of the
        # mover's that has not been told to slow down (the window itself: the fake-clock test below).
        page = await Page(server, session).open()
        assert (await page.hello(seats[mover]["token"]))["legal"]
        await page.send(protocol.move(frames[mover]["legal"][0]["action"], 0))
        await page.send(protocol.move(frames[mover]["legal"][0]["action"], 0))
        assert (await page.next("position"))["moves"] == 1
        assert "moved on" in (await page.next("refused"))["message"]  # the repeat is not a second move
        # A frame over the size limit closes that connection only.
        await page.send({"type": "shout", "padding": "x" * 20_000})
        assert (await page.next())["type"] == "closed"
        other = pages[1 - mover]
        assert (await other.next("position"))["moves"] == 1
        again = await Page(server, session).open()
        assert (await again.hello(seats[mover]["token"]))["moves"] == 1

    run(with_session(body))


def test_guessing_join_codes_is_stopped(server):
    new_class(server)
    answers = [post(server, "api/join", {"code": f"AAAA{c}", "name": "Eve"}) for c in "ACDEFHJKMNPRTWXY"]
    assert all("No class has that code" in a["error"] for a in answers[:10])
    assert "Too many wrong codes" in answers[-1]["error"]


def test_a_killed_server_resumes_at_the_last_acknowledged_move(server):
    code, seats = new_class(server)

    async def play(running, moves):
        async with aiohttp.ClientSession() as session:
            pages = [await Page(running, session).open() for _ in seats]
            frames = [await page.hello(seat["token"]) for page, seat in zip(pages, seats)]
            for _ in range(moves):
                mover = next(i for i, f in enumerate(frames) if f["legal"])
                await pages[mover].send({"type": "move", "action": frames[mover]["legal"][0]["action"],
                                         "at": frames[mover]["moves"]})
                frames = [await page.next("position") for page in pages]
            return frames[0]["moves"], frames[0]["view"]

    acknowledged, view = run(play(server, 5))
    server.kill()
    again = start(DIST, server.data)
    try:
        async def look():
            async with aiohttp.ClientSession() as session:
                return await (await Page(again, session).open()).hello(seats[0]["token"])

        frame = run(look())
        assert frame["moves"] == acknowledged and frame["view"] == view
    finally:
        stop(again)


def test_the_address_printed_for_students_is_one_of_this_machines_own():
    """`serve --lan` prints the address students type: it must be this machine's (binding to it
    works), and not loopback whenever the machine has any other address."""
    import socket

    from biocards.server.app import lan_address

    address = lan_address()
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((address, 0))
    try:
        others = [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        others = []
    if any(not a.startswith("127.") for a in others):
        assert not address.startswith("127."), (address, others)


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        found |= {int(p) for p in (task / "children").read_text().split()}
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads the process tree from Linux's /proc")
def test_a_server_killed_alone_starts_again_on_its_port_and_a_student_carries_on(server):
    """Issue 40, finding 3: the computers' processes outlived a server killed with SIGKILL (as the
    OOM killer does), held its port, and the restart failed with "address already in use"."""

    code = post(server, "api/teacher/classes", {"game": "translation", "size": 2, "level": "greedy"}, server.key)["code"]
    ana = post(server, "api/join", {"code": code, "name": "Ana"})
    with urllib.request.urlopen(f"{server.url}api/teacher?key={server.key}") as answer:
        table = json.load(answer)["classes"][0]["tables"][0]["id"]
    post(server, f"api/teacher/tables/{table}/start", {}, server.key)  # a computer in the empty seat

    async def play_a_move(running, session):
        """Ana's page: it waits for her turn (the computer's move comes first, if it is to move), moves."""
        page = await Page(running, session).open()
        frame = await page.hello(ana["token"])
        while not frame["legal"]:
            frame = await page.next("position")
        await page.send(protocol.move(frame["legal"][0]["action"], frame["moves"]))
        return frame["moves"], (await page.next("position"))["moves"]

    before, after = run(with_session(lambda session: play_a_move(server, session)))
    assert after == before + 1
    port = int(server.url.rstrip("/").rsplit(":", 1)[1])
    workers = _children(server.process.pid)
    assert workers, "the computers' processes are running"
    os.kill(server.process.pid, signal.SIGKILL)  # the server's process alone
    server.process.wait(10)
    deadline = time.monotonic() + 30
    while any(process_alive(pid) for pid in workers):  # they go with it, a moment later
        assert time.monotonic() < deadline, f"the computers' processes outlived the server: {workers}"
        time.sleep(0.05)
    again = start(DIST, server.data, port=port)
    try:
        assert again.url == server.url
        before_again, after_again = run(with_session(lambda session: play_a_move(again, session)))
        assert before_again >= after and after_again == before_again + 1
        # A second server on the same port says so in a sentence.
        taken = subprocess.run([sys.executable, "-m", "biocards.server", "--dist", str(DIST), "--data",
                                str(server.data.with_name("other.sqlite3")), "--port", str(port), "--workers", "1"],
                               capture_output=True, text=True, timeout=120,
                               env={**os.environ, "PYTHONPATH": str(ROOT / "py"), "BIOCARDS_QUIET": "1"})
        assert taken.returncode == 1
        assert f"Port {port} is in use already" in taken.stderr and "Traceback" not in taken.stderr, taken.stderr
    finally:
        stop(again)


def test_only_the_teachers_end_rings_the_bell_and_every_page_hears_the_winner(server):
    """Issue 43 (docs/rules-decisions.md › All games › Play to the bell): a student's page that sends
    the bell as a move is refused and nothing is stored; the teacher's End (with the key) rings it:
    every page gets the ended game with its winners and ``bell``, its log's last line names the winner,
    and the report says the game ended at the bell."""
    code, seats = new_class(server)

    async def body(session):
        pages, frames, mover = await seated(server, session, seats)
        await pages[mover].send(protocol.move({"kind": "bell"}, 0))
        refused = await pages[mover].next("refused")
        assert "not a move you can make" in refused["message"]
        await pages[mover].send(protocol.move(frames[mover]["legal"][0]["action"], 0))  # move 1 is still free
        for page in pages:
            assert (await page.next("position"))["moves"] == 1
        state = json.load(urllib.request.urlopen(server.url + f"api/teacher?key={server.key}"))
        table = next(c for c in state["classes"] if c["code"] == code)["tables"][0]
        with pytest.raises(urllib.error.HTTPError) as no_key:
            post(server, f"api/teacher/tables/{table['id']}/end", {}, key="guess")
        assert no_key.value.code == 403
        post(server, f"api/teacher/tables/{table['id']}/end", {}, server.key)
        for page in pages:
            ended = await page.next("position")
            assert ended["terminal"] and ended["bell"] and ended["winners"] and ended["moves"] == 2
            assert "bell" in ended["events"][-1]["text"]
        report = json.load(urllib.request.urlopen(server.url + f"api/teacher/classes/{code}/report?key={server.key}"))
        assert all(row["result"].endswith("at the bell") and row["winner"] for row in report["rows"])

    run(with_session(body))


def test_a_socket_frame_rate_window_is_one_second_of_the_given_clock():
    """Too many frames in a second are refused, and a second later the page may send again: the
    window's time is given, so this is checked on a fake clock, with no sleep (issue 40)."""
    from collections import deque

    from biocards.server.app import FRAMES_PER_SECOND, _frames_in_second

    sent: deque = deque()
    counts = [_frames_in_second(sent, 100.0 + i / 100) for i in range(FRAMES_PER_SECOND + 1)]
    assert counts[-1] == FRAMES_PER_SECOND + 1  # over the limit within the second
    assert _frames_in_second(sent, 100.5) == FRAMES_PER_SECOND + 2
    assert _frames_in_second(sent, 101.2) == 2  # a second on, only the frames of the last second count
