"""Peptide's greedy bot: plans from its own seat's cards and the public table, one move at a time.

It is fair by construction: it reads only its own ATP, RNA, hand, chain and drawn cards and the
face-up table, never another seat's hand or any deck order.
"""

from __future__ import annotations

from ...bots import SeatBot, search
from ...core import Action
from .cards import AMINO_CARDS, RNA_LETTERS
import math

from .rules import PeptideState, _half_up, best_matches

# Resolve gatherers before spenders, so the ATP and RNA are there when the Ribosome comes.
_RESOLVE_ORDER = {"mitochondrion": 5, "vacuole": 4, "nucleus": 3, "synthetase": 2, "ribosome": 1}


class GreedyBot(SeatBot):
    """Scores every legal move with a short heuristic and plays the best (ties broken by seed)."""

    name = "greedy"


    def choose(self, state: PeptideState) -> Action:
        """The legal action with the highest heuristic score."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng(state)
        need = _rna_need(state, self.seat)
        scored = [(self._score(state, a, need), a) for a in legal]
        best = max(s for s, _ in scored)
        return rng.choice([a for s, a in scored if s == best])

    def _score(self, st: PeptideState, a: Action, need: list[int]) -> float:
        p = self.seat
        atp, hand = st.atp[p], st.hand[p]
        kind = a.kind
        if kind == "pick":
            if a.facedown:
                return 0.5
            org = a.organelle
            mine = [o for o, _ in st.selected[p]]
            if org == "ribosome":
                linkable = any(st._has_rna(p, AMINO_CARDS[c].codon) for c in hand)
                return 9 if (linkable or st._leftmost_linked(p) is not None) and "ribosome" not in mine else 1.5
            if org == "synthetase":
                # Every amino acid left unmatched in hand costs a point at the end: stop drawing then.
                if "synthetase" in mine or atp < 1 or _unmatched(st, p) >= 2:
                    return 1
                return 6 if len(hand) < 3 else 4
            if org == "nucleus":
                return 5 + min(sum(need), 3) * 0.5 if hand else 3
            if org == "mitochondrion":
                return 7 if atp < 3 else 3
            return 4.5
        if kind == "resolve":
            return 10 + (6 if a.facedown else _RESOLVE_ORDER[a.organelle])
        if kind == "end-turn":
            return 1
        if kind == "rna-take":
            return 2 + need[RNA_LETTERS.index(st.rna_up[a.index])]
        if kind == "rna-draw2":
            return 2.5
        if kind == "keep" and a.get("letter"):
            return need[RNA_LETTERS.index(a.letter)]
        if kind == "keep":
            card = AMINO_CARDS[a.code]
            missing = sum(max(0, n - h) for n, h in zip(_counts(card.codon), st.rna[p]))
            return card.value - 1.5 * missing
        if kind == "vacuole":
            if a.choice == "collect":
                return 3
            column = 0 if a.choice == "energy" else 1
            full = atp if column == 0 else sum(st.rna[p])
            return 4 if full >= st.track[p][column] else 1
        if kind == "synthesize":
            return -2 if _unmatched(st, p) >= 3 else 5
        if kind == "link":
            return 6 + AMINO_CARDS[a.code].value / 2
        if kind == "permanent":
            i = st._leftmost_linked(p)
            value = AMINO_CARDS[st.chain[p][i][0]].value
            return 6 + value // 2 + (st.bonus_stack[0] if st.bonus_stack else 0)
        if kind == "discard":
            if a.item == "ATP":
                return 1
            return 2 - need[RNA_LETTERS.index(a.item)]
        if kind == "first-player":
            # Choosing first and resolving first (face-up RNA, ATP left) is worth about a good organelle.
            return 6.5 if st.first_player != p else 0.2
        return -1  # skip and the ATP actions: rarely worth it


def _unmatched(st: PeptideState, p: int) -> int:
    return len(st.hand[p]) - best_matches(st.hand[p], st.rna[p])


def _counts(codon: str) -> list[int]:
    return [codon.count(b) for b in RNA_LETTERS]


def _rna_need(st: PeptideState, p: int) -> list[int]:
    """How many more of each RNA letter the seat's hand of amino acids asks for."""
    want = [0, 0, 0, 0]
    for code in st.hand[p]:
        for i, n in enumerate(_counts(AMINO_CARDS[code].codon)):
            want[i] += n
    return [max(0, w - h) for w, h in zip(want, st.rna[p])]



class SearchBot(search.SearchBot):
    """The generic determinized search with greedy roll-outs to the end of the game. Whole games
    are cheap here, and only the end counts an unmatched amino acid fairly (a short horizon
    charges −1 for every card drawn, before it has had its chance to match). ``evaluate`` (hand
    valued by match chance) is used only with a ``horizon``; measured 2 players vs greedy, 8 worlds:
    horizon 16 won 1/16, horizon 40 won 0.5/16, so whole-game roll-outs stay the default."""

    samples = 4
    margin_scale = 4

    def evaluate(self, state: PeptideState, seat: int) -> float:
        """Score margin with every amino acid in a hand valued by its chance of being linked:
        the linked half value when it is, −1 when it never is (``hand_worth``)."""
        worth = [_without_hand(state, p) + hand_worth(state, p) for p in range(state.num_players)]
        others = max((w for p, w in enumerate(worth) if p != seat), default=0.0)
        return 0.5 + 0.5 * math.tanh((worth[seat] - others) / self.margin_scale)


_MATCH_CHANCE = (0.8, 0.5, 0.25, 0.1)
"""Rough chance that an amino acid missing 0, 1, 2 or 3 RNA letters is linked before the end."""


def _without_hand(st: PeptideState, p: int) -> int:
    """The seat's score leaving out the amino acids still in its hand."""
    return sum(v for label, v in st.score_breakdown(p) if "in hand" not in label)


def hand_worth(st: PeptideState, p: int) -> float:
    """Expected points of the seat's hand: each amino acid's linked half value times its chance of
    being matched, −1 times the chance it is not (its missing RNA letters set the chance)."""
    rna = list(st.rna[p])
    total = 0.0
    for code in st.hand[p]:
        card = AMINO_CARDS[code]
        missing = sum(max(0, n - h) for n, h in zip(_counts(card.codon), rna))
        chance = _MATCH_CHANCE[min(missing, 3)]
        total += chance * _half_up(card.value) - (1 - chance)
    return total

