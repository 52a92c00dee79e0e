"""Issue 39: the site's Spanish pages. Each Spanish prose file (lessons/es/…) becomes a page under
/es/ that says lang="es" and names its English twin (and the twin names it) with hreflang; an
English page with no Spanish file has no /es/ page (no English published as Spanish); every page's
header offers the other language."""

import re
from pathlib import Path

import pytest

from sitegen.localized import PROSE_LANGUAGES, sources

ROOT = Path(__file__).resolve().parents[2]
from conftest import DIST  # noqa: E402 - tests/conftest.py: the built site

pytestmark = pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ is not built")

ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">')


def alternates(page: Path) -> dict[str, Path]:
    """A page's hreflang links, as files of dist/."""
    html = page.read_text(encoding="utf-8")
    return {lang: (page.parent / href).resolve() for lang, href in ALTERNATE.findall(html)}


def lang_of(page: Path) -> str:
    return re.search(r'<html lang="([^"]+)"', page.read_text(encoding="utf-8")).group(1)


PAGES = [(lang, folder, slug) for lang in PROSE_LANGUAGES for folder, slug in sources(ROOT)]


@pytest.mark.parametrize("lang,folder,slug", PAGES, ids=[f"{lang}/{f}{s}" for lang, f, s in PAGES])
def test_a_prose_file_is_a_page_that_names_its_twin(lang, folder, slug):
    english = DIST / "lessons" / folder / f"{slug}.html"
    translated = DIST / lang / "lessons" / folder / f"{slug}.html"
    if not (ROOT / "lessons" / lang / folder / f"{slug}.md").is_file():
        assert not translated.exists(), f"{translated} published without a {lang} prose file"
        assert lang not in alternates(english)
        return
    assert lang_of(translated) == lang
    assert lang_of(english) == "en"
    assert alternates(translated) == {"en": english.resolve(), lang: translated.resolve()}
    assert alternates(english) == {"en": english.resolve(), lang: translated.resolve()}


@pytest.mark.parametrize("lang", PROSE_LANGUAGES)
def test_each_language_has_a_home_listing_its_pages(lang):
    home = DIST / lang / "index.html"
    assert lang_of(home) == lang
    assert alternates(DIST / "index.html")[lang] == home.resolve()
    html = home.read_text(encoding="utf-8")
    for href in re.findall(r'<a href="(lessons/[^"]+)"', html):
        assert (home.parent / href).is_file(), href


def test_every_page_offers_the_other_language_and_loads_the_switch_script():
    for page in DIST.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        if "site-header" not in html:
            continue  # print sheets and the like have no header
        switch = re.search(r'<a class="language-switch" data-lang="([^"]+)"[^>]*\s+href="([^"]+)"', html)
        assert switch, f"{page}: no language switch"
        assert (page.parent / switch.group(2)).resolve().is_file(), f"{page}: switch leads to {switch.group(2)}"
        assert "static/js/language.js" in html, page


def test_spanish_pages_speak_spanish_in_their_header():
    html = (DIST / "es" / "index.html").read_text(encoding="utf-8")
    assert ">Lecciones<" in html and ">Juegos<" in html and ">Para docentes<" in html
    assert ">English</a>" in html
