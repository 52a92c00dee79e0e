"""Lessons and rules pages: Markdown with TOML front matter → HTML, plus concepts.json for the page.

Every concept in ``lessons/concepts.toml`` names the lesson page and anchor that explain it; the
build fails with a clear message when one is missing, so a "Why?" link never leads nowhere.
"""

from __future__ import annotations

import html as htmllib
import json
import re
import tomllib
from pathlib import Path

import jinja2
from markdown_it import MarkdownIt

CONCEPT_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*\Z")


class LessonError(ValueError):
    """A lesson, rules page or concept is inconsistent."""


def slugify(text: str) -> str:
    """Heading text → an id: lower case, words joined by hyphens (``5′→3′ direction`` → ``5-3-direction``)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _markdown() -> MarkdownIt:
    """CommonMark with tables and inline HTML (our own SVG diagrams); every heading gets an id."""
    md = MarkdownIt("commonmark", {"html": True, "typographer": True}).enable("table")

    def heading_open(self, tokens, idx, options, env):
        token = tokens[idx]
        # A page's ids must be unique, or an anchor would land on the wrong heading.
        taken = env.setdefault("ids", set())
        base = token.attrGet("id") or slugify(tokens[idx + 1].content) or "section"
        anchor, n = base, 2
        while anchor in taken:
            anchor, n = f"{base}-{n}", n + 1
        taken.add(anchor)
        token.attrSet("id", anchor)
        return self.renderToken(tokens, idx, options, env)

    md.add_render_rule("heading_open", heading_open)
    return md


def read_page(path: Path) -> tuple[dict, str]:
    """Split a page into its TOML front matter and its Markdown body."""
    text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
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


def load_concepts(root: Path, lang: str = "en") -> dict[str, dict]:
    """``lessons/concepts.toml`` (a language's: ``lessons/<lang>/concepts.toml``) as a dict of
    concept id → {title, summary, lesson, anchor}."""
    from .localized import prose_dir

    path = prose_dir(root, lang) / "concepts.toml"
    try:
        with open(path, "rb") as f:
            concepts = tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{path}: not valid TOML: {exc}") from None
    for cid, concept in concepts.items():
        if not CONCEPT_ID.match(cid):
            raise LessonError(f"{path}: concept id {cid!r} is not kebab-case")
        missing = [key for key in ("title", "summary", "lesson") if not concept.get(key)]
        if missing:
            raise LessonError(f"{path}: concept {cid!r} needs {', '.join(missing)}")
    return concepts


def _game_summary(game_id: str) -> str:
    """The game's one-line pitch in the current language, or "" when the lessons render without
    the engine."""
    try:
        from biocards import games
        from biocards.i18n import _

        return _(games.get(game_id).summary)
    except (ImportError, KeyError):
        return ""


def play_path(game_id: str, lang: str = "en") -> str:
    """The play page for a game, from the language's top: ``play/`` in English (the game is in the
    query), ``play/<game>/`` in another language (the game's own page; the query names it too)."""
    return "play/" if lang == "en" else f"play/{game_id}/"


def _play_link(game_id: str, root: str, lang: str = "en") -> dict:
    """A "Play it" link with enough seats for the game (human first, greedy bots after)."""
    from .localized import prefix

    title, seats, playable = game_id.capitalize(), 2, False
    try:  # the lessons render without the engine too; links then default to two seats
        from biocards import games

        game = games.get(game_id)
        title, seats, playable = game.title, game.min_players, game.render is not None
    except (ImportError, KeyError):
        pass
    href = (f"{root}{prefix(lang)}{play_path(game_id, lang)}?game={game_id}&seats="
            + ",".join(["human"] + ["greedy"] * (seats - 1)))
    return {"id": game_id, "title": title, "href": href, "playable": playable}


def build_guided(root: Path, dist: Path, lang: str = "en") -> list[dict]:
    """Each ``lessons/guided/<id>.toml`` → ``dist/lessons/guided/<id>.json`` for the play page (a
    language's from ``lessons/<lang>/guided/`` into ``dist/<lang>/lessons/guided/``).

    A lesson is played through first (:meth:`GuidedLesson.check`): a step that asks for a move the
    position does not allow stops the build, rather than a student at a dead end.
    """
    import tomllib

    from biocards.guided import GuidedLesson

    from .localized import prefix, prose_dir

    listed = []
    for path in sorted((prose_dir(root, lang) / "guided").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        try:
            GuidedLesson.from_dict(path.stem, data).check()
        except ValueError as exc:
            raise LessonError(f"{path}: {exc}") from None
        out = dist / prefix(lang) / "lessons" / "guided" / f"{path.stem}.json"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"id": path.stem, **data}, ensure_ascii=False, indent=1), encoding="utf-8")
        listed.append({"id": path.stem, "title": data["title"], "game": data["game"],
                       "lesson": data.get("lesson", ""), "data": data, "prefix": prefix(lang),
                       "href": f"{prefix(lang)}{play_path(data['game'], lang)}?game={data['game']}&lesson={path.stem}"})
    return listed


