"""Saves in a real browser (issue 14): a damaged save never breaks a link, two tabs never lose moves."""

from __future__ import annotations

import json

LINK = "play/?game=translation&seats=human,greedy&seed=7&pace=0"
KEY = "biocards:translation:human,greedy:7"
DELETE = """[data-action='{"card":"delete","kind":"buy"}']"""
GOOD = {"game": "translation", "version": 1, "players": 2, "seed": 7, "options": {}, "actions": []}


def moves(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.moves"))


DAMAGED_SAVES = {
    "a seed of 1e999": '{"game":"translation","version":1,"players":2,"seed":1e999,"options":{},"actions":[]}',
    "a move nested 5,000 deep": json.dumps({**GOOD, "actions": [{"kind": "play", "card": "[" * 5000}]}).replace(
        '"' + "[" * 5000 + '"', "[" * 5000 + "]" * 5000),
    "200,000 brackets": "[" * 200_000,
    "more players than the link's seats": json.dumps({**GOOD, "players": 4}),
}


def test_a_damaged_save_is_kept_aside_and_the_link_deals_a_playable_game(page, site_url):
    """Issue 14: each damaged save gives a message and a playable game; the save is kept aside (never
    silently deleted) and the next reload is playable with no message. One tab, one damaged save
    after another (each reload reads the save afresh)."""
    page.goto(site_url + LINK)
    page.wait_for_selector("html[data-state=ready]")
    for what, save in DAMAGED_SAVES.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, save])
        page.reload()
        page.wait_for_selector("html[data-state=ready]")
        error = page.locator("#error")
        assert "could not be resumed" in error.inner_text() and "Error" not in error.inner_text(), what
        assert page.get_by_role("link", name="Download the saved game (for a teacher)").is_visible(), what
        assert page.evaluate("k => localStorage.getItem(k + ':could-not-resume')", KEY) == save, what
        assert moves(page) == 0, what
    page.locator("[data-action*='toggle-water']").first.click()
    page.wait_for_function("document.documentElement.dataset.moves === '1'")
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#error").is_hidden() and moves(page) == 1


def test_an_empty_seed_is_written_back_so_a_reload_finds_the_save(page, site_url):
    """Issue 14: `seed=` (empty) picks a seed and writes it into the address."""
    # Player 1 (the person) first: the first player is drawn with a deal this test does not choose.
    page.goto(site_url + "play/?game=translation&seats=human,greedy&seed=&pace=0&opt-first_player=0")
    page.wait_for_selector("html[data-state=ready]")
    assert "seed=&" not in page.url and "seed=" in page.url
    page.locator("[data-action*='toggle-water']").first.click()
    page.wait_for_function("document.documentElement.dataset.moves === '1'")
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert moves(page) == 1


def test_a_wrong_option_gives_a_sentence_not_an_exception_name(page, site_url):
    page.goto(site_url + "play/?game=peptide&seats=human,greedy&opt-colour=blue")
    page.wait_for_selector("html[data-state=error]")
    text = page.locator("#error").inner_text()
    assert "no option" in text and "ValueError" not in text


def test_two_tabs_of_one_game_follow_each_other_and_never_lose_moves(watched, site_url):
    """Issue 14: a tab learns of the other tab's moves and follows them; a move made on a stale
    position is refused with a message instead of overwriting the longer game."""
    first = watched.page
    second = first.context.new_page()
    for tab in (first, second):
        tab.goto(site_url + LINK)
        tab.wait_for_selector("html[data-state=ready]")
    first.locator("[data-action*='toggle-water']").first.click()
    first.wait_for_function("document.documentElement.dataset.moves === '1'")
    second.wait_for_function("document.documentElement.dataset.moves === '1'")
    assert "another tab" in second.locator("#log").inner_text()
    # Another tab (here: a write the second tab does not hear about, as storage events never reach
    # the tab that wrote) moves the game on; the second tab is now stale when its student moves:
    # the move is refused and the tab follows the longer game instead of overwriting it.
    longer = {**GOOD, "actions": [{"kind": "play", "card": "toggle-water"}, {"kind": "buy", "card": "delete"}]}
    second.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(longer)])
    assert moves(second) == 1
    second.locator(DELETE).first.click()
    second.wait_for_function("document.documentElement.dataset.moves === '2'")
    assert "your move was not made" in second.locator("#status").inner_text()
    first.wait_for_function("document.documentElement.dataset.moves === '2'")
    saved = json.loads(first.evaluate("k => localStorage.getItem(k)", KEY))
    assert saved["actions"] == longer["actions"]
