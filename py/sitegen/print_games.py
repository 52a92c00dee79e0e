"""Each game's printed components (issue 34), collected: every game describes its own, from its own
card data and colours, in ``biocards/games/<id>/print.py``; this module hands them the concepts.
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable
from pathlib import Path

from biocards.core.printed import Printed

ROOT = Path(__file__).resolve().parents[2]


def _concepts() -> dict[str, dict]:
    with open(ROOT / "lessons" / "concepts.toml", "rb") as f:
        return tomllib.load(f)


def _maker(game_id: str) -> Callable[[], Printed]:
    def make() -> Printed:
        return importlib.import_module(f"biocards.games.{game_id}.print").components(_concepts())
    return make


GAMES = {game_id: _maker(game_id) for game_id in ("translation", "peptide", "nucleo", "cytosis", "expression")}
"""Game id -> a function making that game's printed components, in the order the print pages list them."""
