"""The built site boots in Debian Chromium with only local requests and a clean console.

The ``page`` fixture (tests/conftest.py) fails a test on any console error, page error or request
that leaves 127.0.0.1, so each test here only has to visit the pages.
"""

import pytest

from biocards import games
from kept_runtime import DROP_KEPT_RUNTIMES, FLIP_ONE_BYTE, KEPT_IS_WHOLE, KEPT_RUNTIMES, CUT_SHORT, NO_MANIFEST, ZEROS


def test_index_lists_every_registered_game_with_seats_and_rules(page, site_url):
    page.goto(site_url)
    for game in games.all():
        card = page.locator(f"#game-{game.id}")
        assert card.locator("h3").inner_text() == game.title
        assert f"{game.min_players}–{game.max_players} players" in card.inner_text()
    assert page.locator("a[href='lessons/index.html']").count() > 0


def test_index_seat_pickers_offer_person_and_three_computer_levels(page, site_url):
    page.goto(site_url)
    options = page.locator("select[data-seat] option").evaluate_all("os => [...new Set(os.map(o => o.value))]")
    assert {"human", "random", "greedy", "search"} <= set(options)


def test_play_page_boots_to_ready(page, site_url):
    page.goto(site_url + "play/?game=translation&seats=greedy,greedy&seed=1&pace=600000")
    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
    assert page.locator("#table svg").count() == 1


def test_the_play_pages_png_icon_is_the_sites_svg_icon_drawn_at_64_px(page, site_url):
    """The play page shows a PNG in its tab (an SVG icon costs its boot a whole SVG document):
    the same picture as every other page's SVG icon, pixel for pixel give or take anti-aliasing."""
    page.goto(site_url + "play/?game=translation&seats=greedy,greedy&seed=1&pace=600000")
    assert page.locator("link[rel=icon]").get_attribute("href").endswith("static/img/icon.png")
    difference = page.evaluate("""async () => {
        const pixels = async (path) => {
            const image = new Image();
            image.src = new URL(path, document.baseURI).href;
            await image.decode();
            const canvas = Object.assign(document.createElement("canvas"), { width: 64, height: 64 });
            const context = canvas.getContext("2d");
            context.drawImage(image, 0, 0, 64, 64);
            return context.getImageData(0, 0, 64, 64).data;
        };
        const [png, svg] = await Promise.all([pixels("../static/img/icon.png"), pixels("../static/img/icon.svg")]);
        let total = 0;
        for (let i = 0; i < png.length; i++) total += Math.abs(png[i] - svg[i]);
        return total / png.length;
    }""")
    assert difference < 2  # out of 255 per channel: the same drawing, not merely the same size


def test_lessons_index_loads(page, site_url):
    page.goto(site_url + "lessons/index.html")
    assert page.locator("h1").count() == 1


