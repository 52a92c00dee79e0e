"""Classes, tables and the referee: the engine decides every move a student sends.

Plain Python over the engine contract and the store, with no networking: ``app.py`` turns frames
(defined in ``biocards/protocol.py``) into calls here and sends each seat what
:meth:`Classroom.frame` gives it. Every position a page
is sent is ``state.view(seat)`` (``view(None)`` for a spectator), so no page ever holds another
seat's hidden cards, a deck's order or a future roll.

A frame in: :meth:`Classroom.play` (a student's move), :meth:`~Classroom.play_for_computer`,
:meth:`~Classroom.play_clock`, :meth:`~Classroom.check_hint`, :meth:`~Classroom.note` (for the
report), :meth:`~Classroom.join` and the teacher's calls. Each checks, then stores (all of a change
in one transaction), then changes memory: a store that fails raises :class:`NotSaved`, a
:class:`Refusal` whose sentence the asker reads, and nothing is half made. A frame out:
:meth:`Classroom.frame` per seat. The store (and its clock) is an argument, so tests hand it a
real SQLite file in a temporary folder, a fake clock, or a disk that fills up.
"""

from __future__ import annotations

import logging
import re
import secrets
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .. import games, i18n
from ..core import BELL, LEVELS, Action, Event, IllegalAction, InvalidRecord
from ..core.game import GameState
from ..core.links import link_options
from ..i18n import N_, Message, lazy_gettext, message, pmessage
from .store import Store, TableRow, failure_cause

log = logging.getLogger(__name__)

CODE_LETTERS = "ACDEFHJKMNPRTWXY3479"
"""Join codes use no look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B, U/V)."""
CODE_LENGTH = 5
NAME_LIMIT = 24
CLASS_OPTIONS = {"trade_minute": N_("One minute to negotiate each turn (the rulebook's timer)"),
                 "short": N_("Short game (the game's format for a class period)")}
"""Options a teacher may set for a whole class, offered for the games that have them (the rest of
a game's options keep older rules for old records and are not a teacher's choice)."""


def class_options(game) -> dict[str, str]:
    """The class settings ``game`` offers, with the words the teacher's page shows (in English, marked
    for the catalog: the teacher's page reads them in its language)."""
    return {name: words for name, words in CLASS_OPTIONS.items() if name in game.options}


class Refusal(Exception):
    """A frame the referee will not act on; its message goes back to the one page that sent it,
    written in that page's language (a :class:`~biocards.i18n.Message`, or an engine's str)."""

    @property
    def text(self) -> str | Message:
        """The sentence, still to be written in the reader's language."""
        return self.args[0] if self.args else ""


class NotSaved(Refusal):
    """The record could not be written (a full disk, a read-only file): nothing was changed, and the
    message says so to whoever asked, the student or the teacher."""


COMPUTER_NAMES = {"random": N_("Computer (beginner)"), "greedy": N_("Computer (good)"),
                  "search": N_("Computer (strong)")}
"""How a computer's seat is named, for each level (:func:`computer_name`: the record keeps the English;
a page reads it in its language)."""
PLAYER = N_("Player {n}")
"""How the engines' sentences name a seat (their ``message("Player {n}", n=…)``): a name no student
may take, in any language."""


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", unicodedata.normalize("NFKC", text).casefold()))


def _imitations() -> re.Pattern:
    """Names a student may not take, in every language the server speaks (matched on the name's
    words, in lower case): how the class names its computers ("Computer (strong)", "Computadora
    (fuerte)", and their levels) and how the log names a seat ("Player 2", "Jugador 2")."""
    starts = {*LEVELS, *LEVELS.values()}
    for lang in i18n.languages():
        catalog = i18n.translations(lang)
        for name in COMPUTER_NAMES.values():
            starts.update(_words(catalog.gettext(name)).split())
        seat = _words(catalog.gettext(PLAYER).replace("{n}", " 0 "))
        starts.add(re.escape(seat).replace("0", r"\d+") if seat else r"player \d+")
    return re.compile("(%s)\\b.*" % "|".join(sorted(word for word in starts if word)))


IMITATIONS = _imitations()


