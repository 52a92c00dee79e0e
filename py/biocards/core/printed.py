"""What a game's print-and-play page is made of (issue 34): card faces, tokens, spinners, tiles.

Each game describes its own printed components in ``games/<id>/print.py`` (``components(concepts)``),
from its own card data and colours; ``sitegen/printing.py`` lays them out on paper.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

INK = "#111"


@dataclass(frozen=True)
class Face:
    """One printed card: what its face shows and what its back says."""

    name: str
    """The card's name, as the game calls it (``data-card`` on the page)."""
    kind: str
    """The deck it belongs to, in words on the coloured band (so colour is never the only sign)."""
    colour: str
    back: str
    """The deck's name on the back (cards of one deck share a back)."""
    ink: str = INK
    big: str = ""
    """A large code or symbol in the middle (an amino acid's letter, an RNA base, a number)."""
    lines: tuple[str, ...] = ()
    """What the card does in the game, a line of text each, wrapped to the card."""
    note: str = ""
    """The biology behind the card, on its face or (too long) on the reference sheet."""
    symbol: str = ""
    """A short mark at the band's right end (a drop for the water, a count)."""


@dataclass
class Printed:
    """What one game's print page holds."""

    id: str
    title: str
    faces: list[Face]
    tokens: list[tuple[str, list[Token]]] = field(default_factory=list)
    spinners: list[Spinner] = field(default_factory=list)
    nets: list[Spinner] = field(default_factory=list)
    """Six-sided dice to fold from a net."""
    tiles: list[str] = field(default_factory=list)
    """Board tiles, each a whole page's SVG."""
    note: str = ""
    """What the page says about counts (for how many players)."""


@dataclass(frozen=True)
class Token:
    """A small cut-out piece: a cube, a coin, a nucleotide tile."""

    label: str
    fill: str
    ink: str = INK
    round: bool = False
    w: float = 16
    h: float = 16
    """Size in millimetres."""
    under: str = ""
    """A second line (the paired base of a nucleotide tile)."""
    under_fill: str = ""
    under_ink: str = INK


@dataclass(frozen=True)
class Spinner:
    """A paper spinner standing in for a die: a pencil through a paper clip at the centre."""

    name: str
    faces: tuple[str, ...]
    fills: tuple[str, ...] = ()


def summary(concepts: Mapping[str, Mapping], cid: str) -> str:
    """A concept's one-line summary (``lessons/concepts.toml``), or "" for a concept it lacks."""
    return concepts[cid]["summary"] if cid in concepts else ""
