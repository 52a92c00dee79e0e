"""Translation in a real browser (Debian Chromium via Playwright), played like a person would."""

import re
from urllib.parse import parse_qs, urlsplit
from functools import partial

import table_page
from table_page import log_length, near_the_end, wait_for_more_log

open_game = partial(table_page.open_game, game="translation", until="html[data-state=ready]")


def test_landing_page_lists_translation_and_starts_it(page, site_url):
    page.goto(site_url)
    assert page.locator("#game-translation h3").inner_text() == "Translation"
    page.locator("#game-translation summary").click()  # "Choose players"
    page.select_option("select[aria-label='Player 2 of Translation']", "random")
    page.click("#game-translation button[type=submit]")
    page.wait_for_selector("html[data-state=ready]")
    assert "seats=human%2Crandom" in page.url or "seats=human,random" in page.url


def test_boot_shows_the_table_with_only_local_requests(page, site_url):
    open_game(page, site_url)
    assert page.locator("#table svg desc").text_content().startswith("Round 1")
    assert page.locator("#boot").is_hidden()
    assert page.locator("#table [data-action][role=button]").count() > 0


def test_a_person_moves_by_mouse(page, site_url):
    open_game(page, site_url)
    before = log_length(page)
    page.locator("#card-0-extend").click()
    wait_for_more_log(page, before)
    assert "added it at the 3′ end" in page.locator("#log li").last.inner_text()


def test_a_person_moves_by_keyboard(page, site_url):
    open_game(page, site_url)
    before = log_length(page)
    for _ in range(30):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-action')"):
            break
    else:
        raise AssertionError("Tab never reached a move on the table")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_for_more_log(page, before)


def test_greedy_bots_play_a_whole_game_to_the_end_screen(page, site_url):
    """A game between computers ends on the end screen with its scores, from a shared position 8
    moves before its end (the whole game's moves are the engine's tests' to play)."""
    open_game(page, site_url, seats="greedy,greedy", seed=3, extra=near_the_end("translation", 2, 3, 8))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    page.wait_for_selector("html[data-state=over]", timeout=120_000)
    scores = page.locator("#final-scores").inner_text()
    assert re.search(r"Player 1 \(computer, good\)\s+\d+ points", scores)
    assert "Amino acids collected" in scores


def test_reload_resumes_the_same_position(page, site_url):
    open_game(page, site_url, seed=11)
    for _ in range(3):
        before = log_length(page)
        page.locator("#card-0-extend").click()
        wait_for_more_log(page, before)
    table = page.locator("#table svg desc").text_content()
    log = page.locator("#log").inner_text()
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#table svg desc").text_content() == table
    resumed = page.locator("#log").inner_text()
    assert "resumes after 3 moves" in resumed
    assert log.split("\n", 1)[1] in resumed  # every move's line comes back with the game


def test_new_game_asks_before_discarding_an_unfinished_game_then_starts_over(page, site_url):
    """Issue 15: "New game" asks first; "Keep playing" keeps the game, "Start a new game" deals one."""
    open_game(page, site_url, seed=12)
    page.locator("#card-0-extend").click()
    page.click("#new-game")
    page.get_by_role("button", name="Keep playing").click()
    seed = lambda: parse_qs(urlsplit(page.url).query)["seed"]  # noqa: E731
    assert seed() == ["12"] and page.locator("#confirm-new").is_hidden()
    page.click("#new-game")
    page.get_by_role("button", name="Start a new game").click()
    page.wait_for_selector("html[data-state=ready]")
    assert seed() != ["12"]  # a new deal (a random 64-bit seed, which may well begin with 12)
    assert "A new game" in page.locator("#log").inner_text()


def test_why_explains_the_biology_of_a_move(page, site_url):
    open_game(page, site_url)
    page.locator("#card-0-extend").click()
    why = page.locator("#log button.why").first
    why.wait_for()
    why.click()
    dialog = page.locator("dialog#why")
    assert dialog.is_visible()
    assert page.locator("#why-title").inner_text() == "5′ → 3′ direction"
    assert page.locator("#why-link").get_attribute("href").startswith("../lessons/")
    page.keyboard.press("Escape")
    assert not dialog.is_visible()


def test_hot_seat_hides_the_table_between_people(page, site_url):
    open_game(page, site_url, seats="human,human", seed=5)
    for _ in range(5):
        page.locator("#card-0-extend").click()
    page.wait_for_selector("#pass-device:not([hidden])")
    assert "Player 2" in page.locator("#pass-text").inner_text()
    assert page.locator("#table svg").count() == 0
    page.click("#pass-ready")
    assert page.locator("#table svg desc").text_content().find("Player 2 to move") >= 0


def test_a_bad_link_gives_a_clear_message(page, site_url):
    page.goto(site_url + "play/?game=chess&seats=human,greedy")
    page.wait_for_selector("#error:not([hidden])")
    assert "no game called 'chess'" in page.locator("#error").inner_text()


def test_rules_and_lesson_pages_render(page, site_url):
    page.goto(site_url + "lessons/rules/translation.html")
    assert "Helen V. Cook" in page.inner_text("main")
    page.goto(site_url + "lessons/genetic-code.html")
    assert page.locator("h2#codons").count() == 1


def test_the_site_works_offline_after_one_visit(browser, site_url):
    """DESIGN: the service worker precaches the site; with the network gone the game still boots."""
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(90_000)
    page.goto(site_url + table_page.PLAY.format(game="translation", seats="human,greedy", seed=1, extra=""))
    page.wait_for_selector("html[data-state=ready]")
    page.wait_for_function("navigator.serviceWorker.controller !== null || "
                           "navigator.serviceWorker.ready.then(() => true)")
    page.evaluate("navigator.serviceWorker.ready")
    page.wait_for_function("caches.keys().then(k => k.length > 0)")
    page.wait_for_function("""(async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys[0]);
        return (await cache.keys()).length > 30;
    })()""")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#table svg").count() == 1
    context.close()


def test_a_translatable_amino_acid_highlights_its_codon(page, site_url):
    """Issue 3: pointing at (or focusing) an amino acid lights up the matching codon on the strand."""
    open_game(page, site_url, seed=7)
    card = page.locator("#table [data-highlight]").first
    ids = card.get_attribute("data-highlight").split()
    card.hover()
    for nid in ids:
        assert "hl" in page.locator(f"#{nid}").get_attribute("class")
    page.mouse.move(5, 5)
    assert "hl" not in (page.locator(f"#{ids[0]}").get_attribute("class") or "")
