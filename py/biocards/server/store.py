"""The class server's record: classes, tables, seats and every move, in one SQLite file (WAL).

A move is committed here before any page hears of it, so a server killed at any instant starts again
at the last move a student saw acknowledged. Nothing about students is kept anywhere else.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from ..i18n import N_

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS teachers (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, folded TEXT NOT NULL UNIQUE, salt BLOB NOT NULL,
    hash BLOB NOT NULL, created REAL NOT NULL);
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
CREATE INDEX IF NOT EXISTS activity_by_student ON activity (token, kind, made);
CREATE INDEX IF NOT EXISTS answers_by_question ON activity (token, json_extract(detail, '$.lesson', '$.question'))
    WHERE kind = 'answer';
"""

def _signed64(seed: int) -> int:
    """A 64-bit seed as SQLite's signed INTEGER holds it (the same 64 bits)."""
    return seed - (1 << 64) if seed >= 1 << 63 else seed


def _unsigned64(stored: int) -> int:
    return stored + (1 << 64) if stored < 0 else stored


ADDED_COLUMNS = (("classes", "options", "TEXT NOT NULL DEFAULT '{}'"), ("tables", "version", "INTEGER"),
                 ("classes", "owner", "INTEGER"))
"""Columns a class file written by an earlier BioCards lacks: added when it is opened (a table's
``version`` stays NULL there: its rules version was not recorded; a class's ``owner`` stays NULL,
the administrator's: one teacher ran the server then, with the key it prints)."""

SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1, "maxmem": 64 * 1024 * 1024, "dklen": 32}
"""How a teacher's key is hashed (hashlib.scrypt, a salt per key): the class file keeps no teacher's
key, so a copy of it opens no teacher's page."""
TEACHER_NAME = 60
"""The longest teacher's name kept (characters): a name on a page, not a document."""


def key_hash(secret: str, salt: bytes) -> bytes:
    """The hash of a key's secret (the part after ``ID.``: the id only finds the row)."""
    return hashlib.scrypt(secret.encode(), salt=salt, **SCRYPT)


def key_matches(key: str, salt: bytes, stored: bytes) -> bool:
    """Whether ``key``'s secret hashes to ``stored``; compared in constant time (hmac.compare_digest)."""
    return hmac.compare_digest(key_hash(key.partition(".")[2], salt), stored)


def new_secret() -> tuple[str, bytes, bytes]:
    """A teacher's new secret, its salt and its hash: worked out before any write (0.1 s of a core),
    so the class file is never held while it hashes (a server's thread runs it, not its loop)."""
    secret, salt = secrets.token_urlsafe(24), secrets.token_bytes(16)
    return secret, salt, key_hash(secret, salt)


def teacher_of_key(key: str) -> int | None:
    """The teacher id a teacher's key names (``"12.secret"``), or None: the administrator's key
    (``token_urlsafe``, which never holds a dot) or no key at all."""
    number, dot, secret = key.partition(".")
    if not dot or not secret or not number.isascii() or not number.isdigit() or len(number) > 9:
        return None
    return int(number)


@dataclass(frozen=True)
class Teacher:
    """Who a teacher's link opens the page for: ``id`` None is the administrator (the key the
    server prints at its start), who sees every class and adds and removes teachers."""

    id: int | None
    name: str

    @property
    def admin(self) -> bool:
        return self.id is None


class TeacherNameTaken(Exception):
    pass


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


class ClassFileError(Exception):
    """The class file cannot be opened or written; the message is a sentence for the teacher (the
    server's start prints it instead of sqlite's traceback)."""


def failure_cause(exc: sqlite3.Error) -> str:
    """Why a write failed, in a teacher's words: "its disk is full", …"""
    text = str(exc).lower()
    if "full" in text:
        return N_("its disk is full")
    if "readonly" in text or "read-only" in text:
        return N_("its class file is read-only")
    if "locked" in text or "busy" in text:
        return N_("another program is holding its class file")
    return N_("its class file could not be written")


