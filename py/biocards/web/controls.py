"""The classroom controls around a table: take back, hint, pace, safe restart, share and replay.

Everything here works on the engine contract (records, ``core.undo``, ``core.hints``,
``core.links``), so a new game gets the controls for free. The table (``web/table.py``) calls
:meth:`Controls.refresh` after every change and asks :meth:`Controls.pace_ms` how long a computer
waits; the controls ask the table to :meth:`~Table.restore` a record or draw a past position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pyscript import document, window

from ..core.hints import suggest
from ..core.links import encode_moves
from ..core.undo import take_back, without_last
from .saves import _get
from .turns import THINKING_SECONDS as HINT_SECONDS

if TYPE_CHECKING:
    from .table import Table

PACES = {"slow": 1600, "normal": 700, "instant": 0}
"""The computers' speed: milliseconds before each computer move."""
PACE_KEY = "biocards:pace"
"""Where the device remembers the chosen speed (one setting for every game)."""


def _el(element_id: str):
    return document.getElementById(element_id)


def pace_name(ms: int) -> str:
    """The speed setting nearest to a pace in milliseconds."""
    return min(PACES, key=lambda name: abs(PACES[name] - ms))


class Controls:
    """The controls of one table."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.replay_at: int | None = None  # the move shown while stepping through a game
        self.hinted: str | None = None  # the data-action key of the suggested move
        self.undo_verdict = None
        url_pace = table.setup.pace_given
        stored = _get(PACE_KEY)
        # A pace= in the URL is kept to the millisecond (a teacher's demo link, or a test that
        # holds the computers still) until someone picks a speed; the menu shows the nearest.
        self.url_pace_ms: int | None = table.setup.pace_ms if url_pace else None
        if url_pace:
            self.pace = pace_name(table.setup.pace_ms)
        else:
            self.pace = stored if stored in PACES else "normal"

    # -- wiring --------------------------------------------------------------------------------------

    def bind(self, on) -> None:
        """Attach the controls' handlers (``on(element, event, handler)`` from the table)."""
        on(_el("undo"), "click", self.on_undo)
        on(_el("hint"), "click", self.on_hint)
        on(_el("share"), "click", self.on_share)
        on(_el("pace"), "change", self.on_pace)
        on(_el("confirm-new-yes"), "click", self.on_confirm_new)
        on(_el("replay"), "click", self.on_replay)
        on(_el("end-replay"), "click", self.on_replay)
        for name, step in (("first", "first"), ("back", -1), ("forward", 1), ("last", "last")):
            on(_el(f"replay-{name}"), "click", lambda _event, step=step: self.step_replay(step))
        on(_el("replay-exit"), "click", self.on_replay_exit)
        on(_el("log"), "click", self.on_log_goto)
        on(document, "keydown", self.on_key)
        _el("pace").value = self.pace

    @property
    def pace_ms(self) -> int:
        return self.url_pace_ms if self.url_pace_ms is not None else PACES[self.pace]

    # -- after every change ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring every control up to date with the game (called after each move and redraw)."""
        table = self.table
        state = table.state
        document.documentElement.dataset.moves = str(len(state.history))
        replaying = self.replay_at is not None
        person_to_move = table.human_seat_to_move() is not None and not replaying
        self.hinted = None
        _el("hint").disabled = not person_to_move
        if not person_to_move:
            _el("hint-text").textContent = ""
        _el("replay").hidden = not (state.is_terminal() or table.shared_from is not None) or replaying
        self._refresh_undo()

    def _refresh_undo(self) -> None:
        table = self.table
        button, why = _el("undo"), _el("undo-why")
        if self.replay_at is not None:
            verdict_reason = "Leave the replay to take back a move."
            self.undo_verdict = None
        elif table.state.is_terminal() and table.guided is None and not table.setup.humans:
            verdict_reason = "Only a person's moves can be taken back."
            self.undo_verdict = None
        elif not table.setup.humans:
            verdict_reason = "Only a person's moves can be taken back."
            self.undo_verdict = None
        else:
            self.undo_verdict = take_back(
                table.game, table.state.to_record(), set(table.setup.humans),
                own_turn_only=len(table.setup.humans) > 1, floor=table.floor)
            verdict_reason = self.undo_verdict.reason
        allowed = bool(self.undo_verdict)
        button.disabled = not allowed
        why.textContent = "" if allowed else verdict_reason
        button.title = "Take back your last move (Ctrl+Z)" if allowed else verdict_reason

    # -- take back ------------------------------------------------------------------------------------

    def on_undo(self, _event=None) -> None:
        verdict = self.undo_verdict
        if not verdict or self.table.bot_pending_move():
            return
        record = without_last(self.table.state.to_record(), verdict.moves)
        self.table.restore(record, note=f"Taken back: {verdict.moves} move{'s' if verdict.moves != 1 else ''}.")
        _el("undo").focus()

    # -- hint -----------------------------------------------------------------------------------------

    def on_hint(self, _event=None) -> None:
        table = self.table
        seat = table.human_seat_to_move()
        if seat is None or self.replay_at is not None:
            return
        step = table.lesson_step()
        if step is not None:
            # The step's own words, and its move lit up on the table, so a stuck student can go on.
            words = step.hint or step.say
            move = table.guided.hinted_move(table.state, table.step)
            key = move.key if move is not None else None
        else:
            # The same budget as the strong computer's move, so a hint never keeps a student waiting.
            hint = suggest(table.state, table.seed + len(table.state.history), seconds=HINT_SECONDS)
            words, key = hint.reason, hint.action.key
        _el("hint-text").textContent = words
        self.hinted = key
        for element in list(document.querySelectorAll(".hinted")):
            element.classList.remove("hinted")
        if key is not None:
            target = document.querySelector(f"[data-action='{key}']")
            if target:
                target.classList.add("hinted")
                target.focus()
        used = self.hints_used() + 1
        window.localStorage.setItem(f"{table.key}:hints", str(used))

    def hints_used(self) -> int:
        stored = _get(f"{self.table.key}:hints")
        return int(stored) if stored and stored.isdigit() else 0

    def forget_hints(self) -> None:
        window.localStorage.removeItem(f"{self.table.key}:hints")

    # -- pace -----------------------------------------------------------------------------------------

    def on_pace(self, _event=None) -> None:
        chosen = _el("pace").value
        if chosen in PACES:
            self.pace = chosen
            self.url_pace_ms = None
            window.localStorage.setItem(PACE_KEY, chosen)
            self.table.pace_changed()

    # -- a safe "New game" ----------------------------------------------------------------------------

    def ask_new_game(self) -> bool:
        """True when "New game" may go ahead at once; otherwise the confirmation opens."""
        state = self.table.state
        if state is None or state.is_terminal() or not state.history:
            return True
        _el("confirm-new").showModal()
        _el("confirm-new-no").focus()
        return False

    def on_confirm_new(self, _event=None) -> None:
        _el("confirm-new").close()
        self.table.new_game()

    # -- share a position ----------------------------------------------------------------------------

    def share_url(self) -> str:
        """A link to this exact position: game, options, seats, seed and the moves so far."""
        table = self.table
        params = window.URLSearchParams.new()
        params.set("game", table.game.id)
        params.set("seats", ",".join(table.setup.seats))
        params.set("seed", str(table.seed))
        for name, value in table.state.options.items():
            if value != table.game.options.get(name):
                params.set(f"opt-{name}", str(value).lower() if isinstance(value, bool) else str(value))
        params.set("moves", encode_moves(table.state))
        params.set("v", str(table.game.version))  # the rules version, as a record carries it
        base = str(window.location.href).split("?")[0].split("#")[0]
        return f"{base}?{params.toString()}"

    def on_share(self, _event=None) -> None:
        url = self.share_url()
        field = _el("share-link")
        field.value = url
        _el("share-box").hidden = False
        field.focus()
        field.select()
        note = _el("share-note")
        note.textContent = "Copy this link and send it: it opens this very position."
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is not None:
            def copied(_result=None):
                note.textContent = "Link copied. Anyone who opens it starts from this position."

            try:
                clipboard.writeText(url).then(copied).catch(lambda _error: None)
            except Exception:  # clipboard refused (no permission): the selected field is there
                pass

    # -- replay ----------------------------------------------------------------------------------------

    def on_replay(self, _event=None) -> None:
        self.replay_at = len(self.table.state.history)
        document.documentElement.dataset.replay = str(self.replay_at)
        _el("replay-bar").hidden = False
        self._show_replay()
        _el("replay-back").focus()

    def step_replay(self, step) -> None:
        if self.replay_at is None:
            return
        last = len(self.table.state.history)
        if step == "first":
            at = 0
        elif step == "last":
            at = last
        else:
            at = self.replay_at + step
        self.replay_at = max(0, min(last, at))
        self._show_replay()

    def go_to(self, move: int) -> None:
        if self.replay_at is None:
            self.on_replay()
        self.replay_at = max(0, min(len(self.table.state.history), move))
        self._show_replay()

    def _show_replay(self) -> None:
        at, last = self.replay_at, len(self.table.state.history)
        document.documentElement.dataset.replay = str(at)
        _el("replay-where").textContent = f"Move {at} of {last}"
        _el("replay-first").disabled = _el("replay-back").disabled = at == 0
        _el("replay-forward").disabled = _el("replay-last").disabled = at == last
        self.table.draw_position(at)
        self.refresh()

    def on_replay_exit(self, _event=None) -> None:
        self.replay_at = None
        del document.documentElement.dataset.replay
        _el("replay-bar").hidden = True
        self.table.resume_live()
        if not _el("replay").hidden:
            _el("replay").focus()

    def on_log_goto(self, event) -> None:
        button = event.target.closest("[data-goto]") if event.target.closest else None
        if button:
            self.go_to(int(button.getAttribute("data-goto")))

    # -- keys ------------------------------------------------------------------------------------------

    def on_key(self, event) -> None:
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea"):
            return
        if (event.ctrlKey or event.metaKey) and str(event.key).lower() == "z":
            event.preventDefault()
            self.on_undo()
        elif self.replay_at is not None and event.key in ("ArrowLeft", "ArrowRight", "Home", "End"):
            event.preventDefault()
            self.step_replay({"ArrowLeft": -1, "ArrowRight": 1, "Home": "first", "End": "last"}[event.key])
