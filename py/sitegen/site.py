"""Render every page of the site into dist/: landing page, play page, lessons, print pages, service worker.

Pages link with relative URLs (``root`` is "", "../" or "../../"), so the site works from any
folder of a static host, not only from its top.
"""

from __future__ import annotations

import hashlib
import json
import re
from html import unescape
from pathlib import Path

import jinja2

from biocards import __version__, games, i18n
from biocards.i18n import _
from biocards.svg import LAYOUTS

from .js_catalogs import write_js_catalogs
from .lessons import build_guided, build_lessons, play_path
from .localized import PROSE_LANGUAGES, home_alternates, prefix, switch_to, twins
from .printing import build_print_pages
from .game_lengths import load as load_lengths
from .game_lengths import short_format
from .teachers import build_teachers, table_time


def environment(root: Path, lang: str = i18n.SOURCE_LANGUAGE) -> jinja2.Environment:
    """Jinja2 with our templates and the top-level folder (for index.html), speaking ``lang``
    (its catalog through jinja2.ext.i18n; English where a message has no translation)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([Path(__file__).parent / "templates", root]),
        autoescape=jinja2.select_autoescape(["html"]), extensions=["jinja2.ext.i18n"],
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.install_gettext_translations(i18n.translations(lang), newstyle=True)
    lang = i18n.best_language(lang)
    # ``prefix``: the language's folder from the site's top ("" for English, "es/" for Spanish), so a
    # page links its own language's pages: ``{{ root }}{{ prefix }}lessons/…``.
    env.globals.update(lang=lang, prefix=prefix(lang), alternates=(), switch_href="")
    env.globals["version"] = __version__  # the release's one version (the footer shows it)
    return env


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


PICTURE_SEED = 1
"""The deal the landing page's table pictures show (any deal would do; one keeps builds identical)."""


def draw_table_picture(game, dist: Path, lang: str = i18n.SOURCE_LANGUAGE) -> dict:
    """The game's opening table, drawn by its own ``render`` at build time (in the language of the
    moment), as an SVG file the landing page shows; returns its path, size and a text alternative
    built from the drawing's ``<desc>``. Another language's picture is ``<game>.<lang>.svg``."""
    players = max(game.min_players, 2)
    state = game.new_state(players, PICTURE_SEED)
    seat = state.current_player if state.current_player is not None else 0
    svg = game.render(state.view(seat), legal=(), layout="wide")
    name = f"{game.id}.svg" if lang == i18n.SOURCE_LANGUAGE else f"{game.id}.{lang}.svg"
    path = dist / "static" / "img" / "tables" / name
    _write(path, svg)
    width, height = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups()
    desc = re.search(r"<desc>(.*?)</desc>", svg, re.S)
    # The first sentences of the drawing's own summary: what a screen-reader user would see first.
    sentences = re.split(r"(?<=\.) ", unescape(desc.group(1)) if desc else "")
    summary = ""
    for sentence in sentences:
        if summary and len(summary) + len(sentence) > 220:
            break
        summary = f"{summary} {sentence}".strip()
    alt = _("The {game} table as a {n}-player game begins. {summary}").format(
        game=game.title, n=players, summary=summary).strip()
    return {"src": f"static/img/tables/{name}", "width": int(float(width)),
            "height": int(float(height)), "alt": alt}


_VIEW_BOX = re.compile(r'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')


def _table_heights(game) -> dict[int, dict[str, float]]:
    """The height of a game's first table in each layout, by number of players, in SVG units: the
    play page reserves that space while Python starts (static/js/boot.js), so the page does not
    jump when the table arrives. Later tables of a game differ a little, its first one not much."""
    if game.render is None:
        return {}
    heights = {}
    for players in range(game.min_players, game.max_players + 1):
        try:
            state = game.new_state(players=players, seed=1)
            drawn = {layout: _VIEW_BOX.search(game.render(state.view(0), legal=state.legal_actions(), layout=layout))
                     for layout in LAYOUTS}
        except (TypeError, ValueError):  # a render without layouts, or a count it does not take
            continue
        if all(drawn.values()) and all(float(m.group(1)) == LAYOUTS[name] for name, m in drawn.items()):
            heights[players] = {name: float(m.group(2)) for name, m in drawn.items()}
    return heights


