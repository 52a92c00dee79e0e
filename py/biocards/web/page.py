"""The play page's start: read the link, pick the table's source, start the table.

``?class=CODE`` or ``?watch=ID&pass=…`` is a class table (:class:`~biocards.web.class_play.ClassConnection`);
any other link is a game in this page (:class:`~biocards.web.local.LocalGame`), a guided lesson
included. The modules of ``web/`` import downwards only: this one imports the table and the
sources; the table its parts; the parts ``dom``, ``saves`` and ``source`` (docs/design.md, "The page")."""

from __future__ import annotations

import json

from pyscript import document, window

from .. import games
from ..core import InvalidRecord
from ..guided import GuidedLesson
from ..i18n import _
from .class_play import ClassConnection, seat_from_storage
from .local import LocalGame
from .seats import SetupError, parse, player_range, query_params
from .table import Table


def _playable(query: str) -> dict[str, tuple[int, int]]:
    """Playable games by id with their player counts: only the linked game's package is imported
    when it has a table (a faster boot); every game when the link names none that can be played."""
    wanted = query_params(query).get("game", "")
    try:
        game = games.get(wanted)
    except KeyError:
        game = None
    if game is not None and game.render is not None:
        return {game.id: player_range(game, query)}
    return {g.id: player_range(g, query) for g in games.all() if g.render is not None}


def _guided_lesson(query: str, text: str | None) -> GuidedLesson | None:
    """The guided lesson the link names (its JSON fetched by boot.js), or None for a plain game."""
    name = query_params(query).get("lesson", "")
    if not name:
        return None
    if not text:
        raise SetupError(_("There is no guided lesson called {name} here. The lessons page lists them all.")
                         .format(name=repr(name)))
    try:
        return GuidedLesson.from_dict(name, json.loads(text))
    except ValueError as exc:
        raise SetupError(_("The guided lesson {name} could not be read: {reason}").format(name=repr(name), reason=exc)) from None


def _class_source(params: dict[str, str]) -> ClassConnection:
    """A seat at a class table (``?class=CODE``), or a table on the projector (``?watch=ID&pass=…``:
    a projector pass for that table, never the teacher's key)."""
    # The wheel's folder is named by its hash: it says which drawing code this page runs.
    build = str(document.querySelector("meta[name=biocards-wheel]").content).split("/")[1]
    if "watch" in params:
        game = params.get("game", "")
        if game not in {g.id for g in games.all()}:
            raise SetupError(_("This projector link names no game: open it again from the teacher's page."))
        return ClassConnection(game, build, watch=(params["watch"], params.get("pass", "")))
    code = params["class"]
    seat = seat_from_storage(code)
    if seat is None:
        raise SetupError(_("This device has no seat in class {code}: open “Join a class” and type the code.").format(code=code))
    return ClassConnection(seat["game"], build, seat_info=seat)


async def start() -> None:
    """Read the URL, concepts and any guided lesson, then start the table; any failure becomes a
    readable message."""
    try:
        concepts_text, lesson_text = (await window.biocardsData).to_py()
        concepts = json.loads(concepts_text) if concepts_text else {}
        query = str(window.location.search)
        params = query_params(query)
        if "class" in params or "watch" in params:  # a class table: the class server referees it
            source = _class_source(params)
        else:
            guided = _guided_lesson(query, lesson_text)
            playable = _playable(query if guided is None else f"?game={guided.game}")
            source = LocalGame(parse(query, playable, guided), guided)
        Table(source, concepts).start()
    except (SetupError, InvalidRecord) as exc:
        window.biocardsFail(str(exc))
        document.documentElement.dataset.state = "error"
    except Exception as exc:  # never a blank table
        window.biocardsFail(_("The game could not start: {error}: {reason}").format(error=type(exc).__name__, reason=exc))
        document.documentElement.dataset.state = "error"
