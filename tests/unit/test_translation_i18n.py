"""Issue 39: a Spanish student plays Translation without meeting an English sentence. In random
legal games played in Spanish, every log line, every legal move's label, the refusals and the
table's visible words (its text, aria-labels and the cards' biology notes) are Spanish; the same
record replayed in English reads English, since a record keeps moves, not sentences."""

import functools
import re
import xml.etree.ElementTree as ET

import pytest
from spanish import english_sentences, english_words

from biocards import games, i18n
from biocards.bots import RandomBot
from biocards.core import Action, IllegalAction
from biocards.svg import LAYOUTS
from sitegen import translations
from test_i18n_catalogs import ROOT

GAME = games.get("translation")
SVG = "{http://www.w3.org/2000/svg}"
DNA = re.compile(r"\b[ACGT]+\b")
"""A strand or codon written in base letters: international, and a strand that happens to read
"AT" is no English word."""


@pytest.fixture(scope="module", autouse=True)
def spanish_catalogs():
    """The compiled Spanish catalogs, as a build leaves them (the .mo files are build output)."""
    translations.compile_all(ROOT)
    i18n._CATALOGS.update(i18n._read_catalogs())
    assert i18n.best_language("es") == "es"


def english_in(texts):
    """The texts with an English sentence (bases and codons aside)."""
    return english_sentences(DNA.sub("", str(text)) for text in texts)


def shown_words(svg: str) -> list[str]:
    """What a student reads on the table or hears from a screen reader: text nodes, aria-labels and
    the biology a card opens in the page's "Read a card" panel."""
    root = ET.fromstring(svg)
    texts = [t for t in root.itertext() if t.strip()]
    for element in root.iter():
        texts += [element.get(name) for name in ("aria-label", "data-detail") if element.get(name)]
    return texts


@functools.cache
def play_in_spanish(players: int, seed: int, game_id: str = "translation", **options):
    """A random legal game played in Spanish: its record, its events and everything it showed (the
    table every 12th move, all its refusals then, the scores' lines at the end)."""
    game = games.get(game_id)
    state = game.new_state(players, seed, **options)
    bots = [RandomBot(game, seat, seed) for seat in range(players)]
    events, labels, tables, refusals = [], [], [], []
    with i18n.language("es"):
        while not state.is_terminal():
            legal = state.legal_actions()
            labels += [str(action.label) for action in legal]
            if len(state.history) % 12 == 0:
                seat = state.current_player
                for layout in LAYOUTS:
                    tables += shown_words(game.render(state.view(seat), legal=legal, layout=layout))
                tables.append(game.prompt(state.view(seat), legal=legal))
                refusals += [str(state.check(a)) for kind in state.moves for a in state.moves[kind].options(state)
                             if state.check(a) is not None]
            events += state.apply(bots[state.current_player].choose(state))
        tables += shown_words(game.render(state.view(None), layout="wide"))
        breakdown = [label for p in range(players) for label, _points in state.score_breakdown(p)]
    return state.to_record(), events, labels, tables + breakdown, refusals


def assert_no_english(played) -> None:
    """Every log line, move label, table word and refusal of a game played in Spanish is Spanish."""
    _record, events, labels, tables, refusals = played
    with i18n.language("es"):
        texts = [event.text for event in events]
    assert texts and labels and tables and refusals
    assert not english_in(texts), english_in(texts)[:5]
    assert not english_in(labels), english_in(labels)[:5]
    assert not english_in(tables), english_in(tables)[:5]
    assert not english_in(refusals), english_in(refusals)[:5]
    assert any("Jugador" in text for text in texts)


def assert_replays_in_english(game, played) -> None:
    """Replayed in English, each event is the English twin of the Spanish line the game showed, and
    the table's words are English again."""
    record, events = played[:2]
    replayed = []
    state = game.load(record, events=replayed)
    with i18n.language("es"):
        spanish = [event.text for event in events]
    english = [event.text for event in replayed]
    assert english == [event.message.render("en") for event in events]
    assert all(a != b for a, b in zip(english, spanish))
    assert all(english_words(text) for text in english), [t for t in english if not english_words(t)][:5]
    assert english_in(shown_words(game.render(state.view(None), layout="wide")))


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_a_game_played_in_spanish_shows_no_english_sentence(players, seed):
    assert_no_english(play_in_spanish(players, seed))


def test_a_refusal_reads_in_the_language_it_is_shown_in():
    """A move refused is told in Spanish to a Spanish student (buying Mutate with 5 points spent on
    another card), and the same refusal in English to an English one."""
    state = GAME.new_state(2, 4, first_player=0)
    state.apply(Action("buy", card="delete"))
    with i18n.language("es"), pytest.raises(IllegalAction) as refused:
        state.apply(Action("buy", card="mutate"))
    with i18n.language("es"):
        spanish = str(refused.value)
    assert spanish == "Comprar Mutar cuesta 5 puntos; tienes 3."
    assert str(refused.value) == "Mutate costs 5 points to buy; you have 3."


def test_a_game_played_in_spanish_replays_in_english():
    """The record is language-free: a record keeps moves, not sentences."""
    assert_replays_in_english(GAME, play_in_spanish(2, 1))
