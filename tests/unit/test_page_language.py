"""Issue 39: the game page's language. The memory snapshot carries no catalog (an English student
downloads no Spanish), a language's catalogs are read only when it is asked for, or handed over
by the page (``i18n.load``), and a game saved in English opens in Spanish: the record keeps moves,
the log is written again when the game is replayed."""

import json
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from spanish import english_sentences

from biocards import games, i18n
from biocards.core import Action, IllegalAction
from sitegen import translations

ROOT = Path(__file__).resolve().parents[2]
SPANISH = ROOT / "py" / "biocards" / "locale" / "es" / "LC_MESSAGES"

# What py/sitegen/snapshot_imports.py imports before the snapshot is taken (the web adapter's
# pure part included), then whether any language's catalog is in memory.
_SNAPSHOT_IMPORTS = """
import biocards.bots, biocards.core, biocards.core.hints, biocards.core.links, biocards.core.undo
import biocards.guided, biocards.i18n, biocards.svg, biocards.web.seats
from biocards import games
games._discover()
for game in games.all():
    state = game.new_state(game.min_players, 1)
    if game.render is not None:
        game.render(state.view(0), legal=state.legal_actions())
print(sorted(biocards.i18n._CATALOGS))
"""


@pytest.fixture(scope="module", autouse=True)
def compiled():
    translations.compile_all(ROOT)


@pytest.fixture
def fresh_catalogs(monkeypatch):
    """The runtime as a restored page has it: no catalog read, no package file to read."""
    monkeypatch.setattr(i18n, "_CATALOGS", {})
    monkeypatch.setattr(i18n, "_LOOKED", set())
    before = i18n.get_language()
    yield
    i18n.set_language(before)


def test_the_snapshot_imports_read_no_catalog():
    """Everything the snapshot imports, and an English table drawn, leave no language in memory:
    the snapshot is the same bytes for an English and a Spanish student."""
    out = subprocess.run([sys.executable, "-c", _SNAPSHOT_IMPORTS], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "py")}).stdout
    assert out.strip() == "[]"


def test_a_restored_page_speaks_what_it_loads(fresh_catalogs, monkeypatch):
    """After a restore the package's files are gone: Spanish is what the page fetched and loaded."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", ROOT / "no-such-folder")
    assert i18n.set_language("es") == "en"  # nothing loaded yet: English, never a half language
    for domain in ("play", "biocards"):
        i18n.load("es", (SPANISH / f"{domain}.mo").read_bytes())
    assert i18n.set_language("es") == "es"
    assert str(i18n.message("Player {n}", n=2)) == "Jugador 2"


def test_a_server_reads_a_language_from_the_package_when_first_asked(fresh_catalogs):
    assert i18n.message("Player {n}", n=1).render("es") == "Jugador 1"
    assert set(i18n._CATALOGS) == {"es"}


def test_a_game_saved_in_english_opens_in_spanish(fresh_catalogs, monkeypatch):
    """The record is the moves; replaying it writes the log in the language it is read in (here the
    engine's own last line: a game the move limit ends, at four moves)."""
    game = replace(games.get("translation"), max_moves=4)
    monkeypatch.setattr(game.state_class, "game", game)
    state = game.new_state(2, 7)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    record = state.to_record()
    assert "Player" not in repr(record) and "limit" not in repr(record)  # no sentence is kept
    events: list = []
    game.load(record, events=events)
    assert events[-1].text.startswith("The game has reached its limit of 4 moves")
    with i18n.language("es"):
        assert events[-1].text.startswith("La partida ha llegado a su límite de 4 jugadas")
        assert not english_sentences([events[-1].text])


def test_a_refusal_reads_in_the_language_it_is_shown_in(fresh_catalogs):
    game = games.get("translation")
    state = game.new_state(2, 7)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action("pass"))
    assert str(refused.value) == "The game is over: no more moves can be made."
    with i18n.language("es"):
        assert str(refused.value) == "La partida ha terminado: ya no se puede hacer ninguna jugada."


def test_the_offline_copy_keeps_only_the_catalogs_a_device_fetched():
    """The service worker precaches no catalog (an English device would download Spanish) and knows
    each real language's catalogs with their hashes, to keep those its page fetched."""
    from conftest import DIST

    worker = DIST / "sw.js"
    if not worker.is_file():
        pytest.skip("dist/ is not built")
    text = worker.read_text(encoding="utf-8")
    precached = json.loads(re.search(r"const FILES = (\{.*?\});", text, re.S).group(1))
    kept = json.loads(re.search(r"const CATALOGS = (\{.*?\});", text, re.S).group(1))
    assert not [path for path in precached if "/locale/" in path]
    assert {"./locale/es/play.mo", "./locale/es/biocards.mo"} <= set(kept)
    assert not [path for path in kept if "_XA" in path or "_XB" in path]
    for path in kept:
        assert (DIST / path).is_file()
