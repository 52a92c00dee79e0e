"""Simulated students for the class server: the ``class`` section of ``python3 build.py bench``.

    python tests/class_load.py --students 1000 [--seconds 60] [--clients 2] [--teachers N]
    python tests/class_load.py --students 1000,1500,2000   # step up; stops after p95 passes 250 ms
    python tests/class_load.py --students 200 --hostile 50  # one hostile device's 50 sockets beside them

The server runs as ``build.py serve`` runs it (tests/class_server.py: its own process, a free port of
127.0.0.1, its own SQLite file, one process for computer players on 2 cores). A teacher creates a
class per game and computer level and seats students as they arrive: tables of four students, and
one table in four with three students and a strong computer ("search") that the teacher starts.
Then every student opens the WebSocket a page opens (``hello`` with the wheel's hash) and plays
whatever legal move it likes when its turn comes, 2-5 s after it came: a move every 2-5 s at each
table. Teachers' pages poll ``/api/teacher`` every 2 s as the real page does (one per 28 students).

The students run in ``--clients`` processes of their own (a table's seats share one), so the load
generator's CPU is not the server's; each process reports its CPU seconds and how late its event
loop woke up (``client_loop_lag_ms``), which says whether the clients, not the server, held things up.
Everything is bounded: a deadline for setting up, ``--seconds`` of play after which no move is sent,
a few seconds to hear the last answers, then the processes and the server are stopped.

What counts:
- ``move_round_trip_ms``: a move sent -> the mover's own next position frame with a higher move
  count (the only thing that can move the table on: nobody else may move on the mover's turn).
- ``lost_moves``: moves the mover saw acknowledged that the SQLite record (read after the server
  stopped) lacks or holds with another action, plus acknowledged moves another student at the
  table never received a position for.
- ``duplicated_moves``: moves in the record at a student's turn that match no move sent (a move
  applied twice lands at a second number), plus a move's events reaching a page twice.
- ``server_cpu_percent``: of one core, over the play window, from /proc/<pid>/stat (utime + stime)
  of the server process and, apart, its computer players' pool; ``*_rss_peak_mb`` the largest
  resident size seen (the server's own VmHWM).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import multiprocessing
import os
import random
import resource
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

import class_server  # noqa: E402

from biocards import protocol  # noqa: E402  (every frame, as the server reads it)

GAMES = ("translation", "peptide", "nucleo", "cytosis", "expression")
"""Every game seats four, so a school plays all five."""
SEATS = 4
STRONG_EVERY = 4
"""One table in four has a strong computer in one seat (and three students)."""
PACE = (2.0, 5.0)
"""Seconds a student takes over a move once it is their turn."""
STUDENTS_PER_TEACHER = 28
TEACHER_POLL = 2.0
"""The teacher page asks for the list of tables every 2 s (static/js/teacher.js)."""
SETUP_SECONDS = 300
"""The most creating classes, joining students and opening their sockets may take."""
DRAIN_SECONDS = 8
"""After play stops: the longest to wait for answers to moves already sent."""
P95_LIMIT_MS = 250
MAX_STUDENTS = 5000
"""The most one step may simulate (sockets, processes and the machine's other users have limits)."""
MAX_SECONDS = 600


# -- setting the school up (in the bench's own process) --------------------------------------------

def plan_tables(students: int, strong_every: int = STRONG_EVERY) -> list[dict]:
    """Tables in order of creation: each a game, a level and how many students sit there."""
    tables, left, i = [], students, 0
    while left > 0:
        strong = i % strong_every == strong_every - 1
        want = SEATS - 1 if strong else SEATS
        tables.append({"game": GAMES[i % len(GAMES)], "level": "search" if strong else "greedy",
                       "students": min(want, left)})
        left -= min(want, left)
        i += 1
    return tables


async def set_up_school(url: str, key: str, students: int, strong_every: int = STRONG_EVERY) -> list[dict]:
    """Create the classes, join every student and start the tables with a computer. Returns the
    tables: {id, game, strong, students: [{token, seat, name}]}."""
    import aiohttp

    plan = plan_tables(students, strong_every)
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=60)) as http:
        async def post(path: str, body: dict | None = None) -> dict:
            async with http.post(f"{url}{path}", params={"key": key}, json=body or {}) as response:
                response.raise_for_status()
                answer = await response.json()
            if "error" in answer:
                raise RuntimeError(f"{path}: {answer['error']}")
            return answer

        async def tables_by_number() -> dict[tuple[str, int], dict]:
            async with http.get(f"{url}api/teacher", params={"key": key}) as response:
                state = await response.json()
            return {(c["code"], t["number"]): t for c in state["classes"] for t in c["tables"]}

        codes: dict[tuple[str, str], str] = {}
        seated: list[dict] = []
        for n, table in enumerate(plan):
            place = (table["game"], table["level"])
            if place not in codes:
                codes[place] = (await post("api/teacher/classes", {"game": table["game"], "size": SEATS,
                                                                   "level": table["level"]}))["code"]
            code = codes[place]
            people = []
            for s in range(table["students"]):
                name = f"Student {n + 1}-{s + 1}"
                joined = await post("api/join", {"code": code, "name": name})
                people.append({"token": joined["token"], "seat": joined["seat"], "name": name})
            number = joined["table"]
            if table["students"] < SEATS:  # the teacher starts it: computers take the empty seats
                found = (await tables_by_number())[(code, number)]
                await post(f"api/teacher/tables/{found['id']}/start")
            seated.append({"code": code, "number": number, "game": table["game"],
                           "strong": table["level"] == "search", "students": people})
        ids = await tables_by_number()
    for table in seated:
        table["id"] = ids[(table["code"], table["number"])]["id"]
    return seated


