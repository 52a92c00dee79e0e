"""The game registry: each game package registers its :class:`Game` when imported."""

from __future__ import annotations

from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (called once, at import, by each game package)."""
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise ValueError(f"two games registered as {game.id!r}")
    game.state_class.game = game
    _GAMES[game.id] = game
    return game


def registered() -> dict[str, Game]:
    """The registered games by id (imports nothing)."""
    return _GAMES
