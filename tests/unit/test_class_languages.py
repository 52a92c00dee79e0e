"""Issue 39, "Class play in two languages at one table": a page says its language in its hello, and
the class server writes each socket's frames (events, legal moves' labels, refusals, errors, names)
in that page's language; the projector and the teacher's page choose their own (a ``lang`` query).
The record and the report's keys stay English. The server runs in this process on 127.0.0.1 (the
aiohttp test server), so a test can compare what each page reads with the events it was made from.

The games' own Spanish catalogs are written apart: where an engine's sentence is not translated
yet, the Spanish page reads what ``Message.render("es")`` gives, which these tests compare with; the
server's own sentences (refusals, computers' names, the report's headers) must be Spanish."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import os
import re
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from class_server import run_apart  # noqa: E402
from spanish import english_sentences  # noqa: E402

from biocards import i18n, protocol  # noqa: E402
from biocards.core import Event  # noqa: E402
from biocards.i18n import lazy_gettext, message  # noqa: E402
from biocards.server.app import ClassServer  # noqa: E402
from biocards.core import LEVELS  # noqa: E402
from biocards.server.classroom import COMPUTER_NAMES, Classroom, computer_name  # noqa: E402
from biocards.server.report import COLUMNS  # noqa: E402
from biocards.server.store import Store  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))
SEAT = re.compile(r"\b(?:Player|Jugador) (\d+)\b")

pytestmark = pytest.mark.skipif("es" not in i18n.languages(),
                                reason="the Spanish catalogs are not compiled: run `python3 build.py i18n`")


def named(text: str, names: list[str]) -> str:
    """What a seat reads for an engine's sentence, worked out apart from the server: "Player 2"
    (or its Spanish, "Jugador 2") is the student's name."""
    return SEAT.sub(lambda m: names[int(m[1]) - 1], text)


def spanish(text: str) -> str:
    """The server's own sentence in Spanish, from its catalog."""
    translated = i18n.translations("es").gettext(text)
    assert translated != text, f"no Spanish for {text!r}"
    return translated


class Site:
    """The class server on a free port of 127.0.0.1, in this process, with one HTTP session."""

    def __init__(self, data: Path) -> None:
        self.classes = ClassServer(DIST, data, workers=1)
        self.server = TestServer(self.classes.app(), host="127.0.0.1")

    async def __aenter__(self) -> Site:
        await self.server.start_server()
        self.session = aiohttp.ClientSession()
        return self

    async def __aexit__(self, *_exc) -> None:
        await self.session.close()
        await self.server.close()

    def url(self, path: str) -> str:
        return str(self.server.make_url("/" + path))

    async def post(self, path: str, body: dict, lang: str | None = None, teacher: bool = False) -> dict:
        query = {**({"lang": lang} if lang else {}), **({"key": self.classes.key} if teacher else {})}
        async with self.session.post(self.url(path), json=body, params=query) as answer:
            return await answer.json()

    async def get(self, path: str, **query) -> str:
        """A teacher's GET (with the key): the answer's text."""
        async with self.session.get(self.url(path), params={"key": self.classes.key, **query}) as answer:
            assert answer.status == 200, answer.status
            return await answer.text()

    async def page(self, token: str, lang: object) -> Page:
        socket = await self.session.ws_connect(self.url("ws/play"))
        page = Page(socket)
        await page.send(protocol.hello(token, self.classes.build, None, lang))
        page.frame = await page.next("position", "waiting")
        return page


class Page:
    """One page's socket, reading frames as the page does (protocol.decode)."""

    def __init__(self, socket) -> None:
        self.socket, self.frame = socket, None

    async def send(self, frame: dict) -> None:
        await self.socket.send_str(protocol.encode(frame))

    async def next(self, *kinds: str) -> dict:
        while True:
            received = await asyncio.wait_for(self.socket.receive(), 20)
            assert received.type == aiohttp.WSMsgType.TEXT, received
            frame = protocol.decode(received.data)
            if frame["type"] in kinds:
                return frame


