"""Engine figures for ``python3 build.py bench``: games per second, bot move time, seat win rates,
moves per game in each format.

Printed as one JSON object. :data:`WIN_RATES` says, per game, for which player counts and over
how many games the seat win rates are measured, and :data:`EXTRAS` names a game's figures of its own.
The bench lives here, not in the games' folders, so none of it is part of what a game needs to play.
"""

from __future__ import annotations

import json
import statistics
import sys
import time

from . import games
from .bots import RandomBot, play_out
from .bots.timing import bot_move_ms
from .core import seats_from
from .core.testing import random_game

SEARCH_GAMES = 2
"""Search-vs-greedy games per game by default (one from each seat), so the bench stays a few
minutes: a search game costs 20 s to 2 min. The issue-16 target figure (≥ 65% over 200 games) is
``--search-games 200``, which takes hours; ``--quick`` skips them. The search bot plays with its
class's ``samples``, which each game sets to about what the page's 0.4 s budget buys in Pyodide
(2–3× slower than CPython), so the figure is the page's strong bot."""
GREEDY_GAMES = 200
"""Greedy-vs-random games per game (seats alternated): a few seconds each, so the issue's 200 by
default (the target is greedy ≥ 90%)."""


def games_per_second(game, players: int, seconds: float) -> float:
    """Random-vs-random games finished per second on this machine."""
    start, done, seed = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds or done < 3:
        random_game(game, players, seed)
        done, seed = done + 1, seed + 1
    return round(done / (time.perf_counter() - start), 1)


def seat_win_rates(game_id: str, players: int, n: int) -> list[float]:
    """Share of wins per place in turn order (seat 0 first) for greedy-vs-greedy games (a shared
    win counts fractionally)."""
    game = games.get(game_id)
    wins = [0.0] * players
    for seed in range(n):
        # Seat 0 moves first, so the rates are by place in turn order (a drawn first player would
        # spread any first-mover advantage evenly over the seats and hide it).
        state = play_out(game.new_state(players, seed, first_player=0),
                         [game.make_bot("greedy", s, seed) for s in range(players)])
        winners = state.winners()
        for p in winners:
            wins[p] += 1 / len(winners)
    return [round(w / n, 3) for w in wins]


# -- game length by format ------------------------------------------------------------------------

FORMAT_GAMES = 20
"""Greedy-vs-greedy games per format for the bench's moves per game (seeds 0, 1, 2…; 3 if quick)."""


def formats(game) -> dict[str, dict]:
    """A game's formats and the options that choose each: ``whole`` (the rulebook's game) and, for a
    game that has one, ``short`` (its class-length format, the option ``short``; docs/rules-decisions.md › Formats)."""
    return {"whole": {}, **({"short": {"short": True}} if "short" in game.options else {})}


def game_length(game, players: int, seed: int, options: dict) -> tuple[int, int]:
    """(moves, turns) of one greedy-vs-greedy game from ``seed``: every decision counts as a move, a
    forced one too; a turn is a run of moves by one player before another player moves."""
    state = game.new_state(players, seed, **options)
    bots = [game.make_bot("greedy", s, seed) for s in range(players)]
    movers = []
    original = state.apply

    def apply(action):
        movers.append(state.current_player)
        return original(action)

    state.apply = apply  # count who moved, without changing how play_out plays
    play_out(state, bots)
    turns = sum(1 for i, p in enumerate(movers) if i == 0 or movers[i - 1] != p)
    return len(movers), turns


def spread(values: list[int]) -> dict:
    """Median and the 10th and 90th percentiles (nearest rank) of game lengths."""
    ordered = sorted(values)
    decile = max(0, round(len(ordered) * 0.1) - 1)
    return {"median": statistics.median(ordered), "p10": ordered[decile], "p90": ordered[-1 - decile]}


def format_lengths(game, n: int, players: int | None = None) -> dict:
    """Moves per greedy-vs-greedy game in each of the game's formats over seeds 0…n-1, at ``players``
    (the printed fewest unless given)."""
    players = players or game.min_players
    out: dict = {"players": players, "games": n}
    for name, options in formats(game).items():
        moves = [game_length(game, players, seed, options)[0] for seed in range(n)]
        out[name] = {"options": options, "moves": spread(moves)}
    return out


