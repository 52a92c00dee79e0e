"""NUCLEO's bots: greedy aims at the protein card it is closest to building, trades toward it,
builds, and holds only cards it can expect to finish; SteadyBot is greedy made warier (the
search's own policy); search plays SteadyBot and looks ahead where that measurably helps.

Both judge a hand by its outlook: a protein card left unbuilt at the end costs its value, so each
card is worth its value times the chance of building it before the pool runs dry, less its value
otherwise. They read only their own hand and the public table (supply, pool, offers), so they
are fair.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...bots import SeatBot, search
from ...core import Action
from .cards import PROTEINS
from .rules import MAX_OFFERS_PER_TURN, NucleoState


_RECIPE = {name: tuple(protein.composition.items()) for name, protein in PROTEINS.items()}
"""Each protein's (amino acid, count) pairs, read once: the bots ask thousands of times a move."""
_VALUE = {name: protein.value for name, protein in PROTEINS.items()}


def missing(hand: dict[str, int], name: str) -> dict[str, int]:
    """Amino acids still needed to build ``name`` from ``hand``."""
    get = hand.get
    return {a: n - get(a, 0) for a, n in _RECIPE[name] if get(a, 0) < n}


def missing_count(hand: dict[str, int], name: str) -> int:
    """How many amino acid cards ``hand`` still lacks for ``name`` (``sum(missing(...).values())``)."""
    get = hand.get
    total = 0
    for a, n in _RECIPE[name]:
        held = get(a, 0)
        if held < n:
            total += n - held
    return total


NEEDED_PER_TURN = 0.5
"""Needed amino acids a turn brings on average: 1 2/3 random cards, a needed kind 1 time in 20
per kind, and the fixed trade turning five spare cards into a chosen one (about what bot games
show: some 2.5 proteins built per player in a game of 30 turns)."""
COINS_PER_TURN = 0.4
"""Coins one player's turn takes from the pool on average (measured in bot games), so the pool
left says how many turns are left."""


def turns_left(pool: int, players: int) -> float:
    """About how many more turns each player gets before the pool is empty."""
    return pool / (COINS_PER_TURN * players)


@lru_cache(maxsize=4096)
def chance_to_finish(still: int, turns: float) -> float:
    """The chance of gathering ``still`` missing amino acids in ``turns`` turns (the useful cards
    a turn brings taken as Poisson)."""
    if still <= 0:
        return 1.0
    lam = max(turns, 0.0) * NEEDED_PER_TURN
    term = total = math.exp(-lam)
    for k in range(1, still):
        term *= lam / k
        total += term
    return max(0.0, 1.0 - total)


def outlook(hand: dict[str, int], proteins: list[str], pool: int, players: int) -> list[tuple[str, float]]:
    """Each protein card held with its expected worth in coins at the end: its value if built
    (no more than the pool holds) times the chance of building it, less its value if not.

    Cards are built one after another, nearest first: the hand's amino acids go to the nearer
    cards, and a card's chance counts everything the cards before it still lack, since the same
    turns have to bring those first.
    """
    if not proteins:
        return []
    turns = turns_left(pool, players)
    left = dict(hand)
    out = []
    before = 0
    for name in sorted(proteins, key=lambda n: (missing_count(hand, n), n)):
        before += missing_count(left, name)
        for a, n in _RECIPE[name]:
            if left.get(a):
                left[a] = max(0, left[a] - n)
        value = _VALUE[name]
        p = chance_to_finish(before, turns)
        out.append((name, p * min(value, max(pool, 1)) - (1 - p) * value))
    return out


KEEP_AT_MOST = 2
"""Protein cards a player may hold and still take one more without trading one in."""
FRESH_CARD_TURNS = 10
"""Turns left below which a new protein card from the fixed trade is more likely a loss than a gain."""


def missing_kinds(hand: dict[str, int], proteins: list[str]) -> set[str]:
    """Every amino acid some protein card held still lacks."""
    return {a for n in proteins for a in missing(hand, n)}


def worth(hand: dict[str, int], proteins: list[str], coins: int, pool: int, players: int) -> float:
    """A position's expected score in coins: coins, plus each protein card's outlook."""
    return coins + sum(v for _, v in outlook(hand, proteins, pool, players))


