"""Issue 39: a student reading Spanish plays NUCLEO without meeting an English sentence, and the
record stays language-free (texts are made when shown: the same moves replayed in English read
English). English itself is unchanged: test_nucleo_rules.py and test_nucleo_render.py check it."""

import xml.etree.ElementTree as ET

import pytest

from biocards import games, i18n
from biocards.bots import RandomBot
from biocards.core import Action, IllegalAction
from biocards.games.nucleo.print import components
from spanish import english_sentences, english_words

GAME = games.get("nucleo")
SVG_NS = "{http://www.w3.org/2000/svg}"
LAYOUTS = ("wide", "medium", "narrow")
SHOWN = ("aria-label", "data-detail")
"""Attributes a student reads: a screen reader's name of a thing, the "Read a card" panel."""


def visible_text(svg: str) -> list[str]:
    """Every text of a table a student sees or hears: text nodes (the <desc> a screen reader reads
    too) and the names and details of its cards."""
    texts = []
    for element in ET.fromstring(svg).iter():
        if element.tag in (f"{SVG_NS}text", f"{SVG_NS}title", f"{SVG_NS}desc"):
            texts.append("".join(element.itertext()))
        texts += [element.get(name) for name in SHOWN if element.get(name)]
    return [text for text in texts if text.strip()]


def play_in_spanish(players: int, seed: int, moves: int, **options):
    """Random legal moves in Spanish, up to ``moves`` of them (or the end). Returns the state, its
    events and every text shown along the way: each move's legal labels at every position, the
    table in every layout and the prompt at every 15th."""
    state = GAME.new_state(players, seed, **options)
    bots = [RandomBot(GAME, seat, seed) for seat in range(players)]
    events, shown = list(state.opening), []
    with i18n.language("es"):
        for number in range(moves):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            shown += [str(action.label) for action in legal]
            if number % 15 == 0:
                view = state.view(state.current_player)
                shown.append(GAME.prompt(view, legal=legal))
                for layout in LAYOUTS:
                    shown += visible_text(GAME.render(view, legal=legal, layout=layout))
            events += state.apply(bots[state.current_player].choose(state))
        end = state.view(0)
        shown.append(GAME.prompt(end) or "")
        shown += visible_text(GAME.render(end, layout="wide"))
        shown += [label for p in range(players) for label, _points in state.score_breakdown(p)]
    return state, events, shown


# Short games of each table size (one with the minute for negotiating), and one to its end.
GAMES = [(2, 1, 250, {}), (3, 2, 250, {"trade_minute": True}), (4, 3, 250, {}), (2, 4, 3000, {})]


@pytest.mark.parametrize(("players", "seed", "moves", "options"), GAMES)
def test_a_game_in_spanish_shows_no_english_sentence(players, seed, moves, options):
    """Issue 39: every event of the log, every move's label, the prompt, the table's visible text
    (each layout) and the score breakdown read Spanish."""
    state, events, shown = play_in_spanish(players, seed, moves, **options)
    with i18n.language("es"):
        log = [event.text for event in events]
    assert not english_sentences(log)
    assert not english_sentences(shown)
    assert "Jugador 1" in " ".join(log)
    if moves == 3000:
        assert state.is_terminal() and events[-1].kind == "game-over"


def test_a_refusal_reads_spanish_and_the_same_refusal_english():
    """Issue 39: a refused move says why in the student's language; the refusal is one message,
    read in whichever language is asked."""
    state = GAME.new_state(2, 5)
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("end-turn"))
    with i18n.language("es"):
        spanish = str(refused.value)
    assert spanish.startswith("Primero tira el dado de seis caras") and not english_words(spanish)
    assert str(refused.value).startswith("Roll the six-sided die first")
    # Every other kind of NUCLEO's moves, refused before the roll, each in its own words.
    with i18n.language("es"):
        refusals = {str(state.explain_illegal(Action(kind))) for kind in state.moves if kind != "roll"}
    assert len(refusals) > 5 and not english_sentences(refusals)


def test_the_same_record_replayed_in_english_reads_english():
    """Issue 39: a record keeps moves, not sentences, so a game played in Spanish opens in English,
    and each of its events then reads as the Spanish one did, in English."""
    state, events, _shown = play_in_spanish(3, 6, 400)
    record = state.to_record()
    replayed: list = []
    again = GAME.load(record, events=replayed)
    english = [event.text for event in [*again.opening, *replayed]]
    assert english == [event.message.render("en") for event in events]
    assert all(english_words(text) for text in english), "an English log line reads as English"
    with i18n.language("es"):
        assert [event.text for event in events] != english
    labels = [str(action.label) for action in again.legal_actions()]
    assert labels == [action.label.render("en") for action in state.legal_actions()]
    with i18n.language("es"):
        assert labels != [str(action.label) for action in state.legal_actions()]


def test_the_print_page_reads_spanish():
    """Issue 39 (print and teachers): NUCLEO's printed cards, dice and coins in Spanish."""
    with i18n.language("es"):
        printed = components({})
        texts = [face.name for face in printed.faces] + [face.kind for face in printed.faces]
        texts += [line for face in printed.faces for line in face.lines] + [face.note for face in printed.faces]
        texts += [spinner.name for spinner in printed.spinners] + [f for s in printed.spinners for f in s.faces]
        texts += [title for title, _tokens in printed.tokens] + [token.label for _title, tokens in printed.tokens
                                                                 for token in tokens]
    assert not english_sentences(texts)
    assert "Oxitocina" in texts and "Carta de proteína" in texts
