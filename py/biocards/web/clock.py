"""A rulebook's clock (NUCLEO's minute for negotiating, when the table plays with it), and the
bell's countdown (a timer set on the start form: ``bell.py``).

The rules only say when the clock runs and which move ends it: the view's ``clock`` is
``{"seconds", "turn", "plays"}`` while it runs. The page shows the countdown in the prompt bar for
the people at the table; the source says how much time is left and is told when it is up. A local
game keeps when a turn's clock started beside its save, so a reload does not give a turn a fresh
minute, and plays the ``plays`` move itself; at a class table the class server keeps the time and
plays the move, and the page only shows the countdown.

The bell counts down beside the prompt (minutes and seconds, to a wall-clock deadline the source
keeps) and rings through the source when it runs out; the log says how long is left at a few
moments (``bell.WARNINGS``), which screen readers hear once, not every second."""

from __future__ import annotations

import json

from pyscript import window

from ..i18n import _, ngettext
from .bell import countdown, warning_crossed
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


class BellCountdown:
    """Part of the table: the time left until the bell, once a second while its timer runs; then,
    while the game finishes the round in progress, that the bell has rung."""

    def __init__(self, source, handler, log) -> None:
        self.source = source
        self.log = log
        self._interval = None  # the once-a-second timer while the bell's timer runs
        self._left: float | None = None  # seconds left at the last reading (for the warnings)
        self._ring_due = False  # the bell rings once the drawing that found it due is over
        self._tick = handler(lambda _=None: self.refresh())
        self._ring = handler(self._ring_now)

    def refresh(self) -> None:
        """After every drawing of the live game, each second while the timer runs, and when the tab
        is shown again (a hidden tab's timers are slowed; the deadline is wall-clock time)."""
        label = _el("bell-clock")
        if label is None:
            return
        if self.source.bell_finishing():
            self.stop()
            label.hidden = False
            label.classList.remove("running-out")
            label.textContent = _("The bell has rung: the game ends when this round is over.")
            return
        left = self.source.bell_left()
        if left is None:
            self.stop()
            label.hidden = True
            return
        if left <= 0:
            self.stop()
            label.hidden = True
            if not self._ring_due:
                # Not inside this drawing: the move that is drawn would go on as if no bell had rung.
                self._ring_due = True
                window.setTimeout(self._ring, 0)
            return
        warning = warning_crossed(self._left, left)
        self._left = left
        if warning is not None:
            self.log.line(ngettext("{n} minute to the bell.", "{n} minutes to the bell.", warning).format(n=warning))
        label.hidden = False
        label.textContent = _("Bell in {time}").format(time=countdown(left))
        label.classList.toggle("running-out", left <= 60)
        if self._interval is None:
            self._interval = window.setInterval(self._tick, 1000)

    def _ring_now(self, _event=None) -> None:
        self._ring_due = False
        left = self.source.bell_left()
        if left is not None and left <= 0:  # still due (a take-back or another tab may have changed that)
            self.source.ring_bell()

    def stop(self) -> None:
        if self._interval is not None:
            window.clearInterval(self._interval)
            self._interval = None
        self._left = None


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
