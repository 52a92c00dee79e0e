"""The turn loop: whose move it is, the pass-the-device screen, bot moves after the pace delay, applying a move."""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import document, window

from ..core import Action, IllegalAction
from .dom import _el, _player


THINKING_SECONDS = 0.4
"""Wall-clock time a strong (searching) computer spends on one move in the page."""


class TurnLoop:
    """Mixin for :class:`~biocards.web.table.Table`: moves the game from one turn to the next."""

    def _seat_kind(self, seat: int) -> str:
        return self.setup.seats[seat]

    def _advance(self) -> None:
        """Show the table for whoever moves next; let a bot move after the pace delay."""
        state = self.state
        if self.controls.replay_at is not None:  # stepping through the game: nobody moves
            return
        if state.is_terminal():
            self._render()
            self._show_end()
            return
        seat = state.current_player
        if self._seat_kind(seat) == "human":
            previous = self.viewer
            self.viewer = seat
            if previous is not None and previous != seat and len(self.setup.humans) > 1:
                self._render(hidden=True)
                _el("pass-text").textContent = (f"{_player(previous)}: hand the device to "
                                                f"{_player(seat)}, then press the button.")
                _el("pass-device").hidden = False
                _el("pass-ready").focus()
                return
            self._render()
        else:
            self._render()
            if not self.bot_pending:
                self.bot_pending = True
                callback = create_once_callable(self._guard(self._bot_move))
                self._bot_wait = (window.setTimeout(callback, self.controls.pace_ms), callback)
        document.documentElement.dataset.state = "ready"

    def pace_changed(self) -> None:
        """A speed picked while a computer waits to move counts for that move too."""
        if self._bot_wait is None:
            return
        timer, callback = self._bot_wait
        window.clearTimeout(timer)
        callback.destroy()
        self._bot_wait = None
        self.bot_pending = False
        self._advance()

    def _bot_move(self, _event=None) -> None:
        self._bot_wait = None
        self.bot_pending = False
        state = self.state
        if state.is_terminal() or self._seat_kind(state.current_player) == "human" \
                or self.controls.replay_at is not None:
            return
        seat = state.current_player
        bot = self.game.make_bot(self._seat_kind(seat), seat, self.seed)
        if not hasattr(bot, "think"):
            self._play(bot.choose(state))
            return
        # A searching bot thinks in slices, one per browser turn, so the page stays responsive;
        # its budget is wall-clock time, the same for every move.
        bot.seconds = THINKING_SECONDS
        self._thinking = bot.think(state)
        self._thinking_ply = len(state.history)
        _el("thinking").textContent = "Computer is thinking…"
        self.bot_pending = True
        window.setTimeout(create_once_callable(self._guard(self._think_slice)), 0)

    def _think_slice(self, _event=None) -> None:
        thinking = self._thinking
        if thinking is None or len(self.state.history) != self._thinking_ply \
                or self.controls.replay_at is not None:
            # The game moved on (undo, replay, another tab, a rulebook's clock) while the bot
            # thought: drop the thought, and let whoever moves now move (a computer again, maybe).
            self._thinking = None
            self.bot_pending = False
            _el("thinking").textContent = ""
            self._advance()
            return
        try:
            next(thinking)
        except StopIteration as done:
            self._thinking = None
            self.bot_pending = False
            _el("thinking").textContent = ""
            self._play(done.value)
            return
        window.setTimeout(create_once_callable(self._guard(self._think_slice)), 0)

    def _play(self, action: Action) -> None:
        if self.save.moved_on_elsewhere():
            self._follow_other_tab(refused=True)
            return
        if self._lesson_step_refuses(action):
            return
        lesson_step = self.guided is not None and self.step < len(self.guided.steps) \
            and self.guided.advances(self.state, action, self.step)
        mover = self.state.current_player
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            _el("status").textContent = str(exc)
            self._say_refusal(str(exc))
            return
        self._clear_refusal()
        self._note_events(mover, events)
        self._log_events([(len(self.state.history), event) for event in events])
        self.save.write(self.state)
        if lesson_step:
            self.step += 1
            self._show_lesson(done=self.guided.steps[self.step - 1])
        self._advance()

    def human_seat_to_move(self) -> int | None:
        """The seat of the person to move, if a person is to move."""
        seat = self.state.current_player
        return seat if seat is not None and self._seat_kind(seat) == "human" else None

    def bot_pending_move(self) -> bool:
        return self.bot_pending
