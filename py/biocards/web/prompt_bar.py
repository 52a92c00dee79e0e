"""The prompt bar: a strip that stays in view above the table and answers "what now?" — whose turn
and what to do (the game's own prompt), why a touched move is refused, Cancel for a pending choice,
what the computers just did with the Why? buttons of those events, and the guided lesson's step."""

from __future__ import annotations

import json

from pyscript import document

from ..core import Action, Event
from .dom import _el, _player

RECENT_SHOWN = 4
"""At most this many of the computers' latest events in the bar (the log has them all)."""


class PromptBar:
    """Mixin for :class:`~biocards.web.table.Table`: everything the student reads in the bar."""

    def _prompt_text(self, view, legal, seat, human_to_move: bool) -> str:
        if self.state.is_terminal():
            return "The game is over."
        if not human_to_move:
            return f"{_player(seat)} (computer) is thinking…"
        asked = self.game.prompt(view, legal=legal) if self.game.prompt is not None else None
        if not asked:
            return f"{_player(seat)}, your move."
        # Some games' prompts already name the player (a pending choice of another seat's).
        return asked if asked.startswith("Player ") else f"{_player(seat)}: {asked}"

    def _show_cancel(self) -> None:
        """A pending choice's Cancel sits beside the prompt, where the student is looking."""
        slot = _el("prompt-actions")
        slot.innerHTML = ""
        for key, action in self.actions.items():
            if action.kind != "cancel":
                continue
            button = document.createElement("button")
            button.type = "button"
            button.textContent = action.label or "Cancel"
            button.setAttribute("data-action", key)
            slot.append(button)

    def _refuse(self, key: str) -> None:
        """Say why the move the student touched cannot be made (the engine's own sentence)."""
        try:
            action = Action.from_json(json.loads(key))
        except (ValueError, TypeError, KeyError):
            return
        self._say_refusal(self.state.explain_illegal(action))

    def _say_refusal(self, text: str) -> None:
        note = _el("refusal")
        note.textContent = ""  # a repeated sentence is announced again
        note.textContent = text

    def _clear_refusal(self) -> None:
        _el("refusal").textContent = ""

    def _note_events(self, seat, events: list[Event]) -> None:
        """Remember what the computers did since the person last moved; a person's move clears it."""
        if seat is None or self._seat_kind(seat) == "human":
            self._recent = []
        else:
            self._recent = (getattr(self, "_recent", []) + list(events))[-RECENT_SHOWN:]

    def _show_recent(self) -> None:
        """After computer turns: what they did, with the Why? buttons of those events."""
        box = _el("recent")
        box.innerHTML = ""
        recent = [e for e in getattr(self, "_recent", []) if e.text]
        if not recent:
            box.hidden = True
            return
        box.hidden = False
        shown = recent[-RECENT_SHOWN:]
        box.append(self._recent_lead(len(shown)))
        box.append(" ".join(e.text for e in shown))
        concepts = []
        for event in shown:
            concepts.extend(c for c in event.concepts if c not in concepts and c in self.concepts)
        for cid in concepts:
            button = document.createElement("button")
            button.type = "button"
            button.className = "why"
            button.setAttribute("data-concept", cid)
            button.textContent = f"Why? {self.concepts[cid]['title']}"
            box.append(" ", button)

    def _recent_lead(self, count: int) -> str:
        return "The computer just: " if count == 1 else "The computers just: "

    def _show_lesson_in_bar(self) -> None:
        """The guided lesson's current step (or "Lesson complete") stays in view in the bar."""
        line = _el("prompt-lesson")
        if self.guided is None:
            line.hidden = True
            return
        line.hidden = False
        line.textContent = f"{_el('lesson-progress').textContent}: {_el('lesson-say').textContent}"
