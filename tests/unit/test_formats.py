"""Issue 43, class-length formats: every game but Translation has a short format (the option
``short``; docs/rules-decisions.md › Formats) that a record replays, that really is shorter by the
measured lengths, and whose minutes the landing page and the For teachers pages take from the one
file of measured lengths (lessons/teachers/game_lengths.json)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("jinja2")
pytest.importorskip("markdown_it")

from biocards import games  # noqa: E402
from biocards.bench import format_lengths  # noqa: E402
from biocards.bots import RandomBot  # noqa: E402
from biocards.core.testing import assert_replays, observable  # noqa: E402
from biocards.games.cytosis.rules import SHORT_EVENTS  # noqa: E402
from biocards.games.expression.rules import SHORT_TARGET  # noqa: E402
from biocards.games.nucleo.cards import COIN_POOL  # noqa: E402
from biocards.games.nucleo.rules import SHORT_COIN_POOL  # noqa: E402
from biocards.games.peptide.rules import SHORT_STOP_DEPTH, TWO_PLAYER_STOP_DEPTH  # noqa: E402
from biocards.server.classroom import Classroom, Refusal  # noqa: E402
from biocards.server.store import Store  # noqa: E402
from sitegen.game_lengths import class_length, load, minutes, player_counts, settings  # noqa: E402
from sitegen.lessons import build_guided, build_lessons  # noqa: E402
from sitegen.site import environment, list_games  # noqa: E402
from sitegen.teachers import build_teachers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LENGTHS = load()
SHORT = ["nucleo", "peptide", "cytosis", "expression"]


def _players(game) -> int:
    return game.min_players


def _played(game, options: dict, moves: int = 40, seed: int = 3):
    """A game in ``options`` after ``moves`` random moves (or at its end)."""
    state = game.new_state(_players(game), seed, **options)
    bots = [RandomBot(game, s, seed) for s in range(state.num_players)]
    while not state.is_terminal() and len(state.history) < moves:
        state.apply(bots[state.current_player].choose(state))
    return state


def test_the_games_with_a_short_format_and_translation_without_one():
    """Translation's whole game is its class-length format (a median of under 80 moves at every count)."""
    assert sorted(g.id for g in games.all() if "short" in g.options) == sorted(SHORT)
    assert all(games.get(g).options["short"] is False for g in SHORT)  # the rulebook's game unless chosen


@pytest.mark.parametrize("game_id", SHORT)
def test_a_short_game_replays_from_its_record_and_an_older_record_plays_the_whole_game(game_id):
    game = games.get(game_id)
    state = _played(game, {"short": True})
    record = state.to_record()
    assert record["options"]["short"] is True
    assert_replays(state)  # through JSON, to a position that looks the same to every seat
    # A record from before the option existed has no "short": it replays as the whole game.
    whole = _played(game, {})
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


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """The landing page and the For teachers pages, rendered into a temporary dist/."""
    dist = tmp_path_factory.mktemp("dist")
    env = environment(ROOT)
    guided = build_guided(ROOT, dist)
    lessons = build_lessons(ROOT, dist, env, guided)
    build_teachers(ROOT, dist, env, lessons, guided)
    listed = list_games(dist, pictures=False)
    landing = env.get_template("index.html").render(root="", games=listed, rules={}, lessons=[], guided=[],
                                                    start_here=[])
    return dist, unescape(landing)


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_the_landing_page_and_the_teacher_pages_give_the_file_s_minutes(pages, game_id):
    dist, landing = pages
    game = games.get(game_id)
    found = {name: minutes(LENGTHS, setting["counts"]["2"]["moves"]["median"])
             for name, setting in settings(game, LENGTHS)}
    said = f"{found['whole'][0]}–{found['whole'][1]} minutes for two"
    if "short" in found:
        said += f"; short game {found['short'][0]}–{found['short'][1]}"
    card = _text(landing.split(f'id="game-{game_id}"', 1)[1].split("</li>", 1)[0])
    assert said in card
    assert said in _text((dist / "teachers" / "index.html").read_text(encoding="utf-8"))
    page = _text((dist / "teachers" / f"{game_id}.html").read_text(encoding="utf-8"))
    fit = class_length(game, LENGTHS)
    assert f"about {fit['low']}–{fit['high']} minutes (a median game of {fit['median']} moves)" in page
    assert ("no format fits it" in page) == (not fit["fits"])
    fast, slow = LENGTHS["seconds_per_move"]
    assert f"{fast} to {slow} seconds a move" in page and "an estimate" in page
    for row in settings(game, LENGTHS):  # each table row's minutes are the file's moves at that pace
        for n, counted in row[1]["counts"].items():
            low, high = minutes(LENGTHS, counted["moves"]["median"])
            assert f"{round(counted['moves']['median'])} ({counted['moves']['p10']}–{counted['moves']['p90']}) {low}–{high}" in page
    assert "about 30 minutes" not in landing and "45–60 minutes" not in landing


def test_the_start_form_offers_the_short_format_as_a_game_option(pages):
    _, landing = pages
    for game in games.all():
        card = landing.split(f'id="game-{game.id}"', 1)[1].split("</li>", 1)[0]
        assert ('name="opt-short"' in card) == ("short" in game.options), game.id


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
