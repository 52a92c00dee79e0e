"""The class report: one row per student per game, and what the class met and missed.

Everything here is read from the class server's own SQLite record: nothing about students is kept
anywhere else, nor sent anywhere.
"""

from __future__ import annotations

import csv
import io
from collections import Counter

from ..core.game import player_name
from ..i18n import pmessage
from .classroom import Classroom

COLUMNS = ("student", "table", "game", "seat", "score", "result", "winner", "moves", "concepts", "why_opened",
           "hints", "minutes", "lessons_done", "questions_right", "questions_asked")
"""The report's column keys, in English whatever the teacher reads: a spreadsheet or a script reads
them by name (:func:`headers` gives their words in a language, for a header row of its own)."""
HEADERS = {
    "student": pmessage("report column", "student"),
    "table": pmessage("report column", "table"),
    "game": pmessage("report column", "game"),
    "seat": pmessage("report column", "seat"),
    "score": pmessage("report column", "score"),
    "result": pmessage("report column", "result"),
    "winner": pmessage("report column", "winner"),
    "moves": pmessage("report column", "moves"),
    "concepts": pmessage("report column", "concepts"),
    "why_opened": pmessage("report column", "Why? opened"),
    "hints": pmessage("report column", "hints"),
    "minutes": pmessage("report column", "minutes"),
    "lessons_done": pmessage("report column", "lessons done"),
    "questions_right": pmessage("report column", "questions right"),
    "questions_asked": pmessage("report column", "questions asked"),
}
RESULTS = {
    "waiting": pmessage("report result", "waiting"),
    "shared win": pmessage("report result", "shared win"),
    "won": pmessage("report result", "won"),
    "lost": pmessage("report result", "lost"),
    "shared win at the bell": pmessage("report result", "shared win at the bell"),
    "won at the bell": pmessage("report result", "won at the bell"),
    "lost at the bell": pmessage("report result", "lost at the bell"),
    "finishing the round": pmessage("report result", "finishing the round after the bell"),
    "ended early": pmessage("report result", "ended early"),
    "playing": pmessage("report result", "playing"),
}
"""A row's ``result`` (kept in English in the report, like the keys) and its words for the teacher."""


def headers() -> list[str]:
    """Each column's header in the current language."""
    return [str(HEADERS[name]) for name in COLUMNS]


def result_words() -> dict[str, str]:
    """Each result in the current language, by its English key."""
    return {key: str(words) for key, words in RESULTS.items()}


def _result(table, seat: int) -> str:
    state = table.state
    if state is None:
        return "waiting"
    if state.is_terminal():
        winners = state.winners()
        result = ("shared win" if len(winners) > 1 else "won") if seat in winners else "lost"
        return f"{result} at the bell" if state.bell_rung else result
    if state.bell_rung:
        return "finishing the round"
    return "ended early" if table.row.ended else "playing"


def _winner(table) -> str:
    """Who won at the table, by name (several on a shared win), in the current language; empty
    while the game goes on."""
    state = table.state
    if state is None or not state.is_terminal():
        return ""
    names = table.shown_names
    return ", ".join(str(names[p]) or str(player_name(p)) for p in state.winners())


def class_report(room: Classroom, code: str) -> dict:
    """``{"rows": [...], "concepts": [[id, students], ...], "missed": [[lesson, question, wrong], ...]}``.

    Read in four statements whatever the class's size (students, activity counted per student and
    kind, each question's first answer, move times per table), each row of the record once: a report
    used to compare every student with every activity row, which held the server for seconds."""
    store = room.store
    info = room.classes[code]
    students = store.students_of(code)
    counts = store.activity_counts(code)
    answers: dict[str, list[dict]] = {}
    for token, answer in store.first_answers(code):
        answers.setdefault(token, []).append(answer)
    move_times = store.move_times(code)
    rows = []
    met: Counter = Counter()
    missed: Counter = Counter()
    for student in students:
        token, seat, joined = student["token"], student["seat"], student["joined"]
        table = room.tables[student["table_id"]]
        own_moves = set(table.credited(seat))
        concepts = list(dict.fromkeys(c for n, event in table.log if n in own_moves for c in event.concepts))
        met.update(concepts)
        mine, done = counts.get(token, {}), answers.get(token, [])
        lessons: dict[str, list[int]] = {}
        for answer in done:
            if not answer["right"]:
                missed[(answer["lesson"], answer["question"])] += 1
            lessons.setdefault(answer["lesson"], [0, answer.get("of", 0)])[0] += 1
        times = move_times.get(table.id, [])
        last = max([times[n - 1] for n in own_moves if n - 1 < len(times)]
                   + [when for _count, when in mine.values()] + [joined])
        rows.append({
            "student": student["name"], "table": table.row.number, "game": info.game, "seat": seat + 1,
            "score": table.state.scores()[seat] if table.state is not None else "",
            "result": _result(table, seat), "winner": _winner(table), "moves": len(own_moves), "concepts": " ".join(concepts),
            "why_opened": mine.get("why", (0, 0))[0], "hints": mine.get("hint", (0, 0))[0],
            "minutes": round((last - joined) / 60, 1),
            "lessons_done": sum(1 for done_, of in lessons.values() if of and done_ >= of),
            "questions_right": sum(bool(a["right"]) for a in done), "questions_asked": len(done),
        })
    return {"rows": rows, "concepts": met.most_common(),
            "missed": [[lesson, question, wrong] for (lesson, question), wrong in missed.most_common(10)]}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet runs a cell that begins with one of these as a formula (OWASP's CSV injection)."""


def _as_text(value: object) -> object:
    """A text cell that a spreadsheet would run is prefixed with a single quote (OWASP's rule); numbers
    are left as numbers (a negative score is a number, not a formula)."""
    return "'" + value if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value


def report_csv(report: dict, translated: list[str] | None = None) -> str:
    """The report as CSV: the English column keys first (what spreadsheets and scripts read), then,
    when ``translated`` is given, a row of the headers in the teacher's language."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    if translated is not None:
        writer.writerow({name: _as_text(words) for name, words in zip(COLUMNS, translated)})
    writer.writerows({name: _as_text(value) for name, value in row.items()} for row in report["rows"])
    return out.getvalue()
