"""Issue 39, "Choosing a language": a page's twin keeps what follows its address. The play page
says its game and seats in the query (?game=…&seats=…) and a lesson its section in the hash, so a
Spanish reader sent on to the Spanish twin, or one who switches with the header's link, lands on the
same game or section (static/js/language.js)."""


def test_the_twin_keeps_the_query_and_the_section(page, site_url):
    page.goto(f"{site_url}/teachers/index.html")
    page.evaluate("localStorage.setItem('biocards:lang', 'es')")
    # The choice sends an English page on to its Spanish twin, query and section kept.
    page.goto(f"{site_url}/teachers/index.html?game=peptide#check-yourself")
    page.wait_for_url("**/es/teachers/index.html?game=peptide#check-yourself")
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("h1").inner_text() == "Para docentes"
    # The header's switch back to English keeps them too.
    page.locator("a.language-switch", has_text="English").click()
    page.wait_for_url("**/teachers/index.html?game=peptide#check-yourself")
    assert "/es/" not in page.url and page.locator("html").get_attribute("lang") == "en"
    assert page.evaluate("localStorage.getItem('biocards:lang')") == "en"