def list_games(dist: Path, lang: str = i18n.SOURCE_LANGUAGE, pictures: bool = True) -> list[dict]:
    """Every game as the landing and play pages list it, in ``lang`` (call it inside
    ``biocards.i18n.language(lang)``); ``pictures`` draws each table's picture too. A game's time is
    the For teachers index's, from the measured lengths (sitegen.game_lengths)."""
    lengths = load_lengths()
    return [{"id": g.id, "title": g.title, "summary": _(g.summary), "min": g.min_players,
             "max": g.max_players, "playable": g.render is not None,
             "options": dict(g.options), "variant_min": g.variant_min_players,
             "time": table_time(g, lengths),
             "short_format": short_format(g.id) if "short" in g.options else "",
             "play_action": play_path(g.id, lang),
             "picture": draw_table_picture(g, dist, lang) if g.render is not None and pictures else None,
             "tables": _table_heights(g),
             # The languages of the game's own catalog, which the play page fetches (boot.js).
             "catalogs": sorted(mo.parent.name for mo in dist.glob(f"locale/*/{g.id}.mo"))}
            for g in games.all()]


def build_language(root: Path, dist: Path, lang: str, env: jinja2.Environment, listed: list[dict] | None = None,
                   play: dict | None = None) -> None:
    """Every page of one language: its lessons, guided lessons, teachers' and print pages, home,
    class pages and (given ``play``: the play page's build facts) its play pages; English at the
    site's top, another language under ``dist/<lang>/``. Runs in that language."""
    with i18n.language(lang):
        here = dist / prefix(lang)
        top = "../" if prefix(lang) else ""  # from the language's top to the site's
        listed = listed if listed is not None else list_games(dist, lang)
        guided = build_guided(root, dist, lang)
        lessons = build_lessons(root, dist, env, guided, lang)
        build_teachers(root, dist, env, lessons, guided, lang)
        rules = {page["game"]: page for page in lessons if page.get("game")}
        titles = {g["id"]: g["title"] for g in listed}
        start_here = [{**lesson, "game_title": titles.get(lesson["game"], lesson["game"]),
                       "href": top + lesson["href"]} for lesson in guided]
        home = home_alternates(top)
        _write(here / "index.html", env.get_template("index.html").render(
            root=top, alternates=home, switch_href=switch_to(home, lang), games=listed, rules=rules,
            lessons=[p for p in lessons if not p.get("game")],
            guided=[{**lesson, "href": top + lesson["href"]} for lesson in guided], start_here=start_here))
        if play is not None:
            data = {"games": json.dumps({g["id"]: {k: v for k, v in g.items() if k not in ("picture", "play_action")}
                                         for g in listed}),
                    "guided": json.dumps([lesson["id"] for lesson in guided]), **play}
            # The play page: the game is in the query (``?game=…``); another language also has a page
            # per game (``es/play/<game>/``), which its own pages link.
            pages = {"play/": None} | ({} if not prefix(lang) else {play_path(g["id"], lang): g["id"] for g in listed})
            for path in pages:
                up = top + "../" * path.count("/")
                links = twins("play/index.html", up, {lang: path + "index.html"})
                _write(here / path / "index.html", env.get_template("play.html").render(
                    root=up, alternates=links, switch_href=switch_to(links, lang),
                    game_title=titles.get(pages[path]), game_id=pages[path], **data))
        # The class pages: served by the class server; on a static host they say in a sentence that
        # they need it (class-server.json, which the class server answers itself, tells them).
        for page, template in (("join", "join.html"), ("teacher", "teacher.html")):
            links = twins(f"{page}/index.html", top + "../")
            _write(here / page / "index.html", env.get_template(template).render(
                root=top + "../", alternates=links, switch_href=switch_to(links, lang)))
        build_print_pages(root, dist, env, rules, lang)


