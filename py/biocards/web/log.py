"""The game log (numbered moves a replay can jump to), its Why? buttons and their concept dialog."""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import document, window

from ..i18n import _
from .dom import _el, site_link


class GameLog:
    """Part of the table: what happened, and why it matters."""

    def __init__(self, concepts: dict) -> None:
        self.concepts = concepts
        self._scroll_due = False  # a scroll to the newest line is asked for the next frame

    def clear(self) -> None:
        _el("log").innerHTML = ""

    def events(self, numbered, at: int | None = None) -> None:
        """Log lines for ``(move number, event)`` pairs; a move's first line can jump a replay
        there. In a replay standing at move ``at``, that move is marked and later ones greyed."""
        shown = set()
        for number, event in numbered:
            self.line(event.text, event.concepts, move=number if number not in shown else None,
                      numbered_move=number, at=at)
            shown.add(number)

    def line(self, text: str, concepts=(), move: int | None = None, numbered_move: int | None = None,
             at: int | None = None) -> None:
        item = document.createElement("li")
        if move is not None:
            goto = document.createElement("button")
            goto.type = "button"
            goto.className = "goto"
            goto.setAttribute("data-goto", str(move))
            goto.setAttribute("aria-label", _("Replay to move {n}").format(n=move))
            goto.textContent = str(move)
            item.append(goto, " ")
            if at == move:
                item.setAttribute("aria-current", "step")
        if move is not None or numbered_move is not None:
            item.setAttribute("data-move", str(move if move is not None else numbered_move))
            if at is not None and (move if move is not None else numbered_move) > at:
                item.classList.add("later")
        item.append(text)
        for cid in concepts:
            concept = self.concepts.get(cid)
            if concept is None:
                continue
            button = document.createElement("button")
            button.type = "button"
            button.className = "why"
            button.setAttribute("data-concept", cid)
            button.setAttribute("aria-label", _("Why? {concept}").format(concept=concept["title"]))
            button.textContent = _("Why? {concept}").format(concept=concept["title"])
            item.append(" ", button)
        log = _el("log")
        log.append(item)
        # When the log sits under the table (narrow screens), this line keeps the newest event in
        # view beside the table; screen readers already hear it from the log.
        _el("latest").textContent = _("Just now: {event}").format(event=text)
        self._scroll_to_newest()

    def _scroll_to_newest(self) -> None:
        """Scroll the log to its newest line before the next frame is drawn. Once per frame, not
        once per line: reading the log's height makes the browser lay the page out there and then."""
        if self._scroll_due:
            return
        self._scroll_due = True

        def scroll(_time) -> None:
            self._scroll_due = False
            box = _el("log").parentElement
            box.scrollTop = box.scrollHeight

        window.requestAnimationFrame(create_once_callable(scroll))

    def show_why(self, cid: str) -> None:
        """The concept dialog a Why? button opens."""
        concept = self.concepts[cid]
        _el("why-title").textContent = concept["title"]
        _el("why-summary").textContent = concept["summary"]
        _el("why-link").href = site_link(concept["url"])
        _el("why").showModal()
