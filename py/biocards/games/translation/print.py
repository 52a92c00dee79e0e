"""Translation's printed components: amino acid and action cards, nucleotide tiles, the 5′ marker
and the water card, the two dice.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Spinner, Token, summary
from ...i18n import _, ngettext
from .cards import (ACTION_CARDS, AMINO_ACIDS, BLACK_DIE, NUCLEOTIDE_CARDS,
                    REAL_SIDE_CHAIN, STARTING_HAND, WHITE_DIE)
from .render import FILL, INK


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary). Written in the
    current language (the print page of each language asks for its own)."""
    faces: list[Face] = []
    amino_acid = _("Amino acid")
    for code, aa in AMINO_ACIDS.items():
        water = _("Hydrophobic: needs water OFF") if aa.hydrophobic else _("Hydrophilic: needs water ON")
        n = len(aa.codons)
        note = ngettext("{name} has {n} DNA codon in the standard genetic code: {codons}.",
                        "{name} has {n} DNA codons in the standard genetic code: {codons}.", n).format(
            name=_(aa.name), n=n, codons=", ".join(sorted(aa.codons)))
        if code in REAL_SIDE_CHAIN:
            note += " " + _("Biochemists class it by its side chain: {fact}.").format(fact=_(REAL_SIDE_CHAIN[code]))
        faces.append(Face(_(aa.name), amino_acid, "#dbe7f3", amino_acid, big=code, symbol=aa.abbreviation,
                          lines=(_("Codons {codons}").format(codons="  ".join(aa.blocks)),
                                 _("Groups: {groups}").format(groups=", ".join(_(g) for g in aa.groups)), water),
                          note=note))
    # The setup gives each player 1 Toggle Water and 3 Extend; the market has two of each sold card
    # with 3 or 4 players: printed for four.
    notes = {"delete": "deletion", "insert": "insertion", "reverse-complement": "reverse-complement",
             "complement": "complementary-base-pairing", "transition": "transition",
             "transversion": "transversion", "mutate": "point-mutation", "extend": "five-to-three-direction",
             "toggle-water": "hydrophobicity"}
    action_card = _("Action card")
    for cid, card in ACTION_CARDS.items():
        copies = STARTING_HAND[cid] * 4 if cid in STARTING_HAND else 2
        cost = _("Buy {buy} · use {use}").format(buy=card.buy, use=card.use) if card.sold else \
            _("Starting card · use {use}").format(use=card.use)
        faces += [Face(_(card.title), action_card, "#e8f1fb", action_card, lines=(cost, _(card.text)),
                       note=summary(concepts, notes[cid]))] * copies
    tiles = [Token("A", FILL["A"], INK["A"], w=20, h=30, under="T", under_fill=FILL["T"], under_ink=INK["T"])
             for _ in range(NUCLEOTIDE_CARDS)]
    tiles += [Token("C", FILL["C"], INK["C"], w=20, h=30, under="G", under_fill=FILL["G"], under_ink=INK["G"])
              for _ in range(NUCLEOTIDE_CARDS)]
    markers = [Token(_("5′ end"), "#1d2433", "#fff", w=30, h=30),
               Token(_("Water ON"), "#cfe3f5", w=44, h=30), Token(_("Water OFF"), "#f3efe6", w=44, h=30)]
    white = _("White die: extend")
    black = _("Black die: insert (W = A or T, S = C or G, Y = C or T, R = A or G)")
    return Printed(
        "translation", "Translation", faces,
        tokens=[(_("Nucleotide tiles (turn a tile round to read the other strand: A over T becomes T over A)"), tiles),
                (_("The 5′ marker and the water card (cut out, show the side that is true)"), markers)],
        spinners=[Spinner(white, WHITE_DIE, tuple(FILL[b] for b in WHITE_DIE)),
                  Spinner(black, BLACK_DIE,
                          tuple(FILL.get(b, "#fff") for b in BLACK_DIE))],
        nets=[Spinner(white, WHITE_DIE), Spinner(black, BLACK_DIE)],
        note=_("Action cards for four players: two of each market card, and each player's Toggle Water and "
               "three Extend cards."))
