"""Issue 39: the site's Spanish pages. Each Spanish prose file (lessons/es/…) becomes a page under
/es/ that says lang="es" and names its English twin (and the twin names it) with hreflang; an
English page with no Spanish file has no /es/ page (no English published as Spanish); every page's
header offers the other language."""

import json
import re
import tomllib
from html import escape
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


# -- every page in Spanish (issue 39, "Print and teachers", "Choosing a language") --------------------

from html.parser import HTMLParser  # noqa: E402

from biocards import games  # noqa: E402
from sitegen.print_games import GAMES  # noqa: E402
from spanish import english_sentences  # noqa: E402 - tests/spanish.py

GAME_IDS = [g.id for g in games.all()]
SPANISH_PAGES = (["index.html", "play/index.html", "join/index.html", "teacher/index.html",
                  "teachers/index.html", "lessons/index.html"]
                 + [f"play/{g}/index.html" for g in GAME_IDS]
                 + [f"teachers/{g}.html" for g in GAME_IDS]
                 + [f"teachers/{g}-{sheet}.html" for g in GAME_IDS for sheet in ("worksheet", "exit-ticket")]
                 + [f"print/{g}.html" for g in GAME_IDS])
"""Every page of the site but the lessons (tested above), as a path from a language's top."""

PROPER_NAMES = ("Genius Games", "Peptide: A Protein Building Game", "The Genetic Codes",
                "Translation: The Amino Acid Card Game", "Cytosis: A Cell Biology Game", "Human Practices",
                "5.1 Components and Structure, 5.2 Passive Transport, 5.3 Active Transport, 5.4 Bulk Transport")
"""Names of works and publishers the pages cite as they are (a rulebook's title, NCBI's page, the
sections of an OpenStax chapter)."""
CITED = re.compile(r'"[^"]*"|“[^”]*”|\S*/\S*|\b[A-Z]{2,}\b')
"""What a page cites as it is: a quoted title of a work, an address or a path, a word in capitals
(a card's printed label such as START or OFF, a game's name such as NUCLEO)."""
AS_CITED = {"em", "cite", "code"}
"""A book's or a journal's title is set in italics (<em>), code in <code>: cited, not translated."""

GAME_MADE = {"pitch", "table-picture", "sheets"}
"""Where a page shows a game's own words (its pitch, its table's picture, its printed cards): those
come from the game's catalog (py/biocards/locale/es/LC_MESSAGES/<game>.po), not the site's."""


def without_catalog() -> set[str]:
    """The games whose own words have no Spanish catalog yet (their engineers' part of issue 39)."""
    folder = ROOT / "py" / "biocards" / "locale" / "es" / "LC_MESSAGES"
    return {g for g in GAME_IDS if not (folder / f"{g}.po").is_file()}


