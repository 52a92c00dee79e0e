"""The class record when the disk fails (issue 40, findings 11 and 12): every write is made before
the referee's memory changes, or undone, so a full disk leaves no half-seated student, no table
waiting for a phantom and no move that was never stored; the student and the teacher get a sentence.
A class file that cannot be opened is a sentence for the teacher too, and the file is the teacher's
alone (0600: it holds the teacher's key and every seat's token)."""

from __future__ import annotations

import os
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from biocards.server.classroom import Classroom, NotSaved, Refusal
from biocards.server.store import ClassFileError, Store


class FullDisk(Store):
    """A store whose disk fills up on demand: once ``full``, the ``allowed`` next writes still succeed
    (so a failure can land in the middle of several writes) and every later one raises."""

    full = False
    allowed = 0

    def _write(self, sql: str, params=()):
        if self.full and sql.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            if self.allowed <= 0:
                raise sqlite3.OperationalError("database or disk is full")
            self.allowed -= 1
        return super()._write(sql, params)


def disk_fills(room: Classroom, after: int = 0) -> None:
    room.store.full, room.store.allowed = True, after


def recorded(room: Classroom) -> dict:
    """What the record says, as a fresh server would read it (no memory of this one)."""
    db = room.store.db
    return {"students": db.execute("SELECT token, table_id, seat, name FROM students ORDER BY token").fetchall(),
            "tables": db.execute("SELECT id, seats, names, started, ended FROM tables ORDER BY id").fetchall(),
            "moves": db.execute("SELECT table_id, number, action FROM moves ORDER BY table_id, number").fetchall(),
            "classes": db.execute("SELECT code, suggest, ended FROM classes ORDER BY code").fetchall()}


def memory(room: Classroom) -> dict:
    """What this server holds: seats, tables (who sits where, started) and every table's moves."""
    return {"seats": dict(room.seats), "classes": {c: (i.suggest, i.ended) for c, i in room.classes.items()},
            "tables": {t.id: (list(t.row.seats), list(t.row.names), t.started, t.moves, bool(t.row.ended))
                       for t in room.tables.values()}}


@pytest.fixture
def room(tmp_path):
    return Classroom(FullDisk(tmp_path / "classes.sqlite3"))


@pytest.mark.parametrize("after", [0, 1, 2])
def test_a_join_on_a_full_disk_seats_no_phantom_and_says_so(room, after):
    """Finding 11: with the disk full a join changed memory first, returned a 500, and its table then
    waited forever for a student who never held the seat. Here the disk fills before the join's
    first write, or between its writes (the new table stored, the student not)."""
    info = room.create_class("translation", 2, "greedy")
    room.join(info.code, "Ana")
    before, stored = memory(room), recorded(room)
    disk_fills(room, after)
    with pytest.raises(NotSaved, match=r"^The class server could not save your seat: tell your teacher\.$"):
        room.join(info.code, "Ben")  # would fill table 1 and start it
    assert memory(room) == before and recorded(room) == stored
    table = room.tables_of(info.code)[0]
    assert table.row.names == ["Ana", ""] and not table.started
    room.store.full = False  # space again: the next student takes the seat and the table starts
    _token, again, seat = room.join(info.code, "Ben")
    assert again is table and seat == 1 and table.started


def test_a_join_that_opens_a_new_table_leaves_no_empty_table_behind(room):
    info = room.create_class("translation", 2, "greedy")
    room.join(info.code, "Ana")
    room.join(info.code, "Ben")
    before, stored = memory(room), recorded(room)
    disk_fills(room, after=1)  # the new table is written, the student is not: both go
    with pytest.raises(NotSaved):
        room.join(info.code, "Cleo")
    assert memory(room) == before and recorded(room) == stored and len(room.tables_of(info.code)) == 1


def test_a_move_on_a_full_disk_is_refused_in_a_sentence_and_the_table_is_unchanged(room):
    """Finding 11: a move on a full disk closed the student's socket with no word. It is a refusal
    the page shows, and the table is where it was (the move can be made again)."""
    info = room.create_class("translation", 2, "greedy")
    room.join(info.code, "Ana")
    _token, table, _seat = room.join(info.code, "Ben")
    action = table.state.legal_actions()[0]
    view = table.frame(None)
    disk_fills(room)
    with pytest.raises(NotSaved, match="could not save your move: tell your teacher") as refused:
        room.play(table, table.state.current_player, action.to_json(), 0)
    assert isinstance(refused.value, Refusal)  # the web layer already shows a Refusal's sentence
    assert table.frame(None) == view and table.moves == 0 and recorded(room)["moves"] == []
    room.store.full = False
    room.play(table, table.state.current_player, action.to_json(), 0)
    assert table.moves == 1


def two_waiting_tables(room: Classroom):
    """A class of three with two tables that have not started: Ana and Ben at table 1, Cleo at table
    2. Joins fill one table at a time, so the second is opened by hiding table 1's free seat for
    one join (the teacher meets this after moving students about)."""
    info = room.create_class("peptide", 3, "greedy")
    room.join(info.code, "Ana")
    room.join(info.code, "Ben")
    one = room.tables_of(info.code)[0]
    one.row.names[2] = "hidden"
    room.join(info.code, "Cleo")
    one.row.names[2] = ""
    return info, one, room.tables_of(info.code)[1]


