"""Issue 31, For teachers: every page exists in the built site, every link on it answers and every
anchor it names exists, axe finds no violation, the header reaches it from any page, and it prints
without the site's header."""

from __future__ import annotations

from urllib.parse import urldefrag, urljoin

import pytest
from test_screens_a11y import axe_violations, page  # noqa: F401  (page: a context that may inject axe)

from biocards import games

PAGES = ["index"] + [g.id for g in games.all()]


@pytest.mark.parametrize("name", PAGES)
def test_a_for_teachers_page_has_no_axe_violations_and_every_link_resolves(page, site_url, name):  # noqa: F811
    url = f"{site_url}teachers/{name}.html"
    response = page.goto(url)
    assert response.status == 200
    assert page.locator("h1").count() == 1
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: wide tables scroll in their own box
    page.reload()
    assert axe_violations(page) == []
    hrefs = page.locator("main a[href]").evaluate_all("els => els.map(a => a.getAttribute('href'))")
    assert hrefs
    checked: dict[str, str] = {}
    for href in hrefs:
        target, fragment = urldefrag(urljoin(url, href))
        assert target.startswith(site_url), f"{href} leaves the site"
        if target not in checked:
            answer = page.request.get(target)
            assert answer.status == 200, f"{name}: {href} answers {answer.status}"
            checked[target] = answer.text()
        if fragment:
            assert f'id="{fragment}"' in checked[target], f"{name}: {href}: no #{fragment} there"


def test_the_header_leads_to_for_teachers_from_the_landing_page_and_a_lesson(page, site_url):  # noqa: F811
    for start in ("index.html", "lessons/mutations.html"):
        page.goto(site_url + start)
        page.locator(".site-header nav a", has_text="For teachers").click()
        page.wait_for_url("**/teachers/index.html")
        assert page.locator("h1").inner_text() == "For teachers"
    page.locator("main a", has_text="Cytosis").first.click()
    page.wait_for_url("**/teachers/cytosis.html")
    assert page.locator("#plan").is_visible()


def test_a_for_teachers_page_prints_without_the_site_header_or_play_links(page, site_url):  # noqa: F811
    page.goto(f"{site_url}teachers/translation.html")
    assert page.locator(".site-header").is_visible()
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator("table.times a").first.is_visible()
    assert page.locator("#plan").is_visible() and page.locator("#misconceptions").is_visible()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")


@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_the_worksheet_and_exit_ticket_print_on_one_page_of_a4_and_of_letter(page, site_url, game_id):  # noqa: F811
    """Issue 43: the packet's student handouts are print pages, one sheet each on either paper."""
    import re

    for sheet in ("worksheet", "exit-ticket"):
        page.goto(f"{site_url}teachers/{game_id}-{sheet}.html")
        assert axe_violations(page) == []
        page.emulate_media(media="print")
        assert not page.locator(".site-header").is_visible()
        for paper in ("A4", "Letter"):
            pdf = page.pdf(format=paper)
            pages = len(re.findall(rb"/Type\s*/Page(?!s)", pdf))
            assert pages == 1, f"{game_id} {sheet} on {paper}: {pages} pages"