def test_tables_are_drawn_full_size_on_a_school_laptop_and_beside_the_log_on_a_wide_screen(page, site_url):
    """At 1366×768 (the common classroom laptop) a table keeps its 1280-unit design size, so its
    smallest labels stay readable, and the log sits under it; at 1920 the log is beside the table."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(site_url + "play/?game=nucleo&seats=human,greedy&seed=3&pace=0")
    page.wait_for_selector("html[data-state=ready]")
    table = page.locator("#table svg").bounding_box()
    log = page.locator(".log-area").bounding_box()
    assert table["width"] >= 1270
    assert log["y"] >= table["y"] + table["height"]
    # The newest event still shows above the table there, word for word as the log has it.
    newest = page.locator("#log li").last.evaluate("li => li.firstChild.textContent")
    assert page.locator("#latest").is_visible()
    assert page.locator("#latest").inner_text() == f"Just now: {newest}"
    page.set_viewport_size({"width": 1920, "height": 1080})
    table = page.locator("#table svg").bounding_box()
    log = page.locator(".log-area").bounding_box()
    assert table["width"] >= 1270
    assert log["x"] >= table["x"] + table["width"]
    assert not page.locator("#latest").is_visible()


def test_a_strong_computer_says_it_is_thinking_and_plays(page, site_url):
    """The search bot thinks in slices: the page shows that it thinks, and its moves get made."""
    page.goto(site_url + "play/?game=translation&seats=search,search&seed=2&pace=0")
    page.wait_for_selector("#thinking:has-text('Computer is thinking')", timeout=120_000)
    assert page.locator("#thinking").get_attribute("aria-live") == "polite"
    page.wait_for_function("document.querySelectorAll('#log li').length >= 4", timeout=120_000)


# -- the memory snapshot (issue 17) ----------------------------------------------------------------

PLAY = "play/?game=translation&seats=greedy,greedy&seed=1&pace=600000"
SNAPSHOT = "**/vendor/pyodide/snapshot-*"


BOOT_STATE_JS = """() => ({state: document.documentElement.dataset.state, boot: document.documentElement.dataset.boot,
    status: (document.getElementById('boot-status') || {}).textContent,
    marks: performance.getEntriesByType('mark').map((m) => `${m.name}@${Math.round(m.startTime)}`),
    controlled: navigator.serviceWorker ? navigator.serviceWorker.controller !== null : null})"""


def _boot(page, url, timeout=120_000):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(url)
    try:
        page.wait_for_selector("html[data-state=ready]", timeout=timeout)
    except PlaywrightTimeout:  # say where the boot stood, so a rare stall can be followed up
        raise AssertionError(f"{url} was not ready after {timeout} ms: {page.evaluate(BOOT_STATE_JS)}") from None
    return page.evaluate("document.documentElement.dataset.boot")


def _another_builds_snapshot(route):
    """This build's snapshot with another build id in its header (bytes 16-48, as Pyodide writes
    it). The header is in the first part, at the start of its first run (snapshot-codec.mjs)."""
    import gzip
    import struct

    from conftest import DIST

    part = DIST / "vendor" / "pyodide" / route.request.url.rsplit("/", 1)[1]
    raw = bytearray(gzip.decompress(part.read_bytes()))
    _, _, runs, first_offset = struct.unpack_from("<IIII", raw, 0)
    if first_offset == 0:  # the part that starts with the header
        data = 12 + 8 * runs
        raw[data + 16:data + 48] = bytes(32)
    route.fulfill(status=200, body=gzip.compress(bytes(raw), 1))


def test_play_page_boots_from_this_builds_snapshot(page, site_url):
    assert _boot(page, site_url + PLAY) == "snapshot"
    assert page.locator("#table svg").count() == 1
    assert page.evaluate("performance.getEntriesByName('biocards-boot-snapshot').length") == 1


def test_pyscripts_first_code_and_the_pages_main_run_as_compiled_at_build_time(page, site_url):
    # One mark each: PyScript's code that writes and imports its package, then the page's main.
    # None would mean PyScript now runs other code than the build compiled (sitegen.snapshot_imports).
    assert _boot(page, site_url + PLAY) == "snapshot"
    assert page.evaluate("performance.getEntriesByName('biocards-compiled-ahead').length") == 2


# Counts every wasm module the page compiles itself (WebAssembly.Module; Pyodide's own is compiled
# with WebAssembly.compileStreaming and is not among them).
_COUNT_WASM_MODULES = """
window.biocardsWasmModules = 0;
WebAssembly.Module = new Proxy(WebAssembly.Module, {
  construct(target, args) { window.biocardsWasmModules += 1; return Reflect.construct(target, args); },
});
"""


def test_pyodide_compiles_one_wrapper_module_per_signature_not_per_function(page, site_url):
    # Pyodide's glue wraps each JavaScript function the wasm takes the address of in a module of its
    # own: 259 compiles at every start before build.patch_pyodide_glue, 52 signatures after (plus
    # Pyodide's probe and trampoline modules).
    page.add_init_script(_COUNT_WASM_MODULES)
    assert _boot(page, site_url + PLAY) == "snapshot"
    assert page.locator("#table svg").count() == 1
    assert 0 < page.evaluate("window.biocardsWasmModules") <= 60


@pytest.mark.parametrize("broken", ["missing", "corrupt", "another build"])
def test_a_page_whose_snapshot_cannot_be_used_installs_the_wheel_and_plays(watched, site_url, broken):
    page = watched.page
    if broken == "missing":
        page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="not found"))
    elif broken == "corrupt":
        page.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=bytes(range(256)) * 64))
    else:
        page.route(SNAPSHOT, _another_builds_snapshot)
    assert _boot(page, site_url + "play/?game=translation&seats=greedy,greedy&seed=1&pace=0") == "install"
    page.wait_for_function("document.querySelectorAll('#log li').length >= 4", timeout=120_000)
    assert page.locator("#table svg").count() == 1
    _forgive_the_404(watched)


def test_a_page_whose_wasm_worker_cannot_start_restores_all_the_same(watched, site_url):
    """Without the worker that compiles the wasm, Pyodide fetches the wasm itself, and the snapshot,
    whose inflating waits on that worker's word, is inflated all the same: the page restores."""
    page = watched.page
    page.route("**/static/js/wasm-worker.js*", lambda route: route.fulfill(status=404, body="not found"))
    assert _boot(page, site_url + PLAY) == "snapshot"
    assert page.locator("#table svg").count() == 1
    assert page.evaluate("performance.getEntriesByName('biocards-wasm-compiled').length") == 0
    assert page.evaluate("performance.getEntries().filter((e) => e.name.endsWith('pyodide.asm.wasm')).length") == 1
    _forgive_the_404(watched)