def _opening_failure(path: Path, exc: sqlite3.Error) -> ClassFileError:
    cause, text = failure_cause(exc), str(exc).lower()
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        words = (f"The class file {path} is not a BioCards class file, or it is damaged: keep it aside and "
                 f"start the server with --data and a new file's name.")
    elif "unable to open" in text:
        words = (f"The class file {path} cannot be opened: check that its folder exists and that this "
                 f"account may write there, or start the server with --data and another file's name.")
    elif cause == "its class file is read-only":
        words = (f"The class file {path} is read-only, and the server writes every move to it: make it "
                 f"writable, or start the server with --data and a new file's name.")
    else:
        words = f"The class file {path} cannot be used: {cause}."
    return ClassFileError(words)


def _private(path: Path) -> None:
    """The class file holds the teacher's key and every seat's token: only its owner may read it.
    Made so before SQLite writes a byte (SQLite gives its -wal and -shm files the same mode), and
    a file an older server left readable to all is made private. Windows keeps its own ACLs: there
    ``chmod`` only sets the read-only flag, which 0600 leaves off."""
    if str(path) in ("", ":memory:"):
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
        os.chmod(path, path.stat().st_mode & 0o700)  # a read-only file stays read-only
    except OSError:
        pass  # a file this account does not own: SQLite says what is wrong with it next


