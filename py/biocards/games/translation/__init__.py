"""Translation: The Amino Acid Card Game (Helen V. Cook, 2014, CC BY-SA 4.0).

Players mutate a DNA strand with action cards and translate amino acids whose codons appear on it,
read 5′→3′ on the active strand with the water at the right level. It teaches codons, base
pairing, reverse complements, transitions versus transversions and amino-acid properties.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...bots import RandomBot
from ...core import Game, register
from ...i18n import N_
from .bots import GreedyBot, SearchBot
from .cards import AMINO_ACIDS
from .render import prompt, render
from .rules import MAX_ROUNDS, TranslationState
from .rules import score as _score

__all__ = ["GAME", "codons", "score"]


def score(codes: Iterable[str]) -> int:
    """The score of a collection of one-letter amino acid codes: 1 each + 2 per pair in a group."""
    return _score(codes)


def codons(code: str) -> set[str]:
    """The concrete DNA codons (A/C/G/T only) that translate the amino acid ``code``."""
    try:
        return set(AMINO_ACIDS[code].codons)
    except KeyError:
        raise ValueError(f"{code!r} is not a one-letter amino acid code") from None


GAME = register(Game(
    id="translation",
    title="Translation",
    summary=N_("Mutate a DNA strand and translate its codons into amino acids."),
    min_players=2,
    max_players=4,
    state_class=TranslationState,
    hidden_information=True,
    # 5 points a turn, each point at most 3 steps (card, position, base) plus the end-of-turn rest.
    max_moves=MAX_ROUNDS * 4 * 16,
    # first_player: the seat that moves first (0-based); None draws it from the deal's seed.
    options={"first_player": None},
    bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
    render=render,
    prompt=prompt,
    # 2: the first player is drawn (was always seat 0); version-1 records replay with seat 0 first.
    # 3: the bell can end the game (a record may hold one); version-2 records replay as they were.
    version=3,
    old_versions={1: {"first_player": 0}, 2: {}},
    unversioned_links=1,
))
