"""Peptide over many seeded random games (≥200 per player count, basic and advanced).

Conservation: 48 RNA cards, 32 ATP, 30 organelles, 21 amino acid cards (20 + STOP) are always all
somewhere; nothing goes negative; every game ends; records replay; illegal moves change nothing.
"""

import pytest

from biocards import games
from biocards.bots import RandomBot
from biocards.core.testing import assert_illegal_changes_nothing, assert_replays
from biocards.games.peptide import amino_card

GAME = games.get("peptide")
GAMES_PER_CASE = 200


def conserved(st):
    """Every component is somewhere and no count is negative."""
    atp = st.atp_supply + sum(st.atp)
    assert atp == 32, atp
    assert min(st.atp) >= 0 and st.atp_supply >= 0
    rna = {b: 0 for b in "AGCU"}
    for b in st.rna_deck.all_cards() + st.rna_up:
        rna[b] += 1
    for p in range(st.num_players):
        assert min(st.rna[p]) >= 0
        for b, n in zip("AGCU", st.rna[p]):
            rna[b] += n
        for code, permanent in st.chain[p]:
            if not permanent:
                for b in amino_card(code).codon:
                    rna[b] += 1
    for top in st.pending:
        if top.kind == "nucleus-keep":
            for b in top.data["drawn"]:
                rna[b] += 1
    assert rna == {b: 12 for b in "AGCU"}, rna
    organelles = (len(st.org_box) + len(st.org_deck.all_cards()) + len(st.field)
                  + sum(len(s) for s in st.selected))
    assert organelles == 30
    aminos = list(st.amino_deck) + [c for h in st.hand for c in h] + [c for ch in st.chain for c, _ in ch]
    aminos += [c for top in st.pending if top.kind == "amino-keep" for c in top.data["drawn"]]
    stop_out = st.stop_round is not None
    assert len(aminos) + stop_out == 21 and len(set(aminos)) == len(aminos)
    assert sum(len(b) for b in st.bonus) + len(st.bonus_stack) == 3
    if st.advanced:
        assert all(4 <= e <= 10 and 3 <= r <= 9 for e, r in st.track)


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_conserve_and_end(players, advanced):
    """≥200 seeded random games: conservation every move, the game ends, the record replays."""
    for seed in range(GAMES_PER_CASE):
        st = GAME.new_state(players, seed, advanced=advanced)
        bots = [RandomBot(GAME, s, seed) for s in range(players)]
        moves = 0
        while not st.is_terminal():
            st.apply(bots[st.current_player].choose(st))
            moves += 1
            if moves % 4 == 0:  # every fourth move keeps 2,000 games inside the time budget
                conserved(st)
            if seed % 50 == 0 and moves % 97 == 0:
                assert_illegal_changes_nothing(st)
        conserved(st)
        assert moves <= GAME.max_moves
        assert st.legal_actions() == [] and st.current_player is None
        if seed % 20 == 0:
            assert_replays(st)
