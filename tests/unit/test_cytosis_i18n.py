"""Issue 39: Cytosis speaks Spanish. A student playing in Spanish reads no English sentence in the
log, the moves, a refusal, the table (its words and its screen-reader names) or the printed cards,
and the record stays language-free: the same moves replayed in English read English."""

import xml.etree.ElementTree as ET

import pytest

from biocards import games, i18n
from biocards.core import Action, Rng
from biocards.core.errors import IllegalAction
from biocards.games.cytosis import print as printed
from biocards.games.cytosis.render import render
from spanish import english_sentences

GAME = games.get("cytosis")
LAYOUTS = ("wide", "medium", "narrow")


def svg_words(svg: str) -> list[str]:
    """What a student sees or hears of a table: every text node, and every aria-label and details
    text of its elements."""
    root = ET.fromstring(svg)
    words = [text for element in root.iter() for text in (element.text, element.tail) if text and text.strip()]
    words += [element.get(name) for element in root.iter() for name in ("aria-label", "data-detail")
              if element.get(name)]
    return words


def play(players: int, seed: int, bots: str):
    """A whole game of random (or greedy) legal moves in the current language: its record, every
    event, every legal move's label and the table at some positions, in each layout."""
    state = GAME.new_state(players, seed=seed)
    seats = [GAME.make_bot(bots, p, seed) for p in range(players)] if bots != "random" else None
    rng = Rng(seed)
    events, labels, tables = [], set(), []
    ply = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        labels.update(str(a.label) for a in legal)
        if ply % 17 == 0:
            tables.append(render(state.view(state.current_player), legal=legal, layout=LAYOUTS[ply % 3]))
        action = seats[state.current_player].choose(state) if seats else rng.choice(legal)
        events += state.apply(action)
        ply += 1
    tables.append(render(state.view(0), layout="wide"))
    return state.to_record(), events, labels, tables


@pytest.fixture(scope="module")
def spanish_games():
    with i18n.language("es"):
        return [play(2, 3, "random"), play(3, 8, "greedy"), play(4, 21, "random")]


def test_a_spanish_game_has_no_english_sentence_in_the_log_moves_or_table(spanish_games):
    """Issue 39: every event, every legal move's label and the table's words in Spanish (an event
    keeps its Message and is written in each reader's language when shown)."""
    for record, events, labels, tables in spanish_games:
        assert events and labels and tables
        texts = [i18n.text(e.message, "es") for e in events]
        assert not english_sentences(texts), english_sentences(texts)[:5]
        assert not english_sentences(labels), english_sentences(labels)[:5]
        for svg in tables:
            words = svg_words(svg)
            assert not english_sentences(words), english_sentences(words)[:5]
        assert any(t.startswith("Jugador") for t in texts)


def test_a_refusal_reads_in_spanish():
    """Issue 39: a refused move says why in the student's language."""
    state = GAME.new_state(2, seed=5)
    while state.setup:
        state.apply(state.legal_actions()[0])
    state.apply(Action("place", spot="nucleus-3"))
    taken = Action("place", spot="nucleus-3")
    with i18n.language("es"):
        with pytest.raises(IllegalAction) as refused:
            state.clone().apply(taken)
        why = str(refused.value)
        assert why == str(state.explain_illegal(taken))
    assert not english_sentences([why]) and "ocupado" in why, why
    assert str(state.explain_illegal(taken)).startswith("Transcribe DNA (take 3 mRNA) is taken this round")


def test_the_same_record_replayed_in_english_reads_english(spanish_games):
    """Issue 39: the record keeps moves, not sentences; replayed in English the log is English,
    sentence for sentence the same events."""
    for record, spanish_events, _, _ in spanish_games:
        english_events = []
        GAME.load(record, events=english_events)
        english = [e.text for e in english_events]
        assert [e.message for e in english_events] == [e.message for e in spanish_events]
        assert english == [e.message.render("en") for e in spanish_events]
        assert english != [i18n.text(e.message, "es") for e in spanish_events]
        assert len(english_sentences(english)) == len(english), [t for t in english if t not in english_sentences(english)]


def test_the_printed_cards_speak_spanish():
    """Issue 39: the print-and-play components in Spanish (names, kinds, lines, notes, tokens)."""
    with i18n.language("es"):
        components = printed.components({})
    words = [w for face in components.faces for w in (face.name, face.kind, face.back, face.note, *face.lines)]
    words += [label for label, _ in components.tokens]
    words += [w for tile in components.tiles for w in svg_words(tile)]
    assert not english_sentences(words), english_sentences(words)[:5]
