"""The class report: one row per student per game, and what the class met and missed.

Everything here is read from the class server's own SQLite record: nothing about students is kept
anywhere else, nor sent anywhere.
"""

from __future__ import annotations

import csv
import io
import time
from collections import Counter

from .classroom import Classroom

COLUMNS = ("student", "table", "game", "seat", "score", "result", "moves", "concepts", "why_opened", "hints",
           "minutes", "lessons_done", "questions_right", "questions_asked")


def _result(table, seat: int) -> str:
    state = table.state
    if state is None:
        return "waiting"
    if state.is_terminal():
        winners = state.winners()
        return ("shared win" if len(winners) > 1 else "won") if seat in winners else "lost"
    return "ended early" if table.row.ended else "playing"


def _first_answers(activity: list[dict]) -> dict[tuple[str, str], dict]:
    """Each question's first answer: a check of understanding counts the first try."""
    first: dict[tuple[str, str], dict] = {}
    for item in activity:
        if item["kind"] == "answer":
            first.setdefault((item["detail"]["lesson"], item["detail"]["question"]), item["detail"])
    return first


def class_report(room: Classroom, code: str) -> dict:
    """``{"rows": [...], "concepts": [[id, students], ...], "missed": [[lesson, question, wrong], ...]}``."""
    store = room.store
    info = room.classes[code]
    activity = store.activity(code)
    rows = []
    met: Counter = Counter()
    missed: Counter = Counter()
    for student in sorted((s for s in store.students() if s["class_code"] == code),
                          key=lambda s: (s["table_id"], s["seat"])):
        token, seat = student["token"], student["seat"]
        table = room.tables[student["table_id"]]
        own = [a for a in activity if a["token"] == token]
        own_moves = [n for n, mover in enumerate(table.movers, start=1) if mover == seat]
        concepts = list(dict.fromkeys(c for n, event in table.log if n in set(own_moves) for c in event.concepts))
        met.update(concepts)
        answers = _first_answers(own)
        for (lesson, question), answer in answers.items():
            if not answer["right"]:
                missed[(lesson, question)] += 1
        lessons = {}
        for (lesson, _question), answer in answers.items():
            lessons.setdefault(lesson, [0, answer.get("of", 0)])[0] += 1
        times = store.move_times(table.id)
        last = max([times[n - 1] for n in own_moves if n - 1 < len(times)] + [a["made"] for a in own]
                   + [store.joined(token) or time.time()])
        rows.append({
            "student": student["name"], "table": table.row.number, "game": info.game, "seat": seat + 1,
            "score": table.state.scores()[seat] if table.state is not None else "",
            "result": _result(table, seat), "moves": len(own_moves), "concepts": " ".join(concepts),
            "why_opened": sum(a["kind"] == "why" for a in own), "hints": sum(a["kind"] == "hint" for a in own),
            "minutes": round((last - (store.joined(token) or last)) / 60, 1),
            "lessons_done": sum(1 for done, of in lessons.values() if of and done >= of),
            "questions_right": sum(bool(a["right"]) for a in answers.values()), "questions_asked": len(answers),
        })
    return {"rows": rows, "concepts": met.most_common(),
            "missed": [[lesson, question, wrong] for (lesson, question), wrong in missed.most_common(10)]}


def report_csv(report: dict) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    writer.writerows(report["rows"])
    return out.getvalue()
