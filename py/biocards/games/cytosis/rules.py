"""Cytosis rules: worker placement inside a human cell (base game).

A vesicle carries cubes, not a named card: the card is revealed only at exocytosis, so a vesicle's
contents must match a card in hand then (2 protein + 1 carbohydrate fits Insulin or its receptor).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core import Action, Event, GameState, Move, Rng, first_seat, next_seat, seats_from
from ...i18n import N_, Message, _
from ...i18n import lazy_gettext as _lazy_gettext
from ...i18n import message as _message
from ...i18n import nmessage as _nmessage
from .cards import (ATP_SUPPLY, BOOST_CONCEPTS, BUY_COST, CARD, CARDS, COMPLETABLE, CUBE_SUPPLY, CUBES,
                    DETOX_AWARDS, DETOX_AWARDS_DEFAULT, ENZYME_SET_POINTS, EVENT, EVENTS, EVENTS_REMOVED, GOAL,
                    GOAL_MARKERS_EACH, GOALS, GOALS_USED, GREY_COST, GREY_WORKERS, KIND_NAMES, NO_SUGAR,
                    SOURCE_NAMES, SPOT, SPOTS, VESICLE_LIMITS, VESICLES_EACH, WORKERS, Card, amount, listed,
                    toxicity_loss)

# A bot asks for the legal moves thousands of times a move, and each has a label: the same label is
# one Message, made once, so finding an Action already made compares it by identity (cards.py too).
message, nmessage, lazy_gettext = (lru_cache(maxsize=4096)(f) for f in (_message, _nmessage, _lazy_gettext))

SOURCES = ("cards", "receptors", "goals", "detox", "enzymes", "cubes")
SHORT_EVENTS = 7
"""The short format (option ``short``; docs/rules-decisions.md › Formats): 7 Event Cards in play at
every player count (the rulebook plays 10 to 12), so the game lasts 8 rounds instead of 11 to 13."""


def events_removed(players: int, options: dict[str, Any]) -> int:
    """Event Cards put back in the box at setup: the rulebook's for the player count, or the short format's."""
    return len(EVENTS) - SHORT_EVENTS if options.get("short") else EVENTS_REMOVED[players]

"""Where Health Points come from (for the score breakdown and the balance figures)."""
STARTING_CHOICES = ("atp", "mrna", "lipid")
EXTRA = {"atp": N_("1 extra ATP"), "mrna": N_("1 extra mRNA"), "lipid": N_("1 extra lipid")}
"""A starting choice in words."""

IN_A_REAL_CELL = {
    "steroid-hormone": N_("In a real cell a steroid hormone is not packed in a vesicle: it diffuses out through "
                          "the membrane as soon as it is made."),
    "steroid-receptor": N_("In a real cell steroid receptors are made on free ribosomes and stay in the cytosol "
                           "or nucleus; the game's ER, Golgi and exocytosis path is its own rule."),
    "receptor": N_("In a real cell a receptor binds its own hormone or a few close relatives (the "
                   "mineralocorticoid receptor binds cortisol as tightly as aldosterone); the game lets any "
                   "receptor of the right kind score."),
}
"""One sentence each where the rulebook's path departs from biology (OpenStax Biology 2e, 37.3; for the
mineralocorticoid receptor, Funder, Annu. Rev. Med. 48:231, 1997)."""
_CHOOSE_RESOURCE = message("Setup first: choose a starting resource (1 extra ATP, mRNA or lipid).")
_CHOOSE_CARD = message("Setup first: choose one of your three dealt cards to shuffle back.")



GOAL_CONCEPTS = {"G1": ("protein-hormone",), "G2": ("steroid-hormone",), "G3": ("hormone-receptor",),
                 "G4": ("enzyme", "cytoplasm"), "G5": ("detoxification", "smooth-er")}
"""The cell type a goal names makes these molecules."""


@lru_cache(maxsize=None)  # a fact of the board: every placement asks it (twice), thousands of times a game
def _paired(spot_id: str) -> int | None:
    """Which of two identical spots this is (1 or 2), so the two moves read differently; else None."""
    twin = spot_id[:-1] + ("2" if spot_id.endswith("1") else "1")
    if spot_id[-1] in "12" and twin in SPOT and SPOT[twin].label() == SPOT[spot_id].label():
        return int(spot_id[-1])
    return None


def _pushing(move: Message, vesicle: int) -> Message:
    """A move into a full organelle: which vesicle it pushes out."""
    return message("{move}, pushing out vesicle {vesicle}", move=move, vesicle=vesicle)


def player(p: int) -> Message:
    """A seat as students read it: "Player 1" for seat 0."""
    return message("Player {n}", n=p + 1)


def _with_note(sentence: Message, note: Message | str | None) -> Message:
    """A log sentence followed by its "In a real cell" note, when there is one."""
    return message("{sentence} {note}", sentence=sentence, note=note) if note else sentence


def _amounts(items) -> Message | str:
    """``(resource, n)`` pairs as a list of amounts ("2 carbohydrate, 1 ATP")."""
    return listed([amount(r, n) for r, n in items])


def detox_awards(detox: list[tuple[int, int]]) -> list[int]:
    """End-game Health Points for alcohol detox, one per player, from (total ATP, cards completed) pairs.

    Most detox ATP earns 8/5/2 (6/3 with two players); ties go to more cards; players still tied
    share the points of their places and the places just below, rounded down; no cards, no points.
    """
    awards = DETOX_AWARDS.get(len(detox), DETOX_AWARDS_DEFAULT)
    result = [0] * len(detox)
    ranked = sorted((p for p, (_, n) in enumerate(detox) if n > 0), key=lambda p: detox[p], reverse=True)
    place = 0
    while place < len(ranked):
        group = [p for p in ranked if detox[p] == detox[ranked[place]]]
        share = sum(awards[place:place + len(group)]) // len(group)
        for p in group:
            result[p] = share
        place += len(group)
    return result


def enzyme_set_points(colours: list[str]) -> int:
    """Best end-game points for completed enzyme colours split into sets of different colours."""
    counts = sorted((colours.count(c) for c in set(colours)), reverse=True)
    memo: dict[tuple[int, ...], int] = {}

    def best(left: tuple[int, ...]) -> int:
        left = tuple(sorted((n for n in left if n), reverse=True))
        if not left:
            return 0
        if left not in memo:
            k = len(left)
            options = []
            for mask in range(1, 1 << k):  # which colours go into the next set
                rest = tuple(n - 1 if mask >> i & 1 else n for i, n in enumerate(left))
                options.append(ENZYME_SET_POINTS[min(bin(mask).count("1"), 5)] + best(rest))
            memo[left] = max(options)
        return memo[left]

    return best(tuple(counts))


def matches(card: Card, vesicle: dict) -> bool:
    """Whether a vesicle's cubes (and the ER it came from) are exactly what the card needs."""
    if card.kind == "steroid-hormone" and vesicle["er"] != "smooth-er":
        return False
    if card.kind in ("protein-hormone", "protein-receptor", "steroid-receptor") and vesicle["er"] != "rough-er":
        return False
    return {k: n for k, n in vesicle["cubes"].items() if n} == dict(card.cubes)