class VisibleText(HTMLParser):
    """The words a reader meets on a page (text, alt, aria-label, title, the description), each with
    the game whose own words it is when it sits in a game-made part of the page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[tuple[str, str | None]] = []
        self.stack: list[tuple[str, str | None, bool]] = []  # tag, game, game-made
        self.hidden = 0
        self.cited = 0

    def _where(self) -> tuple[str | None, bool]:
        game = next((g for _, g, _made in reversed(self.stack) if g), None)
        return game, any(made for *_, made in self.stack)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        game = attrs.get("data-game") or self._where()[0]
        made = bool(GAME_MADE & set((attrs.get("class") or "").split()))
        if tag in ("script", "style"):
            self.hidden += 1
        self.cited += tag in AS_CITED
        in_game, in_made = self._where()
        owner = game if (made or in_made) else None
        for key in ("alt", "aria-label", "title", "placeholder"):
            if attrs.get(key):
                self.texts.append((attrs[key], owner))
        if tag == "meta" and attrs.get("name") == "description":
            self.texts.append((attrs.get("content", ""), None))
        if tag not in ("meta", "link", "img", "input", "br", "hr", "source"):
            self.stack.append((tag, attrs.get("data-game"), made))

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1
        self.cited -= tag in AS_CITED
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        game, made = self._where()
        if not self.hidden and not self.cited and data.strip():
            self.texts.append((" ".join(data.split()), game if made else None))


def spanish_reader_meets(page: Path) -> list[str]:
    """The English sentences on a page, proper names and the words of games without a catalog aside."""
    parser = VisibleText()
    parser.feed(page.read_text(encoding="utf-8"))
    pending = without_catalog()
    # A game's pitch (also in a rules page's description) and its print page's note on counts.
    own_words = [games.get(g).summary for g in pending] + [GAMES[g]().note for g in pending if g in GAMES]
    own_words += [s[:1].lower() + s[1:] for s in own_words]
    texts = []
    for text, game in parser.texts:
        if game in pending:
            continue
        for name in PROPER_NAMES + tuple(w for w in own_words if w):
            text = text.replace(name, " ")
        texts.append(CITED.sub(" ", text))
    return english_sentences(texts)


@pytest.mark.parametrize("path", SPANISH_PAGES)
def test_every_page_has_its_spanish_twin_and_they_name_each_other(path):
    # A Spanish game's own page (es/play/<game>/) has the play page as its English twin, and that
    # one names the Spanish play page (the game is in the query of either).
    english = DIST / ("play/index.html" if path.startswith("play/") else path)
    spanish = DIST / "es" / path
    assert spanish.is_file() and lang_of(spanish) == "es" and lang_of(english) == "en"
    links = alternates(spanish)
    assert links == {"en": english.resolve(), "es": spanish.resolve()}
    back = alternates(english)
    assert back["en"] == english.resolve() and back["es"].is_file() and lang_of(back["es"]) == "es"
    if not path.startswith("play/") or path == "play/index.html":
        assert back["es"] == spanish.resolve()


def test_the_header_switch_leads_to_the_twin():
    for path in SPANISH_PAGES:
        english = DIST / ("play/index.html" if path.startswith("play/") else path)
        for page, other in ((DIST / "es" / path, "en"), (english, "es")):
            html = page.read_text(encoding="utf-8")
            href = re.search(r'class="language-switch"[^>]*\shref="([^"]+)"', html).group(1)
            assert (page.parent / href).resolve() == alternates(page)[other], page


@pytest.mark.parametrize("path", SPANISH_PAGES + [f"lessons/{f}{s}.html" for f, s in sources(ROOT)])
def test_a_spanish_page_has_no_english_sentence(path):
    """What a Spanish student or teacher reads on a page: the site's words (site.po), the prose
    files (lessons/es/…), the concepts (lessons/es/concepts.toml). The games' own words (cards,
    table pictures, pitches) are checked here once each game's catalog exists."""
    page = DIST / "es" / path
    if not page.exists():
        pytest.skip(f"{path} has no Spanish prose file")
    assert spanish_reader_meets(page) == []


def test_the_english_check_catches_an_english_sentence(tmp_path):
    # The check above can fail: an English sentence in a Spanish page is found, in text or in a label.
    page = tmp_path / "page.html"
    page.write_text('<html lang="es"><p>Juega una partida.</p><button aria-label="Play the card">'
                    "Jugar</button></html>", encoding="utf-8")
    assert spanish_reader_meets(page) == ["Play the card"]


def test_each_language_writes_its_concepts_for_the_why_answers():
    # The play page's "Why?" reads lessons/concepts.json of its language: both name the same
    # concepts, and each links the same anchor on its own language's lesson page, which exists.
    english = json.loads((DIST / "lessons" / "concepts.json").read_text(encoding="utf-8"))
    spanish = json.loads((DIST / "es" / "lessons" / "concepts.json").read_text(encoding="utf-8"))
    assert set(spanish) == set(english)
    for cid, concept in english.items():
        assert spanish[cid]["url"] == "es/" + concept["url"], cid
        page, anchor = spanish[cid]["url"].split("#")
        assert f'id="{anchor}"' in (DIST / page).read_text(encoding="utf-8"), cid
        assert spanish[cid]["title"] != concept["title"] or cid in ("atp", "rna", "dna"), cid


