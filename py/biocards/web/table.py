"""The table in the page: draw what its source gives it, route clicks and keys to moves.

:class:`Table` draws a :class:`~biocards.web.source.Position` and hands a person's move to its
source; it never asks where the game lives (the local game: ``local.py``; a class table:
``class_play.py``). The parts around the drawing are objects it owns: the prompt bar, the log, the
end screen, the details panel, the controls, the clock, the bell's countdown and the fit to the screen."""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import document

from ..core import Action
from ..i18n import _, text
from .clock import BellCountdown, TurnClock, clock_move
from .controls import Controls
from .details import Details
from .dom import _el
from .end_screen import EndScreen
from .fit import Fit
from .log import GameLog
from .prompt_bar import PromptBar
from .source import Position, Source


class Table:
    """One game in the page, drawn from its source, from the first position to the end screen."""

    def __init__(self, source: Source, concepts: dict) -> None:
        self.source = source
        self.game = source.game
        self.concepts = concepts
        self.position: Position | None = None  # the live position last drawn
        self.actions: dict[str, Action] = {}  # the moves on offer by their data-action key
        self._proxies = []  # keep event-handler proxies alive for the page's lifetime
        source.attach(self)
        self.fit = Fit(self.game, projector=source.projector)
        self.log = GameLog(concepts)
        self.bar = PromptBar(self.game, concepts, source)
        self.end = EndScreen()
        self.details = Details(self)
        self.controls = Controls(self)
        self.clock = TurnClock(source, self.handler)
        self.bell = BellCountdown(source, self.handler, self.log)

    # -- start ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Let the source name the page and ready its game, listen, then draw (or connect)."""
        self.source.open()
        self._bind()
        self.source.run()

    def handler(self, function, guarded: bool = True):
        """``function`` as a page event listener kept alive for the page's lifetime; ``guarded``,
        its errors show as a message (and it answers nothing)."""
        proxy = create_proxy(self.guard(function) if guarded else function)
        self._proxies.append(proxy)
        return proxy

    def _bind(self) -> None:
        def on(element, event, handler):
            element.addEventListener(event, self.handler(handler))

        on(_el("table"), "click", self._on_click)
        on(_el("table"), "keydown", self._on_key)
        on(_el("table"), "mouseover", self._on_hover)
        on(_el("table"), "focusin", self._on_hover)
        on(_el("table"), "mouseout", self._on_unhover)
        on(_el("table"), "focusout", self._on_unhover)
        on(_el("actions"), "click", self._on_click)
        on(_el("prompt-actions"), "click", self._on_click)
        on(_el("recent"), "click", self._on_why)
        on(_el("log"), "click", self._on_why)
        # A hidden tab's timers are slowed to a minute or more: shown again, the bell is read at once.
        on(document, "visibilitychange", lambda _event: self.bell.refresh())
        self.controls.bind(on)
        self.details.bind(on)
        self.source.bind(on)
        self.fit.watch(self.handler, self.redraw)

    def guard(self, handler):
        def guarded(event=None):
            try:
                handler(event)
            except Exception as exc:  # a bug must show as a message, not a blank table
                self.show_error(_("Something went wrong: {error}: {reason}").format(error=type(exc).__name__, reason=exc))
        return guarded

    def show_error(self, message: str, download: str | None = None) -> None:
        box = _el("error")
        box.textContent = message
        if download:
            link = document.createElement("a")
            link.href = download
            link.download = f"{self.game.id}-save-that-could-not-resume.json"
            link.textContent = _("Download the saved game (for a teacher)")
            box.append(" ", link)
        box.hidden = False

    # -- what the source asks -------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """A move chosen on the page (a click, a key, the details panel): the source's to make."""
        self.source.play(action)

    def show_end(self) -> None:
        self.end.show(self.position.result, self.source.seat_title, self.source.hints_used())

    def draw_past(self, moves: int) -> None:
        """Show the game as it stood after ``moves`` moves (replay): table and log, no moves offered."""
        # The whole game stays in the log, so any move can be jumped to; later moves are greyed.
        self.log.clear()
        self.log.events(self.source.numbered_events(), at=moves)
        self.draw(self.source.position_at(moves), live=False)
        _el("status").textContent = (_("Replay: the game after move {n}.").format(n=moves) if moves
                                     else _("Replay: the start of the game."))

    def resume_live(self) -> None:
        """Back from a replay to the game itself."""
        self.log.clear()
        self.log.events(self.source.numbered_events())
        self.source.resume()

    def redraw(self) -> None:
        """Draw what is shown again (the window changed the layout)."""
        if self.controls.replay_at is not None:
            self.controls.show_replay()
        elif self.position is not None:
            self.draw(self.position, hidden=not _el("pass-device").hidden)

    def draw(self, position: Position, hidden: bool = False, live: bool = True) -> None:
        """Draw ``position`` (``hidden``: the table stays blank, the device is being passed on); a
        position that is not ``live`` is a replay's, and offers nothing."""
        if live:
            self.position = position
        legal = list(position.legal) if live and position.here else []
        svg = self.fit.draw(position.view, legal)
        table = _el("table")
        focused = document.activeElement.getAttribute("data-action") if document.activeElement else None
        table.innerHTML = "" if hidden else svg
        self.fit.size_svg()
        clocked = clock_move(position.view)  # played by the clock, never offered
        self.actions = {a.key: a for a in legal if a.kind != clocked}
        placed = set()
        for element in table.querySelectorAll("[data-action]"):
            key = element.getAttribute("data-action")
            action = self.actions.get(key)
            if action is None:
                element.removeAttribute("data-action")
                continue
            # A move drawn twice (a card and its deck, say) stays clickable in both places but is
            # one keyboard stop and one button for screen readers: the first.
            if key in placed:
                element.setAttribute("tabindex", "-1")
                element.setAttribute("aria-hidden", "true")
                continue
            placed.add(key)
            element.setAttribute("tabindex", "0")
            element.setAttribute("role", "button")
            # A render may name a card itself, starting with the words it shows (WCAG 2.5.3: speech
            # input says what it sees); the move's label then stays its description (the title).
            if not element.hasAttribute("aria-label"):
                element.setAttribute("aria-label", text(action.label) or action.kind)
            title = document.createElementNS("http://www.w3.org/2000/svg", "title")
            title.textContent = text(action.label)
            element.prepend(title)
        bar = _el("actions")
        bar.innerHTML = ""
        for key, action in self.actions.items():
            if key in placed or action.kind == "cancel":  # Cancel sits in the prompt bar
                continue
            button = document.createElement("button")
            button.type = "button"
            button.textContent = text(action.label) or action.kind
            button.setAttribute("data-action", key)
            bar.append(button)
        _el("status").textContent = self.bar.text(position)
        self.bar.show_cancel(self.actions)
        self.bar.show_recent()
        # Things the student may touch when their move is not legal now say why when touched.
        for element in table.querySelectorAll("[data-refused]"):
            element.setAttribute("tabindex", "0")
            element.setAttribute("role", "button")
            element.setAttribute("aria-disabled", "true")
        _el("boot").hidden = True
        self.controls.refresh()
        self.details.refresh()
        if focused and not hidden:
            again = document.querySelector(f"[data-action='{focused}']")
            if again:
                again.focus()
        if live:
            self.clock.refresh()
            self.bell.refresh()

    # -- input ---------------------------------------------------------------------------------------

    def _target(self, event):
        element = event.target.closest("[data-action]") if event.target.closest else None
        return element, (self.actions.get(element.getAttribute("data-action")) if element else None)

    def _on_click(self, event) -> None:
        if self.details.read_instead(event):  # the details panel is open: a touch reads the card
            return
        _, action = self._target(event)
        if action is not None:
            self.play(action)
        else:
            self._maybe_refuse(event)

    def _maybe_refuse(self, event) -> bool:
        refused = event.target.closest("[data-refused]") if event.target.closest else None
        if not refused or self.source.person_to_move() is None:
            return False
        try:
            action = Action.from_json(json.loads(refused.getAttribute("data-refused")))
        except (ValueError, TypeError, KeyError):
            return True
        self.source.refuse(action)
        return True

    def _on_key(self, event) -> None:
        key = event.key
        if key in ("Enter", " ") and self.details.read_instead(event):
            event.preventDefault()
        elif key in ("Enter", " "):
            _, action = self._target(event)
            if action is not None:
                event.preventDefault()
                self.play(action)
            elif self._maybe_refuse(event):
                event.preventDefault()
        elif key in ("ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"):
            items = list(_el("table").querySelectorAll("[data-action]"))
            if not items:
                return
            current = event.target.closest("[data-action]")
            index = next((i for i, el in enumerate(items) if el == current), -1)
            step = 1 if key in ("ArrowRight", "ArrowDown") else -1
            items[(index + step) % len(items)].focus()
            event.preventDefault()

    def _on_hover(self, event) -> None:
        element = event.target.closest("[data-highlight]") if event.target.closest else None
        if element:
            for nid in element.getAttribute("data-highlight").split():
                target = _el(nid)
                if target:
                    target.classList.add("hl")

    def _on_unhover(self, event) -> None:
        for element in list(document.querySelectorAll(".hl")):
            element.classList.remove("hl")

    def _on_why(self, event) -> None:
        button = event.target.closest("[data-concept]")
        if button:
            concept = str(button.getAttribute("data-concept"))
            self.log.show_why(concept)
            self.source.concept_opened(concept)