class CytosisState(GameState):
    """A game of Cytosis in progress."""

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        rng = self.rng
        n = players
        self.supply = dict(CUBE_SUPPLY)
        self.supply_atp = ATP_SUPPLY
        self.cubes = [dict.fromkeys(CUBES, 0) for _ in range(n)]
        self.atp = [0] * n
        self.hp = [dict.fromkeys(SOURCES, 0) for _ in range(n)]
        self.hand: list[list[str]] = [[] for _ in range(n)]
        self.completed: list[list[str]] = [[] for _ in range(n)]
        self.vesicles: list[dict] = []
        self.next_vesicle = 1
        events = [e.id for e in EVENTS]
        rng.shuffle(events)
        self.events = events[events_removed(n, self.options):]
        self.active_event = ""
        goals = [g.id for g in GOALS]
        rng.shuffle(goals)
        self.goals = sorted(goals[:GOALS_USED[n]], key=lambda g: int(g[1:]))
        self.markers: dict[str, list[int]] = {g: [] for g in self.goals}
        deck = [c.id for c in CARDS]
        rng.shuffle(deck)
        self.row: list[str | None] = [deck.pop() for _ in range(4)]
        self.dealt = [[deck.pop() for _ in range(3)] for _ in range(n)]
        self.deck = deck
        self.discard: list[str] = []
        # The rulebook starts with whoever was sick most recently: here the first player is drawn
        # unless the table chose one.
        self.first = first_seat(self.options, n, seed)
        self.round = 1
        self.boosts: dict[str, dict[str, int]] = {}
        self.workers = [WORKERS[n]] * n
        self.occupied: dict[str, int] = {}
        self.grey_free = GREY_WORKERS
        self.grey_used = False
        self.over = False
        self.final_done = False
        for i, p in enumerate(seats_from(self.first, n)):  # 2, 3, 4, … ATP from the first player clockwise
            self.atp[p] = self._take_atp(2 + i)
        # Setup decisions in seat order from the first player: two starting resources, then the draft.
        self.setup = [(p, step) for p in seats_from(self.first, n) for step in ("resource", "resource", "draft")]
        self.turn = self.first
        self._legal: list[Action] | None = None

    # -- contract --------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return self.setup[0][0] if self.setup else self.turn

    def is_terminal(self) -> bool:
        return self.over

    def __getstate__(self) -> dict[str, Any]:
        # The cached legal moves are derived data: leave them out of pickles and fingerprints.
        return {**self.__dict__, "_legal": None}

    def clone(self) -> CytosisState:
        new = object.__new__(CytosisState)
        d = self.__dict__.copy()
        d["rng"] = self.rng.copy()
        d["history"] = list(self.history)
        d["options"] = dict(self.options)
        d["supply"] = dict(self.supply)
        d["cubes"] = [dict(c) for c in self.cubes]
        d["atp"] = list(self.atp)
        d["hp"] = [dict(h) for h in self.hp]
        d["hand"] = [list(h) for h in self.hand]
        d["completed"] = [list(h) for h in self.completed]
        d["vesicles"] = [{**v, "cubes": dict(v["cubes"])} for v in self.vesicles]
        d["events"] = list(self.events)
        d["goals"] = list(self.goals)
        d["markers"] = {g: list(m) for g, m in self.markers.items()}
        d["row"] = list(self.row)
        d["dealt"] = [list(h) for h in self.dealt]
        d["deck"] = list(self.deck)
        d["discard"] = list(self.discard)
        d["boosts"] = {a: dict(b) for a, b in self.boosts.items()}
        d["workers"] = list(self.workers)
        d["occupied"] = dict(self.occupied)
        d["setup"] = list(self.setup)
        new.__dict__.update(d)
        return new

    def determinized(self, player: int, seed: int) -> CytosisState:
        """Re-deal every card ``player`` cannot see (others' hands, draft cards, decks)."""
        new = self.clone()
        rng = Rng(seed)
        unseen = [c for p in range(self.num_players) if p != player for c in self.hand[p] + self.dealt[p]]
        unseen += self.deck
        unseen.sort()
        rng.shuffle(unseen)
        for p in range(self.num_players):
            if p != player:
                new.hand[p] = [unseen.pop() for _ in self.hand[p]]
                new.dealt[p] = [unseen.pop() for _ in self.dealt[p]]
        new.deck = unseen
        events = sorted(self.events, key=lambda e: int(e[1:]))
        rng.shuffle(events)
        new.events = events
        new.rng = rng
        new._legal = None
        return new

    def scores(self) -> list[int]:
        return [sum(h.values()) for h in self.hp]

    def score_breakdown(self, player: int) -> list[tuple[str, int]]:
        return [(_(SOURCE_NAMES[k]), n) for k, n in self.hp[player].items()]

    def winners(self) -> list[int]:
        """Most HP; then most completed cards; then the latest seat after the First Player card."""
        if not self.over:
            return super().winners()
        order = seats_from(self.first, self.num_players)

        def rank(p):
            return (self.scores()[p], self.cards_completed(p), order.index(p))

        return [max(range(self.num_players), key=rank)]

    def tie_break(self) -> str | None:
        """The rulebook's tie-break, named when the top Health Points are shared (same order as winners())."""
        tie = self._tie_break()
        return None if tie is None else str(tie)

    def _tie_break(self) -> Message | None:
        if not self.over:
            return None
        scores = self.scores()
        top = max(scores)
        tied = [p for p in range(self.num_players) if scores[p] == top]
        if len(tied) < 2:
            return None
        w = self.winners()[0]
        most = max(self.cards_completed(p) for p in tied)
        if sum(1 for p in tied if self.cards_completed(p) == most) == 1:
            return message("Tied on {hp} HP: {who} wins with more completed cards ({n}).", hp=top, who=player(w),
                           n=self.cards_completed(w))
        return message("Tied on {hp} HP and {n} completed cards: {who} wins, sitting latest in turn order after "
                       "the First Player card.", hp=top, n=most, who=player(w))

    def cards_completed(self, p: int) -> int:
        """Completed cards that count for ties (not additional resource cards)."""
        return sum(1 for c in self.completed[p] if CARD[c].kind in COMPLETABLE)

    def view(self, player: int | None) -> dict[str, Any]:
        seats = []
        for p in range(self.num_players):
            mine = p == player
            seats.append({
                "atp": self.atp[p], "cubes": dict(self.cubes[p]), "hp": dict(self.hp[p]),
                "score": sum(self.hp[p].values()), "workers": self.workers[p],
                "completed": list(self.completed[p]), "hand_size": len(self.hand[p]),
                "hand": list(self.hand[p]) if mine else None,
                "dealt": list(self.dealt[p]) if mine else None,
                # How many dealt cards wait to be chosen is public (a count, never the cards).
                "dealt_count": len(self.dealt[p]),
            })
        return {
            "round": self.round, "first": self.first, "turn": self.current_player, "over": self.over,
            "supply": dict(self.supply), "supply_atp": self.supply_atp, "row": list(self.row),
            "deck_size": len(self.deck), "discard": list(self.discard), "events_left": len(self.events),
            "active_event": self.active_event, "goals": {g: list(self.markers[g]) for g in self.goals},
            "boosts": {a: dict(b) for a, b in sorted(self.boosts.items())},
            "occupied": dict(sorted(self.occupied.items())), "grey_free": self.grey_free,
            "vesicles": [{k: (dict(v) if isinstance(v, dict) else v) for k, v in ves.items()}
                         for ves in self.vesicles],
            "setup": [list(s) for s in self.setup], "seats": seats,
        }

    # -- helpers ---------------------------------------------------------------------------------

    def _take_atp(self, n: int) -> int:
        got = min(n, self.supply_atp)
        self.supply_atp -= got
        return got

    def _gain(self, p: int, res: str, n: int) -> int:
        """Give ``p`` up to ``n`` of a resource from the general stock (less if it runs out)."""
        if res == "atp":
            got = self._take_atp(n)
            self.atp[p] += got
        else:
            got = min(n, self.supply[res])
            self.supply[res] -= got
            self.cubes[p][res] += got
        return got

    def _pay(self, p: int, res: str, n: int) -> None:
        if res == "atp":
            self.atp[p] -= n
            self.supply_atp += n
        else:
            self.cubes[p][res] -= n
            self.supply[res] += n

    def _score(self, p: int, source: str, n: int) -> None:
        self.hp[p][source] += n

    def disks_free(self, p: int) -> int:
        """Transport vesicle disks ``p`` still has in hand."""
        return VESICLES_EACH - sum(1 for v in self.vesicles if v["owner"] == p)

    def buy_cost(self, slot: int) -> int:
        """ATP to buy the card in a slot this round (a Reduce event takes 1 off)."""
        reduce = 1 if self.active_event and EVENT[self.active_event].kind == "reduce" else 0
        return max(0, BUY_COST[slot] - reduce)

    def _in(self, loc: str) -> list[dict]:
        return [v for v in self.vesicles if v["loc"] == loc]

    # -- the moves: for each kind, its options, its rule (None or why not) and what it does ------

    _own: list[Action] | None = None
    """The current player's own placements while the legal moves are worked out (asked twice: for
    the "place" options and by the rule for staying at home)."""

    def _compute_legal(self) -> list[Action]:
        # A placement is listed by the placement rule itself (``_placements``, which the checks of
        # "place" and "grey" consult too), so the long list of placements is not checked twice.
        self._own = [] if self.setup else self._placements(self.turn, 0, grey=False)
        try:
            return [action for kind, move in self.moves.items() for action in move.options(self)
                    if kind in ("place", "grey") or move.check(self, action) is None]
        finally:
            self._own = None

    def _own_placements(self) -> list[Action]:
        return self._own if self._own is not None else self._placements(self.turn, 0, grey=False)

    def _in_setup(self, kind: str) -> Message | None:
        """``None`` when the setup step waiting is ``kind`` ("resource", "draft", or None for a turn's
        move once setup is over), else why not."""
        if not self.setup:
            return None if kind is None else message("Setup is over: starting resources and cards were chosen at "
                                                     "the start.")
        step = self.setup[0][1]
        if step == kind:
            return None
        if step == "resource":
            return _CHOOSE_RESOURCE
        return _CHOOSE_CARD

    def _start_resource_options(self) -> list[Action]:
        if not self.setup:
            return []
        return [Action("start-resource", resource=r, label=message("Start with {extra}", extra=lazy_gettext(EXTRA[r])))
                for r in STARTING_CHOICES]

    def _check_start_resource(self, action: Action) -> Message | None:
        refused = self._in_setup("resource")
        if refused is None and action.get("resource") not in STARTING_CHOICES:
            return _CHOOSE_RESOURCE
        return refused

    def _return_card_options(self) -> list[Action]:
        if not self.setup:
            return []
        return [Action("return-card", card=c, label=message("Keep the other two; shuffle {card} back",
                                                            card=lazy_gettext(CARD[c].name)))
                for c in self.dealt[self.setup[0][0]]]

    def _check_return_card(self, action: Action) -> Message | None:
        refused = self._in_setup("draft")
        if refused is None and action.get("card") not in self.dealt[self.setup[0][0]]:
            return _CHOOSE_CARD
        return refused

    def _play_resource_options(self) -> list[Action]:
        if self.setup:
            return []
        return [Action("play-resource", card=c, label=message("Play {card}: take {gain}", card=lazy_gettext(CARD[c].name),
                                                              gain=_amounts(CARD[c].gives)))
                for c in self.hand[self.turn] if CARD[c].kind == "resource"]

    def _check_play_resource(self, action: Action) -> Message | None:
        """An additional resource card in hand may be played at any time in your turn."""
        refused = self._in_setup(None)
        if refused is not None:
            return refused
        card = CARD.get(action.get("card"))
        if card is None or card.kind != "resource":
            return message("Only an additional resource card can be played that way.")
        if card.id not in self.hand[self.turn]:
            return message("{card} is not in your hand.", card=lazy_gettext(card.name))
        return None

    def _grey_refused(self) -> Message | None:
        """One grey worker a turn, while one is free this round, for 4 ATP."""
        if self.grey_used:
            return message("You already used a grey worker this turn: only one per turn.")
        if not self.grey_free:
            return message("Both grey workers are out this round.")
        if self.atp[self.turn] < GREY_COST:
            return message("A grey worker costs {cost} ATP; you have {atp}.", cost=GREY_COST, atp=self.atp[self.turn])
        return None

    def _grey_options(self) -> list[Action]:
        if self.setup or self._grey_refused() is not None:
            return []
        return [Action("grey", label=message("Grey worker ({cost} ATP): {move}", cost=GREY_COST, move=a.label),
                       **dict(a.params))
                for a in self._placements(self.turn, GREY_COST, grey=True)]

    def _check_grey(self, action: Action) -> Message | None:
        """A grey worker goes to any spot, taken or not, and does what a worker there does."""
        return self._check_placement(action, grey=True)

    def _place_options(self) -> list[Action]:
        return [] if self.setup else self._own_placements()

    def _check_place(self, action: Action) -> Message | None:
        """A worker goes to a spot nobody took this round and does what the spot says."""
        return self._check_placement(action, grey=False)

    def _check_placement(self, action: Action, grey: bool) -> Message | None:
        refused = self._in_setup(None)
        if refused is not None:
            return refused
        p = self.turn
        spot = SPOT.get(action.get("spot")) if isinstance(action.get("spot"), str) else None
        if spot is None:
            return message("That is not a spot on the board.")
        where = spot.where()
        if grey:
            refused = self._grey_refused()
            if refused is not None:
                return refused
        elif spot.id in self.occupied:
            return message("{spot} ({does}) is taken this round; only a grey worker may join it.", spot=where,
                           does=spot.what())
        spent = GREY_COST if grey else 0
        if Action("place", **dict(action.params)) in self._placements(p, spent, grey, only=spot.id):
            return None
        atp = self.atp[p] - spent
        if spot.effect == "gain":
            short = [(r, n) for r, n in spot.cost if (atp if r == "atp" else self.cubes[p][r]) < n]
            return message("{spot} costs {cost}; you have too little.", spot=where, cost=_amounts(short)) if short \
                else message("{spot} cannot be used that way.", spot=where)
        if spot.effect == "ribosome":
            return message("The free ribosome needs at least 1 mRNA to translate, and 1 protein left in the supply "
                           "for each mRNA.")
        if spot.effect == "buy":
            card = self.row[spot.slot]
            if card is None:
                return message("Slot {slot} of the card market is empty.", slot=spot.slot + 1)
            return message("{card} costs {cost} ATP; you have {atp}.", card=lazy_gettext(CARD[card].name),
                           cost=self.buy_cost(spot.slot), atp=atp)
        if spot.effect == "laureate":
            return message("You may claim a goal only while you hold fewer than 2 goal markers, once per goal, 2 per "
                           "goal.")
        card = CARD.get(action.get("card"))
        if card is not None and card.id not in self.hand[p]:
            return message("{card} is not in your hand.", card=lazy_gettext(card.name))
        if card is not None and atp < card.atp:
            return message("{card} costs {cost} ATP; you have {atp}.", card=lazy_gettext(card.name), cost=card.atp,
                           atp=atp)
        if spot.effect == "enzyme":
            return message("An enzyme is finished in the cytoplasm from the protein (and carbohydrate) cubes its "
                           "card shows; you lack some.")
        if spot.effect in ("detox-or-steroid", "rough-er"):
            if not self.disks_free(p):
                return message("Both your transport vesicles are already on the board.")
            return message("{spot}: a vesicle is loaded with exactly the cubes a card in your hand needs, and you "
                           "must have them.", spot=where)
        if spot.effect == "golgi":
            return message("The Golgi takes one of your vesicles still in an ER and adds the cube that makes it "
                           "match a card in your hand.")
        if spot.effect == "exocytosis":
            return message("Exocytosis releases one of your Golgi vesicles whose cubes match a card in your hand, "
                           "paying that card's ATP.")
        return message("{spot} cannot be used that way now.", spot=where)

    def _rest_options(self) -> list[Action]:
        if self.setup:
            return []
        return [Action("rest", label=message("No spot can be used: keep this worker at home"))]

    def _check_rest(self, action: Action) -> Message | None:
        """A worker stays at home only when no spot can be used (a grey worker is never required)."""
        refused = self._in_setup(None)
        if refused is None and self._own_placements():
            return message("You still have a spot you can use, so your worker cannot stay at home.")
        return refused

    def _placements(self, p: int, spent: int, grey: bool, only: str | None = None) -> list[Action]:
        """Every place-worker move for ``p`` with ``spent`` ATP already set aside (a grey worker's fee),
        on every spot or ``only`` on one: the placement rule, spot by spot."""
        atp = self.atp[p] - spent
        cubes = self.cubes[p]
        out: list[Action] = []
        for spot in SPOTS if only is None else (SPOT[only],):
            if not grey and spot.id in self.occupied:
                continue
            sid, eff = spot.id, spot.effect
            if eff == "gain":
                if all((atp if r == "atp" else cubes[r]) >= n for r, n in spot.cost):
                    out.append(Action("place", spot=sid, label=spot.label()))
            elif eff == "ribosome":
                for n in range(1, cubes["mrna"] + 1):  # translating nothing is no move
                    if n <= self.supply["protein"]:
                        out.append(Action("place", spot=sid, n=n, label=nmessage(
                            "Free ribosome: translate {n} mRNA into {n} protein",
                            "Free ribosome: translate {n} mRNA into {n} protein", n)))
            elif eff == "buy":
                card = self.row[spot.slot]
                if card is not None and atp >= self.buy_cost(spot.slot):
                    out.append(Action("place", spot=sid, label=message(
                        "Buy {card} for {cost} ATP", card=lazy_gettext(CARD[card].name), cost=self.buy_cost(spot.slot))))
            elif eff == "laureate":
                out.append(Action("place", spot=sid, goal="atp", label=message("Take the First Player card and 1 ATP")))
                mine = [g for g in self.goals if p in self.markers[g]]
                if len(mine) < GOAL_MARKERS_EACH:
                    for g in self.goals:
                        if p not in self.markers[g] and len(self.markers[g]) < 2:
                            out.append(Action("place", spot=sid, goal=g, label=message(
                                "Take the First Player card and claim goal {goal}", goal=lazy_gettext(GOAL[g].name))))
            elif eff == "enzyme":
                for c in sorted(set(self.hand[p])):
                    card = CARD[c]
                    if card.kind == "enzyme" and atp >= card.atp and all(cubes[r] >= n for r, n in card.cubes):
                        out.append(Action("place", spot=sid, card=c, label=message(
                            "Complete enzyme {card}", card=lazy_gettext(card.name))))
            elif eff == "detox-or-steroid":
                for c in sorted(set(self.hand[p])):
                    if CARD[c].kind == "detox" and atp >= CARD[c].atp:
                        out.append(Action("place", spot=sid, card=c, label=message(
                            "Detoxify with {card} ({atp} ATP, 1 HP)", card=lazy_gettext(CARD[c].name), atp=CARD[c].atp)))
                sizes = sorted({CARD[c].need("lipid") for c in self.hand[p] if CARD[c].kind == "steroid-hormone"})
                out += self._budding(p, sid, "smooth-er", [n for n in sizes if n <= cubes["lipid"]], "lipid")
            elif eff == "rough-er":
                sizes = sorted({CARD[c].need("protein") for c in self.hand[p]
                                if CARD[c].kind in ("protein-hormone", "protein-receptor", "steroid-receptor")})
                sizes = [n for n in sizes if n <= cubes["mrna"] and n <= self.supply["protein"]]
                out += self._budding(p, sid, "rough-er", sizes, "protein")
            elif eff == "golgi":
                full = len(self._in("golgi")) >= VESICLE_LIMITS["golgi"]
                for v in self.vesicles:
                    if v["owner"] != p or v["loc"] == "golgi":
                        continue
                    for cube in ("carb", "lipid"):
                        if cubes[cube] < 1 or not self._fits_some(p, v, cube):
                            continue
                        text = message("Golgi: move vesicle {vesicle} in and add {cube}", vesicle=v["id"],
                                       cube=amount(cube, 1))
                        if full:
                            out += [Action("place", spot=sid, vesicle=v["id"], cube=cube, bump=b["id"],
                                           label=_pushing(text, b["id"]))
                                    for b in self._in("golgi")]
                        else:
                            out.append(Action("place", spot=sid, vesicle=v["id"], cube=cube, label=text))
            elif eff == "exocytosis":
                for v in self._in("golgi"):
                    if v["owner"] != p:
                        continue
                    for c in sorted(set(self.hand[p])):
                        card = CARD[c]
                        if card.kind != "enzyme" and matches(card, v) and atp >= card.atp:
                            out.append(Action("place", spot=sid, vesicle=v["id"], card=c,
                                              label=message("Exocytosis: release {card} from vesicle {vesicle} "
                                                            "({kind}, {atp} ATP, {hp} HP)",
                                                            card=lazy_gettext(card.name), vesicle=v["id"],
                                                            kind=lazy_gettext(KIND_NAMES[card.kind]), atp=card.atp,
                                                            hp=card.hp)))
        return [a.with_label(message("{move} (spot {n})", move=a.label, n=_paired(a.spot)))
                if _paired(a.spot) else a for a in out]

    def _fits_some(self, p: int, v: dict, cube: str) -> bool:
        """Whether adding ``cube`` in the Golgi makes the vesicle match a card in hand."""
        trial = {"er": v["er"], "cubes": {**v["cubes"], cube: v["cubes"].get(cube, 0) + 1}}
        return any(CARD[c].kind in ("protein-hormone", "steroid-hormone", "protein-receptor", "steroid-receptor")
                   and matches(CARD[c], trial) for c in self.hand[p])

    def _budding(self, p: int, sid: str, loc: str, sizes: list[int], cube: str) -> list[Action]:
        if not sizes or not self.disks_free(p):
            return []
        out = []
        full = self._in(loc)
        for n in sizes:
            text = message("Rough ER: bud a vesicle and translate {n} mRNA into protein", n=n) if loc == "rough-er" \
                else nmessage("Smooth ER: bud a vesicle and load {n} lipid", "Smooth ER: bud a vesicle and load {n} lipid",
                              n)
            if len(full) >= VESICLE_LIMITS[loc]:
                out += [Action("place", spot=sid, n=n, bump=b["id"], label=_pushing(text, b["id"])) for b in full]
            else:
                out.append(Action("place", spot=sid, n=n, label=text))
        return out

    # -- applying moves --------------------------------------------------------------------------

    def _do_play_resource(self, action: Action) -> list[Event]:
        p, card = self.turn, CARD[action.card]
        self.hand[p].remove(card.id)
        self.discard.append(card.id)
        got = _amounts([(r, self._gain(p, r, n)) for r, n in card.gives])
        return [Event("play-resource", p, message("{who} plays {card} ({biology}) and takes {gain}.", who=player(p),
                                                  card=lazy_gettext(card.name), biology=lazy_gettext(card.biology),
                                                  gain=got), card.concepts, {"card": card.id})]

    def _do_rest(self, action: Action) -> list[Event]:
        p = self.turn
        events = [Event("rest", p, message("{who} has no usable spot and keeps a worker at home.", who=player(p)))]
        return events + self._end_turn()

    def _do_grey(self, action: Action) -> list[Event]:
        p = self.turn
        self._pay(p, "atp", GREY_COST)
        self.grey_free -= 1
        self.grey_used = True
        self.occupied.setdefault(action.spot, -1)
        return [Event("grey", p, message("{who} pays {cost} ATP for a grey worker.", who=player(p), cost=GREY_COST),
                      ("atp",))] + self._place(p, action)

    def _do_place(self, action: Action) -> list[Event]:
        p = self.turn
        self.occupied[action.spot] = p
        events = self._place(p, action)
        return events + self._end_turn()

    def _do_setup(self, action: Action) -> list[Event]:
        p, step = self.setup.pop(0)
        if action.kind == "start-resource":
            self._gain(p, action.resource, 1)
            return [Event("setup", p, message("{who} starts with {extra}.", who=player(p),
                                              extra=lazy_gettext(EXTRA[action.resource])))]
        self.dealt[p].remove(action.card)
        self.hand[p] += self.dealt[p]
        self.dealt[p] = []
        self.deck.append(action.card)
        events = [Event("setup", p, message("{who} keeps two cards and shuffles one back.", who=player(p)))]
        if not self.setup:
            self.rng.shuffle(self.deck)
            self.turn = self.first
        return events

    def _end_turn(self) -> list[Event]:
        self.workers[self.turn] -= 1
        self.grey_used = False
        if any(self.workers):
            nxt = self.turn
            while True:
                nxt = next_seat(nxt, self.num_players)
                if self.workers[nxt]:
                    break
            self.turn = nxt
            return []
        return self._phase_two()

    def _boost(self, p: int, area: str) -> list[Event]:
        extra = self.boosts.pop(area, None)
        if not extra:
            return []
        for r, n in extra.items():
            if r == "atp":
                self.atp[p] += n
            else:
                self.cubes[p][r] += n
        return [Event("boost-taken", p, message("{who} is first in this area and also takes {gain}.", who=player(p),
                                                gain=_amounts(extra.items())), BOOST_CONCEPTS.get(area, ()))]

    def _place(self, p: int, action: Action) -> list[Event]:
        spot = SPOT[action.spot]
        who = player(p)
        events = self._boost(p, spot.area)
        eff = spot.effect
        if eff == "gain":
            for r, n in spot.cost:
                self._pay(p, r, n)
            got = _amounts([(r, self._gain(p, r, n)) for r, n in spot.gain])
            took = message("{who} takes {gain} for {cost} ({spot}).", who=who, gain=got, cost=_amounts(spot.cost),
                           spot=spot.where()) if spot.cost else \
                message("{who} takes {gain} ({spot}).", who=who, gain=got, spot=spot.where())
            events.append(Event("gain", p, _with_note(took, spot.real and lazy_gettext(spot.real)), spot.concepts,
                                {"spot": spot.id}))
        elif eff == "ribosome":
            n = action.n
            self.cubes[p]["mrna"] -= n
            self.supply["mrna"] += n
            self._gain(p, "protein", n)
            events.append(Event("translate", p, nmessage("{who} translates {n} mRNA into {n} protein on a free ribosome.",
                                                         "{who} translates {n} mRNA into {n} protein on a free ribosome.",
                                                         n, who=who), spot.concepts))
        elif eff == "buy":
            card = self.row[spot.slot]
            cost = self.buy_cost(spot.slot)
            self._pay(p, "atp", cost)
            self.row[spot.slot] = None
            self.hand[p].append(card)
            events.append(Event("buy", p, message("{who} buys {card} for {cost} ATP.", who=who,
                                                  card=lazy_gettext(CARD[card].name), cost=cost), ("atp",),
                                {"card": card}))
        elif eff == "laureate":
            self.first = p
            if action.goal == "atp":
                self._gain(p, "atp", 1)
                events.append(Event("first-player", p, message("{who} takes the First Player card and 1 ATP.", who=who),
                                    ("atp",)))
            else:
                g = GOAL[action.goal]
                first = not self.markers[g.id]
                self.markers[g.id].append(p)
                if first:
                    self._score(p, "goals", 3)
                claim = message("{who} takes the First Player card and claims {goal} first: 3 HP.", who=who,
                                goal=lazy_gettext(g.name)) if first else \
                    message("{who} takes the First Player card and claims {goal}.", who=who, goal=lazy_gettext(g.name))
                events.append(Event("goal", p, claim, GOAL_CONCEPTS[g.id], {"goal": g.id}))
        elif eff == "enzyme":
            card = CARD[action.card]
            self._pay(p, "atp", card.atp)
            for r, n in card.cubes:
                self._pay(p, r, n)
            events += self._complete(p, card, "cards")
        elif eff == "detox-or-steroid" and action.get("card"):
            card = CARD[action.card]
            self._pay(p, "atp", card.atp)
            events += self._complete(p, card, "detox")
        elif eff in ("detox-or-steroid", "rough-er"):
            loc = "smooth-er" if eff == "detox-or-steroid" else "rough-er"
            events += self._bump(action.get("bump"))
            n = action.n
            if loc == "rough-er":
                self.cubes[p]["mrna"] -= n
                self.supply["mrna"] += n
                self.supply["protein"] -= n
                cubes, concepts = {"protein": n}, (
                    "rough-er", "translation", "mrna", "transport-vesicle", "protein-hormone", "hormone-receptor")
                said = message("{who} translates {n} mRNA into protein into vesicle {vesicle} in the rough ER.",
                               who=who, n=n, vesicle=self.next_vesicle)
            else:
                self.cubes[p]["lipid"] -= n
                cubes, concepts = {"lipid": n}, (
                    "smooth-er", "lipid-synthesis", "steroid-hormone", "transport-vesicle")
                said = nmessage("{who} loads {n} lipid (steroid building blocks) into vesicle {vesicle} in the "
                                "smooth ER.", "{who} loads {n} lipid (steroid building blocks) into vesicle {vesicle} "
                                "in the smooth ER.", n, who=who, vesicle=self.next_vesicle)
            v = {"id": self.next_vesicle, "owner": p, "loc": loc, "er": loc, "cubes": cubes}
            self.next_vesicle += 1
            self.vesicles.append(v)
            events.append(Event("bud", p, said, concepts, {"vesicle": v["id"]}))
        elif eff == "golgi":
            events += self._bump(action.get("bump"))
            v = next(v for v in self.vesicles if v["id"] == action.vesicle)
            v["loc"] = "golgi"
            self.cubes[p][action.cube] -= 1
            v["cubes"][action.cube] = v["cubes"].get(action.cube, 0) + 1
            events.append(Event("golgi", p, message("{who} moves vesicle {vesicle} to the Golgi and adds {cube}.",
                                                    who=who, vesicle=v["id"], cube=amount(action.cube, 1)),
                                ("golgi-apparatus", "transport-vesicle")))
        elif eff == "exocytosis":
            card = CARD[action.card]
            v = next(v for v in self.vesicles if v["id"] == action.vesicle)
            self.vesicles.remove(v)
            for r, n in v["cubes"].items():
                self.supply[r] += n
            self._pay(p, "atp", card.atp)
            events += self._complete(p, card, "cards")
        return events

    def _bump(self, vid: int | None) -> list[Event]:
        """Push a vesicle out of a full organelle: its disk and cubes go back to its owner."""
        if vid is None:
            return []
        v = next(v for v in self.vesicles if v["id"] == vid)
        self.vesicles.remove(v)
        for r, n in v["cubes"].items():
            self.cubes[v["owner"]][r] += n
        return [Event("bump", v["owner"], message("Vesicle {vesicle} of {who} is pushed out; its cubes go back to its "
                                                  "owner.", vesicle=vid, who=player(v["owner"])),
                      ("transport-vesicle",))]

    def _complete(self, p: int, card: Card, source: str) -> list[Event]:
        self.hand[p].remove(card.id)
        self.completed[p].append(card.id)
        self._score(p, source, card.hp)
        # Cytosis's enzyme cards are the glycolysis enzymes, folded in the cytoplasm; a protein receptor
        # is delivered into the plasma membrane itself (steroid receptors stay inside the cell).
        concepts = {"enzyme": ("enzyme", "cytoplasm", "protein-folding", "protein-structure-levels", "glycolysis"),
                    "detox": ("detoxification", "smooth-er"),
                    "protein-hormone": ("protein-hormone", "exocytosis"),
                    "steroid-hormone": ("steroid-hormone", "smooth-er"),
                    "protein-receptor": ("hormone-receptor", "exocytosis", "plasma-membrane", "membrane-proteins"),
                    "steroid-receptor": ("hormone-receptor", "steroid-hormone")}[card.kind] + card.concepts
        name = lazy_gettext(card.name)
        note = None
        if card.kind in IN_A_REAL_CELL:
            note = lazy_gettext(IN_A_REAL_CELL[card.kind])
        elif card.id in NO_SUGAR:
            note = message("In a real cell {card} carries no sugar; the game's Golgi carbohydrate is its own rule.",
                           card=name) if card.kind == "protein-hormone" else \
                message("In a real cell {card} carries no sugar; the game's carbohydrate cube is its own rule.",
                        card=name)
        done = message("{who} completes {card} ({kind}: {biology}) for {hp} HP.", who=player(p), card=name,
                       kind=lazy_gettext(KIND_NAMES[card.kind]), biology=lazy_gettext(card.biology), hp=card.hp)
        events = [Event("complete", p, _with_note(done, note), concepts, {"card": card.id})]
        if card.kind in ("protein-hormone", "steroid-hormone"):
            rkind = "protein-receptor" if card.kind == "protein-hormone" else "steroid-receptor"
            any_receptor = IN_A_REAL_CELL["receptor"]
            for q in range(self.num_players):
                k = sum(1 for c in self.completed[q] if CARD[c].kind == rkind)
                if not k:
                    continue
                bonus = k if q == p else 2 * k
                self._score(q, "receptors", bonus)
                scored = nmessage("{who}'s {n} protein hormone receptor(s) score {hp} HP as {card} is released.",
                                  "{who}'s {n} protein hormone receptor(s) score {hp} HP as {card} is released.", k,
                                  who=player(q), hp=bonus, card=name) if rkind == "protein-receptor" else \
                    nmessage("{who}'s {n} steroid hormone receptor(s) score {hp} HP as {card} is released.",
                             "{who}'s {n} steroid hormone receptor(s) score {hp} HP as {card} is released.", k,
                             who=player(q), hp=bonus, card=name)
                events.append(Event("receptor", q, _with_note(scored, lazy_gettext(any_receptor)),
                                    ("hormone-receptor", card.kind) + card.concepts))
        return events

    def _phase_two(self) -> list[Event]:
        self.occupied = {}
        self.grey_free = GREY_WORKERS
        self.workers = [WORKERS[self.num_players]] * self.num_players
        if not self.events or self.bell_rung:  # the last round, or the round the bell left to play
            return self._final_scoring()
        events: list[Event] = []
        ev = EVENT[self.events.pop()]
        self.active_event = ev.id
        concepts = ev.concepts or BOOST_CONCEPTS.get(ev.area, ())
        said = message("Round {round} event: {event}. {note}.", round=self.round + 1, event=ev.label(),
                       note=lazy_gettext(ev.real)) if ev.real else \
            message("Round {round} event: {event}.", round=self.round + 1, event=ev.label())
        events.append(Event("event", None, said, concepts, {"event": ev.id}))
        if ev.kind == "boost":
            if (ev.resource == "atp" and self.supply_atp) or (ev.resource != "atp" and self.supply[ev.resource]):
                if ev.resource == "atp":
                    self.supply_atp -= 1
                else:
                    self.supply[ev.resource] -= 1
                area = self.boosts.setdefault(ev.area, {})
                area[ev.resource] = area.get(ev.resource, 0) + 1
        elif ev.kind == "toxicity":
            for p in range(self.num_players):
                for r in CUBES:
                    lose = toxicity_loss(self.cubes[p][r])
                    if lose:
                        self._pay(p, r, lose)
                        events.append(Event("toxicity", p, message("{who} loses {loss} to toxicity.", who=player(p),
                                                                   loss=amount(r, lose)), ("detoxification",)))
        # Discard the card in the cheapest slot, slide the rest to the cheap end, refill.
        filled = [i for i, c in enumerate(self.row) if c is not None]
        if filled:
            self.discard.append(self.row[filled[0]])
            self.row[filled[0]] = None
        rest = [c for c in self.row if c is not None]
        while len(rest) < 4 and self.deck:
            rest.append(self.deck.pop())
        self.row = rest + [None] * (4 - len(rest))
        self.round += 1
        self.turn = self.first
        return events

    def _at_bell(self, again: bool) -> list[Event]:
        """docs/rules-decisions.md › Cytosis › The bell: the round in progress is played as the
        rulebook's last round is, every worker placed and no Phase 2, then the final scoring. Before
        any worker of the round is placed (or during setup) the game is scored at once."""
        n = self.num_players
        begun = not self.setup and (self.workers != [WORKERS[n]] * n or self.grey_free != GREY_WORKERS
                                    or self.grey_used)
        if again or not begun:
            self.setup = []
            return self._final_scoring()
        return [Event("bell", None, message("The bell has rung: round {round} is played until every worker is "
                                            "placed, as the rulebook's last round is, and then the game is scored.",
                                            round=self.round))]

    def _final_scoring(self) -> list[Event]:
        self.over = True
        n = self.num_players
        events = []
        for p in range(n):
            self._score(p, "cubes", sum(v // 3 for v in self.cubes[p].values()))
            colours = [CARD[c].colour for c in self.completed[p] if CARD[c].kind == "enzyme"]
            self._score(p, "enzymes", enzyme_set_points(colours))
            for g in self.goals:
                if p in self.markers[g]:
                    goal = GOAL[g]
                    k = sum(1 for c in self.completed[p] if CARD[c].kind in goal.kinds)
                    self._score(p, "goals", k * goal.each)
        detox = [(sum(CARD[c].atp for c in self.completed[p] if CARD[c].kind == "detox"),
                  sum(1 for c in self.completed[p] if CARD[c].kind == "detox")) for p in range(n)]
        for p, pts in enumerate(detox_awards(detox)):
            self._score(p, "detox", pts)
        for p in range(n):
            events.append(Event("final", p, message("{who} ends with {hp} HP.", who=player(p),
                                                    hp=sum(self.hp[p].values())), (), {"hp": dict(self.hp[p])}))
        w = self.winners()[0]
        events.append(Event("winner", w, _with_note(message("{who} is the healthiest cell and wins.", who=player(w)),
                                                    self._tie_break())))
        return events

    game_over = message("The game is over: no more workers can be placed.")
    moves = {
        "start-resource": Move(_start_resource_options, _check_start_resource, _do_setup),
        "return-card": Move(_return_card_options, _check_return_card, _do_setup),
        "play-resource": Move(_play_resource_options, _check_play_resource, _do_play_resource),
        "grey": Move(_grey_options, _check_grey, _do_grey),
        "place": Move(_place_options, _check_place, _do_place),
        "rest": Move(_rest_options, _check_rest, _do_rest),
    }
