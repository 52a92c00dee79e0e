"""The gene-expression matching game: shed your hand along the pathway a gene takes to be expressed.

Cards follow one another as the steps of expression do (promoter → operon → transcription factor
→ expressed gene → promoter), or by the same number or the same mutation; the four mutation cards
(substitution, translocation, deletion, insertion) disturb the game as mutations disturb a gene's
product. It teaches the order of gene expression and what each kind of mutation does.
"""

from __future__ import annotations


from ...bots import RandomBot
from ...core import Game, register
from ...i18n import N_
from .bots import GreedyBot, SearchBot
from .cards import follows
from .render import prompt, render
from .rules import (MAX_HANDS, MAX_MOVES_PER_TURN, MAX_PLAYERS, MAX_TURNS_PER_HAND, MIN_PLAYERS,
                    VARIANT_MIN_PLAYERS, ExpressionState)

__all__ = ["GAME", "can_follow"]


def can_follow(card: str, top: str) -> bool:
    """Whether ``card`` may be played on ``top`` (both ``category:value``); ``ValueError`` if malformed.

    >>> can_follow("operon:7", "promoter:3")
    True
    """
    return follows(card, top)


GAME = register(Game(
    id="expression",
    title="Gene Expression",
    summary=N_("Shed your cards by following the pathway of gene expression, and mutate your rivals' turns."),
    # Printed for 4–6; the 2–3 player variant is a marked variant: 2–3 players need variant=True
    # (the state refuses them without it).
    min_players=MIN_PLAYERS,
    variant_min_players=VARIANT_MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    state_class=ExpressionState,
    hidden_information=True,
    max_moves=MAX_HANDS * MAX_TURNS_PER_HAND * MAX_MOVES_PER_TURN,
    # first_player: the seat that leads the first hand (0-based); None draws it from the deal's seed.
    # short: the class-length format, a match to 100 points whatever ``target`` says (rules.SHORT_TARGET;
    # docs/rules-decisions.md › Formats); off by default, so older records replay.
    options={"target": 500, "variant": False, "first_player": None, "short": False},
    bots={"random": RandomBot, "greedy": GreedyBot, "search": SearchBot},
    render=render,
    reveal_kinds=frozenset({"draw"}),  # see core/undo.py
    prompt=prompt,
    # 2: the first hand's first player is drawn (was always seat 0): version-1 records replay with seat 0.
    # 3: the bell can end the match (a record may hold one); version-2 records replay as they were.
    version=3,
    old_versions={1: {"first_player": 0}, 2: {}},
    unversioned_links=1,
))
