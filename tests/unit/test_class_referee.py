"""The class server's referee (py/biocards/server/classroom.py), on CPython with a real SQLite file:
seating, refusals in the engine's words, hidden information in every frame, and a record that a
new server replays to the same position (issue 30)."""

from __future__ import annotations

import json
import random

import pytest

from biocards import i18n
from biocards import games
from biocards.core import Action
from biocards.server.classroom import CODE_LETTERS, Classroom, Refusal, clean_name
from biocards.server.store import Store

PLAYABLE = [g.id for g in games.all() if g.render is not None]


def fresh(tmp_path, name="classes.sqlite3") -> Classroom:
    return Classroom(Store(tmp_path / name))


def full_table(room: Classroom, game: str, size: int):
    info = room.create_class(game, size, "greedy")
    tokens = [room.join(info.code, f"Student {i}")[0] for i in range(size)]
    table, _ = room.seat_of(tokens[0])
    return info, tokens, table


def test_join_codes_are_short_and_have_no_look_alike_letters(tmp_path):
    room = fresh(tmp_path)
    codes = {room.create_class("translation", 2, "greedy").code for _ in range(40)}
    assert len(codes) == 40
    for code in codes:
        assert 4 <= len(code) <= 6
        assert not set(code) & set("0O1IL2Z5S6G8BUV") and set(code) <= set(CODE_LETTERS)


def test_students_are_seated_as_they_arrive_and_a_full_table_starts(tmp_path):
    room = fresh(tmp_path)
    info = room.create_class("nucleo", 2, "greedy")
    token_a, table_a, seat_a = room.join(info.code, "Ana")
    assert (table_a.row.number, seat_a, table_a.started) == (1, 0, False)
    _, table_b, seat_b = room.join(info.code.lower(), "Ben")  # typed in lower case
    assert table_b is table_a and seat_b == 1 and table_a.started
    _, table_c, seat_c = room.join(info.code, "Cleo")  # the next arrival opens table 2
    assert table_c.row.number == 2 and seat_c == 0 and not table_c.started
    assert room.seat_of(token_a) == (table_a, 0)


def test_a_teacher_starts_a_table_with_computers_of_the_class_level(tmp_path):
    room = fresh(tmp_path)
    info = room.create_class("peptide", 4, "search")
    _, table, _ = room.join(info.code, "Ana")
    room.start_table(table.id)
    assert table.started and table.row.seats == ["human", "search", "search", "search"]
    assert table.row.names[1] == "Computer (strong)"
    with pytest.raises(Refusal, match="already started"):
        room.start_table(table.id)


def test_a_class_refuses_a_game_size_or_level_it_cannot_have(tmp_path):
    room = fresh(tmp_path)
    with pytest.raises(Refusal, match="no game called"):
        room.create_class("chess", 2, "greedy")
    with pytest.raises(Refusal, match="2–4 players"):
        room.create_class("nucleo", 5, "greedy")
    with pytest.raises(Refusal, match="level"):
        room.create_class("nucleo", 2, "grandmaster")
    with pytest.raises(Refusal, match="No class has that code"):
        room.join("XXXXX", "Ana")


def test_names_are_plain_text_capped_and_never_empty():
    assert clean_name("  Ana\u0000\u200b  Maria\n") == "Ana Maria"
    assert clean_name("<b>Ana</b>") == "<b>Ana</b>"  # kept as text: the pages set textContent
    assert len(clean_name("x" * 200)) == 24
    for empty in ("", "   ", "\u0007", None, 12):
        with pytest.raises(Refusal, match="first name"):
            clean_name(empty)


