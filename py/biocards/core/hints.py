"""“Suggest a move”: the strongest bot's choice for the seat to move, with a reason in words.

The bot plays fair (it looks ahead only in :meth:`GameState.determinized` worlds built from the
seat's own view), and so does the reason: it comes from making the suggested move in such a world,
so a hint never tells a student what the next card of the deck is.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import message, nmessage
from .actions import Action
from .game import LEVELS, GameState
from .undo import reveals

STRONGEST_FIRST = tuple(reversed(LEVELS))
"""Bot names from strongest to weakest; a hint asks the first one the game has."""


@dataclass(frozen=True)
class Hint:
    action: Action
    reason: str


def suggest(state: GameState, seed: int = 0, *, seconds: float | None = None) -> Hint:
    """The move the strongest bot would make for the seat to move, and why, in one or two sentences.
    ``seconds`` caps a searching bot's thinking (the page: a student waits for the answer)."""
    seat = state.current_player
    if seat is None:
        raise ValueError(message("The game is over: there is no move to suggest."))
    name = next(n for n in STRONGEST_FIRST if n in state.game.bots)
    bot = state.game.make_bot(name, seat, seed)
    if seconds is not None and hasattr(bot, "seconds"):
        bot.seconds = seconds
    action = bot.choose(state)
    action = next(a for a in state.legal_actions() if a == action)  # the label the student sees
    return Hint(action, _reason(state, action, seat, seed))


def _reason(state: GameState, action: Action, seat: int, seed: int) -> str:
    """The hint's sentence, written now in the current language (the page's; the class server asks
    in the seat's)."""
    name = action.label or action.kind.replace("-", " ").capitalize()
    chancy = reveals(state, action)
    # Make the move in worlds built from the seat's own view: what is the same in all of them is
    # what the student can be told; a card or a roll still to come stays unknown.
    gains, told = set(), None
    for world_seed in range(3 if chancy else 1):
        world = state.determinized(seat, seed * 31 + world_seed)
        before = world.scores()[seat]
        events = world.apply(action)
        gains.add(world.scores()[seat] - before)
        if not chancy:
            told = next((e.message for e in events if e.player == seat and e.text), None)
    gain = gains.pop() if len(gains) == 1 else None
    if gain and gain > 0:
        sentence = nmessage("+{n} point now.", "+{n} points now.", gain)
    elif gain:
        sentence = nmessage("it costs {n} point now, for a bigger gain later.",
                            "it costs {n} points now, for a bigger gain later.", -gain)
    else:
        sentence = message("no points yet, but the computer rates it your best move for what it sets up.")
    if chancy:
        sentence = message("{sentence} What it turns up is left to chance.", sentence=sentence)
    if told:
        return str(message("{move}: {sentence} {told}", move=name, sentence=sentence, told=told))
    return str(message("{move}: {sentence}", move=name, sentence=sentence))
