"""The site's pages in another language (issue 39): ``dist/<lang>/``.

Long prose is translated as whole files, ``lessons/<lang>/<lesson>.md`` and
``lessons/<lang>/rules/<game>.md`` beside the English ones; a page is published in a language only
when its file exists there (no English under ``/<lang>/``). The templates' own words come from the
gettext catalogs (py/biocards/locale). Each page and its English twin name each other with
``<link rel="alternate" hreflang>``, which static/js/language.js follows for a reader's choice.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from .lessons import _markdown, describe, read_page

PROSE_LANGUAGES = ("es",)
"""Languages whose prose files the site publishes (each also needs its catalog)."""


def sources(root: Path) -> list[tuple[str, str]]:
    """The English lessons and rules pages as (folder, slug): folder is "" or "rules/"."""
    lessons = root / "lessons"
    return ([("", p.stem) for p in sorted(lessons.glob("*.md"))]
            + [("rules/", p.stem) for p in sorted((lessons / "rules").glob("*.md"))])


def translated(root: Path, folder: str, slug: str) -> list[str]:
    """The languages a page has a prose file in."""
    return [lang for lang in PROSE_LANGUAGES if (root / "lessons" / lang / folder / f"{slug}.md").is_file()]


def alternates(root: Path, folder: str, slug: str, root_rel: str) -> list[dict]:
    """The hreflang links of a lesson page, from a page whose way to the site's top is ``root_rel``;
    none when the page exists only in English."""
    langs = translated(root, folder, slug)
    if not langs:
        return []
    return [{"lang": "en", "href": f"{root_rel}lessons/{folder}{slug}.html"},
            *({"lang": lang, "href": f"{root_rel}{lang}/lessons/{folder}{slug}.html"} for lang in langs)]


def home_alternates(root_rel: str) -> list[dict]:
    """The landing page and each language's home (``<lang>/index.html``)."""
    return [{"lang": "en", "href": f"{root_rel}index.html"},
            *({"lang": lang, "href": f"{root_rel}{lang}/index.html"} for lang in PROSE_LANGUAGES)]


def switch_to(links: list[dict], lang: str) -> str:
    """The header switch's link: the twin in the other language (English from any other)."""
    other = "es" if lang == "en" else "en"
    return next((link["href"] for link in links if link["lang"] == other), "")


def build_localized(root: Path, dist: Path, lang: str, env: jinja2.Environment) -> list[dict]:
    """Write ``dist/<lang>/lessons/…`` for each prose file present and ``dist/<lang>/index.html``
    listing them; returns the pages written (slug, title)."""
    md = _markdown()
    written = []
    for folder, slug in sources(root):
        path = root / "lessons" / lang / folder / f"{slug}.md"
        if not path.is_file():
            continue
        meta, body = read_page(path)
        html = md.render(body, {})
        end = html.find("</h1>") + len("</h1>") if "</h1>" in html else 0
        title, rest = html[:end], html[end:]
        root_rel = "../../../" if folder else "../../"
        links = alternates(root, folder, slug, root_rel)
        # The English page's game links, questions and concept notes are not translated yet: the
        # page is its own prose only (meta without "game", so no English print line either).
        page = {**{k: v for k, v in meta.items() if k != "game"}, "slug": folder + slug,
                "description": describe(rest)}
        out = dist / lang / "lessons" / folder / f"{slug}.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(env.get_template("lesson.html").render(
            root=root_rel, page=page, title=title, body=rest, here=[], concepts=[], play=[], guided=[],
            questions=[], alternates=links, switch_href=switch_to(links, lang)), encoding="utf-8")
        written.append({"slug": folder + slug, "title": meta["title"], "rules": bool(folder)})
    links = home_alternates("../")
    (dist / lang).mkdir(parents=True, exist_ok=True)
    (dist / lang / "index.html").write_text(env.get_template("localized_index.html").render(
        root="../", lessons=[p for p in written if not p["rules"]], rules=[p for p in written if p["rules"]],
        alternates=links, switch_href=switch_to(links, lang)), encoding="utf-8")
    return written
