"""The class server's record: classes, tables, seats and every move, in one SQLite file (WAL).

A move is committed here before any page hears of it, so a server killed at any instant starts again
at the last move a student saw acknowledged. Nothing about students is kept anywhere else.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, game TEXT NOT NULL, size INTEGER NOT NULL, level TEXT NOT NULL,
    suggest INTEGER NOT NULL DEFAULT 0, created REAL NOT NULL, ended REAL, options TEXT NOT NULL DEFAULT '{}');
CREATE TABLE IF NOT EXISTS tables (
    id INTEGER PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    number INTEGER NOT NULL, seed INTEGER NOT NULL, options TEXT NOT NULL,
    seats TEXT NOT NULL, names TEXT NOT NULL, started REAL, ended REAL, version INTEGER);
CREATE TABLE IF NOT EXISTS students (
    token TEXT PRIMARY KEY, class_code TEXT NOT NULL REFERENCES classes(code) ON DELETE CASCADE,
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    name TEXT NOT NULL, joined REAL NOT NULL);
CREATE TABLE IF NOT EXISTS activity (
    token TEXT NOT NULL REFERENCES students(token) ON DELETE CASCADE, kind TEXT NOT NULL,
    detail TEXT NOT NULL, made REAL NOT NULL);
CREATE TABLE IF NOT EXISTS moves (
    table_id INTEGER NOT NULL REFERENCES tables(id) ON DELETE CASCADE, number INTEGER NOT NULL,
    action TEXT NOT NULL, made REAL NOT NULL, PRIMARY KEY (table_id, number));
"""

def _signed64(seed: int) -> int:
    """A 64-bit seed as SQLite's signed INTEGER holds it (the same 64 bits)."""
    return seed - (1 << 64) if seed >= 1 << 63 else seed


def _unsigned64(stored: int) -> int:
    return stored + (1 << 64) if stored < 0 else stored


ADDED_COLUMNS = (("classes", "options", "TEXT NOT NULL DEFAULT '{}'"), ("tables", "version", "INTEGER"))
"""Columns a class file written by an earlier BioCards lacks: added when it is opened (a table's
``version`` stays NULL there: its rules version was not recorded)."""


@dataclass
class TableRow:
    """One table of a class as stored: who sits where, and the deal."""

    id: int
    class_code: str
    number: int
    seed: int
    options: dict
    seats: list[str]
    """Each seat's kind: ``"human"`` for a student, else a computer level (``"greedy"``…)."""
    names: list[str]
    started: float | None = None
    ended: float | None = None
    moves: list[dict] = field(default_factory=list)
    version: int | None = None
    """The game's rules version the table was dealt under (``None``: not recorded, an older file)."""