# -- the students (in processes of their own) -------------------------------------------------------

@dataclass
class Student:
    token: str
    table: int
    seat: int
    positions: int = 0
    last: dict | None = None
    seen: set = field(default_factory=set)  # move counts of the positions received
    events_from: dict = field(default_factory=dict)  # move number -> the frame that brought its events
    frames: int = 0
    pending: tuple | None = None  # (at, sent at, action)
    choosing: bool = False
    connected: bool = False
    ws: object = None  # the socket it has open now
    dropped: int = 0
    resync: bool = False  # reconnected: the next position says whether a move in flight arrived  # times the server closed the socket and the student came back, as a page does


def _percentile(values: list[float], share: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))], 1)


async def _play(url: str, build: str, tables: list[dict], teachers: int, key: str, bell, seconds: float,
                pace: tuple[float, float], seed: int, tell) -> dict:
    """Seat this process's students, ``tell`` the bench they are seated, wait for the ``bell`` (the
    time play starts, set once every process is seated), then play for ``seconds``."""
    import aiohttp

    rng = random.Random(seed)
    origin = url.rstrip("/")
    out: dict = {"round_trips_ms": [], "acknowledged": [], "sent": 0, "refused": [], "errors": [],
                 "computer_turn_ms": [], "teacher_poll_ms": [], "lag_ms": [], "duplicated_in_views": 0,
                 "sent_unanswered": [], "first_positions": []}
    students = [Student(p["token"], t["id"], p["seat"]) for t in tables for p in t["students"]]
    by_table: dict[int, list[Student]] = {}
    for s in students:
        by_table.setdefault(s.table, []).append(s)
    watching = {t["id"]: None for t in tables}  # table -> when its computer's turn began (seen by one seat)
    stopping, rang = asyncio.Event(), asyncio.Event()
    stop_at = math.inf  # until the bell

    def my_turn(s: Student) -> bool:
        frame = s.last
        return bool(frame is not None and frame.get("legal") and frame.get("current") == s.seat
                    and not frame.get("terminal") and s.pending is None and time.time() < stop_at)

    def think(s: Student) -> None:
        if my_turn(s) and not s.choosing:
            s.choosing = True
            asyncio.get_running_loop().create_task(move_later(s))

    async def move_later(s: Student) -> None:
        try:
            await rang.wait()  # nobody moves before play starts, so the window holds whole moves
            await asyncio.sleep(rng.uniform(*pace))
            if not my_turn(s):  # (the position it moves from is the latest the server sent)
                return
            frame = s.last
            action = rng.choice(frame["legal"])["action"]
            s.pending = (frame["moves"], time.perf_counter(), action)
            out["sent"] += 1
            await s.ws.send_str(protocol.encode(protocol.move(action, frame["moves"])))
        except (ConnectionError, RuntimeError) as exc:
            out["errors"].append(f"sending: {exc!r}")
        finally:
            s.choosing = False

    def heard(s: Student, frame: dict) -> None:
        now = time.perf_counter()
        kind = frame.get("type")
        if kind == "refused":
            out["refused"].append(frame.get("message"))
            s.pending = None
            think(s)  # choose again from the position it still shows
            return
        if kind == "error" or kind == "reload":
            out["errors"].append(f"{kind}: {frame.get('message')}")
            return
        if kind != "position":
            return
        s.positions += 1
        if s.positions == 1:
            out["first_positions"].append(now)
        s.frames += 1
        moves = frame["moves"]
        if s.resync and s.pending is not None and moves <= s.pending[0]:
            # Back after a drop, and the server never had the move: a page would offer the turn again.
            out["sent_unanswered"].append((s.table, s.pending[0] + 1, s.pending[2]))
            s.pending = None
        s.resync = False
        s.seen.add(moves)
        if frame.get("whole_log"):
            s.events_from = {}
        for event in frame.get("events", ()):
            before = s.events_from.setdefault(event["move"], s.frames)
            if before != s.frames:
                out["duplicated_in_views"] += 1
        if s.pending is not None and moves > s.pending[0]:
            at, sent, action = s.pending
            out["round_trips_ms"].append((now - sent) * 1000)
            out["acknowledged"].append((s.table, at + 1, action, s.seat))
            s.pending = None
        if by_table[s.table][0] is s:  # one seat per table times the computer's turns
            began = watching[s.table]
            if began is not None and moves > began[0]:
                out["computer_turn_ms"].append((now - began[1]) * 1000)
                watching[s.table] = None
            current = frame.get("current")
            if (not frame.get("terminal") and current is not None and frame["seats"][current] != "human"
                    and watching[s.table] is None):
                watching[s.table] = (moves, now)
        s.last = frame
        think(s)

    async def student(http, s: Student, gate: asyncio.Semaphore) -> None:
        while not stopping.is_set():
            since = s.last["moves"] if s.last is not None else None
            try:
                async with gate:
                    ws = s.ws = await http.ws_connect(f"{url}ws/play", origin=origin, heartbeat=None,
                                                      max_msg_size=0)
                    await ws.send_str(protocol.encode(protocol.hello(s.token, build, since)))
                s.connected = True
            except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
                out["errors"].append(f"connecting: {exc!r}")
                return
            reader = asyncio.get_running_loop().create_task(_read(ws, s))
            ending = asyncio.get_running_loop().create_task(stopping.wait())
            await asyncio.wait((reader, ending), return_when=asyncio.FIRST_COMPLETED)
            ending.cancel()
            if stopping.is_set():
                await ws.close()
                reader.cancel()
                return
            # The server closed the socket: say why once, and come back as a page does.
            s.dropped += 1
            s.resync = True
            out["errors"].append(f"closed by the server: code {ws.close_code}, {ws.exception()!r}")
            if s.dropped > 5:
                return
            await asyncio.sleep(1.0)

    async def _read(ws, s: Student) -> None:
        async for message in ws:
            if message.type == aiohttp.WSMsgType.TEXT:
                heard(s, protocol.decode(message.data))

    async def teacher(http) -> None:
        await asyncio.sleep(rng.uniform(0, TEACHER_POLL))
        while time.time() < stop_at:
            started = time.perf_counter()
            try:
                async with http.get(f"{url}api/teacher", params={"key": key}) as response:
                    await response.read()
                out["teacher_poll_ms"].append((time.perf_counter() - started) * 1000)
            except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
                out["errors"].append(f"teacher: {exc!r}")
            await asyncio.sleep(TEACHER_POLL)

    async def lag() -> None:
        while not stopping.is_set():
            asked = time.perf_counter()
            await asyncio.sleep(0.05)
            out["lag_ms"].append((time.perf_counter() - asked - 0.05) * 1000)

    connector = aiohttp.TCPConnector(limit=0)  # a socket per student: no pool limit
    connecting = time.perf_counter()
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=None)) as http:
        gate = asyncio.Semaphore(50)
        tasks = [asyncio.get_running_loop().create_task(student(http, s, gate)) for s in students]
        seating_ends = time.time() + SETUP_SECONDS
        while any(s.positions == 0 for s in students) and time.time() < seating_ends:
            await asyncio.sleep(0.1)
        seated = time.perf_counter() - connecting
        tell()
        while not bell.value and time.time() < seating_ends + SETUP_SECONDS:
            await asyncio.sleep(0.05)
        start_at = bell.value or time.time()
        await asyncio.sleep(max(0.0, start_at - time.time()))
        stop_at = start_at + seconds
        rang.set()
        monitor = asyncio.get_running_loop().create_task(lag())
        pollers = [asyncio.get_running_loop().create_task(teacher(http)) for _ in range(teachers)]
        await asyncio.sleep(max(0.0, stop_at - time.time()))
        give_up = time.time() + DRAIN_SECONDS
        while any(s.pending for s in students) and time.time() < give_up:
            await asyncio.sleep(0.1)
        await asyncio.sleep(1.0)  # the other seats' copies of the last answers, and any computer's reply
        stopping.set()
        await asyncio.gather(*tasks, *pollers, return_exceptions=True)
        monitor.cancel()

    out["sent_unanswered"] += [(s.table, s.pending[0] + 1, s.pending[2]) for s in students if s.pending]
    out["connected"] = sum(s.connected for s in students)
    out["students"] = len(students)
    out["received_a_position"] = sum(s.positions > 0 for s in students)
    out["reconnections"] = sum(s.dropped for s in students)
    out.pop("first_positions")
    out["seated_seconds"] = round(seated, 1)
    # An acknowledged move every other student at its table must have been shown.
    missing = 0
    for table_id, number, _action, seat in out["acknowledged"]:
        for other in by_table[table_id]:
            if other.seat != seat and not any(m >= number for m in other.seen):
                missing += 1
    out["missing_from_views"] = missing
    return out