class Store:
    """The SQLite file behind one class server.

    Every write goes through :meth:`_write`; several writes that belong together go in one
    :meth:`saving` block, so a full disk keeps all of them or none. ``clock`` gives the times it
    records (a test hands it a fake one)."""

    def __init__(self, path: Path | str, *, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock
        try:
            _private(self.path)
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
            # A file that takes reads but no writes is found now, not at the first student's join.
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT OR REPLACE INTO settings (name, value) VALUES ('write check', '')")
            self.db.execute("ROLLBACK")
        except sqlite3.Error as exc:
            if hasattr(self, "db"):
                self.db.close()
            raise _opening_failure(self.path, exc) from None

    def close(self) -> None:
        self.db.close()

    def backup(self, target: Path) -> None:
        """A copy of the class file as it is at one instant, taken while the server runs (SQLite's
        online backup: one read transaction, so a move being saved is in it wholly or not at all).
        Written beside ``target`` and renamed into place, so a backup cut short leaves no half
        file; private like the class file (it holds the keys' hashes and every seat's token)."""
        target = Path(target)
        part = target.with_name(target.name + ".part")
        part.unlink(missing_ok=True)
        _private(part)
        copy = sqlite3.connect(str(part))
        try:
            self.db.backup(copy)
            copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
        finally:
            copy.close()
        os.replace(part, target)

    def _write(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        """The one way a row is written (a test's store makes its disk fill up here)."""
        return self.db.execute(sql, params)

    @contextmanager
    def saving(self) -> Iterator[None]:
        """Writes that belong together (a student, their table and its start): all kept or none.
        A block inside another joins it."""
        if self.db.in_transaction:
            yield
            return
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise

    # -- the teacher's key -------------------------------------------------------------------------

    def teacher_key(self) -> str:
        """The key in the teacher page's link: made once, kept, so the link survives a restart."""
        row = self.db.execute("SELECT value FROM settings WHERE name = 'teacher_key'").fetchone()
        if row:
            return row[0]
        key = secrets.token_urlsafe(18)
        self._write("INSERT INTO settings (name, value) VALUES ('teacher_key', ?)", (key,))
        return key

    def change_teacher_key(self) -> str:
        """A new key for the teacher's link (the old link stops working)."""
        key = secrets.token_urlsafe(18)
        self._write("UPDATE settings SET value = ? WHERE name = 'teacher_key'", (key,))
        return key

    # -- the school's teachers (each with a key of their own, kept hashed) ---------------------------

    def add_teacher(self, name: str, made: tuple[str, bytes, bytes] | None = None) -> tuple[Teacher, str]:
        """A new teacher and their key (``"id.secret"``), which is shown this once and kept only
        hashed (``made``: :func:`new_secret`'s, worked out beforehand). Raises TeacherNameTaken if a
        teacher has that name already (in any case)."""
        secret, salt, hashed = made or new_secret()
        with self.saving():
            if self.db.execute("SELECT 1 FROM teachers WHERE folded = ?", (name.casefold(),)).fetchone():
                raise TeacherNameTaken(name)
            cursor = self._write("INSERT INTO teachers (name, folded, salt, hash, created) VALUES (?, ?, ?, ?, ?)",
                                 (name, name.casefold(), salt, hashed, self.clock()))
        return Teacher(cursor.lastrowid, name), f"{cursor.lastrowid}.{secret}"

    def change_key_of(self, teacher_id: int, made: tuple[str, bytes, bytes] | None = None) -> str:
        """A new key for one teacher (their old link stops working)."""
        secret, salt, hashed = made or new_secret()
        self._write("UPDATE teachers SET salt = ?, hash = ? WHERE id = ?", (salt, hashed, teacher_id))
        return f"{teacher_id}.{secret}"

    def teachers(self) -> list[Teacher]:
        return [Teacher(id, name) for id, name in self.db.execute("SELECT id, name FROM teachers ORDER BY folded")]

    def teacher_named(self, name: str) -> Teacher | None:
        row = self.db.execute("SELECT id, name FROM teachers WHERE folded = ?", (name.casefold(),)).fetchone()
        return Teacher(*row) if row else None

    def teacher_secret(self, teacher_id: int) -> tuple[str, bytes, bytes] | None:
        """``(name, salt, hash)`` of a teacher, read afresh each time: a teacher removed or given a
        new key by `biocards teachers` (another process) is refused from the next request on."""
        return self.db.execute("SELECT name, salt, hash FROM teachers WHERE id = ?", (teacher_id,)).fetchone()

    def remove_teacher(self, teacher_id: int) -> None:
        """The teacher goes; their classes (and every student's record in them) stay, the
        administrator's from now on."""
        with self.saving():
            self._write("UPDATE classes SET owner = NULL WHERE owner = ?", (teacher_id,))
            self._write("DELETE FROM teachers WHERE id = ?", (teacher_id,))

    def keys_version(self) -> dict[int, bytes]:
        """Each teacher's stored hash, read afresh: what changes when a teacher is removed or given a
        new key (by any process)."""
        return dict(self.db.execute("SELECT id, hash FROM teachers"))

    # -- classes -----------------------------------------------------------------------------------

    def add_class(self, code: str, game: str, size: int, level: str, options: dict | None = None,
                  owner: int | None = None) -> None:
        self._write("INSERT INTO classes (code, game, size, level, created, options, owner) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (code, game, size, level, self.clock(), json.dumps(options or {}), owner))

    def classes(self) -> list[dict]:
        rows = self.db.execute("SELECT code, game, size, level, suggest, created, ended, options, owner FROM classes "
                               "ORDER BY created").fetchall()
        return [{**dict(zip(("code", "game", "size", "level", "suggest", "created", "ended"), row[:7])),
                 "options": json.loads(row[7]), "owner": row[8]} for row in rows]

    def owners(self) -> dict[str, int | None]:
        """Each class's owner (None: the administrator's), read afresh (a teacher removed by the
        command line hands their classes to the administrator)."""
        return dict(self.db.execute("SELECT code, owner FROM classes"))

    def set_suggest(self, code: str, on: bool) -> None:
        self._write("UPDATE classes SET suggest = ? WHERE code = ?", (int(on), code))

    def end_class(self, code: str) -> None:
        self._write("UPDATE classes SET ended = ? WHERE code = ?", (self.clock(), code))

    def delete_class(self, code: str) -> None:
        """Every row about the class and its students goes (foreign keys cascade)."""
        self._write("DELETE FROM classes WHERE code = ?", (code,))

    # -- tables ------------------------------------------------------------------------------------

    def add_table(self, class_code: str, number: int, seed: int, options: dict, seats: list[str],
                  names: list[str], version: int | None = None) -> int:
        cursor = self._write(
            "INSERT INTO tables (class_code, number, seed, options, seats, names, version) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (class_code, number, _signed64(seed), json.dumps(options), json.dumps(seats), json.dumps(names), version))
        return cursor.lastrowid

    def update_seats(self, table_id: int, seats: list[str], names: list[str]) -> None:
        self._write("UPDATE tables SET seats = ?, names = ? WHERE id = ?",
                    (json.dumps(seats), json.dumps(names), table_id))

    def start_table(self, table_id: int, seats: list[str], names: list[str]) -> float:
        """Record the table's start; returns the time recorded."""
        now = self.clock()
        self._write("UPDATE tables SET seats = ?, names = ?, started = ? WHERE id = ?",
                    (json.dumps(seats), json.dumps(names), now, table_id))
        return now

    def end_table(self, table_id: int) -> float:
        """Record the table's end (a second end keeps the first); returns the time recorded now."""
        now = self.clock()
        self._write("UPDATE tables SET ended = ? WHERE id = ? AND ended IS NULL", (now, table_id))
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
        self._write("INSERT INTO moves (table_id, number, action, made) VALUES (?, ?, ?, ?)",
                    (table_id, number, json.dumps(action, separators=(",", ":")), self.clock()))

    # -- students ----------------------------------------------------------------------------------

    def add_student(self, token: str, class_code: str, table_id: int, seat: int, name: str) -> None:
        self._write("INSERT INTO students (token, class_code, table_id, seat, name, joined) "
                    "VALUES (?, ?, ?, ?, ?, ?)", (token, class_code, table_id, seat, name, self.clock()))

    def students(self) -> list[dict]:
        rows = self.db.execute("SELECT token, class_code, table_id, seat, name FROM students").fetchall()
        return [dict(zip(("token", "class_code", "table_id", "seat", "name"), row)) for row in rows]

    def remove_student(self, token: str) -> None:
        self._write("DELETE FROM students WHERE token = ?", (token,))

    def move_student(self, token: str, table_id: int, seat: int) -> None:
        self._write("UPDATE students SET table_id = ?, seat = ? WHERE token = ?", (table_id, seat, token))

    # -- what students did besides moves (for the class report) ----------------------------------------

    def add_activity(self, token: str, kind: str, detail: dict) -> None:
        """``kind``: "why" (a Why? opened), "hint" (a move suggested) or "answer" (a check-yourself
        question answered)."""
        self._write("INSERT INTO activity (token, kind, detail, made) VALUES (?, ?, ?, ?)",
                    (token, kind, json.dumps(detail, separators=(",", ":")), self.clock()))

    # -- what the report reads, grouped by student: a few statements whatever the class's size ------

    def students_of(self, class_code: str) -> list[dict]:
        """The class's students in table and seat order, with when each joined."""
        rows = self.db.execute("SELECT token, table_id, seat, name, joined FROM students WHERE class_code = ? "
                               "ORDER BY table_id, seat", (class_code,)).fetchall()
        return [dict(zip(("token", "table_id", "seat", "name", "joined"), row)) for row in rows]

    def activity_counts(self, class_code: str) -> dict[str, dict[str, tuple[int, float]]]:
        """``{token: {kind: (how many, when last)}}`` for the class's students."""
        counts: dict[str, dict[str, tuple[int, float]]] = {}
        for token, kind, count, last in self.db.execute(
                "SELECT token, kind, COUNT(*), MAX(made) FROM activity "
                "WHERE token IN (SELECT token FROM students WHERE class_code = ?) GROUP BY token, kind", (class_code,)):
            counts.setdefault(token, {})[kind] = (count, last)
        return counts

    def first_answers(self, class_code: str) -> list[tuple[str, dict]]:
        """Each student's first answer to each question (a check of understanding counts the first
        try), as ``(token, {lesson, question, right, of})``. SQLite takes the bare columns from the
        row MIN() picks, and reads the JSON itself (no Python decoding per answer)."""
        rows = self.db.execute(
            "SELECT token, json_extract(detail, '$.lesson'), json_extract(detail, '$.question'), "
            "json_extract(detail, '$.right'), json_extract(detail, '$.of'), MIN(rowid) FROM activity "
            "WHERE token IN (SELECT token FROM students WHERE class_code = ?) AND kind = 'answer' "
            "GROUP BY token, json_extract(detail, '$.lesson', '$.question') "
            "ORDER BY MIN(rowid)", (class_code,)).fetchall()
        return [(token, {"lesson": lesson, "question": question, "right": bool(right), "of": of or 0})
                for token, lesson, question, right, of, _first in rows]

    def move_times(self, class_code: str) -> dict[int, list[float]]:
        """When each move was made, per table of the class, in move order."""
        times: dict[int, list[float]] = {}
        for table_id, made in self.db.execute(
                "SELECT m.table_id, m.made FROM moves m JOIN tables t ON t.id = m.table_id WHERE t.class_code = ? "
                "ORDER BY m.table_id, m.number", (class_code,)):
            times.setdefault(table_id, []).append(made)
        return times
