"""A class game in the page: the same table, fed by the class server instead of the engine.

The table reads its position from ``self.state`` and makes a move with ``_play``. In a local game
``state`` is the engine's :class:`~biocards.core.game.GameState`; here it is a
:class:`ServerPosition`, the seat's own view as the server last sent it, and ``_play`` sends the
move to the server, which referees it and answers every seat. The page never moves on its own
(no optimistic moves): it draws only what the server sent.
"""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..core import Action, Event
from ..svg import LAYOUTS
from .controls import Controls
from .dom import _el
from .saves import _get
from .seats import Setup
from .table import Table

PROJECTOR_SCALE = 2
"""The projector draws the table at twice its design size at least (see ProjectorTable)."""
SEAT_KEY = "biocards:class-seat"
"""Where join.js keeps this device's seat: {code, token, game}."""
RETRY_SECONDS = (1, 2, 3, 5)
"""Waits between attempts to reach the server again after a drop (the last one repeats)."""


class ServerPosition:
    """What the table reads of a game state, answered from the server's last frame for this seat."""

    def __init__(self, frame: dict) -> None:
        self.frame = frame
        self.history = [None] * frame["moves"]  # only its length is read: the move count
        self.current_player = None if frame["terminal"] else frame["current"]
        self.options: dict = {}
        self._legal = [Action.from_json(move["action"]).with_label(move["label"]) for move in frame["legal"]]
        self.refusal = ""

    def legal_actions(self) -> list[Action]:
        return self._legal

    def view(self, _player=None) -> dict:
        return self.frame["view"]

    def is_terminal(self) -> bool:
        return self.frame["terminal"]

    def scores(self) -> list[int]:
        return self.frame.get("scores", [])

    def winners(self) -> list[int]:
        return self.frame.get("winners", [])

    def score_breakdown(self, p: int) -> list:
        return self.frame.get("breakdown", [[]] * (p + 1))[p]

    def tie_break(self) -> str | None:
        return self.frame.get("tie_break")

    def explain_illegal(self, _action: Action) -> str:
        return self.refusal or "That move is not open to you now."


class ClassControls(Controls):
    """In class play a move cannot be taken back, nor a position shared; a hint comes from the
    server, and only while the teacher allows it."""

    def refresh(self) -> None:
        table = self.table
        document.documentElement.dataset.moves = str(len(table.state.history))
        mine = table.human_seat_to_move() is not None
        _el("hint").hidden = not table.suggest
        _el("hint").disabled = not (mine and table.suggest)
        if not mine:
            _el("hint-text").textContent = ""
        for hidden in ("undo", "share", "replay", "end-replay", "new-game"):
            _el(hidden).hidden = True
        _el("undo-why").textContent = ""

    def on_hint(self, _event=None) -> None:
        if self.table.human_seat_to_move() is not None:
            _el("hint-text").textContent = "Asking for a suggestion…"
            self.table.send({"type": "hint"})

    def on_undo(self, _event=None) -> None:
        return

    def hints_used(self) -> int:
        return self.table.hints


