"""Cytosis in a real browser (Debian Chromium via Playwright): bots to the end, a person by mouse and keys."""

import re
from functools import partial

import pytest

import table_page
from table_page import log_length, near_the_end, tab_to, wait_for_more_log

open_game = partial(table_page.open_game, game="cytosis")


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_bots_play_a_whole_game(watched, site_url, players):
    """docs/rules-decisions.md › Cytosis: a game with only bots plays itself to the end screen, scores in
    Health Points (from a shared position 10 moves before the end: the end is what this test is about)."""
    page = open_game(watched.page, site_url, seats=",".join(["greedy"] * players), seed=3,
                     extra=near_the_end("cytosis", players, 3, 10))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    page.wait_for_selector("html[data-state=over]", timeout=180_000)
    scores = page.locator("#final-scores").inner_text()
    assert re.search(r"Player 1 \(computer, good\)\s+-?\d+ points", scores)
    assert "winner" in scores


def test_the_end_screen_names_the_rulebook_tie_break_winner(watched, site_url):
    """Issue 13 / Cytosis rulebook: a tied top score goes to the player with more completed cards.
    Seed 3, greedy against greedy, ends 81–81; the end screen marks one winner, not both, and names
    the tie-break (as winners() and the log do). The computers play the last 20 moves from a shared
    position (the page's greedy computers play the same moves as the engine's, seed for seed)."""
    page = open_game(watched.page, site_url, seats="greedy,greedy", seed=3, extra=near_the_end("cytosis", 2, 3, 20))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    page.wait_for_selector("html[data-state=over]", timeout=180_000)
    rows = page.locator("#final-scores tbody tr")
    assert [rows.nth(i).locator("td").first.inner_text() for i in range(2)] == ["81 points", "81 points — winner"]
    assert page.locator("#final-scores tr.winner").count() == 1
    assert page.locator("#end-tie-break").inner_text() == "Tied on 81 HP: Player 2 wins with more completed cards (8)."

def test_a_person_sets_up_by_mouse_and_keyboard_then_places_a_worker(watched, site_url):
    """Setup: a starting resource by clicking it in the supply, the second by Tab and Enter; after
    the draft, a worker goes on an organelle spot by a click on that spot."""
    page = open_game(watched.page, site_url)
    assert page.locator("#table svg desc").text_content().startswith("Round 1. Player 1: Setup:")
    before = log_length(page)
    page.locator("#table g#supply-mrna[data-action]").click()
    wait_for_more_log(page, before)
    assert "starts with 1 extra mRNA" in page.locator("#log").inner_text()
    before = log_length(page)
    # The chip is named by what it shows (its count), then what it does.
    tab_to(page, lambda name: name.endswith(": start with 1 extra ATP"), "the ATP in the supply", tries=60)
    page.keyboard.press("Enter")
    wait_for_more_log(page, before)
    assert "starts with 1 extra ATP" in page.locator("#log").inner_text()
    before = log_length(page)
    page.locator("#table g[id^=hand-][data-action]").first.click()  # shuffle one dealt card back
    wait_for_more_log(page, before)
    page.wait_for_function("document.querySelector('#table svg desc').textContent.includes('Place a worker')")
    before = log_length(page)
    page.locator("#table g#spot-mito-3[data-action]").click()
    wait_for_more_log(page, before)
    assert "Player 1 takes 3 ATP" in page.locator("#log").inner_text()
