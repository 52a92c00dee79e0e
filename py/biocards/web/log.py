"""The game log (numbered moves a replay can jump to), its Why? buttons and their concept dialog, and the error box."""

from __future__ import annotations

from pyodide.ffi import create_once_callable
from pyscript import document, window

from .dom import _el


class GameLog:
    """Mixin for :class:`~biocards.web.table.Table`: what happened, and why it matters."""

    _log_scroll_due = False

    def _log_events(self, numbered) -> None:
        """Log lines for ``(move number, event)`` pairs; a move's first line can jump a replay there."""
        shown = set()
        for number, event in numbered:
            self._log_line(event.player, event.text, event.concepts,
                           move=number if number not in shown else None, numbered_move=number)
            shown.add(number)

    def _log_line(self, player, text: str, concepts, move: int | None = None,
                  numbered_move: int | None = None) -> None:
        item = document.createElement("li")
        if move is not None:
            goto = document.createElement("button")
            goto.type = "button"
            goto.className = "goto"
            goto.setAttribute("data-goto", str(move))
            goto.setAttribute("aria-label", f"Replay to move {move}")
            goto.textContent = str(move)
            item.append(goto, " ")
            if self.controls.replay_at == move:
                item.setAttribute("aria-current", "step")
        if move is not None or numbered_move is not None:
            item.setAttribute("data-move", str(move if move is not None else numbered_move))
        item.append(text)
        for cid in concepts:
            concept = self.concepts.get(cid)
            if concept is None:
                continue
            button = document.createElement("button")
            button.type = "button"
            button.className = "why"
            button.setAttribute("data-concept", cid)
            button.setAttribute("aria-label", f"Why? {concept['title']}")
            button.textContent = f"Why? {concept['title']}"
            item.append(" ", button)
        log = _el("log")
        log.append(item)
        # When the log sits under the table (narrow screens), this line keeps the newest event in
        # view beside the table; screen readers already hear it from the log.
        _el("latest").textContent = f"Just now: {text}"
        self._scroll_log_to_newest()

    def _scroll_log_to_newest(self) -> None:
        """Scroll the log to its newest line before the next frame is drawn. Once per frame, not
        once per line: reading the log's height makes the browser lay the page out there and then."""
        if self._log_scroll_due:
            return
        self._log_scroll_due = True

        def scroll(_time) -> None:
            self._log_scroll_due = False
            box = _el("log").parentElement
            box.scrollTop = box.scrollHeight

        window.requestAnimationFrame(create_once_callable(scroll))

    def _show_error(self, message: str, download: str | None = None) -> None:
        box = _el("error")
        box.textContent = message
        if download:
            link = document.createElement("a")
            link.href = download
            link.download = f"{self.game.id}-save-that-could-not-resume.json"
            link.textContent = "Download the saved game (for a teacher)"
            box.append(" ", link)
        box.hidden = False

    def _on_why(self, event) -> None:
        button = event.target.closest("[data-concept]")
        if not button:
            return
        concept = self.concepts[button.getAttribute("data-concept")]
        _el("why-title").textContent = concept["title"]
        _el("why-summary").textContent = concept["summary"]
        _el("why-link").href = "../" + concept["url"]
        _el("why").showModal()
