"""Small helpers every part of the table page shares."""

from __future__ import annotations

from pyscript import document

from ..core.game import player_name


def _el(element_id: str):
    return document.getElementById(element_id)


def _player(p: int) -> str:
    """"Player 2" for seat 1, in the page's language."""
    return str(player_name(p))


def site_link(path: str) -> str:
    """``path`` from the site's top (``lessons/rules/peptide.html``) as this page links to it: beside
    the page's own lessons (the template's rules link, ``…/lessons/index.html``, as written: a
    relative link, as every link of the site), so a page in another language (``/es/…``) links to
    that language's lessons. A path already in that language's folder (``es/lessons/…``, as that
    language's lessons data names its pages) is not put in it twice."""
    lessons = _el("rules-link").getAttribute("data-lessons")
    if not isinstance(lessons, str):  # (null) the template's own link, read once before the page changes it
        lessons = str(_el("rules-link").getAttribute("href"))
        _el("rules-link").setAttribute("data-lessons", lessons)
    base = lessons.removesuffix("lessons/index.html")
    folder = base.rstrip("/").rsplit("/", 1)[-1] + "/"
    if folder not in ("./", "../", "/") and path.startswith(folder):
        path = path[len(folder):]
    return base + path
