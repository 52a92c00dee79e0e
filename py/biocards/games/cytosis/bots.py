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
CUBE_VALUE = {"mrna": 0.45, "protein": 0.6, "carb": 0.6, "lipid": 0.45}


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
    value += sum(hopes[:3]) * min(0.3, 0.06 * rounds_left) + 0.1 * sum(hopes[3:])
    value += sum(2.0 for c in hand if CARD[c].kind == "resource")
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
    cubes = state.cubes[seat]
    value += sum(min(cubes[r], 4) * w for r, w in CUBE_VALUE.items())
    value += min(state.atp[seat], 8) * 0.4 + max(0, state.atp[seat] - 8) * 0.1
    return value


greedy_factory = one_ply_factory(evaluate)
