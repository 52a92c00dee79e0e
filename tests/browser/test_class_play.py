"""Class play in real browsers: a teacher creates a class, students join on their own devices (one
browser context each, at different screen sizes) and play through the class server, which each
test starts itself on a free port of 127.0.0.1."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest

from class_server import start, stop
from conftest import DIST, Watched

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def server(tmp_path):
    running = start(DIST, tmp_path / "classes.sqlite3")
    yield running
    stop(running)


@pytest.fixture
def people(browser):
    """Open pages, each in a context of its own (a device of its own); the test fails if any of
    them logged a console error or asked for anything beyond 127.0.0.1."""
    opened = []
    expected: list[str] = []

    def open_page(viewport=LAPTOP):
        context = browser.new_context(viewport=viewport, service_workers="block")
        page = context.new_page()
        page.set_default_timeout(60_000)
        opened.append((context, Watched(page)))
        return page

    open_page.expect = expected.append
    yield open_page
    problems = [p for _context, watched in opened for p in watched.problems
                if not any(known in p for known in expected)]
    for context, _ in opened:
        context.close()
    assert not problems, "\n".join(problems)


def create_class(teacher, server, game, size, level="greedy"):
    teacher.goto(server.teacher_url)
    teacher.select_option("#class-game", game)
    teacher.select_option("#class-size", str(size))
    teacher.select_option("#class-level", level)
    teacher.click("#create-class")
    code = teacher.locator("#join-code").text_content(timeout=30_000).strip()
    assert 4 <= len(code) <= 6 and not set(code) & set("0O1IL2Z5S6G8BUV"), code
    return code


def join(student, server, code, name):
    student.goto(server.url)
    student.click("text=Join a class")
    student.fill("#class-code", code.lower())  # as a student types it
    student.fill("#student-name", name)
    student.click("#join")
    student.wait_for_url("**/play/?class=*")


def start_two_students(people, server, game):
    """A teacher's class of two per table, and Ana (on a phone) and Ben (on a laptop) at its first
    table, both pages ready."""
    teacher = people()
    code = create_class(teacher, server, game, 2)
    ana, ben = people(PHONE), people(LAPTOP)
    join(ana, server, code, "Ana")
    join(ben, server, code, "Ben")
    wait_ready(ana)
    wait_ready(ben)
    return teacher, code, ana, ben


def wait_ready(page, moves=None):
    page.wait_for_selector("html[data-state=ready], html[data-state=over]", timeout=90_000)
    if moves is not None:
        page.wait_for_function(f"Number(document.documentElement.dataset.moves) >= {moves}", timeout=60_000)


def moves_of(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.moves"))


def seat_of(page) -> int:
    return int(page.evaluate("document.documentElement.dataset.seat"))


def to_move(pages):
    """The page whose student is to move (the one offered moves), waiting for the table to settle."""
    for _ in range(600):
        for page in pages:
            if page.evaluate("document.querySelectorAll('#table [data-action], #actions [data-action]').length") \
                    and page.evaluate("document.documentElement.dataset.state") == "ready":
                return page
        pages[0].wait_for_timeout(100)
    raise AssertionError("no student was offered a move")


def play_any(page):
    """Make the first move offered, as a student clicks it, and wait for the server's answer."""
    before = moves_of(page)
    target = page.locator("#table [data-action], #actions [data-action]").first
    target.click()
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) > {before}"
                           " || document.querySelector('#refusal').textContent !== ''", timeout=30_000)


def test_two_students_trade_in_nucleo_on_their_own_devices(server, people):
    teacher, _code, ana, ben = start_two_students(people, server, "nucleo")
    assert {seat_of(ana), seat_of(ben)} == {0, 1}
    # The teacher's page lists the table as it moves on.
    teacher.wait_for_selector("[data-table]")
    # Whoever moves first rolls; then offers a coin for nothing, which the other accepts on their
    # own device.
    for _ in range(40):
        mover = to_move([ana, ben])
        if mover.locator(kind("propose")).count():
            break
        play_any(mover)
    else:
        pytest.fail("no one was offered a trade in 40 moves")
    for step in ("propose", "offer-to", "give", "done-giving", "send"):
        if step == "offer-to" and not mover.locator(kind(step)).count():
            continue  # with two players the offer goes to the other one
        play_kind(mover, step)
    other = ben if mover is ana else ana
    play_kind(other, "accept")
    for page in (ana, ben):
        page.wait_for_function("[...document.querySelectorAll('#log li')].some(li => /accept/i.test(li.textContent))")
    assert moves_of(ana) == moves_of(ben)


def kind(name):
    return f"#table [data-action*='\"kind\":\"{name}\"'], .actions [data-action*='\"kind\":\"{name}\"']"


def play_kind(page, name):
    """Make the first offered move of this kind, as the student clicks it; wait for the server."""
    before = moves_of(page)
    page.locator(kind(name)).first.click()
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) > {before}", timeout=30_000)


