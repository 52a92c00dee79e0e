"""The teacher's End rings the bell at a class table (issue 43): the frame, the log and the report
name the winner and say the game ended at the bell, and only the teacher rings it.

See docs/class-server.md (the referee's record: "End rings the bell") and
docs/rules-decisions.md › All games › Play to the bell."""

from __future__ import annotations

import csv
import io
import random

import pytest

from biocards.core import BELL
from biocards.server.classroom import Classroom, Refusal
from biocards.server.report import class_report, report_csv
from biocards.server.store import Store


def fresh(tmp_path) -> Classroom:
    return Classroom(Store(tmp_path / "classes.sqlite3"))


def table_of(room: Classroom, game: str, names=("Ana", "Ben")):
    info = room.create_class(game, len(names), "greedy")
    for name in names:
        room.join(info.code, name)
    return info, room.tables_of(info.code)[0]


def play(room: Classroom, table, moves: int, seed: int = 1) -> None:
    """``moves`` moves, each by the seat to move (every seat is a student here)."""
    rng = random.Random(seed)
    for _ in range(moves):
        state = table.state
        if state.is_terminal():
            return
        room.play(table, state.current_player, rng.choice(state.legal_actions()).to_json(), table.moves)


GAMES = ["translation", "peptide", "nucleo", "cytosis", "expression"]


def seats_of(game: str) -> tuple[str, ...]:
    # The gene-expression game is for 4 to 6 players (its 2-3 player variant is an option).
    return ("Ana", "Ben", "Cleo", "Dan") if game == "expression" else ("Ana", "Ben")


@pytest.mark.parametrize("game", GAMES)
def test_the_teachers_end_rings_the_bell_and_the_frame_log_and_report_name_the_winner(tmp_path, game):
    """Every game, ended by the teacher mid-game: the game ends at once or after its round is played
    out (docs/rules-decisions.md › <game> › The bell); then the frame has the winners and ``bell``,
    the last log line names the winner by name and the bell, the report says "won/lost at the bell"
    with the winner's name, and the bell is stored as no one's move."""
    room = fresh(tmp_path)
    names = list(seats_of(game))
    info, table = table_of(room, game, names)
    play(room, table, 12)
    assert not table.state.is_terminal()
    moves = table.moves
    room.end_table(table.id)
    state = table.state
    assert state.bell_rung
    assert table.moves == moves + 1
    assert table.movers[-1] is None and all(moves + 1 not in table.credited(s) for s in range(len(names)))
    if state.is_terminal():  # ended at once: the table is ended with it
        assert table.row.ended
    else:  # a round to finish first: the students play it out (bounded), and the game ends itself
        play(room, table, 2000, seed=2)
    assert state.is_terminal() and table.summary(set())["ended"]
    winners = state.winners()
    assert winners, game
    frame = table.frame(0)
    assert frame["terminal"] and frame["bell"] and frame["winners"] == winners
    last = frame["events"][-1]
    assert last["kind"] == "game-over" and "bell" in str(last["text"])
    assert names[winners[0]] in str(last["text"])
    assert table.log[-1][1].data["bell"]
    rows = {row["student"]: row for row in class_report(room, info.code)["rows"]}
    for seat, name in enumerate(names):
        won = "shared win" if len(winners) > 1 else "won"
        assert rows[name]["result"] == (f"{won} at the bell" if seat in winners else "lost at the bell")
        assert names[winners[0]] in rows[name]["winner"]
    written = list(csv.DictReader(io.StringIO(report_csv(class_report(room, info.code)))))
    assert all(row["result"].endswith("at the bell") for row in written)
    # Stored first: a new server on the same record replays the bell to the same end.
    again = fresh(tmp_path).tables[table.id]
    assert again.state.is_terminal() and again.state.bell_rung and again.state.winners() == winners
    assert {"kind": BELL} in [a.to_json() for a in again.state.history]


