"""The prompt bar: a strip that stays in view above the table and answers "what now?" — whose turn
and what to do (the game's own prompt), why a touched move is refused, Cancel for a pending choice,
what the computers just did with the Why? buttons of those events, and the guided lesson's step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document

from ..i18n import _, text
from .dom import _el, _player

if TYPE_CHECKING:
    from ..core import Event
    from .source import Position

RECENT_SHOWN = 4
"""At most this many of the computers' latest events in the bar (the log has them all)."""


class PromptBar:
    """Part of the table: everything the student reads in the bar."""

    def __init__(self, game, concepts: dict, source) -> None:
        self.game = game
        self.concepts = concepts
        self.source = source
        self.recent: list[Event] = []  # what the other seats did since the person here last moved

    def text(self, position: Position) -> str:
        """Whose turn and what to do: the source's own line, else the game's prompt addressed to
        the person to move."""
        if position.result is not None:
            return _("The game ended at the bell.") if position.result.bell else _("The game is over.")
        if position.status is not None:
            return position.status
        if not position.here:
            return ""
        seat, you = position.mover, position.addressee
        asked = self.game.prompt(position.view, legal=list(position.legal)) if self.game.prompt is not None else None
        asked = text(asked) if asked else asked
        if not asked:
            return _("{player}, your move.").format(player=you)
        # Some games' prompts already name the player (a pending choice of another seat's): "Player "
        # in the page's language begins them.
        if not asked.startswith(_player(0).removesuffix("1")):
            return _("{player}: {prompt}").format(player=you, prompt=asked)
        named = _player(seat)
        return you + asked[len(named):] if asked.startswith(f"{named}:") else asked

    def show_cancel(self, actions: dict) -> None:
        """A pending choice's Cancel sits beside the prompt, where the student is looking."""
        slot = _el("prompt-actions")
        slot.innerHTML = ""
        for key, action in actions.items():
            if action.kind != "cancel":
                continue
            button = document.createElement("button")
            button.type = "button"
            button.textContent = text(action.label) or _("Cancel")
            button.setAttribute("data-action", key)
            slot.append(button)

    def say_refusal(self, text: str) -> None:
        note = _el("refusal")
        note.textContent = ""  # a repeated sentence is announced again
        note.textContent = text

    def clear_refusal(self) -> None:
        _el("refusal").textContent = ""

    def note_events(self, by_person_here: bool, events: list[Event]) -> None:
        """Remember what the other seats did since the person here last moved; their move clears it."""
        if by_person_here:
            self.recent = []
        else:
            self.recent = (self.recent + list(events))[-RECENT_SHOWN:]

    def show_recent(self) -> None:
        """After the other seats' turns: what they did, with the Why? buttons of those events."""
        box = _el("recent")
        box.innerHTML = ""
        recent = [e for e in self.recent if e.text]
        if not recent:
            box.hidden = True
            return
        box.hidden = False
        shown = recent[-RECENT_SHOWN:]
        box.append(self.source.recent_lead(len(shown)))
        box.append(" ".join(e.text for e in shown))
        concepts = []
        for event in shown:
            concepts.extend(c for c in event.concepts if c not in concepts and c in self.concepts)
        for cid in concepts:
            button = document.createElement("button")
            button.type = "button"
            button.className = "why"
            button.setAttribute("data-concept", cid)
            button.textContent = _("Why? {concept}").format(concept=self.concepts[cid]["title"])
            box.append(" ", button)

    def show_lesson(self, shown: bool) -> None:
        """The guided lesson's current step (or "Lesson complete") stays in view in the bar."""
        line = _el("prompt-lesson")
        line.hidden = not shown
        if shown:
            line.textContent = _("{progress}: {step}").format(progress=_el("lesson-progress").textContent,
                                                             step=_el("lesson-say").textContent)
