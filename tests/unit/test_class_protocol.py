"""Issue 40, "one protocol.py defines every frame": the frames the class server sends and reads are
the ones ``biocards/protocol.py`` names, and that module can be imported by the page (Pyodide: the
standard library only, no aiohttp, nothing of the server)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from biocards import protocol
from biocards.server.classroom import Classroom
from biocards.server.store import Store

ROOT = Path(__file__).resolve().parents[2]


def test_the_protocol_imports_only_what_the_page_has():
    tree = ast.parse((ROOT / "py" / "biocards" / "protocol.py").read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "json", "re", "typing"}


def test_every_field_a_seat_is_sent_is_named_in_the_protocol(tmp_path):
    """A field added to a position (or waiting) frame without protocol.py knowing it fails here."""
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    code = room.create_class("translation", 2, "greedy").code
    _token, table, seat = room.join(code, "Ana")
    waiting = room.frame(table, seat, here={seat})
    assert waiting["type"] == "waiting" and set(waiting) <= set(protocol.Waiting.__annotations__)
    room.start_table(table.id)
    while not table.state.is_terminal() and table.moves < 3000:  # to the end, where scores are sent too
        action = next(a for a in table.state.legal_actions() if a.kind != "cancel")
        room.play(table, table.state.current_player, action.to_json(), table.moves)
    assert table.state.is_terminal()
    for who in (seat, None):
        frame = room.frame(table, who, here={seat}, clock_left=3.0)
        assert frame["type"] in protocol.SERVER_FRAMES
        assert set(frame) <= set(protocol.Position.__annotations__), set(frame) - set(protocol.Position.__annotations__)


def test_the_server_builds_its_frames_with_the_protocol_only():
    """No frame is spelled out by hand in app.py: each is one of protocol.py's."""
    source = (ROOT / "py" / "biocards" / "server" / "app.py").read_text(encoding="utf-8")
    assert '"type":' not in source and "json.dumps" not in source


@pytest.mark.parametrize("frame", [protocol.hello("t", "b", 3), protocol.move({"kind": "play", "card": 2}, 4),
                                   protocol.ask_hint(), protocol.why("codon"), protocol.refused("No.", 2),
                                   protocol.hint({"kind": "pass"}, "Because.", 5), protocol.error("Gone.", lost=True),
                                   protocol.away([1]), protocol.reload()])
def test_a_frame_reads_back_as_it_was_sent(frame):
    assert protocol.decode(protocol.encode(frame)) == frame
    assert frame["type"] in protocol.PAGE_FRAMES | protocol.SERVER_FRAMES


def test_a_frame_nested_past_the_limit_is_refused_with_a_sentence_not_a_recursion_error():
    with pytest.raises(protocol.Unreadable, match="nested too deeply"):
        protocol.decode('{"a": ' * 13 + "1" + "}" * 13)
    with pytest.raises(protocol.Unreadable, match="nested too deeply"):
        protocol.decode("[" * 100_000 + "]" * 100_000)
    with pytest.raises(protocol.Unreadable, match="could not be read"):
        protocol.decode("[1, 2]")
