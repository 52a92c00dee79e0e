"""A game dealt on the page can be resumed: its seed is one a record may carry (core.records
MAX_SEED). Seeds drawn from all 64 bits were refused on reload half the time: the save was put
aside as damaged and a new game dealt (found with tests/browser/test_saves.py's empty-seed test)."""

import secrets

from biocards import games
from biocards.core.records import MAX_SEED, dumps, read_record
from biocards.web.seats import new_seed


def test_the_largest_seed_the_page_can_draw_is_saved_and_resumed(monkeypatch):
    monkeypatch.setattr(secrets, "randbits", lambda bits: (1 << bits) - 1)  # every bit set
    seed = new_seed()
    assert 0 <= seed <= MAX_SEED
    game = games.get("translation")
    state = game.new_state(2, seed)
    state.apply(state.legal_actions()[0])
    resumed = game.load(read_record(dumps(state.to_record()), game))
    assert resumed.view(0) == state.view(0)
