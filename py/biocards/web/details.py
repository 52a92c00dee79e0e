"""The details panel: a card's full text on a small screen, where the table abbreviates it.

"Read a card" (a toggle in the controls) opens the panel; while it is open, touching or choosing
(Enter) anything on the table reads it there in full instead of playing it: its accessible name
(the words it shows, then what touching it does), the render's ``data-detail`` (name, what it
does, the biology) and, for a move that cannot be made now, the engine's reason. A long press or
the keyboard's context-menu key (both fire ``contextmenu``) opens it on the thing directly. The
panel is a non-modal dialog that takes focus, so screen readers announce it; Close or Escape
closes it and gives focus back. "Play this move" shows only while the move it names is legal."""

from __future__ import annotations

import json
import re

from ..core import Action
from ..i18n import N_, _, text
from .dom import _el

READABLE = "g[data-action], g[data-refused], g[data-detail], g[aria-label]"
"""What the panel can read: the table's moves, refused moves, cards with a detail and named parts."""

HOW = N_("Touch or choose anything on the table to read it here in full. While this panel is open, "
          "touching a card reads it instead of playing it: close the panel to play.")


class Details:
    """Part of the table: the details panel and how it opens. ``table`` gives the moves on offer
    (``actions``), ``play`` and its source (who is to move, why a move is not open)."""

    def __init__(self, table) -> None:
        self.table = table
        self._details_of = None  # the table element being read (its id or move), to give focus back

    def bind(self, on) -> None:
        on(_el("details-mode"), "click", self._on_details_mode)
        on(_el("details-close"), "click", lambda _event: self._close_details())
        on(_el("details-play"), "click", self._on_details_play)
        on(_el("details"), "keydown", self._on_details_key)
        on(_el("table"), "contextmenu", self._on_details_hold)

    # -- opening and closing -------------------------------------------------------------------------

    def _on_details_mode(self, _event) -> None:
        if _el("details").hidden:
            self._open_details(_("Read a card"), _(HOW))
        else:
            self._close_details()

    def _on_details_hold(self, event) -> None:
        """A long press (touch) or the context-menu key (keyboard) reads the thing at once."""
        element = self._readable(event)
        if element is not None:
            event.preventDefault()
            self._read(element)

    def read_instead(self, event) -> bool:
        """While the panel is open a touch or Enter on the table reads, not plays; True if it read."""
        if _el("details").hidden:
            return False
        element = self._readable(event)
        if element is None:
            return False
        self._read(element)
        return True

    def _readable(self, event):
        target = event.target
        if not getattr(target, "closest", None):
            return None
        element = target.closest(READABLE)
        return element if element is not None and _el("table").contains(element) else None

    def _read(self, element) -> None:
        name = element.getAttribute("aria-label") or ""
        detail = element.getAttribute("data-detail") or ""
        move = element.getAttribute("data-action") or ""
        refused = element.getAttribute("data-refused") or ""
        reason = ""
        if refused and self.table.source.person_to_move() is not None:
            try:
                reason = _("Not now: {reason}").format(
                    reason=text(self.table.source.reason(Action.from_json(json.loads(refused)))))
            except (ValueError, TypeError, KeyError):
                reason = ""
        # Unnamed (not a move now), it is titled by its detail's first words: "Erythropoietin".
        title = name or re.split(r" \(|: |\. ", detail, maxsplit=1)[0] or _("This part of the table")
        self._details_of = element.getAttribute("id") or move
        self._open_details(title, " ".join(s for s in (detail, reason) if s), move=move)

    def _open_details(self, title: str, text: str, move: str = "") -> None:
        panel = _el("details")
        _el("details-title").textContent = title
        _el("details-text").textContent = text
        play = _el("details-play")
        play.setAttribute("data-action", move)
        play.hidden = move not in self.table.actions
        panel.hidden = False
        _el("details-mode").setAttribute("aria-pressed", "true")
        panel.focus()  # a dialog that takes focus is announced: its title, then its text

    def _close_details(self) -> None:
        _el("details").hidden = True
        _el("details-mode").setAttribute("aria-pressed", "false")
        back = None
        if self._details_of:
            back = _el(self._details_of) or next(
                (e for e in _el("table").querySelectorAll("[data-action]")
                 if e.getAttribute("data-action") == self._details_of), None)
        (back or _el("details-mode")).focus()
        self._details_of = None

    def _on_details_key(self, event) -> None:
        if event.key == "Escape":
            event.preventDefault()
            self._close_details()

    def _on_details_play(self, _event) -> None:
        action = self.table.actions.get(_el("details-play").getAttribute("data-action") or "")
        if action is None:  # the table moved on since the panel opened: no dead button
            _el("details-play").hidden = True
            return
        self._details_of = None
        _el("details").hidden = True
        _el("details-mode").setAttribute("aria-pressed", "false")
        self.table.play(action)

    def refresh(self) -> None:
        """After each drawing of the table: "Play this move" only while that move is legal."""
        play = _el("details-play")
        play.hidden = (play.getAttribute("data-action") or "") not in self.table.actions