def test_the_referee_refuses_in_the_engines_words_and_changes_nothing(tmp_path):
    room = fresh(tmp_path)
    _, _, table = full_table(room, "translation", 2)
    state = table.state
    mover, other = state.current_player, 1 - state.current_player
    legal = state.legal_actions()[0]
    before = json.dumps(state.view(None), sort_keys=True)
    with pytest.raises(Refusal, match="not your turn"):
        room.play(table, other, legal.to_json(), 0)
    with pytest.raises(Refusal, match="moved on"):
        room.play(table, mover, legal.to_json(), 5)
    with pytest.raises(Refusal, match="could not be read"):
        room.play(table, mover, {"no": "kind"}, 0)
    bogus = Action("buy", card="no-such-card")
    with pytest.raises(Refusal) as refused:
        room.play(table, mover, bogus.to_json(), 0)
    assert str(refused.value) == str(state.explain_illegal(bogus))
    assert json.dumps(state.view(None), sort_keys=True) == before and table.moves == 0
    room.play(table, mover, legal.to_json(), 0)  # the table is not stuck
    assert table.moves == 1


@pytest.mark.parametrize("game", PLAYABLE)
def test_no_frame_holds_what_its_seat_cannot_see(tmp_path, game):
    """Over a whole random game: each seat's frame is its own view, its own moves and the public log,
    and it stays the same when everything that seat cannot see (other hands, deck order, future
    rolls) is dealt again. A frame that leaked a hidden card would change with the deal."""
    low = games.get(game).fewest_players
    size = max(low, 3) if games.get(game).max_players >= 3 else low
    room = fresh(tmp_path)
    _, _, table = full_table(room, game, size)
    rng = random.Random(game)
    since = None  # the whole log first, then each move's lines once: lines never change once written
    for step in range(400):
        state = table.state
        for seat in [None, *range(size)]:
            frame = table.frame(seat, since)
            assert frame["view"] == json.loads(json.dumps(state.view(seat)))
            assert all(set(e) == {"move", "kind", "player", "text", "concepts"} for e in frame["events"])
            if seat is None:
                assert frame["legal"] == []
                continue
            if seat != state.current_player:
                assert frame["legal"] == []
            if step % 7 == 0:
                real = table.state
                table.state = real.determinized(seat, seed=step)
                try:
                    redealt = table.frame(seat, since)
                finally:
                    table.state = real
                assert redealt == frame, f"seat {seat}'s frame changed when only hidden things changed"
        if state.is_terminal():
            break
        seat = state.current_player
        action = rng.choice(state.legal_actions())
        since = len(state.history)
        room.play(table, seat, action.to_json(), table.moves)
    whole = table.frame(0)
    assert whole["whole_log"] and len(whole["events"]) == len(table.log)
    assert all(set(e) == {"move", "kind", "player", "text", "concepts"} for e in whole["events"])


def test_a_new_server_on_the_same_record_resumes_every_table(tmp_path):
    room = fresh(tmp_path)
    info, tokens, table = full_table(room, "cytosis", 3)
    rng = random.Random(3)
    for _ in range(25):
        state = table.state
        room.play(table, state.current_player, rng.choice(state.legal_actions()).to_json(), table.moves)
    view = table.frame(1)
    # No close, no clean shutdown: the next server reads what was committed.
    again = fresh(tmp_path)
    resumed, seat = again.seat_of(tokens[1])
    assert seat == 1 and resumed.frame(1) == view
    assert again.classes[info.code].game == "cytosis"


def test_a_move_number_is_stored_once(tmp_path):
    store = Store(tmp_path / "x.sqlite3")
    store.add_class("ABCDE", "translation", 2, "greedy")
    table = store.add_table("ABCDE", 1, 7, {}, ["human", "human"], ["A", "B"])
    store.add_move(table, 1, {"kind": "x"})
    with pytest.raises(Exception, match="UNIQUE"):
        store.add_move(table, 1, {"kind": "y"})


def test_deleting_a_class_deletes_its_students_tables_and_moves(tmp_path):
    room = fresh(tmp_path)
    info, tokens, table = full_table(room, "translation", 2)
    room.play(table, table.state.current_player, table.state.legal_actions()[0].to_json(), 0)
    kept, _, _ = full_table(room, "nucleo", 2)
    room.delete_class(info.code)
    db = room.store.db
    assert db.execute("SELECT COUNT(*) FROM students WHERE class_code = ?", (info.code,)).fetchone() == (0,)
    assert db.execute("SELECT COUNT(*) FROM tables WHERE class_code = ?", (info.code,)).fetchone() == (0,)
    assert db.execute("SELECT COUNT(*) FROM moves").fetchone() == (0,)
    assert db.execute("SELECT COUNT(*) FROM students").fetchone() == (2,)  # the other class's
    with pytest.raises(Refusal):
        room.seat_of(tokens[0])
    assert kept.code in room.classes


