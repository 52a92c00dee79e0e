"""A small SVG writer shared by every game's table (``games/<id>/render.py``).

Render functions stay pure: they build a :class:`Drawing` from a view and the legal actions and
return a string. A clickable part is a group carrying ``data-action`` (the key of a legal action);
the page makes it focusable and labels it, so a render function never touches the DOM.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from html import escape as _html_escape
from html import unescape
from typing import Any

from .core import Action
from .i18n import _
from .i18n import text as shown_text

__all__ = ["Drawing", "Flow", "LAYOUTS", "MIN_TEXT", "fit_size", "text", "text_width", "wrap"]

LAYOUTS = {"wide": 1280, "medium": 600, "narrow": 360}
"""Each table layout's design width in SVG units. The page (``web/``) picks the widest layout whose
width fits the table's box and never shows a table below scale 1 on a classroom screen, so one SVG
unit is at least one CSS pixel: a 14-unit label reads at 14 px or more, a 44-unit card is a 44 px
target. ``wide`` fits a 1366 px laptop, ``medium`` a tablet either way and a laptop at 200% zoom,
``narrow`` a phone."""

_SHOWN = re.compile(r"<text\b[^>]*>([^<]*)</text>")
"""The words of one ``<text>`` as :func:`text` writes them (escaped, no child elements)."""

MIN_TEXT = 12
"""No table text is drawn smaller than this (units = CSS px at scale 1); most is 14 or more."""

escape = lru_cache(maxsize=8192)(_html_escape)
"""``html.escape``, remembered: a table escapes the same few hundred labels and numbers on every
move (about a quarter of a render's time went to escaping them afresh)."""


def text(x: float, y: float, s: object, size: int = 14, *, anchor: str = "start", weight: str = "normal",
         fill: str = "#1d2433", extra: str = "") -> str:
    """One line of text (escaped)."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(s if type(s) is str else str(s))}</text>')


EM_PER_CHAR = {False: 0.55, True: 0.6}
"""A generous average advance of one character of sans-serif text, in ems, regular and bold: a
tenth more than Debian's Chromium measured for its sans-serif (0.46-0.49 em regular, 0.47-0.53 bold,
over card names and sentences), so a line measured with it stays inside its box on screen and paper."""


def text_width(s: object, size: float, bold: bool = False) -> float:
    """The width one line of ``s`` takes at font ``size`` (an estimate: the render runs where no font
    can be measured, in Pyodide and at build time alike)."""
    return len(str(s)) * size * EM_PER_CHAR[bool(bold)]


def wrap(s: object, room: float, size: float = 14, bold: bool = False) -> list[str]:
    """The words of ``s`` in lines no wider than ``room`` at font ``size``, filled greedily; a word
    wider than ``room`` gets a line of its own. Empty text is one empty line, so a caller can count
    the lines it draws."""
    lines: list[str] = []
    for word in str(s).split():
        if lines and text_width(lines[-1] + " " + word, size, bold) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def fit_size(s: object, room: float, sizes: Iterable[float], bold: bool = False) -> float:
    """The first of ``sizes`` (largest first) at which ``s`` fits ``room`` on one line; the last
    size when none does."""
    size = 0.0
    for size in sizes:
        if text_width(s, size, bold) <= room:
            return size
    return size


def _words(s: str) -> str:
    """``s`` as lower-case words between single spaces, padded, so word runs compare with ``in``."""
    return " " + " ".join(re.findall(r"\w+", s.lower())) + " " if s.strip() else ""


class Drawing:
    """Shapes appended in paint order, and the legal actions to hang on them."""

    def __init__(self, legal: Iterable[Action] = (), *, name_from_text: bool = False) -> None:
        self.parts: list[str] = []
        self.legal = list(legal)
        self.name_from_text = name_from_text
        """Opt in to accessible names that start with the words a target shows (see :meth:`group`)."""

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
        self.parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{width}"{extra and " " + extra}/>')

    def text(self, x: float, y: float, s: object, size: int = 14, **style: Any) -> None:
        self.parts.append(text(x, y, s, size, **style))

    def group(self, action: Action | None = None, *, ident: str | None = None, label: object = None,
              refused: Action | None = None, does: object = None,
              detail: object = None) -> _Group:
        """A ``<g>``; with an action it becomes a clickable, focusable target for that move.

        ``refused`` names the move a student would be trying by touching this thing when that move
        is not legal now (a card they cannot afford): the page then says why, from the engine's
        ``explain_illegal``, instead of doing nothing.

        With ``name_from_text``, a move's target (or a refused one) is named by the words drawn
        inside it, then what touching it does: ``does``, else the action's label (``label`` for a
        refused one), as in "Delete · buy 2 · use 1: buy Delete for 2 points". Speech input can then
        say what the student sees (WCAG 2.5.3, axe's label-content-name-mismatch); ``data-named``
        tells the page to keep this name instead of the bare action label (any other aria-label on
        a move's element is still replaced by the action's label, as before).

        ``detail`` is the thing's full text in words (a card's name, what it does, its biology) for
        the page's details panel, which a phone needs: there the card's own words are cut short.
        """
        # A label, what it does and a detail may be Messages: written here, in the reader's language.
        label, does, detail = (shown_text(part) if part else part for part in (label, does, detail))
        attrs = f' id="{escape(ident)}"' if ident else ""
        named = self.name_from_text and (action is not None or refused is not None)
        if action is not None:
            attrs += f' data-action="{escape(action.key)}" class="clickable"'
        elif refused is not None:
            attrs += f' data-refused="{escape(refused.key)}"'
            if label and not named:
                attrs += f' role="img" aria-label="{escape(label)}"'
        elif label:
            attrs += f' role="img" aria-label="{escape(label)}"'
        if detail:
            attrs += f' data-detail="{escape(detail)}"'
        return _Group(self, attrs, named, action, label, does)

    def _close(self, start: int, attrs: str, named: bool, action: Action | None, label: object,
               does: object) -> None:
        """The end of a :meth:`group` opened at ``parts[start]``: its name, when it is named from
        the words drawn in it, and the closing tag."""
        if named:
            after = does or (shown_text(action.label) if action is not None else label) or ""
            shown = " ".join(" ".join(unescape(m).split()) for part in self.parts[start + 1:]
                             for m in _SHOWN.findall(part) if m.strip())
            if _words(after) and _words(after) in _words(shown):  # the target already says it all
                after = ""
            after = after[:1].lower() + after[1:] if shown and after[:2] != after[:2].upper() else after
            name = f"{shown}: {after}" if shown and after else shown or after
            if name:
                self.parts[start] = f'<g{attrs} aria-label="{escape(name)}" data-named="">'
            # A space between the shapes: browsers draw none, but the accessible "visible text" of
            # the group then reads as separate words ("Delete buy 2"), as the name spells them.
            self.parts[start + 1:] = [part + " " for part in self.parts[start + 1:]]
        self.add("</g>")

    def svg(self, width: int, height: int, *, title: object, desc: object, background: str = "#f7f5ef") -> str:
        """The finished table: ``role="group"`` (an image role would hide the clickable cards from
        screen readers) with a ``<desc>`` that says in words what the picture shows."""
        name = _("{game} table").format(game=title)
        # direction="ltr": the table is a drawing placed by coordinates, and on a right-to-left page
        # its texts would inherit direction: rtl, which turns every text-anchor round (a title set
        # from the left edge would run off it). Each text's own words still read in their order.
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" '
                f'height="{height}" font-family="sans-serif" direction="ltr" role="group" '
                f'aria-label="{escape(name)}">'
                f"<title>{escape(str(title))}</title><desc>{escape(str(desc))}</desc>"
                f'<rect width="{width}" height="{height}" fill="{background}"/>{"".join(self.parts)}</svg>')


class _Group:
    """The ``with`` block of :meth:`Drawing.group`: opens the ``<g>`` on entering, closes it on
    leaving (a class, not a generator: a table opens hundreds of groups on every move)."""

    __slots__ = ("drawing", "attrs", "named", "action", "label", "does", "start")

    def __init__(self, drawing: Drawing, attrs: str, named: bool, action: Action | None, label: object,
                 does: object) -> None:
        self.drawing, self.attrs, self.named, self.action, self.label, self.does = \
            drawing, attrs, named, action, label, does

    def __enter__(self) -> None:
        parts = self.drawing.parts
        self.start = len(parts)
        parts.append(f"<g{self.attrs}>")

    def __exit__(self, kind, error, trace) -> None:
        if kind is None:  # as the generator it replaces: a failed drawing is left unclosed
            self.drawing._close(self.start, self.attrs, self.named, self.action, self.label, self.does)


class Flow:
    """Places boxes left to right from ``x0``, wrapping onto a new row at ``right``."""

    def __init__(self, x0: float, y0: float, right: float, gap: float = 8) -> None:
        self.x0, self.x, self.y, self.right, self.gap = x0, x0, y0, right, gap
        self.row = 0.0

    def place(self, w: float, h: float) -> tuple[float, float]:
        if self.x > self.x0 and self.x + w > self.right:
            self.newline()
        at = (self.x, self.y)
        self.x += w + self.gap
        self.row = max(self.row, h)
        return at

    def newline(self) -> None:
        if self.x > self.x0:
            self.y += self.row + self.gap
        self.x, self.row = self.x0, 0.0

    @property
    def bottom(self) -> float:
        """The lowest edge placed so far."""
        return self.y + self.row if self.x > self.x0 else self.y - self.gap
