"""NUCLEO invariants over random legal games (hypothesis): 200 games for each player count."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from biocards import games
from biocards.core.testing import random_game
from biocards.games.nucleo.cards import ACTION_CARDS, AMINO_CARDS, COIN_POOL, PROTEINS

GAME = games.get("nucleo")
ACTIONS = Counter({cid: c.copies for cid, c in ACTION_CARDS.items()})


def conserved(state, events):
    """Amino acids, protein cards, action cards and coins are never created or destroyed (trades included).

    Counts that can go negative are checked after every move; the full census every seventh move
    and at the end (it is the slow part, and a lost card stays lost, so it is still caught).
    """
    assert state.pool.count >= 0 and min(state.coins) >= 0 and min(state.supply.values()) >= 0
    assert state.pool.count + sum(state.coins) == COIN_POOL[state.num_players]
    if len(state.history) % 7 and not state.is_terminal():
        return
    amino = Counter(state.supply)
    for hand in state.amino:
        assert all(n > 0 for n in hand.values())
        amino.update(hand)
    assert amino == Counter(AMINO_CARDS)
    assert all(n >= 0 for n in state.supply.values())
    assert Counter(state.pile + [n for h in state.proteins for n in h]) == Counter(list(PROTEINS))
    assert Counter(state.action_deck.all_cards() + [c for h in state.actions for c in h]) == ACTIONS
    assert state.pool.count >= 0 and min(state.coins) >= 0
    assert state.pool.count + sum(state.coins) == COIN_POOL[state.num_players]
    assert min(state.scores()) >= 0


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_conserve_everything_and_end(players, seed):
    state = random_game(GAME, players, seed, check_each=conserved)
    assert state.is_terminal()
