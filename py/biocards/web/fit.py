"""Fitting the table to the screen: pick the widest layout whose width fits the table's box, show
the SVG at 1 to 1.25 units per CSS px, and lay it out again when the window changes size."""

from __future__ import annotations

from pyscript import window

from ..svg import LAYOUTS
from .dom import _el

MAX_SCALE = 1.25
"""A layout is never shown below 1 CSS px per unit (its text sizes are CSS px minimums) and at most
this much above, so a wide box gets the next layout rather than ever-larger cards."""
PROJECTOR_SCALE = 2
"""The projector draws the medium layout at twice its design size at least (see :class:`Fit`)."""


def pick_layout(box_width: float) -> str:
    """The widest layout whose width fits ``box_width``; the narrowest when none does."""
    fitting = [name for name, width in LAYOUTS.items() if width <= box_width]
    if not fitting:
        return min(LAYOUTS, key=LAYOUTS.get)
    return max(fitting, key=LAYOUTS.get)



class Fit:
    """Part of the table: which layout to draw and at what size. On a projector the medium layout
    is drawn twice its size and more: its 12-unit smallest text then reads at 24 px or more across
    a 1920-pixel projector, for the back row (the wide layout would be 12-15 px there)."""

    def __init__(self, game, projector: bool = False) -> None:
        self.game = game
        self.projector = projector
        self.layout: str | None = None  # the layout last drawn

    def box_width(self) -> float:
        """The table box's width as the browser last laid the page out (boot.js keeps it). Asking
        the box itself here would make the browser lay the page out on the spot, changed since by
        the move, only to lay it out again once the new drawing is in: at every drawing."""
        if self.projector:
            return LAYOUTS["medium"]
        width = getattr(window, "biocardsTableWidth", None)
        if not isinstance(width, (int, float)) or not width:  # not laid out yet, or hidden
            width = _el("table").clientWidth
        return float(width) if width else float(window.innerWidth)

    def draw(self, view, legal) -> str:
        """The SVG for this view in the layout the table's box fits."""
        self.layout = pick_layout(self.box_width())
        return self.game.render(view, legal=legal, layout=self.layout)

    def size_svg(self) -> None:
        """Width = the box's, but at most 1.25 × the drawing's own width and never below 1 px per
        unit (the table box scrolls sideways instead of the page when a phone is narrower than the
        narrow layout). The stylesheet's ``width: 100%`` between these bounds does the arithmetic:
        measuring the box here made the browser lay the new SVG out on the spot, then again once
        its width was set; and a window resized within one layout resizes the drawing by itself."""
        svg = _el("table").querySelector("svg")
        if not svg:  # JavaScript's null (the table is hidden between hot-seat players)
            return
        drawn = LAYOUTS[self.layout]
        if self.projector:
            svg.style.minWidth = f"{PROJECTOR_SCALE * drawn}px"
            svg.style.maxWidth = "none"
        else:
            svg.style.minWidth = f"{drawn}px"
            svg.style.maxWidth = f"{MAX_SCALE * drawn:.0f}px"
        svg.dataset.layout = self.layout or ""

    def watch(self, handler, redraw) -> None:
        """Draw again (``redraw()``) when the window or orientation changes the layout (within one,
        the stylesheet resizes the drawing); ``handler`` makes the page's listener of a function."""
        def on_resize(_event=None):
            # Measured now, and kept for the drawing: boot.js hears of the new width only after
            # the browser's next layout.
            window.biocardsTableWidth = _el("table").clientWidth
            if self.layout is not None and pick_layout(self.box_width()) != self.layout:
                redraw()

        proxy = handler(on_resize)
        window.addEventListener("resize", proxy)
        window.addEventListener("orientationchange", proxy)
