"""Every frame between a class table's page and the class server, defined once.

A frame is a JSON object with a ``type``. The page (``web/class_play.py``, under Pyodide), the
server (``server/app.py``, with the referee in ``server/classroom.py``), the tests and the load bench
all build frames with the functions here and read them with :func:`decode`, so a field is named in
one place. Pure Python with no imports beyond the standard library: the page can import it.

Page → server, over ``/ws/play``:

- :class:`Hello` ``{token, build, since}``: the first frame of a socket. ``build`` is the wheel's
  hash the page runs; ``since`` the moves the page has already drawn (``None``: send the whole log).
- :class:`Move` ``{action, at}``: a move, with the number of moves the page saw before it.
- :class:`AskHint`: "Suggest a move", on the seat's turn.
- :class:`Why` ``{concept}``: the student opened a Why? note (for the teacher's report).

Server → page:

- :class:`Position` (or :class:`Waiting`, before the table starts): the seat's whole view. The
  projector (``/ws/watch``) gets the same with ``seat`` None and no legal moves.
- :class:`Away` ``{away}``: who is away changed (the position did not).
- :class:`Refused` ``{message, moves}``: the page's move or request was not taken; why.
- :class:`Hint` ``{action, reason, moves}``: a suggested move for the position after ``moves``.
- :class:`Error` ``{message, lost}``: a sentence; ``lost`` when the seat is gone (join again).
- :class:`Reload`: the server runs another build of the site.
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypedDict

DEPTH = 12
"""Nesting a frame (or a request to the server) may have: a move is three deep."""

PAGE_FRAMES = frozenset({"hello", "move", "hint", "why"})
SERVER_FRAMES = frozenset({"position", "waiting", "away", "refused", "hint", "error", "reload"})


class Unreadable(ValueError):
    """Text that is no frame: its sentence says why."""


# -- page → server -----------------------------------------------------------------------------------

class Hello(TypedDict):
    type: Literal["hello"]
    token: str
    build: str
    since: int | None


class Move(TypedDict):
    type: Literal["move"]
    action: dict
    at: int


class AskHint(TypedDict):
    type: Literal["hint"]


class Why(TypedDict):
    type: Literal["why"]
    concept: str


def hello(token: str, build: str, since: int | None = None) -> Hello:
    return {"type": "hello", "token": token, "build": build, "since": since}


def move(action: dict, at: int) -> Move:
    return {"type": "move", "action": action, "at": at}


def ask_hint() -> AskHint:
    return {"type": "hint"}


def why(concept: str) -> Why:
    return {"type": "why", "concept": concept}


def since_of(frame: dict, moves: int) -> int | None:
    """A hello's ``since``, if it is a number of moves the table has made; else ``None`` (the whole log)."""
    since = frame.get("since")
    return since if isinstance(since, int) and not isinstance(since, bool) and 0 <= since <= moves else None


# -- server → page -----------------------------------------------------------------------------------

class _Table(TypedDict, total=False):
    """What every frame of a table says, started or not."""
    table: int
    """The table's number in its class."""
    seat: int | None
    """The page's seat (``None``: the projector)."""
    game: str
    seats: list[str]
    """Each seat's kind: ``"human"`` or a computer's level."""
    names: list[str]
    moves: int
    paused: bool
    ended: bool
    away: list[int]
    """Students' seats with no page connected."""
    suggest: bool
    """Whether the class may ask for a suggested move."""


class Waiting(_Table, total=False):
    type: Literal["waiting"]
    size: int
    seated: list[str]


class Position(_Table, total=False):
    type: Literal["position"]
    view: dict
    """``state.view(seat)``: nothing another seat hides."""
    current: int
    terminal: bool
    legal: list[dict]
    """``{action, label}`` for each legal move, on this seat's turn only."""
    events: list[dict]
    """``{move, kind, player, text, concepts}`` after ``since`` (all, when ``whole_log``)."""
    whole_log: bool
    scores: list
    winners: list[int]
    breakdown: list
    tie_break: Any
    clock_left: float
    """Seconds left on the rulebook's clock, while one runs."""


class Away(TypedDict):
    type: Literal["away"]
    away: list[int]


class Refused(TypedDict, total=False):
    type: Literal["refused"]
    message: str
    moves: int


class Hint(TypedDict):
    type: Literal["hint"]
    action: dict
    reason: str
    moves: int


class Error(TypedDict, total=False):
    type: Literal["error"]
    message: str
    lost: bool


class Reload(TypedDict):
    type: Literal["reload"]


def away(seats: list[int]) -> Away:
    return {"type": "away", "away": seats}


def refused(message: str, moves: int | None = None) -> Refused:
    return {"type": "refused", "message": message} if moves is None else \
        {"type": "refused", "message": message, "moves": moves}


def hint(action: dict, reason: str, moves: int) -> Hint:
    return {"type": "hint", "action": action, "reason": reason, "moves": moves}


def error(message: str, lost: bool = False) -> Error:
    return {"type": "error", "message": message, "lost": True} if lost else {"type": "error", "message": message}


def reload() -> Reload:
    return {"type": "reload"}


# -- one encoding --------------------------------------------------------------------------------------

def encode(frame: dict) -> str:
    return json.dumps(frame)


def decode(text: str | bytes) -> dict:
    """A JSON object at most :data:`DEPTH` deep, or :class:`Unreadable` (never a RecursionError)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise Unreadable("That request is nested too deeply to read.") from None
    except (ValueError, UnicodeDecodeError):
        raise Unreadable("That request could not be read.") from None
    if not isinstance(data, dict):
        raise Unreadable("That request could not be read.")
    level, depth = [data], 1
    while level:
        if depth > DEPTH:
            raise Unreadable("That request is nested too deeply to read.")
        level = [v for item in level for v in (item.values() if isinstance(item, dict) else item)
                 if isinstance(v, (dict, list))]
        depth += 1
    return data
