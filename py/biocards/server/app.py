"""The class server on aiohttp: the site's files, the teacher's API, joining, and one WebSocket per
student page over which the referee (classroom.py) hears moves and sends each seat its view.

Every frame on those sockets is defined in ``biocards/protocol.py`` (built there, read with its
``decode``); what a frame does is the referee's to decide. This module keeps the edge: routes, the teacher's key and the projector's passes, the names and
origins the server answers to, and the limits per device, per seat token and per socket (see
docs/class-server.md, "Limits").
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import re
import secrets
import socket
import sqlite3
import subprocess
import time
from collections import Counter, defaultdict, deque
from collections.abc import Iterable
from pathlib import Path

from aiohttp import WSMsgType, web

from .. import __version__, games, i18n, protocol
from ..i18n import N_, Message, lazy_gettext, message
from ..protocol import Unreadable
from ..protocol import decode as read_json
from .classroom import LEVELS, Classroom, ClassTable, NotSaved, Refusal, class_options
from .clocks import Clocks, Timer
from .computers import Computers, HintsBusy
from .report import COLUMNS, class_report, headers, report_csv, result_words
from .store import Store, Teacher, TeacherNameTaken, failure_cause, new_secret, teacher_of_key
from .teachers import Keys, TeacherPage, changes, clean_teacher_name

UNREADABLE = {False: N_("That request could not be read."), True: N_("That request is nested too deeply to read.")}
UNREADABLE_FRAME = {False: N_("That frame could not be read."), True: N_("That frame is nested too deeply to read.")}
"""What :class:`~biocards.protocol.Unreadable` says, by whether it was nested too deeply, in this
server's catalog (a request over HTTP, a frame on a socket)."""
ACCEPT_LANGUAGE = re.compile(r"\s*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2})")

FRAME_LIMIT = 16 * 1024
"""The largest frame a page may send (a move is well under 1 KB)."""
FRAMES_PER_SECOND = 10
"""Frames a page may send in one second; more are dropped (with one error frame a second), and a
socket sending three times as many is closed: a page never does (a flood of hellos did)."""
JOIN_FAILURES = 10
"""Wrong join codes from one address within a minute before it may try no more that minute."""
JOINS_PER_MINUTE = 60
"""Seats one address may take in a minute: a class of 30 behind one school NAT, each joining twice."""
SOCKETS_PER_ADDRESS = 100
"""Open sockets from one address: a class of 30 behind one NAT with a page, a reconnect overlapping
its old socket and a second tab each, and the projector."""
SOCKETS_OPENED_PER_MINUTE = 150
"""Sockets one address may open in a minute: a class of 30 behind one NAT, every page reconnecting
five times (a Wi-Fi that drops every 12 s); a script opening socket after socket meets it."""
SOCKETS_PER_TOKEN = 3
"""Sockets one seat token may hold (a page, its reconnect, a second tab); a fourth closes the oldest."""
HELLO_SECONDS = 5.0
"""A socket that has not said a valid hello by then is closed."""
SEND_SECONDS = 10.0
"""A frame a socket's page has not taken in this long closes that socket (its page reconnects)."""
OUTBOX = 64
"""Frames waiting for one socket: a page this far behind is closed rather than waited for."""
ANSWERS_PER_MINUTE = 30
"""Check-yourself answers one seat token may send in a minute (a lesson has about five)."""
KEYS_CHECK = 1.0
"""Seconds between looks at the class file's teachers: one removed by `biocards teachers remove` (another
process) has their projectors closed within this (their page's requests are refused at once)."""
WATCH_SECONDS = 2 * 3600
"""A projector pass lasts a lesson; the teacher page hands out a new one after half of that."""
SCHOOL = 100
"""How many times the class-sized limits an address named with ``--bench-address`` may use."""
COMPUTER_PACE = 0.7
"""Seconds a computer takes at least before its move, so people can follow it (the page's "normal").
The pace, like the worker pools, stays here beside the event loop: it is time spent waiting on the
loop, not a rule, and the referee decides only whether a chosen move still stands
(:meth:`Classroom.play_for_computer`)."""
NOT_SAVED_RETRY = 5.0
"""Seconds before a computer's or the clock's move that could not be saved (a full disk) is tried
again; the table is told meanwhile, and no one's move is lost."""
HASHED = re.compile(r"(^|[/-])[0-9a-f]{16}([/.-]|$)")
"""A file named by its content hash never changes: the browser may keep it for a year."""
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".json": "application/json", ".whl": "application/zip", ".svg": "image/svg+xml",
         ".html": "text/html; charset=utf-8", ".css": "text/css", ".zip": "application/zip"}
"""Types a browser insists on (a module script must be JavaScript, wasm streaming wants its own)."""
LESSON = re.compile(r'data-lesson="([^"]+)"')
QUESTION = re.compile(r'data-question="([^"]+)"')
KEYS_WATCH = web.AppKey("keys watch", asyncio.Task)
TEACHER_PUSH = 0.25
"""Seconds a teacher page's changes are gathered before they go: a burst (a class ended with its 27
tables, computers at several tables moving at once) goes as one frame."""
TEACHER_SWEEP = 60.0
"""Seconds between looks at every class and table the teacher pages show, changed or not: a table's
projector pass is renewed within a minute of its half-time, and a change no hook named still arrives."""
SOCKETS_PER_TEACHER = 10
"""Teacher pages one key may hold open (tabs, a second laptop); an eleventh closes the oldest."""
FORWARDED_PROTOS = ("http", "https")


def request_language(request: web.Request) -> str:
    """The language a request is answered in: its page's ``lang`` query (the pages send theirs), else
    the first of the browser's Accept-Language (an address opened by hand), else English; read as
    :func:`biocards.protocol.language_of` reads a hello's."""
    asked = request.query.get("lang")
    if asked is None:
        first = ACCEPT_LANGUAGE.match(request.headers.get("Accept-Language", "")[:64])
        asked = first[1] if first else None
    return protocol.language_of(asked)


def says(request: web.Request, text: str | Message) -> str:
    """``text`` in the language ``request`` is answered in (a plain-text answer, a refusal)."""
    return i18n.text(text, i18n.best_language(request_language(request)))


def answer(request: web.Request, data: dict, **kwargs) -> web.Response:
    """A JSON answer whose texts (Messages: a table's last move, a computer's name, a refusal) are
    written in the request's language."""
    with i18n.language(request_language(request)):
        return web.json_response(data, dumps=protocol.encode, **kwargs)


def _expect(request: web.Request, data: dict, **kinds: type | tuple) -> None:
    """Each named field, when present, of its type (a bool is no number): else a 400 with a sentence."""
    for name, kind in kinds.items():
        value = data.get(name)
        if value is not None and (not isinstance(value, kind) or isinstance(value, bool) and bool not in (
                kind if isinstance(kind, tuple) else (kind,))):
            raise web.HTTPBadRequest(text=says(request, message("That request's {name} is not what it should be.",
                                                                name=repr(name))))


