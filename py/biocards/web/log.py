"""The game log, its Why? buttons and their concept dialog, and the error box."""

from __future__ import annotations

from pyscript import document

from .dom import _el


class GameLog:
    """Mixin for :class:`~biocards.web.table.Table`: what happened, and why it matters."""

    def _log_line(self, player, text: str, concepts) -> None:
        item = document.createElement("li")
        item.textContent = text
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
        log.parentElement.scrollTop = log.parentElement.scrollHeight

    def _show_error(self, message: str) -> None:
        box = _el("error")
        box.textContent = message
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