class Store:
    """The SQLite file behind one class server."""

    def __init__(self, path: Path | str) -> None:
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        # NORMAL under WAL: a commit survives the process being killed (it is in the OS's cache);
        # only a power cut can lose the last moments, which a classroom laptop's battery covers.
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        for table, column, declaration in ADDED_COLUMNS:
            if column not in {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {column} {declaration}")

    def close(self) -> None:
        self.db.close()

    # -- the teacher's key -------------------------------------------------------------------------

    def teacher_key(self) -> str:
        """The key in the teacher page's link: made once, kept, so the link survives a restart."""
        row = self.db.execute("SELECT value FROM settings WHERE name = 'teacher_key'").fetchone()
        if row:
            return row[0]
        key = secrets.token_urlsafe(18)
        self.db.execute("INSERT INTO settings (name, value) VALUES ('teacher_key', ?)", (key,))
        return key

    def change_teacher_key(self) -> str:
        """A new key for the teacher's link (the old link stops working)."""
        key = secrets.token_urlsafe(18)
        self.db.execute("UPDATE settings SET value = ? WHERE name = 'teacher_key'", (key,))
        return key

    # -- classes -----------------------------------------------------------------------------------

    def add_class(self, code: str, game: str, size: int, level: str, options: dict | None = None) -> None:
        self.db.execute("INSERT INTO classes (code, game, size, level, created, options) VALUES (?, ?, ?, ?, ?, ?)",
                        (code, game, size, level, time.time(), json.dumps(options or {})))

    def classes(self) -> list[dict]:
        rows = self.db.execute("SELECT code, game, size, level, suggest, created, ended, options FROM classes "
                               "ORDER BY created").fetchall()
        return [{**dict(zip(("code", "game", "size", "level", "suggest", "created", "ended"), row[:7])),
                 "options": json.loads(row[7])} for row in rows]

    def set_suggest(self, code: str, on: bool) -> None:
        self.db.execute("UPDATE classes SET suggest = ? WHERE code = ?", (int(on), code))

    def end_class(self, code: str) -> None:
        self.db.execute("UPDATE classes SET ended = ? WHERE code = ?", (time.time(), code))

    def delete_class(self, code: str) -> None:
        """Every row about the class and its students goes (foreign keys cascade)."""
        self.db.execute("DELETE FROM classes WHERE code = ?", (code,))

    # -- tables ------------------------------------------------------------------------------------

    def add_table(self, class_code: str, number: int, seed: int, options: dict, seats: list[str],
                  names: list[str], version: int | None = None) -> int:
        cursor = self.db.execute(
            "INSERT INTO tables (class_code, number, seed, options, seats, names, version) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (class_code, number, _signed64(seed), json.dumps(options), json.dumps(seats), json.dumps(names), version))
        return cursor.lastrowid

    def update_seats(self, table_id: int, seats: list[str], names: list[str]) -> None:
        self.db.execute("UPDATE tables SET seats = ?, names = ? WHERE id = ?",
                        (json.dumps(seats), json.dumps(names), table_id))

    def start_table(self, table_id: int, seats: list[str], names: list[str]) -> float:
        """Record the table's start; returns the time recorded."""
        now = time.time()
        self.db.execute("UPDATE tables SET seats = ?, names = ?, started = ? WHERE id = ?",
                        (json.dumps(seats), json.dumps(names), now, table_id))
        return now

    def end_table(self, table_id: int) -> float:
        """Record the table's end (a second end keeps the first); returns the time recorded now."""
        now = time.time()
        self.db.execute("UPDATE tables SET ended = ? WHERE id = ? AND ended IS NULL", (now, table_id))
        return now

    def tables(self) -> list[TableRow]:
        """Every table with its moves in order, for a server starting again."""
        rows = self.db.execute("SELECT id, class_code, number, seed, options, seats, names, started, ended, version "
                               "FROM tables ORDER BY id").fetchall()
        moves: dict[int, list[dict]] = {}
        for table_id, action in self.db.execute("SELECT table_id, action FROM moves ORDER BY table_id, number"):
            moves.setdefault(table_id, []).append(json.loads(action))
        return [TableRow(id, code, number, _unsigned64(seed), json.loads(options), json.loads(seats), json.loads(names),
                         started, ended, moves.get(id, []), version)
                for id, code, number, seed, options, seats, names, started, ended, version in rows]

    def add_move(self, table_id: int, number: int, action: dict) -> None:
        """Store move ``number`` (from 1). The primary key refuses a second move with one number,
        so a move can never be stored twice."""
        self.db.execute("INSERT INTO moves (table_id, number, action, made) VALUES (?, ?, ?, ?)",
                        (table_id, number, json.dumps(action, separators=(",", ":")), time.time()))

    # -- students ----------------------------------------------------------------------------------

    def add_student(self, token: str, class_code: str, table_id: int, seat: int, name: str) -> None:
        self.db.execute("INSERT INTO students (token, class_code, table_id, seat, name, joined) "
                        "VALUES (?, ?, ?, ?, ?, ?)", (token, class_code, table_id, seat, name, time.time()))

    def students(self) -> list[dict]:
        rows = self.db.execute("SELECT token, class_code, table_id, seat, name FROM students").fetchall()
        return [dict(zip(("token", "class_code", "table_id", "seat", "name"), row)) for row in rows]

    def remove_student(self, token: str) -> None:
        self.db.execute("DELETE FROM students WHERE token = ?", (token,))

    def move_student(self, token: str, table_id: int, seat: int) -> None:
        self.db.execute("UPDATE students SET table_id = ?, seat = ? WHERE token = ?", (table_id, seat, token))

    # -- what students did besides moves (for the class report) ----------------------------------------

    def add_activity(self, token: str, kind: str, detail: dict) -> None:
        """``kind``: "why" (a Why? opened), "hint" (a move suggested) or "answer" (a check-yourself
        question answered)."""
        self.db.execute("INSERT INTO activity (token, kind, detail, made) VALUES (?, ?, ?, ?)",
                        (token, kind, json.dumps(detail, separators=(",", ":")), time.time()))

    def activity(self, class_code: str) -> list[dict]:
        rows = self.db.execute(
            "SELECT a.token, a.kind, a.detail, a.made FROM activity a JOIN students s ON s.token = a.token "
            "WHERE s.class_code = ? ORDER BY a.made", (class_code,)).fetchall()
        return [{"token": t, "kind": k, "detail": json.loads(d), "made": m} for t, k, d, m in rows]

    def move_times(self, table_id: int) -> list[float]:
        return [made for (made,) in self.db.execute("SELECT made FROM moves WHERE table_id = ? ORDER BY number",
                                                    (table_id,))]

    def joined(self, token: str) -> float | None:
        row = self.db.execute("SELECT joined FROM students WHERE token = ?", (token,)).fetchone()
        return row[0] if row else None
