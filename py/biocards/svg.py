"""A small SVG writer shared by every game's table (``games/<id>/render.py``).

Render functions stay pure: they build a :class:`Drawing` from a view and the legal actions and
return a string. A clickable part is a group carrying ``data-action`` (the key of a legal action);
the page makes it focusable and labels it, so a render function never touches the DOM.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

from .core import Action

__all__ = ["Drawing", "LAYOUTS", "MIN_TEXT", "text"]

LAYOUTS = {"wide": 1280, "medium": 600, "narrow": 360}
"""Each table layout's design width in SVG units. The page (``web/``) picks the widest layout whose
width fits the table's box and never shows a table below scale 1 on a classroom screen, so one SVG
unit is at least one CSS pixel: a 14-unit label reads at 14 px or more, a 44-unit card is a 44 px
target. ``wide`` fits a 1366 px laptop, ``medium`` a tablet either way and a laptop at 200% zoom,
``narrow`` a phone."""

MIN_TEXT = 12
"""No table text is drawn smaller than this (units = CSS px at scale 1); most is 14 or more."""


def text(x: float, y: float, s: object, size: int = 14, *, anchor: str = "start", weight: str = "normal",
         fill: str = "#1d2433", extra: str = "") -> str:
    """One line of text (escaped)."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(str(s))}</text>')


class Drawing:
    """Shapes appended in paint order, and the legal actions to hang on them."""

    def __init__(self, legal: Iterable[Action] = ()) -> None:
        self.parts: list[str] = []
        self.legal = list(legal)

    def find(self, kind: str, **params: Any) -> Action | None:
        """The legal action of ``kind`` whose parameters match ``params``, if there is one."""
        for action in self.legal:
            if action.kind == kind and all(action.get(k) == v for k, v in params.items()):
                return action
        return None

    def add(self, markup: str) -> None:
        self.parts.append(markup)

    def rect(self, x: float, y: float, w: float, h: float, fill: str, *, stroke: str = "#333", rx: float = 6,
             width: float = 1, extra: str = "") -> None:
        self.add(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{width}"{extra and " " + extra}/>')

    def text(self, x: float, y: float, s: object, size: int = 14, **style: Any) -> None:
        self.add(text(x, y, s, size, **style))

    @contextmanager
    def group(self, action: Action | None = None, *, ident: str | None = None, label: str | None = None,
              refused: Action | None = None) -> Iterator[None]:
        """A ``<g>``; with an action it becomes a clickable, focusable target for that move.

        ``refused`` names the move a student would be trying by touching this thing when that move
        is not legal now (a card they cannot afford): the page then says why, from the engine's
        ``explain_illegal``, instead of doing nothing.
        """
        attrs = f' id="{escape(ident)}"' if ident else ""
        if action is not None:
            attrs += f' data-action="{escape(action.key)}" class="clickable"'
        elif refused is not None:
            attrs += f' data-refused="{escape(refused.key)}"'
            if label:
                attrs += f' role="img" aria-label="{escape(label)}"'
        elif label:
            attrs += f' role="img" aria-label="{escape(label)}"'
        self.add(f"<g{attrs}>")
        yield
        self.add("</g>")

    def svg(self, width: int, height: int, *, title: str, desc: str, background: str = "#f7f5ef") -> str:
        """The finished table: ``role="group"`` (an image role would hide the clickable cards from
        screen readers) with a ``<desc>`` that says in words what the picture shows."""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
                f'height="{height}" font-family="sans-serif" role="group" aria-label="{escape(title)} table">'
                f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"
                f'<rect width="{width}" height="{height}" fill="{background}"/>{"".join(self.parts)}</svg>')
