"""Guided lessons: a student plays a prepared position, one taught move at a time.

A lesson names a game, its seats and seed, the moves that set the position up, and steps. Each
step says what to look at and which move to make (``expect``: the action's kind and the parameters
that must match), and explains the biology once the move is made. A different move is not played:
the student is told why and tries again; bots move as usual between steps. After the last step the
game simply goes on. Pure Python: the page (``web/table.py``) and the build (which refuses a lesson
whose steps cannot be played) both use it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import games
from .core import Action, GameState

__all__ = ["GuidedLesson", "Step"]


@dataclass(frozen=True)
class Step:
    say: str
    """What to look at and what to do, in the student's words."""
    expect: Mapping[str, Any]
    """The move: ``{"kind": "translate", "code": "S"}`` (kind plus parameters that must match); a
    list allows any of its values, e.g. either of two identical spots ``{"spot": ["rer-1", "rer-2"]}``."""
    then: str
    """The biology behind the move, shown once it is made."""
    hint: str = ""
    """Shown after a different move (a generic nudge when empty)."""

    def matches(self, action: Action) -> bool:
        return action.kind == self.expect["kind"] and all(
            action.get(name) in value if isinstance(value, list) else action.get(name) == value
            for name, value in self.expect.items() if name != "kind")


@dataclass(frozen=True)
class GuidedLesson:
    id: str
    title: str
    game: str
    seats: tuple[str, ...]
    seed: int
    steps: tuple[Step, ...]
    moves: tuple[str, ...] = ()
    """Keys of the moves that set the position up, played before the student takes over."""
    student: int = 0
    """The seat the student plays."""
    first_player: int | None = None
    """The seat that moves first (a lesson's position is prepared, so its TOML names it); ``None``
    leaves it to the game's own draw from the seed (NUCLEO's lesson was prepared that way)."""
    intro: str = ""
    page: Mapping[str, str] | None = None
    """The lesson page it belongs to, ``{"title", "href"}`` (href from the site's root), set by the build."""
    following: Mapping[str, str] | None = None
    """The next guided lesson in teaching order, ``{"id", "title", "href"}``, set by the build (None for the last)."""

    @classmethod
    def from_dict(cls, lesson_id: str, data: Mapping[str, Any]) -> GuidedLesson:
        """A lesson from its TOML/JSON form; ``ValueError`` says what is missing or wrong."""
        try:
            steps = tuple(Step(say=s["say"], expect=dict(s["expect"]), then=s["then"], hint=s.get("hint", ""))
                          for s in data["steps"])
            lesson = cls(id=lesson_id, title=data["title"], game=data["game"], seats=tuple(data["seats"]),
                         seed=int(data["seed"]), steps=steps, moves=tuple(data.get("moves", ())),
                         student=int(data.get("student", 0)), intro=data.get("intro", ""),
                         page=data.get("page"), following=data.get("next"),
                         first_player=None if data.get("first_player") is None else int(data["first_player"]))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"guided lesson {lesson_id!r} is missing or misstates {exc}") from None
        if not steps or any("kind" not in s.expect for s in steps):
            raise ValueError(f"guided lesson {lesson_id!r} needs steps, each expecting a move kind")
        if lesson.seats[lesson.student] != "human":
            raise ValueError(f"guided lesson {lesson_id!r}: the student's seat must be 'human'")
        return lesson

    def start(self) -> GameState:
        """The prepared position: a new game with the set-up moves played."""
        chosen = {} if self.first_player is None else {"first_player": self.first_player}
        state = games.get(self.game).new_state(len(self.seats), self.seed, **chosen)
        for key in self.moves:
            legal = {a.key: a for a in state.legal_actions()}
            if key not in legal:
                raise ValueError(f"guided lesson {self.id!r}: set-up move {key} is not legal here")
            state.apply(legal[key])
        return state

    def step_reached(self, history: Sequence[Action]) -> int:
        """How many steps a game with this ``history`` has done (a reload resumes the lesson).

        Only the student's moves count: a bot making the move a step asks for does not do the
        student's step. The history is replayed from the prepared position to know who moved."""
        state, done = self.start(), 0
        for action in history[len(self.moves):]:
            if done < len(self.steps) and self.advances(state, action, done):
                done += 1
            state.apply(action)
        return done

    def advances(self, state: GameState, action: Action, done: int) -> bool:
        """Whether ``action``, about to be played in ``state``, is the student making step ``done + 1``."""
        return state.current_player == self.student and self.steps[done].matches(action)

    def hinted_move(self, state: GameState, done: int) -> Action | None:
        """The move "Suggest a move" points at for step ``done + 1``: the first legal move the step
        accepts (None when it is not the student's turn or every step is done)."""
        if done >= len(self.steps) or state.is_terminal() or state.current_player != self.student:
            return None
        return next((a for a in state.legal_actions() if self.steps[done].matches(a)), None)

    def check(self) -> GameState:
        """Play the lesson as students following it would, every move a step allows (bots choosing
        their moves between steps, as in the page), or raise ``ValueError`` naming the first step
        whose move is not legal when it is asked for. Returns the position after one such path."""
        return self._check_from(self.start(), 0)

    def _check_from(self, state: GameState, done: int) -> GameState:
        game = games.get(self.game)
        while not state.is_terminal() and state.current_player != self.student:
            seat = state.current_player
            # A fresh bot for every move, as the page makes one (its choices depend only on the seed).
            state.apply(game.make_bot(self.seats[seat], seat, self.seed).choose(state))
        if done == len(self.steps):
            return state
        step = self.steps[done]
        moves = [a for a in state.legal_actions() if step.matches(a)] if not state.is_terminal() else []
        if not moves:
            raise ValueError(f"guided lesson {self.id!r}: step {done + 1} asks for {dict(step.expect)}, "
                             "which is not a legal move at that point")
        for move in moves[1:]:
            branch = state.clone()
            branch.apply(move)
            self._check_from(branch, done + 1)
        state.apply(moves[0])
        return self._check_from(state, done + 1)
