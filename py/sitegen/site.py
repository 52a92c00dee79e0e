"""Render every page of the site into dist/: landing page, play page, lessons, service worker.

Pages link with relative URLs (``root`` is "", "../" or "../../"), so the site works from any
folder of a static host, not only from its top.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import jinja2

from biocards import games
from biocards.svg import LAYOUTS

from .lessons import build_guided, build_lessons


def environment(root: Path) -> jinja2.Environment:
    """Jinja2 with our templates and the top-level folder (for index.html)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader([Path(__file__).parent / "templates", root]),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


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


def build_site(root: Path, dist: Path, wheel: str, snapshot: list[str] = (), snapshot_size: int = 0,
               snapshot_stdlib: str = "") -> None:
    """Write every page into ``dist`` (which already holds vendor/, wheels/ and static/)."""
    env = environment(root)
    listed = [{"id": g.id, "title": g.title, "summary": g.summary, "min": g.min_players,
               "max": g.max_players, "playable": g.render is not None,
               "options": dict(g.options), "variant_min": getattr(g, "variant_min_players", None),
               "tables": _table_heights(g)}
              for g in games.all()]
    guided = build_guided(root, dist)
    lessons = build_lessons(root, dist, env, guided)
    rules = {page["game"]: page for page in lessons if page.get("game")}
    _write(dist / "index.html", env.get_template("index.html").render(
        root="", games=listed, rules=rules, lessons=[p for p in lessons if not p.get("game")],
        guided=guided))
    _write(dist / "play" / "index.html", env.get_template("play.html").render(
        root="../", wheel=wheel, snapshot=" ".join(snapshot), snapshot_size=snapshot_size,
        snapshot_stdlib=snapshot_stdlib, games=json.dumps({g["id"]: g for g in listed}),
        guided=json.dumps([lesson["id"] for lesson in guided])))
    _write_service_worker(dist)


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


def _precached(name: str, pyscript_loaded: set[str]) -> bool:
    if _INSTALL_PATH.match(name):
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
                   if name not in ("sw.js", "build.json"))
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
        if name.endswith("index.html"):
            precache["./" + name[:-len("index.html")]] = digest
    later = sorted("./" + name for name in hashes if "./" + name not in precache)
    template = (Path(__file__).parent / "templates" / "sw.js").read_text(encoding="utf-8")
    _write(dist / "sw.js", template.replace("__VERSION__", version)
           .replace("__FILES__", json.dumps(dict(sorted(precache.items())), indent=0))
           .replace("__LATER__", json.dumps(later, indent=0)))
