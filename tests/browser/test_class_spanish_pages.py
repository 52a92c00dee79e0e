"""Issue 39: the teacher's and the join page in Spanish. Their scripts read the words they write
from the Spanish catalog (locale/es/scripts.json, through static/js/translate.mjs), and the class
server answers them in Spanish (their ``lang``): the join page's refusals, the teacher's class card,
tables and report. A page's language is its <html lang>: the Spanish pages (/es/teacher/, /es/join/)
when the site has them, else the English pages served with lang="es", which is all the scripts read.
The template's own words are the site's catalog's business, and the games' titles their own: this
looks at what the scripts and the server write."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from spanish import english_sentences
from test_class_play import people, server  # noqa: F401 - fixtures
from conftest import DIST


def spanish_page(page, server, path: str) -> str:
    """The address of ``path``'s Spanish page, or of the English one read as Spanish."""
    if (DIST / "es" / path / "index.html").exists():
        return f"{server.url}es/{path}/"

    def as_spanish(route):
        answer = route.fetch()
        route.fulfill(response=answer, body=answer.text().replace('<html lang="en"', '<html lang="es"', 1))

    page.route(f"**/{path}/**", as_spanish)
    return f"{server.url}{path}/"


def test_the_teacher_and_a_student_work_a_class_in_spanish(server, people):  # noqa: F811
    teacher, student = people(), people()
    teacher.goto(spanish_page(teacher, server, "teacher") + f"?key={server.key}")
    expect(teacher.locator("#class-game option")).not_to_have_count(0)
    teacher.select_option("#class-size", "2")
    teacher.click("#create-class")
    expect(teacher.locator("#teacher-message")).to_contain_text("Clase creada: el código para unirse es")
    code = teacher.locator("#join-code").text_content().strip()
    title = teacher.locator("[data-title]").first
    expect(title).to_contain_text("2 por mesa, computadoras buenas")
    expect(teacher.locator(".class-tables tbody").first).to_have_text("Todavía no se ha unido ningún estudiante.")

    student.goto(spanish_page(student, server, "join"))
    student.fill("#class-code", "ZZZZZ")
    student.fill("#student-name", "Ana")
    student.click("#join")
    expect(student.locator("#join-message")).to_have_text("Ninguna clase tiene ese código: revísalo con tu docente.")
    student.fill("#class-code", code)
    student.fill("#student-name", "Computadora")
    student.click("#join")
    expect(student.locator("#join-message")).to_contain_text("Elige tu propio nombre: “Computadora”")
    student.fill("#student-name", "Ana")
    student.click("#join")
    student.wait_for_url("**/play/?class=*")

    tables = teacher.locator(".class-tables tbody").first
    expect(tables).to_contain_text("Ana")
    expect(tables).to_contain_text("Mesa 1")
    expect(tables).to_contain_text("lugar vacío")
    expect(tables).to_contain_text("Esperando jugadores")
    written = [teacher.locator("#teacher-message").text_content(), tables.text_content(),
               re.sub(r"^.*?, ", "", title.text_content())]  # the game's title is its own catalog's
    teacher.click("[data-show-report]")
    report = teacher.locator("table.report")
    expect(report.locator("thead")).to_contain_text("estudiante")
    written += [report.locator("thead").text_content(), *teacher.locator("[data-report] p").all_text_contents()]
    assert not english_sentences(written), written
    csv_link = teacher.locator("#report-csv").get_attribute("href")
    assert csv_link.endswith("&lang=es"), csv_link  # the English keys, then the headers in Spanish
