"""Mechanics several games share: decks, dice, finite token supplies, turn order, pending choices.

They are plain data with methods; randomness is always passed in (the state's own :class:`Rng`),
so a game's state stays the single owner of its generator.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from ..i18n import message
from .rng import Rng

T = TypeVar("T")


class Deck(Generic[T]):
    """A draw pile (top = end of the list) and its discard pile.

    With ``reshuffle=True`` an empty draw pile takes the discards back, shuffled, as the physical
    games do; otherwise drawing from an empty deck gives nothing.
    """

    __slots__ = ("cards", "discards", "reshuffle", "reshuffles")

    def __init__(self, cards: Iterable[T] = (), *, reshuffle: bool = True) -> None:
        self.cards: list[T] = list(cards)
        self.discards: list[T] = []
        self.reshuffle = reshuffle
        self.reshuffles = 0
        """How many times the discards have gone back into the draw pile."""

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Deck({len(self.cards)} to draw, {len(self.discards)} discarded)"

    def shuffle(self, rng: Rng) -> None:
        """Shuffle the draw pile."""
        rng.shuffle(self.cards)

    def can_draw(self) -> bool:
        """True when a draw would give a card (counting a reshuffle)."""
        return bool(self.cards) or (self.reshuffle and bool(self.discards))

    def _refill(self, rng: Rng) -> None:
        if not self.cards and self.reshuffle and self.discards:
            self.cards, self.discards = self.discards, []
            rng.shuffle(self.cards)
            self.reshuffles += 1

    def draw(self, rng: Rng) -> T | None:
        """The top card, reshuffling the discards first if needed; ``None`` when nothing is left."""
        self._refill(rng)
        return self.cards.pop() if self.cards else None

    def draw_many(self, rng: Rng, n: int) -> list[T]:
        """Up to ``n`` cards (fewer if the deck runs out for good)."""
        drawn = []
        for _ in range(n):
            card = self.draw(rng)
            if card is None:
                break
            drawn.append(card)
        return drawn

    def discard(self, *cards: T) -> None:
        """Put cards on the discard pile."""
        self.discards.extend(cards)

    def all_cards(self) -> list[T]:
        """Every card the deck holds, draw pile then discards (for conservation checks)."""
        return self.cards + self.discards

    def copy(self) -> Deck[T]:
        """An independent deck with the same cards in the same order."""
        twin = Deck(self.cards, reshuffle=self.reshuffle)
        twin.discards = list(self.discards)
        twin.reshuffles = self.reshuffles
        return twin


@dataclass(frozen=True)
class Die:
    """A die with printed faces, e.g. ``Die("white d8", ("A", "T", "C", "G") * 2)``."""

    name: str
    faces: tuple[Any, ...]

    def roll(self, rng: Rng) -> Any:
        """One face, uniformly."""
        return rng.choice(self.faces)


class Supply:
    """A finite pile of identical tokens (ATP, coins, cubes).

    Taking more than is left gives what is left (docs/rules-decisions.md › All games: components are finite as printed), so
    the count can never go negative.
    """

    __slots__ = ("name", "count", "capacity")

    def __init__(self, name: str, count: int, capacity: int | None = None) -> None:
        if count < 0:
            raise ValueError(f"a supply cannot start negative: {count}")
        self.name = name
        self.count = count
        self.capacity = count if capacity is None else capacity

    def __repr__(self) -> str:
        return f"Supply({self.name!r}, {self.count}, capacity={self.capacity})"

    def take(self, n: int) -> int:
        """Remove up to ``n`` tokens and return how many were actually taken."""
        if n < 0:
            raise ValueError(f"cannot take a negative number of {self.name}: {n}")
        granted = min(n, self.count)
        self.count -= granted
        return granted

    def give_back(self, n: int) -> None:
        """Return ``n`` tokens to the supply."""
        if n < 0 or self.count + n > self.capacity:
            raise ValueError(f"returning {n} {self.name} would exceed the {self.capacity} printed")
        self.count += n

    def copy(self) -> Supply:
        """An independent supply with the same count."""
        return Supply(self.name, self.count, self.capacity)


def next_seat(seat: int, players: int, step: int = 1) -> int:
    """The seat ``step`` places clockwise from ``seat``."""
    return (seat + step) % players


FIRST_PLAYER_DRAW = 0x46495253
"""Names the generator that draws the first player: ``Rng.derive(seed, FIRST_PLAYER_DRAW)``."""


def first_seat(options: Mapping[str, Any], players: int, seed: int) -> int:
    """The seat that moves first: ``options["first_player"]`` when the table chose it, else drawn.

    The draw is uniform over the seats and comes from a generator derived from the deal's seed, not
    from the state's own generator, so a seed deals the same cards whoever goes first (old records
    that began with seat 0 replay with ``first_player=0``). Raises ``ValueError`` for a seat the
    table does not have.
    """
    chosen = options.get("first_player")
    if chosen is None:
        return Rng.derive(seed, FIRST_PLAYER_DRAW).randbelow(players)
    if type(chosen) is not int or not 0 <= chosen < players:
        raise ValueError(message("The first player must be a seat from 0 to {last} (Player 1 to Player {players}), "
                                 "not {chosen}.", last=players - 1, players=players, chosen=repr(chosen)))
    return chosen


def seats_from(first: int, players: int) -> list[int]:
    """Every seat in turn order, starting with ``first``."""
    return [(first + i) % players for i in range(players)]


@dataclass(frozen=True)
class Pending:
    """A decision the game is waiting for: who decides, what kind, and the context it needs.

    Games keep a stack (list) of these; while one is on top, ``legal_actions()`` lists only its
    answers. It replaces any blocking prompt ("draw two, keep one", "choose a target").
    """

    player: int
    kind: str
    prompt: str
    data: dict[str, Any] = field(default_factory=dict)


def count_items(groups: Iterable[Iterable[T]]) -> dict[T, int]:
    """Multiset of everything in several collections (for conservation checks)."""
    counts: dict[T, int] = {}
    for group in groups:
        for item in group:
            counts[item] = counts.get(item, 0) + 1
    return counts