def _forgive_the_404(watched):
    """Chromium itself logs a missing file as a console error; that one is the test's doing."""
    missing = "console error: Failed to load resource: the server responded with a status of 404 (Not Found)"
    watched.problems[:] = [problem for problem in watched.problems if problem != missing]


def _kept(page) -> list[dict]:
    """What the page keeps for its next visit: [{store, name, keys}] (tests/browser/kept_runtime.py)."""
    return page.evaluate(KEPT_RUNTIMES)


def _snapshot_parts(page) -> list[str]:
    return page.evaluate("document.querySelector('meta[name=biocards-snapshot]').content").split()


def _wait_until_kept(page) -> dict:
    """This build's kept runtime ({store, name, keys}), once every part of the inflated snapshot and
    the wasm are in it, each with the manifest written after it (static/js/kept-copy.js)."""
    parts = len(_snapshot_parts(page))
    for _ in range(240):
        for kept in _kept(page):
            if (len([k for k in kept["keys"] if k.endswith(".bin.manifest")]) == parts
                    and "pyodide.asm.wasm.manifest" in kept["keys"]):
                return kept
        page.wait_for_timeout(250)
    raise AssertionError(f"the snapshot and the wasm were never both kept: {_kept(page)}")


SLOW_STORAGE = """{
    const later = () => new Promise((resolve) => setTimeout(resolve, 1500));
    const open = CacheStorage.prototype.open;
    CacheStorage.prototype.open = function (...args) {
        return later().then(() => open.apply(this, args));
    };
    const getDirectory = StorageManager.prototype.getDirectory;
    StorageManager.prototype.getDirectory = function (...args) {
        return later().then(() => getDirectory.apply(this, args));
    };
}"""


def _slow_workers(page) -> list[str]:
    """Worker scripts get the slow storage put in front (init scripts reach pages, not
    workers); the list fills with the workers slowed."""
    slowed = []

    def slow(route):
        response = route.fetch()
        route.fulfill(response=response, body=SLOW_STORAGE + "\n" + response.text())
        slowed.append(route.request.url.split("?")[0].rsplit("/", 1)[1])

    page.route("**/static/js/*-worker.js*", slow)
    return slowed


def test_a_slow_storage_does_not_stall_the_boot(page, site_url):
    """Looking for a kept snapshot or wasm may take a while, in the page and in its workers; the
    downloads begun meanwhile still serve, and nothing ends up waiting for itself."""
    page.add_init_script(SLOW_STORAGE)
    slowed = _slow_workers(page)
    assert _boot(page, site_url + PLAY, timeout=30_000) == "snapshot"
    assert page.locator("#table svg").count() == 1
    assert {"snapshot-worker.js", "wasm-worker.js"} <= set(slowed)


