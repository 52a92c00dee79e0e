"""Reading the play URL (pure Python, testable on CPython): game, seats, seed, pace."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from ..core import LEVELS
from ..i18n import _
from .bell import LONGEST_BELL, bell_minutes

if TYPE_CHECKING:
    from ..guided import GuidedLesson

SEAT_KINDS = ("human", *LEVELS)
"""A person, or a computer: beginner (random), good (greedy) or strong (search)."""


def new_seed() -> int:
    """A fresh game's seed: random bits from ``secrets`` (the engine ships to every browser, so a
    small seed could be found by trying them all against one's own first view), all 64 bits of the
    generator's state, which a record carries (``core.records.MAX_SEED``), so a reload resumes the save."""
    return secrets.randbits(64)


class SetupError(ValueError):
    """The URL does not describe a game that can start; the message tells the player why."""


@dataclass(frozen=True)
class Setup:
    """What the play URL asks for."""

    game: str
    seats: tuple[str, ...]
    seed: int | None
    pace_ms: int
    options: dict
    lesson: str | None = None
    """The guided lesson being played, if any (its game, seats and seed come from the lesson)."""
    pace_given: bool = False
    """True when the link sets the pace (it then wins over the speed remembered on the device)."""
    moves: str | None = None
    """A shared position's moves (``core.links``), if the link carries them."""
    version: int | None = None
    """The rules version a shared link was made under (``v=``); ``None`` for a link from before
    links carried one (``core.links.link_options`` replays it with the rules of its time)."""
    bell: int | None = None
    """Minutes until the bell of a game dealt by this link (``bell=``, the start form's "Ends at the
    bell"); ``None`` for a shared position or a guided lesson, which carry no timer (``bell.py``)."""

    @property
    def humans(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == "human"]

    def storage_key(self, seed: int) -> str:
        """Where the autosave of this exact game lives in localStorage."""
        if self.lesson:
            return f"biocards:lesson:{self.lesson}"
        if self.moves is not None:
            # A shared position is a separate game: it never overwrites the receiver's own save.
            return f"biocards:shared:{self.game}:{','.join(self.seats)}:{seed}:{self.moves}"
        return f"biocards:{self.game}:{','.join(self.seats)}:{seed}"


def query_params(query: str) -> dict[str, str]:
    """The play URL's parameters (``?game=…&seats=…``), the last value of each."""
    return {k: v[-1] for k, v in parse_qs(query.lstrip("?")).items()}


def parse(query: str, games: dict[str, tuple[int, int]], lesson: GuidedLesson | None = None) -> Setup:
    """``?game=translation&seats=human,greedy&seed=7&pace=0`` → :class:`Setup`.

    ``games`` maps each playable game id to its (min, max) players. With a guided ``lesson`` the
    game, seats and seed are the lesson's; the link still sets the pace.
    """
    params = query_params(query)
    if lesson is not None:
        if lesson.game not in games:
            raise SetupError(_("The lesson {title} needs the game {game}, which cannot be played here.").format(
                title=repr(lesson.title), game=repr(lesson.game)))
        params = {k: v for k, v in params.items() if not k.startswith("opt-")}
        params.update(game=lesson.game, seats=",".join(lesson.seats), seed=str(lesson.seed))
    game = params.get("game", "")
    if game not in games:
        names = ", ".join(sorted(games))
        raise SetupError(_("There is no game called {game} here. Games you can play: {names}.").format(
            game=repr(game), names=names))
    low, high = games[game]
    seats = tuple(s.strip() for s in params.get("seats", "human,greedy").split(",") if s.strip())
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise SetupError(_("A seat can be human, random, greedy or search, not {kind}.").format(kind=repr(kind)))
    if not low <= len(seats) <= high:
        raise SetupError(_("This game is for {low}–{high} players; the link names {n} seats.").format(
            low=low, high=high, n=len(seats)))
    try:
        seed = int(params["seed"]) if "seed" in params else None
        pace = max(0, int(params.get("pace", 700)))
        version = int(params["v"]) if "v" in params and lesson is None else None
    except ValueError:
        raise SetupError(_("The seed, the pace and the rules version in the link must be whole numbers.")) from None
    options = {k[4:]: _option(v) for k, v in params.items() if k.startswith("opt-")}
    moves = params.get("moves") if lesson is None else None
    if moves == "~":  # a shared position before any move, as links of the first format wrote it
        moves = ""
    try:
        bell = bell_minutes(params.get("bell"))
    except ValueError:
        raise SetupError(_("The bell in the link must be a whole number of minutes, from 1 to {most}.")
                         .format(most=LONGEST_BELL)) from None
    if lesson is not None or moves is not None:  # a lesson or a shared position: no running timer
        bell = None
    return Setup(game, seats, seed, pace, options, lesson.id if lesson is not None else None,
                 pace_given="pace" in params, moves=moves, version=version, bell=bell)


def player_range(game, query: str) -> tuple[int, int]:
    """The seats a link may name for ``game``: its printed range, or from its variant minimum when
    the link asks for the variant (``opt-variant=true``; docs/rules-decisions.md › Gene-expression matching game: 2–3 players of the gene-expression
    game as a marked variant)."""
    params = query_params(query)
    if game.variant_min_players is not None and params.get("opt-variant") == "true":
        return game.fewest_players, game.max_players
    return game.min_players, game.max_players


def _option(value: str):
    if value in ("true", "false"):
        return value == "true"
    return int(value) if value.lstrip("-").isdigit() else value
