"""Issue 39: each of the five games plays to its end on its Spanish page, and the student meets no
English sentence there: not on the table, the prompt, the log, the end screen or a "Why?" answer
(proper names and amino acid codes aside; tests/spanish.py says what counts as English).

The computers play the last moves of a game from a shared position (table_page.near_the_end), as
the games' own end tests do: every event of a whole game is held to Spanish by each game's unit
test (tests/unit/test_<game>_i18n.py); this is the page that shows them."""

from __future__ import annotations

import pytest

from conftest import Watched
from spanish import english_sentences
from table_page import PLAY, near_the_end

CASES = {  # game: (seats, options for the link, options for the engine)
    "translation": ("greedy,greedy", "", {}),
    "peptide": ("greedy,greedy", "", {}),
    "nucleo": ("greedy,greedy", "", {}),
    "cytosis": ("greedy,greedy", "", {}),
    "expression": ("greedy,greedy,greedy,greedy", "&opt-target=150", {"target": 150}),
}


@pytest.mark.parametrize("game_id", list(CASES))
def test_a_game_plays_to_its_end_in_spanish(browser, site_url, game_id):
    seats, link_options, options = CASES[game_id]
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    try:
        watched = Watched(context.new_page())
        page = watched.page
        page.set_default_timeout(120_000)
        shared = near_the_end(game_id, seats.count(",") + 1, 3, 6, **options)
        page.goto(site_url + "es/" + PLAY.format(game=game_id, seats=seats, seed=3, extra=link_options + shared))
        page.wait_for_selector("html[data-state=over]")
        assert page.locator("html").get_attribute("data-language") == "es"
        shown = page.locator("main").inner_text().splitlines()
        assert len([line for line in shown if line.strip()]) > 5
        assert not english_sentences(shown), english_sentences(shown)[:8]
        # "Why?" on a move's line opens its concept in Spanish, linked to the Spanish lesson.
        why = page.locator("#log button.why").last
        why.click()
        dialog = page.locator("dialog#why")
        assert dialog.is_visible()
        assert not english_sentences(dialog.inner_text().splitlines()), dialog.inner_text()
        link = page.locator("#why-link").evaluate("a => a.href")
        assert "/es/lessons/" in link and "/es/es/" not in link, link
        assert not watched.problems, "\n".join(watched.problems)
    finally:
        context.close()
