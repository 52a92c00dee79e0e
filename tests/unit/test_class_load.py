"""The class server under a small school's load (tests/class_load.py, the bench's ``class`` section
at a size a test can afford): every student is sent a position, and no move a student saw
acknowledged is missing from the SQLite record or from the other students' tables, or counted twice.
Timings are the bench's business: nothing here asserts one."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import class_load  # noqa: E402
from biocards import games  # noqa: E402
from biocards.server.store import Store  # noqa: E402


def stub_site(folder: Path) -> Path:
    """All the class server needs of dist/: a home page and a wheel folder, whose hash is the build
    a page names in its hello."""
    (folder / "wheels" / "0123456789abcdef").mkdir(parents=True)
    (folder / "index.html").write_text("<!doctype html><title>home</title>")
    return folder


def test_a_small_school_plays_without_losing_or_doubling_a_move(tmp_path):
    # Two tables of NUCLEO-sized four: four students at one, three and a strong computer at the
    # other (started by the teacher), students moving every 0.2-0.6 s for 8 s, one teacher polling.
    figures = class_load.measure(stub_site(tmp_path / "site"), students=7, seconds=8, clients=1, teachers=1,
                                 pace=(0.2, 0.6), strong_every=2)
    assert figures["tables"] == 2 and figures["tables_with_a_strong_computer"] == 1
    assert figures["connected_students"] == 7 and figures["students_with_a_position"] == 7
    assert figures["moves_acknowledged"] >= 4, figures  # the tables really played (a busy machine slows them)
    assert figures["moves_acknowledged"] == figures["moves_sent"], figures  # every move was answered
    assert figures["moves_stored"] >= figures["moves_acknowledged"], figures
    assert figures["lost_moves"] == 0 and figures["duplicated_moves"] == 0, figures
    assert figures["record_breaks"] == 0 and figures["errors"] == [] and figures["refusals"] == [], figures


def _table_with_moves(tmp_path, moves: int):
    """A stored NUCLEO table of four students and its first ``moves`` moves, as the referee stores them."""
    store = Store(tmp_path / "classes.sqlite3")
    store.add_class("ACDEF", "nucleo", 4, "greedy")
    table_id = store.add_table("ACDEF", 1, 7, {}, ["human"] * 4, ["A", "B", "C", "D"])
    state = games.get("nucleo").new_state(4, 7)
    made = []
    for number in range(1, moves + 1):
        seat, action = state.current_player, state.legal_actions()[0]
        store.add_move(table_id, number, action.to_json())
        made.append((table_id, number, action.to_json(), seat))
        state.apply(action)
    store.close()
    return tmp_path / "classes.sqlite3", table_id, made, state


def test_the_record_check_finds_a_lost_and_a_doubled_move(tmp_path):
    data, table_id, made, state = _table_with_moves(tmp_path, 4)
    clean = class_load.check_record(data, made, [])
    assert clean["lost"] == 0 and clean["duplicated"] == 0 and clean["stored_moves"] == 4
    # A student saw a fifth move acknowledged that the record lacks: lost.
    fifth = (table_id, 5, state.legal_actions()[0].to_json(), state.current_player)
    assert class_load.check_record(data, [*made, fifth], [])["lost"] == 1
    # The record holds a student's move that no student sent there (as a move applied twice would): duplicated.
    assert class_load.check_record(data, made[:3], [])["duplicated"] == 1
