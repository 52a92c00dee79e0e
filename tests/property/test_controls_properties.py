"""Properties of the classroom controls over random legal games (issue 15)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from biocards import games
from biocards.bots import RandomBot
from biocards.core.links import decode_moves, encode_moves
from biocards.core.undo import take_back, without_last

GAMES = games.all()


def play(game, seed, moves):
    players = 4 if game.id == "expression" else game.min_players
    state = game.new_state(players, seed)
    bots = [RandomBot(game, seat, seed) for seat in range(players)]
    while not state.is_terminal() and len(state.history) < moves:
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(0, 90), k=st.integers(1, 8))
def test_undoing_k_moves_equals_replaying_the_record_without_them(game, seed, moves, k):
    """Undo is a replay: removing the last k moves gives exactly the game that never made them."""
    state = play(game, seed, moves)
    k = min(k, len(state.history))
    undone = game.load(without_last(state.to_record(), k))
    never = game.new_state(state.num_players, seed)
    for action in state.history[:len(state.history) - k]:
        never.apply(action)
    assert undone.to_record() == never.to_record()
    assert undone.view(None) == never.view(None)
    assert undone.rng.state == never.rng.state


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), moves=st.integers(1, 120))
def test_a_take_back_leaves_a_person_to_move_and_a_link_replays_any_position(game, seed, moves):
    state = play(game, seed, moves)
    person = state.current_player if state.current_player is not None else 0
    verdict = take_back(game, state.to_record(), {person})
    if verdict:
        assert game.load(without_last(state.to_record(), verdict.moves)).current_player == person
    again = decode_moves(game, state.num_players, seed, state.options, encode_moves(state),
                         version=game.version)
    assert again.to_record() == state.to_record()
