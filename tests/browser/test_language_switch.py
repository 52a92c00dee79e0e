"""Issue 39: choosing a language. Español chosen on the landing page is kept (localStorage
"biocards:lang"): a reload and a lesson page with a Spanish twin both open in Spanish; English
chosen again brings English back."""

from pathlib import Path

from sitegen.localized import sources

ROOT = Path(__file__).resolve().parents[2]


def a_spanish_lesson() -> str | None:
    return next((slug for folder, slug in sources(ROOT)
                 if not folder and (ROOT / "lessons" / "es" / f"{slug}.md").is_file()), None)


def test_espanol_chosen_on_the_landing_page_follows_the_student(page, site_url):
    page.goto(f"{site_url}/index.html")
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator("a.language-switch", has_text="Español").click()
    page.wait_for_url("**/es/index.html")
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.evaluate("localStorage.getItem('biocards:lang')") == "es"

    page.goto(f"{site_url}/index.html")  # the English landing page again: the choice sends it on
    page.wait_for_url("**/es/index.html")
    page.reload()
    assert page.locator("html").get_attribute("lang") == "es"

    slug = a_spanish_lesson()
    if slug is not None:
        page.goto(f"{site_url}/lessons/{slug}.html")
        page.wait_for_url(f"**/es/lessons/{slug}.html")
        assert page.locator("html").get_attribute("lang") == "es"

    page.locator("a.language-switch", has_text="English").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.evaluate("localStorage.getItem('biocards:lang')") == "en"


def test_each_twin_is_named_by_a_whole_address_for_search_engines(page, site_url):
    """Search engines (and Lighthouse's hreflang audit) take a twin's address only whole; the built
    page names it relative to itself, since the site may be served from anywhere, and the page
    writes in the address it was opened from."""
    for path in ("", "lessons/genetic-code.html", "es/teachers/translation.html"):
        page.goto(site_url + path)
        hrefs = page.eval_on_selector_all('link[rel="alternate"][hreflang]', "ls => ls.map(l => l.getAttribute('href'))")
        assert len(hrefs) == 2, path
        assert all(h.startswith(site_url) for h in hrefs), (path, hrefs)