def clean_name(raw: object) -> str:
    """A first name as plain text: control characters out, spaces folded, at most 24 characters, and
    not one that passes for a computer or another seat."""
    if not isinstance(raw, str):
        raise Refusal(message("Type your first name."))
    text = "".join(ch for ch in unicodedata.normalize("NFC", raw) if unicodedata.category(ch)[0] != "C")
    text = re.sub(r"\s+", " ", text).strip()[:NAME_LIMIT].strip()
    if not text:
        raise Refusal(message("Type your first name."))
    if IMITATIONS.fullmatch(_words(text)):
        raise Refusal(message("Choose your own first name: “{name}” is how the class names a computer or another "
                              "seat.", name=text))
    return text


_SEAT = re.compile(r"\bPlayer (\d+)\b")
"""How an engine's sentence written as a str names a seat."""
_HANDED = re.compile(r"(Computer \([^()]*\)) for (.*)")
"""A seat the teacher handed to a computer, as the record names it (:meth:`Classroom.hand_to_computer`)."""
NOBODY = N_("nobody")


def computer_name(kind: str) -> str:
    """A computer's name as the record keeps it (English; :func:`shown_name` reads it in a language)."""
    return f"Computer ({LEVELS.get(kind, kind)})"


def shown_name(name: str, kind: str) -> str | Message:
    """A seat's name as a page shows it: a student's as typed; a computer's (recorded in English)
    as a :class:`Message` read in each page's language."""
    if kind == "human" or not name:
        return name
    handed = _HANDED.fullmatch(name)
    if handed:
        student = handed[2]
        return message("{computer} for {student}", computer=lazy_gettext(handed[1]),
                       student=lazy_gettext(NOBODY) if student == NOBODY else student)
    return lazy_gettext(name)


def with_names(text: str | Message, names: list) -> str | Message:
    """An engine's sentence with each seat called as the class calls it ("Ben bought Insert", not
    "Player 2 bought Insert"), in whatever language it is read: a "Player {n}" inside a Message is
    swapped for the name, and a str (an engine's sentence not yet a Message) has its "Player 2"
    replaced."""
    if isinstance(text, str):
        return _SEAT.sub(lambda m: str(names[int(m[1]) - 1]) if 0 < int(m[1]) <= len(names) and names[int(m[1]) - 1]
                         else m[0], text)
    if not isinstance(text, Message):
        return text
    seat = text.params.get("n")
    if text.id == PLAYER and isinstance(seat, int) and 0 < seat <= len(names) and names[seat - 1]:
        return names[seat - 1]
    if not text.params:
        return text
    params = {key: with_names(value, names) if isinstance(value, (str, Message)) else value
              for key, value in text.params.items()}
    return Message(text.id, params, context=text.context, plural=text.plural, n=text.n)


def _text(value: object, limit: int) -> bool:
    return isinstance(value, str) and 0 < len(value) <= limit


