"""Cytosis greedy bot: one move ahead, valuing Health Points plus the cards its resources complete.

Each card in hand is worth what completing it would add (its Health Points, a goal marked for its
kind, a better enzyme set or alcohol-detox place), scaled by how far along it is: the share of the
worker placements it needs that are already done or paid for by cubes and ATP in stock. Cubes and
ATP are shared out among the cards nearest completion first, so a resource is worth the progress
it buys. A card that cannot be finished with the placements left in the game is worth little. The
end-game awards (detox places, enzyme sets, goals) are counted as if the game ended now, so the
bot plans for them. It searches determinized clones, so it sees only what its seat may see.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...bots import OnePlyBot, search
from ...core import Action, Game
from .cards import CARD, GOAL, VESICLE_KINDS, WORKERS
from .rules import CytosisState, detox_awards, enzyme_set_points

GATHER = {"mrna": 3.0, "lipid": 3.0, "atp": 3.0, "carb": 1.5}
"""About how many of each resource one worker placement gathers (3 mRNA, 3 lipid, 3 ATP, 1–2 carbohydrate)."""
IN_HAND = 0.15
"""Share of a card's worth it has in hand before any work is done (the rest comes with progress)."""
SPARE = {"mrna": 0.1, "protein": 0.15, "carb": 0.15, "lipid": 0.1, "atp": 0.15}
"""Worth of a cube or ATP no card in hand needs (it may serve a card bought later)."""
STAGE = {"hand": 0, "smooth-er": 1, "rough-er": 1, "golgi": 2}


@lru_cache(maxsize=1024)
def _enzyme_sets(colours: tuple[str, ...]) -> int:
    return enzyme_set_points(list(colours))


@lru_cache(maxsize=1024)
def _needs_of(card_id: str, stage: int) -> tuple[float, tuple[tuple[str, int], ...]]:
    """:func:`_needs` by card id, its resources as pairs (worked out once per card and stage)."""
    steps, needs = _needs(CARD[card_id], stage)
    return steps, tuple(needs.items())


def _needs(card, stage: int) -> tuple[float, dict[str, int]]:
    """Worker placements still to make (besides gathering) and the resources still to pay, from a stage.

    Stage 0: the card in hand; 1: its vesicle in an ER; 2: its vesicle in the Golgi."""
    if card.kind == "detox":
        return 1.0, {"atp": card.atp}
    if card.kind == "enzyme":
        return 1.0, {**dict(card.cubes), "atp": card.atp}
    golgi = card.golgi_cube
    if stage == 2:
        return 1.0, {"atp": card.atp}
    if stage == 1:
        return 2.0, {golgi: 1, "atp": card.atp}
    er = card.er_cube
    needs = {"atp": card.atp, golgi: 1}
    # The rough ER translates mRNA straight into the vesicle; the smooth ER loads lipid.
    er_res = "mrna" if er == "protein" else "lipid"
    needs[er_res] = needs.get(er_res, 0) + card.need(er)
    return 3.0, needs


@lru_cache(maxsize=4096)
def _from_scratch(card_id: str) -> float:
    """Worker placements a card takes from the hand with nothing in stock."""
    card = CARD[card_id]
    steps, needs = _needs(card, 0)
    total = steps + sum(n / GATHER.get(r, GATHER["mrna"]) for r, n in needs.items() if r != "protein")
    if needs.get("protein"):
        total += needs["protein"] / GATHER["mrna"] + 1  # mRNA, then the free ribosome
    return total


def _shortfall_actions(needs: tuple[tuple[str, int], ...], pool: dict[str, float]) -> float:
    """Take what ``needs`` asks for from ``pool`` (in place) and return the placements still needed."""
    actions = 0.0
    for r, n in needs:
        if r == "protein":
            have = min(n, pool["protein"])
            pool["protein"] -= have
            short = n - have
            if short:
                mrna = min(short, pool["mrna"])
                pool["mrna"] -= mrna
                actions += 1 + (short - mrna) / GATHER["mrna"]
            continue
        have = min(n, pool[r])
        pool[r] -= have
        actions += (n - have) / GATHER[r]
    return actions


def _placements_left(state: CytosisState, seat: int) -> int:
    return state.workers[seat] + WORKERS[state.num_players] * len(state.events)


@lru_cache(maxsize=4096)
def _completed(done: tuple[str, ...]) -> tuple:
    """What the evaluation needs from a seat's completed cards: enzyme colours (sorted), detox
    (ATP total, cards), and how many of each kind."""
    cards = [CARD[c] for c in done]
    colours = tuple(sorted(c.colour for c in cards if c.kind == "enzyme"))
    detox = [c for c in cards if c.kind == "detox"]
    kinds: dict[str, int] = {}
    for c in cards:
        kinds[c.kind] = kinds.get(c.kind, 0) + 1
    return colours, (sum(c.atp for c in detox), len(detox)), kinds


@lru_cache(maxsize=4096)
def _detox_awards(detox: tuple[tuple[int, int], ...]) -> list[int]:
    return detox_awards(list(detox))


def _detox(state: CytosisState, p: int) -> tuple[int, int]:
    return _completed(tuple(state.completed[p]))[1]


def end_bonus(state: CytosisState, seat: int) -> float:
    """End-game points from what is completed now: enzyme sets, marked goals, the detox award."""
    colours, _, kinds = _completed(tuple(state.completed[seat]))
    value = float(_enzyme_sets(colours))
    for g, marks in state.markers.items():
        if seat in marks:
            goal = GOAL[g]
            value += goal.each * sum(kinds.get(k, 0) for k in goal.kinds)
    value += _detox_awards(tuple(_detox(state, p) for p in range(state.num_players)))[seat]
    return value