def test_guided_lessons_and_questions_are_written_in_spanish():
    # The Spanish pages take lessons/es/guided/ and lessons/es/questions/: the guided lesson the play
    # page fetches, and the check-yourself questions at the end of a lesson.
    for source in sorted((ROOT / "lessons" / "es" / "guided").glob("*.toml")):
        data = json.loads((DIST / "es" / "lessons" / "guided" / f"{source.stem}.json").read_text(encoding="utf-8"))
        assert data["title"] == tomllib.loads(source.read_text(encoding="utf-8"))["title"]
        assert data["page"]["href"].startswith("es/lessons/")
    html = (DIST / "es" / "lessons" / "genetic-code.html").read_text(encoding="utf-8")
    prompt = tomllib.loads((ROOT / "lessons" / "es" / "questions" / "genetic-code.toml")
                           .read_text(encoding="utf-8"))["question"][0]["prompt"]
    assert html.count('class="question"') >= 1 and escape(prompt, quote=False) in html


def test_the_offline_copy_has_every_spanish_page_but_the_teachers():
    # Issue 14 in Spanish: every Spanish page opens offline after one visit, as the English ones do,
    # for a reader whose worker is registered in Spanish (sw.js?lang=es); the teacher's page, in any
    # language, needs its class server and is never cached.
    sw = (DIST / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"const LANGUAGES = (\{.*?\});", sw, re.S).group(1))["es"]
    later = json.loads(re.search(r"const LATER = new Set\((\[.*?\])", sw, re.S).group(1))
    for path in SPANISH_PAGES:
        if path == "teacher/index.html":
            assert f"./es/{path}" not in files and f"./es/{path}" not in later
        else:
            assert f"./es/{path}" in files, path
    assert "./es/lessons/concepts.json" in files


@pytest.mark.parametrize("path", SPANISH_PAGES + [f"lessons/{f}{s}.html" for f, s in sources(ROOT)])
def test_every_link_and_picture_of_a_spanish_page_is_there(path):
    # A Spanish page sits one folder deeper than its English twin: each of its links, scripts,
    # stylesheets and pictures must still lead to a file of the site (queries and sections aside).
    page = DIST / "es" / path
    if not page.exists():
        pytest.skip(f"{path} has no Spanish prose file")
    html = page.read_text(encoding="utf-8")
    for target in re.findall(r'\s(?:href|src)="([^"]+)"', html):
        target = target.replace("&amp;", "&").split("#")[0].split("?")[0]
        if not target or re.match(r"[a-z]+:", target):
            continue  # a section of this page, or an address elsewhere (a credit's source)
        found = (page.parent / target).resolve()
        assert found.is_file() or (found / "index.html").is_file(), f"{path}: {target}"


@pytest.mark.parametrize("game", GAME_IDS)
def test_a_spanish_game_page_is_the_play_page_naming_its_game(game):
    # es/play/<game>/ is the play page (the same wheel, snapshot and scripts) one folder deeper, in
    # Spanish, and says its game in a meta tag for a link that carries no ?game=.
    generic = (DIST / "es" / "play" / "index.html").read_text(encoding="utf-8")
    own = (DIST / "es" / "play" / game / "index.html").read_text(encoding="utf-8")
    assert f'<meta name="biocards-game" content="{game}">' in own and 'name="biocards-game"' not in generic
    meta = re.compile(r'<meta name="biocards-(?:wheel|snapshot[a-z-]*)" content="([^"]*)">')
    assert meta.findall(own) == meta.findall(generic) != []
    assert re.findall(r'<script[^>]*src="(?:\.\./)*([^"]+)"', own) == \
        re.findall(r'<script[^>]*src="(?:\.\./)*([^"]+)"', generic)