def _count(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


_NOTES = {
    "why": lambda d: set(d) == {"concept"} and _text(d["concept"], 60),
    "hint": lambda d: set(d) == {"move"} and _count(d["move"], 0, 1_000_000),
    "answer": lambda d: set(d) == {"lesson", "question", "right", "of"} and _text(d["lesson"], 80)
    and _text(d["question"], 80) and isinstance(d["right"], bool) and _count(d["of"], 1, 20),
}
"""What the report may be told a student did, and the shape of each note's detail."""


@dataclass
class ClassInfo:
    code: str
    game: str
    size: int
    level: str
    suggest: bool = False
    ended: bool = False
    options: dict = field(default_factory=dict)
    """Options every table of the class is dealt with (from :data:`CLASS_OPTIONS`)."""
    owner: int | None = None
    """The teacher whose class it is (``None``: the administrator's, as every class of a class file
    from before a school's teachers had keys of their own)."""


class ClassTable:
    """One table: its seats and, once it starts, the game the engine referees."""

    def __init__(self, row: TableRow, game_id: str, clock: Callable[[], float] = time.time) -> None:
        self.row = row
        self._now = clock  # the record's clock (``clock()`` is the rulebook's)
        self.game = games.get(game_id)
        self.state: GameState | None = None
        self.log: list[tuple[int, Event]] = []
        """Every event so far, with the number of the move that made it (0: the deal)."""
        self.movers: list[int | None] = []
        """The seat that made each move (the report credits a move's events to its maker)."""
        self.put_back: set[int] = set()
        """Numbers of the moves that were choices put back: a card chosen then cancelled (Translation's
        play … cancel), an offer started then cancelled (NUCLEO's propose … cancel), and the cancel
        itself. They are stored and replayed like any move, but counted as no one's move."""
        self._choices: list[tuple[tuple, tuple]] = []  # each move's choices open (pending) before and after
        self.paused = False
        self._summary: tuple[tuple, dict] | None = None  # (what it was made from, the row)

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def moves(self) -> int:
        return len(self.state.history) if self.state is not None else 0

    def begin(self) -> None:
        """Deal the game and replay the stored moves (a server starting again resumes here).

        A table dealt under older rules replays with the options that keep them, as a save does. A
        file from before tables recorded their rules version replays under the first rules, newest
        first, that accept every stored move; if none does, the table ends where the moves stop."""
        row, game = self.row, self.game
        versions = [row.version] if row.version is not None else [game.version, *sorted(game.old_versions, reverse=True)]
        for version in versions:
            try:
                self._replay(link_options(game, version, row.options))
                return
            except (IllegalAction, InvalidRecord, ValueError):
                continue
        self._replay(dict(row.options), stop_at_refusal=True)
        row.ended = row.ended or self._now()  # in memory only: the stored record stays as it was

    def _replay(self, options: dict, stop_at_refusal: bool = False) -> None:
        row = self.row
        self.state = self.game.new_state(len(row.seats), row.seed, **options)
        self.log, self.movers, self.put_back, self._choices = [], [], set(), []
        for data in row.moves:
            try:
                self._step(Action.from_json(data))
            except IllegalAction:
                if not stop_at_refusal:
                    raise
                return

    def _step(self, action: Action) -> list[tuple[int, Event]]:
        """Apply ``action`` and keep the table's books: its events, its maker, the choices put back.
        The one way a move reaches the state, live or replayed."""
        state, number = self.state, len(self.state.history) + 1
        mover, before = self._maker(action), tuple(getattr(state, "pending", ()))
        happened = [(number, e) for e in state.apply(action)]  # IllegalAction: nothing kept
        self.movers.append(mover)
        self._choices.append((before, tuple(getattr(state, "pending", ()))))
        if action.kind == "cancel" and before:
            self.put_back.update(self._cancelled(number))
        self.log.extend(happened)
        return happened

    def _cancelled(self, number: int) -> list[int]:
        """The moves a cancel (move ``number``) put back: itself, and back from it the same seat's
        moves that built the choice it cancelled, to the move that opened it. A step of a choice
        replaces the open choice with the next one (NUCLEO's offer: whom, what to give, what to ask);
        the opening move adds a choice to those already open, or replaces another seat's (a chance
        to counter), and a move by another seat is never part of it."""
        seat, choice = self.movers[number - 1], self._choices[number - 1][0][-1]
        taken = [number]
        for earlier in range(number - 1, 0, -1):
            before, after = self._choices[earlier - 1]
            if self.movers[earlier - 1] != seat or not after or after[-1] is not choice:
                break
            taken.append(earlier)
            if any(open_ is choice for open_ in before):
                continue  # an answer that kept the choice open as it was
            replaced = before[-1] if before and not any(before[-1] is open_ for open_ in after) else None
            if replaced is None or replaced.player != seat:
                break  # the move that opened the choice
            choice = replaced
        return taken

    def credited(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s own moves: not the clock's, not choices put back."""
        return [n for n, mover in enumerate(self.movers, start=1) if mover == seat and n not in self.put_back]

    @property
    def counted_moves(self) -> int:
        """Moves as the teacher counts them: every move but the choices put back."""
        return self.moves - len(self.put_back)

    @property
    def shown_names(self) -> list[str | Message]:
        """Each seat's name as pages show it (:func:`shown_name`)."""
        return [shown_name(name, kind) for name, kind in zip(self.row.names, self.row.seats)]

    def named(self, text: str | Message) -> str | Message:
        """An engine's sentence with each seat called as the class calls it (:func:`with_names`), as
        the end screen names players; still a Message, written in each reader's language."""
        return with_names(text, self.shown_names)

    def _maker(self, action: Action) -> int | None:
        """Who made ``action``: the seat to move, except for the move a rulebook's clock plays
        when time is up and the teacher's bell, which are nobody's (the report does not credit them
        to a student)."""
        if action.kind == BELL:
            return None
        clock = self._running_clock()
        return None if clock and action.kind == clock["plays"] else self.state.current_player

    def bell_ends_it(self) -> bool | None:
        """What the teacher's End does here: ``None``, nothing to ring (no game yet, or it is over);
        True, the bell ends the game at once; False, the round in progress is finished first
        (docs/rules-decisions.md › All games › Play to the bell). Asked of a copy: the bell is
        stored before the table hears it, as every move is."""
        state = self.state
        if state is None or state.is_terminal():
            return None
        probe = state.clone()
        probe.ring_bell()
        return probe.is_terminal()

    def clock(self) -> dict | None:
        """The rulebook's clock while it runs and the table plays on (``{"seconds", "turn", "plays"}``)."""
        return None if self.state is None or self.row.ended else self._running_clock()

    def _running_clock(self) -> dict | None:
        # Only a table dealt with a class's clock setting can have one: others skip the view.
        if not any(self.row.options.get(name) for name in CLASS_OPTIONS) or self.state.is_terminal():
            return None
        return self.state.view(None).get("clock")

    def check_move(self, seat: int, data: object, at: object) -> Action:
        """The legal move ``data`` stands for, made by ``seat`` on move ``at``, or a :class:`Refusal`
        that says why not in a sentence the student understands."""
        state = self.state
        if state is None:
            raise Refusal(message("The game has not started yet: wait for the other players."))
        if self.row.ended or state.is_terminal():
            raise Refusal(message("This game is over."))
        if self.paused:
            raise Refusal(message("Your teacher has paused this table."))
        if at != len(state.history):
            raise Refusal(message("The table moved on before your move arrived: look again and choose."))
        try:
            action = Action.from_json(data)
        except (ValueError, TypeError):
            raise Refusal(message("That move could not be read.")) from None
        if state.current_player != seat:
            raise Refusal(message("It is not your turn: wait for the player whose turn it is."))
        legal = state.legal_actions()
        if action not in legal:
            raise Refusal(state.explain_illegal(action))
        return legal[legal.index(action)]

    def apply(self, action: Action) -> list[tuple[int, Event]]:
        """Make a checked move (stored by the caller first) and log its events."""
        try:
            return self._step(action)
        except IllegalAction as exc:  # check_move said it was legal: a bug, never a silent loss
            raise Refusal(exc.args[0] if exc.args else str(exc)) from None

    def away(self, here: Collection[int | None]) -> set[int]:
        """Students' seats with no page among ``here`` (the seats whose pages are connected)."""
        return {i for i, kind in enumerate(self.row.seats) if kind == "human" and i not in here}

    def clock_move(self) -> Action | None:
        """The move the rulebook's clock plays when its time is up, if the table can take it now
        (``None`` while a choice outside the talks is waiting: the clock's move follows it)."""
        clock = self.clock()
        if clock is None:
            return None
        return next((a for a in self.state.legal_actions() if a.kind == clock["plays"]), None)

    def computer_to_move(self) -> int | None:
        state = self.state
        if state is None or self.paused or self.row.ended or state.is_terminal():
            return None
        seat = state.current_player
        return seat if self.row.seats[seat] != "human" else None

    # -- what a page is sent ---------------------------------------------------------------------

    def frame(self, seat: int | None, since: int | None = None) -> dict:
        """The position as ``seat`` may see it (``None``: a spectator), its legal moves when it is
        that seat's turn, and the log: whole, or only moves after ``since``."""
        state, row = self.state, self.row
        names = self.shown_names
        frame = {"type": "position", "table": row.number, "seat": seat, "game": self.game.id,
                 "seats": row.seats, "names": names, "moves": self.moves, "paused": self.paused,
                 "ended": bool(row.ended)}
        if state is None:
            return {**frame, "type": "waiting", "size": len(row.seats),
                    "seated": [n for n, k in zip(row.names, row.seats) if n]}
        frame["view"] = state.view(seat)
        frame["current"] = state.current_player
        frame["terminal"] = state.is_terminal()
        mine = seat is not None and state.current_player == seat and not self.paused and not row.ended
        frame["legal"] = [{"action": a.to_json(), "label": a.label} for a in state.legal_actions()] if mine else []
        # Event texts are the public log (the same lines every player reads at the table); their
        # data, which can name what a draw brought, never leaves the server. Labels and texts stay
        # Messages here: the socket's encoding writes them in its page's language.
        frame["events"] = [{"move": n, **e.to_json(public=True, text=with_names(e.message, names))}
                           for n, e in self.log if since is None or n > since]
        frame["whole_log"] = since is None
        frame["bell"] = state.bell_rung  # the teacher's bell has rung: the game ends, or ends with this round
        if frame["terminal"]:
            frame["scores"] = state.scores()
            frame["winners"] = state.winners()
            frame["breakdown"] = [state.score_breakdown(p) for p in range(len(row.seats))]
            frame["tie_break"] = state.tie_break()
        return frame

    def summary(self, away: set[int]) -> dict:
        """One row of the teacher's list. Kept until the table changes: every teacher page asks for
        every table every 2 s, and scoring a position (Peptide's best matches) is the costly part."""
        state, row = self.state, self.row
        made_from = (self.moves, self.started, self.paused, row.ended, tuple(row.seats), tuple(row.names),
                     frozenset(away))
        if self._summary is not None and self._summary[0] == made_from:
            return self._summary[1]
        last = self.named(self.log[-1][1].message) if self.log else ""
        summary = {"id": row.id, "number": row.number, "moves": self.counted_moves, "started": self.started,
                   "ended": bool(row.ended) or (state is not None and state.is_terminal()), "paused": self.paused,
                   "seats": [{"name": name, "kind": kind, "away": i in away}
                             for i, (name, kind) in enumerate(zip(self.shown_names, row.seats))],
                   "current": state.current_player if state is not None else None,
                   "round": state.view(None).get("round") if state is not None else None,
                   "scores": state.scores() if state is not None else [],
                   "bell": state is not None and state.bell_rung,
                   "last": last}
        self._summary = (made_from, summary)
        return summary


class Classroom:
    """Every class on this server, with its tables and students, kept in step with the store."""

    def __init__(self, store: Store, rng: secrets.SystemRandom | None = None) -> None:
        self.store = store
        self.rng = rng or secrets.SystemRandom()
        self.classes: dict[str, ClassInfo] = {}
        self.tables: dict[int, ClassTable] = {}
        self.seats: dict[str, tuple[int, int]] = {}  # seat token -> (table id, seat)
        self._load()

    def _load(self) -> None:
        for info in self.store.classes():
            self.classes[info["code"]] = ClassInfo(info["code"], info["game"], info["size"], info["level"],
                                                   bool(info["suggest"]), info["ended"] is not None, info["options"],
                                                   info["owner"])
        for row in self.store.tables():
            table = self.tables[row.id] = ClassTable(row, self.classes[row.class_code].game, self.store.clock)
            if row.started is not None:
                table.begin()
        for student in self.store.students():
            table = self.tables.get(student["table_id"])
            if table is not None and table.row.seats[student["seat"]] == "human":  # not handed to a computer
                self.seats[student["token"]] = (student["table_id"], student["seat"])

    # -- the teacher's side -------------------------------------------------------------------------

    def create_class(self, game_id: str, size: int, level: str, options: object = None,
                     owner: int | None = None) -> ClassInfo:
        try:
            game = games.get(game_id)
        except KeyError:
            raise Refusal(message("There is no game called {game} here.", game=repr(game_id))) from None
        title = lazy_gettext(game.title)
        if game.render is None:
            raise Refusal(message("{game} cannot be played on a screen yet.", game=title))
        low = game.fewest_players
        if not isinstance(size, int) or not low <= size <= game.max_players:
            raise Refusal(message("{game} is for {low}–{high} players at a table.", game=title, low=low,
                                  high=game.max_players))
        if level not in LEVELS:
            raise Refusal(message("Choose the computers' level: beginner, good or strong."))
        options = {} if options is None else options
        if not isinstance(options, dict) or any(name not in class_options(game) or not isinstance(on, bool)
                                                for name, on in options.items()):
            raise Refusal(message("Those are not settings a class of {game} can have.", game=title))
        options = {name: on for name, on in options.items() if on}
        code = self._new_code()
        with self._saving(pmessage("could not save", "the new class")):
            self.store.add_class(code, game.id, size, level, options, owner)
        info = self.classes[code] = ClassInfo(code, game.id, size, level, options=options, owner=owner)
        return info

    @contextmanager
    def _saving(self, what: Message, student: bool = False) -> Iterator[None]:
        """Store a change, all of it or none, before memory hears of it. A write that fails (a full
        disk, a read-only file) becomes a :class:`NotSaved` sentence for whoever asked: a student
        is told to tell the teacher, the teacher is told why."""
        try:
            with self.store.saving():
                yield
        except sqlite3.Error as exc:
            log.warning("Could not save %s: %s", what, exc)
            cause = message("tell your teacher") if student else lazy_gettext(failure_cause(exc))
            raise NotSaved(message("The class server could not save {what}: {cause}.", what=what, cause=cause)) from None

    def _new_code(self) -> str:
        while True:
            code = "".join(self.rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.classes:
                return code

    def tables_of(self, code: str) -> list[ClassTable]:
        return sorted((t for t in self.tables.values() if t.row.class_code == code), key=lambda t: t.row.number)

    def start_table(self, table_id: int) -> ClassTable:
        """Start a table now, computers of the class's level in its empty seats."""
        table = self.tables.get(table_id)
        if table is None:
            raise Refusal(message("There is no such table."))
        if table.started:
            raise Refusal(message("That table has already started."))
        level = self.classes[table.row.class_code].level
        row = table.row
        seats = [kind if name else level for kind, name in zip(row.seats, row.names)]
        names = [name or computer_name(level) for name in row.names]
        with self._saving(pmessage("could not save", "table {n}'s start", n=row.number)):
            started = self.store.start_table(row.id, seats, names)
        self._start(table, seats, names, started)
        return table

    @staticmethod
    def _start(table: ClassTable, seats: list[str], names: list[str], started: float) -> None:
        """A table the store has recorded as started: seat it and deal."""
        table.row.seats[:], table.row.names[:], table.row.started = seats, names, started
        table.begin()

    def set_paused(self, table_id: int, paused: bool) -> ClassTable:
        table = self.tables[table_id]
        table.paused = paused
        return table

    def end_table(self, table_id: int) -> ClassTable:
        """The teacher's End: the bell rings at the table (docs/rules-decisions.md › All games › Play
        to the bell). The game ends as its rulebook ends it, scored from the position, or finishes
        the round in progress first (the table plays on, unpaused, until it is over); End again
        during that round stops it where it stands. A table with no game going is simply ended."""
        table = self.tables[table_id]
        with self._saving(pmessage("could not save", "the end of table {n}", n=table.row.number)):
            rings, ended = self._store_bell(table)
        self._hear_bell(table, rings, ended)
        return table

    def end_class(self, code: str) -> list[ClassTable]:
        """End the class (no one can join it any more) and ring the bell at every table, as
        :meth:`end_table` does: all of it stored in one transaction, or none."""
        tables = self.tables_of(code)
        with self._saving(pmessage("could not save", "the end of the class")):
            bells = [self._store_bell(t) for t in tables]
            self.store.end_class(code)
        for table, (rings, ended) in zip(tables, bells):
            self._hear_bell(table, rings, ended)
        self.classes[code].ended = True
        return tables

    def _store_bell(self, table: ClassTable) -> tuple[bool, float | None]:
        """Inside a transaction: store the bell as the table's next move (credited to no one) and,
        when it ends the game or there is no game to ring, the table's end. Returns whether the
        bell rings and the end's time (``None``: the table plays on to the end of its round)."""
        ends = table.bell_ends_it()
        if ends is not None:
            self.store.add_move(table.id, table.moves + 1, Action(BELL).to_json())
        return ends is not None, self.store.end_table(table.id) if ends is not False else None

    @staticmethod
    def _hear_bell(table: ClassTable, rings: bool, ended: float | None) -> None:
        """What :meth:`_store_bell` stored, now in memory."""
        if rings:
            table.apply(Action(BELL))
            if ended is None:
                table.paused = False  # the round is played to its end
        if ended is not None:
            table.row.ended = table.row.ended or ended

    def hand_to_computer(self, table_id: int, seat: int) -> ClassTable:
        """An empty or abandoned seat is played by a computer of the class's level from now on."""
        table = self.tables[table_id]
        row = table.row
        if not 0 <= seat < len(row.seats) or row.seats[seat] != "human":
            raise Refusal(message("That seat is not a student's."))
        level = self.classes[row.class_code].level
        seats, names = list(row.seats), list(row.names)
        seats[seat], names[seat] = level, f"{computer_name(level)} for {row.names[seat] or NOBODY}"
        with self._saving(pmessage("could not save", "the computer's seat")):
            self.store.update_seats(row.id, seats, names)
        row.seats[:], row.names[:] = seats, names
        for token, place in list(self.seats.items()):
            if place == (table_id, seat):
                del self.seats[token]  # the token acts no more; the student stays in the report
        return table

    def move_student(self, table_id: int, seat: int, to_table: int) -> tuple[ClassTable, ClassTable]:
        """Move a seated student to a free seat at another table of the class, before either starts."""
        table, target = self.tables.get(table_id), self.tables.get(to_table)
        if table is None or target is None or target.row.class_code != table.row.class_code or target is table:
            raise Refusal(message("Choose another table of the same class."))
        if table.started or target.started:
            raise Refusal(message("A student can move only between tables that have not started."))
        if not 0 <= seat < len(table.row.names) or not table.row.names[seat]:
            raise Refusal(message("That seat is empty."))
        if "" not in target.row.names:
            raise Refusal(message("Table {n} is full.", n=target.row.number))
        free = target.row.names.index("")
        names_from, names_to = list(table.row.names), list(target.row.names)
        names_to[free], names_from[seat] = names_from[seat], ""
        token = next(t for t, place in self.seats.items() if place == (table_id, seat))
        with self._saving(pmessage("could not save", "the student's new seat")):
            self.store.update_seats(table.id, table.row.seats, names_from)
            self.store.update_seats(target.id, target.row.seats, names_to)
            self.store.move_student(token, to_table, free)
            started = self.store.start_table(target.id, target.row.seats, names_to) if "" not in names_to else None
        table.row.names[:], target.row.names[:] = names_from, names_to
        self.seats[token] = (to_table, free)
        if started is not None:
            self._start(target, list(target.row.seats), names_to, started)
        return table, target

    def set_suggest(self, code: str, on: bool) -> None:
        with self._saving(pmessage("could not save", "the Suggest a move switch")):
            self.store.set_suggest(code, on)
        self.classes[code].suggest = on

    def delete_class(self, code: str) -> list[int]:
        """Forget a class: its rows go from the store. Returns the ids of the tables it had."""
        gone = [t.id for t in self.tables_of(code)]
        with self._saving(pmessage("could not save", "the class's deletion")):
            self.store.delete_class(code)
        self.classes.pop(code, None)
        for table_id in gone:
            self.tables.pop(table_id, None)
        for token, (table_id, _seat) in list(self.seats.items()):
            if table_id in gone:
                del self.seats[token]
        return gone

    # -- the students' side ---------------------------------------------------------------------------

    def join(self, code: object, name: object) -> tuple[str, ClassTable, int]:
        """Seat a student at the class's open table (a new one when all are full); a table that
        fills up starts. Returns the student's seat token, table and seat. Everything is stored,
        in one transaction, before this server's memory changes: a full disk seats no one."""
        info = self.classes.get(str(code).strip().upper()) if isinstance(code, str) else None
        if info is None or info.ended:
            raise Refusal(message("No class has that code: check it with your teacher."))
        name = clean_name(name)
        table = next((t for t in self.tables_of(info.code) if not t.started and "" in t.row.names), None)
        token = secrets.token_urlsafe(16)  # 128 bits
        with self._saving(pmessage("could not save", "your seat"), student=True):
            if table is None:
                row = self._new_table_row(info)
                row.id = self.store.add_table(info.code, row.number, row.seed, row.options, row.seats, row.names,
                                              row.version)
            else:
                row = table.row
            seat = row.names.index("")
            names = [name if i == seat else n for i, n in enumerate(row.names)]
            self.store.update_seats(row.id, row.seats, names)
            self.store.add_student(token, info.code, row.id, seat, name)
            started = self.store.start_table(row.id, row.seats, names) if "" not in names else None
        if table is None:
            table = self.tables[row.id] = ClassTable(row, info.game, self.store.clock)
        row.names[:] = names
        self.seats[token] = (table.id, seat)
        if started is not None:
            self._start(table, list(row.seats), names, started)
        return token, table, seat

    def _new_table_row(self, info: ClassInfo) -> TableRow:
        """The next table of a class, dealt but not yet stored (its id comes from the store)."""
        game = games.get(info.game)
        # Fewer seats than the printed minimum is the game's marked variant (docs/rules-decisions.md › All games).
        options = {"variant": True} if info.size < game.min_players else {}
        options.update(info.options)
        seed = self.rng.getrandbits(64)  # all of Rng's state: no seed search can find the deal
        return TableRow(0, info.code, len(self.tables_of(info.code)) + 1, seed, options,
                        ["human"] * info.size, [""] * info.size, version=game.version)

    # -- what a page is sent, and what a seat may ask besides moves ---------------------------------

    def frame(self, table: ClassTable, seat: int | None, since: int | None = None, *,
              here: Collection[int | None] = (), clock_left: float | None = None) -> dict:
        """Everything a page at ``table`` is sent: ``seat``'s position (:meth:`ClassTable.frame`),
        who is away (``here``: the seats whose pages are connected), whether the class may ask for
        a suggested move, and the seconds left on the rulebook's clock."""
        frame = table.frame(seat, since)
        frame["away"] = sorted(table.away(here))
        frame["suggest"] = self.classes[table.row.class_code].suggest
        if clock_left is not None:
            frame["clock_left"] = clock_left
        return frame

    def check_hint(self, table: ClassTable, seat: int) -> None:
        """A :class:`Refusal` unless ``seat`` may have a move suggested now."""
        if not self.classes[table.row.class_code].suggest:
            raise Refusal(message("Your teacher has switched Suggest a move off."))
        state = table.state
        if state is None or state.current_player != seat or state.is_terminal() or table.paused or table.row.ended:
            raise Refusal(message("A move can be suggested on your turn."))

    def note(self, token: object, kind: str, detail: object) -> None:
        """Keep, for the report, something a student did besides moving: ``"why"`` {concept} (a Why?
        opened), ``"hint"`` {move} (a move suggested) or ``"answer"`` {lesson, question, right, of}
        (a check-yourself question). A :class:`Refusal` if the token holds no seat or the detail
        cannot be read; :class:`NotSaved` if the record cannot be written."""
        if not isinstance(token, str) or token not in self.seats:
            raise Refusal(message("No class seat on this device."))
        if not isinstance(detail, dict) or not _NOTES.get(kind, lambda _d: False)(detail):
            raise Refusal(message("That could not be read."))
        with self._saving(pmessage("could not save", "what you did"), student=True):
            self.store.add_activity(token, kind, detail)

    def seat_of(self, token: object) -> tuple[ClassTable, int]:
        place = self.seats.get(token) if isinstance(token, str) else None
        if place is None or place[0] not in self.tables:
            raise Refusal(message("This device's seat is no longer in a class: join again with your teacher's code."))
        return self.tables[place[0]], place[1]

    def play(self, table: ClassTable, seat: int, data: object, at: object) -> list[tuple[int, Event]]:
        """Referee one move: check it, store it, then apply it. A move is stored before anyone is
        told of it, and the store refuses a move number twice."""
        action = table.check_move(seat, data, at)
        with self._saving(pmessage("could not save", "your move"), student=True):
            self.store.add_move(table.id, table.moves + 1, action.to_json())
        return table.apply(action)

    def play_for_computer(self, table: ClassTable, seat: int, data: object, at: int) -> bool:
        """Play the move a computer chose for ``seat`` on move ``at``, if the table is still as it
        was when it started thinking (not paused, ended, moved on or deleted meanwhile); True if
        it was played."""
        to_move = table.computer_to_move()  # None while paused or ended
        if self.tables.get(table.id) is not table or table.moves != at or to_move is None or to_move != seat:
            return False
        self.play(table, seat, data, at)
        return True

    def play_clock(self, table: ClassTable) -> bool:
        """The rulebook's time is up at ``table``: play the clock's move (credited to no student),
        unless the table went or a choice outside the talks is waiting; True if it was played."""
        action = table.clock_move() if self.tables.get(table.id) is table else None
        if action is None:
            return False
        self.play(table, table.state.current_player, action.to_json(), table.moves)
        return True
