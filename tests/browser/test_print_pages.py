"""Print-and-play pages (issue 34): Chromium prints each game on A4 and on Letter. The PDF has the
pages the layout computed, at the paper's size, with every card's name in its text; in print media
no card, token, board tile or text block crosses its page's edge. One browser page per game and paper."""

from __future__ import annotations

import io
import re

import pytest

GAMES = ("translation", "peptide", "nucleo", "cytosis", "expression")
PAPER_PT = {"a4": (595.3, 841.9), "letter": (612.0, 792.0)}
"""The paper in PDF points (1/72 inch): A4 210 × 297 mm, Letter 8.5 × 11 in."""
PAPER_PX = {"a4": (210 / 25.4 * 96, 297 / 25.4 * 96), "letter": (8.5 * 96, 11 * 96)}
"""The paper in CSS px (96 to the inch)."""

OUTSIDE = """() => {
  const bad = [];
  for (const [n, sheet] of [...document.querySelectorAll('.sheet')].entries()) {
    const s = sheet.getBoundingClientRect();
    const parts = sheet.querySelectorAll("[data-card], [data-back], [data-token], [data-spinner], [data-net], .tile svg, .text > *");
    for (const el of parts) {
      const r = el.getBoundingClientRect();
      if (r.left < s.left - 0.5 || r.top < s.top - 0.5 || r.right > s.right + 0.5 || r.bottom > s.bottom + 0.5)
        bad.push(`page ${n + 1}: ${el.dataset.card || el.dataset.token || el.tagName} ` +
                 `${[r.left - s.left, r.top - s.top, r.right - s.left, r.bottom - s.top].map(Math.round)}`);
    }
  }
  return bad;
}"""


def _words(s: str) -> str:
    return " ".join(s.split())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_the_print_page_prints_every_card_on_whole_pages(page, site_url, game, paper):
    from pypdf import PdfReader

    page.goto(site_url + f"print/{game}.html")
    page.check(f"input[name=paper][value={paper}]")
    page.wait_for_function(
        "want => getComputedStyle(document.documentElement).getPropertyValue('--paper-w').trim() === want",
        arg={"a4": "210mm", "letter": "215.9mm"}[paper])
    expected = int(page.locator("meta[name=print-pages]").get_attribute("content"))
    names = page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")
    assert names and len(names) == page.locator(".sheet [data-back]").count()

    page.emulate_media(media="print")
    sheets = page.eval_on_selector_all(".sheet", "els => els.map(e => [e.offsetWidth, e.offsetHeight])")
    assert len(sheets) == expected
    width, height = PAPER_PX[paper]
    assert all(abs(w - width) < 1 and height - 8 < h <= height for w, h in sheets), sheets[:3]
    assert page.evaluate(OUTSIDE) == []
    # The rules summary fits its one page: nothing scrolls inside a text sheet.
    assert page.eval_on_selector_all(".sheet .text", "els => els.every(e => e.scrollHeight <= e.clientHeight)")

    pdf = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True, print_background=True)))
    assert len(pdf.pages) == expected
    box = pdf.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == tuple(round(x) for x in PAPER_PT[paper])
    if paper != "a4":
        # The same cards in the same fonts, on sheets whose sizes and contents were checked above:
        # reading the text back (pypdf, about 4 s of CPU a game) is done once, on A4.
        return
    text = _words(" ".join(p.extract_text() for p in pdf.pages))
    missing = sorted({n for n in names if _words(n) not in text})
    assert not missing, f"card names not in the PDF text: {missing}"
    assert re.search(r"designed by .+ and published by", text)
