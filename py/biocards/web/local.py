"""The local source: the game played in this page (docs/design.md, "The page").

The engine runs here: a move is applied to the game's state, the computers' seats move after the
pace delay (a strong one thinks in slices, so the page stays responsive), the record is saved after
every move, and a saved game, a shared link's position, a take-back or a game another tab moved on
is restored from its record, replayed once (``saves.replay``). A guided lesson is a local game with
a lesson panel. A game dealt with a bell (``bell.py``) keeps its deadline beside the save and ends
at the bell when it runs out."""

from __future__ import annotations

from dataclasses import replace

from pyodide.ffi import create_once_callable
from pyscript import document, window

from .. import games
from ..i18n import N_, _, ngettext, text
from ..core import Action, Event, GameState, IllegalAction, InvalidRecord
from ..core.hints import suggest
from ..core.links import decode_moves, encode_moves
from ..core.undo import take_back, without_last
from ..guided import GuidedLesson
from .bell import BellTimer, bell_key, minutes_left, timer_for_deal
from .clock import forget_start, remembered_start
from .dom import _el, _player, site_link
from .lesson_panel import LessonPanel
from .saves import SaveSlot, _get, replay
from .seats import Setup, SetupError, new_seed
from .source import Position, Result, Source

THINKING_SECONDS = 0.4
"""Wall-clock time a strong (searching) computer spends on one move in the page (and a hint)."""

SEAT_NAMES = {"human": N_("person"), "greedy": N_("computer, good"), "random": N_("computer, beginner"),
              "search": N_("computer, strong")}
"""How the end screen names each kind of seat (the words of the landing page's seat pickers)."""


