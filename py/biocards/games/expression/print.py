"""The gene-expression game's printed components: its 72 pathway and mutation cards.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed
from .cards import CATEGORIES, DECK, MUTATIONS, PATHWAY, name, parse, points
from .render import FILL, INK


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary)."""
    faces: list[Face] = []
    for card in DECK:
        category, value = parse(card)
        step = PATHWAY.index(category) + 1
        kind = f"Step {step} · {CATEGORIES[category].name}"
        if isinstance(value, int):
            lines = (f"Worth {value} point{'s' * (value != 1)} left in a hand.",)
            note = CATEGORIES[category].role[:1].upper() + CATEGORIES[category].role[1:] + "."
            big = str(value)
        else:
            m = MUTATIONS[value]
            lines = (f"Mutation: {m.effect}.", f"Worth {points(card)} points left in a hand.")
            note = m.product
            big = m.name
        faces.append(Face(name(card), kind, FILL[category], "Gene expression", ink=INK[category], big=big,
                          lines=lines, note=note))
    return Printed("expression", "Gene Expression", faces)