def test_the_teachers_changes_on_a_full_disk_change_nothing(room):
    """start_table, hand_to_computer, suggest, end and delete: each is stored first, or not made at
    all, and the teacher reads why."""
    info = room.create_class("translation", 2, "greedy")
    room.join(info.code, "Ana")
    _token, started, _seat = room.join(info.code, "Ben")
    room.join(info.code, "Cleo")
    waiting = room.tables_of(info.code)[1]
    before, stored = memory(room), recorded(room)
    disk_fills(room)
    for change in (lambda: room.start_table(waiting.id), lambda: room.hand_to_computer(started.id, 1),
                   lambda: room.set_suggest(info.code, True), lambda: room.end_table(started.id),
                   lambda: room.end_class(info.code), lambda: room.delete_class(info.code),
                   lambda: room.create_class("nucleo", 2, "greedy")):
        with pytest.raises(NotSaved, match=r"^The class server could not save .*: its disk is full\.$"):
            change()
        assert memory(room) == before and recorded(room) == stored


@pytest.mark.parametrize("after", [0, 1, 2, 3])
def test_moving_a_student_is_stored_whole_or_not_at_all(room, after):
    """Moving Cleo to table 1 writes both tables, her seat, and starts the table she fills."""
    info, one, two = two_waiting_tables(room)
    before, stored = memory(room), recorded(room)
    disk_fills(room, after)
    with pytest.raises(NotSaved):
        room.move_student(two.id, 0, one.id)
    assert memory(room) == before and recorded(room) == stored
    room.store.full = False
    room.move_student(two.id, 0, one.id)
    assert one.started and one.row.names == ["Ana", "Ben", "Cleo"] and two.row.names == ["", "", ""]
    again = Classroom(Store(room.store.path))
    assert again.tables[one.id].started and again.tables[one.id].row.names == ["Ana", "Ben", "Cleo"]


def test_a_damaged_class_file_is_a_sentence_not_a_traceback(tmp_path):
    """Finding 12: a corrupt class file printed sqlite's traceback when the server opened it."""
    path = tmp_path / "classes.sqlite3"
    path.write_bytes(b"This is a shopping list, not a database.\n" * 200)
    with pytest.raises(ClassFileError) as failed:
        Store(path)
    message = str(failed.value)
    assert str(path) in message and "damaged" in message and "--data" in message
    words = message.replace(str(path), "the file")
    assert "Traceback" not in words and "sqlite" not in words.lower()


def test_the_server_and_the_biocards_command_start_on_a_damaged_file_with_a_sentence(tmp_path, capsys):
    """The sentence reaches the teacher whichever way the server is started: ``python -m
    biocards.server`` and the release's ``biocards serve`` both run ``main()``, which says it and
    returns 2 before any computer's process or port is opened."""
    from biocards.server.__main__ import main

    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<!doctype html>")
    path = tmp_path / "classes.sqlite3"
    path.write_bytes(b"This is a shopping list, not a database.\n" * 200)
    assert main(["--dist", str(site), "--data", str(path), "--port", "0"]) == 2
    said = capsys.readouterr().err
    assert "damaged" in said and str(path) in said and "Traceback" not in said


def test_a_read_only_class_file_is_a_sentence_not_a_traceback(tmp_path, monkeypatch):
    """A class file the server may not write (opened read-only, as a file the server's user does not
    own is: this test runs as root, who may write any file, so the connection itself is read-only)."""
    path = tmp_path / "classes.sqlite3"
    Store(path).close()
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda name, **kw: connect(f"file:{name}?mode=ro", uri=True, **kw))
    with pytest.raises(ClassFileError, match="read-only") as failed:
        Store(path)
    assert str(path) in str(failed.value)


@pytest.mark.skipif(sys.platform == "win32", reason="file modes are POSIX's")
def test_the_class_file_is_the_teachers_alone(tmp_path):
    """Finding 12: the class file (the teacher's key, every seat's token) was created 0644, readable
    by every account on the laptop."""
    old = os.umask(0o022)
    try:
        path = tmp_path / "classes.sqlite3"
        store = Store(path)
        store.teacher_key()
        for made in [path, *tmp_path.glob("classes.sqlite3-*")]:  # the WAL and its index too
            assert stat.S_IMODE(made.stat().st_mode) == 0o600, made.name
        store.close()
        # A file an older server made readable to all is made private when opened.
        path.chmod(0o644)
        Store(path).close()
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    finally:
        os.umask(old)


def test_the_server_start_prints_the_sentence_for_a_damaged_class_file(tmp_path):
    """``python -m biocards.server`` (as ``build.py serve`` runs it) on a damaged class file."""
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text("<!doctype html>")
    data = tmp_path / "classes.sqlite3"
    data.write_bytes(b"\x00garbage" * 4096)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "py")}
    ran = subprocess.run([sys.executable, "-m", "biocards.server", "--dist", str(dist), "--data", str(data)],
                         capture_output=True, text=True, env=env, timeout=120)
    assert ran.returncode == 2 and ran.stdout == ""
    assert ran.stderr.startswith(f"The class file {data} is not a BioCards class file")
    assert "Traceback" not in ran.stderr



def test_a_note_for_the_report_on_a_full_disk_is_a_sentence(room):
    info = room.create_class("translation", 2, "greedy")
    token, _table, _seat = room.join(info.code, "Ana")
    disk_fills(room)
    with pytest.raises(NotSaved, match="could not save what you did: tell your teacher"):
        room.note(token, "why", {"concept": "codon"})
