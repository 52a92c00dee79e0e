"""The site in another language (issue 39): ``dist/<lang>/``, a twin of every page.

Long prose is translated as whole files, ``lessons/<lang>/…`` beside the English ones (lessons,
rules pages, guided lessons, questions, teachers' pages, print summaries, concepts.toml); a lesson
or rules page is published in a language only when its file exists there (no English under
``/<lang>/``). The templates' own words and the texts the build writes come from the gettext
catalogs (py/biocards/locale, domain ``site``). Each page and its twins name each other with
``<link rel="alternate" hreflang>``, which static/js/language.js follows for a reader's choice.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

PROSE_LANGUAGES = ("es",)
"""Languages whose prose files the site publishes (each also needs its catalog)."""
SOURCE = "en"


def prefix(lang: str) -> str:
    """A language's folder from the site's top: "" for English, "es/" for Spanish."""
    return "" if lang == SOURCE else f"{lang}/"


def prose_dir(root: Path, lang: str = SOURCE) -> Path:
    """Where a language's prose files are: ``lessons/`` for English, ``lessons/<lang>/`` else."""
    return root / "lessons" / ("" if lang == SOURCE else lang)


def up(path: str) -> str:
    """The way from a page at ``path`` (from the site's top) back to the top: "", "../", …"""
    return "../" * path.count("/")


def sources(root: Path) -> list[tuple[str, str]]:
    """The English lessons and rules pages as (folder, slug): folder is "" or "rules/"."""
    lessons = root / "lessons"
    return ([("", p.stem) for p in sorted(lessons.glob("*.md"))]
            + [("rules/", p.stem) for p in sorted((lessons / "rules").glob("*.md"))])


def translated(root: Path, folder: str, slug: str) -> list[str]:
    """The languages a page has a prose file in."""
    return [lang for lang in PROSE_LANGUAGES if (prose_dir(root, lang) / folder / f"{slug}.md").is_file()]


def alternates(root: Path, folder: str, slug: str, root_rel: str) -> list[dict]:
    """The hreflang links of a lesson page, from a page whose way to the site's top is ``root_rel``;
    none when the page exists only in English."""
    langs = translated(root, folder, slug)
    if not langs:
        return []
    return [{"lang": "en", "href": f"{root_rel}lessons/{folder}{slug}.html"},
            *({"lang": lang, "href": f"{root_rel}{lang}/lessons/{folder}{slug}.html"} for lang in langs)]


def twins(path: str, root_rel: str, paths: dict[str, str] | None = None) -> list[dict]:
    """The hreflang links of a page every language has, at ``path`` from a language's top (the
    English page at ``path``, the Spanish at ``es/path``), from a page whose way to the site's top
    is ``root_rel``. ``paths`` gives a language's page another path (a Spanish game's own page)."""
    paths = paths or {}
    return [{"lang": lang, "href": f"{root_rel}{prefix(lang)}{paths.get(lang, path)}"}
            for lang in (SOURCE, *PROSE_LANGUAGES)]


def home_alternates(root_rel: str) -> list[dict]:
    """The landing page and each language's home (``<lang>/index.html``)."""
    return twins("index.html", root_rel)


def switch_to(links: list[dict], lang: str) -> str:
    """The header switch's link: the twin in the other language (English from any other)."""
    other = "es" if lang == SOURCE else SOURCE
    return next((link["href"] for link in links if link["lang"] == other), "")


def build_localized(root: Path, dist: Path, lang: str, env: jinja2.Environment) -> None:
    """Write a language's pages but its play pages under ``dist/<lang>/``: lessons, rules pages,
    guided lessons, teachers' and print pages, its home and class pages (sitegen.site.build_language)."""
    from .site import build_language

    build_language(root, dist, lang, env)
