"""The end screen: final scores with how each was made, who sat where, hints used."""

from __future__ import annotations

from html import escape

from pyscript import document

from .dom import _el, _player

SEAT_NAMES = {"human": "person", "greedy": "computer, good", "random": "computer, beginner",
              "search": "computer, strong"}
"""How the end screen names each kind of seat (the words of the landing page's seat pickers)."""


class EndScreen:
    """Mixin for :class:`~biocards.web.table.Table`: shows the result once the game is over."""

    def _seat_title(self, p: int) -> str:
        """How the result names seat ``p``: "Player 2 (computer, good)"."""
        kind = self._seat_kind(p)
        return f"{_player(p)} ({SEAT_NAMES.get(kind, kind)})"

    def _show_end(self) -> None:
        state = self.state
        scores = state.scores()
        # The rules' winners, not simply the top score: a rulebook tie-break (Cytosis) picks one.
        winners = state.winners()
        shared = " (shared)" if len(winners) > 1 else ""
        rows = []
        for p, total in enumerate(scores):
            lines = "".join(f"<li>{escape(label)}: {points}</li>" for label, points in state.score_breakdown(p))
            won = p in winners
            mark = ' class="winner"' if won else ""
            rows.append(f"<tr{mark}><th scope='row'>{escape(self._seat_title(p))}</th>"
                        f"<td>{total} points{' — winner' + shared if won else ''}</td>"
                        f"<td><ul>{lines}</ul></td></tr>")
        tie = state.tie_break()
        _el("final-scores").innerHTML = (f"<table><thead><tr><th>Player</th><th>Score</th><th>How</th></tr></thead>"
                                         f"<tbody>{''.join(rows)}</tbody></table>"
                                         + (f'<p id="end-tie-break">{escape(tie)}</p>' if tie else ""))
        used = self.controls.hints_used()
        _el("end-hints").textContent = (f"Hints used: {used}." if used else "No hints used.")
        _el("end").hidden = False
        _el("end-title").focus()  # keyboard and screen-reader users land on the result
        _el("end").scrollIntoView()
        _el("actions").innerHTML = ""
        # The finished game stays saved: a reload shows the result and can replay it.
        document.documentElement.dataset.state = "over"