def run_students(url: str, build: str, tables: list[dict], teachers: int, key: str, bell, seconds: float,
                 pace: tuple[float, float], seed: int, tell=lambda: None) -> dict:
    """One client process: its tables' students (and teachers) for ``seconds`` from the bell."""
    before, waited, began = resource.getrusage(resource.RUSAGE_SELF), _waited("self"), time.monotonic()
    out = asyncio.run(_play(url, build, tables, teachers, key, bell, seconds, pace, seed, tell))
    after = resource.getrusage(resource.RUSAGE_SELF)
    out["waited_seconds"] = _waited("self") - waited
    out["wall_seconds"] = time.monotonic() - began
    out["cpu_seconds"] = round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2)
    return out


# -- a hostile device beside the school (``--hostile N``) ---------------------------------------------

HOSTILE_ADDRESS = "127.0.0.2"
"""The hostile device's address: loopback too (Linux routes all of 127/8 there), but not the address
the bench names to the server for a school's limits, so it meets a class's."""


async def never_reading(host: str, port: int, token: str, build: str):
    """A socket that says hello with a real student's token (that student's second device, asleep)
    and never reads again, with the smallest receive buffer the system allows."""
    import base64
    import socket
    import struct

    loop = asyncio.get_running_loop()
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    raw.bind((HOSTILE_ADDRESS, 0))
    raw.setblocking(False)
    await loop.sock_connect(raw, (host, port))
    key = base64.b64encode(os.urandom(16)).decode()
    await loop.sock_sendall(raw, (f"GET /ws/play HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                                  f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                                  "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = await loop.sock_recv(raw, 1)  # nothing past the handshake is ever read
        if not chunk:
            raise ConnectionError("refused")
        answer += chunk
    if not answer.startswith(b"HTTP/1.1 101"):
        raw.close()
        raise ConnectionError(answer.split(b"\r\n")[0].decode())

    async def send(frame: dict) -> None:
        text = protocol.encode(frame).encode()
        mask = os.urandom(4)
        size = bytes([0x80 | 126]) + struct.pack("!H", len(text)) if len(text) > 125 else bytes([0x80 | len(text)])
        await loop.sock_sendall(raw, b"\x81" + size + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(text)))

    await send(protocol.hello(token, build))
    return raw, send


async def _drain(ws) -> None:
    async for _message in ws:
        pass


async def _hostile(url: str, build: str, tokens: list[str], code: str, count: int, bell, seconds: float) -> dict:
    """``count`` sockets of one device, a third of each kind, for ``seconds`` from the bell: pages
    that never read (with real students' tokens, at busy tables), hello floods (fake students it
    seats itself, a hello as fast as the socket takes it, a new socket every 50), and sockets
    opened and held without a hello (opened again whenever the server closes one)."""
    import aiohttp

    host, port = urlsplit(url).hostname, urlsplit(url).port
    out = Counter()
    kinds = ["never-reads", "floods", "holds"]
    while bell.value == 0.0:
        await asyncio.sleep(0.05)
    stop_at = bell.value + seconds
    await asyncio.sleep(max(0.0, bell.value - time.time()))
    connector = aiohttp.TCPConnector(local_addr=(HOSTILE_ADDRESS, 0), limit=0)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=30)) as http:
        async def never_reads(n: int) -> None:
            while time.time() < stop_at:
                try:
                    raw, send = await never_reading(host, port, tokens[n % len(tokens)], build)
                except OSError as exc:
                    out[f"never-reads: not opened ({exc})"] += 1
                    await asyncio.sleep(1.0)
                    continue
                out["never-reads: opened"] += 1
                try:
                    while time.time() < stop_at:
                        await asyncio.wait_for(send({"type": "shout"}), 5)  # each answered, never read
                        out["never-reads: frames sent"] += 1
                        await asyncio.sleep(0.2)
                except (OSError, asyncio.TimeoutError):
                    out["never-reads: closed by the server"] += 1
                finally:
                    raw.close()

        async def floods(n: int) -> None:
            async with http.post(f"{url}api/join", json={"code": code, "name": f"Flood {n}"}) as answer:
                joined = await answer.json()
            if "token" not in joined:
                out[f"floods: join refused ({joined.get('error')})"] += 1
                return
            hello = protocol.encode(protocol.hello(joined["token"], build))
            while time.time() < stop_at:
                try:
                    async with http.ws_connect(f"{url}ws/play", heartbeat=None) as ws:
                        out["floods: sockets"] += 1
                        reader = asyncio.get_running_loop().create_task(_drain(ws))
                        for _ in range(50):  # as fast as the socket takes them, the answers read apart
                            await ws.send_str(hello)
                            out["floods: hellos"] += 1
                        try:
                            await asyncio.wait_for(reader, max(0.1, stop_at - time.time()))
                            out["floods: closed by the server"] += 1
                        except asyncio.TimeoutError:
                            reader.cancel()
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
                    out[f"floods: {type(exc).__name__}"] += 1
                    await asyncio.sleep(0.5)

        async def holds(_n: int) -> None:
            while time.time() < stop_at:
                try:
                    async with http.ws_connect(f"{url}ws/play", heartbeat=None) as ws:
                        out["holds: sockets"] += 1
                        while (await ws.receive(timeout=max(0.1, stop_at - time.time()))).type == aiohttp.WSMsgType.TEXT:
                            pass
                        out["holds: closed by the server"] += 1
                except asyncio.TimeoutError:
                    return
                except (aiohttp.ClientError, OSError) as exc:
                    out[f"holds: {type(exc).__name__}"] += 1
                    await asyncio.sleep(0.5)

        jobs = [(never_reads, floods, holds)[n % 3](n) for n in range(count)]
        await asyncio.gather(*jobs)
    return {"sockets": count, "kinds": kinds, **dict(sorted(out.items()))}


