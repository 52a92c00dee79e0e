"""The engine contract: :class:`Game` (a game's facts) and :class:`GameState` (a position).

Every game subclasses :class:`GameState` and registers one :class:`Game`. The base class owns
what is the same everywhere: checking legality before any change, keeping the action history,
records and replay, cloning. A game writes only its rules.
"""

from __future__ import annotations

import abc
import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..i18n import N_, Message, lazy_gettext, message, nmessage
from .actions import Action, Event
from .errors import IllegalAction, InvalidRecord
from .records import check_record
from .rng import Rng

if TYPE_CHECKING:
    from ..bots import Bot

BotFactory = Callable[["Game", int, int], "Bot"]
"""``factory(game, seat, seed) -> Bot``."""

LEVELS = {"random": N_("beginner"), "greedy": N_("good"), "search": N_("strong")}
"""The computer levels, weakest first: the bot's name in ``Game.bots`` -> the word a player reads
(English: show it with ``_()``)."""

GAME_OVER = message("The game is over: no more moves can be made.")

BELL = "bell"
"""The kind of the bell's move (a teacher's End, a timer running out): it is in no game's legal
moves, so no player or computer makes it; :meth:`GameState.ring_bell` does, and a record replays
it (docs/rules-decisions.md › All games › Play to the bell)."""


def player_name(seat: int) -> Message:
    """How a seat is named to the players: "Player 1" for seat 0, in the reader's language."""
    return message("Player {n}", n=seat + 1)


def player_list(seats: Iterable[int]) -> Message:
    """Seats named in a list: "Player 1", "Player 1 and Player 3", "Player 1, Player 2 and Player 3"."""
    names = [player_name(p) for p in seats]
    if len(names) == 1:
        return names[0]
    listed = names[0]
    for name in names[1:-1]:
        listed = message("{first}, {next}", first=listed, next=name)
    return message("{first} and {last}", first=listed, last=names[-1])


@dataclass(frozen=True)
class Move:
    """One kind of move, said once (as boardgame.io's moves return ``INVALID_MOVE``).

    ``check(state, action)`` is the rule: ``None`` allows the move, otherwise it returns the
    sentence a student reads when it is refused. The legal moves are the ``options`` this rule
    allows, so the legal list and the refusal sentence come from the same lines and cannot disagree.
    """

    options: Callable[[Any], Iterable[Action]]
    """``options(state)``: the moves of this kind worth asking about here, labelled, in the order the
    table lists them (a superset of the legal ones: ``check`` decides)."""
    check: Callable[[Any, Action], str | Callable[[], str] | None]
    """``check(state, action)``: ``None`` when the move is allowed, else why it is refused: the
    sentence, or a function of no arguments that writes it when the sentence costs work to write
    (the legal list asks only whether a move is allowed)."""
    apply: Callable[[Any, Action], list[Event]]
    """``apply(state, action)``: carry out an allowed move, returning what happened."""
    when_stuck: bool = False
    """A move offered only when no other kind of move is legal ("end the turn: no way to spend the
    last point"); its check refuses it otherwise, asking :meth:`GameState.can_move_otherwise`."""


