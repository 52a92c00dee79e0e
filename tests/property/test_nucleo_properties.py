"""NUCLEO invariants over random legal games (hypothesis): 50 games for each player count, played
three ways (uniform random, greedy against uniform random, greedy at every seat).

Cards and coins are conserved, nothing goes negative, every game ends, the record replays, illegal
moves change nothing, and no trade creates or destroys anything.
"""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from biocards import games
from biocards.bots import RandomBot
from biocards.core import Action
from biocards.core.testing import assert_illegal_changes_nothing, assert_replays, random_game
from biocards.games.nucleo.cards import ACTION_CARDS, AMINO_CARDS, COIN_POOL, PROTEINS
from biocards.games.nucleo.rules import MAX_OFFERS_PER_TURN, TALK_KINDS

GAME = games.get("nucleo")
ACTIONS = Counter({cid: c.copies for cid, c in ACTION_CARDS.items()})


def holdings(state, q):
    """What seat q owns that a trade can move, as one multiset."""
    return Counter({**{f"aa:{a}": n for a, n in state.amino[q].items()},
                    **{f"protein:{n}": 1 for n in state.proteins[q]}, "coin": state.coins[q]})


def conserved(state):
    """Amino acids, protein cards, action cards and coins are never created or destroyed."""
    assert state.pool.count >= 0 and min(state.coins) >= 0 and min(state.supply.values()) >= 0
    assert state.pool.count + sum(state.coins) == COIN_POOL[state.num_players]
    amino = Counter(state.supply)
    for hand in state.amino:
        assert all(n > 0 for n in hand.values())
        amino.update(hand)
    assert amino == Counter(AMINO_CARDS)
    assert Counter(state.pile + [n for h in state.proteins for n in h]) == Counter(list(PROTEINS))
    assert Counter(state.action_deck.all_cards() + [c for h in state.actions for c in h]) == ACTIONS
    assert min(state.scores()) >= 0


def bots_for(players, seed):
    """Seeds cycle through three ways of playing: uniform random at every seat, greedy and uniform
    random seats alternating, greedy at every seat. Uniform play talks at length but builds a protein
    about once in five games, seldom trades and always reaches the 80-round limit; greedy seats
    build, trade and empty the coin pool. Measured on 20 four-player games of each way: 0.2, 7.1 and
    8.8 proteins built a game, 1.9, 6.0 and 8.5 trades, the pool emptied in 0, 19 and 20 games
    (two players: 0.2, 4.7, 4.8 built; 0, 19, 20 emptied). So 50 games a player count (about 260
    builds at four players) check conservation through far more builds and trades, and through both
    endings, than the 200 uniform games this test played before (about 40 builds, no game ended by
    the pool), in a sixth of the time."""
    style = seed % 3
    return [GAME.make_bot("greedy", s, seed) if style == 2 or (style == 1 and s % 2 == 0) else RandomBot(GAME, s, seed)
            for s in range(players)]


