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
    """Determinized search tuned for Peptide: every candidate is played in each sampled world and
    the greedy bots play on to the end of the round (every organelle picked is resolved by then),
    where :func:`expected_final` values the position. Whole-game roll-outs (the first version) fit
    only one or two worlds in the page's budget and lost to greedy: from one position the
    difference between two moves' whole-game results varies by 0.3–0.5 (on the 0–1 scale) from world
    to world while the moves differ by a few hundredths, so it picked nearly at random among up to
    14 moves. A short roll-out judged by the score alone charges −1 for every amino acid just drawn
    and values ATP and RNA at nothing. Measured (2 players, seats alternated, 16 worlds a move, a
    median 26 ms of CPython per searched move): 146 of 202 games won against greedy, 72% (95%
    Wilson interval 66–78%); the page's 0.4 s budget samples more worlds than that."""

    samples = 16
    margin_scale = 6.0

    def leave_out(self, action: Action) -> bool:
        """ATP actions and face-down picks: greedy never finds them worth it and searching them
        doubles the Phase 1 candidates (it still plays one when nothing else is legal)."""
        return action.kind in ("reset-rna", "reset-organelles", "select-twice") or \
            (action.kind == "pick" and action.facedown)

    def delegate(self, state: PeptideState, legal: list[Action]) -> bool:
        """The order of resolving and the end-of-round discards: greedy's order (gatherers first)
        is sound and search time is better spent on picks, draws and links."""
        return all(a.kind in ("resolve", "end-turn", "discard") or self.leave_out(a) for a in legal)

    def evaluate(self, state: PeptideState, seat: int) -> float:
        """The margin of expected final scores (:func:`expected_final`), squashed into 0..1."""
        left = rounds_left(state)
        worth = [expected_final(state, p, left) for p in range(state.num_players)]
        others = max((w for p, w in enumerate(worth) if p != seat), default=0.0)
        return 0.5 + 0.5 * math.tanh((worth[seat] - others) / self.margin_scale)

    def _rollout(self, world: PeptideState, move: Action, seed: int) -> float:
        # As the generic roll-out, but it stops once the round is over (``horizon`` caps it too).
        child = world.clone()
        child.apply(move)
        bots = [self.game.make_bot(self.rollout_bot, s, seed) for s in range(child.num_players)]
        start = child.round
        limit = self.horizon if self.horizon is not None else self.game.max_moves
        for _ in range(limit):
            if child.is_terminal() or child.round != start:
                break
            child.apply(bots[child.current_player].choose(child))
        if child.is_terminal():
            return search.final_value(child, self.seat, self.margin_scale)
        return self.evaluate(child, self.seat)


SYNTHESES_PER_SEAT_ROUND = 0.25
"""Amino acids each seat draws per round in our bots' games (two players: about 11 in 22 rounds)."""


def rounds_left(st: PeptideState) -> float:
    """Rounds still to play after this one, as far as this world's deck tells: the STOP comes out
    once the cards above it are drawn down (one a synthetase), then one more round is played."""
    if st.stop_round is not None:
        return max(0.0, st.stop_round + 1 - st.round)
    from .cards import STOP
    from .rules import MAX_ROUNDS

    deck = st.amino_deck
    above = len(deck) - 1 - deck.index(STOP) if STOP in deck else 0
    draws = max(0, above - 1)
    return min(MAX_ROUNDS - st.round, draws / (SYNTHESES_PER_SEAT_ROUND * st.num_players) + 1)


def expected_final(st: PeptideState, p: int, left: float) -> float:
    """Points the seat can expect at the end: what its chain and bonus cards score now, the rest of
    each linked amino acid's value when it is likely to be made permanent in time, each amino acid
    in hand by its chance of being matched and linked (its missing RNA letters and the rounds left
    set the chance; −1 when it never is), and a little for ATP and RNA that can still be used."""
    total = float(sum(st.bonus[p]))
    ribosomes = left * 0.6  # ribosome turns still to come (a pick most rounds, not every one)
    pending = 0
    bonus = list(st.bonus_stack)
    for code, permanent in st.chain[p]:
        value = AMINO_CARDS[code].value
        if permanent:
            total += value
            continue
        total += _half_up(value)
        chance = max(0.0, min(1.0, ribosomes - pending)) * 0.9
        extra = value - _half_up(value) + (0.6 * bonus[pending] if pending < len(bonus) else 0)
        total += chance * extra
        pending += 1
    if left < 0.5:  # no turn left: the hand scores as the rules count it
        matched = best_matches(st.hand[p], st.rna[p])
        return total + matched - (len(st.hand[p]) - matched)
    rna = list(st.rna[p])
    for code in sorted(st.hand[p], key=lambda c: -AMINO_CARDS[c].value):
        card = AMINO_CARDS[code]
        need = _counts(card.codon)
        missing = sum(max(0, n - h) for n, h in zip(need, rna))
        rna = [max(0, h - n) for h, n in zip(rna, need)]
        chance = _MATCH_CHANCE[min(missing, 3)] * min(1.0, (left + 0.5) / (1 + missing))
        linked = max(0.0, min(1.0, ribosomes - pending - 0.5)) * 0.9
        pending += 1
        worth_matched = linked * (_half_up(card.value) + 0.4 * (card.value - _half_up(card.value))) + (1 - linked)
        total += chance * worth_matched - (1 - chance)
    if left >= 1:  # ATP and spare RNA still to be spent
        total += 0.3 * min(st.atp[p], 6) + 0.1 * sum(rna)
    return total


_MATCH_CHANCE = (1.0, 0.6, 0.35, 0.15)
"""Rough chance that an amino acid missing 0, 1, 2 or 3 RNA letters is matched before the end."""

