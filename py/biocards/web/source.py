"""What the table draws, and where it comes from: a *source* (docs/design.md, "The page").

The table (``table.py``) draws a :class:`Position` and sends what a person does back to its
source; it never asks where the game lives. Two sources exist: the game in this page
(``local.py``: the engine, its save slot, the computers) and a seat at a class table
(``class_play.py``: frames from the class server; the projector is that source with no seat). A
third (a replay, a tutorial) subclasses :class:`Source` and changes nothing in the table.

This module imports nothing of the page, so every part of the table may name these types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.game import player_name
from ..i18n import _

if TYPE_CHECKING:
    from ..core import Action, Event, Game


@dataclass(frozen=True)
class Result:
    """A finished game as the end screen shows it."""

    scores: list[int]
    winners: list[int]  # the rules' winners, not simply the top score (a rulebook tie-break)
    breakdown: list[list]  # per seat: (label, points) lines of how the score was made
    tie_break: str | None = None
    bell: bool = False  # the game ended at the bell, scored from the position it stood in


@dataclass(frozen=True)
class Position:
    """One drawing of the table: what this page may see and do now."""

    view: dict  # the game's view for this page's seat (a spectator's when it has none)
    moves: int  # moves made so far
    mover: int | None  # the seat to move; None once the game is over
    here: bool = False  # a person at this page is to move: ``legal`` is offered to them
    legal: tuple[Action, ...] = ()
    status: str | None = None  # the prompt bar's line instead of the game's prompt ("… is thinking")
    addressee: str = ""  # how the prompt bar names the person to move ("Player 2", "You")
    result: Result | None = None  # set once the game is over


class Source:
    """Where a table's game lives. Every method a source need not offer has a default here that
    offers nothing, so the table and its parts never test which source they have."""

    game: Game
    table = None  # the table that draws this source (web/table.py), from attach()
    projector = False  # drawn large for a room (the medium layout, twice its size and more)
    pace_given: int | None = None  # the computers' pace a link fixed, in ms (a local game's)
    offers: frozenset[str] = frozenset()  # controls offered: "undo", "share", "replay", "new-game", "pace"

    def attach(self, table) -> None:
        """Called once by the table that draws this source."""
        self.table = table

    # -- starting ------------------------------------------------------------------------------------

    def open(self) -> None:
        """Name the page and make the first position ready (nothing is drawn yet)."""

    def bind(self, on) -> None:
        """Listen to page events of the source's own (``on(element, event, handler)``)."""

    def run(self) -> None:
        """Draw the first position (or connect, and draw when the first one arrives)."""

    # -- what the table asks ------------------------------------------------------------------------

    def position(self) -> Position | None:
        """The position now, as the table should draw it (None before the first one)."""
        return None

    def person_to_move(self) -> int | None:
        """The seat of the person at this page who is to move now, if one is."""
        return None

    def play(self, action: Action) -> None:
        """A move a person chose on the table."""

    def refuse(self, action: Action) -> None:
        """A touched move that is not open now: say why in the prompt bar."""

    def reason(self, action: Action) -> str:
        """Why ``action`` is not open now (the details panel's "Not now: …")."""
        return ""

    def seat_title(self, p: int) -> str:
        """How the end screen names seat ``p``."""
        return str(player_name(p))

    def recent_lead(self, count: int) -> str:
        """The words before what the other seats just did, in the prompt bar."""
        return _("Just now: ")

    def mover_is_here(self, seat: int | None) -> bool:
        """Whether a move by ``seat`` was made at this page (it clears "what the others just did")."""
        return False

    def concept_opened(self, concept: str) -> None:
        """A Why? was opened (a class counts them for its report)."""

    # -- the controls ---------------------------------------------------------------------------------

    def hints_allowed(self) -> bool:
        return False

    def ask_hint(self) -> None:
        """Work out a hint for the person to move and show it (``table.controls.show_hint``)."""

    def hints_used(self) -> int:
        return 0

    def busy(self) -> bool:
        """A computer's move is on its way (a take-back waits for it)."""
        return False

    def take_back(self):
        """``(verdict, reason)``: ``core.undo``'s verdict on taking back, or None and why not."""
        return None, ""

    def undo(self, verdict) -> None:
        """Take back the moves ``verdict`` (from :meth:`take_back`) allows."""

    def share_url(self) -> str:
        return ""

    def replay_open(self) -> bool:
        """Whether "Replay the game" is offered now."""
        return False

    def position_at(self, moves: int) -> Position:
        """The game as it stood after ``moves`` moves (a replay draws it; nobody moves in it)."""
        raise NotImplementedError

    def numbered_events(self) -> list[tuple[int, Event]]:
        """Every event of the game, each with the number of the move that made it (the whole log)."""
        return []

    def resume(self) -> None:
        """Back from a replay to the game itself."""

    def pace_changed(self) -> None:
        """A speed picked while a computer waits to move counts for that move too."""

    def new_game(self) -> None:
        """Discard this game and deal the next one."""

    def in_progress(self) -> bool:
        """Whether "New game" would throw away moves (it then asks first)."""
        return False

    # -- a rulebook's clock ----------------------------------------------------------------------------

    def running_clock(self) -> dict | None:
        """The view's clock while it runs for the people here (``clock.py``)."""
        return None

    def seconds_left(self, clock: dict) -> float:
        return float(clock["seconds"])

    def time_up(self, kind: str) -> None:
        """The running clock ran out: its move ``kind`` is due."""

    # -- the bell (a timer set on the start form: ``bell.py``) ------------------------------------------

    def bell_left(self) -> float | None:
        """Seconds until the bell while its timer runs for this table; ``None`` when none runs."""
        return None

    def bell_finishing(self) -> bool:
        """The bell has rung and the game is finishing the round in progress, as its rules ask."""
        return False

    def ring_bell(self) -> None:
        """The bell's timer ran out: end the game at the bell."""