class GameState(abc.ABC):
    """A position of one game. Subclasses implement the rules; this class keeps the bookkeeping."""

    game: ClassVar[Game]
    """Set by :func:`biocards.core.register`."""

    _legal: list[Action] | None = None
    """The legal moves of this position, computed once (bots and ``apply`` both ask for them)."""

    moves: ClassVar[Mapping[str, Move]] = {}
    """The game's table of move kinds, ``kind -> Move``, in the order the legal list gives them.
    A game declares it once; the legal list, the refusals and the dispatch of moves all read it."""

    game_over: ClassVar[str | Message] = GAME_OVER
    """The refusal of any move once the game is over."""

    bell_rung: bool = False
    """True once the bell has rung (:meth:`ring_bell`): the game has ended as its rulebook ends it,
    or is finishing the round in progress and then ends."""

    _ended_at_bell: bool = False
    """The bell ended the game where it stood (a game that keeps its own end flag sets that instead)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The move limit is a rule of every game, kept here so no game can forget it: once
        # ``game.max_moves`` moves are made (only a loop of moves that change nothing gets there,
        # e.g. play then cancel, over and over) the game is over and scores stand as they are;
        # the winners are the top scores (with the game's own tie-break), as at a normal end.
        # The bell's end where the game stands is kept here too, for the same reason.
        super().__init_subclass__(**kwargs)
        rules_end = cls.__dict__.get("is_terminal")
        if rules_end is not None and not getattr(rules_end, "__isabstractmethod__", False):
            def is_terminal(self: GameState, _rules_end=rules_end) -> bool:
                return _rules_end(self) or self.at_move_limit() or self._ended_at_bell
            is_terminal.__doc__ = rules_end.__doc__
            cls.is_terminal = is_terminal
        mover = cls.__dict__.get("current_player")
        if isinstance(mover, property) and not getattr(mover.fget, "__isabstractmethod__", False):
            def current_player(self: GameState, _mover=mover.fget) -> int | None:
                return None if self.at_move_limit() or self._ended_at_bell else _mover(self)
            cls.current_player = property(current_player, doc=mover.__doc__)

    def at_move_limit(self) -> bool:
        """True once ``game.max_moves`` moves are made: the game then ends where it stands."""
        return len(self.history) >= self.game.max_moves

    def __init__(self, players: int, seed: int, options: Mapping[str, Any]) -> None:
        self.num_players = players
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        self.history: list[Action] = []

    # -- what each game implements -------------------------------------------------------------

    @property
    @abc.abstractmethod
    def current_player(self) -> int | None:
        """The seat to move, or ``None`` once the game is over."""

    def legal_actions(self) -> list[Action]:
        """Every move the current player may make now, in a fixed order; empty only at the end."""
        if self._legal is None:
            self._legal = [] if self.is_terminal() else self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        """The legal moves of a position that is not over (cached by :meth:`legal_actions`): every
        option of each kind of move that its check allows."""
        for tier in self._move_tiers():
            legal = [action for options, check in tier for action in options(self) if check(self, action) is None]
            if legal:
                return legal
        return []

    @classmethod
    def _move_tiers(cls) -> tuple[tuple[tuple[Callable, Callable], ...], ...]:
        """The ``(options, check)`` pairs of :attr:`moves`, in order: the usual moves, then the
        :attr:`Move.when_stuck` ones (worked out once per table of moves: every position asks)."""
        cached = cls.__dict__.get("_tiers")
        if cached is None or cached[0] is not cls.moves:
            cached = (cls.moves, tuple(tuple((m.options, m.check) for m in cls.moves.values() if m.when_stuck is stuck)
                                       for stuck in (False, True)))
            cls._tiers = cached
        return cached[1]

    def can_move_otherwise(self) -> bool:
        """Whether some move other than a :attr:`Move.when_stuck` one is legal here."""
        return any(move.check(self, action) is None for move in self.moves.values() if not move.when_stuck
                   for action in move.options(self))

    def check(self, action: Action) -> str | None:
        """``None`` when ``action`` is allowed by its kind's rule, else the sentence refusing it."""
        if self.is_terminal():
            return self.game_over
        move = self.moves.get(action.kind)
        if move is None:
            return self._unknown_move(action)
        refusal = move.check(self, action)
        return refusal() if callable(refusal) else refusal

    def _apply(self, action: Action) -> list[Event]:
        """Carry out a move already known to be legal (a game that does more after every move, such
        as ending a turn, calls this and adds its own events)."""
        return self.moves[action.kind].apply(self, action)

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abc.abstractmethod
    def scores(self) -> list[int]:
        """One score per seat (final once terminal)."""

    @abc.abstractmethod
    def score_breakdown(self, player: int) -> list[tuple[str, int]]:
        """``(label, points)`` pairs that sum to ``scores()[player]``."""

    @abc.abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """A JSON-able dict of what ``player`` may see (``None``: a spectator)."""

    def determinized(self, player: int, seed: int) -> GameState:
        """A clone with everything ``player`` cannot see re-dealt at random.

        Games with hidden information override this; a game of open information returns a clone.
        The result must depend only on what ``player`` sees and on ``seed``: gather the unseen cards
        in a canonical order (e.g. sorted) before shuffling them with ``Rng(seed)``, and give the
        clone that generator too, so future draws are unknown as well.
        """
        return self.clone()

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal here, in a sentence a student understands: its kind's check,
        or (for a move the check allows but no option lists, such as a malformed one) a plain no."""
        return self.check(action) or self._unknown_move(action)

    def _unknown_move(self, action: Action) -> Message:
        name = action.label or action.kind.replace("-", " ")
        return message("“{move}” is not a move you can make right now.", move=name)

    # -- shared bookkeeping --------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Make a move; an illegal one raises :class:`IllegalAction` and changes nothing.

        The bell's move (a record replaying it) rings the bell: :meth:`ring_bell`."""
        if action.kind == BELL and not action.params:
            return self.ring_bell()
        if self.is_terminal():
            raise IllegalAction(self.game_over)
        chosen = self._as_listed(action)
        if chosen is None:
            raise IllegalAction(self.explain_illegal(action))
        self._legal = None
        events = self._apply(chosen)
        self._legal = None
        self.history.append(chosen)
        if len(self.history) == self.game.max_moves and not any(e.kind == "game-over" for e in events):
            events.append(self._move_limit_over())
        elif self.bell_rung and not any(e.kind == "game-over" for e in events) and self.is_terminal():
            events.append(self._bell_over())  # the round the bell left to play is over
        return events

    # -- the bell --------------------------------------------------------------------------------

    def ring_bell(self) -> list[Event]:
        """The bell rings (a teacher's End, a timer): the game ends as its rulebook ends it, scored
        from the position. A game ends at once, or first finishes the round in progress where its
        rulebook's fairness needs every player to have had as many turns; then
        :meth:`is_terminal` stays False and play goes on until that round is over. A second ring
        while the round is being finished ends the game where it stands.

        Recorded in :attr:`history` as ``Action("bell")`` (made by no seat), so a record replays it.
        Raises :class:`IllegalAction`, changing nothing, once the game is over."""
        if self.is_terminal():
            raise IllegalAction(self.game_over)
        again = self.bell_rung
        self._legal = None
        self.bell_rung = True
        events = self._at_bell(again)
        self._legal = None
        self.history.append(Action(BELL))
        if self.is_terminal():
            events.append(self._bell_over())
        return events

    def _at_bell(self, again: bool) -> list[Event]:
        """The game's rule at the bell (docs/rules-decisions.md › each game › The bell), with
        :attr:`bell_rung` already set: end the game now, scored as its rulebook scores an end, or
        leave it to end when the round in progress is over, returning a line that says so. ``again``:
        the bell rang a second time while that round was being finished, so the game ends now.

        This default ends the game where it stands; a game whose scores or winners depend on its
        own end flag (final scoring) overrides it."""
        self._ended_at_bell = True
        return []

    def _bell_over(self) -> Event:
        """The log's last line when the bell has ended the game: who wins, and that the bell ended it.
        Its data: ``scores``, ``winners`` (seats) and ``bell: True`` for the end screen."""
        return self._scored_end("bell", lambda n, who, score: nmessage(
            "The bell has rung, so the game ends here and is scored as its rules score an end: "
            "{who} wins with {score}.",
            "The bell has rung, so the game ends here and is scored as its rules score an end: "
            "{who} win with {score}.", n, who=who, score=score))

    def _scored_end(self, why: str, sentence: Callable[[int, Message, int], Message]) -> Event:
        """A ``game-over`` event for an end the core makes (the bell, the move limit): ``sentence(n,
        who, score)`` names the ``n`` winners and their score; the data holds ``scores``, ``winners``
        and ``why: True``."""
        scores, winners = self.scores(), self.winners()
        return Event("game-over", None, sentence(len(winners), player_list(winners), scores[winners[0]]), (),
                     {"scores": scores, "winners": winners, why: True})

    def _as_listed(self, action: Action) -> Action | None:
        """``action`` as the legal moves list it (with its label), or ``None`` when it is not legal.

        Without the legal list at hand (a record replaying, a move sent by a client) only the
        options of the action's own kind are worked out and checked: the legal list is exactly the
        options each kind's check allows (a :attr:`Move.when_stuck` check refuses while another
        move is possible), so the answer is the same at a fraction of the work."""
        if self._legal is not None:
            legal = self._legal
            try:
                return legal[legal.index(action)]
            except ValueError:
                return None
        move = self.moves.get(action.kind)
        if move is None or move.check(self, action) is not None:
            return None
        for option in move.options(self):
            if option == action:
                return option
        return None

    def _move_limit_over(self) -> Event:
        """The log's last line when the move limit ends a game the rules had not ended."""
        return self._scored_end("move_limit", lambda n, who, score: nmessage(
            "The game has reached its limit of {limit} moves, so it ends here and is scored as it stands: "
            "{who} wins with {score}.",
            "The game has reached its limit of {limit} moves, so it ends here and is scored as it stands: "
            "{who} win with {score}.", n, limit=self.game.max_moves, who=who, score=score))

    def winners(self) -> list[int]:
        """The seats that win by the rules: the top score (several on a tie). A game whose rulebook
        breaks ties overrides this and :meth:`tie_break`."""
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def tie_break(self) -> str | None:
        """Once the game is over, the sentence naming the rule that decided a tied top score
        ("Tied on 29: Player 2 wins with more ATP left."), or ``None`` when no tie-break was needed."""
        return None

    def clone(self) -> GameState:
        """An independent copy (games with hot loops may override with a faster copy)."""
        return copy.deepcopy(self)

    def _clone_shell(self):
        """A shallow copy owning its options, generator, history and move cache.

        A game's fast ``clone`` starts here and then copies its own mutable parts.
        """
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.options, twin.rng, twin.history = dict(self.options), self.rng.copy(), list(self.history)
        twin._legal = None
        return twin

    def to_record(self) -> dict[str, Any]:
        """Everything needed to replay this game: seed, options and the moves so far."""
        return {
            "game": self.game.id,
            "version": self.game.version,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": [a.to_json() for a in self.history],
        }

    def __repr__(self) -> str:
        return (f"<{self.game.title} state: {self.num_players} players, seed {self.seed}, "
                f"{len(self.history)} moves>")


