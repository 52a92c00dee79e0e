"""Rulebook clocks at class tables (NUCLEO's minute for negotiating, for a class that plays with it).

The engine says when a clock runs (the view's ``clock``: seconds, the turn it belongs to, the move
that ends it); the server keeps the time of each table, holds it while the teacher pauses the table,
and plays that move when the time is up, after any choice outside the talks that is waiting then.
Pages only show the seconds left, which every position frame carries.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from .classroom import ClassTable


@dataclass
class TableClock:
    turn: str
    left: float
    """Seconds left, while the clock is held (a paused table)."""
    deadline: float | None = None
    """The event loop's time when it runs out, while it runs."""
    handle: asyncio.TimerHandle | None = None

    def seconds_left(self, now: float) -> float:
        return max(0.0, self.deadline - now) if self.deadline is not None else self.left

    def hold(self, now: float) -> None:
        if self.deadline is not None:
            self.left, self.deadline = self.seconds_left(now), None
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None


class Timer(Protocol):
    """What the clocks need of time: the event loop's (the default), or a test's fake one."""

    def time(self) -> float: ...
    def call_at(self, when: float, callback: Callable[..., object], *args: object) -> asyncio.TimerHandle: ...
    def call_soon(self, callback: Callable[..., object], *args: object) -> asyncio.Handle: ...


class Clocks:
    """Every class table's running clock; ``time_up(table)`` plays the clock's move. ``timer`` is
    where time comes from and callbacks wait: the running event loop unless given."""

    def __init__(self, time_up: Callable[[ClassTable], Awaitable[None]], timer: Timer | None = None) -> None:
        self.kept: dict[int, TableClock] = {}
        self._time_up = time_up
        self._timer = timer
        self._tasks: set[asyncio.Task] = set()

    @property
    def timer(self) -> Timer:
        return self._timer or asyncio.get_running_loop()

    def tend(self, table: ClassTable) -> None:
        """After every change at ``table``: start its clock for a new turn, hold it while the table
        is paused, let it run on, or play the clock's move now if its time ran out meanwhile."""
        if table.state is None or table.row.ended or table.state.is_terminal():
            self.forget(table.id)
            return
        clock = table.clock()
        if clock is None:  # not negotiating now (or a choice outside the talks first): the time runs on
            return
        timer = self.timer
        kept = self.kept.get(table.id)
        if kept is None or kept.turn != clock["turn"]:
            self.forget(table.id)
            kept = self.kept[table.id] = TableClock(clock["turn"], float(clock["seconds"]))
        if table.paused:
            kept.hold(timer.time())
        elif kept.deadline is None:
            kept.deadline = timer.time() + kept.left
            kept.handle = timer.call_at(kept.deadline, self._ran_out, table)
        elif timer.time() >= kept.deadline:
            timer.call_soon(self._ran_out, table)

    def seconds_left(self, table: ClassTable) -> float | None:
        """What a page shows: the seconds left on the table's running clock, or ``None``."""
        clock, kept = table.clock(), self.kept.get(table.id)
        if clock is None or kept is None or kept.turn != clock["turn"]:
            return None
        return round(kept.seconds_left(self.timer.time()), 1)

    def forget(self, table_id: int) -> None:
        kept = self.kept.pop(table_id, None)
        if kept is not None and kept.handle is not None:
            kept.handle.cancel()

    def _ran_out(self, table: ClassTable) -> None:
        clock, kept = table.clock(), self.kept.get(table.id)
        if clock is None or kept is None or kept.turn != clock["turn"] or table.paused:
            return  # the talks ended first, or the table is held: nothing to play now
        if kept.seconds_left(self.timer.time()) > 0:
            return
        task = asyncio.get_running_loop().create_task(self._time_up(table))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
