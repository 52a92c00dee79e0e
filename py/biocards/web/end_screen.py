"""The end screen: final scores with how each was made, who sat where, hints used; a game ended at
the bell says so and names its winner."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from pyscript import document

from ..i18n import _, text
from .dom import _el

if TYPE_CHECKING:
    from .source import Result


class EndScreen:
    """Part of the table: shows the result once the game is over."""

    def show(self, result: Result, seat_title, hints_used: int) -> None:
        """``seat_title(p)`` names seat ``p`` in the table of scores."""
        # The rules' winners, not simply the top score: a rulebook tie-break (Cytosis) picks one.
        winners = result.winners
        rows = []
        for p, total in enumerate(result.scores):
            item = _("{label}: {points}")
            lines = "".join(f"<li>{escape(item.format(label=text(label), points=points))}</li>"
                            for label, points in result.breakdown[p])
            won = p in winners
            mark = ' class="winner"' if won else ""
            if won and len(winners) > 1:
                score = _("{n} points — winner (shared)").format(n=total)
            elif won:
                score = _("{n} points — winner").format(n=total)
            else:
                score = _("{n} points").format(n=total)
            rows.append(f"<tr{mark}><th scope='row'>{escape(seat_title(p))}</th>"
                        f"<td>{escape(score)}</td><td><ul>{lines}</ul></td></tr>")
        tie = result.tie_break
        head = "".join(f"<th>{escape(word)}</th>" for word in (_("Player"), _("Score"), _("How")))
        _el("final-scores").innerHTML = (f"<table><thead><tr>{head}</tr></thead>"
                                         f"<tbody>{''.join(rows)}</tbody></table>"
                                         + (f'<p id="end-tie-break">{escape(text(tie))}</p>' if tie else ""))
        self._show_bell(result, seat_title)
        _el("end-hints").textContent = (_("Hints used: {n}.").format(n=hints_used)
                                        if hints_used else _("No hints used."))
        _el("end").hidden = False
        _el("end-title").focus()  # keyboard and screen-reader users land on the result
        _el("end").scrollIntoView()
        _el("actions").innerHTML = ""
        # The finished game stays saved: a reload shows the result and can replay it.
        document.documentElement.dataset.state = "over"

    @staticmethod
    def _show_bell(result: Result, seat_title) -> None:
        """Above the scores, for a game the bell ended: that it did, and who won by its rules."""
        line = _el("end-bell")
        line.hidden = not result.bell
        if not result.bell:
            return
        names = [seat_title(p) for p in result.winners]
        if len(names) == 1:
            line.textContent = _("The game ended at the bell. The winner: {name}.").format(name=names[0])
        else:
            line.textContent = _("The game ended at the bell. The winners, tied: {names}.").format(
                names=", ".join(names))
