"""A school's teachers on one class server: who a teacher's link is, checked on every request.

The key the server prints at its start is the administrator's (every class; adds and removes
teachers). Each other teacher has a key of their own, ``"<id>.<secret>"``, kept in the class file
only as a salted scrypt hash (store.py), and sees only their own classes. A teacher removed, or
given a new key, by `biocards teachers` in another process is refused from the next request on: the
row is read afresh each time (a primary-key lookup), and only the slow hash is remembered.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import time
import unicodedata
from collections import defaultdict, deque
from dataclasses import dataclass, field

from .. import protocol
from ..i18n import message
from .classroom import Refusal
from .store import TEACHER_NAME, Store, Teacher, key_matches, teacher_of_key

HASHES_PER_MINUTE = 30
"""Wrong keys one address may have hashed in a minute, after which it has no key hashed that minute:
the hash takes a core for a tenth of a second on purpose, so guessing keys cannot take the server's
cores. Right keys do not count: a school's forty teachers behind one address, their pages asking
again after a restart, are each hashed once."""
ADMINISTRATOR = Teacher(None, "")


def clean_teacher_name(raw: object) -> str:
    """A teacher's name as kept and shown: one line of at most TEACHER_NAME characters, spaces
    collapsed, with no control or invisible formatting characters (a terminal's escape codes, a
    right-to-left override that would turn another name around). Markup is kept as text: every
    page shows names with textContent, and no name goes into a CSV."""
    if not isinstance(raw, str):
        raise Refusal(message("Give the teacher's name."))
    name = " ".join(raw.split())
    if not name or len(name) > TEACHER_NAME or any(
            unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp") for c in raw):
        raise Refusal(message("A teacher's name is one line of up to {n} letters, spaces and punctuation.",
                              n=TEACHER_NAME))
    return name


class Keys:
    """Who a key belongs to. A teacher's key is hashed with scrypt once (in a thread: the event
    loop goes on), then remembered as its SHA-256 beside the stored hash it matched, so the page's
    poll every 2 s costs a lookup, not a hash; a new key or a removal changes the stored hash, and
    what was remembered no longer matches. Keys found wrong are remembered too (a page left open on
    an old link polls without being hashed again)."""

    def __init__(self, store: Store, admin_key: str) -> None:
        self.store = store
        self.admin_key = admin_key
        self.known: dict[int, tuple[bytes, bytes]] = {}  # teacher id -> (stored hash, SHA-256 of the key)
        self.wrong: set[tuple[bytes, bytes]] = set()  # (stored hash, SHA-256 of a key that did not match)
        self.hashed: dict[str, deque] = defaultdict(deque)

    async def who(self, given: str, address: str) -> Teacher | None:
        if hmac.compare_digest(given.encode(), self.admin_key.encode()):
            return ADMINISTRATOR
        teacher_id = teacher_of_key(given)
        row = self.store.teacher_secret(teacher_id) if teacher_id is not None else None
        if row is None:
            return None
        name, salt, stored = row
        digest = hashlib.sha256(given.encode()).digest()
        remembered = self.known.get(teacher_id)
        if remembered is not None and remembered[0] == stored and hmac.compare_digest(remembered[1], digest):
            return Teacher(teacher_id, name)
        if (stored, digest) in self.wrong or not self._may_hash(address):
            return None
        # Counted as wrong until it is found right: requests sent at once cannot all be hashed.
        stamp = time.monotonic()
        self.hashed[address].append(stamp)
        if await asyncio.to_thread(key_matches, given, salt, stored):
            with contextlib.suppress(ValueError):
                self.hashed[address].remove(stamp)
            self.known[teacher_id] = (stored, digest)
            return Teacher(teacher_id, name)
        if len(self.wrong) > 10_000:  # a bound on memory: a flood of wrong keys is forgotten all at once
            self.wrong.clear()
        self.wrong.add((stored, digest))
        return None

    def _may_hash(self, address: str) -> bool:
        times, now = self.hashed[address], time.monotonic()
        while times and now - times[0] > 60:
            times.popleft()
        if not times:
            self.hashed.pop(address, None)  # an address with no wrong key this minute keeps no entry
        return len(times) < HASHES_PER_MINUTE

    def forget(self, teacher_id: int) -> None:
        self.known.pop(teacher_id, None)


@dataclass(eq=False)
class TeacherPage:
    """One teacher page's socket (``/ws/teacher``) and what it was last sent: each class's and each
    table's item as written in the page's language. Only an item whose text changed is sent again,
    so a mark that changed nothing the page shows costs no byte on the wire."""

    peer: object
    """Its socket's ``app.Peer`` (its queue, its language, its limits)."""
    teacher: Teacher
    classes: dict[str, str] = field(default_factory=dict)
    """Class code -> the class's item (without its tables) as last sent."""
    tables: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Table id -> (its class's code, its item as last sent)."""
    words: str = ""
    """Whose page it is (and the administrator's list of teachers, with its words), as last sent."""
    opened: float = field(default_factory=time.monotonic)

    def sees(self, owner: int | None) -> bool:
        return self.teacher.admin or owner == self.teacher.id


def changes(page: TeacherPage, classes: dict[str, str | None], tables: dict[int, tuple[str, str] | None],
            words: str | None = None) -> str | None:
    """The text of the ``changes`` frame that brings ``page`` up to date, or None if nothing it shows
    changed. ``classes`` and ``tables`` hold what was looked at: each item as written now, or None
    for one gone (deleted, or no longer this page's); ``words``, the administrator's list now."""
    gone_classes = sorted(code for code, item in classes.items() if item is None and code in page.classes)
    changed_classes = []
    for code, item in classes.items():
        if item is None:
            page.classes.pop(code, None)
        elif page.classes.get(code) != item:
            page.classes[code] = item
            changed_classes.append(item)
    gone_tables, changed_tables = [], []
    for table_id, now in tables.items():
        before = page.tables.get(table_id)
        if now is None or now[0] in gone_classes:
            if before is not None and before[0] not in gone_classes:
                gone_tables.append(table_id)  # (a class gone takes its tables with it on the page)
            page.tables.pop(table_id, None)
        elif before != now:
            page.tables[table_id] = now
            changed_tables.append(now[1])
    for table_id in [t for t, (code, _item) in page.tables.items() if code in gone_classes]:
        del page.tables[table_id]
    new_words = words is not None and words != page.words
    if new_words:
        page.words = words
    if not (gone_classes or changed_classes or gone_tables or changed_tables or new_words):
        return None
    return protocol.teacher_changes(changed_classes, changed_tables, gone_classes, sorted(gone_tables),
                                    words if new_words else None)