def test_the_wasm_is_downloaded_once_and_compiled_off_the_pages_thread(page, site_url):
    """A worker downloads and compiles Pyodide's wasm (9.6 MB) and hands the page the module:
    the page's own thread never fetches it, and nothing fetches it twice."""
    fetched = []
    page.on("requestfinished", lambda request: fetched.append(request.url))
    assert _boot(page, site_url + PLAY) == "snapshot"
    assert len([url for url in fetched if url.endswith("/pyodide.asm.wasm")]) == 1
    assert page.evaluate("performance.getEntries().filter((e) => e.name.endsWith('pyodide.asm.wasm')).length") == 0
    assert page.evaluate("performance.getEntriesByName('biocards-wasm-compiled').length") == 1


def test_another_builds_kept_runtime_is_deleted_after_a_restore(page, site_url):
    """Another build's kept runtime, in either place a build keeps one, goes once this build's
    restore has worked: only this build's is left."""
    page.goto(site_url + "lessons/index.html")
    page.evaluate("""async () => {
        await caches.open('biocards-runtime-0123456789abcdef').then((c) => c.put('/old', new Response('old')));
        const root = await navigator.storage.getDirectory();
        const folder = await root.getDirectoryHandle('biocards-runtime-fedcba9876543210', { create: true });
        await folder.getFileHandle('pyodide.asm.wasm', { create: true });
    }""")
    assert _boot(page, site_url + PLAY) == "snapshot"
    kept = _wait_until_kept(page)
    assert [(k["store"], k["name"]) for k in _kept(page)] == [(kept["store"], kept["name"])]


def _kept_is_whole(page, kept: dict, key: str) -> bool:
    """Whether the kept copy under `key` matches the size and SHA-256 its manifest gives."""
    return page.evaluate(KEPT_IS_WHOLE, [kept["store"], kept["name"], key])


def _wait_until_whole(page, kept: dict, key: str) -> None:
    for _ in range(240):
        if _kept_is_whole(page, kept, key):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"{key} was never kept whole again")


DAMAGES = [  # (the copy, how it is damaged, the script that does it)
    ("snapshot part", "cut short, manifest intact (a write cut short by a closing tab)", CUT_SHORT),
    ("wasm", "cut short, manifest intact", CUT_SHORT),
    ("snapshot part", "no manifest", NO_MANIFEST),
    ("wasm", "one byte changed after its manifest was written", FLIP_ONE_BYTE),
    ("snapshot part", "zeros of the right size", ZEROS),
    ("snapshot part", "one byte changed after its manifest was written", FLIP_ONE_BYTE),
]


