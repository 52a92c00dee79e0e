"""A game's moves written compactly enough for a link a teacher can send to the class.

A move is its index among the position's legal moves, which are in a fixed order (the engine
contract), so replaying the indices from the same seed and options rebuilds the game exactly.
The indices are packed as one mixed-radix number: each move is a digit whose base is the number
of moves that were legal, so a forced move costs nothing and a choice among n costs log2(n) bits.
The code is ``.``, the move count as a varint, then that number six bits a character, all in
URL-safe characters. A whole game of any of our games, with the most players and random play
(the longest games), fits in under 1,500 characters (NUCLEO with four random players: 1,000–1,250).

Links written before this format (one varint a move, no leading ``.``) still open.

The bell (:meth:`GameState.ring_bell`) is in no position's legal moves, so it is not a digit: a
game whose bell has rung ends its code with a ``.`` and, as a varint, the number of moves made
before each ring (the bell rings at most twice: once, and again to stop a round being finished).

A link also names the rules version it was made under (``v=`` beside ``moves=``, as a record's
``version``): a link of an older version replays with the options that keep that version's rules
(``Game.old_versions``), and a link from before links carried a version replays with the version
its game had then (``Game.unversioned_links``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..i18n import lazy_gettext, message
from .actions import Action
from .errors import IllegalAction, InvalidRecord
from .game import BELL, Game, GameState

# 64 URL-safe characters: in a varint the first 32 end a number and the last 32 say "more digits
# follow"; in the packed number each is six bits.
_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_VALUE = {c: i for i, c in enumerate(_DIGITS)}
_PACKED = "."
"""Starts a packed code; no character of the older one-varint-a-move format is a dot."""
_MAX_CODE = 20_000
"""Longer than any real game's code; a longer one is refused before any replay."""


def encode_moves(state: GameState) -> str:
    """The moves of ``state``'s game so far, as a string of URL-safe characters."""
    replay = state.game.new_state(state.num_players, state.seed, **state.options)
    digits: list[tuple[int, int]] = []
    bells: list[int] = []
    for action in state.history:
        if action.kind == BELL:
            bells.append(len(digits))
            replay.apply(action)
            continue
        legal = replay.legal_actions()
        digits.append((legal.index(action), len(legal)))
        replay.apply(action)
    number = 0
    for index, base in reversed(digits):  # the first move is the least significant digit
        number = number * base + index
    out = [_PACKED, _varint(len(digits))]
    while number:
        out.append(_DIGITS[number & 63])
        number >>= 6
    if bells:
        out += [_PACKED, *map(_varint, bells)]
    return "".join(out)


def link_options(game: Game, version: int | None, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that replay a link made under rules ``version`` (``None``: a link written before
    links carried one) with today's engine; a version this game cannot replay raises :class:`InvalidRecord`."""
    if version is None:
        version = game.version if game.unversioned_links is None else game.unversioned_links
    if version == game.version:
        return dict(options)
    earlier = game.old_versions.get(version)
    if earlier is None:
        raise InvalidRecord(message("This link was made with another version of {game}'s rules, "
                                    "so it cannot be replayed exactly.", game=lazy_gettext(game.title)))
    return {**options, **earlier}  # the options that did not exist then take the old rules' values


def decode_moves(game: Game, players: int, seed: int, options: Mapping[str, Any], code: str, *,
                 version: int | None) -> GameState:
    """The game ``encode_moves`` wrote under rules ``version`` (``None``: a link from before links
    carried one); a damaged or tampered code, or a version that cannot be replayed, raises
    :class:`InvalidRecord`."""
    if len(code) > _MAX_CODE:
        raise InvalidRecord(message("This link is too long to be a BioCards position."))
    options = link_options(game, version, options)
    try:
        state = game.new_state(players, seed, **options)
    except (TypeError, ValueError) as exc:
        raise InvalidRecord(message("This link cannot start a game: {reason}", reason=str(exc))) from None
    if code.startswith(_PACKED):
        moves, _, bells = code[1:].partition(_PACKED)
        _replay_packed(state, moves, [number for number, _ in _varint_prefix(bells)] if bells else [])
    else:
        for index in _varints(code):
            _play(state, index)
    return state


def _replay_packed(state: GameState, code: str, bells: list[int]) -> None:
    if not code:
        raise InvalidRecord(message("This link's moves stop before they start: it was cut short."))
    count, used = next(_varint_prefix(code))
    if len(bells) > 2 or bells != sorted(bells) or any(at > count for at in bells):
        raise InvalidRecord(message("This link's moves are damaged."))
    number = 0
    for char in reversed(code[used:]):
        number = (number << 6) | _value(char)
    for made in range(count + 1):
        while bells and bells[0] == made:
            bells.pop(0)
            _ring(state)
        if made == count:
            break
        base = len(state.legal_actions())
        if base == 0:
            raise InvalidRecord(message("This link goes on after its game has ended: it was changed."))
        number, index = divmod(number, base)
        _play(state, index)
    if number:
        raise InvalidRecord(message("This link's moves are damaged: they hold more than its moves."))


def _ring(state: GameState) -> None:
    try:
        state.apply(Action(BELL))
    except IllegalAction:
        raise InvalidRecord(message("This link goes on after its game has ended: it was changed.")) from None


def _play(state: GameState, index: int) -> None:
    legal = state.legal_actions()
    if index >= len(legal):
        raise InvalidRecord(message("Move {number} of this link is not a move of the game at that point: "
                                    "the link is damaged or was changed.", number=len(state.history) + 1))
    try:
        state.apply(legal[index])
    except IllegalAction as exc:  # pragma: no cover - legal moves apply
        raise InvalidRecord(*exc.args) from None


def _varint(number: int) -> str:
    out = []
    while True:
        digit, number = number & 31, number >> 5
        out.append(_DIGITS[digit + (32 if number else 0)])
        if not number:
            return "".join(out)


def _value(char: str) -> int:
    value = _VALUE.get(char)
    if value is None:
        raise InvalidRecord(message("This link's moves contain {char}, which no BioCards link uses.", char=repr(char)))
    return value


def _varint_prefix(code: str) -> Iterator[tuple[int, int]]:
    """Each varint of ``code`` with the number of characters read so far."""
    number = shift = 0
    for position, char in enumerate(code, start=1):
        value = _value(char)
        number |= (value & 31) << shift
        if value >= 32:
            shift += 5
            if shift > 30:
                raise InvalidRecord(message("This link's moves are damaged."))
            continue
        yield number, position
        number = shift = 0
    if shift:
        raise InvalidRecord(message("This link's moves stop in the middle of a move: it was cut short."))


def _varints(code: str) -> Iterator[int]:
    for number, _ in _varint_prefix(code):
        yield number
