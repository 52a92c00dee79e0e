"""The gene-expression matching game: shed your hand along the pathway a gene takes to be expressed.

Cards follow one another as the steps of expression do (promoter → operon → transcription factor
→ expressed gene → promoter), or by the same number or the same mutation; the four mutation cards
(substitution, translocation, deletion, insertion) disturb the game as mutations disturb a gene's
product. It teaches the order of gene expression and what each kind of mutation does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...bots import RandomBot, play_out
from ...core import Game, register
from .bots import GreedyBot, SearchBot
from .cards import follows
from .render import prompt, render
from .rules import (MAX_HANDS, MAX_MOVES_PER_TURN, MAX_PLAYERS, MAX_TURNS_PER_HAND, MIN_PLAYERS,
                    VARIANT_MIN_PLAYERS, ExpressionState)

__all__ = ["BENCH", "GAME", "bench_extras", "can_follow"]


def can_follow(card: str, top: str) -> bool:
    """Whether ``card`` may be played on ``top`` (both ``category:value``); ``ValueError`` if malformed.

    >>> can_follow("operon:7", "promoter:3")
    True
    """
    return follows(card, top)


@dataclass(frozen=True)
class ExpressionGame(Game):
    """The game's facts, plus the 2–3 player variant below the printed 4–6."""

    variant_min_players: int = VARIANT_MIN_PLAYERS
    """Fewest players with ``variant=True`` (RULINGS: 2–3 players allowed as a marked variant)."""

    def new_state(self, players: int, seed: int = 0, **options: Any) -> ExpressionState:
        """A new match; 2–3 players need ``variant=True`` (else the state raises ``ValueError``)."""
        if isinstance(players, int) and self.variant_min_players <= players < self.min_players:
            unknown = set(options) - set(self.options)
            if unknown:
                raise ValueError(f"{self.title} has no option {sorted(unknown)[0]!r}; "
                                 f"options: {sorted(self.options)}.")
            return self.state_class(players, int(seed), {**self.options, **options})
        return super().new_state(players, seed, **options)


GAME = register(ExpressionGame(
    id="expression",
    title="Gene Expression",
    summary="Shed your cards by following the pathway of gene expression, and mutate your rivals' turns.",
    # Printed for 4–6; the 2–3 player variant is reached with variant=True (variant_min_players).
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    state_class=ExpressionState,
    hidden_information=True,
    max_moves=MAX_HANDS * MAX_TURNS_PER_HAND * MAX_MOVES_PER_TURN,
    # first_player: the seat that leads the first hand (0-based); None draws it from the deal's seed.
    options={"target": 500, "variant": False, "first_player": None},
    bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
    render=render,
    reveal_kinds=frozenset({"draw"}),  # see core/undo.py
    prompt=prompt,
    # 2: the first hand's first player is drawn (was always seat 0): version-1 records replay with seat 0.
    version=2,
    old_versions={1: {"first_player": 0}},
    unversioned_links=1,
))

BENCH = {"win_rate_players": [4], "win_rate_games": 200}


def bench_extras(quick: bool = False) -> dict[str, Any]:
    """Greedy-vs-greedy hand win rate per seat over 1,000 hands (100 if ``quick``), 4 players, and
    by place in the hand's turn order (the first player moves round each hand, so per seat the
    rates even out; by turn order shows whether leading a hand is an advantage); and how often one
    greedy seat wins a match against three random bots."""
    hands = 100 if quick else 1000
    wins, by_order = [0] * 4, [0] * 4
    played, seed = 0, 0
    while played < hands:
        state = GAME.new_state(4, seed)
        bots = [GAME.make_bot("greedy", s, seed) for s in range(4)]
        while not state.is_terminal() and played < hands:
            before, first = len(state.won), state.first
            state.apply(bots[state.current_player].choose(state))
            for _, winner, _, _ in state.won[before:]:
                wins[winner] += 1
                by_order[(winner - first) % 4] += 1
                played += 1
        seed += 1
    matches = 20 if quick else 200
    beaten = 0
    for seed in range(matches):
        seat = seed % 4
        state = play_out(GAME.new_state(4, seed),
                         [GAME.make_bot("greedy" if s == seat else "random", s, seed) for s in range(4)])
        beaten += state.winners() == [seat]
    return {"hands": hands,
            "greedy_hand_win_rate_by_seat_4p": [round(w / hands, 3) for w in wins],
            "greedy_hand_win_rate_by_turn_order_4p": [round(w / hands, 3) for w in by_order],
            "greedy_vs_3_random_match_win_rate": round(beaten / matches, 3),
            "greedy_vs_random_matches": matches}
