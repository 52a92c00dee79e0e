"""NUCLEO in a real browser (Debian Chromium via Playwright): bots to the end, a person by mouse and keys."""

import re
from functools import partial

import table_page
from table_page import log_length, near_the_end, tab_to, wait_for_more_log

open_game = partial(table_page.open_game, game="nucleo")


def answer_and_wait_for_my_turn(page):
    """Make the first move the table or the buttons offer, then wait until it is played and the
    person is to move again (the hint is offered only then), whatever the computers did between."""
    before = int(page.evaluate("document.documentElement.dataset.moves"))
    page.locator("#table [data-action], #actions button").first.click()
    page.wait_for_function("n => Number(document.documentElement.dataset.moves) > n"
                           " && !document.getElementById('hint').disabled", arg=before)


def test_greedy_bots_play_a_whole_game(page, site_url):
    """docs/rules-decisions.md › NUCLEO: a game with only bots plays itself to the end screen (the pool
    empties), from a shared position 12 moves before the end: the end is what this test is about."""
    open_game(page, site_url, seats="greedy,greedy,greedy", seed=3, extra=near_the_end("nucleo", 3, 3, 12))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    page.wait_for_selector("html[data-state=over]", timeout=110_000)
    scores = page.locator("#final-scores").inner_text()
    assert re.search(r"Player 1 \(computer, good\)\s+\d+", scores)


def test_a_person_rolls_by_mouse_and_offers_a_trade_by_keyboard(page, site_url):
    """Part 2 by clicking the six-sided die; part 3 by Tab and Enter: offer a trade, then pick the
    other player's row as its target, and the offer panel appears with both sides."""
    open_game(page, site_url, seed=4)
    page.wait_for_function("document.querySelector('#table svg desc').textContent.includes('roll the die')")
    before = log_length(page)
    page.locator("#table g#d6[data-action]").click()
    wait_for_more_log(page, before)
    assert "rolled the six-sided die" in page.locator("#log").inner_text()
    # Answer whatever the die asked (a protein roll asks about trading one in) by the pile or a button.
    for _ in range(5):
        if page.locator("#actions button", has_text="Offer a trade to another player").count():
            break
        answer_and_wait_for_my_turn(page)
    tab_to(page, lambda name: name.startswith("Offer a trade to another player"), "the offer button")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table g#seat-1[data-action]")
    tab_to(page, lambda name: name == "Offer a trade to Player 2", "Player 2's row")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table g#offer-give")
    assert "Player 1 (you) gives" in page.locator("#table svg").inner_html()
    # Cancel sits beside the prompt, where the student is looking (issue 12), not in the button row.
    assert page.locator("#prompt-actions button", has_text="Cancel the offer").count() == 1


def test_the_minute_for_negotiating_counts_down_survives_a_reload_and_ends_the_talks(page, site_url):
    """Issue 33 and the rulebook's part 3 ("a time limit of 1 minute for negotiating every turn"), as
    the option "One minute to negotiate each turn": the prompt bar counts down while the person
    trades; a reload keeps the time already used; when the minute is up the page plays it (no button
    offers it), the log says so and no more offers can be made."""
    open_game(page, site_url, seats="human,greedy,greedy", seed=4, extra="&opt-trade_minute=true")
    clock = page.locator("#clock")
    assert clock.is_hidden()  # part 2 (the roll) is not negotiating
    before = log_length(page)
    page.locator("#table g#d6[data-action]").click()
    wait_for_more_log(page, before)
    for _ in range(5):  # answer whatever the die asked
        if page.locator("#actions button", has_text="Offer a trade to another player").count():
            break
        answer_and_wait_for_my_turn(page)
    assert re.fullmatch(r"Time left to negotiate: (1:00|0:5\d)", clock.inner_text())
    assert clock.get_attribute("role") == "timer"
    assert not page.locator("#actions button, #table [data-action]", has_text=re.compile("minute")).count()
    # 50 seconds have gone by: move the turn's remembered start back, then reload the page.
    page.evaluate("""() => {
        const key = Object.keys(localStorage).find((k) => k.endsWith(':clock'));
        const kept = JSON.parse(localStorage.getItem(key));
        localStorage.setItem(key, JSON.stringify({...kept, since: kept.since - 50000}));
    }""")
    # The page's clock from here is the test's (Playwright's fake timers, from the real time on), so
    # the last ten seconds pass at once rather than in real time.
    page.clock.install()
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert re.fullmatch(r"Time left to negotiate: 0:(0\d|10)", clock.inner_text())
    page.clock.fast_forward(11_000)
    page.wait_for_function("document.querySelector('#log').textContent.includes('minute for negotiating is up')")
    assert clock.is_hidden()
    assert not page.locator("#actions button, #table [data-action]", has_text="Offer a trade").count()
    assert page.locator("#actions button, #table [data-action]", has_text="Done trading").count()
