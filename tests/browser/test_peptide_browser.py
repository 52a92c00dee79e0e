"""Peptide in a real browser (Debian Chromium via Playwright): bots to the end, a person by mouse and keys."""

import re
from functools import partial

import pytest

import table_page
from table_page import log_length, near_the_end, tab_to, wait_for_more_log

open_game = partial(table_page.open_game, game="peptide")


@pytest.mark.parametrize("players", [2, 5])
def test_greedy_bots_play_a_whole_game(page, site_url, players):
    """docs/rules-decisions.md › Peptide: a game with only bots plays itself to the end screen (from a
    shared position 12 moves before the end: the end is what this test is about)."""
    open_game(page, site_url, seats=",".join(["greedy"] * players), seed=3,
              extra=near_the_end("peptide", players, 3, 12))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    page.wait_for_selector("html[data-state=over]", timeout=240_000)
    scores = page.locator("#final-scores").inner_text()
    assert re.search(r"Player 1 \(computer, good\)\s+-?\d+ points", scores)


def test_a_person_drafts_by_mouse_and_resolves_by_keyboard(page, site_url):
    """Phase 1 by clicking organelles in the field; Phase 2 by Tab and Enter on a selected organelle."""
    open_game(page, site_url, seed=4)
    assert page.locator("#table svg desc").text_content().startswith("Round 1")
    for _ in range(2):
        page.wait_for_selector("#table [id^=field-][data-action]")
        before = log_length(page)
        page.locator("#table g[id^=field-][data-action]").first.click()
        wait_for_more_log(page, before)
    page.wait_for_function("document.querySelector('#table svg desc').textContent.includes('Phase 2')")
    before = log_length(page)
    tab_to(page, lambda name: ": resolve" in name.lower(), "an organelle to resolve", tries=60)
    page.keyboard.press("Enter")
    wait_for_more_log(page, before)
    assert "resolves" in page.locator("#log").inner_text() or "ATP" in page.locator("#log").inner_text()