def test_an_ended_class_ends_its_tables_and_takes_no_one_new(tmp_path):
    room = fresh(tmp_path)
    info, _tokens, table = full_table(room, "translation", 2)
    assert room.end_class(info.code) == [table]
    assert table.row.ended and table.computer_to_move() is None
    with pytest.raises(Refusal, match="No class has that code"):
        room.join(info.code, "Late")
    assert fresh(tmp_path).classes[info.code].ended  # kept in the record


def test_a_tables_seed_has_64_secret_bits_so_no_search_over_seeds_finds_the_deal(tmp_path):
    """Issue 40, finding 1: a seed of about 20 bits let a student try every seed against their own
    first view (the engine ships to every browser) and so read every hidden hand. A seed drawn from
    ``secrets`` over all 64 bits of the game's generator leaves nothing to search."""
    room = fresh(tmp_path)
    seeds = []
    for _ in range(12):
        _, _, table = full_table(room, "translation", 2)
        seeds.append(table.row.seed)
    assert len(set(seeds)) == 12 and all(0 <= seed < 1 << 64 for seed in seeds)
    assert max(seeds) >= 1 << 60, "twelve draws of 64 bits all under 2**60 is a 1-in-2**48 event"
    # A seed at the top of the range survives the store (SQLite's INTEGER is signed) and a restart.
    again = fresh(tmp_path)
    assert [again.tables[t.id].row.seed for t in room.tables.values()] == [t.row.seed for t in room.tables.values()]
    store = Store(tmp_path / "top.sqlite3")
    store.add_class("ABCDE", "translation", 2, "greedy")
    top = store.add_table("ABCDE", 1, (1 << 64) - 1, {}, ["human", "human"], ["A", "B"])
    assert next(row.seed for row in store.tables() if row.id == top) == (1 << 64) - 1


@pytest.mark.parametrize("name", ["Computer (strong)", "computer", "COMPUTER (good) for Ana", "Computer: beginner",
                                  "strong", "Greedy", "Player 2", "player 10"])
def test_a_student_cannot_take_a_computers_or_another_seats_name(tmp_path, name):
    """Issue 40, finding 12: a student could call themselves "Computer (strong)", and classmates would
    play on thinking they faced a computer (or take "Player 2" and be read as another seat)."""
    room = fresh(tmp_path)
    info = room.create_class("translation", 2, "greedy")
    with pytest.raises(Refusal, match="Choose your own first name"):
        room.join(info.code, name)
    assert room.tables_of(info.code) == [] and room.seats == {}


def test_names_that_only_contain_such_words_are_first_names(tmp_path):
    room = fresh(tmp_path)
    info = room.create_class("translation", 2, "greedy")
    for name in ("Goodwin", "Strongbow", "Computa", "Nobel"):
        room.join(info.code, name)


def choose_and_cancel(state):
    """A card chosen and put back (Translation's play/cancel), or an offer started and cancelled
    (NUCLEO's propose … cancel), if the seat to move can start one now: the actions, else None."""
    twin = state.clone()
    made = []
    for _ in range(4):  # as far into the choice as it goes (Mutate's nucleotide, an offer's items)
        legal = twin.legal_actions()
        mutating = twin.pending and twin.pending[-1].data.get("card") == "mutate"
        opener = next((a for a in legal if a.kind in ("propose", "offer-to", "give", "done-giving", "ask")
                       or a.kind == "target" and mutating
                       or a.kind == "play" and a.get("card") in ("delete", "mutate", "complement")), None)
        if opener is None:
            break
        twin.apply(opener)
        made.append(opener)
    cancel = next((a for a in twin.legal_actions() if a.kind == "cancel"), None)
    return made + [cancel] if made and cancel is not None else None