def test_a_spanish_and_an_english_student_at_one_table_each_read_their_own_language(tmp_path):
    """Same table, same moves, same state; each reads the log, its legal moves and its refusals in
    its own language (the engines' sentences as ``render("es")`` gives them, the server's in Spanish)."""
    async def body():
        async with Site(tmp_path / "classes.sqlite3") as site:
            code = (await site.post("api/teacher/classes", {"game": "translation", "size": 2, "level": "greedy"},
                                    teacher=True))["code"]
            ana = await site.post("api/join", {"code": code, "name": "Ana"}, lang="es")
            ben = await site.post("api/join", {"code": code, "name": "Ben"}, lang="en")
            pages = {"es": await site.page(ana["token"], "es"), "en": await site.page(ben["token"], "en")}
            table = site.classes.classroom.tables[1]
            names = ["Ana", "Ben"]
            seat_of = {"es": ana["seat"], "en": ben["seat"]}
            labels_seen, since = set(), None
            while labels_seen != {"es", "en"} or table.moves < 6:
                assert table.moves < 60 and not table.state.is_terminal()
                frames = {lang: page.frame for lang, page in pages.items()}
                assert frames["es"]["moves"] == frames["en"]["moves"] == table.moves
                assert frames["es"]["current"] == frames["en"]["current"]
                untold = [{k: v for k, v in e.items() if k != "text"} for e in frames["es"]["events"]]
                assert untold == [{k: v for k, v in e.items() if k != "text"} for e in frames["en"]["events"]]
                for lang, frame in frames.items():
                    expected = [named(i18n.text(e.message, lang), names) for n, e in table.log
                                if since is None or n > since]
                    assert [e["text"] for e in frame["events"]] == expected, lang
                # The seat to move gets the legal moves, labelled in its language.
                mover = next(lang for lang, seat in seat_of.items() if seat == table.state.current_player)
                other = "en" if mover == "es" else "es"
                legal = table.state.legal_actions()
                assert [m["label"] for m in frames[mover]["legal"]] == [i18n.text(a.label, mover) for a in legal]
                assert frames[other]["legal"] == []
                labels_seen.add(mover)
                # The other seat's move is refused, in its own language.
                await pages[other].send(protocol.move(legal[0].to_json(), table.moves))
                refused = await pages[other].next("refused")
                sentence = "It is not your turn: wait for the player whose turn it is."
                assert refused["message"] == (spanish(sentence) if other == "es" else sentence)
                # The mover plays its first legal move; both pages hear it.
                since = table.moves
                await pages[mover].send(protocol.move(frames[mover]["legal"][0]["action"], since))
                for page in pages.values():
                    page.frame = await page.next("position")
                    assert page.frame["moves"] == since + 1
            # A move sent for a position gone by: refused in each page's language.
            for lang, page in pages.items():
                await page.send(protocol.move({"kind": "pass"}, 0))
                refused = (await page.next("refused"))["message"]
                sentence = "The table moved on before your move arrived: look again and choose."
                assert refused == (spanish(sentence) if lang == "es" else sentence)
            assert not english_sentences([spanish(sentence)])
    run_apart(body())


def test_the_projector_and_the_teacher_read_their_own_language_and_the_record_stays_english(tmp_path):
    """A table with a computer: the Spanish projector and the Spanish teacher's page read
    "Computadora (buena)", the English student "Computer (good)"; the stored name stays English."""
    async def body():
        async with Site(tmp_path / "classes.sqlite3") as site:
            code = (await site.post("api/teacher/classes", {"game": "translation", "size": 2, "level": "greedy"},
                                    teacher=True))["code"]
            ben = await site.post("api/join", {"code": code, "name": "Ben"}, lang="en")
            assert (await site.post("api/teacher/tables/1/start", {}, teacher=True)) == {"ok": True}
            english = await site.page(ben["token"], "en")
            assert "Computer (good)" in english.frame["names"]
            state = json.loads(await site.get("api/teacher", lang="es"))
            table_row = state["classes"][0]["tables"][0]
            assert [s["name"] for s in table_row["seats"]] == ["Ben", "Computadora (buena)"]
            projector = await site.session.ws_connect(site.server.make_url("/ws/watch").with_query(
                {"table": 1, "pass": table_row["watch"], "build": site.classes.build, "lang": "es"}))
            watched = Page(projector)
            frame = await watched.next("position")
            assert frame["names"] == ["Ben", "Computadora (buena)"]
            assert site.classes.store.tables()[0].names == ["Ben", "Computer (good)"]  # the record: English
            await projector.close()
    run_apart(body())


def test_the_teachers_refusals_and_report_headers_are_in_the_pages_language_and_the_csv_keeps_english_keys(tmp_path):
    async def body():
        async with Site(tmp_path / "classes.sqlite3") as site:
            refused = await site.post("api/teacher/classes", {"game": "translation", "size": 2, "level": "genius"},
                                      lang="es", teacher=True)
            assert refused["error"] == spanish("Choose the computers' level: beginner, good or strong.")
            code = (await site.post("api/teacher/classes", {"game": "translation", "size": 2, "level": "greedy"},
                                    teacher=True))["code"]
            wrong = await site.post("api/join", {"code": "ZZZZZ", "name": "Ana"}, lang="es")
            assert wrong["error"] == spanish("No class has that code: check it with your teacher.")
            taken = await site.post("api/join", {"code": code, "name": "Jugador 2"}, lang="es")
            assert "Jugador 2" in taken["error"] and not english_sentences([taken["error"]])
            await site.post("api/join", {"code": code, "name": "Ana"}, lang="es")
            report = json.loads(await site.get(f"api/teacher/classes/{code}/report", lang="es"))
            assert report["columns"] == list(COLUMNS)
            assert report["headers"][0] == "estudiante" and report["results"]["won"] == "ganó"
            assert not english_sentences(report["headers"])
            plain = await site.get(f"api/teacher/classes/{code}/report.csv")
            rows = list(csv.reader(io.StringIO(plain)))
            assert rows[0] == list(COLUMNS) and rows[1][0] == "Ana"
            both = await site.get(f"api/teacher/classes/{code}/report.csv", lang="es")
            rows = list(csv.reader(io.StringIO(both)))
            assert rows[0] == list(COLUMNS), "the keys a spreadsheet reads come first, in English"
            assert rows[1] == report["headers"] and rows[2][0] == "Ana"
    run_apart(body())