PLAY_MODULES = ("static/js/runtime-fetch.mjs", "static/js/python-main.mjs", "static/js/pyodide-boot.mjs",
                "static/js/snapshot-codec.mjs", "vendor/pyodide/pyodide.mjs", "vendor/pyodide/pyodide.asm.mjs",
                "vendor/pyscript/core.js")
"""The modules the play page's boot.js loads before Python can start, each importing the next
(boot.js → runtime-fetch.mjs, which starts the snapshot's and the wasm's workers; → pyodide-boot.mjs
→ pyodide.mjs; → PyScript's core.js → its chunk): named in the page's head so that the browser asks
for all of them at once while it reads the page, rather than one level of imports at a time."""


def play_module_graph(dist: Path) -> list[str]:
    """:data:`PLAY_MODULES` and the chunk PyScript's core.js re-exports (its name carries a hash)."""
    core = (dist / "vendor" / "pyscript" / "core.js").read_text(encoding="utf-8")
    chunks = re.findall(r'from\s*"\./(core-[\w-]+\.js)"', core)
    if len(chunks) != 1:
        raise SystemExit(f"vendor/pyscript/core.js: expected one core chunk, found {chunks}")
    return [*PLAY_MODULES, f"vendor/pyscript/{chunks[0]}"]


def build_site(root: Path, dist: Path, wheel: str, snapshot: list[str] = (), snapshot_size: int = 0,
               snapshot_stdlib: str = "") -> None:
    """Write every page into ``dist`` (which already holds vendor/, wheels/ and static/), in English
    and in every language with prose files."""
    play = {"wheel": wheel, "snapshot": " ".join(snapshot), "snapshot_size": snapshot_size,
            "snapshot_stdlib": snapshot_stdlib, "module_graph": play_module_graph(dist)}
    for lang in (i18n.SOURCE_LANGUAGE, *PROSE_LANGUAGES):
        build_language(root, dist, lang, environment(root, lang), play=play)
    _write(dist / "class-server.json", json.dumps({"server": False}))
    write_js_catalogs(root, dist)  # the teacher, join and check-yourself scripts' words (locale/<lang>/scripts.json)
    _write_service_worker(dist)  # last: it precaches every file


NOT_PRECACHED = ("sw.js", "build.json", "class-server.json", "teacher/index.html",
                 *(f"{lang}/teacher/index.html" for lang in PROSE_LANGUAGES))
"""Left out of the offline copy: the worker itself, the build's id, what only a class server
answers, and the teacher page (useless without its server)."""


# What the service worker does not precache: the install path's files (the whole standard
# library, micropip, our wheel), which a page needs only when its snapshot cannot be restored.
# A page that falls back fetches them, and the service worker keeps them then.
_INSTALL_PATH = re.compile(r"^(vendor/pyodide/python_stdlib\.zip|vendor/pyodide/micropip-[^/]+\.whl|wheels/.*)$")
_STATIC_IMPORT = re.compile(r"""(?:from|import)\s*["']\./([^"']+)["']""")
_DYNAMIC_IMPORT = re.compile(r"""import\(\s*["']\./([^"']+)["']\s*\)""")


def _pyscript_loaded(pyscript: Path) -> set[str]:
    """The PyScript modules every page loads: core.js and its static imports, and the plugins its
    core imports as it starts (editor, terminal, game, error: small modules that import the core
    back to register themselves). What the core or a plugin imports only when a page uses it
    (TOML, zip files, the packages graph, the terminal's interpreters) is left out."""
    text = {p.name: p.read_text(encoding="utf-8") for p in pyscript.glob("*.js")}
    loaded, todo = set(), ["core.js"]
    while todo:
        name = todo.pop()
        if name in loaded or name not in text:
            continue
        loaded.add(name)
        todo += _STATIC_IMPORT.findall(text[name])
        if name.startswith("core-"):
            todo += [plugin for plugin in _DYNAMIC_IMPORT.findall(text[name])
                     if name in _STATIC_IMPORT.findall(text.get(plugin, ""))]
    return loaded


