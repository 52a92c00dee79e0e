"""Cytosis: worker placement inside a human cell.

Players send workers to organelles for mRNA, ATP, lipids and sugars, then build enzymes in the
cytoplasm and hormones and receptors along the secretory pathway (ER → Golgi → exocytosis), which
teaches where in a cell each kind of molecule is made and how it leaves.
"""

from __future__ import annotations

from ...bots import RandomBot
from ...core import Game, register
from ...i18n import N_
from .bots import GreedyBot, SearchBot
from .render import prompt, render
from .rules import CytosisState, detox_awards, enzyme_set_points

__all__ = ["GAME", "detox_awards", "enzyme_set_points"]

GAME = register(Game(
    id="cytosis",
    title="Cytosis",
    summary=N_("Place workers on organelles to build enzymes, hormones and receptors inside a human cell."),
    min_players=2,
    max_players=5,
    state_class=CytosisState,
    hidden_information=True,
    # Setup: 3 decisions a player; then at most 13 rounds of 12 placements and 2 grey workers,
    # plus the 4 additional resource cards.
    max_moves=15 + 13 * 14 + 4,
    bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
    render=render,
    prompt=prompt,
    # first_player: the seat that moves first (0-based); None draws it from the deal's seed.
    # short: the class-length format, 7 Event Cards in play (rules.SHORT_EVENTS; docs/rules-decisions.md ›
    # Formats); off by default, so older records replay.
    options={"first_player": None, "short": False},
    # 2: purchase slots cost 0/0/1/2 ATP (were 0/1/2/3); 3: no "translate 0 mRNA" move;
    # 4: the first player is drawn (was always seat 0): version-3 records replay with seat 0 first.
    # 5: the bell can end the game (a record may hold one); version-4 records replay as they were.
    version=5,
    old_versions={3: {"first_player": 0}, 4: {}},
    unversioned_links=3,
))
