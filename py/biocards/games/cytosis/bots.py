"""Cytosis greedy bot: one move ahead, valuing Health Points plus progress along each pathway.

A vesicle in the ER is worth part of the best card it can become, more once it reaches the Golgi,
so the bot carries hormones through ER → Golgi → exocytosis. It searches determinized clones, so
it sees only what its seat may see.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...bots import OnePlyBot, search
from ...core import Action, Game
from .cards import CARD, VESICLE_KINDS
from .rules import CytosisState

STAGE = {"smooth-er": 0.55, "rough-er": 0.55, "golgi": 0.8}
"""Share of a card's Health Points a vesicle is worth at each stage."""


@lru_cache(maxsize=8192)
def _hand_summary(hand: tuple[str, ...]) -> tuple:
    """What evaluate needs from a hand, worked out once per hand (a greedy game sees few hands).

    Returns the sum of the three best hopes, the sum of the rest, the number of resource cards,
    the cubes and ATP the hand needs, and (HP, ER, ER cubes, all cubes) for each vesicle card.
    """
    hopes = sorted((CARD[c].hp + (2 if CARD[c].kind == "detox" else 0) for c in hand
                    if CARD[c].kind != "resource"), reverse=True)
    resources = sum(1.0 for c in hand if CARD[c].kind == "resource")
    need = dict.fromkeys(("protein", "carb", "lipid", "atp"), 0)
    vesicle_cards = []
    for c in hand:
        card = CARD[c]
        if card.kind == "resource":
            continue
        for r, n in card.cubes:
            need[r] += n
        need["atp"] += card.atp
        if card.kind in VESICLE_KINDS:
            er = "smooth-er" if card.kind == "steroid-hormone" else "rough-er"
            vesicle_cards.append((card.hp, er, card.need(card.er_cube), dict(card.cubes)))
    return sum(hopes[:3]), sum(hopes[3:]), resources, need, tuple(vesicle_cards)


def evaluate(state: CytosisState, seat: int) -> float:
    """Health Points so far plus what the hand, vesicles and stock promise."""
    value = float(sum(state.hp[seat].values()))
    if state.over:
        others = max(sum(state.hp[q].values()) for q in range(state.num_players) if q != seat)
        return value + 0.3 * (value - others)
    top_hopes, other_hopes, resources, need, vesicle_cards = _hand_summary(tuple(state.hand[seat]))
    rounds_left = len(state.events) + 1
    # Cards in hand: a promise, worth less as the game runs out.
    value += top_hopes * min(0.25, 0.05 * (rounds_left - 1)) + 0.03 * other_hopes
    value += resources
    # A completed receptor keeps paying whenever a matching hormone is made: worth more early on.
    receptors = sum(1 for c in state.completed[seat] if CARD[c].kind.endswith("receptor"))
    value += receptors * 0.6 * min(rounds_left - 1, 5)
    for v in state.vesicles:
        if v["owner"] != seat:
            continue
        best = 0
        in_golgi = v["loc"] == "golgi"
        cubes = {k: n for k, n in v["cubes"].items() if n} if in_golgi else None
        load = sum(v["cubes"].values())
        for hp, er, er_need, card_cubes in vesicle_cards:
            # In the Golgi the vesicle must hold exactly the card's cubes; in the ER, its ER cubes.
            if v["er"] == er and (cubes == card_cubes if in_golgi else er_need == load):
                best = max(best, hp)
        value += STAGE[v["loc"]] * best
    value += _stock_value(state, seat, need)
    return value


def _stock_value(state: CytosisState, seat: int, need: dict[str, int]) -> float:
    """Cubes and ATP are worth most up to what the cards in hand still need."""
    cubes = state.cubes[seat]
    value = 0.0
    wanted = {"mrna": max(0, need["protein"] - cubes["protein"]), "protein": need["protein"],
              "carb": need["carb"], "lipid": need["lipid"], "atp": need["atp"] + 2}
    for r, n in (*cubes.items(), ("atp", state.atp[seat])):
        useful = min(n, wanted[r])
        value += useful * (0.4 if r != "mrna" else 0.3) + (n - useful) * 0.08
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
    with short greedy roll-outs scored by the same evaluation (whole games cost too much here)."""

    samples = 3
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
