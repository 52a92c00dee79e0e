"""Play to the bell, the page's pure parts (issue 43, "Play to the bell"): the timer a solo or
pass-around game sets on the start form is a wall-clock deadline kept beside the save, so a reload,
a paused laptop or a hidden tab loses nothing, and a shared link or a lesson carries no timer.
(tests/browser/test_bell.py plays one to the bell in Chromium.)"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from biocards.web.bell import (BELL_MINUTES, BellTimer, bell_key, bell_minutes, countdown, minutes_left,
                               timer_for_deal, warning_crossed)
from biocards.web.seats import SetupError, parse

NOW = 1_795_000_000_000.0  # a moment in 2026, in ms since 1970 (Date.now())
MINUTE = 60_000
GAMES = {"translation": (2, 4), "nucleo": (2, 4)}


class Storage:
    """localStorage's getItem/setItem, as the page uses it."""

    def __init__(self):
        self.items: dict[str, str] = {}

    def setItem(self, key, value):  # noqa: N802 (the Web Storage API's name)
        self.items[key] = str(value)

    def getItem(self, key):  # noqa: N802
        return self.items.get(key)


# -- the deadline ---------------------------------------------------------------------------------


def test_the_bell_rings_its_minutes_after_the_deal_by_the_wall_clock():
    bell = BellTimer.start(15, NOW)
    assert bell.seconds_left(NOW) == 15 * 60
    assert bell.seconds_left(NOW + 14 * MINUTE) == 60
    assert bell.seconds_left(NOW + 15 * MINUTE) == 0
    # A tab hidden (its timers slowed) or a laptop asleep for an hour: the bell is overdue, not
    # postponed by the time nobody was counting.
    assert bell.seconds_left(NOW + 75 * MINUTE) == -60 * 60


def test_the_deadline_kept_beside_the_save_comes_back_the_same_after_a_reload():
    storage = Storage()
    key = "biocards:nucleo:human,greedy:7"
    bell = BellTimer.start(25, NOW)
    storage.setItem(bell_key(key), bell.to_text())
    assert bell_key(key) == f"{key}:bell"  # beside the save, under the game's own key
    assert BellTimer.from_text(storage.getItem(bell_key(key))) == bell


@pytest.mark.parametrize("kept", [
    None, "", "null", "[]", "15", "{not json", '{"minutes": 15}', '{"deadline": 1795000000000}',
    '{"minutes": "15", "deadline": 1795000000000}', '{"minutes": true, "deadline": 1795000000000}',
    '{"minutes": 0, "deadline": 1795000000000}', '{"minutes": 15, "deadline": "soon"}',
    '{"minutes": 15, "deadline": 1e999}', '{"minutes": 15, "deadline": NaN}',
])
def test_a_kept_timer_another_tab_or_a_student_damaged_is_no_timer_not_an_error(kept):
    assert BellTimer.from_text(kept) is None


def test_a_reload_before_the_first_move_keeps_the_deadline():
    """There is no save before the first move: the deal is the same (its seed is in the address),
    and so is the bell kept for it."""
    kept = BellTimer.start(15, NOW)
    assert timer_for_deal(kept, 15, NOW + 3 * MINUTE) == kept


def test_a_deal_gets_a_fresh_timer_unless_a_running_one_of_the_same_length_is_kept():
    expired = BellTimer.start(15, NOW - 20 * MINUTE)
    assert timer_for_deal(expired, 15, NOW) == BellTimer.start(15, NOW)  # never rings at move 0
    assert timer_for_deal(BellTimer.start(15, NOW), 30, NOW + MINUTE) == BellTimer.start(30, NOW + MINUTE)
    assert timer_for_deal(None, 20, NOW) == BellTimer.start(20, NOW)
    assert timer_for_deal(BellTimer.start(15, NOW), None, NOW) is None  # a link without a bell


# -- what the page shows ------------------------------------------------------------------------


@pytest.mark.parametrize("seconds, shown", [(15 * 60, "15:00"), (899.2, "15:00"), (61, "1:01"), (60, "1:00"),
                                            (0.4, "0:01"), (0, "0:00"), (-3, "0:00"), (75 * 60, "75:00")])
def test_the_countdown_shows_whole_seconds_rounded_up_so_it_reads_0_00_only_at_the_bell(seconds, shown):
    assert countdown(seconds) == shown


def test_the_log_says_the_minutes_left_rounded_up_as_a_person_would():
    assert [minutes_left(s) for s in (15 * 60, 899, 301, 300, 59, 0.5, 0, -10)] == [15, 15, 6, 5, 1, 1, 0, 0]


def test_the_time_left_is_said_at_five_minutes_and_one_not_every_second():
    assert warning_crossed(None, 200) is None  # a reload says nothing it said before
    assert warning_crossed(301, 300) == 5
    assert warning_crossed(300, 299) is None
    assert warning_crossed(61, 59.5) == 1
    assert warning_crossed(400, 30) == 1  # a hidden tab shown again: the nearer warning only
    said = [w for before, now in zip(range(900, 0, -1), range(899, -1, -1)) if (w := warning_crossed(before, now))]
    assert said == [5, 1]


# -- the link --------------------------------------------------------------------------------------


@pytest.mark.parametrize("value, minutes", [(None, None), ("", None), ("none", None), ("15", 15), ("30", 30), ("1", 1)])
def test_the_links_bell_is_whole_minutes_or_none(value, minutes):
    assert bell_minutes(value) == minutes
    query = "?game=nucleo&seats=human,greedy" + (f"&bell={value}" if value is not None else "")
    assert parse(query, GAMES).bell == minutes


@pytest.mark.parametrize("value", ["-5", "0", "15.5", "quarter", "100000"])
def test_a_bell_the_link_names_wrongly_is_refused_in_words(value):
    with pytest.raises(SetupError, match="whole number of minutes"):
        parse(f"?game=nucleo&seats=human,greedy&bell={value}", GAMES)


def test_a_shared_position_carries_no_running_timer():
    assert parse("?game=nucleo&seats=human,greedy&seed=7&moves=~&bell=15", GAMES).bell is None


# -- the start form ------------------------------------------------------------------------------

DIST = Path(os.environ.get("BIOCARDS_DIST", Path(__file__).resolve().parents[2] / "dist"))


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ is not built")
@pytest.mark.parametrize("home", ["index.html", "es/index.html"])
def test_every_start_form_offers_the_bell_none_first_then_the_minutes_the_page_knows(home):
    page = (DIST / home).read_text(encoding="utf-8")
    forms = re.findall(r'<form class="start".*?</form>', page, re.S)
    assert forms
    for form in forms:
        select = re.search(r'<select name="bell" aria-label="([^"]+)">(.*?)</select>', form, re.S)
        assert select, "a start form without the bell"
        assert select.group(1).strip()
        values = re.findall(r'<option value="(\d*)"', select.group(2))
        assert values == [""] + [str(m) for m in BELL_MINUTES]
        assert re.search(r'<option value="" selected>', select.group(2))
