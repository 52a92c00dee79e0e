"""The ``search`` bot: determinized flat Monte Carlo with greedy roll-outs, fair by construction.

Each sample re-deals everything the bot's seat cannot see (``state.determinized(seat, seed)``),
plays every candidate move in that same world (common worlds, so candidates are compared on equal
luck), lets the game's greedy bots finish the game or play ``horizon`` moves, and scores the
result for the bot's seat. The move with the best total wins; ties go to the earlier legal move.

It reads the real state only for its legal moves (which depend on what the mover sees) and the
ply, so two positions that look the same from its seat get the same move for the same seed.
A game tunes it by subclassing in its own ``bots.py``: ``evaluate`` for positions cut short,
``leave_out`` for moves never worth searching (``cancel``), ``samples`` or ``seconds`` for budget.
"""

from __future__ import annotations

import math
import time

from ..core.actions import Action
from ..core.errors import IllegalAction
from ..core.game import Game, GameState
from . import SeatBot


def final_value(state: GameState, seat: int, margin_scale: float = 10.0) -> float:
    """Half the win (a share of it when shared), half the score margin squashed into 0..1: with a
    handful of samples a margin says more than a bare win or loss."""
    winners = state.winners()
    scores = state.scores()
    others = max((s for p, s in enumerate(scores) if p != seat), default=0)
    share = 1.0 / len(winners) if seat in winners else 0.0
    return 0.5 * share + 0.25 + 0.25 * math.tanh((scores[seat] - others) / margin_scale)


class SearchBot(SeatBot):
    """Flat Monte Carlo over determinized worlds; see the module docstring."""

    name = "search"
    samples = 12
    """Worlds sampled per move when no time budget is given (each world tries every candidate)."""
    horizon: int | None = None
    """Roll-out length in moves; ``None`` plays to the end of the game."""
    rollout_bot = "greedy"
    """The bot that plays every seat during a roll-out."""
    margin_scale = 10.0
    """Score margin that counts for about three quarters of the margin's half of a result."""
    loyalty = 0.03
    """Per sample, how much better than the roll-out bot's own move another move must look."""

    def __init__(self, game: Game, seat: int, seed: int = 0, *, samples: int | None = None,
                 seconds: float | None = None, horizon: int | None = None) -> None:
        super().__init__(game, seat, seed)
        self.game = game
        if samples is not None:
            self.samples = samples
        if horizon is not None:
            self.horizon = horizon
        self.seconds = seconds
        """A wall-clock budget per move (the page); when set, at least one world is still sampled."""

    # -- what a game may tune ---------------------------------------------------------------------

    def leave_out(self, action: Action) -> bool:
        """Moves the search never considers (it still plays one if nothing else is legal)."""
        return False

    def evaluate(self, state: GameState, seat: int) -> float:
        """Value of a position the roll-out stopped short of the end (same scale as final_value)."""
        scores = state.scores()
        others = max((s for p, s in enumerate(scores) if p != seat), default=0)
        return 0.5 + 0.5 * math.tanh((scores[seat] - others) / 10)

    def delegate(self, state: GameState, legal: list[Action]) -> bool:
        """True for a small decision the roll-out bot makes well enough on its own (it then plays;
        e.g. the card-by-card steps of building a trade offer)."""
        return False

    def policy(self, seat: int, seed: int) -> SeatBot:
        """The bot that plays ``seat`` in a roll-out (and this seat's delegated and favourite
        moves): the ``rollout_bot`` unless a game gives its own seat a policy of its own."""
        return self.game.make_bot(self.rollout_bot, seat, seed)

    width: int | None = None
    """When set (and the game has ``rank``), only the best ``width`` moves by ``rank`` are searched."""

    def rank(self, world: GameState, move: Action) -> float | None:
        """A one-ply score of ``move`` in a determinized ``world`` for pruning, or ``None``."""
        return None

    def candidates(self, state: GameState, legal: list[Action]) -> list[Action]:
        """The moves worth comparing: not left out, and the ``width`` best by ``rank``."""
        kept = [a for a in legal if not self.leave_out(a)] or legal
        if self.width is None or len(kept) <= self.width:
            return kept
        world = state.determinized(self.seat, self.rng(state, 3).next64())
        scored = []
        for i, move in enumerate(kept):
            value = self.rank(world, move)
            if value is None:
                return kept
            scored.append((-value, i))
        return [kept[i] for _, i in sorted(scored)[: self.width]]

    # -- the search -------------------------------------------------------------------------------

    def choose(self, state: GameState) -> Action:
        """The candidate with the best summed roll-out value over the sampled worlds."""
        thinking = self.think(state)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value

    def think(self, state: GameState):
        """:meth:`choose` in slices: a generator that yields after each sampled world and returns
        the move (the page runs one slice per browser turn, so it stays responsive). The move is
        the same as :meth:`choose` gives for the same samples."""
        legal = state.legal_actions()
        if len(legal) > 1 and self.delegate(state, legal):
            return self.policy(self.seat, self.seed).choose(state)
        moves = self.candidates(state, legal)
        if len(moves) == 1:
            return moves[0]
        rng = self.rng(state, 2)
        totals = [0.0] * len(moves)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        sample = 0
        while True:
            world = state.determinized(self.seat, rng.next64())
            rollout_seed = rng.next64()
            for i, move in enumerate(moves):
                totals[i] += self._rollout(world, move, rollout_seed)
            sample += 1
            if deadline is None:
                if sample >= self.samples:
                    break
            elif time.perf_counter() >= deadline:
                break
            yield sample
        # The roll-out bot's own move keeps ties and near-ties: a few noisy samples should not
        # talk the search out of a sound move.
        favourite = self.policy(self.seat, self.seed).choose(state)
        if favourite in moves:
            totals[moves.index(favourite)] += self.loyalty * sample
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        return moves[best]

    def _rollout(self, world: GameState, move: Action, seed: int) -> float:
        child = world.clone()
        try:
            child.apply(move)
        except IllegalAction:
            # Legal for the real hand but not in this world cannot happen in a fair game; be safe.
            return float("-inf")
        bots = [self.policy(s, seed) for s in range(child.num_players)]
        limit = self.horizon if self.horizon is not None else self.game.max_moves
        for _ in range(limit):
            if child.is_terminal():
                return final_value(child, self.seat, self.margin_scale)
            child.apply(bots[child.current_player].choose(child))
        if child.is_terminal():
            return final_value(child, self.seat, self.margin_scale)
        return self.evaluate(child, self.seat)
