"""Bot details from issue 13 that a student notices at the table."""

import pytest

from biocards import games
from biocards.bots import play_out


def offers_declined_twice_in_one_turn(history) -> int:
    """How often an offer or counter-offer is sent again in the same turn after being declined."""
    repeats, offer, seen = 0, None, set()
    for action in history:
        if action.kind == "roll":
            seen = set()
        if action.kind in ("propose", "counter"):
            offer = ([], [], action.kind)
        elif offer is not None and action.kind in ("give", "ask"):
            offer[0 if action.kind == "give" else 1].append(action.item)
        elif offer is not None and action.kind == "decline":
            key = (tuple(offer[0]), tuple(offer[1]), offer[2])
            repeats += key in seen
            seen.add(key)
    return repeats


@pytest.mark.parametrize("seed", range(6))
def test_nucleo_greedy_does_not_repeat_a_declined_offer_in_the_same_turn(seed):
    """Issue 13: an offer turned down (directly, or by declining the counter-offer it drew) is not
    made again that turn; before the fix about half of all declines were of a repeated offer."""
    game = games.get("nucleo")
    state = play_out(game.new_state(2, seed), [game.make_bot("greedy", s, seed) for s in range(2)])
    assert offers_declined_twice_in_one_turn(state.history) == 0
