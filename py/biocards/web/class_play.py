"""The class source: a seat at a class table, fed by the class server (docs/design.md, "The page").

The server referees the game. Its frames (``position``, ``waiting``, ``refused``, ``hint``, ``away``,
``reload``, ``error``; docs/class-server.md) arrive over a WebSocket; each ``position`` frame is
this seat's view, legal moves, new log lines, whose turn and, at the end, the scores, and the table
draws exactly that. A move is sent with the move count it was made on, and the page never moves on
its own (no optimistic moves). The projector is this source with no seat: the server sends it
``view(None)`` and it only listens.
"""

from __future__ import annotations

import json

from pyscript import document, window

from .. import games, i18n, protocol
from ..core import Action, Event
from ..i18n import _
from .dom import _el, _player, site_link
from .saves import _get
from .source import Position, Result, Source

SEAT_KEY = "biocards:class-seat"
"""Where join.js keeps this device's seat: {code, token, game}."""
RETRY_SECONDS = (1, 2, 3, 5)
"""Waits between attempts to reach the server again after a drop (the last one repeats)."""


class ClassConnection(Source):
    """One seat of a class table on this student's own device (``seat_info`` from join.js), or,
    with ``watch=(table id, projector pass)``, the table on the teacher's projector (the pass is
    for that table alone, never the teacher's key)."""

    def __init__(self, game: str, build: str, seat_info: dict | None = None,
                 watch: tuple[str, str] | None = None) -> None:
        self.game = games.get(game)
        self.build = build  # the wheel this page runs: the server reloads a page of another build
        self.projector = watch is not None
        self.watch = watch
        self.token = seat_info["token"] if seat_info else ""
        self.code = seat_info.get("code", "") if seat_info else ""
        self.frame: dict | None = None  # the last position the server sent
        self.seat: int | None = None  # this device's seat (None: the projector)
        self.names: list[str] = []
        self.kinds: list[str] = []
        self.suggest = False  # the teacher allows hints
        self.hints = 0
        self.refusal = ""  # the referee's last refusal, for the details panel
        self.socket = None
        self.failures = 0
        self.logged = -1  # the last move whose events are in the log (-1: none yet)
        self.sending = False  # a move is on its way to the referee
        self.clock_deadline: float | None = None  # when the server's clock runs out (page ms), if it runs

    # -- the connection ----------------------------------------------------------------------------

    def open(self) -> None:
        _el("rules-link").href = site_link(f"lessons/rules/{self.game.id}.html")
        _el("boot-status").textContent = _("Finding your table…")
        title = _(self.game.title)
        if self.projector:
            document.documentElement.dataset.projector = "1"
            document.title = _("{game} on the projector · BioCards").format(game=title)
            _el("game-title").textContent = title
            _el("details-mode").hidden = True
        else:
            document.title = _("{game} · class · BioCards").format(game=title)
            _el("game-title").textContent = _("{game}: class {code}").format(game=title, code=self.code)

    def run(self) -> None:
        self._connect()

    def _connect(self) -> None:
        scheme = "wss" if str(window.location.protocol) == "https:" else "ws"
        if self.watch is None:
            url = f"{scheme}://{window.location.host}/ws/play"
        else:
            query = window.URLSearchParams.new()
            for name, value in (("table", self.watch[0]), ("pass", self.watch[1]), ("build", self.build),
                                ("lang", i18n.get_language())):
                query.set(name, value)
            url = f"{scheme}://{window.location.host}/ws/watch?{query.toString()}"
        self.socket = window.WebSocket.new(url)
        for name, handler in (("open", self._on_open), ("message", self._on_message), ("close", self._on_close)):
            self.socket.addEventListener(name, self.table.handler(handler))

    def send(self, frame: dict) -> None:
        if self.watch is not None:
            return  # a spectator only listens (the projector's Why? counts for no student)
        if self.socket is not None and self.socket.readyState == 1:
            self.socket.send(protocol.encode(frame))

    def _on_open(self, _event) -> None:
        self.failures = 0
        if self.watch is not None:
            return  # the server sends the table at once: a spectator says nothing
        since = self.frame["moves"] if self.frame is not None and self.logged >= 0 else None
        self.send(protocol.hello(self.token, self.build, since, i18n.get_language()))

    def _on_close(self, _event) -> None:
        self.socket = None
        if document.documentElement.dataset.state == "lost":
            return
        # A sleeping Chromebook or a Wi-Fi drop: try again by itself, and say so meanwhile.
        wait = RETRY_SECONDS[min(self.failures, len(RETRY_SECONDS) - 1)]
        self.failures += 1
        _el("status").textContent = _("Lost touch with the class server: trying again…")
        document.documentElement.dataset.connection = "lost"
        window.setTimeout(self.table.handler(lambda _e=None: self._connect()), wait * 1000)

    def _on_message(self, event) -> None:
        frame = protocol.decode(str(event.data))
        kind = frame.get("type")
        if kind in ("position", "waiting"):
            document.documentElement.dataset.connection = "open"
            self._position(frame)
        elif kind == "away":
            self._show_away(frame["away"])
        elif kind == "refused":
            self.sending = False
            if self.frame is not None:
                self.refusal = frame["message"]
                self.table.draw(self.position())
            self.table.bar.say_refusal(frame["message"])
        elif kind == "hint":
            self._show_hint(frame)
        elif kind == "reload":
            self._reload_for_new_build()
        elif kind == "error":
            if frame.get("lost"):
                window.localStorage.removeItem(SEAT_KEY)
                document.documentElement.dataset.state = "lost"
                window.biocardsFail(frame["message"])
            else:
                self.table.bar.say_refusal(frame["message"])

    def _reload_for_new_build(self) -> None:
        """The server runs another build of the site: this page's drawing code may not know its
        views, so load the new one (at most once a minute, should the old page come back)."""
        last = _get("biocards:class-reload", window.sessionStorage)
        now = window.Date.now()
        if last is None or now - float(last) > 60_000:
            window.sessionStorage.setItem("biocards:class-reload", str(now))
            window.location.reload()
        else:
            window.biocardsFail(_("This page is older than the class server's site: reload the page."))

    # -- what the server sent --------------------------------------------------------------------------

    def _position(self, frame: dict) -> None:
        table = self.table
        self.seat = frame["seat"]
        self.names, self.kinds = frame["names"], frame["seats"]
        self.suggest = bool(frame.get("suggest")) and self.seat is not None
        if self.seat is not None:
            document.documentElement.dataset.seat = str(self.seat)
        if frame["type"] == "waiting":
            seated = len(frame["seated"])
            _el("boot").hidden = False
            _el("boot-status").textContent = _("Table {table}: {seated} of {size} players are here. The game starts "
                                               "when the table is full or your teacher starts it.").format(
                table=frame["table"], seated=seated, size=frame["size"])
            document.documentElement.dataset.state = "waiting"
            return
        self.sending = False
        left = frame.get("clock_left")
        self.clock_deadline = window.Date.now() + left * 1000 if isinstance(left, (int, float)) else None
        mover = self._current(self.frame) if self.frame is not None else None
        self.frame = frame
        self.refusal = ""
        events = [(e["move"], Event.from_json(e)) for e in frame["events"]]
        fresh = [(n, e) for n, e in events if n > self.logged]
        if frame["whole_log"]:  # (a reconnect, or the teacher's change): the log is drawn again
            table.log.clear()
            table.log.line(self._welcome(frame))
        else:
            events = fresh
        table.log.events(events)
        # "At your table" only what is new; this seat's own move clears it.
        table.bar.note_events(mover is None or mover == self.seat, [e for _n, e in fresh])
        self.logged = frame["moves"]
        table.draw(self.position())
        self._show_away(frame.get("away", []))
        if frame["terminal"]:
            table.show_end()
            return
        if frame.get("paused"):
            _el("status").textContent = _("Your teacher has paused this table.")
        document.documentElement.dataset.state = "ready"

    def _welcome(self, frame: dict) -> str:
        if self.seat is None:
            return _("Table {table}, as everyone at it can see it.").format(table=frame["table"])
        return _("Class {code}, table {table}: you are {player}.").format(code=self.code, table=frame["table"],
                                                                         player=_player(self.seat))

    def _show_away(self, away: list[int]) -> None:
        names = [self._name(p) for p in away if p != self.seat]
        _el("thinking").textContent = (_("Away: {names}. The table waits for them.").format(names=", ".join(names))
                                       if names else "")

    def _show_hint(self, frame: dict) -> None:
        if self.frame is None or frame.get("moves") != self.frame["moves"]:
            return
        self.hints += 1
        self.table.controls.show_hint(frame["reason"], Action.from_json(frame["action"]).key)

    @staticmethod
    def _current(frame: dict) -> int | None:
        return None if frame["terminal"] else frame["current"]

    # -- what the table asks ---------------------------------------------------------------------------

    def _name(self, p: int) -> str:
        return self.names[p] if 0 <= p < len(self.names) and self.names[p] else _player(p)

    def position(self) -> Position | None:
        frame = self.frame
        if frame is None:
            return None
        seat = self._current(frame)
        here = self.person_to_move() is not None
        result = None
        if frame["terminal"]:
            scores = frame.get("scores", [])
            result = Result(scores, frame.get("winners", []), frame.get("breakdown") or [[] for _ in scores],
                            frame.get("tie_break"), bell=bool(frame.get("bell")))
        legal = ()
        if here:
            legal = tuple(Action.from_json(move["action"]).with_label(move["label"]) for move in frame["legal"])
        return Position(view=frame["view"], moves=frame["moves"], mover=seat, here=here, legal=legal,
                        status=self._status(frame, seat, here), addressee=_("You"), result=result)

    def _status(self, frame: dict, seat: int | None, here: bool) -> str | None:
        """The prompt bar's line, unless it is this seat's move to make (the game's prompt then)."""
        if frame.get("ended") and self.seat is not None:
            return _("Your teacher has ended this game.")
        if seat is None:  # the game is over: nobody to move or wait for; the end screen names the winner
            return None
        if self.seat is None:  # the projector
            return _("{player} to move.").format(player=self._name(seat))
        if self.sending:
            return _("Your move is on its way to the referee…")
        if here:
            return None
        kind = self.kinds[seat] if seat < len(self.kinds) else "human"
        who = self._name(seat)
        return (_("{player} is thinking…") if kind != "human" else _("Waiting for {player} to move…")).format(player=who)

    def bell_finishing(self) -> bool:
        """The teacher's bell has rung and the table finishes the round in progress (the server's frame says so)."""
        return self.frame is not None and bool(self.frame.get("bell")) and not self.frame["terminal"]

    def person_to_move(self) -> int | None:
        """Only this device's own seat is played here; every other seat is the server's business."""
        seat = self._current(self.frame) if self.frame is not None else None
        return seat if seat is not None and seat == self.seat and not self.sending else None

    def seat_title(self, p: int) -> str:
        if p == self.seat:
            return _("{name} ({player}, you)").format(name=self._name(p), player=_player(p))
        return _("{name} ({player})").format(name=self._name(p), player=_player(p))

    def recent_lead(self, count: int) -> str:
        # The other seats are classmates as often as computers.
        return _("At your table, just now: ")

    def play(self, action: Action) -> None:
        if self.person_to_move() is None:
            return
        self.sending = True
        self.table.actions = {}  # one move per turn: a second click waits for the server's answer
        self.table.bar.clear_refusal()
        _el("status").textContent = _("Your move is on its way to the referee…")
        self.send(protocol.move(action.to_json(), self.frame["moves"]))

    def refuse(self, action: Action) -> None:
        """A touched move that is not open: the referee says why, in the engine's own sentence."""
        self.send(protocol.move(action.to_json(), self.frame["moves"]))

    def reason(self, action: Action) -> str:
        return self.refusal or _("That move is not open to you now.")

    def concept_opened(self, concept: str) -> None:
        self.send(protocol.why(concept))  # the class report counts the Why? a student opens

    # -- the controls ----------------------------------------------------------------------------------

    def hints_allowed(self) -> bool:
        return self.suggest

    def ask_hint(self) -> None:
        _el("hint-text").textContent = _("Asking for a suggestion…")
        self.send(protocol.ask_hint())

    def hints_used(self) -> int:
        return self.hints

    # -- the server's clock ----------------------------------------------------------------------------

    def running_clock(self) -> dict | None:
        """The class server keeps the time (it sends the seconds left with each position)."""
        if self.frame is None or self.clock_deadline is None:
            return None
        return self.frame["view"].get("clock")

    def seconds_left(self, clock: dict) -> float:
        return (self.clock_deadline - window.Date.now()) / 1000

    def time_up(self, kind: str) -> None:
        """The server plays the clock's move for the table; its next position arrives shortly."""


def seat_from_storage(code: str) -> dict | None:
    """This device's seat in class ``code``, as join.js stored it, or None."""
    try:
        seat = json.loads(_get(SEAT_KEY) or "null")
    except ValueError:
        return None
    if not isinstance(seat, dict) or seat.get("code") != code or not seat.get("token"):
        return None
    return seat
