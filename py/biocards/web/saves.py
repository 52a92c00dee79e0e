"""The autosave of one game in localStorage: read defensively, written only over what this tab
last saw, and never thrown away when it cannot be resumed.

A classroom computer is shared and used in several tabs. Two tabs of one game write the same key,
so before writing, a tab checks that the save is still the one it last read or wrote; if another
tab has moved the game on, this tab follows that game instead of overwriting its moves. A save
that cannot be resumed is kept aside under ``<key>:could-not-resume`` for a teacher to download.
"""

from __future__ import annotations

from urllib.parse import quote

from pyscript import window

from ..core import Action, Event, Game, GameState, InvalidRecord
from ..core.records import check_record, dumps, read_record
from ..i18n import _, message


def _get(key: str, storage=None) -> str | None:
    """The text stored under ``key`` (in localStorage, or the ``storage`` given: sessionStorage);
    JavaScript's null (Pyodide's ``jsnull``) becomes ``None``. The page's one reading of storage."""
    value = (storage if storage is not None else window.localStorage).getItem(key)
    return value if isinstance(value, str) else None


def replay(game: Game, record) -> tuple[GameState, list[tuple[int, Event]]]:
    """The game ``record`` describes, and every event of replaying it, each with the number of the
    move that made it (the log): the page's one replay of a record. Raises :class:`InvalidRecord`
    as :meth:`Game.load` does."""
    record = check_record(record, game)  # an older version's record gets its old rules' options
    try:
        state = game.new_state(record["players"], record["seed"], **record.get("options", {}))
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidRecord(message("This saved game cannot start: {reason}", reason=str(exc))) from None
    numbered = []
    for number, data in enumerate(record.get("actions", []), start=1):
        try:
            numbered.extend((number, event) for event in state.apply(Action.from_json(data)))
        except (ValueError, TypeError) as exc:
            raise InvalidRecord(message("Move {number} of the saved game cannot be replayed: {reason}",
                                        number=number, reason=str(exc))) from None
    return state, numbered


class SaveSlot:
    """The localStorage entry of one game (``key`` from :meth:`Setup.storage_key`)."""

    def __init__(self, key: str, game: Game, seats: int) -> None:
        self.key = key
        self.game = game
        self.seats = seats
        self.seen: str | None = _get(key)  # what this tab last read or wrote

    @property
    def aside_key(self) -> str:
        return f"{self.key}:could-not-resume"

    def load(self) -> tuple[GameState, list[tuple[int, Event]]] | None:
        """The saved game, replayed once (:func:`replay`: its state and numbered events); ``None``
        when there is none. A save that cannot be resumed raises :class:`InvalidRecord` after it
        has been put aside."""
        text = _get(self.key)
        self.seen = text
        if not text:
            return None
        try:
            record = read_record(text, self.game)
            if record["players"] != self.seats:
                raise InvalidRecord(_("It is a game for {players} players, and this link has {seats} seats.")
                                    .format(players=record["players"], seats=self.seats))
            return replay(self.game, record)
        except InvalidRecord:
            self.put_aside(text)
            raise
        except Exception as exc:  # never let a save break the link
            self.put_aside(text)
            raise InvalidRecord(_("It is damaged in a way the game cannot read.")) from exc

    def put_aside(self, text: str) -> None:
        window.localStorage.setItem(self.aside_key, text)
        window.localStorage.removeItem(self.key)
        self.seen = None

    def download_href(self) -> str | None:
        """A data: link to the save that could not be resumed (for a teacher), if one is kept."""
        text = _get(self.aside_key)
        return f"data:application/json;charset=utf-8,{quote(text)}" if text else None

    def moved_on_elsewhere(self) -> bool:
        """True when another tab wrote this game since this tab last read or wrote it."""
        return _get(self.key) != self.seen

    def write(self, state: GameState) -> None:
        text = dumps(state.to_record())
        window.localStorage.setItem(self.key, text)
        self.seen = text

    def clear(self) -> None:
        window.localStorage.removeItem(self.key)
        self.seen = None
