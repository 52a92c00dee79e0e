"""Render every page of the site into dist/: landing page, play page, lessons, print pages, service worker.

Pages link with relative URLs (``root`` is "", "../" or "../../"), so the site works from any
folder of a static host, not only from its top.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import jinja2

from biocards import games

from .lessons import build_guided, build_lessons
from .printing import build_print_pages


def environment(root: Path) -> jinja2.Environment:
    """Jinja2 with our templates and the top-level folder (for index.html)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader([Path(__file__).parent / "templates", root]),
        autoescape=jinja2.select_autoescape(["html"]),
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def build_site(root: Path, dist: Path, wheel: str, snapshot: list[str] = (), snapshot_size: int = 0,
               snapshot_stdlib: str = "") -> None:
    """Write every page into ``dist`` (which already holds vendor/, wheels/ and static/)."""
    env = environment(root)
    listed = [{"id": g.id, "title": g.title, "summary": g.summary, "min": g.min_players,
               "max": g.max_players, "playable": g.render is not None,
               "options": dict(g.options), "variant_min": getattr(g, "variant_min_players", None)}
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
    build_print_pages(root, dist, env, rules)  # before the service worker, which precaches every file
    _write_service_worker(dist)


def _write_service_worker(dist: Path) -> None:
    """A cache-first service worker that precaches every file of this build (offline classrooms)."""
    files = sorted(name for name in (p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
                   if name not in ("sw.js", "build.json"))
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode())
        digest.update(hashlib.sha256((dist / name).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    # Pages read build.json to tell a student the site was updated since their last visit.
    _write(dist / "build.json", json.dumps({"build": version}))
    files.append("build.json")
    # Both the folder URL and its index.html: every header links to …/index.html, and a bookmark
    # may hold either, so both must answer offline (issue 14).
    folders = ["./" + n[:-len("index.html")] for n in files if n.endswith("index.html")]
    precache = ["./"] + folders + ["./" + n for n in files]
    template = (Path(__file__).parent / "templates" / "sw.js").read_text(encoding="utf-8")
    _write(dist / "sw.js", template.replace("__VERSION__", version)
           .replace("__FILES__", json.dumps(sorted(set(precache)))))
