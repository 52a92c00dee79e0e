"""NUCLEO's printed components: protein, action and amino acid cards, coins, the two dice.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Spinner, Token, summary
from .cards import ACTION_CARDS, AMINO_CARDS, AMINO_NAMES, CODONS, COIN_POOL, D6, D20, PROTEINS
from .render import CLASSES, FACES, THREE


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary)."""
    faces: list[Face] = []
    for p in PROTEINS.values():
        note = p.role[:1].upper() + p.role[1:] + (f"; {p.note}" if p.note else "") + f" ({p.source})."
        faces.append(Face(p.name, "Protein card", "#555555", "Protein card", ink="#fff", symbol=f"{p.value} coins",
                          lines=(" ".join(p.sequence), f"{len(p.sequence)} amino acids, N→C"), note=note))
    timing = {"now": "Play at once when drawn.", "trade": "Keep; play while trading.", "build": "Keep; play with a build."}
    for card in ACTION_CARDS.values():
        for _ in range(card.copies):
            faces.append(Face(card.title, "Action card", "#CC79A7", "Action card",
                              lines=(timing[card.timing], card.text),
                              note=summary(concepts, card.concepts[0]) if card.concepts else ""))
    for code, copies in AMINO_CARDS.items():
        kind = next(k for k, (letters, _, _) in CLASSES.items() if code in letters)
        _, fill, ink = CLASSES[kind]
        for _ in range(copies):
            faces.append(Face(AMINO_NAMES[code], f"Amino acid · {kind}", fill, "Amino acid", ink=ink, big=code,
                              symbol=THREE[code],
                              note=f"{CODONS[code]} codon{'s' * (CODONS[code] != 1)} in the genetic code, so "
                                   f"{copies} cards."))
    coins = [Token("1 coin", "#F0E442", round=True, w=18, h=18) for _ in range(max(COIN_POOL.values()))]
    return Printed("nucleo", "NUCLEO", faces, tokens=[("NUCLEOcoins", coins)],
                spinners=[Spinner("Six-sided die", tuple(FACES[f] for f in D6)),
                          Spinner("Twenty-sided die: amino acids", tuple(f"{c} {THREE[c]}" for c in D20))],
                nets=[Spinner("Six-sided die", tuple(FACES[f] for f in D6))])
