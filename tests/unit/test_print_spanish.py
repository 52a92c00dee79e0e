"""Issue 39, "Print and teachers": the print pages in Spanish at the same card sizes. Spanish runs
longer than English, so every card, back and token is drawn again in Spanish (the games' words from
their catalogs, the biology notes from lessons/es/concepts.toml) and checked as on paper: no text
under 7 pt, no line wider than its card or token, nothing below a card's edge, no body text under
the biology note, and no word of a card's name lost."""

from __future__ import annotations

import re
from html import unescape

import pytest

from biocards import i18n
from biocards.svg import text_width
from sitegen.lessons import load_concepts
from sitegen.print_games import GAMES, ROOT
from sitegen.printing import (CARD_H, CARD_W, MIN_TEXT, NOTE_SIZE, PAD, Face, back_svg, face_svg,
                              spinner_svg, token_svg)

TEXT = re.compile(r'<text x="([\d.-]+)" y="([\d.-]+)" font-size="([\d.]+)" text-anchor="(\w+)" '
                  r'font-weight="(\w+)"[^>]*>([^<]*)</text>')


def lines(svg: str) -> list[dict]:
    """Each line of text an SVG draws: where, how big, and its words."""
    return [{"x": float(x), "y": float(y), "size": float(size), "anchor": anchor, "bold": weight == "bold",
             "text": unescape(text)} for x, y, size, anchor, weight, text in TEXT.findall(svg)]


def span(line: dict) -> tuple[float, float]:
    """The left and right ends of a line of text, as biocards.svg measures text."""
    width = text_width(line["text"], line["size"], line["bold"])
    left = {"start": line["x"], "middle": line["x"] - width / 2, "end": line["x"] - width}[line["anchor"]]
    return left, left + width


@pytest.fixture(scope="module")
def spanish():
    with i18n.language("es"):
        yield {gid: make("es") for gid, make in GAMES.items()}


def test_the_cards_are_drawn_from_the_spanish_concepts(spanish):
    # A card whose biology note is a concept's summary shows the Spanish summary, never the English.
    notes = {face.note for game in spanish.values() for face in game.faces}
    assert notes & {c["summary"] for c in load_concepts(ROOT, "es").values()}
    assert not notes & {c["summary"] for c in load_concepts(ROOT).values()}


def face_problems(face) -> list[str]:
    """What does not fit on a card's face, as words a failing test prints."""
    svg, fits = face_svg(face, 1)
    drawn = lines(svg)
    problems = [f"{line['text']!r} under 7 pt" for line in drawn if line["size"] < MIN_TEXT]
    for line in drawn:
        left, right = span(line)
        # Text stays inside the card's rounded border, and above its bottom edge.
        if left < PAD - 1 or right > CARD_W - PAD + 1:
            problems.append(f"{line['text']!r} wider than the card")
        if line["y"] > CARD_H - 20:
            problems.append(f"{line['text']!r} below the card")
    # Every word of the name is on the card (a long name wraps; it is never cut).
    shown = " ".join(line["text"] for line in drawn)
    problems += [f"name word {word!r} lost" for word in face.name.split() if word not in shown]
    # The biology note (or its pointer to the reference sheet) sits below the card's text.
    notes = [line for line in drawn if line["size"] == NOTE_SIZE and not line["bold"]]
    body = [line for line in drawn if line not in notes]
    if notes and body and max(line["y"] for line in body) >= min(line["y"] for line in notes) - NOTE_SIZE:
        problems.append("the card's text runs into its biology note")
    if face.note and fits and " ".join(line["text"] for line in notes).split() != face.note.split():
        problems.append("the biology note is not whole")
    return [f"{face.name}: {problem}" for problem in problems]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_spanish_card_face_fits_its_card(spanish, game_id):
    with i18n.language("es"):
        assert [problem for face in spanish[game_id].faces for problem in face_problems(face)] == []


def test_the_fit_check_finds_a_card_that_does_not_fit():
    # The check above can fail: long text runs into the note and off the card.
    face = Face("Aminoacil-ARNt sintetasa de la fenilalanina mitocondrial humana número dos", "Orgánulo",
                "#eee", "Orgánulo", lines=("Paga 2 ATP y roba dos aminoácidos; quédate con uno. " * 9,),
                note="Una enzima.")
    problems = face_problems(face)
    assert any("runs into" in p for p in problems) and any("below the card" in p for p in problems)
    # A name of three lines is set smaller rather than cut.
    assert not any("lost" in p for p in problems)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_spanish_back_token_and_spinner_fits(spanish, game_id):
    game = spanish[game_id]
    with i18n.language("es"):
        for face in game.faces:
            for line in lines(back_svg(game.title, face)):
                left, right = span(line)
                assert left >= 60 and right <= CARD_W - 60 and line["y"] <= CARD_H - 60, (face.back, line["text"])
        for _, tokens in game.tokens:
            for token in tokens:
                for line in lines(token_svg(token)):
                    left, right = span(line)
                    assert line["size"] >= MIN_TEXT and left >= 0 and right <= token.w * 10, token.label
        for spinner in game.spinners:
            assert min(line["size"] for line in lines(spinner_svg(spinner))) >= MIN_TEXT, spinner.name
