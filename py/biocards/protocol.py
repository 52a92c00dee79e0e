"""Every frame between a class table's page and the class server, defined once.

A frame is a JSON object with a ``type``. The page (``web/class_play.py``, under Pyodide), the
server (``server/app.py``, with the referee in ``server/classroom.py``), the tests and the load bench
all build frames with the functions here and read them with :func:`decode`, so a field is named in
one place. Pure Python with no imports beyond the standard library: the page can import it.

Page → server, over ``/ws/play``:

- :class:`Hello` ``{token, build, since, lang}``: the first frame of a socket. ``build`` is the
  wheel's hash the page runs; ``since`` the moves the page has already drawn (``None``: send the
  whole log); ``lang`` the page's language (``"es"``, ``"es-MX"``; absent or unreadable: English),
  in which the server writes every frame it sends that socket (:func:`language_of`).
- :class:`Move` ``{action, at}``: a move, with the number of moves the page saw before it.
- :class:`AskHint`: "Suggest a move", on the seat's turn.
- :class:`Why` ``{concept}``: the student opened a Why? note (for the teacher's report).

The projector (``/ws/watch``) says no hello: its ``lang`` is a query parameter, read the same way.

Teacher page ↔ server, over ``/ws/teacher`` (static/js/teacher.js; docs/class-server.md, "The
teacher page's socket"):

- page → server: a hello ``{key, lang}`` (the key in the frame, never in the socket's address);
- server → page: :func:`teacher_state` (the teacher's whole state, once), then :func:`teacher_changes`
  (only the classes and tables that changed, and those gone), or :class:`Refused` / :class:`Error`
  before it closes.

Server → page:

- :class:`Position` (or :class:`Waiting`, before the table starts): the seat's whole view. The
  projector (``/ws/watch``) gets the same with ``seat`` None and no legal moves.
- :class:`Away` ``{away}``: who is away changed (the position did not).
- :class:`Refused` ``{message, moves}``: the page's move or request was not taken; why.
- :class:`Hint` ``{action, reason, moves}``: a suggested move for the position after ``moves``.
- :class:`Error` ``{message, lost}``: a sentence; ``lost`` when the seat is gone (join again).
- :class:`Reload`: the server runs another build of the site.

Every text in a server frame (events' ``text``, legal moves' ``label``, ``names``, a refusal's or an
error's ``message``, a hint's ``reason``) is written in that socket's language: the server keeps
them as ``biocards.i18n.Message`` until :func:`encode` writes them, in the language of the moment.
"""

from __future__ import annotations

import json
import re
from typing import Any, Literal, TypedDict

DEPTH = 12
"""Nesting a frame (or a request to the server) may have: a move is three deep."""

PAGE_FRAMES = frozenset({"hello", "move", "hint", "why"})
SERVER_FRAMES = frozenset({"position", "waiting", "away", "refused", "hint", "error", "reload"})


class Unreadable(ValueError):
    """Text that is no frame: its sentence says why (in English; ``nested`` tells the server which
    of its own translated sentences to send)."""

    def __init__(self, text: str, nested: bool = False) -> None:
        super().__init__(text)
        self.nested = nested


# -- page → server -----------------------------------------------------------------------------------

class Hello(TypedDict):
    type: Literal["hello"]
    token: str
    build: str
    since: int | None
    lang: str


class Move(TypedDict):
    type: Literal["move"]
    action: dict
    at: int


class AskHint(TypedDict):
    type: Literal["hint"]


class Why(TypedDict):
    type: Literal["why"]
    concept: str


def hello(token: str, build: str, since: int | None = None, lang: str = "en") -> Hello:
    return {"type": "hello", "token": token, "build": build, "since": since, "lang": lang}


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


LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8}){0,2}")
"""A language tag as a page sends one (``es``, ``es-MX``, ``zh-Hant-TW``): at most 21 characters of
letters, digits and hyphens, so nothing a page sends becomes a path or a large key."""


def language_of(value: object) -> str:
    """The language a page asked for (a hello's ``lang``, the projector's query): the tag if it reads
    as one, else English. Only the tag is checked here; which catalog answers it is
    ``biocards.i18n.best_language``'s choice among the catalogs it has loaded, never a file named by it."""
    if not isinstance(value, str) or not LANGUAGE_TAG.fullmatch(value):
        return "en"
    language, _, region = value.replace("_", "-").partition("-")
    return language.lower() + (f"-{region}" if region else "")  # "ES" is "es": tags ignore case


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
    bell: bool
    """The teacher's bell has rung: the game has ended at the bell (with ``terminal``), or is finishing
    the round in progress (docs/rules-decisions.md › All games › Play to the bell)."""
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


# -- teacher page ↔ server ---------------------------------------------------------------------------

TEACHER_FRAMES = frozenset({"state", "changes", "refused", "error"})
"""What the server sends a teacher page."""


def teacher_hello(key: str, lang: str | None = None) -> dict:
    return {"type": "hello", "key": key, "lang": lang} if lang else {"type": "hello", "key": key}


def teacher_state(state: dict) -> dict:
    """The teacher's whole state (``classes``, ``games``, ``levels``, ``join``, ``teacher``, …), as
    ``GET /api/teacher`` answers it."""
    return {"type": "state", **state}


def teacher_changes(classes: list[str], tables: list[str], gone_classes: list[str], gone_tables: list[int],
                    teacher: str | None = None) -> str:
    """The ``changes`` frame's text: ``classes`` and ``tables`` are items already encoded (each was
    written once, in the page's language, to compare it with what the page was last sent, so it is
    spliced in rather than encoded again); ``teacher``, the page's own words when they changed."""
    return ('{"type": "changes", "classes": [' + ", ".join(classes) + '], "tables": [' + ", ".join(tables)
            + '], "gone": {"classes": ' + json.dumps(gone_classes) + ', "tables": ' + json.dumps(gone_tables)
            + "}" + (', "teacher": ' + teacher if teacher is not None else "") + "}")


# -- one encoding --------------------------------------------------------------------------------------

def _shown(value: object) -> str:
    """A text made when it is shown (``biocards.i18n.Message``: an event's sentence, a move's label,
    a refusal), written in the language of the moment: the server encodes each socket's frames in
    that socket's language."""
    if hasattr(value, "render"):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not a frame's field")


def encode(frame: dict) -> str:
    return json.dumps(frame, default=_shown)


def decode(text: str | bytes) -> dict:
    """A JSON object at most :data:`DEPTH` deep, or :class:`Unreadable` (never a RecursionError)."""
    try:
        data = json.loads(text)
    except RecursionError:
        raise Unreadable("That request is nested too deeply to read.", nested=True) from None
    except (ValueError, UnicodeDecodeError):
        raise Unreadable("That request could not be read.") from None
    if not isinstance(data, dict):
        raise Unreadable("That request could not be read.")
    level, depth = [data], 1
    while level:
        if depth > DEPTH:
            raise Unreadable("That request is nested too deeply to read.", nested=True)
        level = [v for item in level for v in (item.values() if isinstance(item, dict) else item)
                 if isinstance(v, (dict, list))]
        depth += 1
    return data