class LocalGame(Source):
    """One game in this page, from its link (``setup``) to the end screen."""

    offers = frozenset({"undo", "share", "replay", "new-game", "pace"})

    def __init__(self, setup: Setup, guided: GuidedLesson | None = None) -> None:
        self.setup = setup
        self.game = games.get(setup.game)
        self.guided = guided
        self.seed = setup.seed if setup.seed is not None else new_seed()
        self.key = setup.storage_key(self.seed)
        self.pace_given = setup.pace_ms if setup.pace_given else None
        self.state: GameState | None = None
        self.events: list[tuple[int, Event]] = []  # every event of the game, numbered by move: the log
        self.save: SaveSlot | None = None
        self.lesson: LessonPanel | None = None  # a guided lesson's panel
        self.viewer: int | None = None  # the seat whose view is drawn (the last person to move)
        self.floor = 0  # moves a take-back may not remove (a shared position's or lesson's start)
        self.shared_from: int | None = None  # the moves a shared link opened with
        self.bot_pending = False
        self._bot_wait = None  # (timer id, callback) of the computer move waiting out the pace
        self._thinking = None  # a strong computer's move being worked out, slice by slice
        self._thinking_ply = 0
        self.bell: BellTimer | None = None  # the bell's timer, when the game was dealt with one

    # -- starting ------------------------------------------------------------------------------------

    def open(self) -> None:
        """Resume the saved game for this URL, or open the shared position, or deal a new one."""
        table = self.table
        title = _(self.game.title)
        document.title = _("{game} · BioCards").format(game=title)
        document.getElementById("game-title").textContent = title
        _el("rules-link").href = site_link(f"lessons/rules/{self.game.id}.html")
        if self.guided is not None:
            self.lesson = LessonPanel(self.guided, table.bar)
        else:
            self._remember_seed_in_url()
        if self.setup.moves is not None:
            self._open_shared()
        self.save = SaveSlot(self.key, self.game, len(self.setup.seats))
        try:
            saved = self.save.load()
        except InvalidRecord as exc:
            saved = None
            table.show_error(_("The saved game could not be resumed: {reason} It is kept aside, and a new "
                               "game has started.").format(reason=exc), download=self.save.download_href())
        if saved is not None:
            state, events = saved
            self._restore(state, events, note=_("Welcome back: the saved game resumes after {n} moves.")
                          .format(n=len(state.history)))
        if self.state is None and self.guided is not None:
            self.state = self.guided.start()
            if self.guided.moves:
                table.log.line(_("Guided lesson: {title}. The first {n} moves were played for you.")
                               .format(title=self.guided.title, n=len(self.guided.moves)))
            else:
                table.log.line(_("Guided lesson: {title}.").format(title=self.guided.title))
        elif self.state is None:
            forget_start(self.key)
            try:
                self.state = self.game.new_state(len(self.setup.seats), self.seed, **self.setup.options)
            except ValueError as exc:  # an option the link names wrongly: say so in words
                raise SetupError(_("This link cannot start a game: {reason}").format(reason=exc)) from None
            table.log.line(_("A new game of {game} for {n} players.").format(game=_(self.game.title),
                                                                            n=len(self.setup.seats)))
            self._deal_bell()
        elif self.guided is None:
            self.bell = self._kept_bell()  # a resumed game's bell, if it was dealt with one
        if self.lesson is not None:
            self.floor = len(self.guided.moves)
            self.lesson.reached(self.state)

    def bind(self, on) -> None:
        on(_el("pass-ready"), "click", self._on_pass_ready)
        on(window, "storage", self._on_storage)
        window.biocardsBench = self.table.handler(self._bench, guarded=False)  # it answers build.py bench

    def run(self) -> None:
        self._advance()

    def _kept_bell(self) -> BellTimer | None:
        return BellTimer.from_text(_get(bell_key(self.key)))

    def _deal_bell(self) -> None:
        """A game dealt now gets the bell its link asks for (kept beside the save, so a reload
        before the first move, when there is no save yet, keeps the same deadline)."""
        kept, now = self._kept_bell(), window.Date.now()
        self.bell = timer_for_deal(kept, self.setup.bell, now)
        try:
            if self.bell is None:
                window.localStorage.removeItem(bell_key(self.key))
            elif self.bell != kept:
                window.localStorage.setItem(bell_key(self.key), self.bell.to_text())
        except Exception:  # storage full or refused: the bell still rings for this visit
            pass
        if self.bell is None:
            return
        minutes = minutes_left(self.bell.seconds_left(now))  # (fewer than it was set for, after a reload)
        self.table.log.line(ngettext("The game ends at the bell, in {n} minute.",
                                     "The game ends at the bell, in {n} minutes.", minutes).format(n=minutes))

    def _remember_seed_in_url(self) -> None:
        params = window.URLSearchParams.new(window.location.search)
        if not params.get("seed"):  # absent or empty: write the chosen seed back, or a reload orphans the save
            params.set("seed", str(self.seed))
            window.history.replaceState(None, "", f"?{params.toString()}")

    # -- restoring a record ----------------------------------------------------------------------------

    def _open_shared(self) -> None:
        """A shared link's position: replayed from its moves, or a clear message and a fresh game."""
        try:
            decoded = decode_moves(self.game, len(self.setup.seats), self.seed, self.setup.options,
                                   self.setup.moves, version=self.setup.version)
        except InvalidRecord as exc:
            self.table.show_error(_("This shared link could not be opened: {reason} A new game has started "
                                    "instead.").format(reason=exc))
            self.setup = replace(self.setup, moves=None)
            self.key = self.setup.storage_key(self.seed)
            return
        # The link's moves as a record, replayed once more for the log's events.
        self.state, self.events = replay(self.game, decoded.to_record())
        self.shared_from = self.floor = len(self.state.history)
        self.table.log.events(self.events)
        self.table.log.line(_("A shared position: {n} moves were played before it.").format(n=self.shared_from))

    def _restore(self, state: GameState, events: list[tuple[int, Event]], *, note: str = "") -> None:
        """Make a replayed record the game (a resumed save, a take-back, another tab's game): state
        and log, and the lesson's step."""
        self.state, self.events = state, events
        log = self.table.log
        log.clear()
        log.events(events)
        if note:
            log.line(note)
        if self.lesson is not None:
            self.lesson.reached(state)
        _el("end").hidden = True

    def _follow_other_tab(self, refused: bool = False) -> None:
        """Another tab of this game moved it on: show that game here rather than overwrite it."""
        try:
            saved = self.save.load()
        except InvalidRecord:
            return
        if saved is None:
            return
        self.bot_pending = False
        self._thinking = None
        note = (_("This game was played on in another tab, so your move was not made: this tab now "
                  "shows that game.") if refused else _("This game was played on in another tab; this tab follows it."))
        self._restore(*saved, note=note)
        self._advance()
        _el("status").textContent = note

    def _on_storage(self, event) -> None:
        if event.key == self.key and event.newValue and event.newValue != self.save.seen:
            self._follow_other_tab()

    # -- the turn loop ----------------------------------------------------------------------------------

    def _seat_kind(self, seat: int) -> str:
        return self.setup.seats[seat]

    def position(self) -> Position:
        return self._position(self.state, live=True)

    def _position(self, state: GameState, live: bool) -> Position:
        seat = state.current_player
        here = live and seat is not None and self._seat_kind(seat) == "human"
        result = None
        if state.is_terminal():
            result = Result(state.scores(), state.winners(),
                            [state.score_breakdown(p) for p in range(len(self.setup.seats))], state.tie_break(),
                            bell=state.bell_rung)
        return Position(
            view=state.view(self.viewer if self.setup.humans else None), moves=len(state.history), mover=seat,
            here=here, legal=tuple(state.legal_actions()) if here else (),
            status=None if here or seat is None else _("{player} (computer) is thinking…").format(player=_player(seat)),
            addressee=_player(seat) if seat is not None else "", result=result)

    def _advance(self) -> None:
        """Show the table for whoever moves next; let a computer move after the pace delay."""
        state, table = self.state, self.table
        if table.controls.replay_at is not None:  # stepping through the game: nobody moves
            return
        if state.is_terminal():
            _el("pass-device").hidden = True  # (the bell may end the game while the device is passed)
            table.draw(self.position())
            table.show_end()
            return
        seat = state.current_player
        if self._seat_kind(seat) == "human":
            previous = self.viewer
            self.viewer = seat
            if previous is not None and previous != seat and len(self.setup.humans) > 1:
                table.draw(self.position(), hidden=True)
                _el("pass-text").textContent = _("{player}: hand the device to {next}, then press the button.").format(
                    player=_player(previous), next=_player(seat))
                _el("pass-device").hidden = False
                _el("pass-ready").focus()
                return
            table.draw(self.position())
        else:
            table.draw(self.position())
            if not self.bot_pending:
                self.bot_pending = True
                callback = create_once_callable(table.guard(self._bot_move))
                self._bot_wait = (window.setTimeout(callback, table.controls.pace_ms), callback)
        document.documentElement.dataset.state = "ready"

    def _on_pass_ready(self, _event) -> None:
        _el("pass-device").hidden = True
        self.table.draw(self.position())
        document.documentElement.dataset.state = "ready"

    def pace_changed(self) -> None:
        if self._bot_wait is None:
            return
        timer, callback = self._bot_wait
        window.clearTimeout(timer)
        callback.destroy()
        self._bot_wait = None
        self.bot_pending = False
        self._advance()

    def _bot_move(self, _event=None) -> None:
        self._bot_wait = None
        self.bot_pending = False
        state = self.state
        if state.is_terminal() or self._seat_kind(state.current_player) == "human" \
                or self.table.controls.replay_at is not None:
            return
        seat = state.current_player
        bot = self.game.make_bot(self._seat_kind(seat), seat, self.seed)
        if not hasattr(bot, "think"):
            self.play(bot.choose(state))
            return
        # A searching bot thinks in slices, one per browser turn, so the page stays responsive;
        # its budget is wall-clock time, the same for every move.
        bot.seconds = THINKING_SECONDS
        self._thinking = bot.think(state)
        self._thinking_ply = len(state.history)
        _el("thinking").textContent = _("Computer is thinking…")
        self.bot_pending = True
        window.setTimeout(create_once_callable(self.table.guard(self._think_slice)), 0)

    def _think_slice(self, _event=None) -> None:
        thinking = self._thinking
        if thinking is None or len(self.state.history) != self._thinking_ply \
                or self.table.controls.replay_at is not None:
            # The game moved on (undo, replay, another tab, a rulebook's clock) while the bot
            # thought: drop the thought, and let whoever moves now move (a computer again, maybe).
            self._thinking = None
            self.bot_pending = False
            _el("thinking").textContent = ""
            self._advance()
            return
        try:
            next(thinking)
        except StopIteration as done:
            self._thinking = None
            self.bot_pending = False
            _el("thinking").textContent = ""
            self.play(done.value)
            return
        window.setTimeout(create_once_callable(self.table.guard(self._think_slice)), 0)

    def play(self, action: Action) -> None:
        bar = self.table.bar
        if self.save.moved_on_elsewhere():
            self._follow_other_tab(refused=True)
            return
        if self.lesson is not None and self.lesson.refuses(self.state, action):
            return
        lesson_step = self.lesson is not None and self.lesson.advances(self.state, action)
        mover = self.state.current_player
        try:
            events = self.state.apply(action)
        except IllegalAction as exc:
            _el("status").textContent = str(exc)
            bar.say_refusal(str(exc))
            return
        bar.clear_refusal()
        bar.note_events(mover is None or self._seat_kind(mover) == "human", events)
        numbered = [(len(self.state.history), event) for event in events]
        self.events.extend(numbered)
        self.table.log.events(numbered)
        self.save.write(self.state)
        if lesson_step:
            self.lesson.done_step()
        self._advance()

    def person_to_move(self) -> int | None:
        seat = self.state.current_player if self.state is not None else None
        return seat if seat is not None and self._seat_kind(seat) == "human" else None

    def busy(self) -> bool:
        return self.bot_pending

    def refuse(self, action: Action) -> None:
        self.table.bar.say_refusal(self.reason(action))

    def reason(self, action: Action) -> str:
        return text(self.state.explain_illegal(action))

    def seat_title(self, p: int) -> str:
        """How the result names seat ``p``: "Player 2 (computer, good)"."""
        kind = self._seat_kind(p)
        return _("{player} ({kind})").format(player=_player(p), kind=_(SEAT_NAMES.get(kind, kind)))

    def recent_lead(self, count: int) -> str:
        return _("The computer just: ") if count == 1 else _("The computers just: ")

    # -- the controls ----------------------------------------------------------------------------------

    def hints_allowed(self) -> bool:
        return True

    def ask_hint(self) -> None:
        step = self.lesson.current(self.state) if self.lesson is not None else None
        if step is not None:
            # The step's own words, and its move lit up on the table, so a stuck student can go on.
            words = step.hint or step.say
            move = self.lesson.hinted_move(self.state)
            key = move.key if move is not None else None
        else:
            # The same budget as the strong computer's move, so a hint never keeps a student waiting.
            hint = suggest(self.state, self.seed + len(self.state.history), seconds=THINKING_SECONDS)
            words, key = hint.reason, hint.action.key
        self.table.controls.show_hint(words, key)
        window.localStorage.setItem(f"{self.key}:hints", str(self.hints_used() + 1))

    def hints_used(self) -> int:
        stored = _get(f"{self.key}:hints")
        return int(stored) if stored and stored.isdigit() else 0

    def take_back(self):
        humans = self.setup.humans
        if not humans:
            return None, _("Only a person's moves can be taken back.")
        verdict = take_back(self.game, self.state.to_record(), set(humans), own_turn_only=len(humans) > 1,
                            floor=self.floor)
        return verdict, text(verdict.reason)

    def undo(self, verdict) -> None:
        state, events = replay(self.game, without_last(self.state.to_record(), verdict.moves))
        self._restore(state, events, note=ngettext("Taken back: {n} move.", "Taken back: {n} moves.",
                                                   verdict.moves).format(n=verdict.moves))
        self.save.write(self.state)
        self._advance()

    def share_url(self) -> str:
        """A link to this exact position: game, options, seats, seed and the moves so far."""
        params = window.URLSearchParams.new()
        params.set("game", self.game.id)
        params.set("seats", ",".join(self.setup.seats))
        params.set("seed", str(self.seed))
        for name, value in self.state.options.items():
            if value != self.game.options.get(name):
                params.set(f"opt-{name}", str(value).lower() if isinstance(value, bool) else str(value))
        params.set("moves", encode_moves(self.state))
        params.set("v", str(self.game.version))  # the rules version, as a record carries it
        base = str(window.location.href).split("?")[0].split("#")[0]
        return f"{base}?{params.toString()}"

    def replay_open(self) -> bool:
        return self.state.is_terminal() or self.shared_from is not None

    def position_at(self, moves: int) -> Position:
        record = self.state.to_record()
        record["actions"] = record["actions"][:moves]
        return self._position(self.game.load(record), live=False)

    def numbered_events(self) -> list[tuple[int, Event]]:
        return self.events

    def resume(self) -> None:
        self._advance()
        if self.state.is_terminal():
            _el("end").hidden = False

    def in_progress(self) -> bool:
        return self.state is not None and not self.state.is_terminal() and bool(self.state.history)

    def new_game(self) -> None:
        """Discard this game and deal the next one (the same prepared position in a lesson); the
        link's bell, if any, gives the next game a timer of its own."""
        self.save.clear()
        window.localStorage.removeItem(f"{self.key}:hints")
        window.localStorage.removeItem(bell_key(self.key))
        if self.guided is not None:  # the same prepared position again
            window.location.reload()
            return
        params = window.URLSearchParams.new(window.location.search)
        params.set("seed", str(new_seed()))
        params.delete("moves")  # a new game of its own, not the shared position again
        window.location.search = params.toString()

    # -- a rulebook's clock ------------------------------------------------------------------------------

    def running_clock(self) -> dict | None:
        """The view's clock, while people play and the game is not being replayed."""
        if self.state is None or not self.setup.humans or self.table.controls.replay_at is not None:
            return None
        return self.state.view(None).get("clock")

    def seconds_left(self, clock: dict) -> float:
        return clock["seconds"] - (window.Date.now() - remembered_start(self.key, clock["turn"])) / 1000

    def time_up(self, kind: str) -> None:
        """Play the clock's move once it is legal (a choice outside the talks is answered first)."""
        action = next((a for a in self.state.legal_actions() if a.kind == kind), None)
        if action is not None:
            self.play(action)

    # -- the bell ----------------------------------------------------------------------------------------

    def bell_left(self) -> float | None:
        state = self.state
        if self.bell is None or state is None or state.bell_rung or state.is_terminal() \
                or self.table.controls.replay_at is not None:
            return None
        return self.bell.seconds_left(window.Date.now())

    def bell_finishing(self) -> bool:
        return self.state is not None and self.state.bell_rung and not self.state.is_terminal()

    def ring_bell(self) -> None:
        """The timer ran out: the game ends at the bell, as its rules end it (at once, or once the
        round in progress is over: the computers and the people at the table play it out). Its
        events go to the log and the record, as a move's do."""
        if self.save.moved_on_elsewhere():  # another tab of this game may have rung it already
            self._follow_other_tab()
            return
        try:
            events = self.state.ring_bell()
        except IllegalAction:  # the game is over already
            return
        numbered = [(len(self.state.history), event) for event in events]
        self.events.extend(numbered)
        self.table.log.events(numbered)
        self.save.write(self.state)
        if not _el("pass-device").hidden and not self.state.is_terminal():
            return  # the next person's table is drawn when they are ready, with the bell's news
        self._advance()

    def _bench(self, moves=300, bot="greedy"):
        """Median milliseconds of one decision of ``bot`` over its own games of this table's game,
        timed inside the page (for ``build.py bench``); the search bot gets the page's budget."""
        from ..bots.timing import bot_move_ms

        seconds = THINKING_SECONDS if bot == "search" else None
        return bot_move_ms(self.game, len(self.setup.seats), int(moves), str(bot), seconds)
