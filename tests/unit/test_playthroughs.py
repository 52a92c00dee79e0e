"""Golden playthroughs (docs/design.md › Tests, golden playthroughs): each registered game replays its stored seeded game exactly."""

from pathlib import Path

import pytest

from biocards import games
from biocards.core.playthrough import regenerate

FOLDER = Path(__file__).resolve().parents[1] / "playthroughs"


@pytest.mark.parametrize("game_id", [g.id for g in games.all()])
def test_every_game_has_a_golden_playthrough(game_id):
    """A registered game without a stored playthrough fails the suite."""
    assert (FOLDER / f"{game_id}.txt").is_file(), (
        f"no playthrough for {game_id}: run PYTHONPATH=py python3 -m biocards.core.playthrough")


@pytest.mark.parametrize("path", sorted(FOLDER.glob("*.txt")), ids=lambda p: p.stem)
def test_playthrough_replays_line_for_line(path):
    """The stored game plays out the same; the first differing line names the move."""
    stored = path.read_text(encoding="utf-8").splitlines()
    fresh = regenerate(path)
    for number, (want, got) in enumerate(zip(stored, fresh), start=1):
        assert got == want, f"{path.name}:{number} differs\n  stored: {want[:300]}\n  now:    {got[:300]}"
    assert len(fresh) == len(stored), f"{path.name}: {len(stored)} lines stored, {len(fresh)} now"
