"""The teacher's side of class play (issue 31): a dashboard that follows every table, a projector
view with no hidden card and no move, a class report whose rows match the moves played, and a
class that, deleted, leaves no row behind. Each test starts its own class server."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import urllib.request

import pytest

from test_class_play import LAPTOP, PHONE, moves_of, people, play_any, seat_of, server, start_two_students, \
    to_move  # noqa: F401 - fixtures
from table_page import MEASURE_JS
from test_screens_a11y import axe_violations

PROJECTOR = {"width": 1920, "height": 1080}


def test_the_dashboard_follows_moves_and_shows_an_away_student(server, people):  # noqa: F811
    teacher, _code, ana, ben = start_two_students(people, server, "translation")
    for _ in range(2):
        play_any(to_move([ana, ben]))
    row = teacher.locator("[data-table]").first
    # Pushed by the teacher page's socket as the table changes. (The teacher page's strict CSP
    # refuses the eval behind wait_for_function: selectors only.)
    teacher.wait_for_selector("[data-table][data-moves='2']", timeout=15_000)
    assert "Round" in row.text_content()
    ben.context.close()  # Ben's Chromebook goes to sleep
    teacher.wait_for_selector("[data-table] li:has-text('Ben (away)')", timeout=15_000)
    ana.wait_for_function("document.querySelector('#thinking').textContent.includes('Away: Ben')")


def test_the_projector_shows_the_table_with_no_hidden_card_and_no_move(server, people):  # noqa: F811
    teacher, _code, ana, ben = start_two_students(people, server, game="nucleo")
    play_any(to_move([ana, ben]))
    projector = people(PROJECTOR)
    href = teacher.locator("[data-spectate]").first.get_attribute("href")
    projector.goto(href)
    projector.wait_for_selector("html[data-state=ready][data-projector]", timeout=90_000)
    assert projector.locator("#table [data-action], #actions [data-action]").count() == 0
    # A spectator's view (the server sends view(None): tests/unit/test_class_referee.py): no seat is
    # this page's, and the table speaks of no one as "you".
    assert projector.evaluate("document.documentElement.dataset.seat") is None
    assert "You are Player" not in projector.locator("#table").inner_html()
    assert "You are Player" in ana.locator("#table").inner_html()
    # The log and its Why? buttons are there, large enough for the back row.
    assert projector.locator("#log li").count() >= 2
    sizes = projector.evaluate("[...document.querySelectorAll('#log li, #status')].map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 24, sizes
    table_text = projector.evaluate(MEASURE_JS)["texts"]  # rendered px of every text in the table
    assert table_text and min(table_text) >= 24, min(table_text)
    # It follows the game.
    before = moves_of(ana)
    play_any(to_move([ana, ben]))
    projector.wait_for_function(f"Number(document.documentElement.dataset.moves) > {before}")


def test_the_class_report_matches_the_moves_played_outlives_the_class_and_deleting_it_leaves_no_row(server, people):  # noqa: F811
    teacher, code, ana, ben = start_two_students(people, server, "translation")
    made: dict[int, list[int]] = {0: [], 1: []}  # each seat's move numbers
    for _ in range(4):
        mover = to_move([ana, ben])
        made[seat_of(mover)].append(moves_of(mover) + 1)
        play_any(mover)
    ana.locator("#log .why").first.click()  # Ana opens a Why?
    ana.locator("#why-close").click()
    url = teacher.locator("#report-csv").get_attribute("href")
    with urllib.request.urlopen(url) as answer:
        assert answer.headers["Content-Type"].startswith("text/csv")
        rows = list(csv.DictReader(io.StringIO(answer.read().decode("utf-8"))))
    assert list(rows[0]) == ["student", "table", "game", "seat", "score", "result", "winner", "moves", "concepts",
                             "why_opened", "hints", "minutes", "lessons_done", "questions_right", "questions_asked"]
    by_name = {row["student"]: row for row in rows}
    assert set(by_name) == {"Ana", "Ben"}
    for page, name in ((ana, "Ana"), (ben, "Ben")):
        row = by_name[name]
        assert int(row["seat"]) == seat_of(page) + 1 and row["game"] == "translation"
        assert int(row["moves"]) == len(made[seat_of(page)])
        # The concepts the log's Why? buttons name on the lines of this student's own moves.
        named = page.evaluate("""(moves) => [...new Set(moves.flatMap(n =>
            [...document.querySelectorAll(`#log li[data-move="${n}"] .why`)].map(b => b.dataset.concept)))]""",
                              made[seat_of(page)])
        assert sorted(row["concepts"].split()) == sorted(named)
        assert row["result"] == "playing"
    assert by_name["Ana"]["why_opened"] == "1"
    # The same report as a printable table on the page.
    teacher.locator("[data-show-report]").first.click()
    teacher.wait_for_selector(".report tbody tr")
    assert teacher.locator(".report tbody tr").count() == 2
    # Ending the class (the bell rings at every table) keeps its card, its tables and its report to read; no one can join.
    teacher.locator("[data-end-class]").first.click()
    teacher.wait_for_selector(".class-card.ended")
    card = teacher.locator(".class-card.ended").first
    assert "(ended)" in card.locator("h2").text_content()
    assert card.locator(".join-how").is_hidden() and card.locator("[data-end-class]").is_hidden()
    assert teacher.locator("#report-csv").count() == 1 and teacher.locator("#join-code").count() == 0
    for page in (ana, ben):  # the bell ends each table: the students read who won, and have no move
        page.wait_for_selector("html[data-state=over]")
        assert page.locator("#status").text_content() == "The game ended at the bell."
        assert "winner" in page.locator("#final-scores").inner_text()
        assert page.locator("#table [data-action], #actions [data-action]").count() == 0
    # Deleting the class deletes its rows from SQLite.
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.locator("[data-delete-class]").first.click()
    teacher.wait_for_selector("[data-class]", state="detached")
    db = sqlite3.connect(server.data)
    for table in ("students", "tables", "moves", "activity", "classes"):
        assert db.execute(f"SELECT COUNT(*) FROM {table}").fetchone() == (0,), table


@pytest.fixture
def axe_people(browser):
    opened = []

    def open_page(viewport=LAPTOP):
        context = browser.new_context(viewport=viewport, service_workers="block", bypass_csp=True)
        page = context.new_page()
        page.set_default_timeout(60_000)
        opened.append(context)
        return page

    yield open_page
    for context in opened:
        context.close()


def test_the_teacher_page_and_the_projector_view_pass_axe(server, axe_people):  # noqa: F811
    teacher, _code, ana, ben = start_two_students(axe_people, server, "translation")
    teacher.locator("[data-show-report]").first.click()
    teacher.wait_for_selector(".report tbody tr")
    assert axe_violations(teacher) == []
    projector = axe_people(PROJECTOR)
    projector.goto(teacher.locator("[data-spectate]").first.get_attribute("href"))
    projector.wait_for_selector("html[data-state=ready]", timeout=90_000)
    assert axe_violations(projector) == []
    join_page = axe_people(PHONE)
    join_page.goto(server.url + "join/")
    assert axe_violations(join_page) == []


def test_a_seated_students_check_yourself_answers_reach_the_class_report(server, people):  # noqa: F811
    teacher, code, ana, ben = start_two_students(people, server, "translation")
    ana.goto(server.url + "lessons/genetic-code.html")
    questions = ana.locator('[data-question][data-kind="choice"]')
    sent = lambda response: response.url.endswith("/api/answer")  # noqa: E731
    # Each answer travels by fetch after its feedback is shown: the report is read once both are answered.
    questions.nth(0).locator("input[data-right]").check()
    with ana.expect_response(sent) as first:
        questions.nth(0).locator("button.check").click()
    questions.nth(1).locator("input:not([data-right])").first.check()
    with ana.expect_response(sent) as second:
        questions.nth(1).locator("button.check").click()
    assert first.value.json() == second.value.json() == {"ok": True}
    url = server.url + f"api/teacher/classes/{code}/report?key={server.key}"
    with urllib.request.urlopen(url) as answer:
        report = json.load(answer)
    row = next(r for r in report["rows"] if r["student"] == "Ana")
    assert (row["questions_asked"], row["questions_right"]) == (2, 1)
    assert report["missed"][0][0] == "genetic-code"
    assert next(r for r in report["rows"] if r["student"] == "Ben")["questions_asked"] == 0
