"""The interactive table in the page: render, route clicks and keys, log, autosave, bots, hot-seat."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from html import escape

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from .. import games
from ..core import Action, Event, IllegalAction, InvalidRecord, Rng
from ..core.links import decode_moves
from ..guided import GuidedLesson, Step
from .controls import Controls
from .saves import SaveSlot
from .seats import Setup, SetupError, parse, player_range, query_params


def _el(element_id: str):
    return document.getElementById(element_id)


def _player(p: int) -> str:
    return f"Player {p + 1}"


SEAT_NAMES = {"human": "person", "greedy": "computer, good", "random": "computer, beginner"}
"""How the end screen names each kind of seat (the words of the landing page's seat pickers)."""


class Table:
    """One game in the page, from setup to the end screen."""

    def __init__(self, setup: Setup, concepts: dict, guided: GuidedLesson | None = None) -> None:
        self.setup = setup
        self.guided = guided
        self.step = 0  # steps of the guided lesson done
        self.game = games.get(setup.game)
        self.concepts = concepts
        self.seed = setup.seed if setup.seed is not None else int(time.time() * 1000) % 1_000_000
        self.key = setup.storage_key(self.seed)
        self.state = None
        self.viewer: int | None = None
        self.actions: dict[str, Action] = {}
        self.bot_pending = False
        self.floor = 0  # moves a take-back may not remove (a shared position's or lesson's start)
        self.shared_from: int | None = None  # the moves a shared link opened with
        self._proxies = []  # keep event-handler proxies alive for the page's lifetime
        self.controls = Controls(self)

    # -- start ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Resume the saved game for this URL, or deal a new one."""
        document.title = f"{self.game.title} · BioCards"
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

    def _open_shared(self) -> None:
        """A shared link's position: replayed from its moves, or a clear message and a fresh game."""
        try:
            self.state = decode_moves(self.game, len(self.setup.seats), self.seed, self.setup.options,
                                      self.setup.moves)
        except InvalidRecord as exc:
            self.state = None
            self._show_error(f"This shared link could not be opened: {exc} A new game has started instead.")
            self.setup = replace(self.setup, moves=None)
            self.key = self.setup.storage_key(self.seed)
            return
        self.shared_from = self.floor = len(self.state.history)
        self._log_events(self._replay_events(self.state.to_record()))
        self._log_line(None, f"A shared position: {self.shared_from} moves were played before it.", ())

    # -- restoring a record (resume, take back) ----------------------------------------------------

    def _replay_events(self, record) -> list[tuple[int, Event]]:
        """Every event of replaying ``record``, each with the number of the move that made it."""
        state = self.game.new_state(record["players"], record["seed"], **record.get("options", {}))
        numbered = []
        for number, data in enumerate(record.get("actions", []), start=1):
            numbered.extend((number, event) for event in state.apply(Action.from_json(data)))
        return numbered

    def restore(self, record, *, note: str = "", save: bool = True) -> None:
        """Make ``record`` the game (a resumed save or a take-back): state, log, lesson and save."""
        self.state = self.game.load(record)
        _el("log").innerHTML = ""
        self._log_events(self._replay_events(record))
        if note:
            self._log_line(None, note, ())
        if self.guided is not None:
            self.step = self.guided.step_reached(self.state.history)
            self._show_lesson()
        _el("end").hidden = True
        if save:
            self.save.write(self.state)
        if self.controls is not None and self._proxies:  # already running: carry on from here
            self._advance()

    def _follow_other_tab(self, refused: bool = False) -> None:
        """Another tab of this game moved it on: show that game here rather than overwrite it."""
        try:
            record = self.save.load()
        except InvalidRecord:
            return
        if record is None:
            return
        self.bot_pending = False
        note = ("This game was played on in another tab, so your move was not made: this tab now "
                "shows that game." if refused else "This game was played on in another tab; this tab follows it.")
        self.restore(record, note=note, save=False)
        _el("status").textContent = note

    def _on_storage(self, event) -> None:
        if event.key == self.key and event.newValue and event.newValue != self.save.seen:
            self._follow_other_tab()

    def human_seat_to_move(self) -> int | None:
        """The seat of the person to move, if a person is to move."""
        seat = self.state.current_player
        return seat if seat is not None and self._seat_kind(seat) == "human" else None

    def bot_pending_move(self) -> bool:
        return self.bot_pending

    def lesson_step(self) -> Step | None:
        """The guided lesson's current step, while the student still has one to make."""
        lesson = self.guided
        if lesson is None or self.step >= len(lesson.steps) or self.state.current_player != lesson.student:
            return None
        return lesson.steps[self.step]

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
        on(_el("log"), "click", self._on_why)
        on(_el("pass-ready"), "click", self._on_pass_ready)
        on(_el("new-game"), "click", self._on_new_game)
        self.controls.bind(on)
        on(window, "storage", self._on_storage)
        _el("new-game").disabled = False
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

    # -- the turn loop ---------------------------------------------------------------------------

    def _seat_kind(self, seat: int) -> str:
        return self.setup.seats[seat]

    def _advance(self) -> None:
        """Show the table for whoever moves next; let a bot move after the pace delay."""
        state = self.state
        if self.controls.replay_at is not None:  # stepping through the game: nobody moves
            return
        if state.is_terminal():
            self._render()
            self._show_end()
            return
        seat = state.current_player
        if self._seat_kind(seat) == "human":
            previous = self.viewer
            self.viewer = seat
            if previous is not None and previous != seat and len(self.setup.humans) > 1:
                self._render(hidden=True)
                _el("pass-text").textContent = (f"{_player(previous)}: hand the device to "
                                                f"{_player(seat)}, then press the button.")
                _el("pass-device").hidden = False
                _el("pass-ready").focus()
                return
            self._render()
        else:
            self._render()
            if not self.bot_pending:
                self.bot_pending = True
                window.setTimeout(create_once_callable(self._guard(self._bot_move)), self.controls.pace_ms)
        document.documentElement.dataset.state = "ready"

    def _bot_move(self, _event=None) -> None:
        self.bot_pending = False
        state = self.state
        if state.is_terminal() or self._seat_kind(state.current_player) == "human" \
                or self.controls.replay_at is not None:
            return
        seat = state.current_player
        bot = self.game.make_bot(self._seat_kind(seat), seat, self.seed)
        self._play(bot.choose(state))

    def _play(self, action: Action) -> None:
        if self.save.moved_on_elsewhere():
            self._follow_other_tab(refused=True)
            return
        if self._lesson_step_refuses(action):
            return
        lesson_step = self.guided is not None and self.step < len(self.guided.steps) \
            and self.guided.advances(self.state, action, self.step)
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            _el("status").textContent = str(exc)
            return
        self._log_events([(len(self.state.history), event) for event in events])
        self.save.write(self.state)
        if lesson_step:
            self.step += 1
            self._show_lesson(done=self.guided.steps[self.step - 1])
        self._advance()

    # -- guided lessons --------------------------------------------------------------------------

    def _lesson_step_refuses(self, action: Action) -> bool:
        """During a guided lesson the student makes the taught move; another is explained, not played."""
        lesson = self.guided
        if lesson is None or self.step >= len(lesson.steps) or self.state.current_player != lesson.student:
            return False
        step = lesson.steps[self.step]
        if step.matches(action):
            return False
        _el("lesson-note").textContent = f"Not that move yet. {step.hint or 'Read the step again.'}"
        return True

    def _show_lesson(self, done: Step | None = None) -> None:
        """The lesson panel: what the last move meant, then what to do next."""
        lesson = self.guided
        total = len(lesson.steps)
        _el("lesson").hidden = False
        _el("lesson-title").textContent = lesson.title
        _el("lesson-then").textContent = done.then if done else (lesson.intro if self.step == 0 else "")
        _el("lesson-note").textContent = ""
        if self.step < total:
            _el("lesson-progress").textContent = f"Step {self.step + 1} of {total}"
            _el("lesson-say").textContent = lesson.steps[self.step].say
            _el("lesson-done").hidden = True
        else:
            _el("lesson-progress").textContent = f"All {total} steps done"
            _el("lesson-say").textContent = "Lesson complete. The game goes on: play it to the end if you like."
            _el("lesson-done").hidden = False
        _el("new-game").textContent = "Restart lesson"

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
        svg = self.game.render(view, legal=legal)
        table = _el("table")
        focused = document.activeElement.getAttribute("data-action") if document.activeElement else None
        table.innerHTML = "" if hidden else svg
        self.actions = {a.key: a for a in legal}
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
            element.setAttribute("aria-label", action.label or action.kind)
            title = document.createElementNS("http://www.w3.org/2000/svg", "title")
            title.textContent = action.label
            element.prepend(title)
        bar = _el("actions")
        bar.innerHTML = ""
        for key, action in self.actions.items():
            if key in placed:
                continue
            button = document.createElement("button")
            button.type = "button"
            button.textContent = action.label or action.kind
            button.setAttribute("data-action", key)
            bar.append(button)
        if state.is_terminal():
            _el("status").textContent = "The game is over."
        elif human_to_move:
            _el("status").textContent = f"{_player(seat)}, your move."
        else:
            _el("status").textContent = f"{_player(seat)} (computer) is thinking…"
        _el("boot").hidden = True
        self.controls.refresh()
        if focused and not hidden:
            again = document.querySelector(f"[data-action='{focused}']")
            if again:
                again.focus()

    def _show_end(self) -> None:
        state = self.state
        scores = state.scores()
        best = max(scores)
        rows = []
        for p, total in enumerate(scores):
            lines = "".join(f"<li>{escape(label)}: {points}</li>" for label, points in state.score_breakdown(p))
            mark = ' class="winner"' if total == best else ""
            kind = SEAT_NAMES.get(self._seat_kind(p), self._seat_kind(p))
            rows.append(f"<tr{mark}><th scope='row'>{_player(p)} ({escape(kind)})</th>"
                        f"<td>{total} points{' — winner' if total == best else ''}</td>"
                        f"<td><ul>{lines}</ul></td></tr>")
        _el("final-scores").innerHTML = (f"<table><thead><tr><th>Player</th><th>Score</th><th>How</th></tr></thead>"
                                         f"<tbody>{''.join(rows)}</tbody></table>")
        used = self.controls.hints_used()
        _el("end-hints").textContent = (f"Hints used: {used}." if used else "No hints used.")
        _el("end").hidden = False
        _el("end-title").focus()  # keyboard and screen-reader users land on the result
        _el("end").scrollIntoView()
        _el("actions").innerHTML = ""
        # The finished game stays saved: a reload shows the result and can replay it.
        document.documentElement.dataset.state = "over"

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
        log.parentElement.scrollTop = log.parentElement.scrollHeight

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

    # -- input ---------------------------------------------------------------------------------------

    def _target(self, event):
        element = event.target.closest("[data-action]") if event.target.closest else None
        return element, (self.actions.get(element.getAttribute("data-action")) if element else None)

    def _on_click(self, event) -> None:
        _, action = self._target(event)
        if action is not None:
            self._play(action)

    def _on_key(self, event) -> None:
        key = event.key
        if key in ("Enter", " "):
            _, action = self._target(event)
            if action is not None:
                event.preventDefault()
                self._play(action)
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
        if not button:
            return
        concept = self.concepts[button.getAttribute("data-concept")]
        _el("why-title").textContent = concept["title"]
        _el("why-summary").textContent = concept["summary"]
        _el("why-link").href = "../" + concept["url"]
        _el("why").showModal()

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
        params.set("seed", str(Rng(self.seed).randbelow(1_000_000)))
        params.delete("moves")  # a new game of its own, not the shared position again
        window.location.search = params.toString()

    def _bench(self, moves=300):
        """Median milliseconds of a greedy decision over greedy games of this table's game, timed
        inside the page (for ``build.py bench``; the same measure as the CPython engine bench)."""
        from ..bench import bot_move_ms

        return bot_move_ms(self.game, len(self.setup.seats), int(moves))


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


async def start() -> None:
    """Read the URL, concepts and any guided lesson, then start the table; any failure becomes a
    readable message."""
    try:
        concepts_text, lesson_text = (await window.biocardsData).to_py()
        query = str(window.location.search)
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
