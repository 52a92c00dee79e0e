"""Issue 12, accessibility and touch: axe-core (pinned in package.json, injected from .cache/npm, never
shipped in dist/) finds nothing on the pages a class uses; one h1 per page; a tap plays a move where a
click does; a refused move says why in the prompt bar, which screen readers hear."""

from __future__ import annotations

from pathlib import Path

import pytest

import table_page
from conftest import watching

ROOT = Path(__file__).resolve().parents[2]
# pytestmark = pytest.mark.skip(reason="written at the 18:05 deadline and not yet run (web-screens handoff): un-skip and run")

AXE = ROOT / ".cache" / "npm" / "node_modules" / "axe-core" / "axe.min.js"
PLAY_GAMES = ["cytosis", "translation", "peptide", "nucleo", "expression"]


def axe_violations(page):
    """axe-core's WCAG A/AA violations on the page as it stands, as readable lines."""
    if not AXE.exists():
        pytest.fail("axe-core is not installed: `python3 build.py build` runs npm ci from package-lock.json")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
      const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}});
      return r.violations.map(v => `${v.id} (${v.impact}): ${v.nodes.length} × ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`);
    }""")
    return result


@pytest.fixture
def page(browser):
    """A watched page whose context lets the test inject axe-core: the site's CSP rightly blocks the
    injected script, and axe is the test's tool, not the page's (the page's own scripts still run
    under the policy in test_csp.py)."""
    with watching(browser, bypass_csp=True) as watched:
        yield watched.page


def h1_count(page):
    return page.locator("h1").count()


@pytest.mark.parametrize("path", ["index.html", "lessons/index.html", "lessons/genetic-code.html",
                                  "lessons/rules/translation.html"])
def test_static_pages_have_no_axe_violations_and_one_h1(page, site_url, path):
    page.goto(site_url + path)
    assert axe_violations(page) == []
    assert h1_count(page) == 1


@pytest.mark.parametrize("game_id", PLAY_GAMES)
def test_play_pages_have_no_axe_violations_and_one_h1(page, site_url, game_id):
    # The gene-expression game is for four to six (two or three is the marked variant).
    table_page.open_game(page, site_url, game_id, seats="human,greedy,greedy,greedy" if game_id == "expression"
                         else "human,greedy")
    assert h1_count(page) == 1
    assert axe_violations(page) == []


def test_pass_the_device_screen_has_no_axe_violations(page, site_url):
    table_page.open_game(page, site_url, "translation", seats="human,human", until="html[data-state=ready]")
    # Play the first offered move until the turn passes (a Translation turn can take several moves).
    for _ in range(12):
        if page.locator("#pass-device:not([hidden])").count():
            break
        before = table_page.log_length(page)
        page.locator("#table [data-action][role=button], #actions button").first.click()
        page.wait_for_function(f"document.querySelectorAll('#log li').length > {before} || "
                               "!document.getElementById('pass-device').hidden")
    page.wait_for_selector("#pass-device:not([hidden])")
    assert axe_violations(page) == []


def test_end_screen_has_no_axe_violations(page, site_url):
    table_page.open_game(page, site_url, "translation", seats="greedy,greedy", seed=3, until="html[data-state=over]",
                         extra=table_page.near_the_end("translation", 2, 3, 6))  # the computers finish it
    assert axe_violations(page) == []


def test_guided_lesson_has_no_axe_violations(page, site_url):
    page.goto(site_url + "play/?game=translation&lesson=first-codons&pace=0")
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#prompt-lesson").is_visible()
    assert axe_violations(page) == []


@pytest.fixture
def phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True,
                                  service_workers="block")
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    context.close()


@pytest.mark.parametrize("game_id", PLAY_GAMES)
def test_a_tap_plays_a_move_on_a_phone(phone, site_url, game_id):
    """Touch works wherever a click does (no hover needed): tapping a move on the table plays it."""
    seats = "human,greedy,greedy,greedy" if game_id == "expression" else "human,greedy"
    table_page.open_game(phone, site_url, game_id, seats=seats, until="html[data-state=ready]")
    before = table_page.log_length(phone)
    target = phone.locator("#table [data-action][role=button]").first
    target.scroll_into_view_if_needed()
    target.tap()
    table_page.wait_for_more_log(phone, before)


def test_the_prompt_bar_stays_in_view_while_the_table_scrolls(phone, site_url):
    table_page.open_game(phone, site_url, "translation", until="html[data-state=ready]")
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    top = phone.evaluate("document.getElementById('prompt-bar').getBoundingClientRect().top")
    assert 0 <= top < 844
    assert "Player 1" in phone.locator("#status").inner_text()


def test_the_bots_play_to_the_end_screen_on_a_phone(phone, site_url):
    table_page.open_game(phone, site_url, "translation", seats="greedy,greedy", seed=3, until="html[data-state=over]",
                         extra=table_page.near_the_end("translation", 2, 3, 6))  # the computers finish it
    assert "points" in phone.locator("#final-scores").inner_text()
    assert phone.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
