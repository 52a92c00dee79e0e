"""Balance figures for Cytosis: greedy-vs-greedy seat win rates and Health Points by source.

"No single source decides most games" is measured three ways, per player count:

- ``hp_share``: each source's share of all Health Points scored (completed cards give about half;
  lessons/rules/cytosis.md gives the figures), and
  ``hp_share_by_card_kind`` splits the printed HP of completed cards by kind (a detox card's 1 HP
  is part of the detox source, the rest of the cards source);
- ``source_decides``: for each source, the share of games whose winner changes when that source is
  struck from every player's total;
- ``winner_survives_without_top_source``: the share of games the winner would still have won
  without their own largest source (while everyone else keeps theirs).
"""

from __future__ import annotations

import time

from ...bots import play_out
from ...core import seats_from
from ...core.registry import registered
from .cards import CARD
from .rules import SOURCES, CytosisState


def winner_of(state: CytosisState, totals: list[int]) -> int:
    """The winner if the players had ``totals``: the game's tie rules (most cards, then last seat)."""
    order = seats_from(state.first, state.num_players)
    return max(range(state.num_players), key=lambda p: (totals[p], state.cards_completed(p), order.index(p)))


def measure(games: int, players: tuple[int, ...] = (2, 3, 4)) -> dict:
    """Play ``games`` greedy games per player count (seeds 0…games-1) and report the balance figures."""
    game = registered()["cytosis"]
    out: dict = {}
    moves, start = 0, time.perf_counter()
    for n in players:
        wins = [0.0] * n
        by_source = dict.fromkeys(SOURCES, 0)
        by_kind: dict[str, int] = {}
        decides = dict.fromkeys(SOURCES, 0)
        survives = 0
        began = time.perf_counter()
        for seed in range(games):
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
                if winner_of(state, [totals[p] - state.hp[p][source] for p in range(n)]) != w:
                    decides[source] += 1
            top = max(SOURCES, key=lambda s: state.hp[w][s])
            survives += winner_of(state, [t - (state.hp[w][top] if p == w else 0)
                                          for p, t in enumerate(totals)]) == w
        total = sum(by_source.values()) or 1
        out[f"cytosis_seat_win_rates_{n}p"] = [round(w / games, 3) for w in wins]
        out[f"cytosis_hp_share_{n}p"] = {s: round(v / total, 3) for s, v in by_source.items()}
        out[f"cytosis_hp_share_by_card_kind_{n}p"] = {k: round(v / total, 3) for k, v in sorted(by_kind.items())}
        out[f"cytosis_source_decides_{n}p"] = {s: round(v / games, 3) for s, v in decides.items()}
        out[f"cytosis_winner_survives_without_top_source_{n}p"] = round(survives / games, 3)
        out[f"cytosis_mean_hp_{n}p"] = round(sum(by_source.values()) / (games * n), 1)
        out[f"cytosis_greedy_s_per_game_{n}p"] = round((time.perf_counter() - began) / games, 3)
    out["cytosis_balance_games"] = games
    out["cytosis_greedy_moves_per_s"] = round(moves / (time.perf_counter() - start), 1)
    return out
