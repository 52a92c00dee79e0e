"""The move limit (docs/rules-decisions.md › All games: a game must end) is named in the log when it ends a game."""

from __future__ import annotations

import pytest

from biocards import games

GAMES = games.all()
IDS = [g.id for g in GAMES]


def players_for(game) -> int:
    return 4 if game.id == "expression" else game.min_players


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_game_ended_by_the_move_limit_says_so_in_the_log(game):
    """docs/rules-decisions.md › All games: a visible limit ends a game that could loop; issue 33: a Translation game
    ended by the move limit had no game-over line in its log. Every game's last move says so."""
    state = game.new_state(players_for(game), 4)
    state.history.extend([state.legal_actions()[0]] * (game.max_moves - 1))  # as if those moves were made
    state._legal = None
    events = state.apply(state.legal_actions()[0])
    assert state.is_terminal()
    assert events[-1].kind == "game-over" and f"limit of {game.max_moves} moves" in events[-1].text
