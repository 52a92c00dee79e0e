"""Peptide over many seeded random games (50 per player count, basic and advanced: 500 games).

Conservation: 48 RNA cards, 32 ATP, 30 organelles, 21 amino acid cards (20 + STOP) are always all
somewhere; nothing goes negative; every game ends; records replay; illegal moves change nothing.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

from biocards import games
from biocards.bots import RandomBot
from biocards.core import Rng
from biocards.core.testing import assert_illegal_changes_nothing, assert_replays
from biocards.games.peptide import amino_card
from biocards.games.peptide.rules import MAX_ROUNDS

GAME = games.get("peptide")
GAMES_PER_CASE = 50
"""Games per player count and rules. Every kind of choice, move (with its parameters) and event that
200 games of a case reach, and both endings, is reached within its first 5 games (measured for all
ten cases), so the games beyond are more samples of the same checks; 50 a case (ten times that;
200, then 100, until issue 41's time limit) still end a fifth of them by the STOP card."""


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


class BusyRandomBot:
    """Random, but rarely idle and (when ``eager``) keen on the synthetase, so games also reach the
    STOP card: uniform random play almost never draws amino acids, and its games end by the round cap."""

    _IDLE = {"skip", "reset-rna", "reset-organelles", "select-twice"}

    def __init__(self, seat: int, seed: int, eager: bool) -> None:
        self.seat, self.seed, self.eager = seat, seed, eager

    def choose(self, state):
        rng = Rng.derive(self.seed, self.seat, len(state.history))
        legal = state.legal_actions()
        busy = [a for a in legal if a.kind not in self._IDLE]
        eager = [a for a in busy if a.kind == "synthesize"
                 or (a.kind == "pick" and a.organelle == "synthetase" and not a.facedown)]
        if self.eager and eager and rng.randbelow(10) < 7:
            return rng.choice(eager)
        return rng.choice(busy if busy and rng.randbelow(10) else legal)


def bots_for(players, seed):
    """Seeds cycle through uniform random, busy random and eager random play."""
    if seed % 3 == 0:
        return [RandomBot(GAME, s, seed) for s in range(players)]
    return [BusyRandomBot(s, seed, eager=seed % 3 == 2) for s in range(players)]


def play_checked(st, bots, *, check_every, illegal_at):
    moves = 0
    while not st.is_terminal():
        st.apply(bots[st.current_player].choose(st))
        moves += 1
        if moves % check_every == 0:
            conserved(st)
        if moves % 61 == illegal_at and not st.is_terminal():
            assert_illegal_changes_nothing(st)
    conserved(st)
    return moves


def ended_by_the_rules(st):
    """The game ends one full round after the round the STOP card appeared, or at the round cap."""
    assert st.legal_actions() == [] and st.current_player is None
    if st.stop_round is not None:
        assert st.round == min(st.stop_round + 1, MAX_ROUNDS)
    else:
        assert st.round == MAX_ROUNDS


@pytest.mark.parametrize("advanced", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_conserve_and_end(players, advanced):
    """Seeded random games: conservation, nothing negative, illegal moves change nothing, the game
    ends by the rules, the record replays; many of them end by the STOP card, not only by the cap."""
    stop_endings = 0
    for seed in range(GAMES_PER_CASE):
        st = GAME.new_state(players, seed, advanced=advanced)
        # Conservation every fourth move keeps 500 games inside the time budget.
        moves = play_checked(st, bots_for(players, seed), check_every=4, illegal_at=seed % 61)
        assert moves <= GAME.max_moves
        ended_by_the_rules(st)
        stop_endings += st.stop_round is not None
        if seed % 5 == 0:
            assert_replays(st)
    assert stop_endings >= GAMES_PER_CASE // 5, stop_endings


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=hst.integers(2, 6), seed=hst.integers(0, 2**32 - 1), advanced=hst.booleans(),
       style=hst.integers(0, 2))
def test_any_seed_conserves_every_move(players, seed, advanced, style):
    """Hypothesis over seeds: every component conserved and nothing negative after every single move."""
    st = GAME.new_state(players, seed, advanced=advanced)
    play_checked(st, bots_for(players, seed - seed % 3 + style), check_every=1, illegal_at=seed % 61)
    ended_by_the_rules(st)
    assert_replays(st)