def test_a_student_reloads_mid_game_and_the_server_is_killed_and_restarted(server, people, tmp_path):
    teacher, _code, ana, ben = start_two_students(people, server, "translation")
    for _ in range(3):
        play_any(to_move([ana, ben]))
    played = moves_of(ana)
    # A reload (or a sleeping Chromebook) returns the student to the same seat and position.
    seat = seat_of(ben)
    ben.reload()
    wait_ready(ben, played)
    assert seat_of(ben) == seat and moves_of(ben) == played
    # SIGKILL, then a new server on the same port with the same record: both pages reconnect.
    port = int(server.url.rsplit(":", 1)[1].strip("/"))
    # While the server is down the browser itself reports each refused reconnection in the console,
    # and a request in flight at the kill (the teacher page's ask) as a reset connection.
    people.expect("net::ERR_CONNECTION_REFUSED")
    people.expect("net::ERR_CONNECTION_RESET")
    server.kill()
    ana.wait_for_selector("html[data-connection=lost]")
    again = start(DIST, server.data, port=port)
    try:
        for page in (ana, ben):
            page.wait_for_selector("html[data-connection=open]", timeout=30_000)
            assert moves_of(page) == played
        play_any(to_move([ana, ben]))
        assert moves_of(ana) == moves_of(ben) == played + 1
        # The teacher's page found the server again by itself (its socket reconnects; meanwhile it asks).
        teacher.wait_for_selector(f"[data-table][data-moves='{played + 1}']", timeout=60_000)
    finally:
        stop(again)


def test_four_students_play_a_round_of_cytosis(server, people):
    teacher = people()
    code = create_class(teacher, server, "cytosis", 4)
    pages = [people(size) for size in (PHONE, LAPTOP, {"width": 1024, "height": 768}, {"width": 768, "height": 1024})]
    for page, name in zip(pages, ("Ana", "Ben", "Cleo", "Dev")):
        join(page, server, code, name)
    for page in pages:
        wait_ready(page)
    assert sorted(seat_of(p) for p in pages) == [0, 1, 2, 3]
    # A round: every student places a worker at least once.
    movers = set()
    while len(movers) < 4:
        mover = to_move(pages)
        movers.add(seat_of(mover))
        play_any(mover)
    assert len({moves_of(p) for p in pages}) == 1


def test_a_teacher_starts_a_table_with_computers_in_the_empty_seats(server, people):
    teacher = people()
    code = create_class(teacher, server, "peptide", 3, level="random")
    ana = people(PHONE)
    join(ana, server, code, "Ana")
    ana.wait_for_selector("html[data-state=waiting]")
    teacher.click("text=Start with computers")
    wait_ready(ana)
    names = ana.evaluate("document.querySelector('#log').textContent")
    assert "you are Player" in names
    # The teacher's page shows the computers once its socket brings the table's change.
    teacher.wait_for_selector("[data-table]:has-text('Computer (beginner)')", timeout=15_000)


def test_join_a_class_on_a_static_host_says_it_needs_the_class_server(site_url, page, tmp_path):
    """Without the class server (a plain static host), the join page says so in one sentence."""
    import http.server
    import threading
    from functools import partial

    handler = partial(http.server.SimpleHTTPRequestHandler, directory=str(DIST))
    handler.log_message = lambda *a: None
    plain = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=plain.serve_forever, daemon=True).start()
    try:
        page.goto(f"http://127.0.0.1:{plain.server_address[1]}/join/")
        page.wait_for_selector("#join-message:has-text('class server')")  # strict CSP: no eval
        assert page.locator("#join").is_disabled()
    finally:
        plain.shutdown()


def test_the_teacher_page_refuses_without_the_key(server):
    for path in ("teacher/", "api/teacher", "api/teacher?key=wrong"):
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(server.url + path)
        assert refused.value.code == 403


def test_a_class_with_the_minute_for_negotiating_shows_every_student_the_countdown(server, people):
    """Issue 33's minute as a class setting: the teacher ticks it when creating a NUCLEO class (only
    NUCLEO offers it); once a turn reaches trading, every student's page counts down the time the
    class server keeps, and no button offers the clock's move."""
    teacher = people()
    teacher.goto(server.teacher_url)
    teacher.select_option("#class-game", "translation")
    assert teacher.locator("#class-options input").count() == 0
    teacher.select_option("#class-game", "nucleo")
    teacher.select_option("#class-size", "2")
    teacher.check("#class-options input[data-option=trade_minute]")
    teacher.click("#create-class")
    code = teacher.locator("#join-code").text_content(timeout=30_000).strip()
    assert "one minute to negotiate each turn" in teacher.locator(".class-card h2").first.text_content()
    ana, ben = people(PHONE), people(LAPTOP)
    join(ana, server, code, "Ana")
    join(ben, server, code, "Ben")
    wait_ready(ana)
    wait_ready(ben)
    for page in (ana, ben):
        assert page.locator("#clock").is_hidden()  # part 2, the roll, is not negotiating
    for _ in range(10):
        mover = to_move([ana, ben])
        if mover.locator(kind("propose")).count():
            break
        play_any(mover)
    for page in (ana, ben):
        page.wait_for_selector("#clock:not([hidden])")
        text = page.locator("#clock").inner_text()
        assert text.startswith("Time left to negotiate: ") and text.split(": ")[1] in \
            {f"{m}:{s:02d}" for m, s in [(1, 0)] + [(0, s) for s in range(30, 60)]}, text
        assert not page.locator("#actions button, #table [data-action]").filter(has_text="minute").count()
