"""How long each game runs in each format at each player count: the one file the landing page and
the For teachers pages read their minutes from.

``PYTHONPATH=py python3 -m sitegen.game_lengths`` writes ``lessons/teachers/game_lengths.json``
(``--formats short`` measures only the short formats and keeps the rest of the file). It measures
game length as ``python3 build.py bench`` does (:func:`biocards.bench.game_length`): greedy bots
against each other, seeds 0, 1, 2…, each game played to its end, in every format of the game
(:func:`biocards.bench.formats`: the whole game and its class-length short format). For every game
it records the moves (every decision, a forced one too) and the turns (a run of moves by one player
before another player moves). Greedy bots are deterministic for a seed, so the file is
reproducible; a unit test replays a game from it to check it is still up to date. Re-run it after
a rules change that alters game length.

The file also holds the pace the minutes assume (seconds a move: an estimate, not a measurement)
and the play slot a class-length format must fit, so every page computes the same minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from biocards import games
from biocards.bench import formats, game_length
from biocards.bench import spread as _spread
from biocards.i18n import _

GAMES_PER_COUNT = 30
"""Whole games per player count: enough for a median and a 10–90% range, a few minutes in all."""
GAMES_PER_SHORT_COUNT = 20
"""Short-format games per player count (shorter games, a smaller sample: the bench's figure)."""
SECONDS_PER_MOVE = (5, 10)
"""A student's time per move, fastest to slowest, for the minutes on the pages. Not measured: a move
is one click (a card, a spot, a codon), and a class new to a game is at the slow end. The moves per
game are measured; the minutes are those moves at this pace."""
SLOT_MINUTES = 25
"""The play slot of a 50-minute period (the For teachers plans give play 25 to 30 minutes): a
format fits when its median game takes no longer than this at the slow end of the pace."""
VARIANT_OPTIONS = {"expression": {"variant": True}}
"""Options a game needs below its printed player count (the gene-expression game's 2–3 variant)."""
OUT = Path(__file__).resolve().parents[2] / "lessons" / "teachers" / "game_lengths.json"


def player_counts(game) -> list[int]:
    """Every player count the game can start with, its marked variant's counts included."""
    low = game.fewest_players
    return list(range(min(low, game.min_players), game.max_players + 1))


def options_for(game, players: int, extra: dict | None = None) -> dict:
    """The options a game at this player count starts with (the variant below the printed count)."""
    return {**(VARIANT_OPTIONS.get(game.id, {}) if players < game.min_players else {}), **(extra or {})}


def play_one(game, players: int, seed: int, options: dict) -> tuple[int, int]:
    """(moves, turns) of one greedy-vs-greedy game from ``seed`` (the bench's measure)."""
    return game_length(game, players, seed, options)


def measure(n: int = GAMES_PER_COUNT, only: list[str] | None = None, n_short: int = GAMES_PER_SHORT_COUNT,
            kept: dict | None = None) -> dict:
    """Game lengths for every registered game (or those in ``only``) at every player count, in every
    format; with ``kept`` (the file as it was) the whole games are taken from it, not played again."""
    out: dict = {"games_per_count": n, "bot": "greedy", "first_seed": 0, "seconds_per_move": list(SECONDS_PER_MOVE),
                 "slot_minutes": SLOT_MINUTES, "games": {}}
    for game in games.all():
        if only and game.id not in only:
            continue
        if kept is not None:
            out["games_per_count"] = kept["games_per_count"]
            out["games"][game.id] = {"counts": kept["games"][game.id]["counts"]}
        else:
            out["games"][game.id] = {"counts": _counts(game, n, None)}
        short = formats(game).get("short")
        if short is not None:
            out["games"][game.id]["short"] = {"options": short, "games": n_short,
                                              "counts": _counts(game, n_short, short)}
    return out


def _counts(game, n: int, extra: dict | None) -> dict:
    counts = {}
    for players in player_counts(game):
        options = options_for(game, players, extra)
        played = [play_one(game, players, seed, options) for seed in range(n)]
        moves, turns = [m for m, _ in played], [t for _, t in played]
        counts[str(players)] = {"moves": _spread(moves), "turns": _spread(turns), "options": options,
                                "first_game": {"seed": 0, "moves": moves[0], "turns": turns[0]}}
        print(f"{game.id} {players}p {extra or ''}: moves {counts[str(players)]['moves']}, "
              f"turns {counts[str(players)]['turns']}", file=sys.stderr)
    return counts


# -- reading the file: the minutes every page shows --------------------------------------------------

def load(path: Path = OUT) -> dict:
    """The measured lengths (``FileNotFoundError`` until the file is written)."""
    return json.loads(path.read_text(encoding="utf-8"))


def minutes(lengths: dict, moves: float) -> tuple[int, int]:
    """A game of ``moves`` moves in minutes at the file's pace, fastest and slowest (at least 1)."""
    fast, slow = lengths["seconds_per_move"]
    return max(1, round(moves * fast / 60)), max(1, round(moves * slow / 60))


def fits(lengths: dict, moves: float) -> bool:
    """Whether a game of ``moves`` moves fits the play slot even at the slow end of the pace."""
    return moves * lengths["seconds_per_move"][1] <= lengths["slot_minutes"] * 60


def settings(game, lengths: dict) -> list[tuple[str, dict]]:
    """The game's measured formats as (name, that format's entry), the whole game first; ``KeyError``
    for a game the file lacks."""
    measured = lengths["games"][game.id]
    return [("whole", measured)] + ([("short", measured["short"])] if "short" in measured else [])


def short_format(game_id: str) -> str:
    """What a game's short format changes, in a few words of the current language (the start form,
    the For teachers pages; docs/rules-decisions.md › Formats)."""
    from biocards.games.cytosis.rules import SHORT_EVENTS
    from biocards.games.expression.rules import SHORT_TARGET

    words = {
        "nucleo": lambda: _("half the rulebook's coin pool"),
        "peptide": lambda: _("the STOP codon card hidden higher in the amino acid deck"),
        "cytosis": lambda: _("{events} Event Cards, {rounds} rounds").format(events=SHORT_EVENTS, rounds=SHORT_EVENTS + 1),
        "expression": lambda: _("a match to {points} points").format(points=SHORT_TARGET),
    }
    return words[game_id]()


def table_minutes(game, lengths: dict) -> dict[str, tuple[int, int]]:
    """Minutes of a game at its printed fewest players in each format (the landing page and the For
    teachers index: the gene-expression game at four, its printed count, not its two-player variant)."""
    return {name: minutes(lengths, setting["counts"][str(game.min_players)]["moves"]["median"])
            for name, setting in settings(game, lengths)}


def class_length(game, lengths: dict) -> dict:
    """The format to play in the slot: the whole game if it fits at some player count, else the short
    format; with the player counts whose median game fits and the fewest players among them, the
    printed counts before a variant's (each student gets the most turns). When no format fits at
    any count, the shortest median game there is, marked ``fits: False``."""
    shortest = None
    for name, setting in settings(game, lengths):
        fitting = [n for n in player_counts(game) if fits(lengths, setting["counts"][str(n)]["moves"]["median"])]
        if fitting:
            return _format_row(name, setting, min([n for n in fitting if n >= game.min_players] or fitting),
                               fitting, lengths)
        for n in player_counts(game):
            median = setting["counts"][str(n)]["moves"]["median"]
            if shortest is None or median < shortest[0]:
                shortest = (median, name, setting, n)
    _, name, setting, players = shortest
    return _format_row(name, setting, players, [], lengths)


def _format_row(name: str, setting: dict, players: int, fitting: list[int], lengths: dict) -> dict:
    median = setting["counts"][str(players)]["moves"]["median"]
    low, high = minutes(lengths, median)
    return {"format": name, "fits": bool(fitting), "counts": fitting, "players": players, "median": round(median),
            "low": low, "high": high, "options": setting["counts"][str(players)]["options"]}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sitegen.game_lengths", description=__doc__.split("\n\n")[0])
    parser.add_argument("--formats", choices=("all", "short"), default="all",
                        help="short: measure only the short formats, keeping the file's whole games")
    parser.add_argument("--games", type=int, default=GAMES_PER_SHORT_COUNT, help="games per short-format count")
    args = parser.parse_args(argv)
    kept = load() if args.formats == "short" else None
    data = measure(n_short=args.games, kept=kept)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