def order_guided(guided: list[dict], lessons: list[dict], dist: Path) -> list[dict]:
    """The guided lessons in teaching order (their lesson pages' order), each told the lesson page it
    belongs to and the guided lesson after it; their JSON gets both, for the end of the lesson.

    A guided lesson names its page (``lesson = "genetic-code"``), which must list it in ``guided``,
    so the page links it as "Play it"."""
    pages = {page["slug"]: page for page in lessons if "game" not in page}
    for lesson in guided:
        page = pages.get(lesson["lesson"])
        if page is None or lesson["id"] not in page.get("guided", []):
            raise LessonError(f"lessons/{lesson['prefix']}guided/{lesson['id']}.toml: lesson = {lesson['lesson']!r} "
                              "must name a lesson page whose front matter lists it in guided")
        lesson["page"] = {"title": page["title"], "href": f"{lesson['prefix']}lessons/{page['slug']}.html"}
    position = {slug: i for i, slug in enumerate(p["slug"] for p in lessons if "game" not in p)}
    ordered = sorted(guided, key=lambda g: (position[g["lesson"]], pages[g["lesson"]]["guided"].index(g["id"])))
    for lesson, after in zip(ordered, ordered[1:] + [None]):
        lesson["next"] = {"id": after["id"], "title": after["title"], "href": after["href"]} if after else None
        out = dist / lesson["prefix"] / "lessons" / "guided" / f"{lesson['id']}.json"
        out.write_text(json.dumps({"id": lesson["id"], **lesson["data"], "page": lesson["page"], "next": lesson["next"]},
                                  ensure_ascii=False, indent=1), encoding="utf-8")
    guided[:] = ordered  # the caller's list too: the landing page and lessons index follow this order
    return ordered


DESCRIPTION_CHARS = 160
"""About what a search result shows under a page's title."""
DESCRIPTION_MIN = 50
"""Shorter says too little to tell one page from another in a search result."""


def describe(html: str) -> str:
    """A page's meta description: its first paragraph as plain text (with the next ones while it is
    shorter than ``DESCRIPTION_MIN``, as a one-line opening is), cut at a sentence (or, for one long
    sentence, a word) within ``DESCRIPTION_CHARS``."""
    text = ""
    for paragraph in re.findall(r"<p>(.*?)</p>", html, re.S):
        text = " ".join(f"{text} {htmllib.unescape(re.sub(r'<[^>]+>', '', paragraph))}".split())
        if len(text) >= DESCRIPTION_MIN:
            break
    if len(text) <= DESCRIPTION_CHARS:
        return text
    cut = text[:DESCRIPTION_CHARS]
    end = max(cut.rfind(". "), cut.rfind("? "), cut.rfind("! "))
    return cut[:end + 1] if end + 1 >= DESCRIPTION_MIN else cut[:cut.rfind(" ")].rstrip(",;:") + "…"


