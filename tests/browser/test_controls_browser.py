"""Classroom controls in a real browser (issue 15): take back, hint, pace, safe restart, share, replay."""

from __future__ import annotations

import re

from table_page import near_the_end, open_game


def moves(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.moves"))


def wait_moves(page, test: str) -> None:
    page.wait_for_function(f"(n => n {test})(Number(document.documentElement.dataset.moves))")


def test_a_person_takes_back_a_careless_move_and_the_computers_reply(page, site_url):
    """Issue 15: against a computer the take-back removes the person's move and the reply after it,
    by button and by Ctrl+Z; the log and the autosave follow."""
    open_game(page, site_url, "translation", seed=9, until="html[data-state=ready]")
    assert moves(page) == 0 and page.locator("#undo").is_disabled()
    assert page.locator("#undo-why").inner_text() == "No move has been made yet."
    page.locator("""[data-action='{"card":"mutate","kind":"buy"}']""").first.click()
    wait_moves(page, "== 3")  # buying Mutate ends the turn; the computer makes two moves
    page.wait_for_selector("html[data-state=ready]")
    page.wait_for_function("!document.getElementById('undo').disabled")
    page.click("#undo")
    wait_moves(page, "== 0")
    assert "Taken back" in page.locator("#log").inner_text()
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert moves(page) == 0, "the autosave still held the taken-back move"
    page.locator("[data-action*='toggle-water']").first.click()
    wait_moves(page, ">= 1")
    page.wait_for_function("!document.getElementById('undo').disabled")
    page.locator("body").press("Control+z")
    wait_moves(page, "== 0")


def test_take_back_says_why_a_roll_cannot_be_taken_back(page, site_url):
    """Issue 15: a move that revealed something (a die roll) stays, and the button says why."""
    open_game(page, site_url, "nucleo", seed=3, until="html[data-state=ready]")
    roll = page.locator("[data-action*='roll']").first
    roll.click()
    wait_moves(page, ">= 1")
    page.wait_for_function("document.getElementById('undo-why').textContent.includes('revealed')")
    assert page.locator("#undo").is_disabled()
    assert re.search(r"“Roll.*” revealed something hidden", page.locator("#undo-why").inner_text())


def test_hot_seat_take_back_only_before_passing_the_device(page, site_url):
    """Issue 15: passing one device, a player may take back a move only within their own turn."""
    open_game(page, site_url, "translation", seats="human,human", seed=7, until="html[data-state=ready]")
    for _ in range(12):
        page.locator("#table [data-action]").first.click()
        page.wait_for_function("document.documentElement.dataset.state === 'ready' || "
                               "!document.getElementById('pass-device').hidden")
        if page.locator("#pass-device").is_visible():
            page.click("#pass-ready")
            page.wait_for_selector("html[data-state=ready]")
            break
    else:
        raise AssertionError("the first player's turn never ended")
    assert page.locator("#undo").is_disabled()
    assert "device was passed" in page.locator("#undo-why").inner_text()


def test_a_hint_highlights_a_move_with_a_reason_and_is_counted(page, site_url):
    """Issue 15: "Suggest a move" shows the move on the table with a reason in words; a student
    who follows the hints to the end sees how many were used. The game opens 8 moves before the
    end of a computers' game (a shared link), so the hints lead to the end in a few turns."""
    open_game(page, site_url, "translation", seed=7, until="html[data-state=ready]",
              extra=near_the_end("translation", 2, 7, 8))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    used = 0
    for _ in range(80):
        if page.evaluate("document.documentElement.dataset.state") == "over":
            break
        page.click("#hint")
        used += 1
        text = page.locator("#hint-text").inner_text()
        assert re.match(r"^[A-Z].*: ", text), text
        hinted = page.locator("#table .hinted")
        before = moves(page)
        if hinted.count():
            hinted.first.click()
        else:  # a move with no place on the table (e.g. "Rest") is a button under it
            page.locator("#actions button").first.click()
        page.wait_for_function(f"Number(document.documentElement.dataset.moves) > {before}")
        page.wait_for_selector("html[data-state=ready], html[data-state=over]")
    page.wait_for_selector("html[data-state=over]")
    assert page.locator("#end-hints").inner_text() == f"Hints used: {used}."


def test_a_hint_in_another_game_names_a_legal_move(page, site_url):
    open_game(page, site_url, "cytosis", seed=5, until="html[data-state=ready]")
    page.click("#hint")
    page.wait_for_function("document.getElementById('hint-text').textContent.length > 10")
    labels = page.eval_on_selector_all("#table [data-action][aria-label], #actions button",
                                       "els => els.map(e => e.getAttribute('aria-label') || e.textContent)")
    text = page.locator("#hint-text").inner_text()
    # A target's name is the words it shows, then what it does: the hint names the move in words
    # that the name ends with (or, when the target says it all, the name's own words).
    def words(s):
        return " ".join(re.findall(r"\w+", s.lower()))

    tails = [label.split(": ", k)[-1] for label in labels for k in range(label.count(": ") + 1)]
    assert any(words(tail) and words(text).startswith(words(tail)) for tail in tails), (text, labels[:5])


def test_the_computers_speed_is_remembered_on_the_device(watched, site_url):
    """Issue 15: a visible control sets the pace (slow, normal, instant) and the device keeps it."""
    page = watched.page
    page.goto(site_url + "play/?game=cytosis&seats=human,greedy&seed=2")
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#pace").input_value() == "normal"
    page.select_option("#pace", "instant")
    page.goto(site_url + "play/?game=peptide&seats=human,greedy&seed=2")
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#pace").input_value() == "instant"


def test_a_pace_in_the_url_holds_the_computers_that_long_until_a_speed_is_picked(watched, site_url):
    """Issue 15: a pace= in the URL wins over the remembered speed, to the millisecond (a demo link
    that keeps the computers still); picking a speed in the menu then takes over."""
    page = watched.page
    # Every wait the page asks the browser for, so the computer's can be read rather than sat out.
    page.add_init_script("""(() => {
        const setTimeout = window.setTimeout;
        window.waitsAskedFor = [];
        window.setTimeout = function (callback, ms, ...rest) {
            window.waitsAskedFor.push(ms);
            return setTimeout.call(this, callback, ms, ...rest);
        };
    })()""")
    page.goto(site_url + "play/?game=translation&seats=greedy,greedy&seed=1&pace=600000")
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#pace").input_value() == "slow"  # the nearest of the menu's speeds
    # The first computer waits the URL's 600 s, not the menu's "slow" (1.6 s) a rounded pace gives.
    page.wait_for_function("window.waitsAskedFor.includes(600000)")
    assert 1600 not in page.evaluate("window.waitsAskedFor")
    assert moves(page) == 0
    page.select_option("#pace", "instant")  # counts for the move the computer is waiting to make
    wait_moves(page, "> 2")


def test_a_shared_position_opens_in_a_fresh_browser_without_touching_its_own_save(browser, page, site_url):
    """Issue 15: "Copy link" gives a URL that opens this exact position elsewhere, as a separate game:
    the receiver's own saved game of the same link is untouched."""
    open_game(page, site_url, "cytosis", seed=4, until="html[data-state=ready]")
    for _ in range(3):
        before = moves(page)
        page.locator("#table [data-action]").first.click()
        wait_moves(page, f"> {before}")
        page.wait_for_selector("html[data-state=ready]")
    shared_moves = moves(page)
    page.click("#share")
    link = page.locator("#share-link").input_value()
    assert "moves=" in link and len(link) < 2000
    from biocards import games

    assert f"v={games.get('cytosis').version}" in link  # issue 33: a link carries its rules version
    context = browser.new_context(service_workers="block")
    try:
        other = context.new_page()
        other.goto(site_url + "play/?game=cytosis&seats=human,greedy&seed=4&pace=0")
        other.wait_for_selector("html[data-state=ready]")
        assert moves(other) == 0
        other.goto(link)
        other.wait_for_selector("html[data-state=ready]")
        assert moves(other) == shared_moves
        assert "A shared position" in other.locator("#log").inner_text()
        other.goto(site_url + "play/?game=cytosis&seats=human,greedy&seed=4&pace=0")
        other.wait_for_selector("html[data-state=ready]")
        assert moves(other) == 0, "opening the shared link overwrote the receiver's own game"
    finally:
        context.close()


def test_a_link_from_before_links_carried_a_version_replays_with_its_old_rules(page, site_url):
    """Issue 33: an old Translation link (no v=, seat 0 first in those rules) opens the position it
    was made from, though seed 5 now draws Player 2 to go first."""
    from biocards import games
    from biocards.core.links import encode_moves

    game = games.get("translation")
    assert game.new_state(2, 5).current_player == 1  # today's rules: Player 2 opens this deal
    old = game.new_state(2, 5, first_player=0)
    said = []
    for _ in range(5):
        said += [e.text for e in old.apply(old.legal_actions()[0])]
    page.goto(site_url + f"play/?game=translation&seats=human,human&seed=5&pace=0&moves={encode_moves(old)}")
    page.wait_for_selector("html[data-state=ready]")
    assert moves(page) == 5
    log = page.locator("#log").inner_text()
    assert "A shared position" in log and said[0].startswith("Player 1") and said[0] in log


def test_a_broken_shared_link_gives_a_message_and_a_fresh_game(page, site_url):
    """Issue 15: a tampered link never shows a traceback: a sentence, then a playable game."""
    page.goto(site_url + "play/?game=translation&seats=human,greedy&seed=7&pace=0&moves=zzzz$$")
    page.wait_for_selector("html[data-state=ready]")
    error = page.locator("#error").inner_text()
    assert "shared link could not be opened" in error and "Error" not in error
    assert moves(page) == 0
    page.locator("#table [data-action]").first.click()
    wait_moves(page, ">= 1")


def test_replay_a_finished_game_move_by_move(page, site_url):
    """Issue 15: after a game the class steps through it with buttons, arrow keys and the log (the
    computers' game opens 6 moves before its end, from a shared link, and they finish it)."""
    open_game(page, site_url, "translation", seats="greedy,greedy", seed=9, until="html[data-state=over]",
              extra=near_the_end("translation", 2, 9, 6))
    assert "A shared position:" in page.locator("#log").inner_text()  # the link opened, not a new game
    total = moves(page)
    page.click("#end-replay")
    page.wait_for_selector("#replay-bar:not([hidden])")
    assert page.evaluate("document.documentElement.dataset.replay") == str(total)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.documentElement.dataset.replay") == str(total - 2)
    assert page.locator("#replay-where").inner_text() == f"Move {total - 2} of {total}"
    page.click("#replay-first")
    assert page.evaluate("document.documentElement.dataset.replay") == "0"
    assert page.locator("#table svg").count() == 1
    jump = page.locator("#log button[data-goto]").nth(4)
    target = jump.get_attribute("data-goto")
    jump.click()
    assert page.evaluate("document.documentElement.dataset.replay") == target
    assert page.locator("#log li[aria-current]").count() == 1
    assert page.locator("#log button.why").count() > 0, "the Why? buttons are there at each step"
    page.click("#replay-exit")
    assert page.evaluate("document.documentElement.dataset.replay") is None
    assert moves(page) == total