def _hostile_process(queue, *args) -> None:
    nice, *args = args
    os.nice(nice)  # the hostile device's own CPU, which on one machine is the server's too
    before = resource.getrusage(resource.RUSAGE_SELF)
    try:
        found = asyncio.run(_hostile(*args))
        after = resource.getrusage(resource.RUSAGE_SELF)
        found["cpu_seconds"] = round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 2)
        found["niceness"] = nice
        queue.put(("hostile", found))
    except BaseException as exc:
        queue.put(("hostile", {"crashed": repr(exc)}))


def _client(queue, *args) -> None:
    try:
        queue.put(("done", run_students(*args, tell=lambda: queue.put(("seated", None)))))
    except BaseException as exc:  # the bench reports it rather than waiting for nothing
        queue.put(("done", {"crashed": repr(exc)}))


# -- the server's side: CPU and memory from /proc ----------------------------------------------------

def _ticks(pid: int) -> int | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)


def _waited(pid: int | str) -> float:
    """Seconds the process's main thread has spent runnable but waiting for a CPU (schedstat)."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def _status(pid: int, name: str) -> int:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(name + ":"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == pid:
                found.append(int(entry.name))
    return found


class ServerWatch:
    """Samples the server's and its pool's CPU ticks and resident memory every half second."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.hz = os.sysconf("SC_CLK_TCK")
        self.pool_rss_peak = self.server_rss_peak = 0
        self.marks: dict[str, tuple[int, int, float, float, float]] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def sample(self) -> tuple[int, int]:
        children = _children(self.pid)
        pool_rss = sum(_status(c, "VmRSS") for c in children)
        self.pool_rss_peak = max(self.pool_rss_peak, pool_rss)
        self.server_rss_peak = max(self.server_rss_peak, _status(self.pid, "VmHWM"))
        return _ticks(self.pid) or 0, sum(_ticks(c) or 0 for c in children)

    def mark(self, name: str) -> None:
        main, pool = self.sample()
        self.marks[name] = (main, pool, time.monotonic(), _waited(self.pid), time.time())

    def _run(self) -> None:
        while not self._stop.wait(0.5):
            self.sample()

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()

    def figures(self, start: str, end: str, moves: int) -> dict:
        (m0, p0, t0, w0, _), (m1, p1, t1, w1, _) = self.marks[start], self.marks[end]
        seconds = t1 - t0
        return {"server_cpu_percent": round(100 * (m1 - m0) / self.hz / seconds, 1),
                # The figure the machine's other work leaves alone: what one move costs the server,
                # with its share of the teachers' polling (the pool's computers apart).
                "server_cpu_ms_per_move": round(1000 * (m1 - m0) / self.hz / max(1, moves), 2),
                "server_waiting_for_cpu_percent": round(100 * (w1 - w0) / seconds, 1),
                "pool_cpu_percent": round(100 * (p1 - p0) / self.hz / seconds, 1),
                "server_rss_peak_mb": round(self.server_rss_peak / 2**20, 1),
                "pool_rss_peak_mb": round(self.pool_rss_peak / 2**20, 1)}


