"""Peptide's printed components: organelles, RNA and amino acid cards, START, vacuole tracks, bonus cards, ATP tokens.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Token, summary
from ...i18n import _
from .cards import (AMINO_CARDS, AMINO_IN_SENTENCE, BONUS_STACK, ORGANELLE_ORDER, ORGANELLES,
                    ORGANELLES_PER_TYPE, RNA_LETTERS, RNA_NAMES, RNA_PER_LETTER,
                    START_CODON, STOP_CODON)
from .render import ORG_COLOURS, RNA_COLOURS


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary). Its words are in
    the current language (the page is built once per language)."""
    faces: list[Face] = []
    organelle = _("Organelle")
    for oid in ORGANELLE_ORDER:
        o = ORGANELLES[oid]
        does = _(o.does)
        does = does[:1].upper() + does[1:] + "."  # not str.capitalize(), which would print "rna" and "atp"
        for _n in range(ORGANELLES_PER_TYPE):
            faces.append(Face(_(o.name), organelle, ORG_COLOURS[oid], organelle, lines=(does,),
                              note=summary(concepts, o.concepts[0])))
    base_notes = {
        "A": _("Adenine is a purine base; in RNA it pairs with uracil (in DNA, with thymine)."),
        "G": _("Guanine is a purine base; it pairs with cytosine by three hydrogen bonds."),
        "C": _("Cytosine is a pyrimidine base; it pairs with guanine by three hydrogen bonds."),
        "U": _("Uracil is the pyrimidine RNA uses where DNA has thymine; it pairs with adenine."),
    }
    rna_card = _("RNA card")
    for letter in RNA_LETTERS:
        ink = "#fff" if letter in "GC" else "#111"
        for _n in range(RNA_PER_LETTER):
            faces.append(Face(f"{_(RNA_NAMES[letter])} ({letter})", rna_card, RNA_COLOURS[letter], rna_card,
                              ink=ink, big=letter, note=base_notes[letter]))
    amino = _("Amino acid")
    for code, card in AMINO_CARDS.items():
        faces.append(Face(_(card.name), amino, "#f3efe6", amino, big=code,
                          lines=(_("Codon {codon} (RNA, 5′→3′)").format(codon=card.codon),
                                 _("Worth {n} points").format(n=card.value)),
                          note=_("A tRNA whose anticodon pairs with {codon} carries {amino_in_sentence} to the "
                                 "ribosome.").format(codon=card.codon, amino_in_sentence=_(AMINO_IN_SENTENCE[code]))))
    faces.append(Face(_("STOP codon"), _("Amino acid deck"), "#f3efe6", amino, big=STOP_CODON,
                      lines=(_("When it is drawn, show it: finish this round and play one more."),),
                      note=summary(concepts, "stop-codon")))
    for _n in range(6):
        faces.append(Face(_("Methionine START"), _("START card"), "#0072B2", _("START card"), ink="#fff",
                          big=START_CODON, lines=(_("Your chain grows to the right of this card."),),
                          note=summary(concepts, "start-codon")))
    for _n in range(6):
        faces.append(Face(_("Vacuole track"), _("Vacuole track (advanced)"), "#CC79A7", _("Vacuole track"),
                          lines=(_("ATP limit: 4 5 6 7 8 9 10"), _("RNA limit: 3 4 5 6 7 8 9"),
                                 _("A marker on each row shows your limit at the end of a round.")),
                          note=summary(concepts, "vacuole")))
    for _n in range(6):
        faces.append(Face(_("Reference"), _("Reference card"), "#eeeeee", _("Reference card"),
                          lines=(_("Phase 1: take 2 organelles (or one face down for 1 ATP)."),
                                 _("Phase 2: resolve them in any order."),
                                 _("1 ATP: new face-up RNA cards."),
                                 _("End: STOP + one more round."))))
    for bonus in BONUS_STACK:
        faces.append(Face(_("Bonus +{n}").format(n=bonus), _("Bonus card"), "#F0E442", _("Bonus card"),
                          big=f"+{bonus}", lines=(_("Stack +3, +2, +1 from the top."),)))
    faces.append(Face(_("First Player"), _("First Player card"), "#dddddd", _("First Player"),
                      lines=(_("Whoever holds it selects first. Once a round it may be taken instead of an "
                               "organelle."),)))
    atp = [Token("ATP", "#F0E442", round=True) for _n in range(32)]
    markers = [Token(word, "#CC79A7", round=True) for _n in range(6) for word in ("ATP", _("RNA"))]
    return Printed("peptide", "Peptide", faces,
                   tokens=[(_("ATP tokens"), atp), (_("Vacuole track markers"), markers)])
