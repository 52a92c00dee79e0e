"""Taking back moves: which moves revealed something hidden, and how far a player may go back.

Undo is exact because it is a replay: the record without its last moves is loaded again from the
seed. What undo must never do is let a student see a die roll or a drawn card and then choose
again, so a move that revealed anything (a roll, a draw, a card turned face up, a shuffle) is a
wall nothing behind it can be taken back across.

Each game declares in :attr:`Game.reveal_kinds` the kinds of move that always reveal (a roll, a
draw), the way boardgame.io marks moves ``undoable: false``. Some moves reveal only sometimes (the
move that ends a round turns up the next event card; buying a card refills the market from the
deck), so :func:`reveals` also asks the engine itself: did the move use the generator, or does its
mover see different things after it in worlds they cannot tell apart?
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from ..i18n import Message, message
from .actions import Action
from .game import BELL, Game, GameState

WORLDS = 4
"""Worlds (re-dealt hidden cards) in which a move is tried to see whether it shows something new."""


def reveals(state: GameState, action: Action) -> bool:
    """True when making ``action`` in ``state`` reveals something hidden or random to its mover."""
    if action.kind in state.game.reveal_kinds:
        return True
    probe = state.clone()
    before = probe.rng.state
    probe.apply(action)
    if probe.rng.state != before:
        return True
    if not state.game.hidden_information:
        return False
    return shows_the_mover_something(state, action)


def shows_the_mover_something(state: GameState, action: Action, worlds: int = WORLDS) -> bool:
    """True when ``action``, made in several worlds that agree on everything its mover sees
    (:meth:`GameState.determinized`), leaves the mover seeing different things: it told them
    something they could not know."""
    mover = state.current_player
    seen = set()
    for seed in range(worlds):
        world = state.determinized(mover, 7919 * (seed + 1))
        world.apply(action)
        seen.add(json.dumps(world.view(mover), sort_keys=True, default=str))
        if len(seen) > 1:
            return True
    return False


@dataclass(frozen=True)
class TakeBack:
    """What the undo button may do now: remove the last ``moves`` moves, or (0) why it cannot."""

    moves: int
    reason: str | Message = ""

    def __bool__(self) -> bool:
        return self.moves > 0


def take_back(game: Game, record: Mapping[str, Any], people: Collection[int], *,
              own_turn_only: bool = False, floor: int = 0) -> TakeBack:
    """How many moves to remove so that the last move of a person (a seat in ``people``) is undone.

    Computer moves after that move go too (the computer will play again). Nothing that revealed
    hidden information may be taken back, nor any of the first ``floor`` moves (a shared position
    or a guided lesson's prepared start), nor the bell or anything before it (the game is being
    ended: docs/rules-decisions.md › All games › Play to the bell). With ``own_turn_only`` (people
    passing one device) only the player to move may take back, and only moves of the turn they are
    still playing.
    """
    def fresh() -> GameState:
        return game.new_state(record["players"], record["seed"], **record.get("options", {}))

    actions = [Action.from_json(data) for data in record.get("actions", [])]
    state, movers = fresh(), []
    for action in actions:
        movers.append(None if action.kind == BELL else state.current_player)  # the bell is no one's move
        state.apply(action)
    to_move = state.current_player
    bell = max((i for i, action in enumerate(actions) if action.kind == BELL), default=None)
    if bell is not None and bell + 1 > floor:
        floor, after_bell = bell + 1, True
    else:
        after_bell = False
    # The move to undo: the last one a person made, within the turn being played if people pass one
    # device; computer moves after it go too.
    target = None
    for index in range(len(movers) - 1, floor - 1, -1):
        if own_turn_only and movers[index] != to_move:
            break
        if movers[index] in people:
            target = index
            break
    if target is None:
        if after_bell and not any(m in people for m in movers[floor:]):
            return TakeBack(0, message("The bell has rung: no move made before it can be taken back."))
        if own_turn_only and movers[floor:] and to_move in people:
            return TakeBack(0, message("Only moves of the turn being played can be taken back, "
                                       "not moves made before the device was passed."))
        if floor and len(movers) >= floor:
            return TakeBack(0, message("This position was prepared for you: there is no earlier move to take back."))
        return TakeBack(0, message("No move has been made yet."))
    state = fresh()
    for action in actions[:target]:
        state.apply(action)
    for action in actions[target:]:
        shown = next((a for a in state.legal_actions() if a == action), action)
        if reveals(state, shown):
            name = shown.label or shown.kind.replace("-", " ")
            return TakeBack(0, message("“{move}” revealed something hidden (a card or a roll), "
                                       "so it cannot be taken back.", move=name))
        state.apply(action)
    return TakeBack(len(movers) - target)


def without_last(record: Mapping[str, Any], moves: int) -> dict[str, Any]:
    """``record`` with its last ``moves`` moves removed."""
    actions = list(record.get("actions", []))
    return {**record, "actions": actions[:len(actions) - moves] if moves else actions}
