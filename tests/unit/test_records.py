"""Saved games are read defensively (issue 14): any damage is an InvalidRecord with a sentence."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from biocards import games
from biocards.core import InvalidRecord
from biocards.core.records import MAX_CHARS, read_record

TRANSLATION = games.get("translation")


def good_record(moves=3):
    state = TRANSLATION.new_state(2, 7)
    for _ in range(moves):
        state.apply(state.legal_actions()[0])
    return state.to_record()


def damaged(**changes):
    return json.dumps({**good_record(), **changes})


@pytest.mark.parametrize("text, words", [
    ('{"game":"translation","version":1,"players":2,"seed":1e999,"options":{},"actions":[]}', "seed"),
    (damaged(seed=3.7), "seed"),
    (damaged(seed=-1), "seed"),
    (damaged(seed=2**64), "seed"),  # one past the generator's 64 bits
    (damaged(seed=True), "seed"),
    (damaged(version=True), "version"),
    (damaged(players=2.0), "players"),
    (damaged(players=9), "2–4 players"),
    (damaged(options={"advanced": "garbage"}), "option"),
    (damaged(actions=[{"kind": "play", "card": [[[[[[[[1]]]]]]]]}]), "nested"),
    ("[" * 200_000, "nested"),
    ('{"game": "translation", "actions": [' + "[" * 5000 + "]" * 5000 + "]}", "nested"),
    ("x" * (MAX_CHARS + 1), "too large"),
    ('{"game": "translation", "version": 1, "pla', "not readable"),
    ("null", "JSON object"),
    (damaged(game="nucleo"), "not a game of Translation"),
    (damaged(actions={"kind": "play"}), "not a list"),
    (damaged(actions=[{"card": "extend"}]), "not a move"),
    (damaged(actions=[{"kind": "teleport"}]), "Move 1"),
])
def test_every_kind_of_damaged_save_is_an_invalid_record_with_a_sentence(text, words):
    """Issue 14: an overflowing seed, deep nesting, a save of 200,000 '[', loose types, a wrong game:
    each is refused with a sentence, never OverflowError, RecursionError or a class name."""
    with pytest.raises(InvalidRecord) as refused:
        TRANSLATION.load(read_record(text, TRANSLATION))
    message = str(refused.value)
    assert words in message, message
    assert "Error" not in message and message.endswith(".")


def test_a_good_save_still_loads():
    record = good_record()
    state = TRANSLATION.load(read_record(json.dumps(record), TRANSLATION))
    assert state.to_record() == record


def test_the_variant_player_count_of_the_gene_expression_game_still_loads():
    game = games.get("expression")
    state = game.new_state(2, 5, variant=True)
    assert game.load(read_record(json.dumps(state.to_record()), game)).num_players == 2


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=30)
FIELDS = st.fixed_dictionaries({}, optional={
    "game": st.sampled_from(["translation", "nucleo"]) | JSON, "version": st.sampled_from([1, 2]) | JSON,
    "players": st.integers(0, 6) | JSON, "seed": st.integers(-5, 2**64) | JSON, "options": JSON,
    "actions": st.lists(st.dictionaries(st.sampled_from(["kind", "card", "code", "position"]), JSON), max_size=5) | JSON,
})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=JSON | FIELDS)
def test_load_given_any_json_gives_a_state_or_an_invalid_record(record):
    """Issue 14 (property): Game.load fed arbitrary JSON returns a state or raises InvalidRecord."""
    for game in (TRANSLATION, games.get("nucleo")):
        try:
            game.load(read_record(json.dumps(record), game))
        except InvalidRecord:
            pass
