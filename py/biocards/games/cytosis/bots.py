"""Cytosis greedy bot: one move ahead, valuing Health Points plus progress along each pathway.

A vesicle in the ER is worth part of the best card it can become, more once it reaches the Golgi,
so the bot carries hormones through ER → Golgi → exocytosis. It searches determinized clones, so
it sees only what its seat may see.
"""

from __future__ import annotations

from ...bots import one_ply_factory
from .cards import CARD, VESICLE_KINDS
from .rules import CytosisState, matches

STAGE = {"smooth-er": 0.55, "rough-er": 0.55, "golgi": 0.8}
"""Share of a card's Health Points a vesicle is worth at each stage."""


def evaluate(state: CytosisState, seat: int) -> float:
    """Health Points so far plus what the hand, vesicles and stock promise."""
    value = float(sum(state.hp[seat].values()))
    if state.over:
        others = max(sum(state.hp[q].values()) for q in range(state.num_players) if q != seat)
        return value + 0.3 * (value - others)
    hand = state.hand[seat]
    rounds_left = len(state.events) + 1
    # Cards in hand: a promise, worth less as the game runs out.
    hopes = sorted((CARD[c].hp + (2 if CARD[c].kind == "detox" else 0) for c in hand
                    if CARD[c].kind != "resource"), reverse=True)
    value += sum(hopes[:3]) * min(0.25, 0.05 * (rounds_left - 1)) + 0.03 * sum(hopes[3:])
    value += sum(1.0 for c in hand if CARD[c].kind == "resource")
    # A completed receptor keeps paying whenever a matching hormone is made: worth more early on.
    receptors = sum(1 for c in state.completed[seat] if CARD[c].kind.endswith("receptor"))
    value += receptors * 0.6 * min(rounds_left - 1, 5)
    for v in state.vesicles:
        if v["owner"] != seat:
            continue
        best = 0
        for c in hand:
            card = CARD[c]
            if card.kind not in VESICLE_KINDS:
                continue
            if v["loc"] == "golgi":
                ok = matches(card, v)
            else:
                ok = v["er"] == ("smooth-er" if card.kind == "steroid-hormone" else "rough-er") and \
                    card.need(card.er_cube) == sum(v["cubes"].values())
            if ok:
                best = max(best, card.hp)
        value += STAGE[v["loc"]] * best
    value += _stock_value(state, seat)
    return value


def _stock_value(state: CytosisState, seat: int) -> float:
    """Cubes and ATP are worth most up to what the cards in hand still need."""
    need = dict.fromkeys(("mrna", "protein", "carb", "lipid", "atp"), 0)
    for c in state.hand[seat]:
        card = CARD[c]
        if card.kind == "resource":
            continue
        for r, n in card.cubes:
            need["protein" if r == "protein" else r] += n
        need["atp"] += card.atp
    cubes = state.cubes[seat]
    value = 0.0
    protein_short = max(0, need["protein"] - cubes["protein"])
    have = {**cubes, "atp": state.atp[seat]}
    have["mrna"] = cubes["mrna"]
    need["mrna"] = protein_short
    for r, n in have.items():
        useful = min(n, need[r] + (2 if r == "atp" else 0))
        value += useful * (0.4 if r != "mrna" else 0.3) + (n - useful) * 0.08
    return value


greedy_factory = one_ply_factory(evaluate)
