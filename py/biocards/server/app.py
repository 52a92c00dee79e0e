"""The class server on aiohttp: the site's files, the teacher's API, joining, and one WebSocket per
student page over which the referee (classroom.py) hears moves and sends each seat its view.

Frames, as JSON objects with a ``type``:

- page → server: ``hello`` {token, build, since}, ``move`` {action, at}, ``hint``, ``answer``;
- server → page: ``position`` (or ``waiting``), ``refused`` {message}, ``hint`` {action, reason},
  ``error`` {message}, ``reload`` (the page is another build's).
"""

from __future__ import annotations

import asyncio
import functools
import hmac
import json
import re
import socket
import subprocess
import time
from collections import defaultdict, deque
from pathlib import Path

from aiohttp import WSMsgType, web

from .. import __version__, games
from .classroom import LEVELS, Classroom, ClassTable, Refusal, class_options
from .clocks import Clocks
from .computers import Computers
from .report import COLUMNS, class_report, report_csv
from .store import Store

FRAME_LIMIT = 16 * 1024
"""The largest frame a page may send (a move is well under 1 KB)."""
FRAMES_PER_SECOND = 10
"""Frames a page may send in one second; more get an error frame and are dropped."""
JOIN_FAILURES = 10
"""Wrong join codes from one address within a minute before it may try no more that minute."""
COMPUTER_PACE = 0.7
"""Seconds a computer takes at least before its move, so people can follow it (the page's "normal")."""
HASHED = re.compile(r"(^|[/-])[0-9a-f]{16}([/.-]|$)")
"""A file named by its content hash never changes: the browser may keep it for a year."""
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".svg": "image/svg+xml",
         ".html": "text/html; charset=utf-8", ".css": "text/css", ".zip": "application/zip"}
"""Types a browser insists on (a module script must be JavaScript, wasm streaming wants its own)."""


