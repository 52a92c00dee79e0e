"""NUCLEO's printed components: protein, action and amino acid cards, coins, the two dice.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
Every text is written in the current language when the page is made.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Spinner, Token, summary
from ...i18n import _, ngettext
from .cards import ACTION_CARDS, AMINO_CARDS, AMINO_NAMES, CODONS, COIN_POOL, D6, D20, PROTEINS
from .render import CLASSES, FACES, THREE


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary)."""
    faces: list[Face] = []
    protein_card, action_card, amino_acid = _("Protein card"), _("Action card"), _("Amino acid")
    for p in PROTEINS.values():
        role = _(p.role)
        note = _("{role}; {note} ({source}).") if p.note else _("{role} ({source}).")
        note = note.format(role=role[:1].upper() + role[1:], note=_(p.note) if p.note else "", source=p.source)
        faces.append(Face(_(p.name), protein_card, "#555555", protein_card, ink="#fff",
                          symbol=ngettext("{n} coins", "{n} coins", p.value).format(n=p.value),
                          lines=(" ".join(p.sequence), _("{n} amino acids, N→C").format(n=len(p.sequence))),
                          note=note))
    timing = {"now": _("Play at once when drawn."), "trade": _("Keep; play while trading."),
              "build": _("Keep; play with a build.")}
    for card in ACTION_CARDS.values():
        for _copy in range(card.copies):
            faces.append(Face(_(card.title), action_card, "#CC79A7", action_card,
                              lines=(timing[card.timing], _(card.text)),
                              note=summary(concepts, card.concepts[0]) if card.concepts else ""))
    for code, copies in AMINO_CARDS.items():
        kind = next(k for k, (letters, _fill, _ink) in CLASSES.items() if code in letters)
        _letters, fill, ink = CLASSES[kind]
        note = ngettext("{n} codon in the genetic code, so {cards} cards.",
                        "{n} codons in the genetic code, so {cards} cards.", CODONS[code]).format(n=CODONS[code],
                                                                                                 cards=copies)
        for _copy in range(copies):
            faces.append(Face(_(AMINO_NAMES[code]), _("Amino acid · {kind}").format(kind=_(kind)), fill, amino_acid,
                              ink=ink, big=code, symbol=THREE[code], note=note))
    coins = [Token(_("1 coin"), "#F0E442", round=True, w=18, h=18) for _coin in range(max(COIN_POOL.values()))]
    six = _("Six-sided die")
    return Printed("nucleo", "NUCLEO", faces, tokens=[(_("NUCLEOcoins"), coins)],
                   spinners=[Spinner(six, tuple(_(FACES[f]) for f in D6)),
                             Spinner(_("Twenty-sided die: amino acids"), tuple(f"{c} {THREE[c]}" for c in D20))],
                   nets=[Spinner(six, tuple(_(FACES[f]) for f in D6))])
