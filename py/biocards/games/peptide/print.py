"""Peptide's printed components: organelles, RNA and amino acid cards, START, vacuole tracks, bonus cards, ATP tokens.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Token, summary
from .cards import (AMINO_CARDS, BONUS_STACK, ORGANELLE_ORDER, ORGANELLES,
                    ORGANELLES_PER_TYPE, RNA_LETTERS, RNA_NAMES, RNA_PER_LETTER,
                    START_CODON, STOP_CODON)
from .render import ORG_COLOURS, RNA_COLOURS


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary)."""
    faces: list[Face] = []
    for oid in ORGANELLE_ORDER:
        o = ORGANELLES[oid]
        for _ in range(ORGANELLES_PER_TYPE):
            faces.append(Face(o.name, "Organelle", ORG_COLOURS[oid], "Organelle", lines=(o.does.capitalize() + ".",),
                              note=summary(concepts, o.concepts[0])))
    base_notes = {
        "A": "Adenine is a purine base; in RNA it pairs with uracil (in DNA, with thymine).",
        "G": "Guanine is a purine base; it pairs with cytosine by three hydrogen bonds.",
        "C": "Cytosine is a pyrimidine base; it pairs with guanine by three hydrogen bonds.",
        "U": "Uracil is the pyrimidine RNA uses where DNA has thymine; it pairs with adenine.",
    }
    for letter in RNA_LETTERS:
        ink = "#fff" if letter in "GC" else "#111"
        for _ in range(RNA_PER_LETTER):
            faces.append(Face(f"{RNA_NAMES[letter]} ({letter})", "RNA card", RNA_COLOURS[letter], "RNA card",
                              ink=ink, big=letter, note=base_notes[letter]))
    for code, card in AMINO_CARDS.items():
        faces.append(Face(card.name, "Amino acid", "#f3efe6", "Amino acid", big=code,
                          lines=(f"Codon {card.codon} (RNA, 5′→3′)", f"Worth {card.value} points"),
                          note=f"A tRNA whose anticodon pairs with {card.codon} carries {card.name.lower()} "
                               f"to the ribosome."))
    faces.append(Face("STOP codon", "Amino acid deck", "#f3efe6", "Amino acid", big=STOP_CODON,
                      lines=("When it is drawn, show it: finish this round and play one more.",),
                      note=summary(concepts, "stop-codon")))
    for _ in range(6):
        faces.append(Face("Methionine START", "START card", "#0072B2", "START card", ink="#fff", big=START_CODON,
                          lines=("Your chain grows to the right of this card.",),
                          note=summary(concepts, "start-codon")))
    for _ in range(6):
        faces.append(Face("Vacuole track", "Vacuole track (advanced)", "#CC79A7", "Vacuole track",
                          lines=("ATP limit: 4 5 6 7 8 9 10", "RNA limit: 3 4 5 6 7 8 9",
                                 "A marker on each row shows your limit at the end of a round."),
                          note=summary(concepts, "vacuole")))
    for _ in range(6):
        faces.append(Face("Reference", "Reference card", "#eeeeee", "Reference card",
                          lines=("Phase 1: take 2 organelles (or one face down for 1 ATP).",
                                 "Phase 2: resolve them in any order.",
                                 "1 ATP: new face-up RNA cards.",
                                 "End: STOP + one more round.")))
    for bonus in BONUS_STACK:
        faces.append(Face(f"Bonus +{bonus}", "Bonus card", "#F0E442", "Bonus card", big=f"+{bonus}",
                          lines=("Stack +3, +2, +1 from the top.",)))
    faces.append(Face("First Player", "First Player card", "#dddddd", "First Player",
                      lines=("Whoever holds it selects first. Once a round it may be taken instead of an "
                             "organelle.",)))
    atp = [Token("ATP", "#F0E442", round=True) for _ in range(32)]
    markers = [Token(word, "#CC79A7", round=True) for _ in range(6) for word in ("ATP", "RNA")]
    return Printed("peptide", "Peptide", faces,
                tokens=[("ATP tokens", atp), ("Vacuole track markers", markers)])
