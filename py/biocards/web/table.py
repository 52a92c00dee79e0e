"""The interactive table in the page: start a game, render the SVG, route clicks and keys to moves.

The turn loop, restoring records, the lesson panel, the log, the end screen and fitting the
table to the screen live in their own modules (mixins of :class:`Table`); the save slot is saves.py."""

from __future__ import annotations

import json
import secrets

from pyodide.ffi import create_proxy
from pyscript import document, window

from .. import games
from ..core import Action, InvalidRecord
from ..guided import GuidedLesson
from .clock import TurnClock
from .controls import Controls
from .details import Details
from .dom import _el, _player
from .end_screen import EndScreen
from .fit import Fit
from .prompt_bar import PromptBar
from .lesson_panel import LessonPanel
from .log import GameLog
from .resume import Resume
from .saves import SaveSlot
from .seats import Setup, SetupError, parse, player_range, query_params
from .turns import TurnLoop


class Table(Fit, PromptBar, TurnLoop, TurnClock, Resume, LessonPanel, GameLog, EndScreen, Details):
    """One game in the page, from setup to the end screen."""

    def __init__(self, setup: Setup, concepts: dict, guided: GuidedLesson | None = None) -> None:
        self.setup = setup
        self.guided = guided
        self.step = 0  # steps of the guided lesson done
        self.game = games.get(setup.game)
        self.concepts = concepts
        self.seed = setup.seed if setup.seed is not None else secrets.randbits(64)
        self.key = setup.storage_key(self.seed)
        self.state = None
        self.viewer: int | None = None
        self.actions: dict[str, Action] = {}
        self.bot_pending = False
        self._bot_wait = None  # (timer id, callback) of the computer move waiting out the pace
        self._thinking = None  # a strong computer's move being worked out, slice by slice
        self._thinking_ply = 0
        self.floor = 0  # moves a take-back may not remove (a shared position's or lesson's start)
        self.shared_from: int | None = None  # the moves a shared link opened with
        self._proxies = []  # keep event-handler proxies alive for the page's lifetime
        self.controls = Controls(self)

    # -- start ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the saved game for this URL, or deal a new one."""
        document.title = f"{self.game.title} · BioCards"
        document.getElementById("game-title").textContent = self.game.title
        _el("rules-link").href = f"../lessons/rules/{self.game.id}.html"
        if self.guided is None:
            self._remember_seed_in_url()
        self.state = None
        if self.setup.moves is not None:
            self._open_shared()
        self.save = SaveSlot(self.key, self.game, len(self.setup.seats))
        try:
            record = self.save.load()
        except InvalidRecord as exc:
            record = None
            self._show_error(f"The saved game could not be resumed: {exc} It is kept aside, and a new "
                             "game has started.", download=self.save.download_href())
        if record is not None:
            self.restore(record, note=f"Welcome back: the saved game resumes after "
                                      f"{len(record.get('actions', []))} moves.", save=False)
        if self.state is None and self.guided is not None:
            self.state = self.guided.start()
            self.floor = len(self.guided.moves)
            prepared = f" The first {len(self.guided.moves)} moves were played for you." if self.guided.moves else ""
            self._log_line(None, f"Guided lesson: {self.guided.title}.{prepared}", ())
        elif self.state is None:
            self.forget_clock()
            try:
                self.state = self.game.new_state(len(self.setup.seats), self.seed, **self.setup.options)
            except ValueError as exc:  # an option the link names wrongly: say so in words
                raise SetupError(f"This link cannot start a game: {exc}") from None
            self._log_line(None, f"A new game of {self.game.title} for {len(self.setup.seats)} players.", ())
        if self.guided is not None:
            self.floor = len(self.guided.moves)
            self.step = self.guided.step_reached(self.state.history)
            self._show_lesson()
        self._bind()
        self._advance()

    def _remember_seed_in_url(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        if not params.get("seed"):  # absent or empty: write the chosen seed back, or a reload orphans the save
            params.set("seed", str(self.seed))
            window.history.replaceState(None, "", f"?{params.toString()}")

    def _bind(self) -> None:
        def on(element, event, handler):
            proxy = create_proxy(self._guard(handler))
            self._proxies.append(proxy)
            element.addEventListener(event, proxy)

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
        on(_el("pass-ready"), "click", self._on_pass_ready)
        on(_el("new-game"), "click", self._on_new_game)
        self.controls.bind(on)
        self._bind_details(on)
        on(window, "storage", self._on_storage)
        _el("new-game").disabled = False
        self._watch_size()
        bench = create_proxy(self._bench)
        self._proxies.append(bench)
        window.biocardsBench = bench

    def _guard(self, handler):
        def guarded(event=None):
            try:
                handler(event)
            except Exception as exc:  # a bug must show as a message, not a blank table
                self._show_error(f"Something went wrong: {type(exc).__name__}: {exc}")
        return guarded

    # -- rendering ---------------------------------------------------------------------------------

    def draw_position(self, moves: int) -> None:
        """Show the game as it stood after ``moves`` moves (replay): table and log, no moves offered."""
        record = self.state.to_record()
        record["actions"] = record["actions"][:moves]
        past = self.game.load(record)
        # The whole game stays in the log, so any move can be jumped to; later moves are greyed.
        _el("log").innerHTML = ""
        self._log_events(self._replay_events(self.state.to_record()))
        for item in list(_el("log").querySelectorAll("li[data-move]")):
            if int(item.getAttribute("data-move")) > moves:
                item.classList.add("later")
        self._render(position=past)
        _el("status").textContent = f"Replay: the game after move {moves}." if moves else "Replay: the start of the game."

    def resume_live(self) -> None:
        """Back from a replay to the game itself."""
        _el("log").innerHTML = ""
        self._log_events(self._replay_events(self.state.to_record()))
        self._advance()
        if self.state.is_terminal():
            _el("end").hidden = False

    def _render(self, hidden: bool = False, position=None) -> None:
        state = position if position is not None else self.state
        seat = state.current_player
        human_to_move = position is None and seat is not None and self._seat_kind(seat) == "human"
        legal = state.legal_actions() if human_to_move else []
        view = state.view(self.viewer if self.setup.humans else None)
        svg = self._draw(view, legal)
        table = _el("table")
        focused = document.activeElement.getAttribute("data-action") if document.activeElement else None
        table.innerHTML = "" if hidden else svg
        self._size_svg()
        clocked = self.clock_kind(view)  # played by the clock, never offered
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
                element.setAttribute("aria-label", action.label or action.kind)
            title = document.createElementNS("http://www.w3.org/2000/svg", "title")
            title.textContent = action.label
            element.prepend(title)
        bar = _el("actions")
        bar.innerHTML = ""
        for key, action in self.actions.items():
            if key in placed or action.kind == "cancel":  # Cancel sits in the prompt bar
                continue
            button = document.createElement("button")
            button.type = "button"
            button.textContent = action.label or action.kind
            button.setAttribute("data-action", key)
            bar.append(button)
        _el("status").textContent = self._prompt_text(view, legal, seat, human_to_move)
        self._show_cancel()
        self._show_recent()
        # Things the student may touch when their move is not legal now say why when touched.
        for element in table.querySelectorAll("[data-refused]"):
            element.setAttribute("tabindex", "0")
            element.setAttribute("role", "button")
            element.setAttribute("aria-disabled", "true")
        _el("boot").hidden = True
        self.controls.refresh()
        self._refresh_details()
        if focused and not hidden:
            again = document.querySelector(f"[data-action='{focused}']")
            if again:
                again.focus()
        if position is None:
            self._refresh_clock()

    # -- input ---------------------------------------------------------------------------------------

    def _target(self, event):
        element = event.target.closest("[data-action]") if event.target.closest else None
        return element, (self.actions.get(element.getAttribute("data-action")) if element else None)

    def _on_click(self, event) -> None:
        if self._read_instead(event):  # the details panel is open: a touch reads the card
            return
        _, action = self._target(event)
        if action is not None:
            self._play(action)
        else:
            self._maybe_refuse(event)

    def _maybe_refuse(self, event) -> bool:
        refused = event.target.closest("[data-refused]") if event.target.closest else None
        if not refused or self.human_seat_to_move() is None:
            return False
        self._refuse(refused.getAttribute("data-refused"))
        return True

    def _on_key(self, event) -> None:
        key = event.key
        if key in ("Enter", " ") and self._read_instead(event):
            event.preventDefault()
        elif key in ("Enter", " "):
            _, action = self._target(event)
            if action is not None:
                event.preventDefault()
                self._play(action)
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

    def _on_pass_ready(self, _event) -> None:
        _el("pass-device").hidden = True
        self._render()
        document.documentElement.dataset.state = "ready"

    def _on_new_game(self, _event) -> None:
        if self.controls.ask_new_game():
            self.new_game()

    def new_game(self) -> None:
        """Discard this game and deal the next one (the same prepared position in a lesson)."""
        self.save.clear()
        self.controls.forget_hints()
        if self.guided is not None:  # the same prepared position again
            window.location.reload()
            return
        params = window.URLSearchParams.new(window.location.search)
        params.set("seed", str(secrets.randbits(64)))
        params.delete("moves")  # a new game of its own, not the shared position again
        window.location.search = params.toString()

    def _bench(self, moves=300, bot="greedy"):
        """Median milliseconds of one decision of ``bot`` over its own games of this table's game,
        timed inside the page (for ``build.py bench``); the search bot gets the page's budget."""
        from ..bench import bot_move_ms
        from .turns import THINKING_SECONDS

        seconds = THINKING_SECONDS if bot == "search" else None
        return bot_move_ms(self.game, len(self.setup.seats), int(moves), str(bot), seconds)


def _playable(query: str) -> dict[str, tuple[int, int]]:
    """Playable games by id with their player counts: only the linked game's package is imported
    when it has a table (a faster boot); every game when the link names none that can be played."""
    wanted = query_params(query).get("game", "")
    try:
        game = games.get(wanted)
    except KeyError:
        game = None
    if game is not None and game.render is not None:
        return {game.id: player_range(game, query)}
    return {g.id: player_range(g, query) for g in games.all() if g.render is not None}


def _guided_lesson(query: str, text: str | None) -> GuidedLesson | None:
    """The guided lesson the link names (its JSON fetched by boot.js), or None for a plain game."""
    name = query_params(query).get("lesson", "")
    if not name:
        return None
    if not text:
        raise SetupError(f"There is no guided lesson called {name!r} here. The lessons page lists them all.")
    try:
        return GuidedLesson.from_dict(name, json.loads(text))
    except ValueError as exc:
        raise SetupError(f"The guided lesson {name!r} could not be read: {exc}") from None


async def _start_class_table(params: dict[str, str], concepts: dict) -> None:
    """A seat at a class table (``?class=CODE``), or a table on the projector (``?watch=ID&pass=…``:
    a projector pass for that table, never the teacher's key)."""
    from .class_play import ClassTable, ProjectorTable, seat_from_storage

    # The wheel's folder is named by its hash: it says which drawing code this page runs.
    build = str(document.querySelector("meta[name=biocards-wheel]").content).split("/")[1]
    if "watch" in params:
        game = params.get("game", "")
        if game not in {g.id for g in games.all()}:
            raise SetupError("This projector link names no game: open it again from the teacher's page.")
        ProjectorTable(params["watch"], params.get("pass", ""), game, concepts, build).start()
        return
    code = params["class"]
    seat = seat_from_storage(code)
    if seat is None:
        raise SetupError(f"This device has no seat in class {code}: open “Join a class” and type the code.")
    ClassTable(seat, concepts, build).start()


async def start() -> None:
    """Read the URL, concepts and any guided lesson, then start the table; any failure becomes a
    readable message."""
    try:
        concepts_text, lesson_text = (await window.biocardsData).to_py()
        query = str(window.location.search)
        params = query_params(query)
        if "class" in params or "watch" in params:  # a class table: the class server referees it
            await _start_class_table(params, json.loads(concepts_text) if concepts_text else {})
            return
        guided = _guided_lesson(query, lesson_text)
        playable = _playable(query if guided is None else f"?game={guided.game}")
        setup = parse(query, playable, guided)
        concepts = json.loads(concepts_text) if concepts_text else {}
        Table(setup, concepts, guided).start()
    except (SetupError, InvalidRecord) as exc:
        window.biocardsFail(str(exc))
        document.documentElement.dataset.state = "error"
    except Exception as exc:  # never a blank table
        window.biocardsFail(f"The game could not start: {type(exc).__name__}: {exc}")
        document.documentElement.dataset.state = "error"
