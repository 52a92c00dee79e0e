"""Issue 31, check yourself: on every lesson page each question answered gives feedback that says
right or not, explains and links its concept; an order question is put in order with the keyboard;
answers stay on the device and each one is announced as a `biocards:answer` event."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from conftest import watching

ROOT = Path(__file__).resolve().parents[2]
LESSONS = sorted(p.stem for p in (ROOT / "lessons").glob("*.md"))
LISTEN = """() => { window.answers = [];
  document.addEventListener('biocards:answer', e => window.answers.push(e.detail)); }"""


def put_in_order(question):
    """Press the ↑ buttons from the keyboard until the items stand in their right order."""
    items = question.locator(".order-list > li")
    for place in range(items.count()):
        item = question.locator(f'.order-list > li[data-rank="{place}"]')
        while int(question.locator(".order-list > li").nth(place).get_attribute("data-rank")) != place:
            item.locator(".move-up").focus()
            item.page.keyboard.press("Enter")


def answer_right(question):
    if question.get_attribute("data-kind") == "choice":
        question.locator("input[data-right]").check()
    else:
        put_in_order(question)
    question.locator("button.check").click()


@pytest.mark.parametrize("slug", LESSONS)
def test_every_question_of_a_lesson_gives_feedback_right_and_wrong(page, site_url, slug):
    page.goto(f"{site_url}lessons/{slug}.html")
    page.evaluate(LISTEN)
    questions = page.locator("[data-question]")
    assert 3 <= questions.count() <= 5
    for i in range(questions.count()):
        q = questions.nth(i)
        answer_right(q)
        feedback = q.locator(".feedback")
        assert feedback.get_attribute("aria-live") == "polite"
        assert feedback.inner_text().startswith("Right.")
        link = feedback.locator("a")
        assert link.count() == 1 and link.inner_text()
        # The link leads to an anchor that exists on its page.
        href = link.get_attribute("href")
        assert "#" in href
    events = page.evaluate("window.answers")
    assert [e["question"] for e in events] == [questions.nth(i).get_attribute("data-question")
                                               for i in range(questions.count())]
    assert all(e["right"] is True and e["lesson"] == slug for e in events)

    # A wrong answer says so and gives the right one, with the same explanation.
    first = page.locator('[data-question][data-kind="choice"]').first
    first.locator("input:not([data-right])").first.check()
    first.locator("button.check").click()
    text = first.locator(".feedback").inner_text()
    assert text.startswith("Not quite.") and "The answer is" in text
    right_text = first.locator("input[data-right]").locator("xpath=..").inner_text().strip()
    assert right_text in text
    assert page.evaluate("window.answers")[-1] == {"lesson": slug, "question": first.get_attribute("data-question"),
                                                   "right": False}


SEED = "biocards:choice-seed"


def shown_orders(page):
    """Each question's choices as this page shows them: a choice's value (its place in the lesson
    file) top to bottom, or an order item's right place."""
    return page.locator("[data-question]").evaluate_all("""qs => qs.map(q => q.dataset.kind === 'choice'
        ? [...q.querySelectorAll('input[type=radio]')].map(i => Number(i.value))
        : [...q.querySelectorAll('.order-list > li')].map(li => Number(li.dataset.rank)))""")


def test_each_device_shows_the_choices_in_its_own_order_and_a_reload_keeps_it(browser, page, site_url):
    """Issue 43: every key was the first choice in energy-atp and choices were never shuffled, so a
    student learned to pick the first. Each device now has its own order (a seed kept on the device)."""
    url = f"{site_url}lessons/energy-atp.html"
    page.goto(url)
    first = shown_orders(page)
    seed = page.evaluate(f"localStorage.getItem('{SEED}')")
    assert seed and seed.isdigit()
    page.reload()
    assert shown_orders(page) == first  # a reload shows the same order
    assert page.evaluate(f"localStorage.getItem('{SEED}')") == seed

    orders = {}
    for device in ("1", "2"):
        with watching(browser) as other:
            other.page.add_init_script(f"localStorage.setItem('{SEED}', '{device}')")
            other.page.goto(url)
            orders[device] = shown_orders(other.page)
    assert orders["1"] != orders["2"]  # two devices, two orders
    for shown in orders.values():
        assert all(sorted(order) == list(range(len(order))) for order in shown)  # nothing lost or doubled
        assert any(order != sorted(order) for order in shown)  # not the file's order
    # The right place of each key, over both devices, is not always the first.
    data = tomllib.loads((ROOT / "lessons" / "questions" / "energy-atp.toml").read_text(encoding="utf-8"))
    keys = [q.get("answer") for q in data["question"]]
    places = {order.index(key) for shown in orders.values() for order, key in zip(shown, keys) if key is not None}
    assert len(places) > 1