# The pages' catalogs (locale/<lang>/<domain>.mo for the play page, scripts.json for the JS pages):
# never precached, so an English student's device downloads no other language; the service worker
# keeps the ones its page fetched (sw.js).
_CATALOG = re.compile(r"^locale/(?P<lang>[^/]+)/[^/]+\.(?:mo|json)$")
_OTHER_LANGUAGE = re.compile(rf"^(?P<lang>{'|'.join(PROSE_LANGUAGES)})/|\.(?P<svg_lang>{'|'.join(PROSE_LANGUAGES)})\.svg\b")
"""Another language's pages and table pictures: an English reader downloads none of them (issue 39);
a worker registered for that language precaches them (its LANGUAGES list)."""


def _precached(name: str, pyscript_loaded: set[str]) -> bool:
    if _INSTALL_PATH.match(name) or _CATALOG.match(name) or _OTHER_LANGUAGE.search(name):
        return False
    if name.startswith("vendor/pyscript/"):
        return name.removeprefix("vendor/pyscript/") in pyscript_loaded
    return True


def _short_hash(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def _write_service_worker(dist: Path) -> None:
    """A cache-first service worker that precaches what offline play needs (offline classrooms),
    each file with its hash, so that it can take a file the page has just downloaded from the
    browser's HTTP cache instead of downloading it again."""
    files = sorted(name for name in (p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
                   if name not in NOT_PRECACHED)
    hashes = {name: _short_hash((dist / name).read_bytes()) for name in files}
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashes[name].encode())
    version = digest.hexdigest()[:16]
    # Pages read build.json to tell a student the site was updated since their last visit.
    build_json = json.dumps({"build": version})
    _write(dist / "build.json", build_json)
    hashes["build.json"] = _short_hash(build_json.encode())
    loaded = _pyscript_loaded(dist / "vendor" / "pyscript")
    precache = {"./" + name: digest for name, digest in hashes.items() if _precached(name, loaded)}
    # Both the folder URL and its index.html: every header links to …/index.html, and a bookmark
    # may hold either, so both must answer offline (issue 14).
    for name, digest in hashes.items():
        if name.endswith("index.html") and "./" + name in precache:
            precache["./" + name[:-len("index.html")]] = digest
    # Another language's pages: precached only by a worker registered for that language
    # (register-sw.js asks for sw.js?lang=<the reader's>), so an English reader downloads none.
    by_language: dict[str, dict[str, str]] = {}
    for name, digest in hashes.items():
        found = _OTHER_LANGUAGE.search(name)
        if found:  # (another language's pages are never install-path files or catalogs)
            own = by_language.setdefault(found["lang"] or found["svg_lang"], {})
            own["./" + name] = digest
            if name.endswith("index.html"):
                own["./" + name[:-len("index.html")]] = digest
    in_a_language = {path for own in by_language.values() for path in own}
    later = sorted("./" + name for name in hashes if "./" + name not in precache and "./" + name not in in_a_language)
    catalogs = {"./" + name: digest for name, digest in hashes.items()
                if (found := _CATALOG.match(name)) and found["lang"] not in i18n.TEST_ONLY}
    template = (Path(__file__).parent / "templates" / "sw.js").read_text(encoding="utf-8")
    _write(dist / "sw.js", template.replace("__VERSION__", version)
           .replace("__FILES__", json.dumps(dict(sorted(precache.items())), indent=0))
           .replace("__LATER__", json.dumps(later, indent=0))
           .replace("__CATALOGS__", json.dumps(dict(sorted(catalogs.items())), indent=0))
           .replace("__LANGUAGES__", json.dumps({lang: dict(sorted(own.items())) for lang, own in sorted(by_language.items())},
                                                indent=0)))
