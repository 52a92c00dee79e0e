"""Every game, one package each; importing this package registers them all.

>>> from biocards import games
>>> game = games.get("translation")
>>> state = game.new_state(players=2, seed=7)
"""

from __future__ import annotations

import importlib
import pkgutil

from ..core.game import Game
from ..core.registry import registered

# The order games are listed in on the landing page.
_ORDER = ("translation", "peptide", "nucleo", "cytosis", "expression")


def _discover() -> dict[str, Game]:
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            importlib.import_module(f"{__name__}.{info.name}")
    return registered()


def get(game_id: str) -> Game:
    """The game with this id; ``KeyError`` with the ids that exist.

    Imports only that game's package when it exists (the page boots faster than importing all five).
    """
    if game_id not in registered() and game_id.isidentifier():
        try:
            importlib.import_module(f"{__name__}.{game_id}")
        except ModuleNotFoundError:
            pass
    if game_id in registered():
        return registered()[game_id]
    games = _discover()
    try:
        return games[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; games: {', '.join(sorted(games))}") from None


def all() -> list[Game]:  # noqa: A001 - the contract's name (docs/design.md)
    """Every registered game, in landing-page order."""
    games = _discover()
    rank = {gid: i for i, gid in enumerate(_ORDER)}
    return sorted(games.values(), key=lambda g: (rank.get(g.id, len(rank)), g.id))
