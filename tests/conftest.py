"""Shared fixtures: dist/ served on 127.0.0.1, and a Debian Chromium page that fails the test on any
console error, page error or request leaving 127.0.0.1."""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).parent))  # class_server.py beside this file
DIST = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist"))
CHROMIUM = "/usr/bin/chromium"
# WebUIOmniboxPopup, WebUIOmniboxAimPopup: Chromium 156 draws its address bar's suggestion list as a
# web page of its own, and builds it in a renderer process for every new window, which a new
# browser context is. That took 0.7-1.0 s of CPU beside each page a test or the bench opened (on
# two cores, the play page's cold boot measured 1.4-1.5 s with it, 0.9-1.2 s without): work for a
# window, not for the page, which a classroom browser does once per window, not once per page.
# Chromium ignores a feature name it does not know (tests/browser/test_harness.py notices).
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
                 "--disable-default-apps",
                 "--disable-features=Translate,MediaRouter,OptimizationHints,WebUIOmniboxPopup,WebUIOmniboxAimPopup"]

# The tests' Chromium (not the bench's) runs wasm on V8's baseline compiler alone. By default V8
# also recompiles the functions a boot calls most with its optimizing compiler, in background
# threads: about 0.45 s of CPU per play-page boot here, a third of the renderer's, which on two cores
# the next test waits for. The code it makes runs the same program faster, not differently; what
# the tests check is what the page does, and the bench (tests/bench_page.py), which times it, keeps
# V8's default. Measured on two browser files: 140 -> 110 s of CPU, 83 -> 71 s of wall.
TEST_CHROMIUM_ARGS = CHROMIUM_ARGS + ["--js-flags=--liftoff-only"]


# Chromium's renderer sometimes dies mid-suite ("Page crashed": a wasm SIGSEGV in Debian's Chromium,
# never reproducibly; none in most full runs, but 15 in one run with another Chromium busy beside the
# suite, 4 of them twice in a row). Such a browser test runs up to twice more, and only for that
# error: any other failure, or three crashes in a row, still fails, and the summary lists every rerun.
RENDERER_CRASHED = ["Page crashed", "Target crashed"]


LONG_BROWSER_FILES = frozenset({"test_other_browsers.py", "test_release.py", "test_class_play.py",
                                "test_warm_boot.py", "test_class_teacher.py", "test_lighthouse.py"})
"""Browser tests whose items take 10-35 s each (each run's --durations list shows them): several
boots, another browser, a release installed, a class of pages, Lighthouse on six pages."""


def _length_class(item) -> int:
    """0: a property test (one item plays hundreds of random games, up to a minute of CPU alone);
    1: a long browser test; 2: the rest."""
    path = str(item.fspath).replace(os.sep, "/")
    if "tests/property/" in path:
        return 0
    return 1 if path.rsplit("/", 1)[-1] in LONG_BROWSER_FILES else 2


def pytest_collection_modifyitems(config, items):
    # Longest first: pytest-xdist hands each worker a run of the list and a worker that runs out
    # takes from the end of another's, so a long test left to the end runs while the other core idles.
    items.sort(key=_length_class)
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.flaky(reruns=2, only_rerun=RENDERER_CRASHED))


@pytest.fixture(scope="session")
def site_url(tmp_path_factory):
    """The built site, served by the class server (what `build.py serve` runs) on a free port of
    127.0.0.1 for the whole session, with a class record of its own."""
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 build.py test`, which builds it first")
    from class_server import start, stop

    running = start(DIST, tmp_path_factory.mktemp("class-data") / "classes.sqlite3")
    yield running.url
    stop(running)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=TEST_CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Watched:
    """A page plus everything it did wrong: console errors, page errors, outside requests."""

    def __init__(self, page):
        self.page = page
        self.problems: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.problems.append(f"console error: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        page.on("request", self._request)

    def _request(self, request):
        url = request.url
        if not (url.startswith("http://127.0.0.1:") or url.startswith("data:") or url.startswith("blob:")):
            self.problems.append(f"request outside 127.0.0.1: {url}")


@contextmanager
def watching(browser, **options):
    """A fresh browser context (``options``: Playwright's, over a 1400x1000 window with the service
    worker blocked) and its page, watched; fails if the page misbehaved."""
    context = browser.new_context(**{"viewport": {"width": 1400, "height": 1000}, "service_workers": "block",
                                     **options})
    page = context.new_page()
    page.set_default_timeout(60_000)
    w = Watched(page)
    try:
        yield w
    finally:
        context.close()
    assert not w.problems, "\n".join(w.problems)


@pytest.fixture
def watched(browser):
    """A fresh browser context and page; the test fails if the page misbehaved."""
    with watching(browser) as w:
        yield w


@pytest.fixture
def page(watched):
    return watched.page


@pytest.fixture
def watched_with_service_worker(browser):
    """As `watched`, but the context lets the site's service worker install and take control, as a
    student's browser does (the default context blocks it, so most tests see the server alone)."""
    with watching(browser, service_workers="allow") as w:
        yield w
