"""Issue 35, a student's first five minutes on the landing page: each game shows a picture of its
table and one Play button, visible without opening anything, at a laptop's and a phone's size;
Play starts a game against the computer at once; "Choose players" opens by keyboard; axe finds
nothing; a newcomer is pointed at the first guided lesson above the games."""

from __future__ import annotations

import pytest
from test_screens_a11y import axe_violations, page  # noqa: F401  (the page fixture that lets axe in)

from biocards import games

SIZES = {"laptop 1366x768": (1366, 768), "phone 390x844": (390, 844)}
PLAYABLE = [g for g in games.all() if g.render is not None]


def _open(page, site_url, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(site_url)
    page.wait_for_load_state("load")  # the table pictures are loaded


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_every_game_shows_its_table_picture_and_one_play_button_without_opening_anything(page, site_url, size):
    _open(page, site_url, size)
    for game in PLAYABLE:
        card = page.locator(f"[data-game='{game.id}']")
        picture = card.locator("img.table-picture")
        picture.scroll_into_view_if_needed()
        assert picture.is_visible(), game.id
        # Drawn: the browser decoded a real picture, and it is wide enough to make out the table.
        assert picture.evaluate("img => img.complete && img.naturalWidth") > 0, game.id
        assert picture.bounding_box()["width"] >= 0.7 * card.bounding_box()["width"], game.id
        # Its text alternative says which table it shows and what is on it.
        alt = picture.get_attribute("alt")
        assert alt.startswith(f"The {game.title} table as a") and len(alt) > 60, alt
        play = card.get_by_role("button", name=f"Play {game.title}")
        assert play.count() == 1 and play.is_visible(), game.id
        box = play.bounding_box()
        assert box["height"] >= 44 and box["x"] + box["width"] <= size[0], game.id  # tappable, on screen
        # The seat pickers fold away until asked for.
        assert not card.locator("details.choose-players").evaluate("d => d.open")
        assert not card.locator("select[data-seat]").first.is_visible()
    page.screenshot(path=f"/tmp/landing-{size[0]}x{size[1]}.png", full_page=True)


def test_the_game_pictures_are_each_games_own_opening_table(page, site_url):
    """Each picture is the SVG the game's own render drew: it names its own game and a first round."""
    _open(page, site_url, SIZES["laptop 1366x768"])
    for game in PLAYABLE:
        src = page.locator(f"[data-game='{game.id}'] img.table-picture").get_attribute("src")
        svg = page.evaluate("async (src) => (await fetch(src)).text()", src)
        assert svg.startswith("<svg") and f"<title>{game.title}</title>" in svg, game.id
        assert "Round 1" in svg or "Hand 1" in svg, game.id  # the opening position


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_play_starts_a_game_against_the_computer_at_once(page, site_url, size):
    _open(page, site_url, size)
    page.locator("[data-game='translation']").get_by_role("button", name="Play Translation").click()
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    assert "game=translation" in page.url and ("seats=human%2Cgreedy" in page.url or "seats=human,greedy" in page.url)
    assert "opt-first_player" not in page.url  # the first player left to the game to draw
    assert page.locator("#table svg").count() == 1


def test_choose_players_opens_by_keyboard_and_chooses_who_goes_first(page, site_url):
    """NUCLEO accepts the first player as an option (docs/rules-decisions.md › NUCLEO: chosen by a vote or at random): choosing
    Player 2 with the keyboard starts a game in which Player 2 moves first."""
    _open(page, site_url, SIZES["laptop 1366x768"])
    card = page.locator("[data-game='nucleo']")
    card.get_by_role("button", name="Play NUCLEO").focus()
    page.keyboard.press("Tab")  # from Play to the "Choose players" summary
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    assert card.locator("details.choose-players").evaluate("d => d.open")
    seats = card.locator("select[data-seat]")
    assert seats.first.is_visible()
    # Levels read beginner, good, strong.
    levels = seats.nth(1).locator("option").all_inner_texts()
    assert [t for t in levels if t.startswith("computer")] == [
        "computer (beginner)", "computer (good)", "computer (strong)"]
    first = card.locator("select[name=opt-first_player]")
    assert first.locator("option").all_inner_texts()[:3] == ["drawn at random", "Player 1", "Player 2"]
    first.focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")  # Player 2
    assert first.input_value() == "1"
    card.get_by_role("button", name="Play NUCLEO").press("Enter")
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    assert "opt-first_player=1" in page.url
    # The first move of the game is Player 2's (drawn at random it would be Player 1's half the time).
    page.wait_for_function("[...document.querySelectorAll('#log li')].some(li => /^Player \\d/.test(li.textContent))")
    first_move = next(t for t in page.locator("#log li").all_inner_texts() if t.startswith("Player "))
    assert first_move.startswith("Player 2"), first_move


def test_the_first_player_left_drawn_and_a_blank_deal_stay_out_of_the_link_after_going_back(page, site_url):
    _open(page, site_url, SIZES["laptop 1366x768"])
    card = page.locator("[data-game='nucleo']")
    card.locator("summary").click()
    card.get_by_label("Deal number").fill("5")
    card.get_by_role("button", name="Play NUCLEO").click()
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    assert "seed=5" in page.url and "opt-first_player" not in page.url
    page.go_back()
    page.wait_for_selector("[data-game='nucleo']")
    assert not page.locator("[data-game='nucleo'] select[name=opt-first_player]").is_disabled()


def test_start_here_points_a_newcomer_at_the_first_guided_lesson_above_the_games(page, site_url):
    _open(page, site_url, SIZES["phone 390x844"])
    start = page.locator(".start-here")
    assert "New to BioCards? Start with a 5-minute guided lesson" in start.locator("h2").inner_text()
    assert start.bounding_box()["y"] < page.locator("[data-game]").first.bounding_box()["y"]
    # The whole path folds away (each lesson's end leads to the next); it lists every guided lesson.
    path = start.locator("ol a")
    assert not path.first.is_visible()
    start.locator("summary").press("Enter")
    assert path.first.is_visible()
    assert path.count() == page.locator("h3#guided-title + ul a").count() >= 11
    # The path follows the lessons index: its first lesson's guided lesson comes first.
    first = start.locator("a.start-first")
    assert first.is_visible() and first.get_attribute("href") == path.first.get_attribute("href")
    assert first.get_attribute("href").startswith("play/?game=")
    first.click()
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    assert page.locator("#lesson-progress").inner_text().startswith("Step 1 of")


def test_join_a_class_is_linked(page, site_url):
    _open(page, site_url, SIZES["laptop 1366x768"])
    assert page.get_by_role("link", name="Join a class").get_attribute("href") == "join/"


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_landing_page_has_no_axe_violations_closed_and_open(page, site_url, size):
    _open(page, site_url, size)
    assert axe_violations(page) == []
    for summary in page.locator("details.choose-players summary").all():
        summary.click()
    assert axe_violations(page) == []


@pytest.mark.parametrize("slug", ["energy-atp", "membranes-and-transport", "chain-to-protein"])
def test_the_new_lesson_pages_have_play_it_at_top_and_end_and_no_axe_violations(page, site_url, slug):
    _open(page, site_url, SIZES["phone 390x844"])
    page.goto(site_url + f"lessons/{slug}.html")
    top, end = page.locator(".play-it-top a.play-it"), page.locator(".play-it-end a.play-it")
    assert top.count() >= 1 and end.count() >= 1
    assert top.first.get_attribute("href") == end.first.get_attribute("href")
    assert "lesson=" in top.first.get_attribute("href")
    assert top.first.bounding_box()["y"] < page.locator("h2").first.bounding_box()["y"]
    assert axe_violations(page) == []


def test_chromium_reports_no_deprecation_on_the_landing_and_play_pages(page, site_url):
    """Issue 43: Lighthouse Best Practices was 82 on the play page for one deprecation Chromium
    reported there, SharedArrayBufferConstructedWithoutIsolation (Pyodide's syncSleep memory; the
    build now makes it only on a cross-origin isolated page). DevTools' issues are read as
    Lighthouse reads them, through the Audits domain."""
    issues = []
    cdp = page.context.new_cdp_session(page)
    cdp.on("Audits.issueAdded", lambda event: issues.append(event["issue"]))
    cdp.send("Audits.enable")
    page.goto(site_url)
    page.wait_for_load_state("load")
    page.goto(f"{site_url}play/?game=translation&seats=human,greedy")
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    # Issues already found are sent again when the domain is enabled again: none may be missed.
    cdp.send("Audits.disable")
    cdp.send("Audits.enable")
    deprecations = [i for i in issues if i["code"] in ("DeprecationIssue", "SharedArrayBufferIssue")]
    assert deprecations == []
