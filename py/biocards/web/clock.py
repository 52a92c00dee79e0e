"""A rulebook's clock (NUCLEO's minute for negotiating, when the table plays with it).

The rules only say when the clock runs and which move ends it: the view's ``clock`` is
``{"seconds", "turn", "plays"}`` while it runs. The page has the time: it shows the countdown in the
prompt bar for the people at the table and plays the ``plays`` move when time is up. When a turn's
clock started is kept beside the save, so a reload does not give a turn a fresh minute. (At a class
table the class server keeps the time and plays the move; the page only shows the countdown.)"""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import window

from .dom import _el
from .saves import _get


class TurnClock:
    """Mixin for :class:`~biocards.web.table.Table`: counts a timed part of a turn down."""

    _clock_interval = None
    _clock_tick_proxy = None

    def clock_kind(self, view) -> str | None:
        """The move the running clock plays, which the table never offers as a button."""
        clock = view.get("clock") if isinstance(view, dict) else None
        return clock["plays"] if clock else None

    def _refresh_clock(self) -> None:
        """After every render: show the time left, start the once-a-second tick, or hide it all."""
        clock = self._running_clock()
        if clock is None:
            self._stop_clock()
            return
        left = self._seconds_left(clock)
        if left <= 0:
            self._stop_clock()
            self._time_up(clock["plays"])
            return
        seconds = int(left + 0.999)
        label = _el("clock")
        label.hidden = False
        label.textContent = f"Time left to negotiate: {seconds // 60}:{seconds % 60:02d}"
        label.classList.toggle("running-out", seconds <= 10)
        if self._clock_interval is None:
            if self._clock_tick_proxy is None:
                self._clock_tick_proxy = create_proxy(self._guard(lambda _=None: self._refresh_clock()))
            self._clock_interval = window.setInterval(self._clock_tick_proxy, 1000)

    def _running_clock(self) -> dict | None:
        """The view's clock, while people play and the game is not being replayed."""
        if self.state is None or not self.setup.humans or self.controls.replay_at is not None:
            return None
        return self.state.view(None).get("clock")

    def _seconds_left(self, clock: dict) -> float:
        started = self._clock_start(clock["turn"])
        return clock["seconds"] - (window.Date.now() - started) / 1000

    def _stop_clock(self) -> None:
        if self._clock_interval is not None:
            window.clearInterval(self._clock_interval)
            self._clock_interval = None
        label = _el("clock")
        if label is not None:
            label.hidden = True

    def forget_clock(self) -> None:
        """A game dealt afresh under this save's key starts with no turn's clock remembered."""
        try:
            window.localStorage.removeItem(f"{self.key}:clock")
        except Exception:  # storage refused (a locked-down browser): nothing was kept to forget
            pass

    def _clock_start(self, turn: str) -> float:
        """When this turn's clock started (ms since 1970): remembered with the save."""
        key = f"{self.key}:clock"
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

    def _time_up(self, kind: str) -> None:
        """Play the clock's move once it is legal (a choice outside the talks is answered first)."""
        action = next((a for a in self.state.legal_actions() if a.kind == kind), None)
        if action is not None:
            self._play(action)
