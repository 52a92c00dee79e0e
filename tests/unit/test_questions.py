"""Issue 31, check yourself: every lesson ends with 3–5 questions from lessons/questions/<slug>.toml,
each with exactly one right answer, feedback and a concept that exists (py/sitegen/questions.py)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("jinja2")
pytest.importorskip("markdown_it")

from sitegen.lessons import LessonError, build_lessons, load_concepts  # noqa: E402
from sitegen.questions import load_questions, shuffled_order  # noqa: E402
from sitegen.site import environment  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LESSON_SLUGS = sorted(p.stem for p in (ROOT / "lessons").glob("*.md"))


def _questions(slug: str) -> list[dict]:
    path = ROOT / "lessons" / "questions" / f"{slug}.toml"
    assert path.exists(), f"lessons/{slug}.md has no questions file lessons/questions/{slug}.toml"
    return tomllib.loads(path.read_text(encoding="utf-8"))["question"]


@pytest.mark.parametrize("slug", LESSON_SLUGS)
def test_every_lesson_has_three_to_five_questions_with_one_right_answer_and_a_real_concept(slug):
    concepts = load_concepts(ROOT)
    questions = _questions(slug)
    assert 3 <= len(questions) <= 5, f"{slug}: {len(questions)} questions"
    for q in questions:
        assert q["kind"] in ("choice", "order"), q["id"]
        # Distinct choices: one index (or one order) is the only right answer.
        assert len(set(q["choices"])) == len(q["choices"]) >= 2, q["id"]
        if q["kind"] == "choice":
            assert isinstance(q["answer"], int) and 0 <= q["answer"] < len(q["choices"]), q["id"]
        else:
            assert "answer" not in q, q["id"]
        assert q["concept"] in concepts, f"{slug}/{q['id']}: unknown concept {q['concept']!r}"
        assert q["explain"].strip() and q["prompt"].strip(), q["id"]
    ids = [q["id"] for q in questions]
    assert len(ids) == len(set(ids)), f"{slug}: repeated question ids"


def test_the_right_answer_is_not_always_in_the_same_place():
    """A student who always picks the same letter must not score well."""
    places = [q["answer"] for slug in LESSON_SLUGS for q in _questions(slug) if q["kind"] == "choice"]
    most = max(places.count(i) for i in set(places))
    assert most / len(places) < 0.5, places


@pytest.mark.parametrize("slug", LESSON_SLUGS)
def test_the_keys_of_a_lessons_questions_are_spread_over_the_choices(slug):
    """Issue 43: every key was the first choice in energy-atp, membranes-and-transport and
    chain-to-protein, so a student learned to pick the first. Within a lesson no position holds more
    keys than an even spread allows (4 questions of 4 choices: one key in each place). The page also
    shuffles each student's choices (static/js/check-yourself.js); this keeps the page fair without it."""
    choice = [q for q in _questions(slug) if q["kind"] == "choice"]
    if len(choice) < 2:
        return
    width = max(len(q["choices"]) for q in choice)
    places = [q["answer"] for q in choice]
    fair = -(-len(places) // width)  # ceiling: as even as the count allows
    assert max(places.count(i) for i in set(places)) <= fair, (slug, places)


def test_order_questions_are_shown_shuffled_the_same_way_at_every_build():
    for slug in LESSON_SLUGS:
        for q in _questions(slug):
            if q["kind"] != "order":
                continue
            shown = shuffled_order(slug, q)
            assert sorted(shown) == list(range(len(q["choices"])))
            assert shown != sorted(shown), f"{slug}/{q['id']} would be shown already in order"
            assert shuffled_order(slug, q) == shown


def test_every_lesson_page_ends_with_its_questions_linking_their_concepts(tmp_path):
    build_lessons(ROOT, tmp_path, environment(ROOT))
    for slug in LESSON_SLUGS:
        html = (tmp_path / "lessons" / f"{slug}.html").read_text(encoding="utf-8")
        section = html[html.index('<section class="check-yourself"'):]
        section = section[:section.index("</section>")]
        items = re.split(r'(?=<li class="question")', section)[1:]
        assert len(items) == len(_questions(slug))
        assert html.index('class="check-yourself"') > html.index("<h1"), "questions come after the lesson"
        assert 'src="../static/js/check-yourself.js"' in html
        for item, q in zip(items, _questions(slug)):
            assert f'data-question="{q["id"]}"' in item
            if q["kind"] == "choice":
                assert item.count("data-right") == 1
            else:
                assert sorted(map(int, re.findall(r'data-rank="(\d+)"', item))) == list(range(len(q["choices"])))
            assert 'role="status"' in item and 'aria-live="polite"' in item
            href = re.search(r'class="read-more">Read more: <a href="([^"]+)"', item).group(1)
            page, _, anchor = href.partition("#")
            target = (tmp_path / "lessons" / page) if page else tmp_path / "lessons" / f"{slug}.html"
            assert f'id="{anchor}"' in target.read_text(encoding="utf-8"), f"{slug}/{q['id']}: {href}"
    rules = (tmp_path / "lessons" / "rules" / "translation.html").read_text(encoding="utf-8")
    assert "check-yourself" not in rules  # rules pages have no questions


GOOD = '''[[question]]
id = "one"
kind = "choice"
prompt = "How many codons?"
choices = ["20", "64"]
answer = 1
concept = "codon"
explain = "Four bases, three places."
'''


@pytest.mark.parametrize(("text", "message"), [
    (GOOD.replace("answer = 1", "answer = 2"), "answer must be the index (0 to 1)"),
    (GOOD.replace("answer = 1\n", ""), "answer must be the index"),
    (GOOD.replace('"codon"', '"no-such-idea"'), "concept 'no-such-idea' is not in lessons/concepts.toml"),
    (GOOD.replace('kind = "choice"', 'kind = "match"'), 'kind must be "choice" or "order"'),
    (GOOD.replace('["20", "64"]', '["64", "64"]'), "choices must all differ"),
    (GOOD.replace('["20", "64"]', '["64"]'), "at least two"),
    (GOOD.replace('explain = "Four bases, three places."', ""), "needs explain"),
    (GOOD.replace('kind = "choice"', 'kind = "order"'), "an order question has no answer"),
    (GOOD + GOOD, "question id(s) 'one' used more than once"),
    (GOOD.replace("prompt =", "promt = 'x'\nprompt ="), "unknown field(s) promt"),
    (GOOD.replace("[[question]]", "[question"), "not valid TOML"),
    ("title = 'x'\n", "only [[question]] tables belong here"),
])
def test_a_malformed_questions_file_stops_the_build_with_a_clear_message(tmp_path, text, message):
    folder = tmp_path / "lessons" / "questions"
    folder.mkdir(parents=True)
    (folder / "page.toml").write_text(text, encoding="utf-8")
    with pytest.raises(LessonError, match=re.escape(message)) as caught:
        load_questions(tmp_path, {"codon": {}}, {"page"})
    assert "page.toml" in str(caught.value)


def test_questions_for_a_lesson_that_does_not_exist_stop_the_build(tmp_path):
    folder = tmp_path / "lessons" / "questions"
    folder.mkdir(parents=True)
    (folder / "nowhere.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(LessonError, match="no lesson lessons/nowhere.md"):
        load_questions(tmp_path, {"codon": {}}, {"page"})
