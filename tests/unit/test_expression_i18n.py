"""Issue 39: a Spanish student plays the gene-expression game without meeting an English sentence.
In random legal matches played in Spanish (a short target, so each ends after a few hands), the
opening of a hand, every
log line, every legal move's label, the refusals and the table's visible words are Spanish; the
same record replayed in English reads English, since a record keeps moves, not sentences."""

import pytest
from test_expression_rules import table
from test_translation_i18n import (assert_no_english, assert_replays_in_english, english_in, play_in_spanish,
                                   spanish_catalogs)

from biocards import games, i18n
from biocards.core import Action, IllegalAction

GAME = games.get("expression")
__all__ = ["spanish_catalogs"]  # the compiled Spanish catalogs, a fixture every test here uses


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_a_match_played_in_spanish_shows_no_english_sentence(players, seed):
    assert_no_english(play_in_spanish(players, seed, "expression", target=200, variant=players < 4))


@pytest.mark.parametrize("seed", range(12))
def test_the_opening_of_the_first_hand_is_spanish(seed):
    """The card turned up before any move (a mutation acting on the first player, too) and the note
    on the pathway are logged when the match is dealt, and read in the reader's language."""
    state = GAME.new_state(4, seed)
    with i18n.language("es"):
        opening = [str(line) for line in state.opening]
    assert opening[0].startswith("Empieza la mano 1") and not english_in(opening), opening


def test_a_refusal_reads_in_the_language_it_is_shown_in():
    """A card that does not follow the top card is refused in Spanish to a Spanish student, naming
    what would (English's "a Promoter", "an 8" are Spanish's "un Promotor", "un 8")."""
    state = table([["operon:5", "promoter:2"], ["operon:1"], ["operon:2"], ["operon:3"]], "expressed-gene:8")
    with i18n.language("es"), pytest.raises(IllegalAction) as refused:
        state.apply(Action("play", card="operon:5"))
    with i18n.language("es"):
        spanish = str(refused.value)
    assert spanish == ("Potenciador 5 no puede ir sobre Gen expresado 8: juega un Promotor (el paso siguiente de "
                       "la vía) o un 8, o roba una carta.")
    assert not english_in([spanish])
    assert str(refused.value) == ("Enhancer 5 cannot go on Expressed gene 8: play a Promoter (the next step of "
                                  "the pathway) or an 8, or draw a card.")


def test_a_match_played_in_spanish_replays_in_english():
    """The record is language-free: a record keeps moves, not sentences."""
    assert_replays_in_english(GAME, play_in_spanish(2, 1, "expression", target=200, variant=True))
