"""Check-yourself questions: ``lessons/questions/<lesson-slug>.toml`` → the end of each lesson page.

A file holds ``[[question]]`` tables with ``id`` (unique in the file), ``kind`` ("choice" or
"order"), ``prompt``, ``choices`` (strings), ``answer`` (the right choice's index, for "choice"
only; an "order" question lists its choices in the right order), ``concept`` (an id in
``lessons/concepts.toml``) and ``explain`` (the feedback, shown after any answer). The build stops
with a message naming the file and the question when a file breaks these rules.
"""

from __future__ import annotations

import hashlib
import random
import re
import tomllib
from pathlib import Path

from .lessons import LessonError

KINDS = ("choice", "order")
FIELDS = {"id", "kind", "prompt", "choices", "answer", "concept", "explain"}
QUESTION_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")


def _fail(path: Path, where: str, message: str) -> None:
    raise LessonError(f"{path}: {where}: {message}")


def check_question(path: Path, number: int, q: object, concepts: dict) -> dict:
    """One ``[[question]]`` table, checked; returns it with ``answer`` None for an order question."""
    where = f"question {number}"
    if not isinstance(q, dict):
        _fail(path, where, "each question is a [[question]] table")
    if isinstance(q.get("id"), str):
        where = f"question {number} ({q['id']!r})"
    unknown = sorted(set(q) - FIELDS)
    if unknown:
        _fail(path, where, f"unknown field(s) {', '.join(unknown)}; a question has {', '.join(sorted(FIELDS))}")
    for key in ("id", "kind", "prompt", "concept", "explain"):
        if not isinstance(q.get(key), str) or not q[key].strip():
            _fail(path, where, f"needs {key} = \"…\" (a non-empty string)")
    if not QUESTION_ID.match(q["id"]):
        _fail(path, where, "id must be kebab-case (lower-case words joined by hyphens)")
    if q["kind"] not in KINDS:
        _fail(path, where, f"kind must be \"choice\" or \"order\", not {q['kind']!r}")
    choices = q.get("choices")
    if (not isinstance(choices, list) or len(choices) < 2
            or not all(isinstance(c, str) and c.strip() for c in choices)):
        _fail(path, where, "choices must be a list of at least two non-empty strings")
    if len(set(choices)) != len(choices):
        # Two equal choices would make two right answers (or two right orders) look the same.
        _fail(path, where, "choices must all differ, so exactly one answer is right")
    if q["kind"] == "choice":
        answer = q.get("answer")
        if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer < len(choices):
            _fail(path, where, f"answer must be the index (0 to {len(choices) - 1}) of the right choice")
    elif "answer" in q:
        _fail(path, where, "an order question has no answer: list its choices in the right order")
    if q["concept"] not in concepts:
        _fail(path, where, f"concept {q['concept']!r} is not in lessons/concepts.toml")
    return {**q, "answer": q.get("answer")}


def load_questions(root: Path, concepts: dict, lessons: set[str], lang: str = "en") -> dict[str, list[dict]]:
    """Every ``lessons/questions/<slug>.toml`` (a language's: ``lessons/<lang>/questions/``), checked,
    by lesson slug (a slug in ``lessons``)."""
    from .localized import prose_dir

    out: dict[str, list[dict]] = {}
    for path in sorted((prose_dir(root, lang) / "questions").glob("*.toml")):
        if path.stem not in lessons:
            raise LessonError(f"{path}: there is no lesson lessons/{path.stem}.md for these questions")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise LessonError(f"{path}: not valid TOML: {exc}") from None
        unknown = sorted(set(data) - {"question"})
        if unknown:
            raise LessonError(f"{path}: only [[question]] tables belong here, not {', '.join(unknown)}")
        listed = data.get("question")
        if not isinstance(listed, list) or not listed:
            raise LessonError(f"{path}: no [[question]] tables")
        questions = [check_question(path, n, q, concepts) for n, q in enumerate(listed, start=1)]
        ids = [q["id"] for q in questions]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        if repeated:
            raise LessonError(f"{path}: question id(s) {', '.join(map(repr, repeated))} used more than once")
        out[path.stem] = questions
    return out


def shuffled_order(lesson: str, question: dict) -> list[int]:
    """The order an "order" question's choices are shown in: indices into ``choices``.

    Seeded by the lesson and question id, so the page is the same at every build, and never the
    right order itself (that would give the answer away)."""
    n = len(question["choices"])
    seed = int.from_bytes(hashlib.sha256(f"{lesson}/{question['id']}".encode()).digest()[:8], "big")
    order = list(range(n))
    random.Random(seed).shuffle(order)
    if order == sorted(order):
        order = order[1:] + order[:1]
    return order


def for_page(lesson: str, questions: list[dict], index: dict[str, dict], root_rel: str, prefix: str = "") -> list[dict]:
    """What the lesson template draws: each question with its concept's title and link (just the
    anchor when the concept is explained on this page), and an order question's choices in their
    shown order with their right places. ``prefix`` is the page's language folder ("es/")."""
    out = []
    for q in questions:
        concept = index[q["concept"]]
        page, _, anchor = concept["url"].partition("#")
        href = f"#{anchor}" if page == f"{prefix}lessons/{lesson}.html" else root_rel + concept["url"]
        item = {"id": q["id"], "kind": q["kind"], "prompt": q["prompt"], "explain": q["explain"],
                "concept_id": q["concept"], "concept_title": concept["title"], "concept_href": href}
        if q["kind"] == "choice":
            item["choices"] = [{"text": c, "right": i == q["answer"]} for i, c in enumerate(q["choices"])]
        else:
            item["choices"] = [{"text": q["choices"][i], "rank": i} for i in shuffled_order(lesson, q)]
        out.append(item)
    return out
