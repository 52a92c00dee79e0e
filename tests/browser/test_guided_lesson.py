"""A guided lesson in the page: a prepared Translation position, played one taught move at a time."""

from table_page import log_length

LESSON = "play/?game=translation&lesson=first-codons&pace=0"
SERINE = """[data-action='{"code":"S","kind":"translate"}']"""
ISOLEUCINE = """[data-action='{"code":"I","kind":"translate"}']"""
WATER = """[data-action='{"card":"toggle-water","kind":"play"}']"""


def test_the_lessons_page_links_the_guided_lesson(watched, site_url):
    page = watched.page
    page.goto(site_url + "lessons/index.html")
    page.get_by_role("link", name="Your first codons").click()
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#lesson-progress").inner_text() == "Step 1 of 3"


def test_a_student_follows_the_steps_and_a_wrong_move_is_explained_not_played(watched, site_url):
    page = watched.page
    page.goto(site_url + LESSON)
    page.wait_for_selector("html[data-state=ready]")
    assert "5' end" in page.locator("#lesson-then").inner_text()  # the introduction
    assert "C A T C G" in page.locator("#lesson-say").inner_text()
    assert page.locator("#table svg desc").text_content()  # the prepared table is there

    # A different legal move (buying a card) is refused with the step's hint; nothing changes.
    before = log_length(page)
    page.locator("#table [data-action*='buy']").first.click()  # a market card
    assert "Not that move yet" in page.locator("#lesson-note").inner_text()
    assert log_length(page) == before

    # Step 1 by mouse: translate Serine.
    page.locator(SERINE).click()
    page.wait_for_function("document.querySelector('#lesson-progress').textContent === 'Step 2 of 3'")
    assert "TCG" in page.locator("#lesson-then").inner_text()
    assert "Serine" in page.locator("#log").inner_text()

    # Step 2 by keyboard: focus the Toggle Water card and press Enter.
    page.locator(WATER).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#lesson-progress').textContent === 'Step 3 of 3'")
    assert "hydrophobic" in page.locator("#lesson-then").inner_text().lower()

    page.locator(ISOLEUCINE).click()
    page.wait_for_function("document.querySelector('#lesson-progress').textContent.startsWith('All 3 steps')")
    assert "Lesson complete" in page.locator("#lesson-say").inner_text()
    # The end offers the next guided lesson in teaching order and the lesson page this one belongs to.
    assert page.locator("#lesson-next").is_visible()
    assert page.locator("#lesson-next").get_attribute("href") == "../play/?game=peptide&lesson=peptide-first-link"
    assert page.locator("#lesson-page").inner_text() == "Read the lesson: The genetic code"
    assert page.locator("#lesson-page").get_attribute("href") == "../lessons/genetic-code.html"

    # Nothing lost on reload: the lesson resumes where it was, with its log.
    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#lesson-progress").inner_text().startswith("All 3 steps")
    assert "Isoleucine" in page.locator("#log").inner_text()


def test_an_unknown_lesson_gets_a_message_not_a_blank_table(watched, site_url):
    page = watched.page
    page.goto(site_url + "play/?game=translation&lesson=no-such-lesson")
    page.wait_for_selector("html[data-state=error]")
    assert "no guided lesson called 'no-such-lesson'" in page.locator("#error").inner_text()


def test_in_a_guided_lesson_the_hint_is_the_steps_own_hint_and_take_back_stops_at_the_prepared_start(watched, site_url):
    """Issue 15: in a guided lesson "Suggest a move" gives the step's own hint; a take-back never
    goes behind the prepared position, nor across a move that turned up a new card."""
    page = watched.page
    page.goto(site_url + LESSON)
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("#undo").is_disabled()
    page.click("#hint")
    assert page.locator("#hint-text").inner_text() == "Look for T C followed by any base: that is Serine's codon TCN."
    page.locator(SERINE).click()
    page.wait_for_function("document.querySelector('#lesson-progress').textContent === 'Step 2 of 3'")
    page.wait_for_function("document.getElementById('undo-why').textContent.includes('revealed')")
    assert page.locator("#undo").is_disabled()
