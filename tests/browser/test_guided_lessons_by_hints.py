"""Issue 35: the guided lessons added for DNA, mutations, hormones and enzymes and the three new
lessons play to their end in the page by following their hints: press "Suggest a move", make the
move it lights up, and so on to "Lesson complete", which offers the next guided lesson and the
lesson page this one belongs to. (tests/unit/test_guided.py plays every guided lesson this way on
CPython; the page is tested on the new ones only, to save time.)"""

from __future__ import annotations

import json
import tomllib

import pytest
from conftest import DIST, ROOT

NEW = ["translation-read-the-other-strand", "translation-change-one-letter", "cytosis-liver-enzyme-and-steroid",
       "cytosis-make-atp-and-spend-it", "cytosis-through-the-membrane", "cytosis-fold-an-enzyme"]


@pytest.mark.parametrize("lesson_id", NEW)
def test_a_new_guided_lesson_plays_to_its_end_by_its_hints(watched, site_url, lesson_id):
    page = watched.page
    lesson = tomllib.loads((ROOT / "lessons" / "guided" / f"{lesson_id}.toml").read_text(encoding="utf-8"))
    built = json.loads((DIST / "lessons" / "guided" / f"{lesson_id}.json").read_text(encoding="utf-8"))
    steps = lesson["steps"]
    page.goto(site_url + f"play/?game={lesson['game']}&lesson={lesson_id}&pace=0")
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    assert page.locator("#lesson-title").inner_text() == lesson["title"]
    for number, step in enumerate(steps, start=1):
        page.wait_for_function(f"document.querySelector('#lesson-progress').textContent === 'Step {number} of {len(steps)}'")
        assert page.locator("#lesson-say").inner_text() == " ".join(step["say"].split())  # what to look at
        page.wait_for_selector("#hint:not([disabled])")  # the computer has moved: the student's turn
        page.click("#hint")
        assert page.locator("#hint-text").inner_text() == " ".join(step["hint"].split())
        page.wait_for_selector(".hinted")
        # The lit-up move has the keyboard focus: Enter makes it, as a keyboard user would.
        assert page.evaluate("document.activeElement.classList.contains('hinted')")
        page.keyboard.press("Enter")
        if number < len(steps):
            page.wait_for_function(f"!document.querySelector('#lesson-progress').textContent.startsWith('Step {number} ')")
            assert page.locator("#lesson-then").inner_text() == " ".join(step["then"].split())
    page.wait_for_function(f"document.querySelector('#lesson-progress').textContent.startsWith('All {len(steps)} steps')")
    assert "Lesson complete" in page.locator("#lesson-say").inner_text()
    assert page.locator("#lesson-then").inner_text() == " ".join(steps[-1]["then"].split())
    # The end offers the next guided lesson in teaching order and this lesson's own page.
    following = page.locator("#lesson-next")
    assert following.is_visible()
    assert following.get_attribute("href") == "../" + built["next"]["href"]
    assert following.inner_text() == f"Next guided lesson: {built['next']['title']}"
    own = page.locator("#lesson-page")
    assert own.get_attribute("href") == f"../lessons/{lesson['lesson']}.html"
    own.click()
    page.wait_for_load_state("load")
    assert page.locator(".play-it-top a.play-it").first.is_visible()  # "Play it" at the top of that page