def measure(quick: bool = False, search_games: int = SEARCH_GAMES) -> dict:
    """Every engine figure for every registered game; ``search_games`` two-player games of the
    search bot against greedy per game (0 skips them: each costs seconds to a minute)."""
    out: dict = {}
    for game in games.all():
        players = game.min_players
        rate = games_per_second(game, players, 0.5 if quick else 3.0)
        out[f"{game.id}_games_per_s"] = rate
        if game.id == "translation":
            out["engine_games_per_s"] = rate
        out[f"{game.id}_bot_move_ms"] = bot_move_ms(game, players, 50 if quick else 300)
        spec = WIN_RATES.get(game.id, {})
        n = 20 if quick else spec.get("win_rate_games", 200)
        for count in spec.get("win_rate_players", [players]):
            out[f"{game.id}_seat_win_rates_{count}p"] = seat_win_rates(game.id, count, n)
        out[f"{game.id}_win_rate_games"] = n
        # Moves per game in each format (the For teachers pages' minutes come from the same measure:
        # sitegen.game_lengths).
        out[f"{game.id}_moves_per_game"] = format_lengths(game, 3 if quick else FORMAT_GAMES)
        extras = EXTRAS.get(game.id)
        if extras is not None:
            out[game.id] = extras(quick=quick)
        out[f"{game.id}_engine_2p" if game.id in TWO_PLAYER_OPTIONS or players == 2 else
            f"{game.id}_engine_{players}p"] = engine_costs(game, 2 if game.id in TWO_PLAYER_OPTIONS else players,
                                                          positions=100 if quick else 300)
        if "search" in game.bots and search_games:
            out[f"{game.id}_search_vs_greedy_2p"] = head_to_head(game, "search", "greedy", search_games,
                                                                first_seed=10_000)
            out[f"{game.id}_greedy_vs_random_2p"] = head_to_head(game, "greedy", "random",
                                                                max(search_games, GREEDY_GAMES),
                                                                first_seed=20_000)
    return out


def _search_games_arg(argv: list[str]) -> int:
    for i, arg in enumerate(argv):
        if arg == "--search-games":
            return int(argv[i + 1])
    return 0 if "--quick" in argv else SEARCH_GAMES


# -- search bot figures ---------------------------------------------------------------------------

TWO_PLAYER_OPTIONS = {"expression": {"variant": True}}
"""Options a game needs for a two-player match (the gene-expression game's marked variant)."""
HEAD_TO_HEAD_OPTIONS = {"expression": {"target": 100}}
"""Head-to-heads play gene-expression matches to 100 points (the issue's prototype did): a match to
500 runs about a thousand moves, too long for a search at the page's budget. More hands a match
favour the stronger bot more, so matches to 100 are the harder test."""


