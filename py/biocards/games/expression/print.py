"""The gene-expression game's printed components: its 72 pathway and mutation cards.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed
from ...i18n import _, ngettext
from .cards import CATEGORIES, DECK, MUTATIONS, PATHWAY, card_name, parse, points
from .render import FILL, INK


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary). Written in the
    current language (the print page of each language asks for its own)."""
    faces: list[Face] = []
    back = _("Gene expression")
    for card in DECK:
        category, value = parse(card)
        step = PATHWAY.index(category) + 1
        kind = _("Step {n} · {step}").format(n=step, step=_(CATEGORIES[category].name))
        if isinstance(value, int):
            lines = (ngettext("Worth {n} point left in a hand.", "Worth {n} points left in a hand.", value).format(
                n=value),)
            role = _(CATEGORIES[category].role)
            note = role[:1].upper() + role[1:] + "."
            big = str(value)
        else:
            m = MUTATIONS[value]
            lines = (_("Mutation: {effect}.").format(effect=_(m.effect)),
                     _("Worth {n} points left in a hand.").format(n=points(card)))
            note = _(m.product)
            big = _(m.name)
        faces.append(Face(str(card_name(card)), kind, FILL[category], back, ink=INK[category], big=big,
                          lines=lines, note=note))
    return Printed("expression", "Gene Expression", faces)