def play(players, seed, check_each):
    """A game from ``seed`` played by :func:`bots_for`, ``check_each(state, events)`` after each move."""
    state = GAME.new_state(players, seed)
    bots = bots_for(players, seed)
    for _ in range(GAME.max_moves):
        if state.is_terminal():
            break
        check_each(state, state.apply(bots[state.current_player].choose(state)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_conserve_everything_end_and_replay(players, seed):
    """Random legal games: conservation after every move (the full census every seventh move, since a
    lost card stays lost), illegal moves tried now and then, the game ends and its record replays."""
    moves = {"n": 0}

    def check(state, events):
        moves["n"] += 1
        assert state.pool.count >= 0 and min(state.coins) >= 0
        assert state.pool.count + sum(state.coins) == COIN_POOL[state.num_players]
        if moves["n"] % 7 == 0 or state.is_terminal():
            conserved(state)
        if moves["n"] % 97 == 0 and not state.is_terminal():
            state.legal_actions()  # fill the move cache first: the fingerprint includes it
            assert_illegal_changes_nothing(state)

    state = play(players, seed, check)
    assert state.is_terminal()
    conserved(state)
    assert_replays(state)


@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_with_the_minute_and_counter_offers_from_everyone(players, seed):
    """Issue 33: with the one-minute limit on (random play lets the minute run out at any point of
    the talks) and counter-offers from every other player, everything is still conserved, every
    game ends and replays, and a turn's talks never outlast its minute."""
    seen = Counter()

    def check(state, events):
        seen.update(e.kind for e in events)
        if state.talks_over:
            assert not any(top.kind in TALK_KINDS for top in state.pending)
            assert "propose" not in [a.kind for a in state.legal_actions()]
        if not state.is_terminal() and len(state.history) % 53 == 0:
            state.legal_actions()
            assert_illegal_changes_nothing(state)

    state = random_game(GAME, players, seed, check_each=check, trade_minute=True)
    conserved(state)
    assert_replays(state)
    assert seen["time-up"] > 0


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_no_trade_creates_or_destroys_anything(players, seed, data):
    """Play into a random game, then offer a random mix of cards, protein cards and coins for a random
    mix the other player holds, and accept it: exactly the offered things change hands, between those two players only."""
    state = GAME.new_state(players, seed)
    for _ in range(data.draw(st.integers(0, 120), label="moves first")):
        if state.is_terminal():
            return
        state.apply(GAME.make_bot("random", state.current_player, seed).choose(state))
    # Finish the current decisions and reach part 3 of a turn.
    for _ in range(60):
        if state.is_terminal() or (state.phase == "trade" and not state.pending):
            break
        state.apply(GAME.make_bot("greedy", state.current_player, seed).choose(state))
    if state.is_terminal() or state.phase != "trade" or state.pending or state.offers_made >= MAX_OFFERS_PER_TURN:
        return
    p = state.turn_player
    q = data.draw(st.sampled_from([s for s in range(players) if s != p]), label="offered to")

    def some_of(seat):
        """Up to three things seat holds, drawn at random (repeats only as often as held)."""
        owned = sorted(holdings(state, seat).elements())
        return data.draw(st.permutations(owned), label="order")[:data.draw(st.integers(0, 3), label="how many")]

    give, ask = some_of(p), some_of(q)
    if not give and not ask:
        return
    state.apply(Action("propose"))
    state.apply(Action("offer-to", seat=q))
    for item in give:
        state.apply(Action("give", item=item))
    state.apply(Action("done-giving"))
    for item in ask:
        state.apply(Action("ask", item=item))
    state.apply(Action("send"))
    top = state.pending[-1]
    before = [holdings(state, s) for s in range(players)]
    untouched = (dict(state.supply), list(state.pile), state.pool.count)
    state.apply(Action("accept"))
    after = [holdings(state, s) for s in range(players)]
    give, ask = Counter(top.data["give"]), Counter(top.data["ask"])
    assert after[q] == before[q] - ask + give and after[p] == before[p] - give + ask
    assert all(after[s] == before[s] for s in range(players) if s not in (p, q))
    assert (dict(state.supply), list(state.pile), state.pool.count) == untouched
    conserved(state)


class _ForcedDie:
    """The state's generator with the twenty-sided die forced to show the faces given, in order."""

    def __init__(self, rng, d6, faces):
        self.rng, self.d6, self.faces = rng, d6, list(faces)

    def choice(self, items):
        from biocards.games.nucleo.cards import D6, D20

        if list(items) == list(D6):
            return self.d6
        if list(items) == list(D20) and self.faces:
            return self.faces.pop(0)
        return self.rng.choice(items)

    def __getattr__(self, name):
        return getattr(self.rng, name)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), left=st.lists(st.sampled_from(sorted(AMINO_CARDS)), max_size=3),
       faces=st.lists(st.sampled_from(sorted(AMINO_CARDS)), min_size=2, max_size=2),
       how=st.sampled_from(["two", "ribosome-rush"]))
def test_a_roll_with_few_cards_left_never_leaves_a_position_without_a_move(seed, left, faces, how):
    """Issue 33: the die's two-amino-acid face or Ribosome rush with two or fewer cards left in the
    supply (rolls forced with a patched die) left a choice with nothing to choose. Never: after the
    roll every position that is not over has a legal move, and every choice can be made."""
    state = GAME.new_state(2, seed, first_player=0)
    while state.pending:
        state.apply(state.legal_actions()[0])
    # Empty the supply into seat 1's hand except the cards ``left``; cards are still conserved.
    keep = Counter(left)
    for a in sorted(state.supply):
        while state.supply[a] > keep[a]:
            state._gain(1, a)
    state._legal = None
    real = state.rng
    if how == "ribosome-rush":  # the action face, with Ribosome rush on top of the action deck
        deck = state.action_deck
        (deck.cards if "ribosome-rush" in deck.cards else deck.discards).remove("ribosome-rush")
        deck.cards.append("ribosome-rush")
    state.rng = _ForcedDie(real, "two" if how == "two" else "action", faces)
    state.phase = "roll"
    state._legal = None
    state.apply(Action("roll"))
    state.rng = real
    state._legal = None
    for _ in range(10):
        if state.is_terminal() or not state.pending:
            break
        legal = state.legal_actions()
        assert legal, f"no legal move with {dict(state.supply)} left and {state.pending[-1].prompt!r} waiting"
        state.apply(legal[0])
    assert state.is_terminal() or state.legal_actions()
    conserved(state)
