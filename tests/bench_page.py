"""Page figures for ``python3 build.py bench`` (not a test): boot times, dist size, in-page bot moves.

Boot = navigation until ``<html data-state="ready">``, median of 9 (3 with --quick): cold in a
fresh browser context each time, warm in one reused profile on disk (HTTP cache, Cache Storage, the
OPFS and PyScript's IndexedDB kept; the first visit gets SETTLE_MS to finish what it does once booted).
The page itself notes the moment (``performance.now()`` when the attribute changes, so from navigation start);
``boot_*_wall_ms`` is the same boot timed from outside, Playwright's round trips included.

``screens`` is what a student's eyes and fingers meet on each game's table (issue 12), per viewport:
``table_page.measure_table``'s figures (rendered text p10 and median in CSS px, the smallest target,
targets under 24 px, sideways scroll, the layout drawn), one person against a computer, seed 7, as
tests/browser/test_screens.py opens it. ``--quick`` measures the laptop and the phone only.

``boot_cold_runtime_ms`` / ``boot_warm_runtime_ms`` are the same boots of a bare page with nothing of
ours but the wheel: PyScript and Pyodide from dist/, micropip installing the biocards wheel, then one
line of Python. Play and bare boots alternate, so both see the machine in the same mood; the ratios
(play / bare) are the figures to compare across machines. ``boot_path`` is what the play page's
``<html data-boot>`` said (``snapshot`` or ``install``), ``boot_stages_ms`` the median time from
navigation to each stage of a cold play boot, ``first_visit_bytes`` what a first visit downloads,
each file gzipped as a static host sends it (files already compressed count as they are).

Measured through a relay that counts every byte the server sends (issue 32), in a context that
lets the service worker in, as a student's browser does: ``first_visit_total_bytes`` is all a
first visit of the play page costs, headers, the workers' downloads and the service worker's
install included, until 5 s pass with nothing sent; ``second_visit_bytes`` the same for the visit
after it (another game). The warm play boots are such visits, a student's second visits with the
service worker in control (``boot_warm_service_worker_controlled`` counts them,
``boot_warm_files_from_static_routes`` the files its static routes answered; ``boot_warm_paths``:
each boot's time beside its ``data-boot``), beside the bare page's warm reload (no service worker).
Those later visits run as in a student's browser: the play page, the bare page and the install path
each in a profile of its own on disk (not a fresh context, whose storage is in memory), and each
visit begins WARM_GAP_S after the one before it ended.
``other_engines``: the same second visits in Firefox ESR and WebKitGTK, beside the bare page there. ``cls`` is the play page's
cumulative layout shift, from its own ``layout-shift`` entries, at 1366x768 and 390x844.
"""

from __future__ import annotations

import gzip
import json
import shutil
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import build  # noqa: E402
import class_server  # noqa: E402
from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from table_page import VIEWPORTS, measure_table, open_game  # noqa: E402
from test_screens import GAMES, SEATS, settle  # noqa: E402

QUICK_VIEWPORTS = ("laptop 1366x768", "phone 390x844")

URL = "play/?game=translation&seats=greedy,greedy&seed=1&pace=600000"
RUNTIME_PAGE = """<!doctype html>
<html lang="en" data-state="loading"><head><meta charset="utf-8"><title>Runtime only</title>
<script type="py" config='{{"interpreter": "../vendor/pyodide/pyodide.mjs", "packages": ["../{wheel}"]}}'>
from pyscript import document, window
document.documentElement.dataset.state = "ready"
window.performance.mark("biocards-bench-ready")
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


# Recorded in the page from its first script on: PyScript's progress events, our performance marks
# and when each download ended, all in ms since navigation. Once the page is ready it says so on
# the console, which the bench hears through the DevTools protocol: waiting with a selector would
# make Playwright inject its selector engine (330 KB of script, 50-85 ms of the page's thread) in
# the middle of the boot it measures.
READY_MESSAGE = "biocards-bench: ready"
STAGES_SCRIPT = """
window.biocardsStages = {};
const at = (name, ms) => { if (!(name in window.biocardsStages)) window.biocardsStages[name] = ms; };
addEventListener("py:progress", (e) => at(`pyscript: ${e.detail}`, performance.now()));
new PerformanceObserver((list) => list.getEntries().forEach((e) => at(`mark: ${e.name}`, e.startTime)))
  .observe({ type: "mark", buffered: true });
