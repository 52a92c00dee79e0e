"""Issue 12: every table readable and playable on the screens classrooms use.

For each game, one person against a computer (seed 7) is shown at a Chromebook (1366×768), the same
laptop zoomed to 200% (683×384), an iPad both ways and a phone; the page picks a layout for each.
Measured in the page (table_page.measure_table): the 10th percentile of rendered table text ≥ 12 CSS
px and the median ≥ 14, every clickable move ≥ 24 px on its smaller side, and no sideways scrolling
of the page. Every game draws wide, medium and narrow layouts, so none is an expected failure.
"""

from __future__ import annotations

import pytest

import table_page
from biocards import games
from table_page import VIEWPORTS, measure_table

GAMES = ("cytosis", "translation", "peptide", "nucleo", "expression")
SEATS = {"expression": "human,greedy,greedy,greedy"}
"""The gene-expression game is printed for 4–6 players."""


def settle(page):
    """Let a resize's re-render finish: two animation frames after the last resize event."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    page.wait_for_selector("#table svg")


@pytest.fixture(scope="module")
def tables(browser, site_url):
    """One page per game, opened once and resized to each viewport (the page re-renders on resize)."""
    opened = {}

    def table(game_id, size):
        if game_id not in opened:
            context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                          service_workers="block", has_touch=True)
            page = context.new_page()
            page.set_default_timeout(60_000)
            table_page.open_game(page, site_url, game_id, seats=SEATS.get(game_id, "human,greedy"))
            opened[game_id] = (context, page)
        page = opened[game_id][1]
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settle(page)
        return page

    yield table
    for context, _ in opened.values():
        context.close()


def readable_cases():
    for game_id in GAMES:
        for name in VIEWPORTS:
            yield pytest.param(game_id, name, id=f"{game_id}-{name}")


@pytest.mark.parametrize("game_id, viewport", list(readable_cases()))
def test_table_text_and_moves_are_big_enough(tables, game_id, viewport):
    """Issue 12's numbers: text a student can read without zooming, moves a finger can hit."""
    page = tables(game_id, VIEWPORTS[viewport])
    figures = measure_table(page)
    assert figures["texts"] > 0 and figures["targets"] > 0, figures
    assert figures["text_p10_px"] >= 12, figures
    assert figures["text_median_px"] >= 14, figures
    assert figures["targets_under_24px"] == 0, figures


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_page_never_scrolls_sideways(tables, game_id):
    """At every viewport the page fits its width (the table box scrolls, if anything, not the page)."""
    for name, size in VIEWPORTS.items():
        page = tables(game_id, size)
        assert measure_table(page)["sideways_scroll_px"] == 0, f"{game_id} at {name}"


def test_the_widest_layout_that_fits_is_chosen(tables):
    """A laptop's 1280-px table box gets the wide layout, a tablet the medium, a phone the narrow
    (recorded on the SVG as data-layout)."""
    expected = {"laptop 1366x768": "wide", "laptop at 200% 683x384": "medium", "tablet 1024x768": "medium",
                "tablet 768x1024": "medium", "phone 390x844": "narrow"}
    for name, layout in expected.items():
        page = tables("translation", VIEWPORTS[name])
        assert measure_table(page)["layout"] == layout, name
