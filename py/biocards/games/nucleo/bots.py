"""NUCLEO's greedy bot: aim at the protein card it is closest to building, trade toward it, build.

It reads only its own hand and the public table (supply, pool, offers), so it is fair.
"""

from __future__ import annotations

import math

from ...bots import SeatBot, search
from ...core import Action
from .cards import PROTEINS
from .rules import MAX_OFFERS_PER_TURN, NucleoState


def missing(hand: dict[str, int], name: str) -> dict[str, int]:
    """Amino acids still needed to build ``name`` from ``hand``."""
    return {a: n - hand.get(a, 0) for a, n in PROTEINS[name].composition.items() if hand.get(a, 0) < n}


def closeness(hand: dict[str, int], proteins: list[str]) -> float:
    """How good a hand is: near-complete valuable proteins score high."""
    if not proteins:
        return 0.0
    return max(PROTEINS[n].value / (1 + sum(missing(hand, n).values())) for n in proteins)


def declined_this_turn(state: NucleoState) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The (give, ask) offers declined since this turn's roll (RULINGS, issue 13: a bot does not
    make an offer again that was just turned down; it is read from the record, so bots stay
    stateless and a reloaded game plays on the same)."""
    declined, offer, proposed = set(), None, None
    start = len(state.history)
    while start and state.history[start - 1].kind != "roll":
        start -= 1
    for action in state.history[start:]:
        if action.kind == "propose":
            offer = proposed = ([], [])
        elif action.kind == "counter":
            offer = ([], [])
        elif offer is not None and action.kind in ("give", "ask"):
            offer[0 if action.kind == "give" else 1].append(action.item)
        elif offer is not None and action.kind == "decline":
            # A declined counter-offer ends the offer it answered as well.
            for turned_down in (offer, proposed):
                if turned_down is not None:
                    declined.add((tuple(turned_down[0]), tuple(turned_down[1])))
    return declined


class GreedyBot(SeatBot):
    """Builds what it can, trades for the missing amino acids of its nearest protein."""

    name = "greedy"


    def choose(self, state: NucleoState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = self.seat
        hand, proteins = state.amino[me], state.proteins[me]
        target = self._target(state)
        need = missing(hand, target) if target else {}
        by = {(a.kind, a.get("amino"), a.get("protein"), a.get("item"), a.get("seat"), a.get("boost"),
               a.get("receive"), a.get("card")): a for a in legal}

        def find(kind, **params):
            key = (kind, params.get("amino"), params.get("protein"), params.get("item"), params.get("seat"),
                   params.get("boost"), params.get("receive"), params.get("card"))
            return by.get(key)

        if state.pending:
            top = state.pending[-1]
            if top.kind == "choose-amino":
                for a in need:
                    if state.supply.get(a):
                        return find("take", amino=a)
                return max((a for a in legal), key=lambda a: state.supply[a.amino])
            if top.kind in ("trade-in", "recycle"):
                worst = max(proteins, key=lambda n: sum(missing(hand, n).values()) - PROTEINS[n].value)
                if top.kind == "trade-in" and sum(missing(hand, worst).values()) <= 4:
                    return find("trade-in", protein="")
                return find(top.kind, protein=worst)
            if top.kind == "offer":
                return self._answer_offer(state, top, legal)
            return self._build_offer(state, top, need, find)
        if state.phase == "roll":
            return legal[0]
        if state.phase == "trade":
            if any(a.kind == "play" and a.card == "transfer-rna" for a in legal) and need:
                return find("play", card="transfer-rna")
            if state.pool.count <= 6 and any(a.kind == "play" and a.card == "recycling" for a in legal) \
                    and any(sum(missing(hand, n).values()) > 3 for n in proteins):
                return find("play", card="recycling")
            if not need and target:
                return find("to-build")
            plan = self._plan_offer(state, need)
            if state.offers_made < MAX_OFFERS_PER_TURN and plan and plan not in declined_this_turn(state):
                return find("propose")
            # Five random cards for the one missing: worth it only when most of the hand is spare.
            if sum(need.values()) == 1 and sum(hand.values()) >= 14 and find("fixed-trade", receive="amino"):
                return find("fixed-trade", receive="amino")
            if not proteins and find("fixed-trade", receive="protein"):
                return find("fixed-trade", receive="protein")
            return find("to-build")
        builds = [a for a in legal if a.kind == "build"]
        if builds:
            bonus = {"none": 0, "catalyst": 1, "modification": 2, "gene-duplication": 0.5}
            return max(builds, key=lambda a: (PROTEINS[a.protein].value + bonus[a.boost], a.protein, a.boost))
        return find("end-turn")

    def _target(self, state: NucleoState) -> str | None:
        me = self.seat
        proteins = state.proteins[me]
        if not proteins:
            return None
        hand = state.amino[me]
        return max(proteins, key=lambda n: (PROTEINS[n].value / (1 + sum(missing(hand, n).values())), n))

    def _plan_offer(self, state: NucleoState, need: dict[str, int]):
        """(give, ask) toward the target protein, or None.

        One spare amino acid (one none of its protein cards uses) for one it is missing; when that
        is the last one missing, a coin as well, since finishing a protein pays several.
        """
        me = self.seat
        if not need or sum(need.values()) > 3:
            return None
        wanted = {a for n in state.proteins[me] for a in PROTEINS[n].composition}
        spare = sorted(a for a, n in state.amino[me].items() if a not in wanted and n)
        give = [f"aa:{spare[0]}"] if spare else []
        if state.coins[me] and (not give or sum(need.values()) == 1):
            give.append("coin")
        if not give:
            return None
        return tuple(give), (f"aa:{sorted(need)[0]}",)

    def _plan_counter(self, state: NucleoState, author: int, offered, asked):
        """(give, ask) answering a declined offer: what was asked, if spare, for one coin; or None."""
        me = self.seat
        if not asked or "coin" in offered or not state.coins[author] or not state._holds_all(me, asked):
            return None
        hand, proteins, coins = self._after(state, offered=(), asked=asked)
        if self._worth(hand, proteins, coins) < self._worth(dict(state.amino[me]), list(state.proteins[me]),
                                                             state.coins[me]):
            return None
        return tuple(asked), ("coin",)

    def _build_offer(self, state: NucleoState, top, need, find) -> Action:
        """One step of making an offer (or counter-offer) the plan describes."""
        if top.data.get("counter"):
            reply = top.data["reply_to"]
            plan = self._plan_counter(state, top.data["to"], reply["give"], reply["ask"])
        else:
            plan = self._plan_offer(state, need)
        if plan is None:
            return find("cancel")
        give, ask = plan
        if top.kind == "offer-target":
            others = [q for q in range(state.num_players) if q != self.seat]
            # Take turns round the table: a second offer this turn goes to the next player.
            seat = others[(state.round + state.offers_made) % len(others)]
            return find("offer-to", seat=seat) or find("cancel")
        chosen = top.data["give"] if top.kind == "offer-give" else top.data["ask"]
        wanted = give if top.kind == "offer-give" else ask
        left = list(wanted)
        for item in chosen:
            if item in left:
                left.remove(item)
        if left:
            return find("give" if top.kind == "offer-give" else "ask", item=left[0]) or find("cancel")
        return find("done-giving" if top.kind == "offer-give" else "send") or find("cancel")

    @staticmethod
    def _worth(hand: dict[str, int], proteins: list[str], coins: int) -> float:
        """How good a position is: progress toward a protein, coins, less the cards that would cost coins."""
        return closeness(hand, proteins) + 0.3 * coins - 0.05 * sum(PROTEINS[n].value for n in proteins)

    def _after(self, state: NucleoState, offered, asked):
        """This seat's hand, protein cards and coins if it received ``offered`` and gave ``asked``."""
        me = self.seat
        hand, proteins, coins = dict(state.amino[me]), list(state.proteins[me]), state.coins[me]
        for item, sign in [(i, +1) for i in offered] + [(i, -1) for i in asked]:
            kind, _, what = item.partition(":")
            if item == "coin":
                coins += sign
            elif kind == "aa":
                hand[what] = hand.get(what, 0) + sign
            elif sign > 0:
                proteins.append(what)
            else:
                proteins.remove(what)
        return hand, proteins, coins

    def _answer_offer(self, state: NucleoState, top, legal) -> Action:
        """Accept only a trade that leaves this seat better off; else counter if that helps, or decline."""
        by_kind = {a.kind: a for a in legal}
        me = self.seat
        if "accept" in by_kind:
            before = self._worth(dict(state.amino[me]), list(state.proteins[me]), state.coins[me])
            after = self._worth(*self._after(state, top.data["give"], top.data["ask"]))
            if after > before:
                return by_kind["accept"]
        if "counter" in by_kind and self._plan_counter(state, top.data["from"], top.data["give"], top.data["ask"]):
            return by_kind["counter"]
        return by_kind["decline"]



_TRADE_STEPS = frozenset({"give", "ask", "done-giving", "send", "offer-to"})
"""The card-by-card steps of building an offer: the greedy plan makes them (searching each step
lets the search wander into offers it never finishes)."""


class SearchBot(search.SearchBot):
    """The generic determinized search; greedy builds the offers it decides to make."""

    samples = 3
    margin_scale = 5
    horizon = 120

    def delegate(self, state: NucleoState, legal: list[Action]) -> bool:
        return any(a.kind in _TRADE_STEPS for a in legal)

    def evaluate(self, state: NucleoState, seat: int) -> float:
        def worth(p: int) -> float:
            # Score now, plus half the value of the nearest protein for the progress toward it.
            return state.scores()[p] + 0.5 * closeness(state.amino[p], state.proteins[p])

        mine = worth(seat)
        best_other = max(worth(q) for q in range(state.num_players) if q != seat)
        return 0.5 + 0.5 * math.tanh((mine - best_other) / 5)
