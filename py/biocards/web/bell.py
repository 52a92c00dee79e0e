"""Play to the bell: the timer a game in this page sets on the start form (issue 43).

The start form's "Ends at the bell" choice puts ``bell=<minutes>`` in the play link. When the game
is dealt, the page keeps the bell's *deadline* beside the save (``<save key>:bell``), in wall-clock
milliseconds, so a reload, a paused laptop or a hidden tab (whose timers the browser slows) loses
nothing: the time left is always the deadline minus the clock now. When it runs out the page rings
the bell (``GameState.ring_bell``), and the game ends as its rules end it at the bell.

A shared link or a replay carries no running timer: the link to a position names no bell, and a
timer belongs to the game dealt under its save. Pure Python (no ``js``): the page's clock
(``clock.py``) and the local game (``local.py``) use it, and unit tests run it on CPython.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

BELL_MINUTES = (15, 20, 25, 30)
"""The start form's choices (issue 43: a game fits the period's play slot)."""
LONGEST_BELL = 240
"""The most minutes a link's ``bell=`` may ask for (a double period and then some)."""
WARNINGS = (5, 1)
"""Minutes before the bell at which the log (read aloud politely) says how long is left: a
countdown read out every second would drown the game."""


@dataclass(frozen=True)
class BellTimer:
    """A running bell: how long it was set for, and when it rings (ms since 1970)."""

    minutes: int
    deadline: float

    @classmethod
    def start(cls, minutes: int, now: float) -> BellTimer:
        """A bell ``minutes`` from ``now`` (ms since 1970, as ``Date.now()`` gives it)."""
        return cls(minutes, now + minutes * 60_000)

    def seconds_left(self, now: float) -> float:
        """Seconds until the bell (0 or less once it is due)."""
        return (self.deadline - now) / 1000

    def to_text(self) -> str:
        """What is kept beside the save."""
        return json.dumps({"minutes": self.minutes, "deadline": self.deadline})

    @classmethod
    def from_text(cls, text: object) -> BellTimer | None:
        """The timer kept as ``text``, or ``None`` when there is none or it is not one (storage any
        tab or extension may have changed: never an error, the game just has no bell)."""
        if not isinstance(text, str):
            return None
        try:
            kept = json.loads(text)
        except ValueError:
            return None
        if not isinstance(kept, dict):
            return None
        minutes, deadline = kept.get("minutes"), kept.get("deadline")
        if type(minutes) is not int or not 1 <= minutes <= LONGEST_BELL:
            return None
        if type(deadline) not in (int, float) or not math.isfinite(deadline):
            return None
        return cls(minutes, float(deadline))


def bell_key(save_key: str) -> str:
    """Where the bell of the game saved under ``save_key`` is kept."""
    return f"{save_key}:bell"


def bell_minutes(value: str | None) -> int | None:
    """A link's ``bell=`` as whole minutes, ``None`` for no bell (absent, empty or ``none``);
    ``ValueError`` for anything else, which the page says in words."""
    if value is None or value in ("", "none"):
        return None
    if not value.isdigit() or not 1 <= int(value) <= LONGEST_BELL:
        raise ValueError(value)
    return int(value)


def timer_for_deal(kept: BellTimer | None, minutes: int | None, now: float) -> BellTimer | None:
    """The bell of a game dealt ``now`` with a link asking for ``minutes``: the timer kept for this
    deal while it still runs (the page was reloaded before the first move, when there is no save
    yet, and the deal is the same), else a fresh one; none when the link asks for none."""
    if minutes is None:
        return None
    if kept is not None and kept.minutes == minutes and kept.seconds_left(now) > 0:
        return kept
    return BellTimer.start(minutes, now)


def countdown(seconds: float) -> str:
    """``14:05`` for the time left: whole seconds, rounded up (the bell rings at 0:00), hours as
    minutes (a timer is at most a few hours)."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def minutes_left(seconds: float) -> int:
    """Whole minutes left, rounded up (what a sentence says: "in 15 minutes" until the first
    second has gone, "in 1 minute" for the last minute)."""
    return max(0, math.ceil(seconds / 60))


def warning_crossed(before: float | None, now: float) -> int | None:
    """The warning (minutes left, :data:`WARNINGS`) passed between two readings of the seconds
    left, the nearest to the bell when several were; none on the first reading (a reload says
    nothing it said before)."""
    if before is None:
        return None
    crossed = [m for m in WARNINGS if now <= m * 60 < before]
    return min(crossed) if crossed else None
