"""Restoring a record into the page: a resumed save, a shared link's position, a take-back, a game another tab moved on (the save slot itself is saves.py)."""

from __future__ import annotations

from dataclasses import replace

from ..core import Action, Event, InvalidRecord
from ..core.links import decode_moves
from ..core.records import check_record
from .dom import _el


class Resume:
    """Mixin for :class:`~biocards.web.table.Table`: turns a record back into the game on screen."""

    def _open_shared(self) -> None:
        """A shared link's position: replayed from its moves, or a clear message and a fresh game."""
        try:
            self.state = decode_moves(self.game, len(self.setup.seats), self.seed, self.setup.options,
                                      self.setup.moves, version=self.setup.version)
        except InvalidRecord as exc:
            self.state = None
            self._show_error(f"This shared link could not be opened: {exc} A new game has started instead.")
            self.setup = replace(self.setup, moves=None)
            self.key = self.setup.storage_key(self.seed)
            return
        self.shared_from = self.floor = len(self.state.history)
        self._log_events(self._replay_events(self.state.to_record()))
        self._log_line(None, f"A shared position: {self.shared_from} moves were played before it.", ())

    def _replay_events(self, record) -> list[tuple[int, Event]]:
        """Every event of replaying ``record``, each with the number of the move that made it."""
        record = check_record(record, self.game)  # an older version's record gets its old rules' options
        state = self.game.new_state(record["players"], record["seed"], **record.get("options", {}))
        numbered = []
        for number, data in enumerate(record.get("actions", []), start=1):
            numbered.extend((number, event) for event in state.apply(Action.from_json(data)))
        return numbered

    def restore(self, record, *, note: str = "", save: bool = True) -> None:
        """Make ``record`` the game (a resumed save or a take-back): state, log, lesson and save."""
        self.state = self.game.load(record)
        _el("log").innerHTML = ""
        self._log_events(self._replay_events(record))
        if note:
            self._log_line(None, note, ())
        if self.guided is not None:
            self.step = self.guided.step_reached(self.state.history)
            self._show_lesson()
        _el("end").hidden = True
        if save:
            self.save.write(self.state)
        if self.controls is not None and self._proxies:  # already running: carry on from here
            self._advance()

    def _follow_other_tab(self, refused: bool = False) -> None:
        """Another tab of this game moved it on: show that game here rather than overwrite it."""
        try:
            record = self.save.load()
        except InvalidRecord:
            return
        if record is None:
            return
        self.bot_pending = False
        self._thinking = None
        note = ("This game was played on in another tab, so your move was not made: this tab now "
                "shows that game." if refused else "This game was played on in another tab; this tab follows it.")
        self.restore(record, note=note, save=False)
        _el("status").textContent = note

    def _on_storage(self, event) -> None:
        if event.key == self.key and event.newValue and event.newValue != self.save.seen:
            self._follow_other_tab()