HOSTILE_LANGS = ["x" * 10_000, "../../../etc/passwd", "es\x00", "es\n", {"lang": "es"}, ["es"], 12, None, True,
                 "", "es-" + "A" * 40, "es/../../server", "%2e%2e", "\u202ees", "ES"]


@pytest.mark.parametrize("lang", HOSTILE_LANGS, ids=lambda v: repr(v)[:24])
def test_a_hello_with_an_odd_language_reads_as_english_and_loads_nothing(lang):
    """A hostile student's hello: any value that is not a short tag is English; a tag only chooses
    among the catalogs already loaded (``ES`` is Spanish), never a file, and adds no catalog."""
    before = i18n.languages(include_test_only=True)
    tag = protocol.language_of(lang)
    assert len(tag) <= 21 and re.fullmatch(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}", tag)
    assert i18n.best_language(tag) == ("es" if lang == "ES" else "en")
    assert i18n.languages(include_test_only=True) == before


def test_one_socket_keeps_the_language_of_its_one_hello(tmp_path):
    """A second hello (another language) is refused in the first one's language, and changes nothing:
    a page that switches language reconnects. Odd languages in a hello seat the page in English."""
    async def body():
        async with Site(tmp_path / "classes.sqlite3") as site:
            code = (await site.post("api/teacher/classes", {"game": "translation", "size": 2, "level": "greedy"},
                                    teacher=True))["code"]
            ana = await site.post("api/join", {"code": code, "name": "Ana"})
            ben = await site.post("api/join", {"code": code, "name": "Ben"})
            page = await site.page(ana["token"], "es")
            await page.send(protocol.hello(ana["token"], site.classes.build, None, "en"))
            error = await page.next("error")
            assert error["message"] == spanish("This page has said hello already.")
            await page.send(protocol.move({"kind": "pass"}, 99))  # a position gone by: refused
            refused = (await page.next("refused"))["message"]
            assert refused == spanish("The table moved on before your move arrived: look again and choose.")
            await page.socket.send_str("{not a frame")  # the socket's own errors too
            assert (await page.next("error"))["message"] == spanish("That frame could not be read.")
            odd = await site.page(ben["token"], "x" * 5000)
            await odd.send(protocol.move({"kind": "pass"}, 99))
            refused = (await odd.next("refused"))["message"]
            assert refused == "The table moved on before your move arrived: look again and choose."
    run_apart(body())


def test_a_sentence_naming_a_seat_reads_the_students_name_in_each_language(tmp_path):
    """An event whose Message names a seat ("Player {n}") and a computer reads the student's name in
    every language, the rest of the sentence in the reader's."""
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    code = room.create_class("translation", 2, "greedy").code
    _token, table, _seat = room.join(code, "Ana")
    room.start_table(table.id)
    sentence = message("{computer} for {student}", computer=lazy_gettext("Computer (good)"),
                       student=message("Player {n}", n=1))
    table.log.append((table.moves, Event("note", 0, sentence)))
    frame = room.frame(table, 0)
    with i18n.language("es"):
        shown = protocol.decode(protocol.encode(frame))
    assert shown["events"][-1]["text"] == "Computadora (buena) en lugar de Ana"
    assert shown["names"] == ["Ana", "Computadora (buena)"]
    shown = protocol.decode(protocol.encode(frame))
    assert shown["events"][-1]["text"] == "Computer (good) for Ana"
    assert shown["names"] == ["Ana", "Computer (good)"]


def test_a_student_may_not_take_a_computers_or_a_seats_name_in_spanish_either(tmp_path):
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    code = room.create_class("translation", 2, "greedy").code
    for name in ("Computadora", "computadora (fuerte)", "Computer", "Player 2"):
        with pytest.raises(Exception, match="Choose your own first name"):
            room.join(code, name)
    assert room.join(code, "Lupita")[0]


def test_the_computers_names_in_the_catalog_are_the_ones_the_record_keeps():
    """The record names a computer ``computer_name(level)``; each level's name is in the server's
    catalog (COMPUTER_NAMES), and the refusal of an unknown level names every level."""
    assert {kind: computer_name(kind) for kind in LEVELS} == COMPUTER_NAMES
    assert all(f" {words}" in "Choose the computers' level: beginner, good or strong." for words in LEVELS.values())
