"""Issue 12: a card's full text can be read on a phone, where the table abbreviates it, without hover:
by touch and by keyboard, announced to screen readers, and closed again (web/details.py)."""

from __future__ import annotations

import pytest

import table_page
from test_screens_a11y import axe_violations

# A thing on each table that has a full text of its own and is a move at the start (seed 7).
CARD = {"cytosis": "#table g[id^=hand-][data-detail][data-action]",  # a dealt card: keep it or shuffle it back
        "peptide": "#table g[id^=field-][data-detail][data-action]",
        "expression": "#table g[data-detail]"}  # seed 7 opens on a swap: the hand is for reading only
SEATS = {"expression": "human,greedy,greedy,greedy"}


@pytest.fixture
def phone(browser):
    """A touch phone (390×844) whose context lets the test inject axe-core (see test_screens_a11y)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="block", bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


def panel_open(page):
    return page.locator("#details").is_visible()


@pytest.mark.parametrize("game_id", ["cytosis", "peptide", "expression"])
def test_a_tap_reads_a_card_in_full_and_the_panel_closes(phone, site_url, game_id):
    table_page.open_game(phone, site_url, game_id, seats=SEATS.get(game_id, "human,greedy"),
                         until="html[data-state=ready]")
    if game_id == "cytosis":  # two starting resources first; choosing among dealt cards comes next
        for _ in range(2):
            before = table_page.log_length(phone)
            phone.locator("#table g#supply-atp[data-action]").tap()
            table_page.wait_for_more_log(phone, before)
    phone.wait_for_selector("html[data-state=ready]")
    assert not panel_open(phone)
    phone.locator("#details-mode").tap()
    assert panel_open(phone)
    assert phone.locator("#details-mode").get_attribute("aria-pressed") == "true"
    assert phone.evaluate("document.activeElement.id") == "details"  # focus moves in: it is announced

    phone.wait_for_selector(CARD[game_id])  # a computer may still be choosing its start
    card = phone.locator(CARD[game_id]).first
    card.scroll_into_view_if_needed()
    name, detail = card.get_attribute("aria-label"), card.get_attribute("data-detail")
    before = table_page.log_length(phone)
    card.tap()
    assert phone.locator("#details-title").inner_text() == name
    assert detail and detail in phone.locator("#details-text").inner_text()
    assert table_page.log_length(phone) == before  # reading is not playing
    box = phone.locator("#details").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert axe_violations(phone) == []  # the open panel is a labelled dialog, nothing else is amiss

    phone.locator("#details-close").tap()
    assert not panel_open(phone)
    assert phone.locator("#details-mode").get_attribute("aria-pressed") == "false"
    # Closed, the same tap plays the move again.
    card = phone.locator(CARD[game_id]).first
    if card.get_attribute("data-action") is not None:
        card.tap()
        table_page.wait_for_more_log(phone, before)


def test_the_panel_plays_the_move_it_shows(phone, site_url):
    table_page.open_game(phone, site_url, "peptide", until="html[data-state=ready]")
    phone.locator("#details-mode").tap()
    phone.locator(CARD["peptide"]).first.tap()
    play = phone.locator("#details-play")
    assert play.is_visible()
    before = table_page.log_length(phone)
    play.tap()
    table_page.wait_for_more_log(phone, before)
    assert not panel_open(phone)


def test_the_keyboard_opens_reads_and_closes_the_panel(phone, site_url):
    """Enter on "Read a card", then Tab to a card and Enter reads it; Escape closes the panel and
    gives focus back to the card; the context-menu key (Shift+F10) opens a card's text at once."""
    table_page.open_game(phone, site_url, "peptide", until="html[data-state=ready]")
    phone.locator("#details-mode").focus()
    phone.keyboard.press("Enter")
    assert panel_open(phone)
    card = phone.locator(CARD["peptide"]).first
    card.focus()
    before = table_page.log_length(phone)
    phone.keyboard.press("Enter")
    assert phone.locator("#details-title").inner_text() == card.get_attribute("aria-label")
    assert phone.evaluate("document.activeElement.id") == "details"
    assert table_page.log_length(phone) == before
    phone.keyboard.press("Escape")
    assert not panel_open(phone)
    ident = card.get_attribute("id")
    assert phone.evaluate("document.activeElement.id") == ident
    phone.keyboard.press("Shift+F10")
    assert panel_open(phone)
    assert phone.locator("#details-title").inner_text() == card.get_attribute("aria-label")
