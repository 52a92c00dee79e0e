"""NUCLEO's minute for negotiating at a class table (issue 33, for a class the teacher sets it for):
the class server keeps the time, holds it while the table is paused, and plays the clock's move when
it is up; pages are sent the seconds left. And a class file from before tables recorded their rules
version still resumes."""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from class_server import run_apart  # noqa: E402

from biocards.core import Action
from biocards.games.nucleo import rules
from biocards.server.app import ClassServer
from biocards.server.classroom import Classroom, Refusal
from biocards.server.store import Store

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))


def nucleo_class(room: Classroom, players=3, **options):
    info = room.create_class("nucleo", players, "greedy", options)
    seats = [room.join(info.code, name) for name in ("Ana", "Ben", "Cleo", "Dev")[:players]]
    return info, seats[0][1]


def to_talks(room: Classroom, table) -> None:
    """Play the turn's roll and any choice it brings, reaching the talks (part 3)."""
    state = table.state
    while state.phase == "roll" or state.pending:
        action = state.legal_actions()[0] if state.phase == "roll" else state.legal_actions()[-1]
        room.play(table, state.current_player, action.to_json(), table.moves)


def test_only_the_games_that_have_it_offer_the_minute_and_tables_are_dealt_with_it(tmp_path):
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    info, table = nucleo_class(room, trade_minute=True)
    assert info.options == {"trade_minute": True} and table.row.options == {"trade_minute": True}
    assert table.row.version == table.game.version
    with pytest.raises(Refusal, match="not settings a class of Translation can have"):
        room.create_class("translation", 2, "greedy", {"trade_minute": True})
    with pytest.raises(Refusal):
        room.create_class("nucleo", 2, "greedy", {"only_target_counters": True})  # old rules are not a choice
    again = Classroom(Store(tmp_path / "classes.sqlite3"))  # a restart keeps the setting
    assert again.classes[info.code].options == {"trade_minute": True}


class FakeTimer:
    """The clocks' time, moved on by the test instead of waited for: ``advance(seconds)`` runs every
    callback that falls due meanwhile, as the event loop would."""

    class Handle:
        def __init__(self, when, callback, args):
            self.when, self.callback, self.args, self.cancelled = when, callback, args, False

        def cancel(self):
            self.cancelled = True

    def __init__(self):
        self.now = 1000.0
        self.waiting: list[FakeTimer.Handle] = []

    def time(self):
        return self.now

    def call_at(self, when, callback, *args):
        handle = self.Handle(when, callback, args)
        self.waiting.append(handle)
        return handle

    def call_soon(self, callback, *args):
        return self.call_at(self.now, callback, *args)

    def advance(self, seconds):
        self.now += seconds
        due = sorted((h for h in self.waiting if h.when <= self.now), key=lambda h: h.when)
        self.waiting = [h for h in self.waiting if h.when > self.now]
        for handle in due:
            if not handle.cancelled:
                handle.callback(*handle.args)


def test_the_server_plays_time_up_when_the_minute_runs_out_and_holds_it_while_paused(tmp_path):
    """The rulebook's minute, on a clock the test moves on: the pages' frames carry the seconds
    left; a paused table's clock stands still however long it is held; when the minute runs out the
    referee plays "time-up" for the table, which no student is credited with."""
    timer = FakeTimer()
    server = ClassServer(DIST, tmp_path / "classes.sqlite3", workers=1, timer=timer)
    try:
        room = server.classroom
        _info, table = nucleo_class(room, trade_minute=True)
        to_talks(room, table)
        talker = table.state.turn_player

        async def time_passes(seconds):
            timer.advance(seconds)
            await asyncio.gather(*server.clocks._tasks)  # the clock's move, if one fell due

        async def scenario():
            await server.broadcast(table)
            assert server.frame(table, talker)["clock_left"] == rules.TRADE_SECONDS
            await time_passes(20)
            assert server.frame(table, talker)["clock_left"] == rules.TRADE_SECONDS - 20
            room.set_paused(table.id, True)
            await server.broadcast(table)
            await time_passes(10 * rules.TRADE_SECONDS)
            assert "time-up" not in [a.kind for a in table.state.history]  # held while paused
            assert server.frame(table, talker)["clock_left"] == rules.TRADE_SECONDS - 20
            room.set_paused(table.id, False)
            await server.broadcast(table)
            await time_passes(rules.TRADE_SECONDS - 21)
            assert "time-up" not in [a.kind for a in table.state.history]  # a second still left
            await time_passes(1)

        run_apart(scenario())
        assert table.state.history[-1].kind == "time-up"
        assert "minute for negotiating is up" in table.log[-1][1].text
        assert table.movers[-1] is None
        assert "clock_left" not in server.frame(table, talker)
        assert "propose" not in [a.kind for a in table.state.legal_actions()]
    finally:
        server.computers.close()
        server.store.close()


