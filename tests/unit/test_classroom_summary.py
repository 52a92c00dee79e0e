"""The teacher's list of tables (``ClassTable.summary``) is kept between polls, since every teacher
page asks for every table every 2 s; it must still change the moment its table does."""

from __future__ import annotations

from biocards import i18n
from biocards.server.classroom import Classroom
from biocards.server.store import Store


def fresh(table, away):
    """The row as it would be made with nothing kept."""
    table._summary = None
    return table.summary(away)


def test_the_teachers_row_follows_moves_away_seats_and_pause(tmp_path):
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    code = room.create_class("nucleo", 4, "greedy").code
    for name in ("Ada", "Ben", "Cai", "Dee"):
        _token, table, _seat = room.join(code, name)  # the fourth fills the table and starts it
    first = table.summary(set())
    assert first["started"] and first["moves"] == 0
    assert table.summary(set()) is first  # asked again with nothing changed: the kept row

    seat = table.state.current_player
    room.play(table, seat, table.state.legal_actions()[0].to_json(), 0)
    after_move = table.summary(set())
    assert after_move["moves"] == 1 and after_move == fresh(table, set())
    assert i18n.text(after_move["last"]) == table.named(table.log[-1][1].text)  # "Ada rolled …", as the class names her

    away = table.summary({2})
    assert [s["away"] for s in away["seats"]] == [False, False, True, False] and away == fresh(table, {2})

    room.set_paused(table.id, True)
    assert table.summary({2})["paused"] is True

    room.hand_to_computer(table.id, 2)
    handed = table.summary({2})
    assert handed["seats"][2]["kind"] == "greedy" and handed == fresh(table, {2})