def test_a_kept_copy_that_is_not_whole_is_never_used_and_is_replaced_from_this_build(page, site_url):
    """Issues 32 and 44, one visitor's run of visits. The first visit keeps this build's runtime
    (the inflated snapshot's parts and the wasm, each with a manifest written after it, in a folder
    of the origin private file system named by the build); the second restores from what it kept.
    Then, before each later visit, one kept copy is damaged: cut short with its manifest intact, its
    manifest gone, zeros of the right size, or one byte changed after its manifest was written (a
    copy that would still restore or compile). The manifest protects against a write cut short; the
    SHA-256 catches the rest before the boot uses the copy. Each such visit still boots from the
    snapshot (never by installing the wheel) with this build's file from the network in place of
    the damaged copy, which is kept whole again; the undamaged copy beside it is used as kept, so
    every repair is proven by the visit after it."""
    assert _boot(page, site_url + PLAY) == "snapshot"
    kept = _wait_until_kept(page)
    parts = _snapshot_parts(page)
    build_hash = parts[0].split("snapshot-")[1].split("-")[0]
    assert all(f"snapshot-{build_hash}-" in part for part in parts)
    assert kept["store"] == "opfs"  # Chromium keeps them in the origin private file system
    assert kept["name"] == f"biocards-runtime-{build_hash}"  # this build's, by the snapshot's hashed name
    assert len(kept["keys"]) == 2 * (len(parts) + 1)  # the parts and the wasm, each with its manifest
    assert page.evaluate("performance.getEntriesByName('biocards-snapshot-from-network').length") == 1
    assert _boot(page, site_url + PLAY + "&again=0") == "snapshot"
    assert page.evaluate("performance.getEntriesByName('biocards-snapshot-from-cache').length") == 1
    assert page.locator("#table svg").count() == 1

    keys = {"snapshot part": next(k for k in kept["keys"] if k.endswith(".bin")), "wasm": "pyodide.asm.wasm"}
    fetched = []
    page.on("requestfinished", lambda request: fetched.append(request.url.split("?")[0]))
    for visit, (copy, damage, script) in enumerate(DAMAGES, start=1):
        where = f"visit {visit}, the kept {copy} {damage}"
        key = keys[copy]
        assert _kept_is_whole(page, kept, key), where
        page.evaluate(script, [kept["store"], kept["name"], key])
        assert not _kept_is_whole(page, kept, key), where
        fetched.clear()
        assert _boot(page, site_url + PLAY + f"&again={visit}") == "snapshot", where
        assert page.locator("#table svg").count() == 1, where
        from_network = page.evaluate("performance.getEntriesByName('biocards-snapshot-from-network').length")
        if copy == "snapshot part":
            assert from_network == 1 and any("/snapshot-" in url for url in fetched), where
        else:  # the snapshot kept whole (the visit before repaired it) is used as kept
            assert from_network == 0, where
            assert any(url.endswith("/pyodide.asm.wasm") for url in fetched), where
            assert page.evaluate("performance.getEntriesByName('biocards-wasm-compiled').length") == 1, where
        _wait_until_whole(page, kept, key)  # replaced by this build's file, whole, for the next visit
    assert _boot(page, site_url + PLAY + "&again=last") == "snapshot"
    assert page.evaluate("performance.getEntriesByName('biocards-snapshot-from-cache').length") == 1


# Put in front of the workers' scripts: a browser without the origin private file system's
# synchronous access (a private window of some browsers, WebKit under its WebDriver).
NO_SYNC_ACCESS = "delete self.FileSystemSyncAccessHandle;"


def test_where_the_file_system_is_refused_the_runtime_is_kept_in_cache_storage(page, site_url):
    """The workers fall back to Cache Storage: the runtime is kept there, whole, and the next
    visit restores from it; a copy damaged there is caught the same way."""
    def without_sync_access(route):
        response = route.fetch()
        route.fulfill(response=response, body=NO_SYNC_ACCESS + "\n" + response.text())

    page.route("**/static/js/*-worker.js*", without_sync_access)
    assert _boot(page, site_url + PLAY) == "snapshot"
    kept = _wait_until_kept(page)
    assert kept["store"] == "caches"
    assert _boot(page, site_url + PLAY + "&again=0") == "snapshot"
    assert page.evaluate("performance.getEntriesByName('biocards-snapshot-from-cache').length") == 1
    part = next(k for k in kept["keys"] if k.endswith(".bin"))
    page.evaluate(FLIP_ONE_BYTE, [kept["store"], kept["name"], part])
    assert _boot(page, site_url + PLAY + "&again=1") == "snapshot"
    assert page.evaluate("performance.getEntriesByName('biocards-snapshot-from-network').length") == 1
    _wait_until_whole(page, kept, part)


def test_the_snapshot_draws_the_same_table_as_installing_the_wheel(watched, site_url):
    page = watched.page
    assert _boot(page, site_url + PLAY) == "snapshot"
    restored = page.locator("#table").inner_html()
    _wait_until_kept(page)  # then forget it, so the next boot has no snapshot at all
    page.evaluate(DROP_KEPT_RUNTIMES)
    page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="not found"))
    assert _boot(page, site_url + PLAY + "&again=1") == "install"
    assert page.locator("#table").inner_html() == restored
    _forgive_the_404(watched)