def test_a_class_file_from_before_rules_versions_were_kept_still_resumes(tmp_path):
    """A table stored without its rules version (an older class file, whose columns are added on
    opening) replays under the first rules that accept its moves: here NUCLEO's version 3, where a
    turned-down offer went to nobody else."""
    path = tmp_path / "classes.sqlite3"
    room = Classroom(Store(path))
    _info, table = nucleo_class(room)
    to_talks(room, table)
    state = table.state
    moves = [m.to_json() for m in state.history]
    p = state.turn_player
    # The moves version 3 allowed: an offer to the next player, declined, and straight on to building.
    old = rules.NucleoState(3, table.row.seed, {**table.game.options, **table.row.options,
                                                   "only_target_counters": True})
    for data in moves:
        old.apply(Action.from_json(data))
    for action in (Action("propose"), Action("offer-to", seat=(p + 1) % 3), Action("done-giving"),
                   Action("ask", item="coin"), Action("send"), Action("decline"), Action("to-build")):
        old.apply(action)
    room.store.close()
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE old_tables AS SELECT id, class_code, number, seed, options, seats, names, started, ended FROM tables;
        DROP TABLE tables;
        ALTER TABLE old_tables RENAME TO tables;
        ALTER TABLE classes DROP COLUMN options;
    """)
    db.execute("DELETE FROM moves")
    for number, action in enumerate(old.history, start=1):
        db.execute("INSERT INTO moves (table_id, number, action, made) VALUES (?, ?, ?, 0)",
                   (table.id, number, json.dumps(action.to_json())))
    db.commit()
    db.close()
    resumed = Classroom(Store(path)).tables[table.id]
    assert resumed.row.version is None and not resumed.row.ended
    assert resumed.state.options["only_target_counters"] is True
    assert resumed.state.phase == "build" and resumed.moves == len(old.history)


def test_the_referee_names_the_clocks_move_only_when_the_table_can_take_it(tmp_path):
    """``ClassTable.clock_move``: "time-up" while the talks run, nothing before them (the roll and
    any choice it brings come first) or at a table dealt without the minute."""
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    _info, table = nucleo_class(room, trade_minute=True)
    assert table.clock_move() is None  # the roll first
    to_talks(room, table)
    assert table.clock_move().kind == "time-up"
    room.end_table(table.id)
    assert table.clock_move() is None
    _info, plain = nucleo_class(room)
    to_talks(room, plain)
    assert plain.clock_move() is None


def test_the_referee_plays_the_clocks_move_for_no_student(tmp_path):
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    _info, table = nucleo_class(room, trade_minute=True)
    assert room.play_clock(table) is False  # the roll first: nothing to play
    to_talks(room, table)
    before = table.moves
    assert room.play_clock(table) is True
    assert table.moves == before + 1 and table.state.history[-1].kind == "time-up" and table.movers[-1] is None
    room.delete_class(_info.code)
    assert room.play_clock(table) is False  # a table that went plays nothing
