"""Gene-expression invariants over random legal matches (hypothesis): 50 matches for each of 2–6 players.

Matches are played to 100 points for speed (a few to the full 500 below): the 72 cards are
conserved, nothing goes negative, every hand and match ends, records replay and illegal moves
(malformed ones and ones a player might really try) change nothing. Every situation 200 random
4-player matches to 500 reach (choice waiting x move kind x parameter names, event kinds) appears
within their first 10, so 50 a player count (200, then 100, until issue 41's time limit) sample the same
checks.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from biocards.bots import RandomBot, play_out
from biocards.core import Action, IllegalAction
from biocards.core.testing import (assert_contract_step, assert_illegal_changes_nothing, assert_replays,
                                   fingerprint)
from biocards.games.expression import GAME
from biocards.games.expression.cards import DECK
from biocards.games.expression.rules import MAX_HANDS, MAX_TURNS_PER_HAND

ALL_CARDS = sorted(DECK)


def options(players: int, target: int = 100) -> dict:
    return {"target": target, **({"variant": True} if players < 4 else {})}


def check_step(state, events) -> None:
    """The 72 cards are all somewhere, once; counts and totals never go negative; caps hold."""
    held = state.draw + state.discard + [c for h in state.hands for c in h]
    if state.drawn is not None:
        held.append(state.drawn)
    assert sorted(held) == ALL_CARDS
    assert state.discard, "the top card never leaves the discard"
    assert all(t >= 0 for t in state.totals)
    assert 0 <= state.turns <= MAX_TURNS_PER_HAND and 1 <= state.hand_no <= MAX_HANDS
    assert sum(points for _, _, points, _ in state.won) == sum(state.totals)
    for event in events:
        assert event.text.strip()


def rule_breaking_moves(state) -> list[Action]:
    """Moves a player might try that the rules forbid here: a card that does not follow, another
    player's card, a card not in hand, drawing, keeping or passing out of turn, a wrong swap choice."""
    legal = set(state.legal_actions())
    p = state.current_player
    mine, others = set(state.hands[p]), {c for s, h in enumerate(state.hands) if s != p for c in h}
    cards = sorted(mine)[:4] + sorted(others)[:2] + sorted(set(DECK) - mine - others)[:2]
    tries = [Action("play", card=c) for c in cards]
    tries += [Action("draw"), Action("pass"), Action("keep")]
    tries += [Action("choose", seat=s) for s in range(-1, state.num_players + 1)]
    return [a for a in tries if a not in legal]


def assert_rule_breaking_moves_change_nothing(state) -> None:
    before = fingerprint(state)
    for action in rule_breaking_moves(state):
        try:
            state.apply(action)
        except IllegalAction as exc:
            assert str(exc).strip().endswith("."), f"{action!r}: {exc}"
        else:
            raise AssertionError(f"{action!r} was accepted but is not legal")
        assert fingerprint(state) == before, f"{action!r} changed the state"


def play_match(players: int, seed: int, target: int = 100):
    state = GAME.new_state(players, seed, **options(players, target))
    bots = [RandomBot(GAME, s, seed) for s in range(players)]
    hands_seen, moves_this_hand = state.hand_no, 0
    for ply in range(GAME.max_moves):
        if state.is_terminal():
            break
        if ply % 97 == 13:
            assert_illegal_changes_nothing(state)
        if ply % 17 == 3:
            assert_rule_breaking_moves_change_nothing(state)
        events = state.apply(bots[state.current_player].choose(state))
        if ply % 5 == 0 or state.is_terminal():  # the shared contract test checks every move already
            assert_contract_step(state, events)
        check_step(state, events)
        moves_this_hand = 0 if state.hand_no != hands_seen else moves_this_hand + 1
        hands_seen = state.hand_no
        assert moves_this_hand <= MAX_TURNS_PER_HAND * 6, "a hand did not end"
    assert state.is_terminal(), "the match did not end"
    assert max(state.totals) >= target or len(state.won) == MAX_HANDS
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_matches_conserve_the_72_cards_end_and_replay(players, seed):
    assert_replays(play_match(players, seed))


@pytest.mark.parametrize("players", [2, 4, 6])
def test_full_matches_to_500_end_with_a_winner_at_the_target(players):
    for seed in range(2):
        state = play_match(players, seed, target=500)
        assert_replays(state)
        assert len(state.winners()) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_greedy_bots_only_matches_end(players):
    """Issue 7: bots-only matches always end (greedy against greedy, to the full 500)."""
    state = GAME.new_state(players, players, **options(players, 500))
    play_out(state, [GAME.make_bot("greedy", s, players) for s in range(players)])
    assert state.is_terminal() and max(state.totals) >= 500
