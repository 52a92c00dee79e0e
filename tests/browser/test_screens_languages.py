"""Issue 39: the classroom-screens checks (issue 12's numbers) hold in Spanish and in the two
pseudo-locales built for tests, at every viewport: en-XA (accented English 40% longer: a text that
would not fit in a longer language shows, and so does any string that skipped the catalogs, as
plain ASCII) and ar-XB (English written right to left on a right-to-left page: a layout that
assumes left-to-right shows).

Spanish is the site's own /es/play/ page; a pseudo-locale is the play page's HTML with its
<html lang> (and dir) changed, which is all the page reads to choose its catalogs."""

from __future__ import annotations

import re
import pytest

from spanish import english_sentences
from table_page import PLAY, VIEWPORTS, measure_table, speak
from test_screens import GAMES, SEATS, settle

LANGUAGES = ("es", "en-XA", "ar-XB")

# Words a pseudo-locale page may show unaccented: names and symbols that are never translated.
KEPT = re.compile(r"^(BioCards|NUCLEO|Cytosis|Peptide|Translation|Gene|Expression|[A-Z0-9]+|[A-Z][a-z]{2})$")


def table_words(page) -> str:
    """What a student reads on the table, the prompt and the log: text and accessible names."""
    return page.evaluate("""() => {
        const parts = [];
        for (const el of document.querySelectorAll('#table svg text, #prompt, #log li')) parts.push(el.textContent);
        for (const el of document.querySelectorAll('#table [aria-label], #prompt [aria-label]')) parts.push(el.getAttribute('aria-label'));
        return parts.join('\\n');
    }""")


def cut_off_texts(page) -> list[str]:
    """Texts of the table drawn past its left or right edge (on a right-to-left page, a drawing's
    texts that inherit its direction turn their anchors round and run off the edge)."""
    return page.evaluate("""() => {
        const svg = document.querySelector('#table svg');
        const edge = svg.getBoundingClientRect();
        return [...svg.querySelectorAll('text')].filter((text) => {
            const box = text.getBoundingClientRect();
            return box.width > 0 && (box.left < edge.left - 2 || box.right > edge.right + 2);
        }).map((text) => text.textContent.trim().slice(0, 40));
    }""")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_screen_reads_and_plays_in_another_language(browser, site_url, lang, game_id):
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block", has_touch=True)
    try:
        page = context.new_page()
        page.set_default_timeout(60_000)
        folder = "es/" if lang == "es" else ""
        if lang != "es":
            speak(page, lang)
        page.goto(site_url + folder + PLAY.format(game=game_id, seats=SEATS.get(game_id, "human,greedy"), seed=7, extra=""))
        page.wait_for_selector("html[data-state=ready], html[data-state=over]")
        assert page.locator("html").get_attribute("data-language") == lang.replace("-", "_")
        for name, size in VIEWPORTS.items():
            page.set_viewport_size({"width": size[0], "height": size[1]})
            settle(page)
            figures = measure_table(page)
            where = f"{game_id} in {lang} at {name}"
            assert figures["texts"] > 0 and figures["targets"] > 0, (where, figures)
            assert figures["text_p10_px"] >= 12, (where, figures)
            assert figures["text_median_px"] >= 14, (where, figures)
            assert figures["targets_under_24px"] == 0, (where, figures)
            assert figures["sideways_scroll_px"] == 0, (where, figures)
            # Every text inside the table's edge, in en-XA too (40% longer than English): a long
            # seat line gives up a point of size, then wraps.
            assert not cut_off_texts(page), (where, cut_off_texts(page)[:5])
        words = table_words(page)
        if lang == "es":
            assert not english_sentences(words.splitlines()), english_sentences(words.splitlines())[:5]
        elif lang == "en-XA":
            plain = sorted({w for w in re.findall(r"[A-Za-z]+", words) if len(w) > 3 and not KEPT.match(w)})
            assert not plain, f"{game_id}: words that skipped the catalogs: {plain[:20]}"
    finally:
        context.close()