new MutationObserver(() => {
  if (document.documentElement.dataset.state !== "ready" || "ready" in window.biocardsStages) return;
  at("ready", performance.now());
  console.debug("%s");
}).observe(document, { attributes: true, attributeFilter: ["data-state"], subtree: true });
new PerformanceObserver((list) => list.getEntries().forEach((e) => {
  at(`got: ${e.name.split("/").pop().split("?")[0]}`, e.responseEnd);
})).observe({ type: "resource", buffered: true });
""" % READY_MESSAGE
SETTLE_MS = 3000
WARM_GAP_S = 1.0  # before each later visit
STAGES = ("got: core.js", "mark: biocards-wasm-compiled", "pyscript: Loading interpreter",
          "mark: biocards-restore-start", "mark: biocards-snapshot-from-network", "mark: biocards-snapshot-from-cache",
          "mark: biocards-restored", "pyscript: Loaded interpreter", "pyscript: Loaded Pyodide",
          "mark: biocards-python-start", "mark: biocards-adapter-imported", "mark: biocards-table-ready", "ready")


def boot_ms(page, url: str) -> float:
    """Load ``url`` in ``page`` (which must have STAGES_SCRIPT) until it says it is ready."""
    start = time.perf_counter()
    with page.expect_console_message(lambda message: message.text == READY_MESSAGE, timeout=120_000):
        page.goto(url)
    return (time.perf_counter() - start) * 1000


def boot_record(page, url: str) -> dict:
    """One boot (the page must have STAGES_SCRIPT): its time as the page saw it, its time from
    outside, the path it took, when each stage was reached, the files it fetched (its workers'
    too, which the page's own resource timing never lists)."""
    fetched = []

    def answered(response):
        if response.ok:  # not a file the bench itself answered with a 404 (without_snapshot)
            fetched.append(urlsplit(response.url).path)

    page.on("response", answered)
    try:
        wall_ms = boot_ms(page, url)
    finally:
        page.remove_listener("response", answered)
    record = page.evaluate("""() => ({
        path: document.documentElement.dataset.boot || null,
        controlled: navigator.serviceWorker?.controller != null,
        routed: performance.getEntriesByType("resource").filter((e) => e.workerFinalSourceType === "cache").length,
        stages: window.biocardsStages})""")
    return {"ms": record["stages"]["ready"], "wall_ms": wall_ms, "files": fetched, **record}


class ByteCountingRelay:
    """A TCP relay on 127.0.0.1 in front of the server: it counts every byte the server sends to
    the browser (headers and all, compressed or not, whatever serves), and when it last sent one."""

    def __init__(self, port: int) -> None:
        self.target = ("127.0.0.1", port)
        self.sent = 0
        self.last = time.monotonic()
        self.lock = threading.Lock()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            client, _ = self.listener.accept()
            server = socket.create_connection(self.target)
            threading.Thread(target=self._pipe, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pipe, args=(server, client, True), daemon=True).start()

    def _pipe(self, source, sink, counted: bool) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
                if counted:
                    with self.lock:
                        self.sent += len(data)
                        self.last = time.monotonic()
        except OSError:
            pass
        finally:
            for end in (source, sink):
                try:
                    end.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass

    def take_when_quiet(self, page, quiet_s: float = 5, timeout_s: float = 180) -> int:
        """The bytes sent since the last call, once `quiet_s` pass with nothing sent."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() - self.last < quiet_s and time.monotonic() < deadline:
            page.wait_for_timeout(250)
        with self.lock:
            sent, self.sent = self.sent, 0
        return sent


CLS_SCRIPT = """new Promise((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => list.getEntries().forEach((e) => { if (!e.hadRecentInput) total += e.value; }))
      .observe({ type: "layout-shift", buffered: true });
    setTimeout(() => resolve(total), 300);
})"""


def cls(browser, url: str) -> dict:
    """The play page's cumulative layout shift at the classroom laptop's and a phone's size."""
    figures = {}
    for width, height in ((1366, 768), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height}, service_workers="block")
        page = context.new_page()
        page.add_init_script(STAGES_SCRIPT)
        boot_ms(page, url)
        page.wait_for_timeout(500)
        figures[f"{width}x{height}"] = round(page.evaluate(CLS_SCRIPT), 3)
        context.close()
    return figures


