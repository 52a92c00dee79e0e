"""The ``search`` bot (issue 16): legal, repeatable, fair and finite in every game.

Budgets here are tiny (one world, short roll-outs) so the tests check behaviour, not strength;
strength is measured by ``python3 build.py bench``.
"""

import pytest

from biocards import games
from biocards.bench import TWO_PLAYER_OPTIONS
from biocards.bots import RandomBot

GAMES = games.all()
TINY = {"samples": 1, "horizon": 6}


def search_bot(game, seat, seed, **budget):
    return game.bots["search"](game, seat, seed, **(budget or TINY))


def positions(game, seed, count):
    """Positions from a random game of two (or the fewest) players, a few moves apart."""
    players = 2 if game.min_players <= 2 or game.id in TWO_PLAYER_OPTIONS else game.min_players
    options = TWO_PLAYER_OPTIONS.get(game.id, {}) if players == 2 else {}
    state = game.new_state(players, seed, **options)
    walkers = [RandomBot(game, s, seed) for s in range(players)]
    found = 0
    while not state.is_terminal() and found < count:
        if len(state.history) % 7 == 3:
            found += 1
            yield state
        state.apply(walkers[state.current_player].choose(state))


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_every_game_offers_a_search_bot(game_id):
    """Issue 16: three levels in every game, so the page can offer beginner, good and strong."""
    assert {"random", "greedy", "search"} <= set(games.get(game_id).bots)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_search_plays_only_legal_moves_and_is_repeatable(game_id):
    """A bot's move is one of the legal moves, and the same position and seed give the same move
    (a reloaded game plays on exactly as before)."""
    game = games.get(game_id)
    for state in positions(game, seed=21, count=5):
        seat = state.current_player
        move = search_bot(game, seat, 4).choose(state)
        assert move in state.legal_actions()
        assert search_bot(game, seat, 4).choose(state.clone()) == move


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_search_decides_only_from_what_its_seat_sees(game_id):
    """DESIGN (fair bots): re-dealing every card hidden from the seat, with the seat's view
    unchanged, does not change the search bot's move for the same seed."""
    game = games.get(game_id)
    for state in positions(game, seed=8, count=5):
        seat = state.current_player
        other_world = state.determinized(seat, 12345)
        assert other_world.view(seat) == state.view(seat)
        assert search_bot(game, seat, 2).choose(state) == search_bot(game, seat, 2).choose(other_world)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_search_bots_finish_a_game_and_the_record_replays(game_id):
    """Two search bots play a whole game to its end within the engine's move cap, and the record
    they leave replays to the same scores."""
    game = games.get(game_id)
    players = 2 if game.id in TWO_PLAYER_OPTIONS or game.min_players <= 2 else game.min_players
    options = TWO_PLAYER_OPTIONS.get(game.id, {}) if players == 2 else {}
    state = game.new_state(players, 5, **options)
    bots = [search_bot(game, s, 5, samples=1, horizon=2) for s in range(players)]
    for _ in range(game.max_moves):
        if state.is_terminal():
            break
        state.apply(bots[state.current_player].choose(state))
    assert state.is_terminal()
    assert game.load(state.to_record()).scores() == state.scores()


def test_bench_head_to_head_alternates_seats_and_reports_the_interval_and_budget():
    """Issue 16: the bench's head-to-heads give the sample size, the 95% Wilson interval around
    the win share, and a searching bot's budget."""
    from biocards.bench import head_to_head, wilson

    assert wilson(0, 0) == [0.0, 1.0]
    low, high = wilson(10, 10)
    assert high == 1.0 and 0.70 < low < 0.75  # 10 of 10 still allows a true share near 72%
    low, high = wilson(65, 100)
    assert low < 0.65 < high
    game = games.get("translation")
    result = head_to_head(game, "search", "random", 2, first_seed=3, bot_options={"samples": 1, "horizon": 2})
    assert result["games"] == 2 and result["search_budget"] == {"samples": 1, "horizon": 2}
    assert result["wilson95"][0] <= result["win_share"] <= result["wilson95"][1]
    greedy = head_to_head(game, "greedy", "random", 2, first_seed=3)
    assert "search_budget" not in greedy