@pytest.mark.parametrize("game", ["translation", "nucleo"])
def test_a_card_chosen_and_put_back_is_no_move_of_the_students(tmp_path, game):
    """Issue 40, "moves that are not moves": a run of random clicks made 1,228 cancels at one table,
    each counted in the teacher's Moves column and the report. A choice cancelled is stored (the
    record replays every action) but counted as no move; the moves a student finishes still count."""
    from biocards.server.report import class_report

    room = fresh(tmp_path)
    info, _tokens, table = full_table(room, game, 2)
    rng = random.Random(game)
    pairs = 0
    for _ in range(600):
        state = table.state
        if state.is_terminal() or pairs >= 5:
            break
        run = choose_and_cancel(state) if not state.pending else None
        if run is not None:
            counted = table.summary(set())["moves"]
            seat = state.current_player
            credited = [r for r in class_report(room, info.code)["rows"] if r["seat"] == seat + 1][0]["moves"]
            for action in run:
                room.play(table, table.state.current_player, action.to_json(), table.moves)
            pairs += 1
            assert table.summary(set())["moves"] == counted, [a.kind for a in run]
            row = [r for r in class_report(room, info.code)["rows"] if r["seat"] == seat + 1][0]
            assert row["moves"] == credited
        legal = [a for a in table.state.legal_actions() if a.kind != "cancel"] or table.state.legal_actions()
        room.play(table, table.state.current_player, rng.choice(legal).to_json(), table.moves)
    assert pairs >= 1
    # What the teacher's column shows is every move but the choices put back.
    kept = table.summary(set())["moves"]
    assert 0 < kept < table.moves
    again = fresh(tmp_path).tables[table.id]  # a restarted server counts the same
    assert again.summary(set())["moves"] == kept and again.moves == table.moves


def test_the_class_log_names_students_as_the_end_screen_does(tmp_path):
    """Issue 40: the class log said "Player 2 bought Insert" while the table showed "Ben"; the frame's
    event texts and the teacher's last line name each seat as the class does."""
    room = fresh(tmp_path)
    info = room.create_class("translation", 2, "greedy")
    room.join(info.code, "Ana")
    _token, table, _seat = room.join(info.code, "Ben")
    for _ in range(8):
        state = table.state
        room.play(table, state.current_player, state.legal_actions()[-1].to_json(), table.moves)
    texts = [i18n.text(e["text"]) for e in table.frame(0)["events"]]  # written when the socket's frame is
    assert texts and not any("Player 1" in t or "Player 2" in t for t in texts), texts
    assert any(t.startswith(("Ana ", "Ben ", "Ana's", "Ben's")) for t in texts)
    assert "Player" not in table.summary(set())["last"]
    room.hand_to_computer(table.id, 1)
    assert any("Computer (good) for Ben" in e["text"] for e in table.frame(0)["events"])


def test_a_counter_offer_begun_and_cancelled_is_no_move_but_the_offer_before_it_counts(tmp_path):
    """NUCLEO's talks: Ana's offer (propose … send) is a whole move and counts; Ben declines (counts);
    Cleo starts a counter-offer, adds an item and cancels: those three are put back, and only they."""
    room = fresh(tmp_path)
    info = room.create_class("nucleo", 3, "greedy")
    for name in ("Ana", "Ben", "Cleo"):
        _token, table, _seat = room.join(info.code, name)
    state = table.state
    while state.phase == "roll" or state.pending:  # the roll and any choice it brings
        action = state.legal_actions()[0] if state.phase == "roll" else state.legal_actions()[-1]
        room.play(table, state.current_player, action.to_json(), table.moves)

    def play(kind):
        action = next(a for a in state.legal_actions() if a.kind == kind)
        room.play(table, state.current_player, action.to_json(), table.moves)

    for kind in ("propose", "offer-to", "give", "done-giving", "ask", "send", "decline"):
        play(kind)
    whole = table.moves
    for kind in ("counter", "give", "cancel"):
        play(kind)
    assert table.put_back == {whole + 1, whole + 2, whole + 3}
    assert table.summary(set())["moves"] == whole


