"""The class report (py/biocards/server/report.py), issue 40: a student's name cannot become a formula
in the teacher's spreadsheet (finding 7), and a report reads the record in a few grouped queries
instead of comparing every student with every activity row (finding 9)."""

from __future__ import annotations

import csv
import io
import random

from biocards.server.classroom import Classroom
from biocards.server.report import class_report, report_csv
from biocards.server.store import Store


def class_of(tmp_path, names, game="translation", size=2):
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    info = room.create_class(game, size, "greedy")
    tokens = [room.join(info.code, name)[0] for name in names]
    return room, info.code, tokens


def test_a_name_that_looks_like_a_formula_is_written_as_text(tmp_path):
    """OWASP's rule for CSV injection: a cell that begins with = + - @, a tab or a carriage return is
    prefixed with a single quote, so a spreadsheet shows it and never runs it."""
    names = ['=HYPERLINK("//x.io","A")', "+1+1", "-2+3", "@SUM(A1)", "\tTab", "Ana"]
    room, code, _ = class_of(tmp_path, names[:5] + ["Ana"], size=2)
    room.join(code, "\rCR")  # clean_name takes control characters out: a CR never reaches a cell
    rows = list(csv.reader(io.StringIO(report_csv(class_report(room, code)))))
    cells = [cell for row in rows[1:] for cell in row]
    students = [row[0] for row in rows[1:]]
    assert "'=HYPERLINK(\"//x.io\",\"A\")" in students and "'+1+1" in students and "'-2+3" in students
    assert "'@SUM(A1)" in students and "Ana" in students
    assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in cells)
    # Numbers stay numbers (a negative score is not a formula; it is written as the number it is).
    assert report_csv({"rows": [{"student": "Ana", "score": -3, "concepts": "-x"}]}).splitlines()[1].startswith("Ana")
    for cell in ("\tx", "\rx"):  # what clean_name keeps out of names, the writer guards all the same
        assert f"'{cell}" in report_csv({"rows": [{"student": cell}]})
    line = report_csv({"rows": [{"student": "Ana", "score": -3, "concepts": "-x"}]}).splitlines()[1]
    assert ",-3," in line and ",'-x," in line


def test_the_report_reads_activity_in_grouped_queries_not_one_per_student(tmp_path):
    """Finding 9: the report compared every student with every activity row, and asked the record for
    each student's join time and their table's move times separately: with 20,000 activity rows a
    report took 1.3–2.2 s and held every other request. The number of statements a report makes no
    longer grows with the class, and each activity row is read once."""
    names = [f"Student {i}" for i in range(30)]
    room, code, tokens = class_of(tmp_path, names)
    rng = random.Random(9)
    rows = [(rng.choice(tokens), rng.choice(["why", "hint", "answer"])) for _ in range(20_000)]
    store = room.store
    with store.saving():
        for i, (token, kind) in enumerate(rows):
            detail = ({"lesson": f"l{i % 7}", "question": f"q{i % 5}", "right": i % 3 == 0, "of": 5}
                      if kind == "answer" else {"concept": "codon"} if kind == "why" else {"move": 0})
            store.add_activity(token, kind, detail)

    statements: list[str] = []
    store.db.set_trace_callback(statements.append)
    try:
        report = class_report(room, code)
    finally:
        store.db.set_trace_callback(None)
    assert len(report["rows"]) == 30
    assert len(statements) <= 5, statements
    by_name = {row["student"]: row for row in report["rows"]}
    for token, name in zip(tokens, names):
        mine = [kind for t, kind in rows if t == token]
        assert by_name[name]["why_opened"] == mine.count("why") and by_name[name]["hints"] == mine.count("hint")
        assert by_name[name]["questions_asked"] == len({(f"l{i % 7}", f"q{i % 5}") for i, (t, k) in enumerate(rows)
                                                        if t == token and k == "answer"})


def test_minutes_run_from_joining_to_the_students_last_move_or_activity(tmp_path):
    """With the record's clock injected: Ana joins at 0 s and moves at 90 s; Ben joins at 30 s and
    opens a Why? at 270 s."""
    now = [1000.0]
    room = Classroom(Store(tmp_path / "classes.sqlite3", clock=lambda: now[0]))
    info = room.create_class("translation", 2, "greedy")
    ana, table, _ = room.join(info.code, "Ana")
    now[0] = 1030.0
    ben, _, _ = room.join(info.code, "Ben")
    now[0] = 1090.0
    mover = table.state.current_player
    room.play(table, mover, table.state.legal_actions()[0].to_json(), 0)
    now[0] = 1270.0
    room.store.add_activity(ben, "why", {"concept": "codon"})
    rows = {row["student"]: row for row in class_report(room, info.code)["rows"]}
    first = "Ana" if mover == 0 else "Ben"
    assert rows[first]["moves"] == 1
    assert rows["Ben"]["minutes"] == 4.0
    assert rows["Ana"]["minutes"] == (1.5 if first == "Ana" else 0.0)