def without_snapshot(context) -> None:
    context.route("**/vendor/pyodide/snapshot-*", lambda route: route.fulfill(status=404, body="not found"))


def dist_files(urls: list[str]) -> set[Path]:
    """The files of dist/ behind a page's request paths (a folder's path is its index.html)."""
    paths = {build.DIST / (url.lstrip("/") + ("index.html" if url.endswith("/") else "")) for url in urls}
    return {path for path in paths if path.is_file()}


def compressed_size(path: Path) -> int:
    data = path.read_bytes()
    return min(len(data), len(gzip.compress(data, 6)))


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


SERVICE_WORKER_CONTROLS = "navigator.serviceWorker.controller !== null"
# When the page itself says it was ready, in ms since navigation: the play page's last mark (set
# as it sets data-state ready), the bare page's one.
READY_AT = """(() => {
    const mark = performance.getEntriesByName('biocards-table-ready')[0] || performance.getEntriesByName('biocards-bench-ready')[0];
    return {ms: mark ? mark.startTime : null, path: document.documentElement.dataset.boot || null,
            controlled: navigator.serviceWorker.controller !== null};
})()"""


def other_engines(origin: str, runs: int) -> dict:
    """The student's second visit in Firefox ESR and WebKitGTK (tests/browser/other_browsers.py):
    in a fresh profile, a first visit of the play page until the service worker controls it and
    the runtime is kept, then `runs` later visits in that tab; the bare page's warm reloads likewise,
    in a profile of its own (no service worker); each boot's time as the page's own mark gives it,
    with its path."""
    import other_browsers

    figures = {}
    for name in ("firefox", "webkit"):
        missing = other_browsers.available(name)
        if missing:
            figures[name] = {"not measured": missing}
            continue
        try:
            figures[name] = second_visits(other_browsers.start(name), origin, runs)
        except AssertionError as failure:  # one engine that could not be timed leaves the others' figures
            figures[name] = {"not measured": str(failure)}
    return figures


def second_visits(browser, origin: str, runs: int) -> dict:
    """other_engines' figures for one browser (closed when done). One profile at a time (WebKit's
    driver holds one session): the bare page's first, in a profile of its own that no service
    worker of ours controls, then the play page's."""
    from kept_runtime import RUNTIME_KEPT
    from test_other_browsers import SETTLED

    def visits(url: str, first_visit_done) -> list[dict]:
        profile = browser.new_profile()
        try:
            tab = profile.new_page()
            tab.goto(url)
            tab.wait_for(SETTLED, timeout=300, what="the first visit")
            first_visit_done(tab)
            boots = []
            for _ in range(runs):
                tab.goto(url)
                tab.wait_for(SETTLED, timeout=300, what="a later visit")
                boots.append(tab.evaluate(READY_AT))
            return boots
        finally:
            profile.close_all()

    def kept(tab) -> None:
        tab.wait_for(SERVICE_WORKER_CONTROLS, timeout=300, what="the service worker to control the page")
        tab.wait_for(RUNTIME_KEPT, timeout=120, what="the runtime kept")

    try:
        theirs = visits(origin + "runtime-only/", lambda tab: None)
        ours = visits(origin + URL, kept)
    finally:
        browser.close()
    median = lambda boots: round(statistics.median(b["ms"] for b in boots))  # noqa: E731
    return {
        "second_visit_ms": median(ours), "bare_warm_ms": median(theirs),
        "second_visit_ratio": round(median(ours) / median(theirs), 2),
        "second_visit_paths": [[round(b["ms"]), b["path"], "service worker" if b["controlled"] else "no service worker"]
                               for b in ours]}


