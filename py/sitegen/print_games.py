"""Each game's printed components (issue 34), collected: every game describes its own, from its own
card data and colours, in ``biocards/games/<id>/print.py``; this module hands them the concepts.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path

from biocards.core.printed import Printed

ROOT = Path(__file__).resolve().parents[2]


def _concepts(lang: str = "en") -> dict[str, dict]:
    """The concepts in ``lang`` (``lessons/<lang>/concepts.toml``): a card's biology note is its
    concept's summary."""
    from .lessons import load_concepts

    return load_concepts(ROOT, lang)


def _maker(game_id: str) -> Callable[..., Printed]:
    def make(lang: str = "en") -> Printed:
        """The components in ``lang``: its concepts, and the game's own words in the language of the
        moment (call it inside ``biocards.i18n.language(lang)``)."""
        return importlib.import_module(f"biocards.games.{game_id}.print").components(_concepts(lang))
    return make


GAMES = {game_id: _maker(game_id) for game_id in ("translation", "peptide", "nucleo", "cytosis", "expression")}
"""Game id -> a function making that game's printed components (in a language: ``make("es")``),
in the order the print pages list them."""
