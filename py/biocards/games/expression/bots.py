"""The gene-expression game's greedy bot: shed heavy cards, keep the pathway open, save mutations
for the leader (until a hand is near its end, when a held mutation is 20 points for the winner).

It reads only what its seat sees (its own hand, the top card, how many cards each player holds and
the match scores), so it is fair by construction: hidden cards never enter its reckoning.
"""

from __future__ import annotations

import math

from ...bots import SeatBot, search
from ...core import Action
from .cards import ACTION_POINTS, is_action, next_category, points
from .rules import ExpressionState

# Weights of the evaluation; found by playing greedy against random and against older weights.
_OUT = 1000          # playing the last card wins the hand
_SHED = 0.3          # per point shed: heavy cards are what the winner would score off us
_CATEGORY = 6.0      # per pathway step still covered by the rest of the hand
_FOLLOW = 2.0        # per card in hand that could follow the card we leave on top
_ATTACK = 40.0       # a Translocation or Insertion aimed at a threatening next player
_SAVE = -18.0        # the same card spent on a harmless player: keep it for the leader
_DELETION = 10.0     # a Deletion sheds a second card at once
_DRAW = -25.0        # drawing instead of playing
_ENDGAME = 3         # an opponent this close to going out may end the hand before a saved action is used


class GreedyBot(SeatBot):
    """Scores each legal move on the visible table and takes the best (seeded tie-break)."""

    name = "greedy"


    def choose(self, state: ExpressionState) -> Action:
        """The legal move this bot likes best."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        rng = self.rng(state)
        top = state.pending[-1] if state.pending else None
        if top is not None and top.kind in ("swap-first", "swap-second"):
            return self._swap(state, legal, top)
        hand = list(state.hands[self.seat])
        if state.drawn is not None:
            hand.append(state.drawn)
        scored = [(self._value(state, a, hand), i) for i, a in enumerate(legal)]
        best = max(v for v, _ in scored)
        return legal[rng.choice([i for v, i in scored if v == best])]

    def _threat(self, state: ExpressionState, seat: int) -> bool:
        """A player worth hurting: nearly out, or leading the match."""
        sizes = state.hand_sizes()
        leader = max(state.totals)
        return sizes[seat] <= 2 or (leader > 0 and state.totals[seat] == leader) or sizes[seat] == min(
            s for p, s in enumerate(sizes) if p != self.seat)

    def _value(self, state: ExpressionState, action: Action, hand: list[str]) -> float:
        if action.kind in ("draw", "pass"):
            return _DRAW
        if action.kind == "keep":
            return 0.0
        card = action.card
        rest = list(hand)
        rest.remove(card)
        if not rest:
            return _OUT
        value = _SHED * points(card) + _CATEGORY * len({c.split(":")[0] for c in rest})
        # Cards we could lay on our own card if it is still on top when our turn comes round.
        value += _FOLLOW * sum(1 for c in rest if c.split(":")[0] == next_category(card.split(":")[0]))
        if is_action(card):
            # Save actions while the hand is young; once someone may go out soon, an action still in
            # hand is 20 points for them, so shed it like any heavy card. Measured against the version
            # that always saves (2 seats each, 400 matches to 500): 52.6% of 5,266 hands on the seeds
            # the threshold was chosen on, 51.1% of 5,313 hands on fresh seeds.
            endgame = min(s for p, s in enumerate(state.hand_sizes()) if p != self.seat) <= _ENDGAME
            if not endgame:
                value -= _SHED * ACTION_POINTS  # shedding an action is not a reason to spend it
            kind = card.split(":")[1]
            nxt = (self.seat + 1) % state.num_players
            if kind in ("translocation", "insertion"):
                value += _ATTACK if self._threat(state, nxt) else 0.0 if endgame else _SAVE
            elif kind == "deletion":
                value += _DELETION if any(not c.endswith(":deletion") for c in rest) else _SAVE
            else:  # substitution: worth it when another hand is much smaller than ours
                smallest = min(s for p, s in enumerate(state.hand_sizes()) if p != self.seat)
                value += 8.0 * (len(rest) - smallest) - 10.0
        return value

    def _swap(self, state: ExpressionState, legal: list[Action], top) -> Action:
        """Take the smallest hand if ours is bigger; otherwise give the leader the biggest hand."""
        sizes = state.hand_sizes()
        me = self.seat
        others = [p for p in range(state.num_players) if p != me]
        smallest = min(others, key=lambda p: (sizes[p], -state.totals[p], p))
        if sizes[me] > sizes[smallest] or len(others) == 1:
            pair = (me, smallest)
        else:
            rest = [p for p in others if p != smallest]
            pair = (smallest, max(rest, key=lambda p: (sizes[p], p)))
        wanted = pair[0] if top.kind == "swap-first" else next(
            (p for p in pair if p != top.data["first"]), None)
        for action in legal:
            if action.seat == wanted:
                return action
        return legal[0]



class SearchBot(search.SearchBot):
    """The generic determinized search with greedy roll-outs of twenty moves: a match runs to
    hundreds of points over many hands, so the roll-out is scored by the points margin. Fifty
    worlds a move is about what the page's 0.4 s buys in Pyodide (a world costs about 3 ms in
    CPython), so the bench measures the page's strong bot."""

    samples = 50
    horizon = 20

    def evaluate(self, state: ExpressionState, seat: int) -> float:
        scores = state.scores()
        others = max(s for p, s in enumerate(scores) if p != seat)
        return 0.5 + 0.5 * math.tanh((scores[seat] - others) / 30)
