"""Play to the bell in Chromium (issue 43, "Play to the bell"): a game started from the landing
page's start form with "Ends at the bell: 15 minutes" counts down beside the prompt, keeps its
deadline over a reload, ends at the bell when the clock reaches it, and its end screen and log say
so and name the winner. Playwright's clock jumps the page's time forward: no test waits 15 minutes
(tests/unit/test_bell_page.py covers the arithmetic)."""

from __future__ import annotations

import re

from table_page import READY_OR_OVER

OVER = "html[data-state=over]"


def _start_from_the_form(page, site_url, game, title, seats, minutes="15", pace="instant"):
    """The landing page's start form for ``game``: these seats, Player 1 first, the bell in
    ``minutes``; the computers at ``pace`` (the speed the device remembers)."""
    page.clock.install()  # the page's Date and timers, which the test moves forward
    page.goto(site_url)
    page.evaluate("pace => localStorage.setItem('biocards:pace', pace)", pace)
    card = page.locator(f"#game-{game}")
    card.get_by_text("Choose players").click()
    for seat, kind in enumerate(seats):
        card.locator(f"select[data-seat='{seat}']").select_option(kind)
    card.get_by_label(f"Who goes first in {title}").select_option("0")
    bell = card.get_by_label(f"Ends at the bell in {title}")
    assert bell.input_value() == ""  # no bell unless one is chosen
    bell.select_option(minutes)
    card.get_by_role("button", name=f"Play {title}").click()
    page.wait_for_selector(READY_OR_OVER)
    assert f"bell={minutes}" in page.url


def _winner_names(page) -> list[str]:
    return page.locator("#final-scores tr.winner th").all_inner_texts()


def test_a_game_set_to_end_at_the_bell_in_15_minutes_ends_there_with_its_winner_named(page, site_url):
    _start_from_the_form(page, site_url, "translation", "Translation", ["human", "greedy"])
    clock = page.locator("#bell-clock")
    assert re.fullmatch(r"Bell in 1[45]:\d\d", clock.inner_text()), clock.inner_text()
    assert "The game ends at the bell, in 15 minutes." in page.locator("#log").inner_text()

    # Ten minutes on: the log says (politely, once) that five are left; a reload keeps the deadline.
    page.clock.fast_forward("10:00")
    page.wait_for_function("document.getElementById('log').innerText.includes('5 minutes to the bell.')")
    page.reload()
    page.wait_for_selector(READY_OR_OVER)
    assert re.fullmatch(r"Bell in [45]:\d\d", clock.inner_text()), clock.inner_text()
    assert "The game ends at the bell, in 5 minutes." in page.locator("#log").inner_text()

    # The bell: the game ends as its rules end it, and says so.
    page.clock.fast_forward("05:00")
    page.wait_for_selector(OVER)
    winners = _winner_names(page)
    assert winners
    said = page.locator("#end-bell").inner_text()
    assert said.startswith("The game ended at the bell.") and all(name in said for name in winners), said
    assert page.locator("#status").inner_text() == "The game ended at the bell."
    last = page.locator("#log li").last.inner_text()
    assert "bell" in last and ("wins" in last or "win " in last), last
    assert clock.is_hidden()

    # The end stays the end: a reload shows the same result, and no timer rings again.
    page.reload()
    page.wait_for_selector(OVER)
    assert page.locator("#end-bell").inner_text() == said
    assert _winner_names(page) == winners
    assert clock.is_hidden()


def test_at_the_bell_the_computers_finish_the_round_when_the_rules_ask_for_it(page, site_url):
    """Peptide finishes the round in progress at the bell (every player resolves as often as the
    others: docs/rules-decisions.md); the page says the bell has rung, the computers keep moving,
    and the game then ends at the bell with its winner named."""
    # A computer's move waits 0.7 s ("normal"): the round the bell finds is still being played.
    _start_from_the_form(page, site_url, "peptide", "Peptide", ["greedy", "greedy"], minutes="20", pace="normal")
    page.wait_for_function("Number(document.documentElement.dataset.moves) >= 1")  # the round has begun
    page.clock.fast_forward("20:00")
    page.wait_for_function("document.getElementById('bell-clock').innerText"
                           ".startsWith('The bell has rung: the game ends when this round is over.')")
    page.clock.run_for("01:00")  # the computers' paced moves to the round's end, on the test's clock
    page.wait_for_selector(OVER)
    lines = page.locator("#log li").all_inner_texts()
    rung = next(i for i, line in enumerate(lines) if "The bell has rung: round" in line)
    assert any(re.match(r"\d+ ", line) for line in lines[rung + 1:-1]), "no move after the bell"
    winners = _winner_names(page)
    said = page.locator("#end-bell").inner_text()
    assert said.startswith("The game ended at the bell.") and all(name in said for name in winners), said