class ClassServer:
    """The running server: its classroom, its pages' sockets and its computers."""

    def __init__(self, dist: Path, data: Path, *, lan_address: str | None = None, workers: int | None = None) -> None:
        self.dist = dist.resolve()
        self.store = Store(data)
        self.classroom = Classroom(self.store)
        self.key = self.store.teacher_key()
        self.lan_address = lan_address
        self.computers = Computers(workers)
        self.sockets: dict[int, dict[web.WebSocketResponse, int | None]] = defaultdict(dict)
        self.thinking: set[int] = set()  # tables whose computer is working out a move
        self.clocks = Clocks(self.clock_ran_out)
        self.join_failures: dict[str, deque] = defaultdict(deque)
        self.build = self._build_id()

    def _build_id(self) -> str:
        """The wheel's hash (the name of its folder): a page running another wheel draws views with
        other code, so it is told to reload (the page sends the hash its play page names)."""
        return next((p.name for p in sorted((self.dist / "wheels").iterdir()) if p.is_dir()), "")

    def app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        app.add_routes([
            web.get("/class-server.json", self.hello),
            web.get("/teacher/", self.teacher_page),
            web.get("/teacher/index.html", self.teacher_page),
            web.get("/api/teacher", self.teacher_state),
            web.post("/api/teacher/classes", self.create_class),
            web.post("/api/teacher/classes/{code}/{what}", self.class_action),
            web.post("/api/teacher/tables/{id}/{what}", self.table_action),
            web.get("/api/teacher/qr.svg", self.qr_code),
            web.get("/api/teacher/classes/{code}/report", self.report),
            web.get("/api/teacher/classes/{code}/report.csv", self.report_csv),
            web.post("/api/join", self.join),
            web.post("/api/answer", self.answer),
            web.get("/ws/play", self.play_socket),
            web.get("/ws/watch", self.watch_socket),
            web.get("/{path:.*}", self.static),
        ])
        app.on_startup.append(self._resume_computers)
        app.on_shutdown.append(self._close_sockets)
        app.on_cleanup.append(self._cleanup)
        return app

    # -- files -------------------------------------------------------------------------------------

    async def static(self, request: web.Request) -> web.StreamResponse:
        """A file of dist/ (its .br or .gz sibling when the browser takes it: aiohttp picks)."""
        parts = [part for part in request.match_info["path"].split("/") if part not in ("", ".")]
        if ".." in parts or any("\\" in part or "\0" in part for part in parts):
            raise web.HTTPNotFound()
        path = self.dist.joinpath(*parts)  # links inside dist/ are followed (the bench links its files)
        if path.is_dir():
            if not request.path.endswith("/"):
                raise web.HTTPMovedPermanently(request.path + "/")
            path = path / "index.html"
        if not path.is_file() or path.suffix in (".br",) or path.name.endswith(".gz") and path.with_suffix("").is_file():
            raise web.HTTPNotFound()
        response = web.FileResponse(path)
        if path.suffix in TYPES:
            response.headers["Content-Type"] = TYPES[path.suffix]
        relative = path.relative_to(self.dist).as_posix()
        if HASHED.search(relative):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        else:  # pages, sw.js, build.json and unhashed runtime files: ask each time (a 304 is cheap)
            response.headers["Cache-Control"] = "no-cache"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    async def hello(self, _request: web.Request) -> web.Response:
        """What the join page asks first: a static host answers its own file, {"server": false}."""
        return web.json_response({"server": True, "version": __version__}, headers={"Cache-Control": "no-store"})

    # -- the teacher ---------------------------------------------------------------------------------

    def _teacher(self, request: web.Request) -> None:
        given = request.query.get("key") or request.headers.get("X-Teacher-Key") or ""
        if not hmac.compare_digest(given.encode(), self.key.encode()):
            raise web.HTTPForbidden(text="The teacher page needs the link the class server printed when it started.")

    async def teacher_page(self, request: web.Request) -> web.StreamResponse:
        self._teacher(request)
        response = web.FileResponse(self.dist / "teacher" / "index.html")
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"  # the key never leaves in a Referer
        return response

    def join_address(self, request: web.Request) -> str:
        host = self.lan_address or request.host
        return f"http://{host}/join/"

    async def teacher_state(self, request: web.Request) -> web.Response:
        self._teacher(request)
        room = self.classroom
        classes, by_class = [], defaultdict(list)
        for table in sorted(room.tables.values(), key=lambda t: t.row.number):  # one pass, not one per class
            by_class[table.row.class_code].append(table)
        for code, info in room.classes.items():
            tables = by_class[code]
            classes.append({"code": code, "game": info.game, "title": games.get(info.game).title,
                            "size": info.size, "level": info.level, "suggest": info.suggest, "ended": info.ended,
                            "options": info.options,
                            "tables": [t.summary(self.away(t)) for t in tables]})
        return web.json_response({"classes": classes, "games": self.game_choices, "levels": LEVELS,
                                  "join": self.join_address(request)}, headers={"Cache-Control": "no-store"})

    @functools.cached_property
    def game_choices(self) -> list[dict]:
        """The games a class can play, found once: ``games.all()`` looks through the package's folder
        for them, which every teacher page's poll repeated."""
        return [{"id": g.id, "title": g.title, "min": getattr(g, "variant_min_players", None) or g.min_players,
                 "max": g.max_players, "options": class_options(g)} for g in games.all() if g.render is not None]

    async def _json(self, request: web.Request) -> dict:
        try:
            data = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise web.HTTPBadRequest(text="That request could not be read.") from None
        if not isinstance(data, dict):
            raise web.HTTPBadRequest(text="That request could not be read.")
        return data

    async def create_class(self, request: web.Request) -> web.Response:
        self._teacher(request)
        data = await self._json(request)
        try:
            info = self.classroom.create_class(data.get("game"), data.get("size"), data.get("level", "greedy"),
                                               data.get("options"))
        except Refusal as exc:
            return _refused(exc)
        return web.json_response({"code": info.code})

    async def class_action(self, request: web.Request) -> web.Response:
        self._teacher(request)
        code, what = request.match_info["code"], request.match_info["what"]
        if code not in self.classroom.classes:  # a second click on Delete, say: a sentence, not a 404
            return _refused(Refusal("There is no such class: it may have been deleted."))
        data = await self._json(request) if request.can_read_body else {}
        if what == "suggest":
            self.classroom.set_suggest(code, bool(data.get("on")))
            for table in self.classroom.tables_of(code):
                await self.broadcast(table)
        elif what == "end":
            for table in self.classroom.end_class(code):
                await self.broadcast(table)
        elif what == "delete":
            for table_id in self.classroom.delete_class(code):
                self.clocks.forget(table_id)
                for socket_ in list(self.sockets.pop(table_id, {})):
                    await socket_.send_json({"type": "error", "message": "Your teacher has closed this class."})
                    await socket_.close()
        else:
            raise web.HTTPNotFound()
        return web.json_response({"ok": True})

    async def table_action(self, request: web.Request) -> web.Response:
        self._teacher(request)
        try:
            table_id = int(request.match_info["id"])
        except ValueError:
            raise web.HTTPNotFound() from None
        if table_id not in self.classroom.tables:
            raise web.HTTPNotFound(text="There is no such table.")
        what = request.match_info["what"]
        data = await self._json(request) if request.can_read_body else {}
        room = self.classroom
        try:
            if what == "start":
                table = room.start_table(table_id)
            elif what in ("pause", "resume"):
                table = room.set_paused(table_id, what == "pause")
            elif what == "end":
                table = room.end_table(table_id)
            elif what == "computer":
                table = room.hand_to_computer(table_id, _whole(data.get("seat")))
            elif what == "move-student":
                table, target = room.move_student(table_id, _whole(data.get("seat")), _whole(data.get("to")))
                await self.broadcast(target)
                self.computer_turn(target)
            else:
                raise web.HTTPNotFound()
        except Refusal as exc:
            return _refused(exc)
        await self.broadcast(table)
        self.computer_turn(table)
        return web.json_response({"ok": True})

    def _class_of(self, request: web.Request) -> str:
        self._teacher(request)
        code = request.match_info["code"]
        if code not in self.classroom.classes:
            raise Refusal("There is no such class: it may have been deleted.")
        return code

    async def report(self, request: web.Request) -> web.Response:
        try:
            report = class_report(self.classroom, self._class_of(request))
        except Refusal as exc:  # deleted while the page was asking
            return _refused(exc)
        return web.json_response({**report, "columns": COLUMNS}, headers={"Cache-Control": "no-store"})

    async def report_csv(self, request: web.Request) -> web.Response:
        try:
            code = self._class_of(request)
        except Refusal as exc:
            raise web.HTTPNotFound(text=str(exc)) from None
        text = report_csv(class_report(self.classroom, code))
        return web.Response(body=text.encode("utf-8"), content_type="text/csv", charset="utf-8", headers={
            "Cache-Control": "no-store", "Content-Disposition": f'attachment; filename="biocards-class-{code}.csv"'})

    async def qr_code(self, request: web.Request) -> web.Response:
        """The join address (with the class's code filled in) as a QR code a phone's camera opens;
        segno draws it as SVG."""
        self._teacher(request)
        import io

        import segno

        drawn = io.BytesIO()  # a whole SVG document (with its namespace), as an <img> needs
        code = request.query.get("code", "")
        address = self.join_address(request) + (f"?code={code}" if code in self.classroom.classes else "")
        segno.make(address, error="m").save(drawn, kind="svg", scale=6, xmldecl=False,
                                                                dark="#000", light="#fff")
        return web.Response(body=drawn.getvalue(), content_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    # -- students ------------------------------------------------------------------------------------

    async def join(self, request: web.Request) -> web.Response:
        address = request.remote or "?"
        failures = self.join_failures[address]
        now = time.monotonic()
        while failures and now - failures[0] > 60:
            failures.popleft()
        if len(failures) >= JOIN_FAILURES:  # guessing codes: no more tries from there for a minute
            return web.json_response({"error": "Too many wrong codes from this device: wait a minute, "
                                               "then check the code with your teacher."})
        data = await self._json(request)
        try:
            token, table, seat = self.classroom.join(data.get("code"), data.get("name"))
        except Refusal as exc:
            failures.append(now)
            return _refused(exc)
        await self.broadcast(table)
        self.computer_turn(table)
        return web.json_response({"token": token, "table": table.row.number, "seat": seat,
                                  "game": table.game.id})

    async def answer(self, request: web.Request) -> web.Response:
        """A check-yourself answer from a lesson page of a student with a seat: for the report."""
        data = await self._json(request)
        token = data.get("token")
        if not isinstance(token, str) or token not in self.classroom.seats:
            return web.json_response({"error": "No class seat on this device."})
        lesson, question, right, of = data.get("lesson"), data.get("question"), data.get("right"), data.get("of")
        if not (isinstance(lesson, str) and isinstance(question, str) and 0 < len(lesson) <= 80
                and 0 < len(question) <= 80 and isinstance(right, bool) and isinstance(of, int) and 0 < of <= 20):
            return web.json_response({"error": "That answer could not be read."})
        self.store.add_activity(token, "answer", {"lesson": lesson, "question": question, "right": right, "of": of})
        return web.json_response({"ok": True})

    def away(self, table: ClassTable) -> set[int]:
        """Students' seats with no page connected."""
        here = set(self.sockets.get(table.id, {}).values())
        return {i for i, kind in enumerate(table.row.seats) if kind == "human" and i not in here}

    def frame(self, table: ClassTable, seat: int | None, since: int | None = None) -> dict:
        frame = table.frame(seat, since)
        frame["away"] = sorted(self.away(table))
        frame["suggest"] = self.classroom.classes[table.row.class_code].suggest
        left = self.clocks.seconds_left(table)
        if left is not None:
            frame["clock_left"] = left
        return frame

    async def broadcast(self, table: ClassTable, since: int | None = None) -> None:
        """Every page at the table gets its own seat's position (and the log after ``since``)."""
        self.clocks.tend(table)
        for socket_, seat in list(self.sockets.get(table.id, {}).items()):
            try:
                await socket_.send_json(self.frame(table, seat, since))
            except (ConnectionError, RuntimeError):
                self.sockets[table.id].pop(socket_, None)

    async def play_socket(self, request: web.Request) -> web.WebSocketResponse:
        _same_origin(request)
        socket_ = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=20)
        await socket_.prepare(request)
        table: ClassTable | None = None
        seat, token = -1, ""
        sent: deque = deque()
        try:
            async for message in socket_:
                if message.type != WSMsgType.TEXT:
                    if message.type == WSMsgType.ERROR:
                        break
                    await socket_.send_json({"type": "error", "message": "Frames are JSON text."})
                    continue
                now = time.monotonic()
                sent.append(now)
                while now - sent[0] > 1:
                    sent.popleft()
                if len(sent) > FRAMES_PER_SECOND:
                    await socket_.send_json({"type": "error", "message": "Too many frames: slow down."})
                    continue
                try:
                    frame = json.loads(message.data)
                    if not isinstance(frame, dict):
                        raise ValueError
                except ValueError:
                    await socket_.send_json({"type": "error", "message": "That frame could not be read."})
                    continue
                kind = frame.get("type")
                if kind == "hello":
                    if frame.get("build") != self.build:
                        await socket_.send_json({"type": "reload"})
                        break
                    try:
                        table, seat = self.classroom.seat_of(frame.get("token"))
                    except Refusal as exc:
                        await socket_.send_json({"type": "error", "message": str(exc), "lost": True})
                        break
                    token = frame["token"]
                    self.sockets[table.id][socket_] = seat
                    since = frame.get("since")
                    await socket_.send_json(self.frame(table, seat, since if isinstance(since, int)
                                                       and 0 <= since <= table.moves else None))
                    await self.broadcast_away(table, socket_)
                elif table is None:
                    await socket_.send_json({"type": "error", "message": "Say hello first."})
                elif kind == "move":
                    await self.move(table, seat, frame.get("action"), frame.get("at"), socket_)
                elif kind == "hint":
                    if await self.send_hint(table, seat, socket_):
                        self.store.add_activity(token, "hint", {"move": table.moves})
                elif kind == "why":
                    concept = frame.get("concept")
                    if isinstance(concept, str) and 0 < len(concept) <= 60:
                        self.store.add_activity(token, "why", {"concept": concept})
                else:
                    await socket_.send_json({"type": "error", "message": "That frame is not one this server knows."})
        finally:
            if table is not None and self.sockets.get(table.id, {}).pop(socket_, None) is not None:
                await self.broadcast_away(table, None)
        return socket_

    async def broadcast_away(self, table: ClassTable, skip) -> None:
        """Who is away changed: each page at the table hears it (its position is unchanged)."""
        away = sorted(self.away(table))
        for other in list(self.sockets.get(table.id, {})):
            if other is not skip:
                try:
                    await other.send_json({"type": "away", "away": away})
                except (ConnectionError, RuntimeError):
                    pass

    async def move(self, table: ClassTable, seat: int, action, at, socket_) -> None:
        before = table.moves
        try:
            self.classroom.play(table, seat, action, at)
        except Refusal as exc:
            await socket_.send_json({"type": "refused", "message": str(exc), "moves": table.moves})
            return
        await self.broadcast(table, since=before)
        self.computer_turn(table)

    async def send_hint(self, table: ClassTable, seat: int, socket_) -> bool:
        """Suggest a move to the seat to move, if the teacher allows it; True if one was sent."""
        if not self.classroom.classes[table.row.class_code].suggest:
            await socket_.send_json({"type": "refused", "message": "Your teacher has switched Suggest a move off."})
            return False
        if table.state is None or table.state.current_player != seat or table.state.is_terminal():
            await socket_.send_json({"type": "refused", "message": "A move can be suggested on your turn."})
            return False
        at = table.moves
        found = await self.computers.hint(table.id, table.state.to_record(), table.row.seed + at)
        if table.moves != at:
            return False
        await socket_.send_json({"type": "hint", **found, "moves": at})
        return True

    async def watch_socket(self, request: web.Request) -> web.WebSocketResponse:
        """The projector view: a table as a spectator sees it (``view(None)``: no hand, no moves),
        for the teacher's key only."""
        _same_origin(request)
        self._teacher(request)
        try:
            table = self.classroom.tables[int(request.query.get("table", ""))]
        except (KeyError, ValueError):
            raise web.HTTPNotFound(text="There is no such table.") from None
        socket_ = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=20)
        await socket_.prepare(request)
        if request.query.get("build") != self.build:
            await socket_.send_json({"type": "reload"})
            await socket_.close()
            return socket_
        self.sockets[table.id][socket_] = None
        try:
            await socket_.send_json(self.frame(table, None))
            async for _message in socket_:  # a spectator only listens
                pass
        finally:
            self.sockets.get(table.id, {}).pop(socket_, None)
        return socket_

    # -- computers -----------------------------------------------------------------------------------

    def computer_turn(self, table: ClassTable) -> None:
        """If a computer is to move at ``table``, let it think in the pool and then move."""
        if table.id in self.thinking or table.computer_to_move() is None:
            return
        self.thinking.add(table.id)
        asyncio.get_running_loop().create_task(self._computer_move(table))

    async def _computer_move(self, table: ClassTable) -> None:
        try:
            while (seat := table.computer_to_move()) is not None:
                at, started = table.moves, time.monotonic()
                data = await self.computers.choose(table.id, table.state.to_record(), table.row.seats[seat],
                                                   table.row.seed + at)
                await asyncio.sleep(max(0.0, COMPUTER_PACE - (time.monotonic() - started)))
                if table.moves != at or table.computer_to_move() != seat or self.classroom.tables.get(table.id) is not table:
                    continue  # the teacher paused or ended it meanwhile, or the table went
                self.classroom.play(table, seat, data, at)
                await self.broadcast(table, since=at)
        finally:
            self.thinking.discard(table.id)

    async def clock_ran_out(self, table: ClassTable) -> None:
        """The rulebook's time is up at ``table``: the referee plays the clock's move for it."""
        if self.classroom.tables.get(table.id) is not table:
            return
        clock = table.clock()
        action = next((a for a in table.state.legal_actions() if clock and a.kind == clock["plays"]), None)
        if action is None:  # a choice outside the talks is waiting: the move follows it
            return
        at = table.moves
        self.classroom.play(table, table.state.current_player, action.to_json(), at)
        await self.broadcast(table, since=at)
        self.computer_turn(table)

    async def _resume_computers(self, _app) -> None:
        for table in self.classroom.tables.values():
            self.clocks.tend(table)  # a turn being negotiated when the server stopped gets its time again
            self.computer_turn(table)

    async def _close_sockets(self, _app) -> None:
        for sockets in self.sockets.values():
            for socket_ in list(sockets):
                await socket_.close()

    async def _cleanup(self, _app) -> None:
        self.computers.close()
        self.store.close()


