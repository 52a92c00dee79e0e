"""Page figures for ``python3 build.py bench`` (not a test): boot times, dist size, in-page bot moves.

Boot = navigation until ``<html data-state="ready">``, median of 5: cold in a fresh browser context
each time, warm in one reused context (HTTP cache and PyScript's IndexedDB kept).

``screens`` is what a student's eyes and fingers meet on each game's table (issue 12), per viewport:
``table_page.measure_table``'s figures (rendered text p10 and median in CSS px, the smallest target,
targets under 24 px, sideways scroll, the layout drawn), one person against a computer, seed 7, as
tests/browser/test_screens.py opens it. ``--quick`` measures the laptop and the phone only.

``boot_cold_runtime_ms`` is the same cold boot of a page with nothing of ours but the wheel: PyScript
and Pyodide from dist/, micropip installing the biocards wheel, then one line of Python. It tells the
machine's speed today and, subtracted from ``boot_cold_ms``, what the game itself adds.
"""

from __future__ import annotations

import gzip
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import build  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from table_page import VIEWPORTS, measure_table, open_game  # noqa: E402
from test_screens import GAMES, SEATS, settle  # noqa: E402

QUICK_VIEWPORTS = ("laptop 1366x768", "phone 390x844")

URL = "play/?game=translation&seats=greedy,greedy&seed=1&pace=600000"
RUNTIME_PAGE = """<!doctype html>
<html lang="en" data-state="loading"><head><meta charset="utf-8"><title>Runtime only</title>
<script type="py" config='{{"interpreter": "../vendor/pyodide/pyodide.mjs", "packages": ["../{wheel}"]}}'>
from pyscript import document
document.documentElement.dataset.state = "ready"
</script>
<script type="module" src="../vendor/pyscript/core.js"></script></head><body></body></html>
"""


def site_with_runtime_page(folder: Path) -> Path:
    """dist/ (linked, not copied) plus ``runtime-only/``, the reference page."""
    for entry in build.DIST.iterdir():
        (folder / entry.name).symlink_to(entry)
    wheel = next(build.DIST.glob("wheels/*/biocards-*.whl")).relative_to(build.DIST).as_posix()
    (folder / "runtime-only").mkdir()
    (folder / "runtime-only" / "index.html").write_text(RUNTIME_PAGE.format(wheel=wheel), encoding="utf-8")
    return folder


def boot_ms(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    return (time.perf_counter() - start) * 1000


def screens(browser, origin: str, quick: bool) -> dict:
    """measure_table's figures per game and viewport: one page per game, resized to each viewport
    (the page re-renders for the width it gets)."""
    figures = {}
    for game_id in GAMES:
        context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block",
                                      has_touch=True)
        page = context.new_page()
        page.set_default_timeout(120_000)
        open_game(page, origin, game_id, seats=SEATS.get(game_id, "human,greedy"))
        figures[game_id] = {}
        for name, (width, height) in VIEWPORTS.items():
            if quick and name not in QUICK_VIEWPORTS:
                continue
            page.set_viewport_size({"width": width, "height": height})
            settle(page)
            figures[game_id][name] = measure_table(page)
        context.close()
    return figures


def main(quick: bool) -> dict:
    runs = 3 if quick else 5
    site = site_with_runtime_page(Path(tempfile.mkdtemp(prefix="biocards-bench-")))
    server = build.make_server(0, site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{server.server_address[1]}/"
    url = origin + URL
    files = [p for p in build.DIST.rglob("*") if p.is_file()]
    figures = {"dist_bytes": sum(p.stat().st_size for p in files),
               "dist_gzip_bytes": sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        cold, runtime = [], []
        for _ in range(runs):  # alternate, so both see the machine in the same mood
            for times, page_url in ((cold, url), (runtime, origin + "runtime-only/")):
                context = browser.new_context(service_workers="block")
                times.append(boot_ms(context.new_page(), page_url))
                context.close()
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        boot_ms(page, url)
        warm = [boot_ms(page, url) for _ in range(runs)]
        figures["bot_move_ms"] = round(page.evaluate("window.biocardsBench(300)"), 3)
        # The strong computer's move as the page plays it: its 0.4 s budget plus the world that
        # was being sampled when the budget ran out.
        figures["search_move_ms"] = round(page.evaluate("window.biocardsBench(20, 'search')"), 3)
        context.close()
        figures["screens"] = screens(browser, origin, quick)
        browser.close()
    server.shutdown()
    shutil.rmtree(site)
    figures["boot_cold_ms"] = round(statistics.median(cold))
    figures["boot_cold_runtime_ms"] = round(statistics.median(runtime))
    figures["boot_warm_ms"] = round(statistics.median(warm))
    return figures


if __name__ == "__main__":
    print(json.dumps(main("--quick" in sys.argv)))
