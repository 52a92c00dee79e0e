"""Lessons and rules pages: Markdown with TOML front matter → HTML, plus concepts.json for the page.

Every concept in ``lessons/concepts.toml`` names the lesson page and anchor that explain it; the
build fails with a clear message when one is missing, so a "Why?" link never leads nowhere.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import jinja2
from markdown_it import MarkdownIt


class LessonError(ValueError):
    """A lesson, rules page or concept is inconsistent."""


def slugify(text: str) -> str:
    """Heading text → an id: lower case, words joined by hyphens (``5′→3′ direction`` → ``5-3-direction``)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": True, "typographer": True}).enable("table")

    def heading_open(self, tokens, idx, options, env):
        token = tokens[idx]
        token.attrSet("id", token.attrGet("id") or slugify(tokens[idx + 1].content))
        return md.renderer.renderToken(tokens, idx, options, env)

    md.add_render_rule("heading_open", heading_open)
    return md


def read_page(path: Path) -> tuple[dict, str]:
    """Split a page into its TOML front matter and its Markdown body."""
    text = path.read_text(encoding="utf-8")
    match = re.match(r"\A\+\+\+\n(.*?)\n\+\+\+\n(.*)\Z", text, re.S)
    if not match:
        raise LessonError(f"{path}: a page starts with TOML front matter between '+++' lines")
    try:
        meta = tomllib.loads(match.group(1))
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{path}: front matter is not valid TOML: {exc}") from None
    if "title" not in meta:
        raise LessonError(f"{path}: front matter needs a title")
    return meta, match.group(2)


def load_concepts(root: Path) -> dict[str, dict]:
    """``lessons/concepts.toml`` as a dict of concept id → {title, summary, lesson, anchor}."""
    with open(root / "lessons" / "concepts.toml", "rb") as f:
        return tomllib.load(f)


def build_lessons(root: Path, dist: Path, env: jinja2.Environment) -> list[dict]:
    """Render every lesson and rules page into ``dist/lessons``; return their front matter + slug."""
    md = _markdown()
    concepts = load_concepts(root)
    pages: list[dict] = []
    ids_by_slug: dict[str, set[str]] = {}
    lesson_dir = root / "lessons"
    sources = [(p, p.stem, "") for p in sorted(lesson_dir.glob("*.md"))]
    sources += [(p, p.stem, "rules/") for p in sorted((lesson_dir / "rules").glob("*.md"))]
    for path, slug, folder in sources:
        meta, body = read_page(path)
        for concept in meta.get("concepts", []):
            if concept not in concepts:
                raise LessonError(f"{path}: unknown concept {concept!r}")
        html = md.render(body)
        ids_by_slug[folder + slug] = set(re.findall(r'\sid="([^"]+)"', html))
        root_rel = "../../" if folder else "../"
        page = {**meta, "slug": folder + slug}
        out = dist / "lessons" / folder / f"{slug}.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(env.get_template("lesson.html").render(
            root=root_rel, page=page, body=html,
            concepts=[{"id": c, **concepts[c]} for c in meta.get("concepts", [])]), encoding="utf-8")
        pages.append(page)
    index = {}
    for cid, concept in concepts.items():
        lesson, anchor = concept.get("lesson"), concept.get("anchor", cid)
        if lesson not in ids_by_slug:
            raise LessonError(f"concept {cid!r}: lesson page {lesson!r} does not exist")
        if anchor not in ids_by_slug[lesson]:
            raise LessonError(f"concept {cid!r}: no heading or anchor #{anchor} on lessons/{lesson}.md")
        index[cid] = {"title": concept["title"], "summary": concept["summary"],
                      "url": f"lessons/{lesson}.html#{anchor}"}
    (dist / "lessons" / "concepts.json").write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    (dist / "lessons" / "index.html").write_text(env.get_template("lessons_index.html").render(
        root="../", lessons=[p for p in pages if "game" not in p],
        rules=[p for p in pages if "game" in p]), encoding="utf-8")
    return pages
