"""Computer players and hints, worked out in other processes so a strong computer's 0.4 s of thought
never holds up a move at another table.

Each worker keeps the positions it has seen by table (a move later it applies only the new moves),
so a request carries the record and costs a replay only the first time a worker meets a table.
"""

from __future__ import annotations

import asyncio
import os
import time
from concurrent.futures import ProcessPoolExecutor

from .. import games
from ..core import Action
from ..core.hints import suggest
from ..i18n import message

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


class HintsBusy(Exception):
    """More students are waiting for a suggestion than the hint worker can answer soon."""

    @property
    def text(self):
        return self.args[0]


HINTS_WAITING = 12
"""Suggestions waiting at once (each about THINKING_SECONDS): more are refused with a sentence."""
HINT_NICENESS = 19
"""The hint worker's priority, below the computers' (10): a hint never delays a computer's move."""


def _watch_parent() -> None:
    """Exit when the process that started this one ends, on any system: a thread waits on the
    parent's sentinel that multiprocessing hands every child it starts (a pipe whose other end only
    the parent holds, or on Windows a handle of the parent process), not on ``os.getppid()``,
    which never changes on Windows and under "forkserver" names the fork server, not the server."""
    import multiprocessing
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None:  # not started by multiprocessing: nobody to follow
        return

    def watch() -> None:
        wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _die_with(parent: int) -> None:
    """A worker ends when the server does, even when the server is killed with SIGKILL (as the OOM
    killer does). On Linux the workers are forked from the server (:func:`_pool_context`) and the
    kernel sends each SIGKILL when it goes (PR_SET_PDEATHSIG). Elsewhere, or if that call fails, a
    thread sees the server go (:func:`_watch_parent`)."""
    import sys

    if sys.platform.startswith("linux"):
        try:
            import ctypes
            import signal

            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0:  # 1 is PR_SET_PDEATHSIG
                if os.getppid() != parent:  # the server died before the call took effect
                    os._exit(0)
                return
        except (OSError, AttributeError):
            pass
    _watch_parent()


def _pool_context():
    """How the workers start. On Linux, forked from the server (what Python 3.11 to 3.13 did by
    default; 3.14 defaults to "forkserver", whose workers are the fork server's children, so the
    kernel's parent-death signal would follow the wrong process); the server starts them before it
    opens its port or any thread of its own. Elsewhere the system's own way (spawn on Windows and
    macOS), each worker watching for the server's end."""
    import multiprocessing
    import sys

    return multiprocessing.get_context("fork") if sys.platform.startswith("linux") else multiprocessing.get_context()


def _start_worker(parent: int, niceness: int) -> None:
    """Computers think at a lower priority than the server's loop: on a busy laptop a person's move
    is answered first, and the computers take what CPU is left (measured at 1,000 students)."""
    _die_with(parent)
    try:
        os.nice(niceness)
    except (OSError, AttributeError):  # Windows has no os.nice: its workers think at the server's priority
        pass


def _ready() -> int:
    time.sleep(0.05)  # long enough that every warm-up call needs a process of its own
    return os.getpid()


class Computers:
    """A pool of worker processes for computers, one per core, below the server's own priority, and
    one worker for hints below them. Every worker is started when this is made, before the server
    opens its port, so none holds the listening socket; each dies with the server."""

    def __init__(self, workers: int | None = None) -> None:
        count = workers or os.cpu_count() or 2
        parent = os.getpid()
        context = _pool_context()
        self.pool = ProcessPoolExecutor(max_workers=count, mp_context=context, initializer=_start_worker,
                                        initargs=(parent, 10))
        self.hint_pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_start_worker,
                                             initargs=(parent, HINT_NICENESS))
        self.hints_waiting = 0
        ready = [self.pool.submit(_ready) for _ in range(count)] + [self.hint_pool.submit(_ready)]
        self.pids = {future.result() for future in ready}

    async def choose(self, table_id: int, record: dict, kind: str, seed: int) -> dict:
        return await asyncio.get_running_loop().run_in_executor(self.pool, choose, table_id, record, kind, seed)

    async def hint(self, table_id: int, record: dict, seed: int) -> dict:
        if self.hints_waiting >= HINTS_WAITING:
            raise HintsBusy(message("Many students are waiting for a suggestion: ask again in a moment."))
        self.hints_waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.hint_pool, hint, table_id, record, seed)
        finally:
            self.hints_waiting -= 1

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.hint_pool.shutdown(wait=False, cancel_futures=True)
