"""How long a computer player takes to decide: timed by ``build.py bench`` on CPython
(:mod:`biocards.bench`) and inside the page (``window.biocardsBench``), so it ships in the page's
wheel, where the rest of the benches do not."""

from __future__ import annotations

import statistics
import time


def bot_move_ms(game, players: int, moves: int, bot: str = "greedy", seconds: float | None = None) -> float:
    """Median milliseconds for one decision of ``bot`` (greedy unless named), over positions from
    games that bot plays against itself; ``seconds`` is the search bot's per-move budget (the page's)."""
    times, seed = [], 0
    while len(times) < moves:
        state = game.new_state(players, seed)
        bots = [game.make_bot(bot, s, seed) for s in range(players)]
        if seconds is not None:
            for b in bots:
                b.seconds = seconds
        while not state.is_terminal() and len(times) < moves:
            mover = bots[state.current_player]
            t0 = time.perf_counter()
            action = mover.choose(state)
            times.append((time.perf_counter() - t0) * 1000)
            state.apply(action)
        seed += 1
    return round(statistics.median(times), 3)
