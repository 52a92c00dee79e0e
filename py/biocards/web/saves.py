"""Autosave and resume: the game's record in localStorage under a key naming this exact game."""

from __future__ import annotations

import json

from pyscript import window

from ..core import InvalidRecord


class Saves:
    """Mixin for :class:`~biocards.web.table.Table`: keeps the game across reloads."""

    def _resume(self) -> None:
        """Load the saved game for this URL into ``self.state`` (None when there is none or it is broken)."""
        saved = window.localStorage.getItem(self.key)
        self.state = None
        if saved:
            try:
                replayed: list = []
                self.state = self.game.load(json.loads(saved), events=replayed)
                for event in replayed:  # the log comes back with the game
                    self._log_line(event.player, event.text, event.concepts)
                self._log_line(None, f"Welcome back: the saved game resumes after {len(self.state.history)} moves.", ())
            except (InvalidRecord, ValueError) as exc:
                window.localStorage.removeItem(self.key)
                self._show_error(f"The saved game could not be resumed ({exc}). A new game has started.")

    def _save(self) -> None:
        window.localStorage.setItem(self.key, json.dumps(self.state.to_record()))

    def _forget(self) -> None:
        window.localStorage.removeItem(self.key)