class Peer:
    """One page's WebSocket and the frames waiting to go to it. Sending only queues a frame; a
    writer task of the socket's own takes them out, so no table ever waits on one socket. A page
    that falls OUTBOX frames behind, or takes longer than SEND_SECONDS over one, is hung up on at
    once (its page reconnects and is sent the whole position)."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.socket: web.WebSocketResponse | None = None
        self.transport: asyncio.Transport | None = None
        self.outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        self.writer: asyncio.Task | None = None
        self.table: ClassTable | None = None
        self.seat: int | None = None
        self.token = ""
        self.lang = "en"
        """The page's language (its hello's, the projector's query): every frame it is sent is
        written in it, whatever the other seats at its table read."""
        self.closed = False
        self.watcher: int | None = None
        """A projector's: the teacher whose pass opened it (``None``: the administrator's)."""

    def open(self, socket_: web.WebSocketResponse, transport) -> None:
        self.socket, self.transport = socket_, transport
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, frame: dict) -> None:
        """Queue ``frame``, its texts (events, labels, refusals: Messages) written in the page's language."""
        if self.closed:
            return
        with i18n.language(self.lang):
            self.send_text(protocol.encode(frame))

    def send_text(self, text: str) -> None:
        """Queue a frame already written (a teacher page's changes, made from items it compared)."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.hang_up()

    async def _write(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                await asyncio.wait_for(self.socket.send_str(text), SEND_SECONDS)
                self.outbox.task_done()
        except (asyncio.TimeoutError, ConnectionError, RuntimeError):
            self.hang_up()

    async def finish(self) -> None:
        """Send what is queued (a last error frame), then close with the closing handshake."""
        if not self.closed:
            try:
                await asyncio.wait_for(self.outbox.join(), SEND_SECONDS)
                await asyncio.wait_for(self.socket.close(), SEND_SECONDS)
            except (asyncio.TimeoutError, ConnectionError, RuntimeError):
                self.hang_up()
        self.closed = True

    def hang_up(self) -> None:
        """Close the connection now, with no closing handshake: the page may be the one not reading."""
        self.closed = True
        if self.transport is not None:
            self.transport.abort()

    def stop(self) -> None:
        self.closed = True
        if self.writer is not None:
            self.writer.cancel()


class ClassServer:
    """The running server: its classroom, its pages' sockets and its computers.

    ``names``: host names it answers to besides IP addresses, localhost and this machine's own name
    (DNS rebinding: a page on someone else's name never reaches it). ``bench_addresses``: addresses
    given SCHOOL times the class-sized limits, for the load bench, whose simulated school all comes
    from one address; nothing is given them unless the server is started with them named."""

    def __init__(self, dist: Path, data: Path, *, lan_address: str | None = None, workers: int | None = None,
                 names: Iterable[str] = (), bench_addresses: Iterable[str] = (),
                 proxies: Iterable[str] = (), timer: Timer | None = None) -> None:
        self.dist = dist.resolve()
        self.store = Store(data)
        self.classroom = Classroom(self.store)
        self.key = self.store.teacher_key()
        self.keys = Keys(self.store, self.key)
        self.lan_address = lan_address
        self.computers = Computers(workers)  # its processes start now, before any port is open
        self.sockets: dict[int, dict[Peer, int | None]] = defaultdict(dict)
        self.thinking: set[int] = set()  # tables whose computer is working out a move
        self.hinting: set[tuple[int, int]] = set()  # seats with a suggestion being worked out
        self.clocks = Clocks(self.clock_ran_out, timer)  # timer: the event loop's unless a test gives its own
        self.join_failures: dict[str, deque] = defaultdict(deque)
        self.joins: dict[str, deque] = defaultdict(deque)
        self.answers: dict[str, deque] = defaultdict(deque)
        self.answered: set[tuple[str, str, str]] = set()
        self.peers: set[Peer] = set()  # every open socket, seated or not
        self.by_address: Counter[str] = Counter()
        self.opened: dict[str, deque] = defaultdict(deque)
        self.by_token: dict[str, list[Peer]] = defaultdict(list)
        self.away_told: dict[int, list[int]] = {}
        self.passes: dict[str, tuple[int, float, int | None]] = {}  # projector pass -> (table id, good until, teacher)
        self.pass_of: dict[tuple[int | None, int], str] = {}  # (teacher, table id) -> its pass
        socket_host = socket.gethostname().lower()
        self.names = {"localhost", socket_host, f"{socket_host}.local", *(n.lower().rstrip(".") for n in names)}
        self.bench_addresses = frozenset(bench_addresses)
        self.proxies = [ipaddress.ip_network(p, strict=False) for p in proxies]
        self.build = self._build_id()
        self.teacher_pages: set[TeacherPage] = set()
        self.changed_tables: set[int] = set()  # waiting for the next push to the teacher pages
        self.changed_classes: set[str] = set()
        self.teachers_changed = False
        self.push: asyncio.TimerHandle | None = None
        self.teacher_ids: set[int] | None = None  # the class file's teachers at the keys watch's last look
        self.swept = time.monotonic()

    def _build_id(self) -> str:
        """The wheel's hash (the name of its folder): a page running another wheel draws views with
        other code, so it is told to reload (the page sends the hash its play page names)."""
        return next((p.name for p in sorted((self.dist / "wheels").iterdir()) if p.is_dir()), "")

    def app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024, middlewares=[self._forwarded, self._known_name])
        app.add_routes([
            web.get("/class-server.json", self.hello),
            web.get("/teacher/", self.teacher_page),
            web.get("/teacher/index.html", self.teacher_page),
            web.get("/api/teacher", self.teacher_state),
            web.post("/api/teacher/key", self.change_key),
            web.post("/api/teacher/teachers", self.add_teacher),
            web.post("/api/teacher/teachers/{id}/remove", self.remove_teacher),
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
            web.get("/ws/teacher", self.teacher_socket),
            web.get("/{path:.*}", self.static),
        ])
        app.on_startup.append(self._resume_computers)
        app.on_startup.append(self._watch_keys)
        app.on_shutdown.append(self._close_sockets)
        app.on_cleanup.append(self._cleanup)
        return app

    # -- the edge ----------------------------------------------------------------------------------

    def answers_to(self, host: str) -> bool:
        """An IP address (no DNS, so no rebinding), localhost, this machine's name or a name given."""
        name = host.rsplit(":", 1)[0] if host.count(":") == 1 or host.endswith("]") or "]:" in host else host
        name = name.strip("[]").lower().rstrip(".")
        try:
            ipaddress.ip_address(name)
            return True
        except ValueError:
            return name in self.names

    def _is_proxy(self, address: str | None) -> bool:
        try:
            return address is not None and any(ipaddress.ip_address(address) in net for net in self.proxies)
        except ValueError:
            return False

    @web.middleware
    async def _forwarded(self, request: web.Request, handler):
        """Behind a reverse proxy (``--proxy ADDRESS``) every request comes from the proxy: its
        X-Forwarded-For, -Proto and -Host say who asked, over what and by which name. They are
        believed only from a proxy named, never from anyone else (a student's script could write
        them); then the names, origins and every per-address limit follow them."""
        if not self.proxies or not self._is_proxy(request.remote):
            return await handler(request)
        changed: dict[str, str] = {}
        # The proxy appends the address it saw to what the client sent: the last address not a
        # proxy of ours is the client's (anything left of it the client could have made up).
        hops = [hop.strip() for hop in ",".join(request.headers.getall("X-Forwarded-For", [])).split(",") if hop.strip()]
        while hops and self._is_proxy(hops[-1]):
            hops.pop()
        if hops:
            try:
                changed["remote"] = str(ipaddress.ip_address(hops[-1]))
            except ValueError:
                pass  # not an address: the proxy's own is kept
        proto = request.headers.get("X-Forwarded-Proto", "").split(",")[-1].strip().lower()
        if proto in FORWARDED_PROTOS:
            changed["scheme"] = proto
        host = request.headers.get("X-Forwarded-Host", "").split(",")[-1].strip()
        if host:
            changed["host"] = host
        return await handler(request.clone(**changed) if changed else request)

    @web.middleware
    async def _known_name(self, request: web.Request, handler):
        """DNS rebinding: a page of another site whose name now points here sends that name as Host
        (and as its Origin, so the two still agree): refused before anything is read or done."""
        if not self.answers_to(request.host):
            raise web.HTTPMisdirectedRequest(text=says(request, message(
                "This class server answers to its own address only: open the address it printed.")))
        origin = request.headers.get("Origin")
        if origin is not None and request.method != "GET" and origin not in (
                f"http://{request.host}", f"https://{request.host}"):
            raise web.HTTPForbidden(text=says(request, message("A class server's API answers its own pages only.")))
        return await handler(request)

    def _allowance(self, address: str) -> int:
        return SCHOOL if address in self.bench_addresses else 1

    async def _json(self, request: web.Request) -> dict:
        """A JSON object sent as application/json (a cross-site form or text/plain POST is not)."""
        if request.content_type != "application/json":
            raise web.HTTPUnsupportedMediaType(text=says(request, message(
                "The class server reads requests sent as application/json.")))
        try:
            return read_json(await request.read())
        except Unreadable as exc:
            raise web.HTTPBadRequest(text=says(request, lazy_gettext(UNREADABLE[exc.nested]))) from None

    # -- files -------------------------------------------------------------------------------------

    async def static(self, request: web.Request) -> web.StreamResponse:
        """A file of dist/ (its .br or .gz sibling when the browser takes it: aiohttp picks)."""
        parts = [part for part in request.match_info["path"].split("/") if part not in ("", ".")]
        if ".." in parts or any("\\" in part or "\0" in part for part in parts):
            raise web.HTTPNotFound()
        path = self.dist.joinpath(*parts)  # links inside dist/ are followed (the bench links its files)
        teacher = self._in_teacher(path)
        if teacher:  # /teacher//, /teacher/./, /teacher%2Findex.html, /Teacher/ on macOS, /es/teacher/
            await self._teacher(request)
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
        if teacher:
            response.headers["Cache-Control"] = "no-store"
        elif HASHED.search(relative):
            response.headers["Cache-Control"] = "public, max-age=31536000, immutable"
        else:  # pages, sw.js, build.json and unhashed runtime files: ask each time (a 304 is cheap)
            response.headers["Cache-Control"] = "no-cache"
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"
        return response

    @functools.cached_property
    def teacher_folders(self) -> list[Path]:
        """The teacher page's folder and its twin in each language (``es/teacher``)."""
        return [self.dist / "teacher", *sorted(self.dist.glob("*/teacher"))]

    def _in_teacher(self, path: Path) -> bool:
        """Whether ``path`` is a teacher's folder or inside one, however the address spelled it."""
        try:
            return any(place.exists() and any(place.samefile(folder) for folder in self.teacher_folders
                                              if folder.exists())
                       for place in (path, *path.parents) if place != self.dist and self.dist in place.parents)
        except OSError:
            return False

    async def hello(self, _request: web.Request) -> web.Response:
        """What the join page asks first: a static host answers its own file, {"server": false}."""
        return web.json_response({"server": True, "version": __version__}, headers={"Cache-Control": "no-store"})

    # -- the teacher ---------------------------------------------------------------------------------

    async def _teacher(self, request: web.Request) -> Teacher:
        """Who the request's key is (teachers.py), or a 403: a key no one has, a removed teacher's."""
        given = request.query.get("key") or request.headers.get("X-Teacher-Key") or ""
        teacher = await self.keys.who(given[:200], request.remote or "?")
        if teacher is None:
            raise web.HTTPForbidden(text=says(request, _key_refused(given)))
        return teacher

    async def _administrator(self, request: web.Request) -> Teacher:
        teacher = await self._teacher(request)
        if not teacher.admin:
            raise web.HTTPForbidden(text=says(request, message(
                "Only the administrator (the link the class server printed) adds and removes teachers.")))
        return teacher

    def _owns(self, teacher: Teacher, code: str) -> bool:
        """Whether ``teacher`` may see and run class ``code``: their own, or any for the administrator.
        Another teacher's class answers exactly as one that does not exist (its code is not told)."""
        info = self.classroom.classes.get(code)
        return info is not None and (teacher.admin or info.owner == teacher.id)

    async def teacher_page(self, request: web.Request) -> web.StreamResponse:
        await self._teacher(request)
        response = web.FileResponse(self.dist / "teacher" / "index.html")
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"  # the key never leaves in a Referer
        return response

    async def change_key(self, request: web.Request) -> web.Response:
        """A new key for the teacher asking: their old link (and every projector pass made under it)
        stops working; other teachers' links do not change."""
        teacher = await self._teacher(request)
        try:
            if teacher.admin:
                with self.store.saving():
                    key = self.store.change_teacher_key()
            else:
                key = self.store.change_key_of(teacher.id, await asyncio.to_thread(new_secret))
        except sqlite3.Error as exc:  # the old key still opens the page: nothing changed
            return _refused(request, NotSaved(message("The class server could not save the new key: {cause}.",
                                                      cause=lazy_gettext(failure_cause(exc)))))
        if teacher.admin:
            self.key = self.keys.admin_key = key
        self._revoke(teacher.id, removed=False)
        return web.json_response({"key": key}, headers={"Cache-Control": "no-store"})

    async def add_teacher(self, request: web.Request) -> web.Response:
        """The administrator adds a teacher: their link is answered this once (kept only hashed)."""
        await self._administrator(request)
        data = await self._json(request)
        try:
            name = clean_teacher_name(data.get("name"))
            teacher, key = self.store.add_teacher(name, await asyncio.to_thread(new_secret))
        except Refusal as exc:
            return _refused(request, exc)
        except TeacherNameTaken:
            return _refused(request, Refusal(message("A teacher called {name} is on this server already.",
                                                     name=name)))
        except sqlite3.Error as exc:
            return _refused(request, NotSaved(message("The class server could not save the new teacher: {cause}.",
                                                      cause=lazy_gettext(failure_cause(exc)))))
        self._teachers_changed()
        return answer(request, {"id": teacher.id, "name": teacher.name, "key": key, "says": message(
            "{name}'s teacher link, shown this once: send it to them privately.", name=teacher.name)},
                      headers={"Cache-Control": "no-store"})

    async def remove_teacher(self, request: web.Request) -> web.Response:
        """The administrator removes a teacher: their link stops at once, their projectors close, and
        their classes (with every student's record) become the administrator's."""
        await self._administrator(request)
        try:
            teacher_id = int(request.match_info["id"])
        except ValueError:
            raise web.HTTPNotFound() from None
        try:
            self.store.remove_teacher(teacher_id)
        except sqlite3.Error as exc:
            return _refused(request, NotSaved(message("The class server could not save the teacher's removal: {cause}.",
                                                      cause=lazy_gettext(failure_cause(exc)))))
        self._revoke(teacher_id, removed=True)
        return web.json_response({"ok": True})

    def _revoke(self, teacher_id: int | None, removed: bool) -> None:
        """A teacher's key changed (or they were removed): the projector passes they were given stop;
        a removed teacher's open projectors close, and their classes are the administrator's."""
        if teacher_id is not None:
            self.keys.forget(teacher_id)
        for given in [p for p, (_t, _until, whose) in self.passes.items() if whose == teacher_id]:
            del self.passes[given]
        for mine in [k for k in self.pass_of if k[0] == teacher_id]:
            del self.pass_of[mine]
        # Their teacher pages close: a removed teacher's at once, a replaced key's (the page that
        # asked opens the new link; another tab on the old one is told why).
        for page in [p for p in self.teacher_pages if p.teacher.id == teacher_id]:
            self.teacher_pages.discard(page)
            page.peer.send(protocol.refused(_link_stopped() if removed
                                            else message("This teacher's link has been replaced: open the new one.")))
            asyncio.get_running_loop().create_task(page.peer.finish())
        if removed:
            self._teachers_changed()
            for info in self.classroom.classes.values():
                if info.owner == teacher_id:
                    info.owner = None
                    self._changed(code=info.code)  # the administrator's page: whose class it is now
            for peer in [p for p in self.peers if p.seat is None and p.table is not None and p.watcher == teacher_id]:
                peer.hang_up()

    def _teachers_changed(self) -> None:
        """A teacher added or removed: the administrator's pages are sent the list again."""
        self.teachers_changed = True
        self._changed()

    async def _watch_keys(self, app) -> None:
        app[KEYS_WATCH] = asyncio.get_running_loop().create_task(self._keys_watch())

    async def _keys_watch(self) -> None:
        """`biocards teachers remove` and `... key` run in another process: their changes to the class
        file are looked for every KEYS_CHECK seconds (a primary-key table of a school's teachers)."""
        while True:
            await asyncio.sleep(KEYS_CHECK)
            try:
                self._look_at_keys()
            except sqlite3.Error:
                continue  # a busy file: looked at again next time
            if time.monotonic() - self.swept >= TEACHER_SWEEP:
                self._sweep_teacher_pages()

    def _look_at_keys(self) -> None:
        """The projector passes of a teacher removed or given a new key stop; the projectors a removed
        teacher opened close."""
        now = self.store.keys_version()
        if self.teacher_ids is not None and self.teacher_ids != now.keys():
            self._teachers_changed()  # `biocards teachers add` (or remove) beside the server
        self.teacher_ids = set(now)
        for teacher_id in ({whose for _table, _until, whose in self.passes.values()}
                           | {page.teacher.id for page in self.teacher_pages}) - {None}:
            known = self.keys.known.get(teacher_id)  # the stored hash their key was last found to match
            if known is None or now.get(teacher_id) != known[0]:
                self._revoke(teacher_id, removed=teacher_id not in now)
        for teacher_id in {p.watcher for p in self.peers if p.watcher is not None} - now.keys():
            self._revoke(teacher_id, removed=True)

    def projector_pass(self, teacher: Teacher, table_id: int) -> str:
        """A pass that opens one table's projector view for WATCH_SECONDS, and nothing else: the
        projector's link carries it, never the teacher's key. A table's pass is renewed after half
        its time, so a link the teacher page shows is good for an hour at least."""
        now = time.monotonic()
        given = self.pass_of.get((teacher.id, table_id))
        if given is not None and self.passes.get(given, (0, 0.0, None))[1] - now > WATCH_SECONDS / 2:
            return given
        for old in [p for p, (_t, until, _whose) in self.passes.items() if until <= now]:
            del self.passes[old]
        given = self.pass_of[(teacher.id, table_id)] = secrets.token_urlsafe(16)
        self.passes[given] = (table_id, now + WATCH_SECONDS, teacher.id)
        return given

    def join_address(self, request: web.Request) -> str:
        host = self.lan_address or request.host
        return f"{request.scheme}://{host}/join/"  # https behind a proxy that says so, or with --certfile

    async def teacher_state(self, request: web.Request) -> web.Response:
        """The asking teacher's classes (the administrator's: every class, each with its teacher):
        what the teacher page's socket sends first, asked for over HTTP when the socket cannot open."""
        teacher = await self._teacher(request)
        return answer(request, self.teacher_state_of(teacher, self.join_address(request)),
                      headers={"Cache-Control": "no-store"})

    def teacher_state_of(self, teacher: Teacher, join: str) -> dict:
        """Every class ``teacher`` sees, each with its tables, and the page's words."""
        room = self.classroom
        mine = {code for code in room.classes if self._owns(teacher, code)}
        classes, by_class = [], defaultdict(list)
        for table in sorted(room.tables.values(), key=lambda t: t.row.number):  # one pass, not one per class
            if table.row.class_code in mine:
                by_class[table.row.class_code].append(table)
        names = self._teacher_names(teacher)
        for code, info in room.classes.items():
            if code in mine:
                classes.append({**self._class_item(teacher, info, names),
                                "tables": [self._table_item(teacher, t) for t in by_class[code]]})
        return {"classes": classes, "games": self.game_choices, "levels": LEVELS, "join": join,
                "teacher": self._teacher_words(teacher, names)}

    def _teacher_names(self, teacher: Teacher) -> dict[int, str]:
        """The school's teachers by id, for the administrator's page (a teacher's is told no one's)."""
        return {t.id: t.name for t in self.store.teachers()} if teacher.admin else {}

    def _class_item(self, teacher: Teacher, info, names: dict[int, str]) -> dict:
        """A class as the teacher page shows it, without its tables."""
        return {"code": info.code, "game": info.game, "title": lazy_gettext(games.get(info.game).title),
                "size": info.size, "level": info.level, "suggest": info.suggest, "ended": info.ended,
                "options": info.options, **(self._whose(info.owner, names) if teacher.admin else {})}

    def _table_item(self, teacher: Teacher, table: ClassTable) -> dict:
        """A table's row on the teacher page; a started one with the teacher's projector pass for it."""
        summary = table.summary(table.away(self.here(table)))
        return {**summary, "watch": self.projector_pass(teacher, table.id)} if table.started else summary

    def _teacher_words(self, teacher: Teacher, names: dict[int, str]) -> dict:
        """Whose page it is and, on the administrator's, the school's teachers and the list's words."""
        # In the teacher page's language: the tables' last moves, computers' names, games' titles.
        who = {"name": teacher.name, "admin": teacher.admin,
               "says": message("The administrator's page: every class on this server.") if teacher.admin
               else message("{name}'s classes", name=teacher.name)}
        if teacher.admin:  # the page's words for its list of teachers, in its language (the server's catalog)
            who["teachers"] = [{"id": i, "name": n, "confirm": message(
                "Remove {name}? Their link stops working at once, and their classes become yours.", name=n)}
                for i, n in names.items()]
            who["words"] = {"heading": message("Teachers on this server"), "name": message("Teacher's name"),
                            "add": message("Add a teacher"), "remove": message("Remove"),
                            "none": message("No teachers yet: every class here is yours.")}
        return who

    # -- the teacher page's socket ---------------------------------------------------------------------

    async def teacher_socket(self, request: web.Request) -> web.WebSocketResponse:
        """``/ws/teacher``: one per teacher page. Its first frame is a hello with the page's key (in
        the frame, never in the address, which a proxy's log would keep); it is answered with the
        teacher's whole state, then with only what changed in their own classes (``changes``). A
        key refused, removed or replaced is told so in a ``refused`` frame, and the socket closes."""
        _same_origin(request)
        peer = self._admit(request)
        page = None
        try:
            socket_ = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=20)
            await socket_.prepare(request)
            peer.open(socket_, request.transport)
            page = await self._teacher_hello(peer, socket_, self.join_address(request))
            sent: deque = deque()
            while page is not None and not peer.closed:  # after its hello a page only listens
                received = await socket_.receive()
                if received.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                    break
                count = _frames_in_second(sent)
                if count > 3 * FRAMES_PER_SECOND:
                    peer.hang_up()
                elif count <= FRAMES_PER_SECOND:
                    peer.send(protocol.error(message("That frame is not one this server knows.")))
        finally:
            self.teacher_pages.discard(page)
            self._release(peer)
        return socket_

    async def _teacher_hello(self, peer: Peer, socket_: web.WebSocketResponse, join: str) -> TeacherPage | None:
        """The teacher's page, seated and sent its whole state; None once the socket is told why not."""
        try:
            received = await socket_.receive(HELLO_SECONDS)
        except asyncio.TimeoutError:
            peer.send(protocol.error(message("This page said no hello: the class server closed it.")))
            await peer.finish()
            return None
        if received.type != WSMsgType.TEXT:
            return None
        try:
            frame = read_json(received.data)
        except Unreadable as exc:
            frame = {"error": lazy_gettext(UNREADABLE_FRAME[exc.nested])}
        given = frame.get("key")
        if frame.get("type") != "hello" or not isinstance(given, str):
            peer.send(protocol.error(frame.get("error") or message("Say hello first.")))
            await peer.finish()
            return None
        peer.lang = protocol.language_of(frame.get("lang"))
        teacher = await self.keys.who(given[:200], peer.address)
        if teacher is None:
            peer.send(protocol.refused(_key_refused(given)))
            await peer.finish()
            return None
        held = sorted((p for p in self.teacher_pages if p.teacher.id == teacher.id), key=lambda p: p.opened)
        for oldest in held[:max(0, len(held) - SOCKETS_PER_TEACHER + 1)]:
            self.teacher_pages.discard(oldest)
            oldest.peer.hang_up()
        page = TeacherPage(peer, teacher)
        with i18n.language(peer.lang):  # each item as the changes will be compared with it
            state = self.teacher_state_of(teacher, join)
            for info in state["classes"]:
                page.classes[info["code"]] = protocol.encode({k: v for k, v in info.items() if k != "tables"})
                for table in info["tables"]:
                    page.tables[table["id"]] = (info["code"], protocol.encode({**table, "class": info["code"]}))
            page.words = protocol.encode(state["teacher"])
        peer.send(protocol.teacher_state(state))
        self.teacher_pages.add(page)
        return page

    def _changed(self, table: ClassTable | None = None, code: str | None = None) -> None:
        """A table or a class changed: the teacher pages that show it hear of it at the next push."""
        if not self.teacher_pages:
            return  # a page that opens later is sent its whole state
        if table is not None:
            self.changed_tables.add(table.id)
            self.changed_classes.add(table.row.class_code)
        if code is not None:
            self.changed_classes.add(code)
        if self.push is None:
            self.push = asyncio.get_running_loop().call_later(TEACHER_PUSH, self._push_changes)

    def _push_changes(self) -> None:
        """Each teacher page is sent what changed in its own classes, as one frame (or nothing)."""
        self.push = None
        codes, table_ids, words = self.changed_classes, self.changed_tables, self.teachers_changed
        self.changed_classes, self.changed_tables, self.teachers_changed = set(), set(), False
        room, names = self.classroom, None
        for page in list(self.teacher_pages):
            teacher = page.teacher
            if teacher.admin and names is None:
                names = self._teacher_names(teacher)
            with i18n.language(page.peer.lang):
                classes = {code: protocol.encode(self._class_item(teacher, room.classes[code], names or {}))
                           if code in room.classes and page.sees(room.classes[code].owner) else None
                           for code in codes}
                tables = {}
                for table_id in table_ids:
                    table = room.tables.get(table_id)
                    code = table.row.class_code if table is not None else None
                    tables[table_id] = (code, protocol.encode({**self._table_item(teacher, table), "class": code})) \
                        if code in room.classes and page.sees(room.classes[code].owner) else None
                said = protocol.encode(self._teacher_words(teacher, names or {})) if words and teacher.admin else None
            text = changes(page, classes, tables, said)
            if text is not None:
                page.peer.send_text(text)

    def _sweep_teacher_pages(self) -> None:
        """Every class and table a teacher page shows is looked at again (TEACHER_SWEEP)."""
        self.swept = time.monotonic()
        for page in self.teacher_pages:
            self.changed_classes.update(page.classes)
            self.changed_tables.update(page.tables)
        if self.teacher_pages:
            self._changed()

    @staticmethod
    def _whose(owner: int | None, names: dict[int, str]) -> dict:
        """Whose class it is, for the administrator's page: the teacher's name (None: the
        administrator's own, or a removed teacher's) and the words its card shows."""
        name = names.get(owner) if owner is not None else None
        return {"teacher": name, "whose": message("{name}'s class", name=name) if name is not None
                else message("the administrator's class")}

    @functools.cached_property
    def game_choices(self) -> list[dict]:
        """The games a class can play, found once: ``games.all()`` looks through the package's folder
        for them, which every teacher page's poll repeated."""
        return [{"id": g.id, "title": lazy_gettext(g.title), "min": g.fewest_players, "max": g.max_players,
                 "options": {name: lazy_gettext(words) for name, words in class_options(g).items()}}
                for g in games.all() if g.render is not None]

    async def create_class(self, request: web.Request) -> web.Response:
        teacher = await self._teacher(request)
        data = await self._json(request)
        _expect(request, data, game=str, size=int, level=str, options=dict)
        try:
            info = self.classroom.create_class(data.get("game"), data.get("size"), data.get("level", "greedy"),
                                               data.get("options"), owner=teacher.id)
        except Refusal as exc:
            return _refused(request, exc)
        self._changed(code=info.code)
        return web.json_response({"code": info.code})

    async def class_action(self, request: web.Request) -> web.Response:
        teacher = await self._teacher(request)
        code, what = request.match_info["code"], request.match_info["what"]
        if not self._owns(teacher, code):  # a second click on Delete, say: a sentence, not a 404
            return _refused(request, Refusal(message("There is no such class: it may have been deleted.")))
        data = await self._json(request) if request.can_read_body else {}
        _expect(request, data, on=bool)
        if what not in ("suggest", "end", "delete"):
            raise web.HTTPNotFound()
        try:  # a full disk: the teacher reads why, and the class stays as it was
            if what == "suggest":
                self.classroom.set_suggest(code, bool(data.get("on")))
                changed = self.classroom.tables_of(code)
            elif what == "end":
                changed = self.classroom.end_class(code)
            else:
                gone, changed = self.classroom.delete_class(code), []
        except Refusal as exc:
            return _refused(request, exc)
        self._changed(code=code)  # its switch, its end, or its deletion (with its tables) on the page
        for table in changed:
            await self.broadcast(table)
            if what == "end":  # a table finishing its round after the bell plays on, computers too
                self.computer_turn(table)
        if what == "delete":
            for table_id in gone:
                self.clocks.forget(table_id)
                for peer in list(self.sockets.pop(table_id, {})):
                    peer.send(protocol.error(message("Your teacher has closed this class.")))
                    asyncio.get_running_loop().create_task(peer.finish())
        return web.json_response({"ok": True})

    async def table_action(self, request: web.Request) -> web.Response:
        teacher = await self._teacher(request)
        try:
            table_id = int(request.match_info["id"])
        except ValueError:
            raise web.HTTPNotFound() from None
        if table_id not in self.classroom.tables or not self._owns(teacher, self.classroom.tables[table_id].row.class_code):
            raise web.HTTPNotFound(text=says(request, message("There is no such table.")))
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
            return _refused(request, exc)
        await self.broadcast(table)
        self.computer_turn(table)
        return web.json_response({"ok": True})

    async def _class_of(self, request: web.Request) -> str:
        teacher = await self._teacher(request)
        code = request.match_info["code"]
        if not self._owns(teacher, code):
            raise Refusal(message("There is no such class: it may have been deleted."))
        return code

    async def report(self, request: web.Request) -> web.Response:
        try:
            code = await self._class_of(request)
        except Refusal as exc:  # deleted while the page was asking
            return _refused(request, exc)
        with i18n.language(request_language(request)):  # the keys stay English; their headers are the teacher's
            report = class_report(self.classroom, code)  # a computer that won is named in the teacher's words
            words = {"headers": headers(), "results": result_words()}
        return web.json_response({**report, "columns": COLUMNS, **words}, headers={"Cache-Control": "no-store"})

    async def report_csv(self, request: web.Request) -> web.Response:
        try:
            code = await self._class_of(request)
        except Refusal as exc:
            raise web.HTTPNotFound(text=says(request, exc.text)) from None
        # The English keys always; a header row in the teacher's language when the page asks (its lang).
        lang = i18n.best_language(protocol.language_of(request.query.get("lang")))
        with i18n.language(lang):
            translated = headers() if lang != i18n.SOURCE_LANGUAGE else None
            report = class_report(self.classroom, code)
        text = report_csv(report, translated)
        return web.Response(body=text.encode("utf-8"), content_type="text/csv", charset="utf-8", headers={
            "Cache-Control": "no-store", "Content-Disposition": f'attachment; filename="biocards-class-{code}.csv"'})

    async def qr_code(self, request: web.Request) -> web.Response:
        """The join address (with the class's code filled in) as a QR code a phone's camera opens;
        segno draws it as SVG."""
        teacher = await self._teacher(request)
        import io

        import segno

        drawn = io.BytesIO()  # a whole SVG document (with its namespace), as an <img> needs
        code = request.query.get("code", "")
        address = self.join_address(request) + (f"?code={code}" if self._owns(teacher, code) else "")
        segno.make(address, error="m").save(drawn, kind="svg", scale=6, xmldecl=False,
                                                                dark="#000", light="#fff")
        return web.Response(body=drawn.getvalue(), content_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    # -- students ------------------------------------------------------------------------------------

    @staticmethod
    def _within_minute(times: deque, now: float) -> int:
        while times and now - times[0] > 60:
            times.popleft()
        return len(times)

    async def join(self, request: web.Request) -> web.Response:
        address = request.remote or "?"
        now = time.monotonic()
        if self._within_minute(self.join_failures[address], now) >= JOIN_FAILURES:
            # guessing codes: no more tries from there for a minute
            return answer(request, {"error": message("Too many wrong codes from this device: wait a minute, "
                                                     "then check the code with your teacher.")})
        if self._within_minute(self.joins[address], now) >= JOINS_PER_MINUTE * self._allowance(address):
            return answer(request, {"error": message("Too many students have joined from this network in the "
                                                     "last minute: wait a minute, then join again.")})
        data = await self._json(request)
        _expect(request, data, code=str, name=str)
        try:
            token, table, seat = self.classroom.join(data.get("code"), data.get("name"))
        except Refusal as exc:
            self.join_failures[address].append(now)
            return _refused(request, exc)
        self.joins[address].append(now)
        await self.broadcast(table)
        self.computer_turn(table)
        return web.json_response({"token": token, "table": table.row.number, "seat": seat,
                                  "game": table.game.id})

    @functools.cached_property
    def lesson_questions(self) -> dict[str, set[str]]:
        """Each lesson page of the site and its check-yourself questions, as the pages name them."""
        found: dict[str, set[str]] = {}
        for page in sorted((self.dist / "lessons").glob("*.html")) if (self.dist / "lessons").is_dir() else ():
            text = page.read_text(encoding="utf-8", errors="replace")
            lesson = LESSON.search(text)
            if lesson:
                found[lesson.group(1)] = set(QUESTION.findall(text))
        return found

    async def answer(self, request: web.Request) -> web.Response:
        """A check-yourself answer from a lesson page of a student with a seat: for the report. Only
        a question the site's lessons ask counts, with that lesson's own number of questions, and
        only its first answer is kept: a script cannot make up lessons done."""
        data = await self._json(request)
        token = data.get("token")
        if not isinstance(token, str) or token not in self.classroom.seats:  # before the limit: no seat, no count
            return answer(request, {"error": message("No class seat on this device.")})
        if self._within_minute(self.answers[token], time.monotonic()) >= ANSWERS_PER_MINUTE:
            return answer(request, {"error": message("Too many answers from this seat in a minute.")})
        self.answers[token].append(time.monotonic())
        lesson, question, right = data.get("lesson"), data.get("question"), data.get("right")
        asked = self.lesson_questions.get(lesson) if isinstance(lesson, str) else None
        if not (asked and question in asked and isinstance(right, bool)):
            return answer(request, {"error": message("That answer could not be read.")})
        if (token, lesson, question) not in self.answered:  # the report counts a first try only
            try:
                self.classroom.note(token, "answer", {"lesson": lesson, "question": question, "right": right,
                                                      "of": len(asked)})
            except Refusal as exc:  # a full disk: not counted, so a later try may be
                return _refused(request, exc)
            self.answered.add((token, lesson, question))
        return web.json_response({"ok": True})

    # -- sockets -------------------------------------------------------------------------------------

    def here(self, table: ClassTable) -> set[int | None]:
        """The seats whose pages are connected at ``table`` (``None``: a projector)."""
        return set(self.sockets.get(table.id, {}).values())

    def frame(self, table: ClassTable, seat: int | None, since: int | None = None) -> dict:
        """``seat``'s whole frame, as the referee makes it, with who is here and the clock's time."""
        return self.classroom.frame(table, seat, since, here=self.here(table),
                                    clock_left=self.clocks.seconds_left(table))

    def send_frame(self, peer: Peer, table: ClassTable, seat: int | None, since: int | None = None) -> None:
        """``peer``'s frame, made in its language: a game's view writes some texts as it is made
        (a pending choice's prompt, why the game ended), besides the Messages written when sent."""
        with i18n.language(peer.lang):
            peer.send(self.frame(table, seat, since))

    async def broadcast(self, table: ClassTable, since: int | None = None) -> None:
        """Every page at the table gets its own seat's position (and the log after ``since``),
        queued: a page that is slow to take it holds up no one (a coroutine that waits for nothing,
        as its callers beside the referee await it)."""
        self.clocks.tend(table)
        self.away_told[table.id] = sorted(table.away(self.here(table)))
        self._changed(table)
        for peer, seat in list(self.sockets.get(table.id, {}).items()):
            self.send_frame(peer, table, seat, since)

    def tell_away(self, table: ClassTable, skip: Peer | None = None) -> None:
        """Who is away changed: each page at the table hears it (its position is unchanged), but
        ``skip``, whose position said so. Another page of a seat already here changes nothing, and
        nothing is sent."""
        away = sorted(table.away(self.here(table)))
        if self.away_told.get(table.id) == away:
            return
        self.away_told[table.id] = away
        self._changed(table)
        for peer in list(self.sockets.get(table.id, {})):
            if peer is not skip:
                peer.send(protocol.away(away))

    def _admit(self, request: web.Request) -> Peer:
        """A new socket's peer, if its address has room (SOCKETS_PER_ADDRESS), else a 429."""
        address = request.remote or "?"
        opened, now = self.opened[address], time.monotonic()
        if (self.by_address[address] >= SOCKETS_PER_ADDRESS * self._allowance(address)
                or self._within_minute(opened, now) >= SOCKETS_OPENED_PER_MINUTE * self._allowance(address)):
            raise web.HTTPTooManyRequests(text=says(request, message(
                "Too many pages of this network are open on the class server.")))
        opened.append(now)
        self.by_address[address] += 1
        peer = Peer(address)
        self.peers.add(peer)
        return peer

    def _release(self, peer: Peer) -> None:
        peer.stop()
        self.peers.discard(peer)
        self.by_address[peer.address] -= 1
        if self.by_address[peer.address] <= 0:
            del self.by_address[peer.address]
        if peer.token:
            held = self.by_token.get(peer.token, [])
            if peer in held:
                held.remove(peer)
            if not held:
                self.by_token.pop(peer.token, None)
        if peer.table is not None and self.sockets.get(peer.table.id, {}).pop(peer, None) is not None:
            self.tell_away(peer.table)

    def _seat(self, peer: Peer, table: ClassTable, seat: int, token: str) -> None:
        """Seat ``peer``'s socket; a token's oldest socket beyond SOCKETS_PER_TOKEN is closed (a
        stale socket of a sleeping device, or a script's flood: the newest page wins)."""
        held = self.by_token[token]
        while len(held) >= SOCKETS_PER_TOKEN:
            held.pop(0).hang_up()
        held.append(peer)
        peer.table, peer.seat, peer.token = table, seat, token
        self.sockets[table.id][peer] = seat

    async def play_socket(self, request: web.Request) -> web.WebSocketResponse:
        _same_origin(request)
        peer = self._admit(request)
        try:
            socket_ = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=20)
            await socket_.prepare(request)
            peer.open(socket_, request.transport)
            await self._play(peer, socket_)
        finally:
            self._release(peer)
        return socket_

    async def _play(self, peer: Peer, socket_: web.WebSocketResponse) -> None:
        loop = asyncio.get_running_loop()
        hello_by = loop.time() + HELLO_SECONDS
        sent: deque = deque()
        while not peer.closed:
            try:  # until a valid hello, the socket has HELLO_SECONDS in all
                received = await socket_.receive(None if peer.table else max(0.0, hello_by - loop.time()))
            except asyncio.TimeoutError:
                peer.send(protocol.error(message("This page said no hello: the class server closed it.")))
                await peer.finish()
                return
            if received.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            if received.type != WSMsgType.TEXT:
                peer.send(protocol.error(message("Frames are JSON text.")))
                continue
            count = _frames_in_second(sent)
            if count > FRAMES_PER_SECOND:
                if count > 3 * FRAMES_PER_SECOND:
                    peer.hang_up()
                    return
                if count == FRAMES_PER_SECOND + 1:
                    peer.send(protocol.error(message("Too many frames: slow down.")))
                continue
            try:
                frame = read_json(received.data)
            except Unreadable as exc:
                peer.send(protocol.error(lazy_gettext(UNREADABLE_FRAME[exc.nested])))
                continue
            kind, table, seat = frame.get("type"), peer.table, peer.seat
            if kind == "hello":
                if not await self._hello(peer, frame):
                    return
            elif table is None:
                peer.send(protocol.error(message("Say hello first.")))
            elif kind == "move":
                await self.move(table, seat, frame.get("action"), frame.get("at"), peer)
            elif kind == "hint":
                self.ask_hint(table, seat, peer)
            elif kind == "why":
                try:
                    self.classroom.note(peer.token, "why", {"concept": frame.get("concept")})
                except NotSaved as exc:
                    peer.send(protocol.error(exc.text))
                except Refusal:
                    pass  # a Why? the report cannot read (or a seat handed to a computer): nothing to keep
            else:
                peer.send(protocol.error(message("That frame is not one this server knows.")))

    async def _hello(self, peer: Peer, frame: dict) -> bool:
        """Seat the socket; False if it is to close (another build, or a token with no seat)."""
        if peer.table is not None:  # one socket is one seat's: a second hello would leave a ghost behind
            peer.send(protocol.error(message("This page has said hello already.")))
            return True
        if frame.get("build") != self.build:
            peer.send(protocol.reload())
            await peer.finish()
            return False
        # One language per socket, from its one hello: a page that switches language reconnects.
        peer.lang = protocol.language_of(frame.get("lang"))
        try:
            table, seat = self.classroom.seat_of(frame.get("token"))
        except Refusal as exc:
            peer.send(protocol.error(exc.text, lost=True))
            await peer.finish()
            return False
        self._seat(peer, table, seat, frame["token"])
        self.send_frame(peer, table, seat, protocol.since_of(frame, table.moves))
        self.tell_away(table, skip=peer)
        return True

    async def move(self, table: ClassTable, seat: int, action, at, peer: Peer) -> None:
        before = table.moves
        try:
            self.classroom.play(table, seat, action, at)
        except Refusal as exc:
            peer.send(protocol.refused(exc.text, table.moves))
            return
        await self.broadcast(table, since=before)
        self.computer_turn(table)

    def ask_hint(self, table: ClassTable, seat: int, peer: Peer) -> None:
        """Suggest a move to the seat to move, if the referee allows it: one at a time per seat (a
        limit of this edge), worked out apart from the computers (computers.py), while the socket
        goes on reading."""
        try:
            self.classroom.check_hint(table, seat)
        except Refusal as exc:
            peer.send(protocol.refused(exc.text))
            return
        if (table.id, seat) in self.hinting:
            peer.send(protocol.refused(message("A suggestion is on its way.")))
            return
        self.hinting.add((table.id, seat))
        asyncio.get_running_loop().create_task(self._hint(table, seat, peer))

    async def _hint(self, table: ClassTable, seat: int, peer: Peer) -> None:
        at = table.moves
        try:
            found = await self.computers.hint(table.id, table.state.to_record(), table.row.seed + at)
        except HintsBusy as exc:
            peer.send(protocol.refused(exc.text))
            return
        finally:
            self.hinting.discard((table.id, seat))
        if table.moves == at:
            peer.send(protocol.hint(found["action"], found["reason"], at))  # a Message: in the page's language
            try:
                self.classroom.note(peer.token, "hint", {"move": at})
            except Refusal:  # the suggestion is shown all the same; only the report misses it
                pass

    async def watch_socket(self, request: web.Request) -> web.WebSocketResponse:
        """The projector view: a table as a spectator sees it (``view(None)``: no hand, no moves),
        for a projector pass of that table (``projector_pass``) only."""
        _same_origin(request)
        given = request.query.get("pass", "")
        table_id, until, whose = self.passes.get(given, (None, 0.0, None))
        if table_id is None or until <= time.monotonic():
            raise web.HTTPForbidden(text=says(request, message(
                "This projector link has expired: open it again from the teacher's page.")))
        try:
            table = self.classroom.tables[table_id]
        except KeyError:
            raise web.HTTPNotFound(text=says(request, message("There is no such table."))) from None
        # The pass's teacher must still be on the server (a removal by the command line is read here
        # before the keys' watch sees it) and still own the table's class.
        if whose is not None and (self.store.teacher_secret(whose) is None
                                  or self.classroom.classes[table.row.class_code].owner != whose):
            raise web.HTTPForbidden(text=says(request, message(
                "This projector link has expired: open it again from the teacher's page.")))
        peer = self._admit(request)
        try:
            socket_ = web.WebSocketResponse(max_msg_size=FRAME_LIMIT, heartbeat=20)
            await socket_.prepare(request)
            peer.open(socket_, request.transport)
            if request.query.get("build") != self.build:
                peer.send(protocol.reload())
                await peer.finish()
                return socket_
            peer.table, peer.lang, peer.watcher = table, protocol.language_of(request.query.get("lang")), whose
            self.sockets[table.id][peer] = None
            self.send_frame(peer, table, None)
            async for _message in socket_:  # a spectator only listens
                pass
        finally:
            self._release(peer)
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
                try:
                    if not self.classroom.play_for_computer(table, seat, data, at):
                        continue  # the teacher paused or ended it meanwhile, or the table went
                except NotSaved:
                    self._not_saved(table, message(
                        "The class server could not save the computer's move: tell your teacher. It will try again."))
                    await asyncio.sleep(NOT_SAVED_RETRY)
                    continue  # chosen again (the same seed: the same move) and saved then
                await self.broadcast(table, since=at)
        finally:
            self.thinking.discard(table.id)

    def _not_saved(self, table: ClassTable, sentence: Message) -> None:
        """A move the referee makes itself could not be stored: the pages at the table say so (the
        move is tried again, NOT_SAVED_RETRY later), rather than the table waiting in silence."""
        for peer in list(self.sockets.get(table.id, {})):
            peer.send(protocol.error(sentence))

    async def clock_ran_out(self, table: ClassTable) -> None:
        """The rulebook's time is up at ``table``: the referee plays the clock's move for it."""
        at = table.moves
        while True:
            try:
                played = self.classroom.play_clock(table)
                break
            except NotSaved:
                self._not_saved(table, message(
                    "The class server could not save the clock's move: tell your teacher. It will try again."))
                await asyncio.sleep(NOT_SAVED_RETRY)
                if table.moves != at or table.paused:
                    return  # the table moved on, or is held: tend() sees to the time from here
        if not played:
            return  # the table went, or a choice outside the talks is waiting: the move follows it
        await self.broadcast(table, since=at)
        self.computer_turn(table)

    async def _resume_computers(self, _app) -> None:
        for table in self.classroom.tables.values():
            self.clocks.tend(table)  # a turn being negotiated when the server stopped gets its time again
            self.computer_turn(table)

    async def _close_sockets(self, _app) -> None:
        for peer in list(self.peers):  # the pages reconnect to the server started next
            peer.hang_up()

    async def _cleanup(self, app) -> None:
        if KEYS_WATCH in app:
            app[KEYS_WATCH].cancel()
        if self.push is not None:
            self.push.cancel()
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
        raise web.HTTPForbidden(text=says(request, message(
            "A class table can only be opened from this server's own pages.")))


def _frames_in_second(sent: deque, now: float | None = None) -> int:
    """Count a frame a socket's page sent at ``now`` (the monotonic clock's unless a test gives its
    own time): how many it sent in the last second."""
    now = time.monotonic() if now is None else now
    sent.append(now)
    while now - sent[0] > 1:
        sent.popleft()
    return len(sent)


def _key_refused(given: str) -> Message:
    """Why a teacher's key opens nothing: a teacher's own link removed or replaced, or no link at all."""
    if teacher_of_key(given) is not None:
        return _link_stopped()
    return message("The teacher page needs the link the class server printed when it started.")


def _link_stopped() -> Message:
    return message("This teacher's link no longer opens this class server: ask its administrator for a new one.")


def _whole(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refusal(message("That request names no seat or table."))
    return value


def _refused(request: web.Request, exc: Refusal) -> web.Response:
    """A refusal as the page shows it: a sentence, with a 200 status, because a 4xx answer to a
    page's fetch also puts a red console error in the student's browser for an ordinary mistyped
    code. Requests without the teacher's key still get a plain 403."""
    return answer(request, {"error": exc.text})
