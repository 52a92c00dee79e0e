"""The engine contract (docs/design.md), checked on random legal games of every registered game.

Each game's own property tests add its conservation rules; these hold for all of them: legal
moves exist until the end, every event has text, scores add up, views are JSON, records replay,
illegal moves raise and change nothing, the game ends, and bots do not peek.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from biocards import games
from biocards.core.testing import (assert_bell_keeps_the_contract, assert_contract_step, assert_fair_bot,
                                   assert_illegal_changes_nothing, assert_replays, observable, random_game)

GAMES = games.all()
SEATS = [(g.id, n) for g in GAMES for n in range(g.min_players, g.max_players + 1)]


@pytest.mark.parametrize("game_id, players", SEATS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_game_keeps_the_contract_and_replays(game_id, players, seed):
    """Every move keeps the contract; the finished game's record replays to the same state; the bell
    rung once along the way (on a copy) ends the game or leaves a round to finish, as the contract
    says (docs/rules-decisions.md › All games › Play to the bell)."""
    game = games.get(game_id)
    checked = {"n": 0}
    positions = {}  # moves made -> what could be seen then: the record must replay through each

    def check(state, events):
        assert_contract_step(state, events)
        checked["n"] += 1
        if checked["n"] % 17 == 1 and not state.is_terminal():
            assert_illegal_changes_nothing(state)
            positions[len(state.history)] = observable(state)
            if checked["n"] == 1 + 17 * (seed % 4):  # one position a game, earlier or later by the seed
                assert_bell_keeps_the_contract(state)

    state = random_game(game, players, seed, check_each=check)
    assert_replays(state, along=positions)


def test_a_replay_that_passes_through_another_position_on_the_way_fails():
    """assert_replays checks the positions along the game, not only the last one: a position seen
    during play that the record's replay does not pass through is reported with its move number."""
    game = games.get("translation")
    positions = {}
    state = random_game(game, 2, 5, check_each=lambda s, _: positions.setdefault(len(s.history), observable(s)))
    assert_replays(state, along=positions)
    middle = len(state.history) // 2
    positions[middle] = {**positions[middle], "current": "someone else"}
    with pytest.raises(AssertionError, match=f"first {middle} moves"):
        assert_replays(state, along=positions)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_decide_only_from_what_their_seat_sees(game_id, bot):
    """DESIGN: bots are fair; changing only hidden cards does not change a bot's choice."""
    game = games.get(game_id)
    state = game.new_state(game.min_players, seed=11)
    for ply in range(30):
        if state.is_terminal():
            break
        assert_fair_bot(state, bot, seed=ply)
        state.apply(game.make_bot("random", state.current_player, 5).choose(state))


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_greedy_bots_play_a_whole_game(game_id):
    """A game with only bots plays itself to the end (docs/rules-decisions.md › All games)."""
    from biocards.bots import play_out

    game = games.get(game_id)
    state = game.new_state(game.min_players, seed=3)
    play_out(state, [game.make_bot("greedy", s, 3) for s in range(game.min_players)])
    assert state.is_terminal() and state.current_player is None


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_game_declares_its_facts(game_id):
    """docs/design.md › The engine contract: each game declares id, title, players and bots once."""
    game = games.get(game_id)
    assert game.title and game.summary
    assert 1 <= game.min_players <= game.max_players
    assert {"random", "greedy"} <= set(game.bots)


@pytest.mark.parametrize("game_id", [g.id for g in GAMES if g.render is not None])
def test_every_table_is_readable_and_offers_only_legal_moves(game_id):
    """DESIGN: keyboard and screen reader on every table, no dead buttons. The SVG is a group with a
    text summary (an image role would hide its cards), and every clickable element is a legal move
    (the page adds a button for any legal move the drawing leaves out)."""
    import re

    from biocards.bots import RandomBot
    from biocards.core.testing import assert_table_offers_only_legal_moves

    game = games.get(game_id)
    for players in (game.min_players, game.max_players):
        state = game.new_state(players, seed=4)
        for ply in range(150):
            if state.is_terminal():
                break
            svg = game.render(state.view(state.current_player), legal=state.legal_actions())
            root = re.match(r"<svg [^>]*>", svg).group(0)
            assert 'role="img"' not in root and "<desc>" in svg
            assert_table_offers_only_legal_moves(svg, state.legal_actions())
            state.apply(RandomBot(game, state.current_player, ply).choose(state))
