"""Reading a saved game defensively: whatever a browser's storage holds, the answer is a record
with the right types or an :class:`InvalidRecord` a student can read.

Saves live in localStorage, which any other tab, extension or curious student can change. Before
anything is replayed, the text is checked for size and nesting (a save of 200,000 ``[`` would
exhaust the parser's stack inside Pyodide and hang the page) and the record for strict types: a
seed that is a whole number in range, not ``1e999`` or ``3.7``; booleans that are booleans.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..i18n import lazy_gettext, message
from .errors import InvalidRecord

if TYPE_CHECKING:
    from .game import Game

MAX_CHARS = 1_000_000
"""Far longer than the save of any real game (a few hundred moves of some 40 characters each)."""
MAX_DEPTH = 6
"""A record is an object of lists of moves whose parameters may be lists: never deeper than this."""
MAX_SEED = 2**64 - 1
"""The generator's whole state (core/rng.py keeps 64 bits): a seed of 64 random bits is a record's too."""

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")


def read_record(text: object, game: Game | None = None) -> dict[str, Any]:
    """The record saved as JSON ``text``, checked (against ``game`` when given)."""
    if not isinstance(text, str):
        raise InvalidRecord(message("The saved game is not text."))
    if len(text) > MAX_CHARS:
        raise InvalidRecord(message("The saved game is far too large to be a BioCards game."))
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise InvalidRecord(message("The saved game is nested far more deeply than any BioCards game."))
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidRecord(message("The saved game is not readable: it was damaged or cut short.")) from None
    return check_record(record, game) if game is not None else record


def _whole(value: object) -> bool:
    return type(value) is int  # not bool, not float


def check_record(record: object, game: Game) -> dict[str, Any]:
    """``record`` if it has the shape and types of a record of ``game``; else :class:`InvalidRecord`."""
    if not isinstance(record, Mapping):
        raise InvalidRecord(message("A saved game must be a JSON object."))
    if record.get("game") != game.id:
        raise InvalidRecord(message("This saved game is not a game of {game}.", game=lazy_gettext(game.title)))
    version = record.get("version")
    earlier = game.old_versions.get(version) if _whole(version) else None
    if not _whole(version) or (version != game.version and earlier is None):
        raise InvalidRecord(message("This game was saved by another version of {game}'s rules, "
                                    "so it cannot be replayed exactly.", game=lazy_gettext(game.title)))
    if earlier is not None and isinstance(record.get("options", {}), Mapping):
        # An older version whose rules an option still plays: the record becomes a current one
        # with that option set, so every replay (load, the page's log) plays the old rules.
        record = {**record, "version": game.version, "options": {**earlier, **record.get("options", {})}}
    players = record.get("players")
    if not _whole(players) or not game.fewest_players <= players <= game.max_players:
        raise InvalidRecord(message("{game} is for {low}–{high} players; this saved game names {players}.",
                                    game=lazy_gettext(game.title), low=game.min_players, high=game.max_players,
                                    players=repr(players)))
    seed = record.get("seed")
    if not _whole(seed) or not 0 <= seed <= MAX_SEED:
        raise InvalidRecord(message("The saved game's seed is not a whole number from 0 to 2^64 − 1."))
    options = record.get("options", {})
    if not isinstance(options, Mapping):
        raise InvalidRecord(message("The saved game's options are not a list of named settings."))
    for name, value in options.items():
        if name not in game.options:
            raise InvalidRecord(message("{game} has no option called {name}.", game=lazy_gettext(game.title), name=repr(name)))
        default = game.options[name]
        allowed = (bool,) if isinstance(default, bool) else (int,) if isinstance(default, int) \
            else (int, type(None)) if default is None else (type(default),)
        if type(value) not in allowed:
            raise InvalidRecord(message("The option {name} of this saved game has the wrong kind of value.", name=repr(name)))
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise InvalidRecord(message("The saved game's moves are not a list."))
    for number, action in enumerate(actions, start=1):
        if not isinstance(action, Mapping) or type(action.get("kind")) is not str:
            raise InvalidRecord(message("Move {number} of the saved game is not a move.", number=number))
        for value in action.values():
            if not _plain(value, 3):
                raise InvalidRecord(message("Move {number} of the saved game has a damaged detail.", number=number))
    return dict(record)


def _plain(value: object, depth: int) -> bool:
    """A move parameter: a JSON scalar, or a short nest of lists of them."""
    if value is None or type(value) in (str, int, bool):
        return True
    if type(value) is float:
        return value == value and abs(value) != float("inf")
    if isinstance(value, list) and depth > 0:
        return all(_plain(item, depth - 1) for item in value)
    return False


def dumps(record: Mapping[str, Any]) -> str:
    """The text a record is saved as."""
    return json.dumps(record, separators=(",", ":"))
