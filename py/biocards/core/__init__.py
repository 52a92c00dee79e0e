"""Game-agnostic pieces every BioCards game is built from (see docs/design.md › The engine contract)."""

from .actions import Action, Event
from .errors import IllegalAction, InvalidRecord
from .game import BELL, LEVELS, Game, GameState, Move
from .mechanics import Deck, Die, Pending, Supply, count_items, first_seat, next_seat, seats_from
from .registry import register
from .rng import Rng

__all__ = [
    "BELL", "LEVELS", "Action", "Deck", "Die", "Event", "Game", "GameState", "IllegalAction", "InvalidRecord",
    "Move", "Pending", "Rng", "Supply", "count_items", "first_seat", "next_seat", "register", "seats_from",
]