def test_shuffled_choices_give_the_same_feedback_and_store_the_files_answer(browser, site_url):
    with watching(browser) as device:
        page = device.page
        page.add_init_script(f"localStorage.setItem('{SEED}', '7')")
        page.goto(f"{site_url}lessons/energy-atp.html")
        page.evaluate(LISTEN)
        q = page.locator('[data-question="respiration-yield"]')
        values = [int(v) for v in q.locator("input[type=radio]").evaluate_all("els => els.map(e => e.value)")]
        assert values != sorted(values)  # shown in this device's order, not the file's
        # The file's key is "About 30, against 2"; pick a wrong choice first.
        wrong = q.locator("label.choice", has_text="About 6, against 1")
        wrong.locator("input").check()
        q.locator("button.check").click()
        text = q.locator(".feedback").inner_text()
        assert text.startswith("Not quite.") and "The answer is “About 30, against 2”" in text
        q.locator("label.choice", has_text="About 30, against 2").locator("input").check()
        q.locator("button.check").click()
        assert q.locator(".feedback").inner_text().startswith("Right.")
        stored = page.evaluate("JSON.parse(localStorage.getItem('biocards:answers'))")["energy-atp"]["respiration-yield"]
        data = tomllib.loads((ROOT / "lessons" / "questions" / "energy-atp.toml").read_text(encoding="utf-8"))
        key = next(x for x in data["question"] if x["id"] == "respiration-yield")["answer"]
        assert stored["answer"] == key and stored["right"] is True
        assert page.evaluate("window.answers")[-1] == {"lesson": "energy-atp", "question": "respiration-yield",
                                                       "right": True}


def test_a_concept_link_in_the_feedback_lands_on_its_heading(page, site_url):
    page.goto(f"{site_url}lessons/mutations.html")
    q = page.locator('[data-question="tgg-to-tag"]')
    answer_right(q)
    q.locator(".feedback a").click()
    assert page.url.endswith("#what-a-substitution-does")
    assert page.locator("#what-a-substitution-does").is_visible()


def test_answers_stay_on_the_device_and_come_back_without_being_announced_again(page, site_url):
    page.goto(f"{site_url}lessons/genetic-code.html")
    choice = page.locator('[data-question="how-many-codons"]')
    choice.locator('input[value="0"]').check()  # 20: wrong
    choice.locator("button.check").click()
    order = page.locator('[data-question="ribosome-steps"]')
    answer_right(order)
    stored = page.evaluate("JSON.parse(localStorage.getItem('biocards:answers'))")
    assert stored["genetic-code"]["how-many-codons"]["right"] is False
    assert stored["genetic-code"]["ribosome-steps"]["right"] is True

    page.reload()
    page.evaluate(LISTEN)
    choice = page.locator('[data-question="how-many-codons"]')
    assert choice.locator('input[value="0"]').is_checked()
    assert choice.locator(".feedback").inner_text().startswith("Not quite.")
    order = page.locator('[data-question="ribosome-steps"]')
    ranks = [int(r) for r in order.locator(".order-list > li").evaluate_all("els => els.map(e => e.dataset.rank)")]
    assert ranks == sorted(ranks)
    assert order.locator(".feedback").inner_text().startswith("Right.")
    assert page.evaluate("window.answers") == []

    # Trying again counts the tries and keeps whether the first try was right.
    choice.locator("input[data-right]").check()
    choice.locator("button.check").click()
    record = page.evaluate("JSON.parse(localStorage.getItem('biocards:answers'))")["genetic-code"]["how-many-codons"]
    assert record == {"right": True, "answer": 2, "tries": 2, "firstRight": False}
    assert page.evaluate("window.answers") == [{"lesson": "genetic-code", "question": "how-many-codons", "right": True}]


def test_check_without_a_choice_asks_for_one_and_announces_nothing(page, site_url):
    page.goto(f"{site_url}lessons/amino-acids.html")
    page.evaluate(LISTEN)
    q = page.locator("[data-question]").first
    q.locator("button.check").click()
    assert q.locator(".feedback").inner_text() == "Choose an answer first."
    assert page.evaluate("window.answers") == []


def test_the_top_item_cannot_move_up_and_focus_stays_on_the_moved_item(page, site_url):
    page.goto(f"{site_url}lessons/cell-organelles.html")
    q = page.locator('[data-question="hormone-journey"]')
    items = q.locator(".order-list > li")
    assert items.first.locator(".move-up").is_disabled()
    assert items.last.locator(".move-down").is_disabled()
    second = items.nth(1)
    text = second.locator(".order-text").inner_text()
    second.locator(".move-up").focus()
    page.keyboard.press("Enter")
    assert items.first.locator(".order-text").inner_text() == text
    # At the top its ↑ is disabled, so the keyboard is on its ↓.
    assert page.evaluate("document.activeElement.className") == "move-down"
    assert text in page.evaluate("document.activeElement.getAttribute('aria-label')")


@pytest.fixture
def axe_page(browser):
    """A watched page whose context lets the test inject axe-core (as in test_screens_a11y)."""
    from conftest import Watched

    context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block", bypass_csp=True)
    page = context.new_page()
    watched = Watched(page)
    yield page
    context.close()
    assert not watched.problems, "\n".join(watched.problems)


def test_answered_questions_have_no_axe_violations_on_a_phone(axe_page, site_url):
    from test_screens_a11y import axe_violations

    axe_page.goto(f"{site_url}lessons/cell-organelles.html")
    choice = axe_page.locator('[data-question][data-kind="choice"]').first
    choice.locator("input:not([data-right])").first.check()
    choice.locator("button.check").click()
    answer_right(axe_page.locator('[data-kind="order"]').first)
    assert axe_page.locator(".feedback:not(:empty)").count() == 2
    assert axe_violations(axe_page) == []
