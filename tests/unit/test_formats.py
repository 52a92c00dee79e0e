"""Issue 43, class-length formats: every game but Translation has a short format (the option
``short``; docs/rules-decisions.md › Formats) that a record replays, a class table and a play link
start, and that really is shorter by the measured lengths in the one file the pages read
(lessons/teachers/game_lengths.json; the pages' minutes are tested in test_teachers.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("jinja2")
pytest.importorskip("markdown_it")

from biocards import games  # noqa: E402
from biocards.bench import format_lengths  # noqa: E402
from biocards.core.testing import assert_replays, observable, random_game  # noqa: E402
from biocards.games.cytosis.rules import SHORT_EVENTS  # noqa: E402
from biocards.games.expression.rules import SHORT_TARGET  # noqa: E402
from biocards.games.nucleo.cards import COIN_POOL  # noqa: E402
from biocards.games.nucleo.rules import SHORT_COIN_POOL  # noqa: E402
from biocards.games.peptide.rules import SHORT_STOP_DEPTH, TWO_PLAYER_STOP_DEPTH  # noqa: E402
from biocards.server.classroom import Classroom, Refusal  # noqa: E402
from biocards.server.store import Store  # noqa: E402
from sitegen.game_lengths import class_length, load, player_counts, settings  # noqa: E402

LENGTHS = load()
SHORT = ["nucleo", "peptide", "cytosis", "expression"]


def test_the_games_with_a_short_format_and_translation_without_one():
    """Translation's whole game is its class-length format (a median of under 80 moves at every count)."""
    assert sorted(g.id for g in games.all() if "short" in g.options) == sorted(SHORT)
    assert all(games.get(g).options["short"] is False for g in SHORT)  # the rulebook's game unless chosen


@pytest.mark.parametrize("game_id", SHORT)
def test_a_short_game_replays_from_its_record_and_an_older_record_plays_the_whole_game(game_id):
    game = games.get(game_id)
    state = random_game(game, game.min_players, 3, short=True)
    record = state.to_record()
    assert record["options"]["short"] is True
    assert_replays(state)  # through JSON, to a position that looks the same to every seat
    # A record from before the option existed has no "short": it replays as the whole game.
    whole = random_game(game, game.min_players, 3)
    older = whole.to_record()
    del older["options"]["short"]
    assert game.load(older).options["short"] is False and observable(game.load(older)) == observable(whole)


def test_each_short_format_changes_what_its_rule_says():
    nucleo = games.get("nucleo")
    for n in (2, 3, 4):  # half the rulebook's pool, rounded up
        assert nucleo.new_state(n, 1, short=True).pool.count == SHORT_COIN_POOL[n] == -(-COIN_POOL[n] // 2)
        assert nucleo.new_state(n, 1).pool.count == COIN_POOL[n]
    peptide = games.get("peptide")
    assert peptide.new_state(2, 1, short=True).stop_depth == SHORT_STOP_DEPTH > TWO_PLAYER_STOP_DEPTH
    assert peptide.new_state(4, 1, short=True).stop_depth == SHORT_STOP_DEPTH > peptide.new_state(4, 1).stop_depth == 0
    cytosis = games.get("cytosis")
    assert len(cytosis.new_state(4, 1, short=True).events) == SHORT_EVENTS < len(cytosis.new_state(4, 1).events)
    expression = games.get("expression")
    assert expression.new_state(4, 1, short=True).target == SHORT_TARGET == 100
    assert expression.new_state(4, 1).target == 500


@pytest.mark.parametrize("game_id", SHORT)
def test_the_short_format_is_shorter_by_the_measured_lengths(game_id):
    """From the file the pages read (measured by `python -m sitegen.game_lengths`), not a new game loop."""
    game = games.get(game_id)
    (_, whole), (name, short) = settings(game, LENGTHS)
    assert name == "short" and short["options"] == {"short": True}
    for n in player_counts(game):
        assert short["counts"][str(n)]["moves"]["median"] < whole["counts"][str(n)]["moves"]["median"], n


def test_the_format_the_pages_offer_fits_the_slot_at_the_slow_end_of_the_pace():
    """A format fits when its median game takes at most the slot at the slow end of the pace; a game
    with none (NUCLEO: its trading makes even the short game run 400 moves at two players) gets the
    shortest there is, and its page says that nothing fits."""
    _, slow = LENGTHS["seconds_per_move"]
    for game in games.all():
        fit = class_length(game, LENGTHS)
        rows = [c["moves"]["median"] for _, s in settings(game, LENGTHS) for c in s["counts"].values()]
        if fit["fits"]:
            assert fit["players"] in fit["counts"] and fit["median"] * slow <= LENGTHS["slot_minutes"] * 60 + slow
        else:
            assert min(rows) * slow > LENGTHS["slot_minutes"] * 60 and fit["median"] == round(min(rows))
    assert [g.id for g in games.all() if not class_length(g, LENGTHS)["fits"]] == ["nucleo"]


def test_a_class_can_be_set_to_the_short_format_and_its_tables_are_dealt_with_it(tmp_path):
    room = Classroom(Store(tmp_path / "classes.sqlite3"))
    info = room.create_class("peptide", 2, "greedy", {"short": True})
    seated = [room.join(info.code, name) for name in ("Ana", "Ben")]
    table = seated[0][1]
    assert info.options == {"short": True} and table.row.options == {"short": True}
    assert table.state.stop_depth == SHORT_STOP_DEPTH
    with pytest.raises(Refusal):
        room.create_class("translation", 2, "greedy", {"short": True})  # no short format to choose


@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_the_bench_reports_moves_per_game_for_each_format_as_the_file_measured_them(game_id):
    """`python3 build.py bench` (biocards.bench.format_lengths) measures what the pages' file holds:
    its seed-0 game in each format is the file's first game at the printed fewest players."""
    game = games.get(game_id)
    bench = format_lengths(game, 1)
    assert set(bench) == {"players", "games", "whole"} | ({"short"} if "short" in game.options else set())
    for name, setting in settings(game, LENGTHS):
        first = setting["counts"][str(game.min_players)]["first_game"]
        assert bench[name]["moves"]["median"] == first["moves"], name


def test_a_play_link_with_the_short_format_starts_it():
    from biocards.web.seats import parse

    setup = parse("?game=peptide&seats=human,greedy&opt-short=true", {"peptide": (2, 6)})
    assert setup.options == {"short": True}
    assert games.get("peptide").new_state(2, 7, **setup.options).stop_depth == SHORT_STOP_DEPTH
    assert parse("?game=peptide&seats=human,greedy&opt-short=false", {"peptide": (2, 6)}).options == {"short": False}
