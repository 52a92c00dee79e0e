"""Balance figures for Cytosis: greedy-vs-greedy seat win rates and Health Points by source."""

from __future__ import annotations

import time

from ...bots import play_out
from ...core.registry import registered
from .rules import SOURCES


def measure(games: int, players: tuple[int, ...] = (2, 3, 4)) -> dict:
    """Play ``games`` greedy games per player count; win rate per seat and the share of HP per source."""
    game = registered()["cytosis"]
    out: dict = {}
    moves, start = 0, time.perf_counter()
    for n in players:
        wins = [0] * n
        by_source = dict.fromkeys(SOURCES, 0)
        for seed in range(games):
            state = game.new_state(n, seed)
            play_out(state, [game.make_bot("greedy", s, seed) for s in range(n)])
            moves += len(state.history)
            wins[state.winners()[0]] += 1
            for p in range(n):
                for source, points in state.hp[p].items():
                    by_source[source] += points
        total = sum(by_source.values()) or 1
        out[f"cytosis_seat_win_rates_{n}p"] = [round(w / games, 3) for w in wins]
        out[f"cytosis_hp_share_{n}p"] = {s: round(v / total, 3) for s, v in by_source.items()}
    out["cytosis_greedy_moves_per_s"] = round(moves / (time.perf_counter() - start), 1)
    return out
