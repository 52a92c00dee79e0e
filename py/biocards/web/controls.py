"""The classroom controls around a table: take back, hint, pace, safe restart, share and replay.

The controls show what the table's source offers (``source.offers``) and ask the source for the
rest: its take-back verdict, a hint, a link to the position, a past position to replay. The table
(``web/table.py``) calls :meth:`Controls.refresh` after every drawing; a local game asks
:attr:`Controls.pace_ms` how long a computer waits.
"""

from __future__ import annotations

from pyscript import document, window

from ..i18n import _
from .dom import _el
from .saves import _get

PACES = {"slow": 1600, "normal": 700, "instant": 0}
"""The computers' speed: milliseconds before each computer move."""
PACE_KEY = "biocards:pace"
"""Where the device remembers the chosen speed (one setting for every game)."""


def pace_name(ms: int) -> str:
    """The speed setting nearest to a pace in milliseconds."""
    return min(PACES, key=lambda name: abs(PACES[name] - ms))


class Controls:
    """The controls of one table (``table`` draws; ``table.source`` holds the game)."""

    def __init__(self, table) -> None:
        self.table = table
        self.source = table.source
        self.replay_at: int | None = None  # the move shown while stepping through a game
        self.undo_verdict = None  # core.undo's verdict for the position shown, when one is asked
        stored = _get(PACE_KEY)
        # A pace= in the URL is kept to the millisecond (a teacher's demo link, or a test that
        # holds the computers still) until someone picks a speed; the menu shows the nearest.
        self.url_pace_ms: int | None = self.source.pace_given
        if self.url_pace_ms is not None:
            self.pace = pace_name(self.url_pace_ms)
        else:
            self.pace = stored if stored in PACES else "normal"

    # -- wiring --------------------------------------------------------------------------------------

    def bind(self, on) -> None:
        """Attach the controls' handlers (``on(element, event, handler)`` from the table)."""
        on(_el("undo"), "click", self.on_undo)
        on(_el("hint"), "click", self.on_hint)
        on(_el("share"), "click", self.on_share)
        on(_el("pace"), "change", self.on_pace)
        on(_el("new-game"), "click", self.on_new_game)
        on(_el("confirm-new-yes"), "click", self.on_confirm_new)
        on(_el("replay"), "click", self.on_replay)
        on(_el("end-replay"), "click", self.on_replay)
        for name, step in (("first", "first"), ("back", -1), ("forward", 1), ("last", "last")):
            on(_el(f"replay-{name}"), "click", lambda _event, step=step: self.step_replay(step))
        on(_el("replay-exit"), "click", self.on_replay_exit)
        on(_el("log"), "click", self.on_log_goto)
        on(document, "keydown", self.on_key)
        _el("pace").value = self.pace
        offers = self.source.offers
        if "pace" not in offers:
            _el("pace").parentElement.style.display = "none"  # computers keep the server's pace
        for element, offer in (("share", "share"), ("new-game", "new-game"), ("end-replay", "replay")):
            if offer not in offers:
                _el(element).hidden = True
        if "new-game" in offers:
            _el("new-game").disabled = False

    @property
    def pace_ms(self) -> int:
        return self.url_pace_ms if self.url_pace_ms is not None else PACES[self.pace]

    # -- after every change ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring every control up to date with the position drawn (after each move and drawing)."""
        position = self.table.position
        document.documentElement.dataset.moves = str(position.moves)
        replaying = self.replay_at is not None
        allowed = self.source.hints_allowed()
        person_to_move = self.source.person_to_move() is not None and not replaying
        _el("hint").hidden = not allowed
        _el("hint").disabled = not (person_to_move and allowed)
        if not person_to_move:
            _el("hint-text").textContent = ""
        _el("replay").hidden = "replay" not in self.source.offers or not self.source.replay_open() or replaying
        self._refresh_undo()

    def _refresh_undo(self) -> None:
        button, why = _el("undo"), _el("undo-why")
        if "undo" not in self.source.offers:
            button.hidden = True
            why.textContent = ""
            return
        if self.replay_at is not None:
            verdict_reason = _("Leave the replay to take back a move.")
            self.undo_verdict = None
        else:
            self.undo_verdict, verdict_reason = self.source.take_back()
        allowed = bool(self.undo_verdict)
        button.disabled = not allowed
        why.textContent = "" if allowed else verdict_reason
        button.title = _("Take back your last move (Ctrl+Z)") if allowed else verdict_reason

    # -- take back ------------------------------------------------------------------------------------

    def on_undo(self, _event=None) -> None:
        verdict = self.undo_verdict
        if not verdict or self.source.busy():
            return
        self.source.undo(verdict)
        _el("undo").focus()

    # -- hint -----------------------------------------------------------------------------------------

    def on_hint(self, _event=None) -> None:
        if self.source.person_to_move() is None or self.replay_at is not None or not self.source.hints_allowed():
            return
        self.source.ask_hint()

    def show_hint(self, words: str, key: str | None) -> None:
        """A hint's words under the controls, and its move lit up on the table."""
        _el("hint-text").textContent = words
        for element in list(document.querySelectorAll(".hinted")):
            element.classList.remove("hinted")
        if key is not None:
            target = document.querySelector(f"[data-action='{key}']")
            if target:
                target.classList.add("hinted")
                target.focus()

    # -- pace -----------------------------------------------------------------------------------------

    def on_pace(self, _event=None) -> None:
        chosen = _el("pace").value
        if chosen in PACES:
            self.pace = chosen
            self.url_pace_ms = None
            window.localStorage.setItem(PACE_KEY, chosen)
            self.source.pace_changed()

    # -- a safe "New game" ----------------------------------------------------------------------------

    def on_new_game(self, _event=None) -> None:
        """"New game" goes ahead at once when no moves would be lost; otherwise it asks first."""
        if "new-game" not in self.source.offers:
            return
        if not self.source.in_progress():
            self.source.new_game()
            return
        _el("confirm-new").showModal()
        _el("confirm-new-no").focus()

    def on_confirm_new(self, _event=None) -> None:
        _el("confirm-new").close()
        self.source.new_game()

    # -- share a position ----------------------------------------------------------------------------

    def on_share(self, _event=None) -> None:
        url = self.source.share_url()
        field = _el("share-link")
        field.value = url
        _el("share-box").hidden = False
        field.focus()
        field.select()
        note = _el("share-note")
        note.textContent = _("Copy this link and send it: it opens this very position.")
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard is not None:
            def copied(_result=None):
                note.textContent = _("Link copied. Anyone who opens it starts from this position.")

            try:
                clipboard.writeText(url).then(copied).catch(lambda _error: None)
            except Exception:  # clipboard refused (no permission): the selected field is there
                pass

    # -- replay ----------------------------------------------------------------------------------------

    def on_replay(self, _event=None) -> None:
        self.replay_at = self.table.position.moves
        document.documentElement.dataset.replay = str(self.replay_at)
        _el("replay-bar").hidden = False
        self.show_replay()
        _el("replay-back").focus()

    def step_replay(self, step) -> None:
        if self.replay_at is None:
            return
        last = self.table.position.moves
        if step == "first":
            at = 0
        elif step == "last":
            at = last
        else:
            at = self.replay_at + step
        self.replay_at = max(0, min(last, at))
        self.show_replay()

    def go_to(self, move: int) -> None:
        if self.replay_at is None:
            self.on_replay()
        self.replay_at = max(0, min(self.table.position.moves, move))
        self.show_replay()

    def show_replay(self) -> None:
        at, last = self.replay_at, self.table.position.moves
        document.documentElement.dataset.replay = str(at)
        _el("replay-where").textContent = _("Move {n} of {last}").format(n=at, last=last)
        _el("replay-first").disabled = _el("replay-back").disabled = at == 0
        _el("replay-forward").disabled = _el("replay-last").disabled = at == last
        self.table.draw_past(at)
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