def test_the_referee_builds_each_seats_whole_frame(tmp_path):
    """The frame a page is sent: its seat's position, who is away (a student's seat with no page
    connected; computers are never away), the Suggest switch and the clock's seconds when given."""
    room = fresh(tmp_path)
    info = room.create_class("translation", 3, "greedy")
    room.join(info.code, "Ana")
    _token, table, _seat = room.join(info.code, "Ben")
    room.start_table(table.id)  # seat 2: a computer
    frame = room.frame(table, 0, here=[0, None])  # Ana's page and a projector are connected
    assert frame["away"] == [1] and frame["suggest"] is False and "clock_left" not in frame
    assert {k: v for k, v in frame.items() if k not in ("away", "suggest")} == table.frame(0)
    room.set_suggest(info.code, True)
    assert room.frame(table, 1, since=0, here=[0, 1], clock_left=12.5) | {"events": []} == {
        **table.frame(1, since=0), "events": [], "away": [], "suggest": True, "clock_left": 12.5}


def test_a_hint_is_for_the_seat_to_move_in_a_class_that_allows_it(tmp_path):
    room = fresh(tmp_path)
    info, _tokens, table = full_table(room, "translation", 2)
    mover = table.state.current_player
    with pytest.raises(Refusal, match="switched Suggest a move off"):
        room.check_hint(table, mover)
    room.set_suggest(info.code, True)
    room.check_hint(table, mover)
    with pytest.raises(Refusal, match="on your turn"):
        room.check_hint(table, 1 - mover)
    room.set_paused(table.id, True)
    with pytest.raises(Refusal, match="on your turn"):
        room.check_hint(table, mover)


def test_what_a_student_did_besides_moving_is_noted_for_the_report_in_shapes_the_referee_knows(tmp_path):
    from biocards.server.report import class_report

    room = fresh(tmp_path)
    info, tokens, _table = full_table(room, "translation", 2)
    room.note(tokens[0], "why", {"concept": "codon"})
    room.note(tokens[0], "hint", {"move": 3})
    room.note(tokens[1], "answer", {"lesson": "codons", "question": "q1", "right": True, "of": 1})
    for token, kind, detail in ((tokens[0], "why", {"concept": ""}), (tokens[0], "why", {"concept": "x" * 61}),
                                (tokens[0], "hint", {"move": True}), (tokens[0], "answer", {"lesson": "l"}),
                                (tokens[0], "answer", {"lesson": "l", "question": "q", "right": 1, "of": 1}),
                                (tokens[0], "answer", {"lesson": "l", "question": "q", "right": True, "of": 21}),
                                (tokens[0], "move", {}), (tokens[0], "why", ["codon"]),
                                (tokens[0], "why", {"concept": "codon", "more": [[[]]]})):
        with pytest.raises(Refusal, match="could not be read"):
            room.note(token, kind, detail)
    with pytest.raises(Refusal, match="No class seat"):
        room.note("not-a-token", "why", {"concept": "codon"})
    rows = {row["student"]: row for row in class_report(room, info.code)["rows"]}
    assert (rows["Student 0"]["why_opened"], rows["Student 0"]["hints"]) == (1, 1)
    assert (rows["Student 1"]["lessons_done"], rows["Student 1"]["questions_right"]) == (1, 1)


def test_a_computers_move_is_played_only_if_the_table_is_as_it_was_when_it_began_thinking(tmp_path):
    room = fresh(tmp_path)
    info = room.create_class("translation", 2, "greedy")
    _token, table, _seat = room.join(info.code, "Ana")
    room.start_table(table.id)
    while table.computer_to_move() is None:  # Ana's turn first: then it is the computer's
        room.play(table, 0, table.state.legal_actions()[-1].to_json(), table.moves)
    seat, at = table.computer_to_move(), table.moves
    chosen = table.state.legal_actions()[0].to_json()
    room.set_paused(table.id, True)
    assert room.play_for_computer(table, seat, chosen, at) is False  # paused while it thought
    room.set_paused(table.id, False)
    assert room.play_for_computer(table, seat, chosen, at + 1) is False  # the table moved on
    assert room.play_for_computer(table, seat, chosen, at) is True and table.moves == at + 1