@dataclass(frozen=True)
class Game:
    """A game's facts, declared once (STYLE: like OpenSpiel's ``_GAME_INFO``)."""

    id: str
    """Short id used in URLs and records, e.g. ``"translation"``."""
    title: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    hidden_information: bool
    max_moves: int
    """An upper bound on moves in one game (a game must end; tests check it)."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """Option names with their defaults, e.g. ``{"advanced": False}``."""
    bots: Mapping[str, BotFactory] = field(default_factory=dict)
    render: Callable[..., str] | None = None
    """``render(view, *, legal=(), layout="wide") -> str`` (SVG), pure; ``layout`` is a key of
    :data:`biocards.svg.LAYOUTS` and the SVG's width is that layout's width."""
    prompt: Callable[..., str | None] | None = None
    """``prompt(view, *, legal=()) -> str | None``, pure: what the player to move is asked to do now,
    in one sentence ("Choose the nucleotide to put at position 4."), for the page's prompt bar;
    ``None`` lets the page say "Player N, your move"."""
    version: int = 1
    """Bumped when a rules change makes old records replay differently."""
    old_versions: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    """Earlier versions whose records still load, each with the options that replay it exactly
    (the older rules kept as an option): ``{1: {"two_player_stop": False}}``."""
    unversioned_links: int | None = None
    """The rules version of shared links written before links carried one (``None``: the current
    version): such a link replays with that version's rules, as an old record does."""
    summary: str = ""
    """One sentence for the game list."""
    variant_min_players: int | None = None
    """Fewest players of a marked variant below the printed count (the state checks that the
    variant is chosen), or ``None`` when there is none; read :attr:`fewest_players`."""
    reveal_kinds: frozenset[str] = frozenset()
    """Kinds of move that reveal something hidden or random (a roll, a draw, a card turned face up,
    a shuffle): :mod:`biocards.core.undo` never takes such a move back."""

    @property
    def fewest_players(self) -> int:
        """The fewest players any table of this game may have, a marked variant included."""
        return self.variant_min_players or self.min_players

    def new_state(self, players: int, seed: int = 0, **options: Any) -> GameState:
        """A new game; raises ``ValueError`` for a player count or option this game does not have."""
        if not isinstance(players, int) or not self.fewest_players <= players <= self.max_players:
            raise ValueError(message("{game} is for {low}–{high} players, not {players}.",
                                     game=lazy_gettext(self.title), low=self.min_players, high=self.max_players,
                                     players=repr(players)))
        unknown = set(options) - set(self.options)
        if unknown:
            raise ValueError(message("{game} has no option {name}; options: {options}.", game=lazy_gettext(self.title),
                                     name=repr(sorted(unknown)[0]), options=str(sorted(self.options) or "none")))
        return self.state_class(players, int(seed), {**self.options, **options})

    def load(self, record: Mapping[str, Any], *, events: list[Event] | None = None) -> GameState:
        """Replay a record from :meth:`GameState.to_record`; raises :class:`InvalidRecord`.

        Pass a list as ``events`` to collect every event of the replay (a resumed game's log).
        """
        record = check_record(record, self)
        try:
            state = self.new_state(record["players"], record["seed"], **record.get("options", {}))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidRecord(message("This saved game cannot start: {reason}", reason=str(exc))) from None
        actions = record.get("actions", [])
        for number, data in enumerate(actions, start=1):
            try:
                happened = state.apply(Action.from_json(data))
            except (ValueError, TypeError) as exc:
                raise InvalidRecord(message("Move {number} of the saved game cannot be replayed: {reason}",
                                            number=number, reason=str(exc))) from None
            if events is not None:
                events.extend(happened)
        return state

    def make_bot(self, name: str, seat: int, seed: int = 0) -> Bot:
        """A bot of this game by name (``"random"``, ``"greedy"``, …)."""
        try:
            factory = self.bots[name]
        except KeyError:
            raise ValueError(f"{self.title} has no {name!r} bot; bots: {sorted(self.bots)}.") from None
        return factory(self, seat, seed)