def lan_address() -> str:
    """This machine's address on the classroom network, for the address students type.

    First the address of the interface a route out would use: connect() on a UDP socket only picks
    the route and sends nothing (192.0.2.1 is a documentation address, never routed anywhere). A
    classroom network with no way out has no such route, so then the host name's own addresses, and
    what ``hostname -I`` lists, skipping loopback (Debian maps the host name to 127.0.1.1)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        address = probe.getsockname()[0]
        if not address.startswith("127.") and address != "0.0.0.0":
            return address
    except OSError:
        pass
    finally:
        probe.close()
    candidates: list[str] = []
    try:
        candidates += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    try:
        listed = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout
        candidates += [a for a in listed.split() if "." in a]
    except (OSError, subprocess.SubprocessError):
        pass
    return next((a for a in candidates if not a.startswith("127.")), "127.0.0.1")


def _same_origin(request: web.Request) -> None:
    """A WebSocket is opened only by this server's own pages (a browser always sends Origin)."""
    origin = request.headers.get("Origin")
    if origin is not None and origin not in (f"http://{request.host}", f"https://{request.host}"):
        raise web.HTTPForbidden(text="A class table can only be opened from this server's own pages.")


def _whole(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal("That request names no seat or table.")
    return value


def _refused(exc: Refusal) -> web.Response:
    """A refusal as the page shows it: a sentence, with a 200 status, because a 4xx answer to a
    page's fetch also puts a red console error in the student's browser for an ordinary mistyped
    code. Requests without the teacher's key still get a plain 403."""
    return web.json_response({"error": str(exc)})