# -- checking the record -------------------------------------------------------------------------------

def check_record(data: Path, acknowledged: list, sent_unanswered: list,
                 window: tuple[float, float] = (0.0, math.inf)) -> dict:
    """Read the SQLite file the server wrote: every acknowledged move is there with its action, and
    every move stored at a student's turn is one a student sent, once."""
    from biocards import games
    from biocards.core import Action

    db = sqlite3.connect(f"file:{data}?mode=ro", uri=True)
    stored: dict[int, list[tuple[int, dict]]] = {}
    in_window = db.execute("SELECT COUNT(*) FROM moves WHERE made BETWEEN ? AND ?", window).fetchone()[0]
    for table_id, number, action in db.execute("SELECT table_id, number, action FROM moves ORDER BY table_id, number"):
        stored.setdefault(table_id, []).append((number, json.loads(action)))
    tables = {row[0]: row[1:] for row in db.execute(
        "SELECT t.id, c.game, t.seed, t.options, t.seats FROM tables t JOIN classes c ON c.code = t.class_code")}
    db.close()
    lost = 0
    for table_id, number, action, _seat in acknowledged:
        record = dict(stored.get(table_id, []))
        if record.get(number) != action:
            lost += 1
    sent = {(t, n): a for t, n, a, _s in acknowledged}
    sent.update({(t, n): a for t, n, a in sent_unanswered})
    duplicated = broken = 0
    stored_count = 0
    for table_id, moves in stored.items():
        game, seed, options, seats = tables[table_id]
        seats = json.loads(seats)
        state = games.get(game).new_state(len(seats), seed, **json.loads(options))
        for expected, (number, action) in enumerate(moves, start=1):
            stored_count += 1
            if number != expected:
                broken += 1
                break
            seat = state.current_player
            if seats[seat] == "human" and sent.get((table_id, number)) != action:
                duplicated += 1  # the server stored a student's move no student sent there
            try:
                state.apply(Action.from_json(action))
            except ValueError:
                broken += 1
                break
    return {"lost": lost, "duplicated": duplicated, "record_breaks": broken, "stored_moves": stored_count,
            "stored_in_window": in_window}