class ClassTable(Table):
    """One seat of a class table, on this student's own device."""

    def __init__(self, seat_info: dict, concepts: dict, build: str) -> None:
        setup = Setup(seat_info["game"], ("human",), None, 0, {})
        super().__init__(setup, concepts)
        self.controls = ClassControls(self)
        self.token = seat_info["token"]
        self.code = seat_info.get("code", "")
        self.build = build
        self.seat: int | None = None
        self.names: list[str] = []
        self.kinds: list[str] = []
        self.suggest = False
        self.hints = 0
        self.socket = None
        self.failures = 0
        self.logged = -1  # the last move whose events are in the log (-1: none yet)
        self.sending = False
        self.clock_deadline: float | None = None  # when the server's clock runs out (page ms), if it runs

    # -- the connection ----------------------------------------------------------------------------

    def start(self) -> None:
        document.title = f"{self.game.title} · class · BioCards"
        _el("game-title").textContent = f"{self.game.title}: class {self.code}"
        _el("rules-link").href = f"../lessons/rules/{self.game.id}.html"
        _el("pace").parentElement.style.display = "none"  # computers keep the server's pace
        _el("boot-status").textContent = "Finding your table…"
        self._bind()
        self._connect()

    def _connect(self) -> None:
        scheme = "wss" if str(window.location.protocol) == "https:" else "ws"
        self.socket = window.WebSocket.new(f"{scheme}://{window.location.host}/ws/play")
        for name, handler in (("open", self._on_open), ("message", self._on_message), ("close", self._on_close)):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)
            self.socket.addEventListener(name, proxy)

    def send(self, frame: dict) -> None:
        if self.socket is not None and self.socket.readyState == 1:
            self.socket.send(json.dumps(frame))

    def _on_open(self, _event) -> None:
        self.failures = 0
        since = len(self.state.history) if self.state is not None and self.logged >= 0 else None
        self.send({"type": "hello", "token": self.token, "build": self.build, "since": since})

    def _on_close(self, _event) -> None:
        self.socket = None
        if document.documentElement.dataset.state == "lost":
            return
        # A sleeping Chromebook or a Wi-Fi drop: try again by itself, and say so meanwhile.
        wait = RETRY_SECONDS[min(self.failures, len(RETRY_SECONDS) - 1)]
        self.failures += 1
        _el("status").textContent = "Lost touch with the class server: trying again…"
        document.documentElement.dataset.connection = "lost"
        proxy = create_proxy(self._guard(lambda _e=None: self._connect()))
        self._proxies.append(proxy)
        window.setTimeout(proxy, wait * 1000)

    def _on_message(self, event) -> None:
        frame = json.loads(str(event.data))
        kind = frame.get("type")
        if kind in ("position", "waiting"):
            document.documentElement.dataset.connection = "open"
            self._position(frame)
        elif kind == "away":
            self._show_away(frame["away"])
        elif kind == "refused":
            self.sending = False
            if self.state is not None:
                self.state.refusal = frame["message"]
                self._render()
            self._say_refusal(frame["message"])
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
                self._say_refusal(frame["message"])

    def _reload_for_new_build(self) -> None:
        """The server runs another build of the site: this page's drawing code may not know its
        views, so load the new one (at most once a minute, should the old page come back)."""
        last = _get("biocards:class-reload", window.sessionStorage)
        now = window.Date.now()
        if last is None or now - float(last) > 60_000:
            window.sessionStorage.setItem("biocards:class-reload", str(now))
            window.location.reload()
        else:
            window.biocardsFail("This page is older than the class server's site: reload the page.")

    # -- what the server sent --------------------------------------------------------------------------

    def _position(self, frame: dict) -> None:
        self.seat = frame["seat"]
        self.names, self.kinds = frame["names"], frame["seats"]
        self.suggest = bool(frame.get("suggest")) and self.seat is not None
        if self.seat is not None:
            document.documentElement.dataset.seat = str(self.seat)
        if frame["type"] == "waiting":
            seated = len(frame["seated"])
            _el("boot").hidden = False
            _el("boot-status").textContent = (f"Table {frame['table']}: {seated} of {frame['size']} players are here. "
                                              "The game starts when the table is full or your teacher starts it.")
            document.documentElement.dataset.state = "waiting"
            return
        self.sending = False
        self.viewer = self.seat
        left = frame.get("clock_left")
        self.clock_deadline = window.Date.now() + left * 1000 if isinstance(left, (int, float)) else None
        mover = self.state.current_player if self.state is not None else None
        self.state = ServerPosition(frame)
        events = [(e["move"], Event(e["kind"], e["player"], e["text"], tuple(e["concepts"]))) for e in frame["events"]]
        fresh = [(n, e) for n, e in events if n > self.logged]
        if frame["whole_log"]:  # (a reconnect, or the teacher's change): the log is drawn again
            _el("log").innerHTML = ""
            self._log_line(None, self._welcome(frame), ())
        else:
            events = fresh
        self._log_events(events)
        self._note_events(mover, [e for _n, e in fresh])  # "at your table" only what is new
        self.logged = frame["moves"]
        self._render()
        self._show_away(frame.get("away", []))
        if frame["terminal"]:
            self._show_end()
            return
        if frame.get("paused"):
            _el("status").textContent = "Your teacher has paused this table."
        document.documentElement.dataset.state = "ready"

    def _welcome(self, frame: dict) -> str:
        return f"Class {self.code}, table {frame['table']}: you are Player {self.seat + 1}."

    def _show_away(self, away: list[int]) -> None:
        names = [self._name(p) for p in away if p != self.seat]
        _el("thinking").textContent = (f"Away: {', '.join(names)}. The table waits for them." if names else "")

    def _show_hint(self, frame: dict) -> None:
        if frame.get("moves") != len(self.state.history):
            return
        self.hints += 1
        key = Action.from_json(frame["action"]).key
        _el("hint-text").textContent = frame["reason"]
        self.controls.hinted = key
        target = document.querySelector(f"[data-action='{key}']")
        if target:
            target.classList.add("hinted")
            target.focus()

    # -- what the table asks ---------------------------------------------------------------------------

    def _name(self, p: int) -> str:
        return self.names[p] if 0 <= p < len(self.names) and self.names[p] else f"Player {p + 1}"

    def _seat_title(self, p: int) -> str:
        return f"{self._name(p)} (Player {p + 1}{', you' if p == self.seat else ''})"

    def _recent_lead(self, count: int) -> str:
        # The other seats are classmates as often as computers.
        return "At your table, just now: "

    def _seat_kind(self, seat: int) -> str:
        """Only this device's own seat is played here; every other seat is the server's business."""
        return "human" if seat == self.seat else "remote"

    def _prompt_text(self, view, legal, seat, human_to_move: bool) -> str:
        if self.state.is_terminal():
            return "The game is over."
        if self.state.frame.get("ended"):
            return "Your teacher has ended this game."
        if self.sending:
            return "Your move is on its way to the referee…"
        if not human_to_move:
            kind = self.kinds[seat] if seat is not None and seat < len(self.kinds) else "human"
            who = self._name(seat)
            return f"{who} is thinking…" if kind != "human" else f"Waiting for {who} to move…"
        return super()._prompt_text(view, legal, seat, human_to_move).replace(f"Player {seat + 1}", "You", 1)

    def _running_clock(self) -> dict | None:
        """The class server keeps the time (it sends the seconds left with each position)."""
        if self.state is None or self.clock_deadline is None:
            return None
        return self.state.view().get("clock")

    def _seconds_left(self, clock: dict) -> float:
        return (self.clock_deadline - window.Date.now()) / 1000

    def _time_up(self, kind: str) -> None:
        """The server plays the clock's move for the table; its next position arrives shortly."""

    def human_seat_to_move(self) -> int | None:
        seat = self.state.current_player if self.state is not None else None
        return seat if seat is not None and seat == self.seat and not self.sending else None

    def _advance(self) -> None:
        self._render()

    def _play(self, action: Action) -> None:
        if self.human_seat_to_move() is None:
            return
        self.sending = True
        self.actions = {}  # one move per turn: a second click waits for the server's answer
        self._clear_refusal()
        _el("status").textContent = "Your move is on its way to the referee…"
        self.send({"type": "move", "action": action.to_json(), "at": len(self.state.history)})

    def _refuse(self, key: str) -> None:
        """A touched move that is not open: the referee says why, in the engine's own sentence."""
        try:
            action = Action.from_json(json.loads(key))
        except (ValueError, TypeError, KeyError):
            return
        self.send({"type": "move", "action": action.to_json(), "at": len(self.state.history)})

    def _on_why(self, event) -> None:
        super()._on_why(event)
        button = event.target.closest("[data-concept]")
        if button:  # the class report counts the Why? a student opens
            self.send({"type": "why", "concept": str(button.getAttribute("data-concept"))})

    def _on_storage(self, _event) -> None:
        return  # the server holds the game, not this browser's storage

    def _on_new_game(self, _event) -> None:
        return