def declined_this_turn(state: NucleoState) -> set[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The (give, ask) offers declined since this turn's roll (docs/rules-decisions.md › NUCLEO, issue 13: a bot does not
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
    """Builds what it can, trades for the missing amino acids of its nearest protein, and keeps
    only protein cards it can expect to finish (issue 13: an unbuilt card costs its value)."""

    name = "greedy"
    keep_at_most = KEEP_AT_MOST
    proposes = True
    """Whether it offers trades of its own (it always answers offers)."""
    fixed_trade_margin = 1.0
    """How many times the expected loss of five random cards the chosen amino acid must be worth."""
    fixed_trade_within: int | None = None
    """When set, the fixed trade is made only for a target protein this many amino acids short or fewer."""
    build_bonus = {"none": 0, "catalyst": 1, "modification": 2, "gene-duplication": 0.5}
    """What each boost adds when choosing a build (gene duplication keeps a card to build again)."""

    def choose(self, state: NucleoState) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = self.seat
        hand, proteins = state.amino[me], state.proteins[me]
        target = self._target(state)
        need = missing(hand, target) if target else {}
        by = {(a.kind, a.params): a for a in legal}

        def find(kind, **params):
            # Every lookup names all of the move's parameters, so (kind, params) finds it.
            return by.get((kind, tuple(sorted(params.items()))))

        if state.pending:
            top = state.pending[-1]
            if top.kind == "choose-amino":
                return self._choose_amino(state, legal)
            if top.kind in ("trade-in", "recycle"):
                worst, value = self._worst(state)
                # The top card comes either way, and one more card held slows every other one: keep
                # them all only with few cards, each likely to be built.
                if top.kind == "trade-in" and len(proteins) <= self.keep_at_most and value >= 1:
                    return find("trade-in", protein="")
                return find(top.kind, protein=worst)
            if top.kind == "offer":
                return self._answer_offer(state, top, legal)
            if top.kind == "counter-chance":  # another player's offer was turned down: sell them what they asked?
                if self._plan_counter(state, top.data["from"], top.data["give"], top.data["ask"]):
                    return find("counter")
                return find("pass")
            return self._build_offer(state, top, need, find)
        if state.phase == "roll":
            return legal[0]
        if state.phase == "trade":
            incomplete = any(missing(hand, n) for n in proteins)
            if incomplete and find("play", card="transfer-rna"):
                return find("play", card="transfer-rna")
            if find("play", card="recycling") and self._worst(state)[1] < -1:
                return find("play", card="recycling")
            plan = self._plan_offer(state, need)
            # No offer once the minute for negotiating is up (proposing is then not a legal move).
            if self.proposes and find("propose") and state.offers_made < MAX_OFFERS_PER_TURN and plan \
                    and plan not in declined_this_turn(state):
                return find("propose")
            if incomplete and find("fixed-trade", receive="amino") and self._fixed_trade_pays(state):
                return find("fixed-trade", receive="amino")
            if not proteins and find("fixed-trade", receive="protein") \
                    and turns_left(state.pool.count, state.num_players) >= FRESH_CARD_TURNS:
                return find("fixed-trade", receive="protein")
            return find("to-build")
        builds = [a for a in legal if a.kind == "build"]
        if builds:
            bonus = self.build_bonus
            return max(builds, key=lambda a: (PROTEINS[a.protein].value + bonus[a.boost], a.protein, a.boost))
        return find("end-turn")

    def _worth_of(self, state: NucleoState, hand, proteins, coins) -> float:
        return worth(hand, proteins, coins, state.pool.count, state.num_players)

    def _worst(self, state: NucleoState) -> tuple[str | None, float]:
        """The protein card held with the poorest outlook, and that outlook."""
        me = self.seat
        views = outlook(state.amino[me], state.proteins[me], state.pool.count, state.num_players)
        if not views:
            return None, 0.0
        name, value = min(views, key=lambda v: (v[1], v[0]))
        return name, value

    def _choose_amino(self, state: NucleoState, legal: list[Action]) -> Action:
        """The amino acid that does the most for the protein cards held (the commonest if none helps)."""
        me = self.seat
        hand, proteins, coins = state.amino[me], state.proteins[me], state.coins[me]

        def gain(action):
            more = dict(hand)
            more[action.amino] = more.get(action.amino, 0) + 1
            return (self._worth_of(state, more, proteins, coins), state.supply[action.amino], action.amino)

        return max(legal, key=gain)

    def _fixed_trade_pays(self, state: NucleoState) -> bool:
        """Whether five random cards of the hand are worth less than the one amino acid chosen."""
        me = self.seat
        hand, proteins, coins = state.amino[me], state.proteins[me], state.coins[me]
        size = sum(hand.values())
        if size < 5:
            return False
        now = self._worth_of(state, hand, proteins, coins)
        best = 0.0
        for a in missing_kinds(hand, proteins):
            more = dict(hand)
            more[a] = more.get(a, 0) + 1
            best = max(best, self._worth_of(state, more, proteins, coins) - now)
        if best <= 0:
            return False
        if self.fixed_trade_within is not None:
            target = self._target(state)
            if target is None or missing_count(hand, target) > self.fixed_trade_within:
                return False
        loss = 0.0
        for a, n in hand.items():
            fewer = dict(hand)
            fewer[a] -= 1
            loss += n * (now - self._worth_of(state, fewer, proteins, coins))
        # Each card goes with chance 5 / size (losses of several cards add up about linearly).
        return best > loss * 5 / size * self.fixed_trade_margin

    def _target(self, state: NucleoState) -> str | None:
        """The protein card to trade toward: the incomplete one most likely to be finished."""
        me = self.seat
        hand = state.amino[me]
        incomplete = [n for n in state.proteins[me] if missing(hand, n)]
        if not incomplete:
            return None
        return min(incomplete, key=lambda n: (sum(missing(hand, n).values()), -PROTEINS[n].value, n))

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
        if (tuple(asked), ("coin",)) in declined_this_turn(state):
            return None  # issue 13: the same counter-offer, turned down once this turn, is not made again
        if self._worth_of(state, *self._after(state, offered=(), asked=asked)) < \
                self._worth_of(state, dict(state.amino[me]), list(state.proteins[me]), state.coins[me]):
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

    def trade_improves(self, state: NucleoState, top) -> bool:
        """Whether accepting the offer ``top`` leaves this seat better off, judged by its outlook
        (coins plus each protein card's expected worth)."""
        me = self.seat
        before = self._worth_of(state, dict(state.amino[me]), list(state.proteins[me]), state.coins[me])
        after = self._worth_of(state, *self._after(state, top.data["give"], top.data["ask"]))
        return after > before + 0.05

    def _answer_offer(self, state: NucleoState, top, legal) -> Action:
        """Accept only a trade that leaves this seat better off (a protein card it cannot expect to
        finish counts against it); else counter if that helps, or decline."""
        by_kind = {a.kind: a for a in legal}
        if "accept" in by_kind and self.trade_improves(state, top):
            return by_kind["accept"]
        if "counter" in by_kind and self._plan_counter(state, top.data["from"], top.data["give"], top.data["ask"]):
            return by_kind["counter"]
        return by_kind["decline"]


class BeginnerBot(SeatBot):
    """The beginner level: a random legal move, except that it never accepts a trade that leaves
    it worse off (docs/rules-decisions.md › NUCLEO: bots accept a trade only if it improves their position). It may still
    turn down a good one: a beginner plays weakly, but does not give its coins away."""

    name = "random"

    def choose(self, state: NucleoState) -> Action:
        # A computer answers at once, so the minute for negotiating never runs out on it.
        legal = [a for a in state.legal_actions() if a.kind != "time-up"]
        top = state.pending[-1] if state.pending else None
        if top is not None and top.kind == "offer" and any(a.kind == "accept" for a in legal):
            if not GreedyBot(state.game, self.seat, self.seed).trade_improves(state, top):
                legal = [a for a in legal if a.kind != "accept"]
        return self.rng(state).choice(legal)


class SteadyBot(GreedyBot):
    """The search bot's own policy for its seat: greedy with a few changes, each measured against
    greedy (800 two-player games a change, seats alternated; about 66% all together).

    - It makes no offers of its own (it still answers them): an offer greedy accepts is one that
      helps greedy, its only rival.
    - On the die's protein face it always puts its poorest card under the pile before taking the
      top one, so the cards held get better instead of more (an unbuilt card costs its value at
      the end: greedy players end with about 4 coins of them).
    - It makes the fixed trade only toward a protein two or fewer amino acids short, and only when
      the chosen amino acid is worth twice the five random cards given up.
    - It never builds with Gene duplication, which keeps a card that may end the game unbuilt.

    Not offered as a level of its own: it is the search's base, and the yardstick stays greedy."""

    name = "steady"
    keep_at_most = 0
    proposes = False
    fixed_trade_margin = 2.0
    fixed_trade_within = 2
    build_bonus = {**GreedyBot.build_bonus, "gene-duplication": -1}


class SearchBot(search.SearchBot):
    """The strong level: SteadyBot's play, with the one question a search measurably helps with
    searched (which protein card to put back under the pile, on the protein face or with
    Protein recycling): every candidate is tried in the same re-dealt worlds, its own seat then
    played by SteadyBot and the rivals by greedy for 40 moves, and the position scored by the
    outlook (coins plus each protein card's expected worth), mine against the best rival's.

    Searched elsewhere it did worse than its policy alone: part 3's choices (the fixed trade
    looked better than it is: 30% of 60 games against greedy), answering offers (the re-dealt
    worlds do not know that the rival asks for what it lacks, so it accepted trades that helped
    the rival: 43% of 60) and choosing an amino acid (59% of 150, the policy alone 62%).
    """

    samples = 4
    margin_scale = 5
    horizon = 40
    loyalty = 0.08
    """With a handful of worlds a move's lead is mostly noise: another move than the policy's must
    look clearly better (the generic 0.03 let the search drift into worse moves)."""
    searched = frozenset({"trade-in", "recycle"})
    """The questions searched; every other decision is the policy's."""

    def policy(self, seat: int, seed: int) -> SeatBot:
        # Its own seat plays the steadier policy (in roll-outs too, so a move is judged by how it
        # would go on); the rivals are taken to play greedy.
        if seat == self.seat:
            return SteadyBot(self.game, seat, seed)
        return GreedyBot(self.game, seat, seed)

    def delegate(self, state: NucleoState, legal: list[Action]) -> bool:
        if state.pending:
            return state.pending[-1].kind not in self.searched
        return True

    def evaluate(self, state: NucleoState, seat: int) -> float:
        pool, players = state.pool.count, state.num_players

        def expected(p: int) -> float:
            return max(0.0, worth(state.amino[p], state.proteins[p], state.coins[p], pool, players))

        mine = expected(seat)
        best_other = max(expected(q) for q in range(players) if q != seat)
        return 0.5 + 0.5 * math.tanh((mine - best_other) / self.margin_scale)