# -- one step --------------------------------------------------------------------------------------------

def measure(dist: Path, students: int, seconds: float, clients: int, teachers: int | None = None,
            pace: tuple[float, float] = PACE, workers: int | None = None, seed: int = 1,
            strong_every: int = STRONG_EVERY, hostile: int = 0, hostile_nice: int = 0) -> dict:
    """Run ``students`` against a fresh class server for ``seconds`` of play, with ``hostile``
    sockets of one other device beside them; the figures."""
    build = next(p.name for p in sorted((dist / "wheels").iterdir()) if p.is_dir())
    teachers = math.ceil(students / STUDENTS_PER_TEACHER) if teachers is None else teachers
    load = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="class-bench-") as folder:
        data = Path(folder) / "classes.sqlite3"
        # The school's simulated students all come from 127.0.0.1: the server is told so, and gives
        # that address (only) a school's limits; the hostile device's 127.0.0.2 keeps a class's.
        server = class_server.start(dist, data, workers=workers, bench_address="127.0.0.1")
        processes = []
        try:
            if urlsplit(server.url).hostname != "127.0.0.1":
                raise RuntimeError("the class bench runs on loopback only")
            with ServerWatch(server.process.pid) as watch:
                set_up = time.monotonic()
                tables = class_server.run_apart(asyncio.wait_for(
                    set_up_school(server.url, server.key, students, strong_every), SETUP_SECONDS))
                set_up = time.monotonic() - set_up
                context = multiprocessing.get_context("spawn")
                queue = context.Queue()
                count = max(1, min(clients, len(tables)))
                bell = context.Value("d", 0.0)
                for i in range(count):
                    share = tables[i::count]
                    args = (server.url, build, share, teachers // count + (i < teachers % count), server.key,
                            bell, seconds, pace, seed * 1000 + i)
                    process = context.Process(target=_client, args=(queue, *args), daemon=True)
                    process.start()
                    processes.append(process)
                # Play starts once every student has a position (the sockets all opening at once is
                # a restart's burst, reported as all_seated_seconds, not a lesson's steady play).
                results, seated = [], 0
                while seated + len(results) < count:
                    tag, found = queue.get(timeout=SETUP_SECONDS + 60)
                    if tag == "seated":
                        seated += 1
                    else:
                        results.append(found)
                hostile_figures = None
                if hostile:
                    tokens = [p["token"] for t in tables for p in t["students"]][::7]
                    process = context.Process(target=_hostile_process, daemon=True, args=(
                        queue, hostile_nice, server.url, build, tokens, tables[0]["code"], hostile, bell, seconds))
                    process.start()
                    processes.append(process)
                start_at = bell.value = time.time() + 0.5
                time.sleep(max(0.0, start_at - time.time()))
                watch.mark("start")
                time.sleep(max(0.0, start_at + seconds - time.time()))
                watch.mark("stop")
                while len(results) < count or hostile and hostile_figures is None:
                    tag, found = queue.get(timeout=DRAIN_SECONDS + 60 + students / 20)
                    if tag == "hostile":
                        hostile_figures = found
                    else:
                        results.append(found)
                window = (watch.marks["start"][4], watch.marks["stop"][4])
        finally:
            for process in processes:
                process.join(10)
                if process.is_alive():
                    process.kill()
            class_server.stop(server)
        crashed = [r["crashed"] for r in results if "crashed" in r]
        if crashed:
            raise RuntimeError(f"a client process failed: {crashed}")
        merged = {key: [x for r in results for x in r[key]] for key in
                  ("round_trips_ms", "acknowledged", "refused", "errors", "computer_turn_ms", "teacher_poll_ms",
                   "lag_ms", "sent_unanswered")}
        record = check_record(data, merged["acknowledged"], merged["sent_unanswered"], window)
        server_figures = watch.figures("start", "stop", record["stored_in_window"])
    trips = merged["round_trips_ms"]
    return {
        "students": students,
        "tables": len(tables),
        "tables_with_a_strong_computer": sum(t["strong"] for t in tables),
        "teachers_polling": teachers,
        "seconds": seconds,
        "setup_seconds": round(set_up, 1),
        "connected_students": sum(r["connected"] for r in results),
        "students_with_a_position": sum(r["received_a_position"] for r in results),
        "reconnections": sum(r["reconnections"] for r in results),
        # From the first socket opened to the last student's first position (all at once, as after
        # a restart of the server; play starts at a fixed time, seated or not).
        "all_seated_seconds": max(r["seated_seconds"] for r in results),
        "moves_sent": sum(r["sent"] for r in results),
        "moves_acknowledged": len(merged["acknowledged"]),
        "moves_per_second": round(len(merged["acknowledged"]) / seconds, 1),
        "moves_refused": len(merged["refused"]),
        "moves_unanswered": len(merged["sent_unanswered"]),
        "moves_stored": record["stored_moves"],
        "lost_moves": record["lost"] + sum(r["missing_from_views"] for r in results),
        "duplicated_moves": record["duplicated"] + sum(r["duplicated_in_views"] for r in results),
        "record_breaks": record["record_breaks"],
        "move_round_trip_ms": {"p50": _percentile(trips, 0.50), "p95": _percentile(trips, 0.95),
                               "p99": _percentile(trips, 0.99), "max": _percentile(trips, 1.0)},
        "computer_turn_ms": {"p50": _percentile(merged["computer_turn_ms"], 0.5),
                             "p95": _percentile(merged["computer_turn_ms"], 0.95)},
        "teacher_poll_ms": {"p50": _percentile(merged["teacher_poll_ms"], 0.5),
                            "p95": _percentile(merged["teacher_poll_ms"], 0.95)},
        **server_figures,
        "client_processes": len(results),
        # Of the whole run of each process, seating its students included.
        "client_cpu_percent": [round(100 * r["cpu_seconds"] / r["wall_seconds"], 1) for r in results],
        "client_waiting_for_cpu_percent": [round(100 * r["waited_seconds"] / r["wall_seconds"], 1)
                                           for r in results],
        "client_loop_lag_ms": {"p99": _percentile(merged["lag_ms"], 0.99), "max": _percentile(merged["lag_ms"], 1.0)},
        "errors": [f"{count} x {text}" for text, count in Counter(merged["errors"]).most_common(10)],
        **({"hostile": hostile_figures} if hostile else {}),
        "refusals": sorted(set(m for m in merged["refused"] if m))[:5],
        "load_average_before": [round(x, 1) for x in load],
        "load_average_after": [round(x, 1) for x in os.getloadavg()],
        "cpu_pressure_after": _pressure(),
    }


