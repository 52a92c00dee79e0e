"""Issue 39: Peptide speaks Spanish. A student playing in Spanish meets no English sentence: not in
the log, the moves offered, the prompt, a refusal, the score, nor on the table (its words, its
accessible names, its details panel) or the print page; and the record keeps no sentence, so the
same game replayed in English reads in English."""

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from spanish import english_sentences, english_words
from table_layouts import assert_all_layouts_good

from biocards import games, i18n
from biocards.bots import RandomBot
from biocards.core import Action, IllegalAction
from biocards.core.testing import refused_moves
from biocards.games.peptide.print import components
from biocards.svg import text_width, wrap
from sitegen import printing, translations

ROOT = Path(__file__).resolve().parents[2]
GAME = games.get("peptide")
GAMES = [(2, 1, False), (3, 2, True), (4, 3, False), (6, 4, True)]
"""(players, seed, advanced): games of every table size the rules treat apart, basic and advanced."""
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module", autouse=True)
def spanish_catalogs():
    """The compiled catalogs, read again: the .mo files are build output (docs/translating.md)."""
    translations.compile_all(ROOT)
    i18n._CATALOGS.update(i18n._read_catalogs())
    assert i18n.best_language("es") == "es"


def shown_text(svg: str) -> list[str]:
    """Every text a student can meet on the table: its words, the accessible names a screen reader
    says, and each card's words in the details panel."""
    texts = []
    for element in ET.fromstring(svg).iter():
        words = (element.text or "").strip()
        if words:
            texts.append(words)
        texts += [element.get(name) for name in ("aria-label", "data-detail") if element.get(name)]
    return texts


def play_in_spanish(players: int, seed: int, advanced: bool):
    """A random legal game played in Spanish: the state, its events, and every text shown on the way."""
    state = GAME.new_state(players, seed, advanced=advanced)
    bots = [RandomBot(GAME, seat, seed) for seat in range(players)]
    events, shown = [], []
    with i18n.language("es"):
        while not state.is_terminal():
            legal = state.legal_actions()
            shown += [str(action.label) for action in legal]
            if len(state.history) % 9 == 0:
                view = state.view(state.current_player)
                shown.append(GAME.prompt(view, legal=legal))
                for layout in ("wide", "medium", "narrow"):
                    shown += shown_text(GAME.render(view, legal=legal, layout=layout))
            happened = state.apply(bots[state.current_player].choose(state))
            events += happened
            shown += [event.text for event in happened]
        for seat in [None, *range(players)]:
            shown += shown_text(GAME.render(state.view(seat)))
        shown += [label for seat in range(players) for label, _ in state.score_breakdown(seat)]
    return state, events, shown


@pytest.mark.parametrize("players,seed,advanced", GAMES)
def test_a_game_played_in_spanish_shows_no_english_sentence(players, seed, advanced):
    """Issue 39: the log, every move offered, the prompt, the score and the table in Spanish."""
    state, events, shown = play_in_spanish(players, seed, advanced)
    assert state.is_terminal() and events[-1].kind == "game-over"
    assert not english_sentences(shown), english_sentences(shown)[:10]
    assert any("Jugador 1" in text for text in shown) and not any("Player 1" in text for text in shown)


def test_the_same_game_replayed_in_english_reads_in_english():
    """Issue 39: the record keeps moves, not sentences; an event made in Spanish is the same event
    in English, and a replay in English writes every line in English."""
    state, events, _ = play_in_spanish(3, 7, True)
    record = json.loads(json.dumps(state.to_record()))
    assert "Jugador" not in json.dumps(record) and "Player" not in json.dumps(record)
    replayed = []
    GAME.load(record, events=replayed)
    english = [event.text for event in replayed]
    assert english == [event.message.render("en") for event in events]
    assert [event.message for event in replayed] == [event.message for event in events]
    spanish = [event.message.render("es") for event in events]
    assert all(en != es for en, es in zip(english, spanish))
    assert sum(bool(english_words(text)) for text in english) == len(english)