def build_lessons(root: Path, dist: Path, env: jinja2.Environment, guided: list[dict] | None = None,
                  lang: str = "en") -> list[dict]:
    """Render every lesson and rules page into ``dist/lessons``; return their front matter + slug.
    Another language renders its own files (``lessons/<lang>/``) into ``dist/<lang>/lessons``, in
    that language (call it inside ``biocards.i18n.language(lang)``).

    ``guided`` lists the guided lessons (:func:`build_guided`); a page names its own in front matter
    (``guided = ["first-codons"]``) and links to them."""
    from biocards.i18n import _

    from .localized import alternates, prefix, prose_dir, switch_to, twins

    if guided is None:
        guided = build_guided(root, dist, lang)
    guided_by_id = {lesson["id"]: lesson for lesson in guided}
    md = _markdown()
    concepts = load_concepts(root, lang)
    pages: list[dict] = []
    ids_by_slug: dict[str, set[str]] = {}
    lesson_dir = prose_dir(root, lang)
    here_dir = prefix(lang)  # this language's folder in dist/
    sources = [(p, p.stem, "") for p in sorted(lesson_dir.glob("*.md"))]
    sources += [(p, p.stem, "rules/") for p in sorted((lesson_dir / "rules").glob("*.md"))]
    rendered = []
    for path, slug, folder in sources:
        meta, body = read_page(path)
        missing = [g for g in meta.get("guided", []) if g not in guided_by_id]
        if missing:
            raise LessonError(f"{path}: no guided lesson {', '.join(map(repr, missing))} in lessons/guided/")
        unknown = [c for c in meta.get("concepts", []) if c not in concepts]
        if unknown:
            raise LessonError(f"{path}: unknown concept(s) {', '.join(map(repr, unknown))}; "
                              "add them to lessons/concepts.toml")
        md_env: dict = {}
        html = md.render(body, md_env)
        ids_by_slug[folder + slug] = set(re.findall(r'\sid="([^"]+)"', html))
        page = {**meta, "slug": folder + slug}
        rendered.append((page, folder, slug, html))
        pages.append(page)

    index = {}
    for cid, concept in concepts.items():
        lesson, anchor = concept["lesson"], concept.get("anchor", cid)
        if lesson not in ids_by_slug:
            raise LessonError(f"concept {cid!r}: lesson page lessons/{lesson}.md does not exist")
        if anchor not in ids_by_slug[lesson]:
            raise LessonError(f"concept {cid!r}: no heading or anchor #{anchor} on lessons/{lesson}.md")
        index[cid] = {"title": concept["title"], "summary": concept["summary"],
                      "url": f"{here_dir}lessons/{lesson}.html#{anchor}"}

    from .questions import for_page, load_questions

    # Check-yourself questions belong to lessons, not to rules pages.
    questions = load_questions(root, concepts, {slug for _p, slug, folder in sources if not folder}, lang)
    ideas: dict[str, list[dict]] = {}
    for page, folder, slug, html in rendered:
        root_rel = ("../../" if folder else "../") + ("../" if here_dir else "")
        # "Key ideas on this page" follow the page's own order and sit just below its title.
        here = sorted(({"id": c, **index[c]} for c in concepts if concepts[c]["lesson"] == page["slug"]),
                      key=lambda c: html.find(f'id="{c["url"].split("#")[1]}"'))
        ideas[page["slug"]] = here
        end = html.find("</h1>") + len("</h1>") if "</h1>" in html else 0
        title, rest = html[:end], html[end:]
        # A rules page opens with the game's credits; its game's one-line pitch says more.
        pitch = _game_summary(page["game"]) if page.get("game") else ""
        page["description"] = _("{title}: {pitch} The rules, in our own words.").format(
            title=page["title"], pitch=pitch[:1].lower() + pitch[1:]) if pitch else describe(rest)
        if page.get("game"):
            page["game_title"] = _play_link(page["game"], root_rel)["title"]
        games = page.get("games", []) + ([page["game"]] if page.get("game") else [])
        links = alternates(root, folder, slug, root_rel)  # the page in other languages (issue 39)
        out = dist / here_dir / "lessons" / folder / f"{slug}.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(env.get_template("lesson.html").render(
            root=root_rel, page=page, title=title, body=rest, here=here,
            concepts=[{"id": c, **index[c]} for c in page.get("concepts", [])],
            play=[_play_link(g, root_rel, lang) for g in games],
            guided=[{**guided_by_id[g], "href": root_rel + guided_by_id[g]["href"],
                     "game_title": _play_link(guided_by_id[g]["game"], root_rel)["title"]}
                    for g in page.get("guided", [])],
            questions=for_page(slug, questions.get(page["slug"], []), index, root_rel, here_dir),
            alternates=links, switch_href=switch_to(links, lang)),
            encoding="utf-8")

    # Lessons in teaching order (optional ``order`` in front matter), then rules pages by title.
    pages.sort(key=lambda p: ("game" in p, p.get("order", 1000), p["title"]))
    order_guided(guided, pages, dist)
    out = dist / here_dir / "lessons"
    out.mkdir(parents=True, exist_ok=True)
    (out / "concepts.json").write_text(
        json.dumps(index, ensure_ascii=False, indent=1, sort_keys=True), encoding="utf-8")
    root_rel = "../" + ("../" if here_dir else "")
    links = twins("lessons/index.html", root_rel)
    (out / "index.html").write_text(env.get_template("lessons_index.html").render(
        root=root_rel, lessons=[p for p in pages if "game" not in p], guided=guided,
        rules=[p for p in pages if "game" in p], ideas=ideas, alternates=links,
        switch_href=switch_to(links, lang)), encoding="utf-8")
    return pages
