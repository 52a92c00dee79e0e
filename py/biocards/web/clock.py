"""A rulebook's clock (NUCLEO's minute for negotiating, when the table plays with it).

The rules only say when the clock runs and which move ends it: the view's ``clock`` is
``{"seconds", "turn", "plays"}`` while it runs. The page shows the countdown in the prompt bar for
the people at the table; the source says how much time is left and is told when it is up. A local
game keeps when a turn's clock started beside its save, so a reload does not give a turn a fresh
minute, and plays the ``plays`` move itself; at a class table the class server keeps the time and
plays the move, and the page only shows the countdown."""

from __future__ import annotations

import json

from pyscript import window

from ..i18n import _
from .dom import _el
from .saves import _get


def clock_move(view) -> str | None:
    """The move the running clock plays, which the table never offers as a button."""
    clock = view.get("clock") if isinstance(view, dict) else None
    return clock["plays"] if clock else None


class TurnClock:
    """Part of the table: counts a timed part of a turn down, once a second."""

    def __init__(self, source, handler) -> None:
        self.source = source
        self._interval = None  # the once-a-second timer while a clock runs
        self._tick = handler(lambda _=None: self.refresh())  # the page's listener, made once

    def refresh(self) -> None:
        """After every drawing of the live game, and each second while a clock runs: show the time
        left, start the tick, or hide it all."""
        clock = self.source.running_clock()
        if clock is None:
            self.stop()
            return
        left = self.source.seconds_left(clock)
        if left <= 0:
            self.stop()
            self.source.time_up(clock["plays"])
            return
        seconds = int(left + 0.999)
        label = _el("clock")
        label.hidden = False
        label.textContent = _("Time left to negotiate: {minutes}:{seconds}").format(
            minutes=seconds // 60, seconds=f"{seconds % 60:02d}")
        label.classList.toggle("running-out", seconds <= 10)
        if self._interval is None:
            self._interval = window.setInterval(self._tick, 1000)

    def stop(self) -> None:
        if self._interval is not None:
            window.clearInterval(self._interval)
            self._interval = None
        label = _el("clock")
        if label is not None:
            label.hidden = True


def forget_start(key: str) -> None:
    """A game dealt afresh under the save ``key`` starts with no turn's clock remembered."""
    try:
        window.localStorage.removeItem(f"{key}:clock")
    except Exception:  # storage refused (a locked-down browser): nothing was kept to forget
        pass


def remembered_start(key: str, turn: str) -> float:
    """When ``turn``'s clock started (ms since 1970), remembered beside the save ``key``."""
    key = f"{key}:clock"
    try:
        kept = json.loads(_get(key) or "null")
    except ValueError:
        kept = None
    if isinstance(kept, dict) and kept.get("turn") == turn and isinstance(kept.get("since"), (int, float)):
        return kept["since"]
    since = window.Date.now()
    try:
        window.localStorage.setItem(key, json.dumps({"turn": turn, "since": since}))
    except Exception:  # storage full or refused: the clock still runs for this visit
        pass
    return since
