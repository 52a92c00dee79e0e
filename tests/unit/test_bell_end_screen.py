"""The end screen of a game ended at the bell, for every game (issue 43: "the end screen, the log and
the report name the winner and say the game ended at the bell").

The browser tests see it for Translation and Peptide. Here every game is rung on CPython and its end
screen is built by the page's own code: the :class:`Result` that the game in this page
(``web/local.py``) and a class seat (``web/class_play.py``) make from the rung position, and the
end screen (``web/end_screen.py``) filling its elements from it. The page's ``pyscript`` and
``pyodide`` modules are stand-ins (only the DOM is faked), so the words are the page's words.

See docs/rules-decisions.md › All games › Play to the bell.
"""

from __future__ import annotations

import random
import sys
import types
from unittest.mock import MagicMock

import pytest

from biocards import games
from biocards.server.classroom import Classroom
from biocards.server.store import Store

GAMES = ["translation", "peptide", "nucleo", "cytosis", "expression"]


def _players(game_id: str) -> int:
    # The gene-expression game is for 4 to 6 players (its 2-3 player variant is an option).
    return 4 if game_id == "expression" else 2


@pytest.fixture(scope="module")
def page():
    """The page's modules, imported with stand-ins for the browser's ``pyscript`` and ``pyodide``."""
    stand_ins = {"pyscript": types.ModuleType("pyscript"), "pyodide": types.ModuleType("pyodide"),
                 "pyodide.ffi": types.ModuleType("pyodide.ffi")}
    stand_ins["pyscript"].document = MagicMock()
    stand_ins["pyscript"].window = MagicMock()
    stand_ins["pyodide.ffi"].create_proxy = stand_ins["pyodide.ffi"].create_once_callable = lambda f: f
    stand_ins["pyodide"].ffi = stand_ins["pyodide.ffi"]
    before = set(sys.modules)
    saved = {name: sys.modules.get(name) for name in stand_ins}
    sys.modules.update(stand_ins)
    try:
        from biocards.web import class_play, end_screen, local
        yield types.SimpleNamespace(local=local, class_play=class_play, end_screen=end_screen)
    finally:
        # The page's modules hold the stand-ins: forget them, so no other test imports them so.
        for name in set(sys.modules) - before:
            if name.startswith("biocards.web"):
                del sys.modules[name]
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def _end_screen(page, result, seat_title) -> dict:
    """The end screen's elements, each a stand-in that keeps what the end screen wrote into it."""
    elements: dict[str, MagicMock] = {}

    def element(name):
        return elements.setdefault(name, MagicMock(name=name))

    original = page.end_screen._el
    page.end_screen._el = element
    try:
        page.end_screen.EndScreen().show(result, seat_title, hints_used=0)
    finally:
        page.end_screen._el = original
    return elements


def _rung(game_id: str, seed: int):
    """A game played a few moves, rung, and (where its rules finish the round first) played out."""
    game = games.get(game_id)
    state = game.new_state(_players(game_id), seed)
    rng = random.Random(seed)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    state.ring_bell()
    for _ in range(2000):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.is_terminal() and state.bell_rung
    return state


def _says_the_bell_and_names(elements: dict, winner_titles: list[str]) -> None:
    bell = elements["end-bell"]
    assert bell.hidden is False
    if len(winner_titles) == 1:
        assert bell.textContent == f"The game ended at the bell. The winner: {winner_titles[0]}."
    else:
        assert bell.textContent == f"The game ended at the bell. The winners, tied: {', '.join(winner_titles)}."
    scores = elements["final-scores"].innerHTML
    assert scores.count('class="winner"') == len(winner_titles)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_in_this_page_ended_at_the_bell_says_so_and_names_the_rules_winner(page, game_id):
    """A solo or pass-around game whose timer rang: the result the page makes from the position is
    marked as ended at the bell with the rules' winners, and the end screen says it in words."""
    state = _rung(game_id, seed=3)
    source = object.__new__(page.local.LocalGame)  # the page's own game, without the browser's setup
    source.setup = page.local.Setup(game=game_id, seats=("human",) * _players(game_id), seed=3,
                                    pace_ms=0, options={})
    source.viewer = 0
    source.state = state
    result = source._position(state, live=False).result
    assert result.bell and result.winners == state.winners() and result.winners
    assert result.scores == state.scores()
    elements = _end_screen(page, result, source.seat_title)
    _says_the_bell_and_names(elements, [source.seat_title(p) for p in state.winners()])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_class_seat_whose_teacher_rang_the_bell_says_so_and_names_the_winner(page, game_id, tmp_path):
    """A student's seat at a class table the teacher ended: the frame the server sends (the round
    played out where the rules finish it) makes a result marked as ended at the bell, and the end
    screen names the winning student."""
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    names = ["Ana", "Ben", "Cleo", "Dan"][:_players(game_id)]
    info = room.create_class(game_id, len(names), "greedy")
    for name in names:
        room.join(info.code, name)
    table = room.tables_of(info.code)[0]
    rng = random.Random(5)

    def move() -> None:
        state = table.state
        room.play(table, state.current_player, rng.choice(state.legal_actions()).to_json(), table.moves)

    for _ in range(12):
        move()
    room.end_table(table.id)
    for _ in range(2000):
        if table.state.is_terminal():
            break
        move()
    winners = table.state.winners()
    assert table.state.is_terminal() and winners
    seat = page.class_play.ClassConnection(game_id, build="test")
    seat.seat, seat.names, seat.frame = 0, names, table.frame(0)
    result = seat.position().result
    assert result.bell and result.winners == winners
    elements = _end_screen(page, result, seat.seat_title)
    titles = [seat.seat_title(p) for p in winners]
    assert all(names[p] in title for p, title in zip(winners, titles))
    _says_the_bell_and_names(elements, titles)


def test_a_game_that_ended_by_its_rules_does_not_claim_the_bell(page):
    """The bell's line is for a rung game only: a game played to its own end hides it."""
    game = games.get("translation")
    state = game.new_state(2, 4)
    rng = random.Random(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    source = object.__new__(page.local.LocalGame)
    source.setup = page.local.Setup(game="translation", seats=("human", "human"), seed=4, pace_ms=0, options={})
    source.viewer = 0
    result = source._position(state, live=False).result
    assert not result.bell
    assert _end_screen(page, result, source.seat_title)["end-bell"].hidden is True


@pytest.mark.parametrize("seat", [0, None], ids=["student", "projector"])
def test_a_class_table_that_ended_by_its_rules_draws_its_end_for_a_student_and_the_projector(page, seat, tmp_path):
    """Found by the tests above: a class game over by its own rules (or after the round the bell left
    was played out) has nobody to move, and the seat's prompt line asked for that nobody's name, so
    the student's page and the projector failed to draw the final position and its end screen."""
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    info = room.create_class("translation", 2, "greedy")
    for name in ("Ana", "Ben"):
        room.join(info.code, name)
    table = room.tables_of(info.code)[0]
    rng = random.Random(1)
    while not table.state.is_terminal():
        state = table.state
        room.play(table, state.current_player, rng.choice(state.legal_actions()).to_json(), table.moves)
    assert not table.row.ended  # nobody ended it: the game did
    watcher = page.class_play.ClassConnection("translation", build="test")
    watcher.seat, watcher.names, watcher.frame = seat, ["Ana", "Ben"], table.frame(seat)
    position = watcher.position()
    assert position.mover is None and position.result.winners == table.state.winners()
    assert not position.result.bell
