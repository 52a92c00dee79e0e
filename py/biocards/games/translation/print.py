"""Translation's printed components: amino acid and action cards, nucleotide tiles, the 5′ marker
and the water card, the two dice.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Spinner, Token, summary
from .cards import (ACTION_CARDS, AMINO_ACIDS, BLACK_DIE, NUCLEOTIDE_CARDS,
                    REAL_SIDE_CHAIN, STARTING_HAND, WHITE_DIE)
from .render import FILL, INK


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary)."""
    faces: list[Face] = []
    for code, aa in AMINO_ACIDS.items():
        water = "Hydrophobic: needs water OFF" if aa.hydrophobic else "Hydrophilic: needs water ON"
        n = len(aa.codons)
        note = (f"{aa.name} has {n} DNA codon{'s' * (n != 1)} in the standard genetic code: "
                f"{', '.join(sorted(aa.codons))}.")
        if code in REAL_SIDE_CHAIN:
            note += f" Biochemists class it by its side chain: {REAL_SIDE_CHAIN[code]}."
        faces.append(Face(aa.name, "Amino acid", "#dbe7f3", "Amino acid", big=code, symbol=aa.abbreviation,
                          lines=("Codons " + "  ".join(aa.blocks), "Groups: " + ", ".join(aa.groups), water),
                          note=note))
    # The setup gives each player 1 Toggle Water and 3 Extend; the market has two of each sold card
    # with 3 or 4 players: printed for four.
    notes = {"delete": "deletion", "insert": "insertion", "reverse-complement": "reverse-complement",
             "complement": "complementary-base-pairing", "transition": "transition",
             "transversion": "transversion", "mutate": "point-mutation", "extend": "five-to-three-direction",
             "toggle-water": "hydrophobicity"}
    for cid, card in ACTION_CARDS.items():
        copies = STARTING_HAND[cid] * 4 if cid in STARTING_HAND else 2
        cost = f"Buy {card.buy} · use {card.use}" if card.sold else f"Starting card · use {card.use}"
        for _ in range(copies):
            faces.append(Face(card.title, "Action card", "#e8f1fb", "Action card", lines=(cost, card.text),
                              note=summary(concepts, notes[cid])))
    tiles = [Token("A", FILL["A"], INK["A"], w=20, h=30, under="T", under_fill=FILL["T"], under_ink=INK["T"])
             for _ in range(NUCLEOTIDE_CARDS)]
    tiles += [Token("C", FILL["C"], INK["C"], w=20, h=30, under="G", under_fill=FILL["G"], under_ink=INK["G"])
              for _ in range(NUCLEOTIDE_CARDS)]
    markers = [Token("5′ end", "#1d2433", "#fff", w=30, h=30),
               Token("Water ON", "#cfe3f5", w=44, h=30), Token("Water OFF", "#f3efe6", w=44, h=30)]
    black = "Black die: insert (W = A or T, S = C or G, Y = C or T, R = A or G)"
    return Printed(
        "translation", "Translation", faces,
        tokens=[("Nucleotide tiles (turn a tile round to read the other strand: A over T becomes T over A)", tiles),
                ("The 5′ marker and the water card (cut out, show the side that is true)", markers)],
        spinners=[Spinner("White die: extend", WHITE_DIE, tuple(FILL[b] for b in WHITE_DIE)),
                  Spinner(black, BLACK_DIE,
                          tuple(FILL.get(b, "#fff") for b in BLACK_DIE))],
        nets=[Spinner("White die: extend", WHITE_DIE), Spinner(black, BLACK_DIE)],
        note="Action cards for four players: two of each market card, and each player's Toggle Water and "
             "three Extend cards.")
