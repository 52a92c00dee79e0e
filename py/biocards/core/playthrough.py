"""Golden playthroughs (docs/design.md › Tests, golden playthroughs): a text file per game recording a seeded game move by move.

Each ply records whose turn it is, what they see, the legal actions by name, the move taken and
the log. A test regenerates the text and reports the first line that differs, so a silent rules
change shows up as a named move. Regenerate deliberately with::

    PYTHONPATH=py python3 -m biocards.core.playthrough tests/playthroughs [game-id ...]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..bots import RandomBot
from .game import Game

PLIES = 40


def _compact(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def header(game: Game) -> dict[str, Any]:
    """The settings a game's golden playthrough is played with."""
    return {"game": game.id, "players": game.min_players, "seed": 20261122, "plies": PLIES}


def playthrough(game: Game, players: int, seed: int, plies: int = PLIES, **options: Any) -> list[str]:
    """The lines of a seeded random game's first ``plies`` moves."""
    state = game.new_state(players, seed, **options)
    bots = [RandomBot(game, seat, seed) for seat in range(players)]
    lines = [_compact({"game": game.id, "players": players, "seed": seed, "plies": plies,
                       **({"options": options} if options else {})})]
    for ply in range(plies):
        if state.is_terminal():
            break
        seat = state.current_player
        legal = state.legal_actions()
        lines.append(f"ply {ply} · player {seat}")
        lines.append(f"  view {_compact(state.view(seat))}")
        lines.append(f"  legal {len(legal)}: " + " | ".join(str(a.label or repr(a)) for a in legal))
        action = bots[seat].choose(state)
        lines.append(f"  action {action.key}")
        for event in state.apply(action):
            lines.append(f"  event {event.text}")
    lines.append(f"scores {state.scores()}")
    return lines


def regenerate(path: Path) -> list[str]:
    """Play again the game described by an existing file's first line."""
    from .. import games

    first = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    return playthrough(games.get(first["game"]), first["players"], first["seed"], first["plies"],
                       **first.get("options", {}))


def write_all(folder: Path, only: list[str] | None = None) -> None:
    """Write a playthrough file for every registered game (or only the ids given)."""
    from .. import games

    folder.mkdir(parents=True, exist_ok=True)
    for game in games.all():
        if only and game.id not in only:
            continue
        path = folder / f"{game.id}.txt"
        if path.is_file():  # keep the stored settings (options such as a pinned first player)
            lines = regenerate(path)
        else:
            settings = header(game)
            lines = playthrough(game, settings["players"], settings["seed"], settings["plies"])
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {folder / (game.id + '.txt')} ({len(lines)} lines)")


if __name__ == "__main__":
    write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "tests/playthroughs"), sys.argv[2:])