def evaluate(state: CytosisState, seat: int) -> float:
    """Health Points so far, the end-game awards as things stand, and what the hand promises."""
    value = float(sum(state.hp[seat].values()))
    if state.over:
        others = max(sum(state.hp[q].values()) for q in range(state.num_players) if q != seat)
        return value + 0.3 * (value - others)
    value += end_bonus(state, seat)
    rounds_left = len(state.events) + 1
    kinds = _completed(tuple(state.completed[seat]))[2]
    # A completed receptor keeps paying whenever a rival makes a matching hormone: worth more early.
    receptors = {k: kinds.get(k, 0) for k in ("protein-receptor", "steroid-receptor")}
    value += sum(receptors.values()) * 0.6 * min(rounds_left - 1, 5)
    value += _hand_value(state, seat, receptors, rounds_left)
    return value


def _hand_value(state: CytosisState, seat: int, receptors: dict[str, int], rounds_left: int) -> float:
    hand = state.hand[seat]
    pool: dict[str, float] = {**state.cubes[seat], "atp": state.atp[seat]}
    if not hand:
        return sum(n * SPARE[r] for r, n in pool.items())
    goal_each: dict[str, int] = {}
    for g, marks in state.markers.items():
        if seat in marks:
            for kind in GOAL[g].kinds:
                goal_each[kind] = goal_each.get(kind, 0) + GOAL[g].each
    colours = _completed(tuple(state.completed[seat]))[0]
    sets_now = _enzyme_sets(colours)
    detox_all = tuple(_detox(state, p) for p in range(state.num_players))
    detox_now = _detox_awards(detox_all)[seat]
    # Vesicles stand for the card in hand they match best (a card is claimed by one vesicle).
    stage_of: dict[int, int] = {}
    for v in state.vesicles:
        if v["owner"] != seat:
            continue
        in_golgi = v["loc"] == "golgi"
        cubes = {k: n for k, n in v["cubes"].items() if n}
        load = sum(cubes.values())
        best = None
        for i, c in enumerate(hand):
            card = CARD[c]
            if card.kind not in VESICLE_KINDS or i in stage_of:
                continue
            er = "smooth-er" if card.kind == "steroid-hormone" else "rough-er"
            if v["er"] != er:
                continue
            if (cubes == dict(card.cubes)) if in_golgi else (card.need(card.er_cube) == load):
                if best is None or card.hp > CARD[hand[best]].hp:
                    best = i
        if best is not None:
            stage_of[best] = 2 if in_golgi else 1
    plans = []
    for i, c in enumerate(hand):
        card = CARD[c]
        if card.kind == "resource":
            plans.append((3, 0.0, 0.0, card, 0))
            continue
        worth = card.hp + goal_each.get(card.kind, 0)
        if card.kind == "enzyme":
            worth += _enzyme_sets(tuple(sorted(colours + (card.colour,)))) - sets_now
        elif card.kind == "detox":
            mine = detox_all[seat]
            trial = detox_all[:seat] + ((mine[0] + card.atp, mine[1] + 1),) + detox_all[seat + 1:]
            worth += _detox_awards(trial)[seat] - detox_now
        elif card.kind in ("protein-hormone", "steroid-hormone"):
            worth += receptors["protein-receptor" if card.kind == "protein-hormone" else "steroid-receptor"]
        elif card.kind.endswith("receptor"):
            worth += 0.6 * min(rounds_left - 1, 5)
        stage = stage_of.get(i, 0)
        plans.append((stage, worth / _from_scratch(c), worth, card, stage))
    # Cards nearest completion, then the best worth per placement, take the resources first.
    plans.sort(key=lambda t: (-t[0], -t[1]))
    left = _placements_left(state, seat)
    used = 0.0
    value = 0.0
    for _, _, worth, card, stage in plans:
        if card.kind == "resource":
            value += 0.5 * sum(n * SPARE[r] for r, n in card.gives) + 0.5
            continue
        steps, needs = _needs_of(card.id, stage)
        remaining = steps + _shortfall_actions(needs, pool)
        total = _from_scratch(card.id)
        progress = max(0.0, 1.0 - remaining / total)
        used += remaining
        share = IN_HAND + (1 - IN_HAND) * progress
        if used > left:
            # Not enough placements left in the game to finish it (a little slack for boosts).
            share *= max(0.0, 1.0 - (used - left) / 2)
        value += worth * share
    value += sum(n * SPARE[r] for r, n in pool.items())
    return value


class GreedyBot(OnePlyBot):
    """The generic one-ply search, made cheaper for Cytosis: the legal moves are computed once on
    the real position (they depend only on what this seat sees), and each candidate is played on a
    clone with ``_apply``, skipping the legality check and the children's own move lists.
    """

    def __init__(self, game: Game, seat: int, seed: int = 0) -> None:
        super().__init__(game, seat, seed, evaluate=evaluate)

    def _play(self, child: CytosisState, action: Action) -> None:
        child._apply(action)


class SearchBot(search.SearchBot):
    """The generic determinized search over the five moves this game's evaluation likes best,
    with short greedy roll-outs scored by the same evaluation (whole games cost too much here).
    Two worlds a move is what the page's 0.4 s buys in Pyodide (a world costs about 0.1 s in
    CPython), so the bench measures the page's strong bot."""

    samples = 2
    horizon = 12
    width = 5

    def rank(self, world: CytosisState, move: Action) -> float:
        child = world.clone()
        child._apply(move)
        return evaluate(child, self.seat)

    def evaluate(self, state: CytosisState, seat: int) -> float:
        mine = evaluate(state, seat)
        best_other = max(evaluate(state, q) for q in range(state.num_players) if q != seat)
        return 0.5 + 0.5 * math.tanh((mine - best_other) / 10)
