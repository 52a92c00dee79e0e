"""A game's moves written compactly enough for a link a teacher can send to the class.

A move is stored as its index in the position's legal moves, which are in a fixed order (the
engine contract), so replaying the indices from the same seed and options rebuilds the game
exactly. Each index is a little-endian base-32 varint spelled in URL-safe characters: one
character per move while fewer than 32 moves are legal, which is almost always; a whole game of
any of our games fits in a few hundred characters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import IllegalAction, InvalidRecord
from .game import Game, GameState

# 64 URL-safe characters: the first 32 end a number, the last 32 say "more digits follow".
_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {c: i for i, c in enumerate(_DIGITS)}
_MAX_CODE = 20_000
"""Longer than any real game's code; a longer one is refused before any replay."""


def encode_moves(state: GameState) -> str:
    """The moves of ``state``'s game so far, as a string of URL-safe characters."""
    replay = state.game.new_state(state.num_players, state.seed, **state.options)
    out: list[str] = []
    for action in state.history:
        index = replay.legal_actions().index(action)
        while True:
            digit, index = index & 31, index >> 5
            out.append(_DIGITS[digit + (32 if index else 0)])
            if not index:
                break
        replay.apply(action)
    return "".join(out)


def decode_moves(game: Game, players: int, seed: int, options: Mapping[str, Any], code: str) -> GameState:
    """The game ``encode_moves`` wrote; a damaged or tampered code raises :class:`InvalidRecord`."""
    if len(code) > _MAX_CODE:
        raise InvalidRecord("This link is too long to be a BioCards position.")
    try:
        state = game.new_state(players, seed, **options)
    except (TypeError, ValueError) as exc:
        raise InvalidRecord(f"This link cannot start a game: {exc}") from None
    index = shift = 0
    for position, char in enumerate(code, start=1):
        value = _VALUE.get(char)
        if value is None:
            raise InvalidRecord(f"This link's moves contain {char!r}, which no BioCards link uses.")
        index |= (value & 31) << shift
        if value >= 32:
            shift += 5
            if shift > 30:
                raise InvalidRecord("This link's moves are damaged.")
            continue
        legal = state.legal_actions()
        if index >= len(legal):
            raise InvalidRecord(f"Move {len(state.history) + 1} of this link is not a move of the "
                                "game at that point: the link is damaged or was changed.")
        try:
            state.apply(legal[index])
        except IllegalAction as exc:  # pragma: no cover - legal moves apply
            raise InvalidRecord(str(exc)) from None
        index = shift = 0
    if shift:
        raise InvalidRecord("This link's moves stop in the middle of a move: it was cut short.")
    return state
