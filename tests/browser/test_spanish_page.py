"""Issue 39: the game page in Spanish (Chromium). The page speaks its <html lang>: a student on the
Spanish play page reads the prompt, the log and a refusal in Spanish, and a reload keeps the
language and the position (the save keeps moves, the log is written again). An English student's
page fetches no catalog at all, a Spanish student's only the Spanish ones.

The play page in Spanish is the site's /es/play/ page once the site builds it; until then this test
serves the English page's HTML with <html lang="es">, which is all the page reads. The games' own
sentences come from each game's catalog: where the game has no Spanish catalog yet, only the
page's and the engine's texts are held to Spanish (GAME below names the game played)."""

import re
from pathlib import Path
from urllib.parse import urlparse

from conftest import DIST
from sitegen.translations import pseudo_text
from spanish import english_sentences
from table_page import PLAY, log_length, speak, wait_for_more_log

ROOT = Path(__file__).resolve().parents[2]
GAME = "translation"
GAME_IN_SPANISH = (ROOT / "py" / "biocards" / "locale" / "es" / "LC_MESSAGES" / f"{GAME}.po").is_file()
SPANISH_PAGE = (DIST / "es" / "play" / "index.html").is_file()


def _open(page, site_url, seed=5):
    folder = "es/" if SPANISH_PAGE else ""
    page.goto(f"{site_url}{folder}{PLAY.format(game=GAME, seats='human,greedy', seed=seed, extra='')}")
    page.wait_for_selector("html[data-state=ready]")


def _log(page) -> list[tuple[bool, str]]:
    """Each log line with whether it is a move's event (the game's sentence) or the page's own."""
    return [tuple(line) for line in page.evaluate(
        "[...document.querySelectorAll('#log li')].map((li) => [li.hasAttribute('data-move'), li.innerText])")]


def _held_to_spanish(log: list[tuple[bool, str]]) -> list[str]:
    """The lines that must read Spanish: all of them once the game has its Spanish catalog; before,
    the page's own lines, and of a move's line its "Why?" buttons (the event's sentence aside)."""
    if GAME_IN_SPANISH:
        return [text for _event, text in log]
    return [text if not event else " ".join(part.split(" ", 1)[0] for part in text.split("¿Por qué?")[1:])
            for event, text in log]


def test_a_spanish_student_plays_reads_a_refusal_and_reloads_in_spanish(page, site_url):
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlparse(request.url).path))
    if not SPANISH_PAGE:
        speak(page, "es")  # until the site has its /es/play/ page: the play page in Spanish by its lang
    # Every word the boot writes into its status line while Python starts, as it writes them.
    page.add_init_script("""window.bootWords = [];
      new MutationObserver(() => {
        const status = document.getElementById('boot-status');
        if (status && status.textContent !== window.bootWords.at(-1)) window.bootWords.push(status.textContent);
      }).observe(document, { childList: true, subtree: true, characterData: true });""")
    _open(page, site_url)
    said = page.evaluate("window.bootWords")
    assert not english_sentences(said[1:]), said  # (the first is the page's own, from its template)
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("html").get_attribute("data-language") == "es"  # what Python speaks

    status = page.locator("#status").inner_text()
    assert status.startswith("Jugador 1"), status
    if GAME_IN_SPANISH:
        assert not english_sentences([status])
    # Links stay beside the page's own lessons (a Spanish page's lead to the Spanish ones).
    assert page.locator("#rules-link").get_attribute("href").endswith(f"lessons/rules/{GAME}.html")
    assert page.evaluate("document.getElementById('rules-link').href") == \
        f"{site_url}{'es/' if SPANISH_PAGE else ''}lessons/rules/{GAME}.html"
    first = page.locator("#log li").first.inner_text()
    assert first.startswith("Una partida nueva de") and not english_sentences([first]), first

    for _ in range(3):  # moves, by clicking, as a student makes them
        before = log_length(page)
        page.locator("#card-0-extend").click()
        wait_for_more_log(page, before)
        page.wait_for_selector("#hint:not([disabled])")  # the student's move again: no computer busy
    moves = page.locator("html").get_attribute("data-moves")
    log = _log(page)
    assert not english_sentences(_held_to_spanish(log)), log
    assert all(button.startswith("¿Por qué?") for button in page.locator("#log button.why").all_inner_texts())

    # A move that is not open now, touched (it says it is disabled, and still answers a touch): the
    # refusal is the engine's sentence, in Spanish.
    refused = page.locator("#table [data-refused]").first
    refused.click(force=True)
    page.wait_for_function("document.getElementById('refusal').textContent.length > 0")
    refusal = page.locator("#refusal").inner_text()
    if GAME_IN_SPANISH:
        assert not english_sentences([refusal]), refusal
    # The take-back button's words are the engine's: Spanish (a move's «label» is the game's).
    undo = page.locator("#undo").get_attribute("title") or ""
    assert not english_sentences([undo if GAME_IN_SPANISH else re.sub(r"«[^»]*»", "«»", undo)]), undo

    page.reload()
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("html").get_attribute("data-language") == "es"
    assert page.locator("html").get_attribute("data-moves") == moves
    resumed = _log(page)
    assert (False, f"Bienvenido de nuevo: la partida guardada continúa tras {moves} jugadas.") in resumed
    assert not english_sentences(_held_to_spanish(resumed)), resumed
    # The log is made again from the moves: every move's line comes back, in the page's language.
    assert [line for line in log if line[0]] == [line for line in resumed if line[0]]

    catalogs = [path for path in fetched if "/locale/" in path]
    assert catalogs and all(path.startswith("/locale/es/") for path in catalogs), catalogs


def test_an_english_student_downloads_no_catalog(page, site_url):
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(urlparse(request.url).path))
    page.goto(site_url + PLAY.format(game=GAME, seats="human,greedy", seed=5, extra=""))
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("html").get_attribute("data-language") == "en"
    assert page.locator("#status").inner_text().startswith("Player 1")
    assert not [path for path in fetched if "/locale/" in path or path.endswith(".mo")]


def test_a_pseudo_locale_page_writes_every_page_text_through_the_catalogs(page, site_url):
    """A test's en-XA page (issue 39's pseudo-locale) fetches en_XA's catalogs like any language:
    the page's own log line comes out accented, so a text that skipped the catalogs would show."""
    speak(page, "en-XA")
    page.goto(site_url + PLAY.format(game=GAME, seats="human,greedy", seed=5, extra=""))
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("html").get_attribute("data-language") == "en_XA"
    accented = pseudo_text("A new game of {game} for {n} players.", "en_XA")
    assert page.locator("#log li").first.inner_text().startswith(accented.split("{game}")[0])
