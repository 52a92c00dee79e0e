"""Engine figures for ``python3 build.py bench``: games per second, bot move time, seat win rates.

Printed as one JSON object. Each game package may declare ``BENCH = {"win_rate_players": [...],
"win_rate_games": N}`` and a ``bench_extras(quick=False) -> dict`` for figures of its own.
"""

from __future__ import annotations

import importlib
import json
import statistics
import sys
import time

from . import games
from .bots import play_out
from .core.testing import random_game


def games_per_second(game, players: int, seconds: float) -> float:
    """Random-vs-random games finished per second on this machine."""
    start, done, seed = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds or done < 3:
        random_game(game, players, seed)
        done, seed = done + 1, seed + 1
    return round(done / (time.perf_counter() - start), 1)


def bot_move_ms(game, players: int, moves: int) -> float:
    """Median milliseconds for one greedy decision, over positions from greedy games."""
    times, seed = [], 0
    while len(times) < moves:
        state = game.new_state(players, seed)
        bots = [game.make_bot("greedy", s, seed) for s in range(players)]
        while not state.is_terminal() and len(times) < moves:
            bot = bots[state.current_player]
            t0 = time.perf_counter()
            action = bot.choose(state)
            times.append((time.perf_counter() - t0) * 1000)
            state.apply(action)
        seed += 1
    return round(statistics.median(times), 3)


def seat_win_rates(game_id: str, players: int, n: int) -> list[float]:
    """Share of wins per seat for greedy-vs-greedy games (a shared win counts fractionally)."""
    game = games.get(game_id)
    wins = [0.0] * players
    for seed in range(n):
        state = play_out(game.new_state(players, seed), [game.make_bot("greedy", s, seed) for s in range(players)])
        winners = state.winners()
        for p in winners:
            wins[p] += 1 / len(winners)
    return [round(w / n, 3) for w in wins]


def measure(quick: bool = False) -> dict:
    """Every engine figure for every registered game."""
    out: dict = {}
    for game in games.all():
        players = game.min_players
        rate = games_per_second(game, players, 0.5 if quick else 3.0)
        out[f"{game.id}_games_per_s"] = rate
        if game.id == "translation":
            out["engine_games_per_s"] = rate
        out[f"{game.id}_bot_move_ms"] = bot_move_ms(game, players, 50 if quick else 300)
        package = importlib.import_module(f"biocards.games.{game.id}")
        spec = getattr(package, "BENCH", {})
        n = 20 if quick else spec.get("win_rate_games", 200)
        for count in spec.get("win_rate_players", [players]):
            out[f"{game.id}_seat_win_rates_{count}p"] = seat_win_rates(game.id, count, n)
        out[f"{game.id}_win_rate_games"] = n
        extras = getattr(package, "bench_extras", None)
        if extras is not None:
            out[game.id] = extras(quick=quick)
    return out


if __name__ == "__main__":
    print(json.dumps(measure(quick="--quick" in sys.argv)))


# -- search bot figures ---------------------------------------------------------------------------

TWO_PLAYER_OPTIONS = {"expression": {"variant": True}}
"""Options a game needs for a two-player match (the gene-expression game's marked variant)."""


def wilson(wins: float, n: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval for a win share (a shared win counts as a fraction)."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def head_to_head(game, bot: str, rival: str, n: int, *, players: int = 2, first_seed: int = 0,
                 bot_options: dict | None = None) -> dict:
    """``bot`` against ``rival`` over ``n`` two-player games, ``bot`` taking seat 0 and seat 1 in
    turn; returns its win share (ties shared), the 95% Wilson interval and its median move time."""
    options = TWO_PLAYER_OPTIONS.get(game.id, {}) if players == 2 else {}
    wins, times = 0.0, []
    for g in range(n):
        seed = first_seed + g
        mine = g % players
        state = game.new_state(players, seed, **options)
        bots = []
        for s in range(players):
            if s == mine:
                factory = game.bots[bot]
                bots.append(factory(game, s, seed, **(bot_options or {})))
            else:
                bots.append(game.make_bot(rival, s, seed))
        for _ in range(game.max_moves):
            if state.is_terminal():
                break
            p = state.current_player
            t0 = time.perf_counter()
            action = bots[p].choose(state)
            if p == mine:
                times.append((time.perf_counter() - t0) * 1000)
            state.apply(action)
        winners = state.winners() if state.is_terminal() else []
        if mine in winners:
            wins += 1 / len(winners)
    return {"games": n, "win_share": round(wins / n, 3), "wilson95": wilson(wins, n),
            "median_move_ms": round(statistics.median(times), 2) if times else None}
