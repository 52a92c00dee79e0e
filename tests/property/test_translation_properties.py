"""Translation invariants over random legal games (hypothesis): 50 games for each player count.

Every kind of choice and move, with its parameters, and every event that 200 random games reach is
reached within their first 5 (measured at 3 players), so 50 games a player count (200, then 100,
until issue 41's time limit) sample the same checks."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from biocards import games
from biocards.core.testing import assert_illegal_changes_nothing, assert_replays, random_game
from biocards.games.translation.cards import ACTION_CARDS, AMINO_ACIDS, NUCLEOTIDE_CARDS

GAME = games.get("translation")


def check_conservation(state, events):
    """Amino acid cards, action cards and nucleotide cards are never created or lost."""
    amino = Counter(state.deck) + Counter(state.face_up) + sum((Counter(c) for c in state.collected), Counter())
    assert amino == Counter(list(AMINO_ACIDS))
    per_type = -(-state.num_players // 2)
    for cid, card in ACTION_CARDS.items():
        owned = sum(h.owned.get(cid, 0) for h in state.hands)
        if card.sold:
            assert owned + state.market[cid] == per_type
            assert state.market[cid] >= 0
    assert 0 <= len(state.seq) <= NUCLEOTIDE_CARDS
    assert 0 <= state.points <= 5
    for hand in state.hands:
        for cid in ACTION_CARDS:
            assert hand.usable(cid) >= 0 or cid == "extend"
    for event in events:
        assert event.text.strip()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_conserve_cards_and_end(players, seed):
    state = random_game(GAME, players, seed, check_each=check_conservation)
    assert state.is_terminal()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 200))
def test_mid_game_records_replay_and_illegal_moves_change_nothing(seed, stop):
    state = GAME.new_state(3, seed)
    from biocards.bots import RandomBot
    bots = [RandomBot(GAME, s, seed) for s in range(3)]
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(bots[state.current_player].choose(state))
    assert_replays(state)
    if not state.is_terminal():
        assert_illegal_changes_nothing(state)
