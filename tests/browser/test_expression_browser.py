"""Gene Expression in a real browser (Debian Chromium via Playwright): bots to the end of a match, and a
person playing a card by mouse, a turn by keyboard and a Substitution's swap on the players' seats."""

import re
from functools import partial

import pytest

import table_page
from table_page import log_length, near_the_end, tab_to, wait_for_more_log

open_game = partial(table_page.open_game, game="expression", seats="human,greedy,greedy,greedy", seed=2)


@pytest.mark.parametrize("players", [4, 6])
def test_greedy_bots_play_a_whole_match(page, site_url, players):
    """Rulebook "Scoring": hands are played until a player reaches the target (here 150, the option
    `target`, to keep the test short); the end screen lists every player's points. The computers
    play the last 12 moves from a shared position: the end is what this test is about."""
    open_game(page, site_url, seats=",".join(["greedy"] * players), seed=3,
              extra="&opt-target=150" + near_the_end("expression", players, 3, 12, target=150))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    page.wait_for_selector("html[data-state=over]", timeout=110_000)
    scores = page.locator("#final-scores").inner_text()
    assert re.search(r"Player 1 \(computer, good\)\s+\d+ points", scores)
    assert re.search(r"\b(1[5-9]\d|[2-9]\d\d) points", scores)  # someone reached the target
    assert "The match is over" in page.locator("#table svg desc").text_content()


def test_a_person_plays_a_card_by_mouse_and_a_turn_by_keyboard(page, site_url):
    """Rulebook "Playing": on the top card (Operon 6 with seed 2) a matching card in hand is raised and
    clickable; the next turn is played with Tab and Enter alone (a card or the draw pile)."""
    open_game(page, site_url, seed=2)
    desc = page.locator("#table svg desc").text_content()
    assert desc.startswith("Hand 1") and "Player 1 to move (you)" in desc and "Your hand:" in desc
    before = log_length(page)
    # A card is named by the words it shows, then the move: "Transcription factor 6 … : play Transcription factor 6".
    card = page.locator("#table g[data-action][aria-label*=': play Transcription factor']").first
    label = card.get_attribute("aria-label")
    assert label.startswith("Transcription factor")
    card.click()
    wait_for_more_log(page, before)
    assert f"Player 1 plays {label.split(': play ')[1]}" in page.locator("#log").inner_text()
    page.wait_for_function("document.querySelector('#table svg desc').textContent.includes('to move (you)')")
    before = log_length(page)
    page.locator("#status").click()  # start tabbing from above the table
    tab_to(page, lambda name: ": play " in name or "draw a card" in name.lower(), "a card to play or the draw pile", tries=40)
    page.keyboard.press("Enter")
    wait_for_more_log(page, before)
    assert re.search(r"Player 1 (plays|draws)", page.locator("#log").inner_text())


def test_a_person_swaps_hands_by_clicking_two_seats(page, site_url):
    """docs/rules-decisions.md › Gene-expression matching game: a Substitution turned up to start acts on the first player, who chooses two players
    (seed 7 turns one up); the seats are the targets."""
    open_game(page, site_url, seed=7)
    assert "Substitution" in page.locator("#table svg desc").text_content()
    page.locator("#table #player-1[data-action]").click()
    page.wait_for_selector("#table #player-2[data-action]")
    before = log_length(page)
    page.locator("#table #player-2[data-action]").click()
    wait_for_more_log(page, before)
    assert "Player 2 and Player 3 swap hands" in page.locator("#log").inner_text()


def test_two_players_start_the_marked_variant_from_the_landing_page(page, site_url):
    """docs/rules-decisions.md › Gene-expression matching game: 2–3 players is a marked variant. Emptying seats 3 and 4 on the landing page starts it."""
    page.goto(site_url)
    card = page.locator("#game-expression")
    assert "(2–3 as a variant)" in card.locator(".players").inner_text()
    card.get_by_text("Choose players").click()
    card.get_by_label("Player 3 of Gene Expression").select_option("")
    card.get_by_label("Player 4 of Gene Expression").select_option("")
    card.get_by_role("button", name="Play Gene Expression").click()
    page.wait_for_selector("html[data-state=ready]")
    assert "opt-variant=true" in page.url and "seats=human%2Cgreedy" in page.url
    assert "Player 3" not in page.locator("#table svg desc").text_content()


def test_two_identical_cards_are_one_keyboard_stop_and_either_can_be_clicked(page, site_url):
    """Seed 23 deals Player 1 two Translocation cards: the same move. Tab reaches it once (screen
    readers hear one button), and a click on the second copy still plays it."""
    open_game(page, site_url, seed=23)
    copies = page.locator('#table [data-action*="operon:translocation"]')
    assert copies.count() == 2
    assert [copies.nth(i).get_attribute("tabindex") for i in range(2)] == ["0", "-1"]
    assert copies.nth(0).get_attribute("role") == "button"
    assert copies.nth(1).get_attribute("aria-hidden") == "true"
    before = log_length(page)
    copies.nth(1).click()
    wait_for_more_log(page, before)
    assert "Translocation" in page.locator("#log li").nth(before).inner_text()
