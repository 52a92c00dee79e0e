"""How long each game runs at each player count, for the For teachers pages.

``PYTHONPATH=py python3 -m sitegen.game_lengths`` writes ``lessons/teachers/game_lengths.json``.
It measures game length the way ``python3 build.py bench`` plays its seat win rates: greedy bots
against each other (:func:`biocards.bench.seat_win_rates`), seeds 0, 1, 2…, each game played to
its end. For every game it records the moves (every decision, a forced one too) and the turns (a
run of moves by one player before another player moves). Greedy bots are deterministic for a seed,
so the file is reproducible; a unit test replays a game from it to check it is still up to date.
Re-run it after a rules change that alters game length.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from biocards import games
from biocards.bots import play_out

GAMES_PER_COUNT = 30
"""Games per player count: enough for a median and a 10–90% range, a few minutes in all."""
VARIANT_OPTIONS = {"expression": {"variant": True}}
"""Options a game needs below its printed player count (the gene-expression game's 2–3 variant)."""
SHORT_OPTIONS = {"expression": {"target": 100}}
"""A shorter setting measured as well, for a game whose full match does not fit a lesson."""
OUT = Path(__file__).resolve().parents[2] / "lessons" / "teachers" / "game_lengths.json"


def player_counts(game) -> list[int]:
    """Every player count the game can start with, its marked variant's counts included."""
    low = game.fewest_players
    return list(range(min(low, game.min_players), game.max_players + 1))


def options_for(game, players: int, extra: dict | None = None) -> dict:
    """The options a game at this player count starts with (the variant below the printed count)."""
    return {**(VARIANT_OPTIONS.get(game.id, {}) if players < game.min_players else {}), **(extra or {})}


def play_one(game, players: int, seed: int, options: dict) -> tuple[int, int]:
    """(moves, turns) of one greedy-vs-greedy game from ``seed``."""
    state = game.new_state(players, seed, **options)
    bots = [game.make_bot("greedy", s, seed) for s in range(players)]
    movers = []
    original = state.apply

    def apply(action):
        movers.append(state.current_player)
        return original(action)

    state.apply = apply  # count who moved, without changing how play_out plays
    play_out(state, bots)
    turns = sum(1 for i, p in enumerate(movers) if i == 0 or movers[i - 1] != p)
    return len(movers), turns


def _spread(values: list[int]) -> dict:
    ordered = sorted(values)
    decile = max(0, round(len(ordered) * 0.1) - 1)
    return {"median": statistics.median(ordered), "p10": ordered[decile], "p90": ordered[-1 - decile]}


def measure(n: int = GAMES_PER_COUNT, only: list[str] | None = None) -> dict:
    """Game lengths for every registered game (or those in ``only``) at every player count."""
    out: dict = {"games_per_count": n, "bot": "greedy", "first_seed": 0, "games": {}}
    for game in games.all():
        if only and game.id not in only:
            continue
        out["games"][game.id] = {"counts": _counts(game, n, None)}
        if game.id in SHORT_OPTIONS:
            out["games"][game.id]["short"] = {"options": SHORT_OPTIONS[game.id],
                                              "counts": _counts(game, n, SHORT_OPTIONS[game.id])}
    return out


def _counts(game, n: int, extra: dict | None) -> dict:
    counts = {}
    for players in player_counts(game):
        options = options_for(game, players, extra)
        played = [play_one(game, players, seed, options) for seed in range(n)]
        moves, turns = [m for m, _ in played], [t for _, t in played]
        counts[str(players)] = {"moves": _spread(moves), "turns": _spread(turns), "options": options,
                                "first_game": {"seed": 0, "moves": moves[0], "turns": turns[0]}}
        print(f"{game.id} {players}p {extra or ''}: moves {counts[str(players)]['moves']}, "
              f"turns {counts[str(players)]['turns']}", file=sys.stderr)
    return counts


if __name__ == "__main__":
    data = measure()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}", file=sys.stderr)