def wilson(wins: float, n: int, z: float = 1.96) -> list[float]:
    """The 95% Wilson score interval for a win share (a shared win counts as a fraction)."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]


def head_to_head(game, bot: str, rival: str, n: int, *, players: int = 2, first_seed: int = 0,
                 bot_options: dict | None = None) -> dict:
    """``bot`` against ``rival`` over ``n`` two-player games, ``bot`` taking seat 0 and seat 1 in
    turn; returns its win share (ties shared), the 95% Wilson interval, its median move time and,
    for a searching bot, its budget (worlds sampled a move, roll-out length)."""
    options = {**(TWO_PLAYER_OPTIONS.get(game.id, {}) if players == 2 else {}), **HEAD_TO_HEAD_OPTIONS.get(game.id, {})}
    wins, times, budget = 0.0, [], None
    for g in range(n):
        seed = first_seed + g
        mine = seed % players  # seats alternate with the seed
        state = game.new_state(players, seed, **options)
        bots = []
        for s in range(players):
            if s == mine:
                factory = game.bots[bot]
                bots.append(factory(game, s, seed, **(bot_options or {})))
                if hasattr(bots[-1], "samples"):
                    budget = {"samples": bots[-1].samples, "horizon": bots[-1].horizon}
            else:
                bots.append(game.make_bot(rival, s, seed))
        for _ in range(game.max_moves):
            if state.is_terminal():
                break
            p = state.current_player
            t0 = time.perf_counter()
            action = bots[p].choose(state)
            if p == mine:
                times.append((time.perf_counter() - t0) * 1000)
            state.apply(action)
        winners = state.winners() if state.is_terminal() else []
        if mine in winners:
            wins += 1 / len(winners)
    out = {"games": n, "win_share": round(wins / n, 3), "wilson95": wilson(wins, n),
           "median_move_ms": round(statistics.median(times), 2) if times else None}
    if budget is not None:
        out["search_budget"] = budget
    if options:
        out["options"] = options
    return out


def engine_costs(game, players: int, *, positions: int = 300) -> dict:
    """Microseconds per engine operation over positions of random games: ``legal_actions`` on a
    fresh position (the move cache empty), ``apply`` of a legal move, ``clone`` and
    ``determinized`` for the seat to move; and random games per second with the random bot's own
    choosing timed apart from the engine."""
    from .bots import RandomBot

    options = TWO_PLAYER_OPTIONS.get(game.id, {}) if players == 2 else {}
    states, seed = [], 0
    while len(states) < positions:
        state = game.new_state(players, seed, **options)
        walkers = [RandomBot(game, s, seed) for s in range(players)]
        while not state.is_terminal() and len(states) < positions:
            states.append(state.clone())
            state.apply(walkers[state.current_player].choose(state))
        seed += 1
    fresh = [s.clone() for s in states]  # clones start with an empty move cache
    t0 = time.perf_counter()
    moves = [s.legal_actions() for s in fresh]
    legal_us = (time.perf_counter() - t0) / len(fresh) * 1e6
    picks = [m[i % len(m)] for i, m in enumerate(moves)]
    t0 = time.perf_counter()
    for s, a in zip(fresh, picks):
        s.apply(a)
    apply_us = (time.perf_counter() - t0) / len(fresh) * 1e6
    t0 = time.perf_counter()
    for s in states:
        s.clone()
    clone_us = (time.perf_counter() - t0) / len(states) * 1e6
    t0 = time.perf_counter()
    for i, s in enumerate(states):
        s.determinized(s.current_player, i)
    det_us = (time.perf_counter() - t0) / len(states) * 1e6
    # Whole random games, the bots' choosing timed apart.
    start, done, bot_time = time.perf_counter(), 0, 0.0
    while done < 3 or time.perf_counter() - start < 1.0:
        state = game.new_state(players, 1000 + done, **options)
        walkers = [RandomBot(game, s, done) for s in range(players)]
        while not state.is_terminal():
            state.legal_actions()  # the engine's part, cached for the bot and for apply
            t0 = time.perf_counter()
            action = walkers[state.current_player].choose(state)
            bot_time += time.perf_counter() - t0
            state.apply(action)
        done += 1
    total = time.perf_counter() - start
    return {"legal_actions_us": round(legal_us, 1), "apply_us": round(apply_us, 1),
            "clone_us": round(clone_us, 1), "determinized_us": round(det_us, 1),
            "random_games_per_s": round(done / total, 1),
            "random_games_per_s_engine_only": round(done / (total - bot_time), 1),
            "random_bot_share_of_time": round(bot_time / total, 3)}


# -- each game's own figures ------------------------------------------------------------------------

WIN_RATES = {
    "translation": {"win_rate_players": [2], "win_rate_games": 200},
    "peptide": {"win_rate_players": [2, 4], "win_rate_games": 1000},
    "nucleo": {"win_rate_players": [2, 3, 4], "win_rate_games": 1000},
    "expression": {"win_rate_players": [4], "win_rate_games": 200},
    # Cytosis's own figures measure the seat win rates (with HP by source), so none here.
    "cytosis": {"win_rate_players": []},
}
"""Per game: the player counts whose greedy-vs-greedy seat win rates are measured, over how many games."""


def expression_figures(quick: bool = False) -> dict:
    """Greedy-vs-greedy hand win rate per seat over 1,000 hands (100 if ``quick``), 4 players, and
    by place in the hand's turn order (the first player moves round each hand, so per seat the
    rates even out; by turn order shows whether leading a hand is an advantage); and how often one
    greedy seat wins a match against three random bots."""
    game = games.get("expression")
    hands = 100 if quick else 1000
    wins, by_order = [0] * 4, [0] * 4
    played, seed = 0, 0
    while played < hands:
        state = game.new_state(4, seed)
        bots = [game.make_bot("greedy", s, seed) for s in range(4)]
        while not state.is_terminal() and played < hands:
            before, first = len(state.won), state.first
            state.apply(bots[state.current_player].choose(state))
            for _, winner, _, _ in state.won[before:]:
                wins[winner] += 1
                by_order[(winner - first) % 4] += 1
                played += 1
        seed += 1
    matches = 20 if quick else 200
    beaten = 0
    for seed in range(matches):
        seat = seed % 4
        state = play_out(game.new_state(4, seed),
                         [game.make_bot("greedy" if s == seat else "random", s, seed) for s in range(4)])
        beaten += state.winners() == [seat]
    return {"hands": hands,
            "greedy_hand_win_rate_by_seat_4p": [round(w / hands, 3) for w in wins],
            "greedy_hand_win_rate_by_turn_order_4p": [round(w / hands, 3) for w in by_order],
            "greedy_vs_3_random_match_win_rate": round(beaten / matches, 3),
            "greedy_vs_random_matches": matches}


def peptide_figures(quick: bool = False) -> dict:
    """Greedy against random at two players (share of games greedy wins outright), and the share
    of two-player greedy games that end by the STOP card rather than the round cap (issue 13)."""
    game = games.get("peptide")
    n = 20 if quick else 200
    wins = by_stop = 0
    for seed in range(n):
        state = play_out(game.new_state(2, seed), [game.make_bot("greedy", 0, seed), RandomBot(game, 1, seed)])
        wins += state.scores()[0] > state.scores()[1]
        state = play_out(game.new_state(2, seed), [game.make_bot("greedy", s, seed) for s in range(2)])
        by_stop += state.stop_round is not None
    return {"greedy_vs_random_2p": round(wins / n, 3), "greedy_2p_ended_by_stop": round(by_stop / n, 3)}


def cytosis_winner_of(state, totals: list[int]) -> int:
    """The Cytosis winner if the players had ``totals``: the game's tie rules (most cards, then last seat)."""
    order = seats_from(state.first, state.num_players)
    return max(range(state.num_players), key=lambda p: (totals[p], state.cards_completed(p), order.index(p)))


