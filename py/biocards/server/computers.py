"""Computer players and hints, worked out in other processes so a strong computer's 0.4 s of thought
never holds up a move at another table.

Each worker keeps the positions it has seen by table (a move later it applies only the new moves),
so a request carries the record and costs a replay only the first time a worker meets a table.
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor

from .. import games
from ..core import Action
from ..core.hints import suggest

THINKING_SECONDS = 0.4
"""A strong computer's time per move, as in the page."""

_positions: dict[int, object] = {}  # in a worker: table id -> the state it last worked on


def _position(table_id: int, record: dict):
    game = games.get(record["game"])
    state = _positions.get(table_id)
    actions = record["actions"]
    known = [] if state is None else [a.to_json() for a in state.history]
    if state is None or state.seed != record["seed"] or known != actions[:len(known)]:
        state = game.new_state(record["players"], record["seed"], **record.get("options", {}))
        known = []
    for data in actions[len(known):]:
        state.apply(Action.from_json(data))
    _positions[table_id] = state
    return state


def choose(table_id: int, record: dict, kind: str, seed: int) -> dict:
    """The move a computer of ``kind`` makes for the seat to move (in a worker process)."""
    state = _position(table_id, record)
    bot = state.game.make_bot(kind, state.current_player, seed)
    if hasattr(bot, "seconds"):
        bot.seconds = THINKING_SECONDS
    return bot.choose(state).to_json()


def hint(table_id: int, record: dict, seed: int) -> dict:
    """Suggest a move for the seat to move, with its reason (in a worker process)."""
    state = _position(table_id, record)
    found = suggest(state, seed, seconds=THINKING_SECONDS)
    return {"action": found.action.to_json(), "reason": found.reason}


def _think_below_people() -> None:
    """Computers think at a lower priority than the server's loop: on a busy laptop a person's move
    is answered first, and the computers take what CPU is left (measured at 1,000 students)."""
    try:
        os.nice(10)
    except (OSError, AttributeError):  # Windows has no os.nice: there they think at normal priority
        pass


class Computers:
    """A pool of worker processes, one per core, each below the server's own priority."""

    def __init__(self, workers: int | None = None) -> None:
        self.pool = ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 2,
                                        initializer=_think_below_people)

    async def choose(self, table_id: int, record: dict, kind: str, seed: int) -> dict:
        return await asyncio.get_running_loop().run_in_executor(self.pool, choose, table_id, record, kind, seed)

    async def hint(self, table_id: int, record: dict, seed: int) -> dict:
        return await asyncio.get_running_loop().run_in_executor(self.pool, hint, table_id, record, seed)

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
