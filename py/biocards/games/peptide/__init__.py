"""Peptide (John J. Coveyou, Genius Games, 2016): the central dogma as a production line.

Players draft organelles: the nucleus supplies RNA, mitochondria ATP, the vacuole a little of
both, the aminoacyl-tRNA synthetase charges amino acids and the ribosome links them codon by codon
into a peptide chain that grows from a Methionine START card.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...bots import RandomBot
from ...core import Game, register
from ...i18n import N_
from .bots import GreedyBot, SearchBot
from .cards import AMINO_CARDS, RNA_LETTERS, AminoCard
from .render import prompt, render
from .rules import MAX_ROUNDS, PeptideState
from .rules import hand_points as _hand_points

__all__ = ["GAME", "amino_card", "hand_points"]


def amino_card(code: str) -> AminoCard:
    """The Amino Acid card for a one-letter code (``.codon`` 5'→3' in RNA letters, ``.value``)."""
    try:
        return AMINO_CARDS[code]
    except KeyError:
        raise ValueError(f"{code!r} is not a one-letter amino acid code") from None


def hand_points(aminos: Iterable[str], rna: Iterable[str]) -> int:
    """Points for amino acids left in hand: +1 each matched, −1 each not (best assignment of RNA).

    ``aminos`` are one-letter codes (``"HLS"`` or ``["H", "L", "S"]``), ``rna`` the letters A, G, C, U;
    raises ``ValueError`` for anything else (T is DNA's letter: RNA has U).
    """
    codes = [str(c).upper() for c in aminos]
    letters = "".join(str(b).upper() for b in rna)
    for code in codes:
        amino_card(code)
    wrong = sorted(set(letters) - set(RNA_LETTERS))
    if wrong:
        hint = " (RNA has uracil, U, where DNA has thymine, T)" if "T" in wrong else ""
        raise ValueError(f"{wrong[0]!r} is not an RNA letter: use A, G, C or U{hint}")
    return _hand_points(codes, letters)


GAME = register(Game(
    id="peptide",
    title="Peptide",
    summary=N_("Draft organelles, gather RNA and ATP, and link amino acids into a peptide chain."),
    min_players=2,
    max_players=6,
    state_class=PeptideState,
    hidden_information=True,
    # Per round: 2 picks and ~6 resolve answers a seat, plus ATP actions bounded by the 32 ATP.
    max_moves=MAX_ROUNDS * 400,
    # two_player_stop: our two-player setup, the STOP card hidden higher in the amino acid deck
    # (rules.TWO_PLAYER_STOP_DEPTH); it changes nothing for three or more players.
    # first_player: the seat holding the First Player card at the start (0-based); None draws it.
    # short: the class-length format, the STOP card hidden higher in the amino acid deck
    # (rules.SHORT_STOP_DEPTH; docs/rules-decisions.md › Formats); off by default, so older records replay.
    options={"advanced": False, "two_player_stop": True, "first_player": None, "short": False},
    bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
    render=render,
    reveal_kinds=frozenset({"reset-rna", "rna-draw2", "reset-organelles", "synthesize"}),  # market refills, draws
    prompt=prompt,
    # 2: the two-player setup (issue 13). Version-1 records replay with the printed STOP depth.
    # 3: the first player is drawn (was always seat 0): older records replay with seat 0 first.
    # 4: the bell can end the game (a record may hold one); version-3 records replay as they were.
    version=4,
    old_versions={1: {"two_player_stop": False, "first_player": 0}, 2: {"first_player": 0}, 3: {}},
    unversioned_links=2,
))