def cytosis_balance(n_games: int, players: tuple[int, ...] = (2, 3, 4)) -> dict:
    """Cytosis's balance: ``n_games`` greedy games per player count (seeds 0…n_games-1).

    "No single source decides most games" is measured three ways, per player count:
    ``hp_share``, each source's share of all Health Points scored (completed cards give about half;
    lessons/rules/cytosis.md gives the figures), with ``hp_share_by_card_kind`` splitting the printed
    HP of completed cards by kind (a detox card's 1 HP is part of the detox source, the rest of the
    cards source); ``source_decides``, for each source, the share of games whose winner changes when
    that source is struck from every player's total; ``winner_survives_without_top_source``, the
    share of games the winner would still have won without their own largest source.
    """
    from .games.cytosis.cards import CARD
    from .games.cytosis.rules import SOURCES

    game = games.get("cytosis")
    out: dict = {}
    moves, start = 0, time.perf_counter()
    for n in players:
        wins = [0.0] * n
        by_source = dict.fromkeys(SOURCES, 0)
        by_kind: dict[str, int] = {}
        decides = dict.fromkeys(SOURCES, 0)
        survives = 0
        began = time.perf_counter()
        for seed in range(n_games):
            state = game.new_state(n, seed, first_player=0)  # seat order = turn order, first player first
            play_out(state, [game.make_bot("greedy", s, seed) for s in range(n)])
            moves += len(state.history)
            winners = state.winners()
            for p in winners:  # the engine breaks every tie, but a shared win would count fractionally
                wins[p] += 1 / len(winners)
            for p in range(n):
                for source, points in state.hp[p].items():
                    by_source[source] += points
                for c in state.completed[p]:
                    kind = "receptor" if CARD[c].kind.endswith("receptor") else CARD[c].kind
                    by_kind[kind] = by_kind.get(kind, 0) + CARD[c].hp
            totals = state.scores()
            w = winners[0]
            for source in SOURCES:
                if cytosis_winner_of(state, [totals[p] - state.hp[p][source] for p in range(n)]) != w:
                    decides[source] += 1
            top = max(SOURCES, key=lambda s: state.hp[w][s])
            survives += cytosis_winner_of(state, [t - (state.hp[w][top] if p == w else 0)
                                                  for p, t in enumerate(totals)]) == w
        total = sum(by_source.values()) or 1
        out[f"cytosis_seat_win_rates_{n}p"] = [round(w / n_games, 3) for w in wins]
        out[f"cytosis_hp_share_{n}p"] = {s: round(v / total, 3) for s, v in by_source.items()}
        out[f"cytosis_hp_share_by_card_kind_{n}p"] = {k: round(v / total, 3) for k, v in sorted(by_kind.items())}
        out[f"cytosis_source_decides_{n}p"] = {s: round(v / n_games, 3) for s, v in decides.items()}
        out[f"cytosis_winner_survives_without_top_source_{n}p"] = round(survives / n_games, 3)
        out[f"cytosis_mean_hp_{n}p"] = round(sum(by_source.values()) / (n_games * n), 1)
        out[f"cytosis_greedy_s_per_game_{n}p"] = round((time.perf_counter() - began) / n_games, 3)
    out["cytosis_balance_games"] = n_games
    out["cytosis_greedy_moves_per_s"] = round(moves / (time.perf_counter() - start), 1)
    return out


def cytosis_figures(quick: bool = False) -> dict:
    """Greedy-vs-greedy seat win rates and the share of Health Points by source, for 2, 3 and 4 players.

    Issue 5 asked for 1,000 greedy games per player count. The greedy bot that plans for cards and
    awards (issue 16) takes 0.1–0.2 s a game, so 1,000 of each would be about ten minutes, most of
    the bench's 15: the bench plays 400 (about 4 minutes); ``cytosis_balance(1000)`` gives issue 5's
    figure. Quick mode plays 10."""
    return cytosis_balance(10 if quick else 400)


EXTRAS = {"expression": expression_figures, "peptide": peptide_figures, "cytosis": cytosis_figures}
"""A game's figures of its own: ``figures(quick=False) -> dict``, printed under the game's id."""


if __name__ == "__main__":
    print(json.dumps(measure(quick="--quick" in sys.argv, search_games=_search_games_arg(sys.argv))))
