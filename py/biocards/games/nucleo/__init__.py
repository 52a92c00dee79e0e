"""NUCLEO: roll for amino acids, trade with the table, and build real peptides for coins.

Every protein card is a real molecule (oxytocin, bradykinin, substance P…) with its true sequence;
building one joins its amino acids in that order, which teaches primary structure and what each
small protein does in the body.
"""

from __future__ import annotations

from ...core import Game, register
from ...i18n import N_
from .bots import BeginnerBot, GreedyBot, SearchBot
from .cards import PROTEINS as _BY_NAME
from .cards import Protein
from .render import prompt, render
from .rules import MAX_ROUNDS, NucleoState

__all__ = ["GAME", "PROTEINS", "protein"]

PROTEINS: list[Protein] = list(_BY_NAME.values())
"""All 20 protein cards."""


def protein(name: str) -> Protein:
    """The protein card called ``name`` (``.sequence`` N→C in one-letter codes, ``.value`` in coins)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ValueError(f"no protein card {name!r}; cards: {', '.join(_BY_NAME)}") from None


GAME = register(Game(
    id="nucleo",
    title="NUCLEO",
    summary=N_("Roll for amino acids, trade, and build real peptides such as oxytocin for coins."),
    min_players=2,
    max_players=4,
    state_class=NucleoState,
    hidden_information=True,
    # The seat that won the rulebook's imitate-a-protein vote; None draws the starting player at random.
    # trade_minute: the rulebook's one-minute limit on negotiating each turn, run by the page's
    # clock (off by default: a table of computers trades at once; a class may want the pace).
    # unsent_offers_count: an offer cancelled before it was sent still used one of the turn's two
    # offers (the rules of version 2, kept so its records replay; off otherwise).
    # only_target_counters: only the player an offer is made to may counter it (versions 2 and 3).
    # short: the class-length format, half the rulebook's coin pool (rules.SHORT_COIN_POOL;
    # docs/rules-decisions.md › Formats). Off by default, so records from before it replay unchanged.
    options={"first_player": None, "trade_minute": False, "unsent_offers_count": False,
             "only_target_counters": False, "short": False},
    # A turn is at most a few dozen decisions (offers, trades, builds) and there are MAX_ROUNDS rounds.
    max_moves=MAX_ROUNDS * 4 * 60,
    # The beginner plays at random but never accepts a trade that leaves it worse off (docs/rules-decisions.md › NUCLEO).
    bots={"random": BeginnerBot, "greedy": GreedyBot, "search": SearchBot},
    render=render,
    # Rolls and draws; and the minute for negotiating, once up, is gone (a take-back would find it up again).
    reveal_kinds=frozenset({"roll", "end-turn", "trade-in", "fixed-trade", "time-up"}),
    prompt=prompt,
    # 2: offers became several items a side with counter-offers; version-1 records no longer replay.
    # 3: an offer cancelled before it is sent is not one of the turn's two offers.
    # 4: every other player may counter a turned-down offer, not only the player it was made to.
    # 5: the bell can end the game (a record may hold one); version-4 records replay as they were.
    version=5,
    old_versions={2: {"unsent_offers_count": True, "only_target_counters": True},
                  3: {"only_target_counters": True}, 4: {}},
    unversioned_links=2,
))
