"""Issue 42, "Teachers on a school server", in Chromium: the administrator's page lists the school's
teachers, adds one (showing their link once) and removes one; the teacher's page opened with that
link shows only their own classes, the administrator's page shows theirs with their name as they
are made (pushed by the pages' sockets, not polled), and a removed teacher's open page is told at
once that its link no longer opens the server."""

from __future__ import annotations

from test_class_play import people, server  # noqa: F401 - fixtures


def test_the_administrator_adds_and_removes_a_teacher_from_the_page(server, people):  # noqa: F811
    admin = people()
    admin.goto(server.teacher_url)
    admin.wait_for_selector("#teachers li:has-text('No teachers yet')")
    admin.get_by_label("Teacher's name").fill("Ms Rivera")
    admin.locator("#teachers button", has_text="Add a teacher").click()
    link = admin.locator("#teachers input[readonly]")
    link.wait_for()
    assert link.input_value().startswith(server.url + "teacher/?key=")
    admin.wait_for_selector("#teachers li:has-text('Ms Rivera')")

    rivera = people()
    rivera.goto(link.input_value())
    rivera.wait_for_selector("#teacher-whose:has-text(\"Ms Rivera's classes\")")
    rivera.select_option("#class-game", "translation")
    rivera.click("#create-class")
    code = rivera.locator("#join-code").text_content(timeout=30_000).strip()
    card = admin.locator(f".class-card[data-class='{code}']")
    card.locator("h2:has-text(\"Ms Rivera's class\")").wait_for()

    admin.once("dialog", lambda dialog: dialog.accept())
    admin.locator("#teachers li", has_text="Ms Rivera").locator("button").click()
    admin.wait_for_selector("#teachers li:has-text('Ms Rivera')", state="detached")
    card.locator("h2:has-text(\"the administrator's class\")").wait_for()
    # Her open page is told by its socket, asking nothing, and shows her former class no more.
    rivera.wait_for_selector("#teacher-message:has-text('no longer opens this class server')")
    assert rivera.locator(".class-card").count() == 0


def test_a_teacher_page_whose_socket_says_nothing_still_works_over_http(server, people):  # noqa: F811
    """A proxy that takes the socket's upgrade and passes no frame: the page asks the API instead,
    so its buttons and its list keep working."""
    teacher = people()
    teacher.route_web_socket("**/ws/teacher", lambda ws: None)  # opened, never connected to the server
    # The page's timers run on the test's clock (Playwright's fake timers), so its wait for a silent
    # socket and its next look over HTTP (5 s each) pass when the test says, not in real time.
    teacher.clock.install()
    teacher.goto(server.teacher_url)
    teacher.wait_for_selector("#create-class")
    teacher.clock.run_for(5_000)  # the socket's silence noticed: the page asks over HTTP from now on
    teacher.select_option("#class-game", "translation")
    teacher.select_option("#class-size", "2")
    teacher.click("#create-class")
    code = teacher.locator("#join-code").text_content(timeout=30_000).strip()
    student = people()
    student.goto(server.url + "join/")
    student.fill("#class-code", code)
    student.fill("#student-name", "Ana")
    student.click("#join")
    student.wait_for_url("**/play/?class=*")
    teacher.clock.run_for(5_000)  # its next look over HTTP
    teacher.wait_for_selector("[data-table] li:has-text('Ana')", timeout=30_000)
