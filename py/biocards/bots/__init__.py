"""Generic bots. A game registers factories for ``"random"`` and ``"greedy"`` in its :class:`Game`.

Bots are stateless and fair: the choice depends only on what the seat can see and on a generator
derived from (seed, seat, ply), so a reloaded game plays on exactly as before and a bot never
peeks at hidden cards (anything that looks ahead searches :meth:`GameState.determinized` clones).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..core.actions import Action
from ..core.game import Game, GameState
from ..core.rng import Rng


class Bot(Protocol):
    """Anything that picks a legal action for its seat."""

    seat: int

    def choose(self, state: GameState) -> Action:
        """One of ``state.legal_actions()``."""
        ...


class SeatBot:
    """What every bot here shares: its seat, its seed, and a generator for the current move.

    A subclass is its own factory for ``Game.bots``: ``bots={"greedy": GreedyBot}``.
    """

    name = "bot"

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.seed = seed

    def rng(self, state: GameState, *stream: int) -> Rng:
        """The generator for this seat at this ply (``stream`` picks an independent one)."""
        return Rng.derive(self.seed, self.seat, len(state.history), *stream)

    def choose(self, state: GameState) -> Action:
        raise NotImplementedError


class RandomBot(SeatBot):
    """Picks uniformly among the legal actions."""

    name = "random"

    def choose(self, state: GameState) -> Action:
        """A uniformly random legal action."""
        return self.rng(state).choice(state.legal_actions())


Evaluate = Callable[[GameState, int], float]
"""``evaluate(state, seat)``: how good the position is for ``seat`` (higher is better)."""


class OnePlyBot(SeatBot):
    """Tries each legal action on a determinized clone and keeps the best by ``evaluate``.

    Ties are broken at random (seeded), so two greedy bots do not always play the same line.
    """

    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int = 0, *, evaluate: Evaluate) -> None:
        super().__init__(game, seat, seed)
        self.evaluate = evaluate

    def choose(self, state: GameState) -> Action:
        """The legal action whose result ``evaluate`` likes best."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = state.determinized(self.seat, self.rng(state, 1).next64())
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            child = world.clone()
            self._play(child, action)
            value = self.evaluate(child, self.seat)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng(state).choice(best)

    def _play(self, child: GameState, action: Action) -> None:
        """Make a candidate move on a look-ahead clone (a game may trust its legal list and skip checks)."""
        child.apply(action)


def play_out(state: GameState, bots: list[Bot], *, max_moves: int | None = None) -> GameState:
    """Let the bots play ``state`` to the end (in place) and return it."""
    limit = max_moves if max_moves is not None else state.game.max_moves
    for _ in range(limit):
        if state.is_terminal():
            return state
        state.apply(bots[state.current_player].choose(state))
    if not state.is_terminal():
        raise RuntimeError(f"{state.game.title} did not end within {limit} moves")
    return state