def _pressure() -> str | None:
    """The kernel's share of time some runnable task waited for a CPU (10, 60, 300 s averages):
    near 100 means every figure above includes waiting for the machine's other work."""
    try:
        return Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist")))
    parser.add_argument("--students", default="1000",
                        help="students, or a rising list (1000,1500,2000): steps stop once p95 passes 250 ms")
    parser.add_argument("--seconds", type=float, default=60, help="seconds of play in each step")
    parser.add_argument("--clients", type=int, default=2, help="processes of simulated students")
    parser.add_argument("--teachers", type=int, default=None, help="teacher pages polling (default: one per 28)")
    parser.add_argument("--hostile", type=int, default=0,
                        help="sockets of one hostile device (127.0.0.2) beside the students: never reading, "
                             "flooding hellos, opening and holding")
    parser.add_argument("--hostile-nice", type=int, default=0,
                        help="the hostile process's niceness: on one machine its own CPU is the server's too, "
                             "which a student's laptop is not")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.students.split(",")]
    if not all(0 < n <= MAX_STUDENTS for n in counts) or not 0 < args.seconds <= MAX_SECONDS:
        parser.error(f"students: 1 to {MAX_STUDENTS} a step; seconds: up to {MAX_SECONDS}")
    steps = []
    for count in counts:
        steps.append(measure(args.dist, count, args.seconds, args.clients, args.teachers, hostile=args.hostile,
                             hostile_nice=args.hostile_nice))
        print(json.dumps(steps[-1]), file=sys.stderr, flush=True)  # progress, for a long ramp
        if steps[-1]["move_round_trip_ms"]["p95"] is None or steps[-1]["move_round_trip_ms"]["p95"] > P95_LIMIT_MS:
            break
    passed = next((s["students"] for s in steps if (s["move_round_trip_ms"]["p95"] or 1e9) > P95_LIMIT_MS), None)
    asked_for_steps = "," in args.students
    section = {"steps": steps, "p95_passes_250_ms_at_students": passed} if asked_for_steps else steps[0]
    print(json.dumps({"class": section}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