class ProjectorTable(ClassTable):
    """A class table as a spectator sees it (the server sends ``view(None)``: no hand, no moves),
    large, for the whole class to discuss a move on the projector. Opened from the teacher's page."""

    def __init__(self, table_id: str, watch_pass: str, game: str, concepts: dict, build: str) -> None:
        super().__init__({"game": game, "token": "", "code": ""}, concepts, build)
        self.table_id, self.watch_pass = table_id, watch_pass

    def start(self) -> None:
        super().start()
        document.documentElement.dataset.projector = "1"
        document.title = f"{self.game.title} on the projector · BioCards"
        _el("game-title").textContent = self.game.title
        _el("details-mode").hidden = True

    def _connect(self) -> None:
        scheme = "wss" if str(window.location.protocol) == "https:" else "ws"
        query = window.URLSearchParams.new()
        for name, value in (("table", self.table_id), ("pass", self.watch_pass), ("build", self.build)):
            query.set(name, value)
        self.socket = window.WebSocket.new(f"{scheme}://{window.location.host}/ws/watch?{query.toString()}")
        for name, handler in (("open", self._on_open), ("message", self._on_message), ("close", self._on_close)):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)
            self.socket.addEventListener(name, proxy)

    def _on_open(self, _event) -> None:
        self.failures = 0  # the server sends the table at once: a spectator says nothing

    def _welcome(self, frame: dict) -> str:
        return f"Table {frame['table']}, as everyone at it can see it."

    def _prompt_text(self, view, legal, seat, human_to_move: bool) -> str:
        if self.state.is_terminal():
            return "The game is over."
        return f"{self._name(seat)} to move."

    def human_seat_to_move(self) -> int | None:
        return None

    def send(self, frame: dict) -> None:
        return  # a spectator only listens (the projector's Why? counts for no student)

    def _box_width(self) -> float:
        """The medium layout, drawn twice its size and more: its 12-unit smallest text then reads at
        24 px or more across a 1920-pixel projector, for the back row (the wide layout would be
        12-15 px there)."""
        return LAYOUTS["medium"]

    def _size_svg(self) -> None:
        svg = _el("table").querySelector("svg")
        if svg:
            svg.style.minWidth = f"{PROJECTOR_SCALE * LAYOUTS['medium']}px"
            svg.style.maxWidth = "none"
            svg.dataset.layout = self.layout or ""


def seat_from_storage(code: str) -> dict | None:
    """This device's seat in class ``code``, as join.js stored it, or None."""
    try:
        seat = json.loads(_get(SEAT_KEY) or "null")
    except ValueError:
        return None
    if not isinstance(seat, dict) or seat.get("code") != code or not seat.get("token"):
        return None
    return seat