def test_a_student_cannot_ring_the_bell(tmp_path):
    """Only the teacher's key rings the bell: a student's page (or script) that sends it as a move is
    refused in the engine's words, nothing is stored and the game goes on."""
    room = fresh(tmp_path)
    _info, table = table_of(room, "nucleo")
    seat = table.state.current_player
    for sent in ({"kind": BELL}, {"kind": BELL, "now": True}):
        with pytest.raises(Refusal, match="not a move you can make"):
            room.play(table, seat, sent, table.moves)
    assert table.moves == 0 and not table.state.bell_rung and not table.state.is_terminal()
    assert fresh(tmp_path).tables[table.id].moves == 0


def test_a_peptide_table_finishes_its_round_after_the_bell_then_names_the_winner(tmp_path):
    """docs/rules-decisions.md › Peptide › The bell: the teacher's End leaves the round in progress to
    be played (the table is not ended, not paused, students keep moving), then the game ends at the
    bell with a winner in the frame and the report."""
    room = fresh(tmp_path)
    info, table = table_of(room, "peptide")
    while not any(table.state.picks):
        play(room, table, 1)
    room.set_paused(table.id, True)
    room.end_table(table.id)
    state = table.state
    assert state.bell_rung and not state.is_terminal() and not table.row.ended and not table.paused
    assert "played to its end" in str(table.log[-1][1].message)
    rows = class_report(room, info.code)["rows"]
    assert {row["result"] for row in rows} == {"finishing the round"} and {row["winner"] for row in rows} == {""}
    play(room, table, 400, seed=2)
    assert state.is_terminal() and table.frame(1)["bell"] and table.frame(1)["winners"] == state.winners()
    assert table.log[-1][1].data["bell"]
    rows = class_report(room, info.code)["rows"]
    assert all(row["result"].endswith("at the bell") and row["winner"] for row in rows)


def test_the_end_of_the_class_rings_the_bell_at_every_table(tmp_path):
    """The class's end is the bell for the whole class: a table that ends at once is ended with its
    winner; a Peptide table mid-round plays on, its computers too; a table that never started is ended."""
    room = fresh(tmp_path)
    info = room.create_class("peptide", 2, "greedy")
    room.join(info.code, "Ana")
    room.join(info.code, "Ben")
    room.join(info.code, "Cleo")  # table 2 waits for a second student
    playing, waiting = room.tables_of(info.code)
    room.hand_to_computer(playing.id, 1)
    while not any(playing.state.picks):
        seat = playing.state.current_player
        action = playing.state.legal_actions()[0].to_json()
        if seat == 0:
            room.play(playing, 0, action, playing.moves)
        else:
            room.play_for_computer(playing, seat, action, playing.moves)
    room.end_class(info.code)
    assert waiting.row.ended and waiting.state is None
    assert playing.state.bell_rung and not playing.state.is_terminal() and not playing.row.ended
    if playing.state.current_player == 1:
        assert playing.computer_to_move() == 1  # the computer keeps moving in the round's last turns
    assert room.classes[info.code].ended


@pytest.mark.parametrize("game", GAMES)
def test_asking_what_the_bell_would_do_changes_nothing_at_the_table(tmp_path, game):
    """The bell is stored before the table hears it, as every move is: the referee asks a copy whether
    it ends the game at once, and the table's own position is untouched by the asking."""
    from biocards.core.testing import fingerprint

    room = fresh(tmp_path)
    _info, table = table_of(room, game, seats_of(game))
    play(room, table, 9)
    before = fingerprint(table.state)
    assert table.bell_ends_it() in (True, False)
    assert fingerprint(table.state) == before and not table.state.bell_rung


def test_end_again_while_the_round_is_finished_stops_the_table_where_it_stands(tmp_path):
    """docs/rules-decisions.md › All games › Play to the bell: a teacher who cannot wait presses End
    again; the second bell ends the game at once, scored, and the table is ended."""
    room = fresh(tmp_path)
    _info, table = table_of(room, "peptide")
    while not any(table.state.picks):
        play(room, table, 1)
    room.end_table(table.id)
    assert not table.state.is_terminal() and table.summary(set())["bell"] and not table.summary(set())["ended"]
    room.end_table(table.id)
    assert table.state.is_terminal() and table.row.ended and table.summary(set())["ended"]
    assert [a.kind for a in table.state.history].count("bell") == 2 and table.log[-1][1].data["bell"]
    again = fresh(tmp_path).tables[table.id]
    assert again.state.is_terminal() and again.state.winners() == table.state.winners()
