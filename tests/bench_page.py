"""Page figures for ``python3 build.py bench`` (not a test): boot times, dist size, in-page bot moves.

Boot = navigation until ``<html data-state="ready">``, median of 5: cold in a fresh browser context
each time, warm in one reused context (HTTP cache and PyScript's IndexedDB kept).
"""

from __future__ import annotations

import gzip
import json
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import build  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

URL = "play/?game=translation&seats=greedy,greedy&seed=1&pace=600000"


def boot_ms(page, url: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    return (time.perf_counter() - start) * 1000


def main(quick: bool) -> dict:
    runs = 3 if quick else 5
    server = build.make_server(0, build.DIST)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/{URL}"
    files = [p for p in build.DIST.rglob("*") if p.is_file()]
    figures = {"dist_bytes": sum(p.stat().st_size for p in files),
               "dist_gzip_bytes": sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        cold = []
        for _ in range(runs):
            context = browser.new_context(service_workers="block")
            cold.append(boot_ms(context.new_page(), url))
            context.close()
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        boot_ms(page, url)
        warm = [boot_ms(page, url) for _ in range(runs)]
        figures["bot_move_ms"] = round(page.evaluate("window.biocardsBench(300)"), 3)
        context.close()
        browser.close()
    server.shutdown()
    figures["boot_cold_ms"] = round(statistics.median(cold))
    figures["boot_warm_ms"] = round(statistics.median(warm))
    return figures


if __name__ == "__main__":
    print(json.dumps(main("--quick" in sys.argv)))