def main(quick: bool) -> dict:
    # Nine: on a 2-core machine one boot varies by ±300 ms, and medians of five moved a ratio by 0.17
    # from one run to the next.
    runs = 3 if quick else 9
    site = site_with_runtime_page(Path(tempfile.mkdtemp(prefix="biocards-bench-")))
    server = class_server.start(site, site.parent / "classes.sqlite3")  # what `build.py serve` runs
    try:
        return measure(quick, runs, site, server)
    finally:  # a failed measurement must not leave the server running (it would hold build.py's pipes)
        class_server.stop(server)
        shutil.rmtree(site, ignore_errors=True)


def measure(quick: bool, runs: int, site: Path, server) -> dict:
    origin = server.url
    url = origin + URL
    # The site's files, without the .br and .gz siblings the build writes beside them (another form
    # of the same files, for a host that sends them precompressed).
    files = [p for p in build.DIST.rglob("*")
             if p.is_file() and not (p.suffix in (".br", ".gz") and p.with_suffix("").is_file())]
    figures = {"dist_bytes": sum(p.stat().st_size for p in files),
               "dist_gzip_bytes": sum(len(gzip.compress(p.read_bytes(), 6)) for p in files)}
    bare_url = origin + "runtime-only/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        cold, runtime, cold_install = [], [], []
        for _ in range(runs):  # alternate, so all three see the machine in the same mood
            for boots, page_url in ((cold, url), (runtime, bare_url), (cold_install, url)):
                context = browser.new_context(service_workers="block")
                if boots is cold_install:
                    without_snapshot(context)
                page = context.new_page()
                page.add_init_script(STAGES_SCRIPT)
                boots.append(boot_record(page, page_url))
                context.close()
        # A Spanish student's first visit (issue 39): the same game on its Spanish page, which
        # fetches its language's catalogs besides what English needs.
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        page.add_init_script(STAGES_SCRIPT)
        spanish = boot_record(page, origin + "es/" + URL)
        context.close()
        # Later visits as in a student's browser: each kind of page in a profile of its own on disk
        # (a fresh context keeps Cache Storage, the OPFS and the HTTP cache in memory, which no
        # student's browser does; Chromium's OPFS in memory answers a read through the browser
        # process, 80 ms for the snapshot against 15 ms from disk).
        profiles = Path(tempfile.mkdtemp(prefix="biocards-bench-profiles-"))

        def on_disk(name: str, workers: str):
            return p.chromium.launch_persistent_context(
                profiles / name, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, service_workers=workers)

        bare_context = on_disk("bare", "block")
        bare_page = bare_context.new_page()
        bare_page.add_init_script(STAGES_SCRIPT)
        boot_ms(bare_page, bare_url)
        install_context = on_disk("install", "block")
        without_snapshot(install_context)
        install_page = install_context.new_page()
        install_page.add_init_script(STAGES_SCRIPT)
        boot_ms(install_page, url)
        # The play page's later visits as a student's browser makes them: the service worker in
        # control, every byte counted at the relay.
        relay = ByteCountingRelay(int(server.url.rstrip('/').rsplit(':', 1)[1]))
        relayed = f"http://127.0.0.1:{relay.port}/"
        context = on_disk("play", "allow")
        page = context.new_page()
        page.add_init_script(STAGES_SCRIPT)
        boot_ms(page, relayed + URL)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        figures["first_visit_total_bytes"] = relay.take_when_quiet(page)
        # A later visit comes after the first has finished what it does once booted (the play page
        # keeps its snapshot and wasm, PyScript stores installed packages): give all three time.
        page.wait_for_timeout(SETTLE_MS)
        boot_ms(page, relayed + URL.replace("translation", "peptide"))
        figures["second_visit_bytes"] = relay.take_when_quiet(page)
        warm, warm_runtime, warm_install = [], [], []
        for _ in range(runs):
            # Each visit starts on a quiet machine, as a student's does: not while the page before
            # it still finishes its own work (another kind of page, in the same alternation).
            for boots, page_of, page_url in ((warm, page, relayed + URL), (warm_runtime, bare_page, bare_url),
                                             (warm_install, install_page, url)):
                time.sleep(WARM_GAP_S)
                boots.append(boot_record(page_of, page_url))
        bare_context.close()
        install_context.close()
        figures["bot_move_ms"] = round(page.evaluate("window.biocardsBench(300)"), 3)
        # The strong computer's move as the page plays it: its 0.4 s budget plus the world that
        # was being sampled when the budget ran out.
        figures["search_move_ms"] = round(page.evaluate("window.biocardsBench(20, 'search')"), 3)
        context.close()
        shutil.rmtree(profiles, ignore_errors=True)
        figures["cls"] = cls(browser, url)
        figures["screens"] = screens(browser, origin, quick)
        browser.close()
    figures["other_engines"] = other_engines(origin, runs)
    median = lambda values: round(statistics.median(values))  # noqa: E731
    figures["boot_runs"] = runs
    figures["boot_cold_ms"] = median([b["ms"] for b in cold])
    figures["boot_cold_runtime_ms"] = median([b["ms"] for b in runtime])
    figures["boot_warm_ms"] = median([b["ms"] for b in warm])
    figures["boot_warm_runtime_ms"] = median([b["ms"] for b in warm_runtime])
    figures["boot_cold_ratio"] = round(figures["boot_cold_ms"] / figures["boot_cold_runtime_ms"], 2)
    figures["boot_warm_ratio"] = round(figures["boot_warm_ms"] / figures["boot_warm_runtime_ms"], 2)
    # The same, boot by boot: each play-page boot against the bare page's boot beside it.
    for name, ours, bare in (("cold", cold, runtime), ("warm", warm, warm_runtime)):
        figures[f"boot_{name}_ratio_paired"] = round(statistics.median(
            [a["ms"] / b["ms"] for a, b in zip(ours, bare)]), 2)
    for name, boots in (("cold", cold), ("cold_runtime", runtime), ("warm", warm), ("warm_runtime", warm_runtime)):
        figures[f"boot_{name}_wall_ms"] = median([b["wall_ms"] for b in boots])
    figures["boot_path"] = sorted({str(b["path"]) for b in cold + warm})
    # The warm play boots are a student's second visits: each with the service worker in control
    # (this counts them), most files answered by its static routes straight from its cache.
    figures["boot_warm_service_worker_controlled"] = f"{sum(b['controlled'] for b in warm)} of {len(warm)}"
    figures["boot_warm_files_from_static_routes"] = median([b["routed"] for b in warm])
    figures["boot_warm_paths"] = [[round(b["ms"]), b["path"]] for b in warm]
    # The play page made to take the install path (its snapshot answered 404): the page as it
    # booted before snapshots, in the same run.
    figures["boot_cold_install_ms"] = median([b["ms"] for b in cold_install])
    figures["boot_warm_install_ms"] = median([b["ms"] for b in warm_install])
    figures["boot_install_path"] = sorted({str(b["path"]) for b in cold_install + warm_install})
    for name, boots in (("boot_stages_ms", cold), ("boot_warm_stages_ms", warm)):
        figures[name] = {stage: median([b["stages"][stage] for b in boots if stage in b["stages"]])
                         for stage in STAGES if any(stage in b["stages"] for b in boots)}
    fetched = dist_files(cold[0]["files"])
    snapshots = list(build.DIST.glob("vendor/pyodide/snapshot-*"))
    figures["first_visit_bytes"] = sum(compressed_size(path) for path in fetched)
    # The bare page's first visit: the runtime as the play page fetched it before snapshots.
    figures["first_visit_runtime_bytes"] = sum(compressed_size(p) for p in dist_files(runtime[0]["files"]))
    # Today's first visit for comparison: the play page on the install path, as before snapshots.
    figures["first_visit_install_bytes"] = sum(compressed_size(p) for p in dist_files(cold_install[0]["files"]))
    figures["first_visit_files"] = len(fetched)
    fetched_es = dist_files(spanish["files"])
    figures["first_visit_bytes_es"] = sum(compressed_size(path) for path in fetched_es)
    figures["first_visit_catalog_bytes_es"] = sum(compressed_size(path) for path in fetched_es
                                                  if path.relative_to(build.DIST).parts[0] == "locale")
    figures["snapshot_bytes"] = sum(part.stat().st_size for part in snapshots)
    return figures


if __name__ == "__main__":
    print(json.dumps(main("--quick" in sys.argv)))
