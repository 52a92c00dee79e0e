"""Issue 32: every visit after the first boots from the memory snapshot with the service worker in
control, as in a student's browser, online and offline.

Once the service worker controlled the page, every later visit failed its restore ("Snapshot has
invalid magic number") and installed the wheel instead: the worker answered the snapshot's and the
wasm's worker scripts, whose URLs carried their parameters in the query, with the cached script
(matched ignoring the query), and a worker's location is the URL of the response it ran, so the
workers lost what to fetch. The tests in tests/browser/test_boot.py block service workers and
could not see it.
"""

from kept_runtime import DROP_KEPT_RUNTIMES
from test_boot import _boot, _wait_until_kept

GAMES = ["translation", "peptide", "nucleo", "cytosis", "expression"]


def _play(site_url: str, game: str) -> str:
    seats = "greedy,greedy,greedy,greedy" if game == "expression" else "greedy,greedy"
    return site_url + f"play/?game={game}&seats={seats}&seed=3&pace=600000"


def _controlled(page) -> bool:
    return page.evaluate("navigator.serviceWorker.controller !== null")


def _first_visit(page, site_url: str) -> None:
    """A first visit long enough for the service worker to install and take control, and for the
    page to keep its runtime."""
    assert _boot(page, _play(site_url, GAMES[0])) == "snapshot"
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    _wait_until_kept(page)


def test_every_later_visit_of_every_game_boots_from_the_snapshot_with_the_service_worker_in_control_and_offline(
        watched_with_service_worker, site_url):
    """After one visit, every game's page boots from the kept snapshot with the service worker in
    control; then, with the network gone, every game still does (from the worker's copies)."""
    page = watched_with_service_worker.page
    _first_visit(page, site_url)
    warnings = []
    page.on("console", lambda message: message.type == "warning" and warnings.append(message.text))
    for game in GAMES[1:] + GAMES[:1]:
        assert _boot(page, _play(site_url, game)) == "snapshot", (game, warnings)
        assert _controlled(page), game
        assert page.evaluate("performance.getEntriesByName('biocards-snapshot-from-cache').length") == 1, game
        assert page.locator("#table svg").count() == 1, game
    assert not [w for w in warnings if "snapshot" in w]
    page.context.set_offline(True)
    for game in GAMES[1:]:
        assert _boot(page, _play(site_url, game) + "&offline=1") == "snapshot", f"{game} offline"
        assert _controlled(page), f"{game} offline"
        assert page.locator("#table svg").count() == 1, f"{game} offline"


def test_without_a_kept_runtime_the_service_workers_copy_restores(watched_with_service_worker, site_url):
    """With the kept runtime gone (storage cleared of it, say), the workers download the snapshot
    and the wasm through the service worker, from its precache: offline, still a snapshot boot."""
    page = watched_with_service_worker.page
    _first_visit(page, site_url)
    page.evaluate(DROP_KEPT_RUNTIMES)
    page.context.set_offline(True)
    assert _boot(page, _play(site_url, "peptide")) == "snapshot"
    assert page.evaluate("performance.getEntriesByName('biocards-snapshot-from-network').length") == 1
    assert page.locator("#table svg").count() == 1


def test_a_page_closed_as_soon_as_it_is_ready_leaves_nothing_that_breaks_the_next_visit(
        watched_with_service_worker, site_url):
    """A student who moves on the moment the table is up: the tab closes while its workers are
    keeping the runtime (nothing was kept before it), and the next page still boots from the
    snapshot, whatever part of the keep was done."""
    page = watched_with_service_worker.page
    _first_visit(page, site_url)
    context = page.context
    for game in GAMES[1:]:
        page.evaluate(DROP_KEPT_RUNTIMES)
        quick = context.new_page()
        assert _boot(quick, _play(site_url, game)) == "snapshot", game
        assert quick.evaluate("performance.getEntriesByName('biocards-snapshot-from-network').length") == 1
        quick.close()
        assert _boot(page, _play(site_url, game) + "&again=1") == "snapshot", game


def test_a_first_visit_downloads_each_file_once_and_a_second_visit_downloads_nothing(browser, tmp_path):
    """Issue 32, download once: the service worker's install takes what the page has just fetched
    from the HTTP cache, or the wasm from the copy the page kept (a fresh browser context, like a
    guest window, keeps no 9.6 MB file in its HTTP cache), so no file comes twice; the visit after
    sends no file at all (the browser's check of sw.js is answered 304, not modified)."""
    import collections
    import threading
    import time
    from functools import partial

    import static_host
    from conftest import DIST, Watched

    sent, statuses, last = collections.Counter(), collections.Counter(), [time.monotonic()]

    class Counting(static_host.Handler):
        def send_response(self, code, message=None):
            super().send_response(code, message)
            statuses[(code, self.path.split("?")[0])] += 1
            last[0] = time.monotonic()

        def copyfile(self, source, outputfile):
            super().copyfile(source, outputfile)
            sent[self.path.split("?")[0]] += 1
            last[0] = time.monotonic()

    server = static_host.Server(("127.0.0.1", 0), partial(Counting, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    def quiet(page, seconds=5):
        while time.monotonic() - last[0] < seconds:
            page.wait_for_timeout(500)

    context = browser.new_context(service_workers="allow")
    try:
        watched = Watched(context.new_page())
        page = watched.page
        page.set_default_timeout(120_000)
        assert _boot(page, _play(url, "translation")) == "snapshot"
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        quiet(page)
        assert [path for path, times in sent.items() if times > 1] == []
        assert sent["/vendor/pyodide/pyodide.asm.wasm"] == 1
        assert "/lessons/genetic-code.html" in sent  # the precache did run
        sent.clear()
        statuses.clear()
        assert _boot(page, _play(url, "peptide")) == "snapshot"
        quiet(page, 2)
        assert sent == {}
        assert set(statuses) <= {(304, "/sw.js"), (200, "/sw.js")}
        assert not watched.problems, "\n".join(watched.problems)
    finally:
        context.close()
        server.shutdown()