def test_refusals_are_in_spanish():
    """Issue 39: a move refused is explained in Spanish, every kind of it (the game's own reasons:
    a finished game's refusal belongs to the shared engine)."""
    with i18n.language("es"):
        refusals = [(action.key, why) for position, action, why in refused_moves(GAME, 3, range(2), every=11,
                                                                                  advanced=True)
                    if not position.is_terminal()]
        assert len({key for key, _ in refusals}) > 20
        assert not english_sentences([why for _, why in refusals]), english_sentences([w for _, w in refusals])[:5]
        state = GAME.new_state(2, 1)
        with pytest.raises(IllegalAction) as refused:
            state.apply(Action("end-turn"))
        assert str(refused.value) == "En la fase 1 los turnos terminan solos: elige un orgánulo."
    assert str(refused.value) == "Turns end by themselves in Phase 1: select an organelle."


def test_the_spanish_table_keeps_every_layout_good():
    """Issue 39: longer Spanish words change no layout's rules (text size, targets, no lost move)."""
    state = GAME.new_state(3, 5, advanced=True)
    bots = [RandomBot(GAME, seat, 5) for seat in range(3)]
    with i18n.language("es"):
        for ply in range(400):
            if state.is_terminal():
                break
            if ply % 13 == 0:
                assert_all_layouts_good(GAME, state.view(state.current_player), state.legal_actions())
            state.apply(bots[state.current_player].choose(state))


def runs_past(svg: str) -> list[str]:
    """Texts wider than the card they are drawn on, or than the table (by the width estimate the
    layout itself uses, :func:`biocards.svg.text_width`)."""
    root = ET.fromstring(svg)
    table = float(root.get("viewBox").split()[2])
    too_wide = []
    for group in root.iter(f"{SVG}g"):
        card = next((child for child in group if child.tag == f"{SVG}rect"), None)
        for line in (child for child in group if child.tag == f"{SVG}text"):
            if card is not None and width_of(line) > float(card.get("width")) + 1:
                too_wide.append(line.text)
    for line in root.iter(f"{SVG}text"):
        left = float(line.get("x")) - (width_of(line) / 2 if line.get("text-anchor") == "middle" else 0)
        if left < 0 or left + width_of(line) > table - 2:
            too_wide.append(line.text)
    return too_wide


def width_of(line: ET.Element) -> float:
    return text_width(line.text or "", float(line.get("font-size")), line.get("font-weight") == "bold")


def test_the_spanish_words_fit_their_cards_and_the_phone():
    """Issue 39: longer Spanish still fits: no Spanish text runs past its card or the table's edge,
    in any layout (Spanish is held to this where the English, in a few places, is not)."""
    too_wide = set()
    with i18n.language("es"):
        for players, seed, advanced in GAMES[:3]:
            state = GAME.new_state(players, seed, advanced=advanced)
            bots = [RandomBot(GAME, seat, seed) for seat in range(players)]
            while not state.is_terminal():
                if len(state.history) % 7 == 0:
                    for layout in ("wide", "medium", "narrow"):
                        too_wide.update(runs_past(GAME.render(state.view(state.current_player),
                                                              legal=state.legal_actions(), layout=layout)))
                state.apply(bots[state.current_player].choose(state))
    assert not too_wide, sorted(too_wide)


def test_the_print_page_cards_are_in_spanish():
    """Issue 39: the printed cards' names, decks and rules lines are Spanish and fit the cards as the
    English does (the biology notes are the concepts' summaries, translated with the lessons)."""
    with i18n.language("es"):
        printed = components({})
    texts = [text for face in printed.faces for text in (face.name, face.kind, face.back, *face.lines)]
    texts += [label for label, _ in printed.tokens]
    assert not english_sentences(texts), english_sentences(texts)[:5]
    assert "Ribosoma" in texts and "Carta de ARN" in texts
    # At the same card size: the deck's name fits its band, a card's name its two lines, nothing under 7 pt.
    for face in printed.faces:
        assert text_width(face.kind, 28, True) <= printing.ROOM - 90, face.kind
        assert len(wrap(face.name, printing.ROOM, 40, True)) <= 2, face.name
        sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', printing.face_svg(face, 1)[0])]
        assert min(sizes) >= printing.MIN_TEXT, face.name
