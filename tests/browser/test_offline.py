"""After one visit the service worker has precached the site: a game boots with the network off."""

from conftest import Watched


def test_a_game_boots_offline_after_one_visit(browser, site_url):
    context = browser.new_context(service_workers="allow")
    try:
        watched = Watched(context.new_page())
        page = watched.page
        page.set_default_timeout(120_000)
        page.goto(site_url)
        # `ready` resolves once the worker is active, i.e. after its install precached every file.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        cached = page.evaluate("caches.keys().then(ks => caches.open(ks[0])).then(c => c.keys()).then(r => r.length)")
        assert cached > 10
        context.set_offline(True)
        page.goto(site_url + "play/?game=translation&seats=greedy,greedy&seed=5&pace=600000")
        page.wait_for_selector("html[data-state=ready]")
        assert page.locator("#table svg").count() == 1
        assert not watched.problems, "\n".join(watched.problems)
    finally:
        context.close()


def test_every_page_and_header_link_works_offline_after_one_visit(browser, site_url):
    """Issue 14: with the server unreachable, every page of the site opens from its folder URL and
    from its index.html URL, and the Games, Lessons and For teachers links in each page's header open
    too. (The teacher's page is left out of the offline copy: it works only with its class server.)
    Issue 39: a reader who chose Spanish has every Spanish page too; an English reader downloads none
    (the next test)."""
    from conftest import DIST

    # Every page but the teacher's, which needs its class server (and its key) to show anything.
    pages = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*.html")
                   if not p.relative_to(DIST).as_posix().startswith(("teacher/", "es/teacher/")))
    assert "join/index.html" in pages and "es/join/index.html" in pages
    urls = set(pages) | {p[:-len("index.html")] for p in pages if p.endswith("index.html")}
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(site_url + "es/index.html")  # a Spanish reader's first visit
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        context.set_offline(True)
        # Offline, every page is read through the worker as a navigation would (its folder URL and
        # its index.html URL); the header's three links (Games, Lessons, For teachers — in the
        # page's language) are resolved against each page's own URL, and each distinct target is
        # then opened by a real navigation, offline.
        page.goto(site_url + "es/index.html", wait_until="domcontentloaded")
        found = page.evaluate("""async (urls) => Object.fromEntries(await Promise.all(urls.map(async (url) => {
            const answer = await fetch(url, { mode: "same-origin" }).catch(() => null);
            if (!answer?.ok) return [url, null];
            const html = new DOMParser().parseFromString(await answer.text(), "text/html");
            const links = [...html.querySelectorAll("header.site-header nav a")]
                .map((a) => new URL(a.getAttribute("href"), new URL(url, location.href)).href);
            return [url, links];
        })))""", sorted(site_url + url for url in urls))
        assert not [url for url, links in found.items() if links is None], "not offline"
        assert not [url for url, links in found.items() if len(links) != 3], "a header without its three links"
        targets = {href: url for url, links in sorted(found.items()) for href in links}
        for href, url in sorted(targets.items()):
            response = page.goto(href, wait_until="domcontentloaded")
            assert response is not None and response.ok, f"{url} → {href}"
            assert page.locator("header.site-header").count() == 1, f"{url} → {href}"
    finally:
        context.close()


def test_an_english_reader_downloads_no_spanish_page(browser, site_url):
    """Issue 39, bytes: the English reader's worker precaches the English site and no Spanish page,
    table picture or catalog."""
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        # What was downloaded (a response came): the worker also asks the HTTP cache alone
        # ("only-if-cached") for the catalogs a page of its reader's language fetched, which is no download.
        requested: list[str] = []
        context.on("response", lambda response: requested.append(response.url))
        page.goto(site_url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        kept = page.evaluate("caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys()))))"
                             ".then(all => all.flat().map(r => r.url))")
        assert site_url + "lessons/index.html" in kept
        spanish = [url for url in kept + requested
                   if url.startswith(site_url + "es/") or ".es.svg" in url or url.startswith(site_url + "locale/es/")]
        assert not spanish, spanish[:5]
    finally:
        context.close()


def test_a_new_build_takes_over_on_the_next_load_and_a_booting_page_keeps_its_wheel(browser, tmp_path):
    """Issue 14: after a deploy, the next load runs the new build (new pages, new wheel) with a quiet
    'updated' note, while a page of the old build that is still booting gets its own old wheel
    from the previous cache, never the new wheel and never a 404."""
    import re
    import shutil
    import threading
    from pathlib import Path

    import static_host
    from conftest import DIST
    from sitegen.site import _write_service_worker

    site = tmp_path / "site"
    shutil.copytree(DIST, site)
    server = static_host.make_server(0, site)  # a school's web server, where a new build is copied
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(service_workers="allow")
    try:
        watched = Watched(context.new_page())
        page = watched.page
        page.set_default_timeout(120_000)
        page.goto(url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        assert page.locator(".site-updated").count() == 0  # a first visit is not an update
        play = site / "play" / "index.html"
        old_wheel = re.search(r'name="biocards-wheel" content="([^"]+)"', play.read_text()).group(1)
        # Issue 32: the wheel serves only the install path, so it is kept once a page fetches it
        # (as a page whose snapshot failed does), not precached.
        assert not page.evaluate(f"caches.keys().then((ks) => caches.match('{url}{old_wheel}')).then(Boolean)")
        assert page.evaluate(f"fetch('{url}{old_wheel}').then(r => r.ok)")

        # Deploy a new build: the wheel moves to a new hash folder and the old one is gone.
        old_folder = site / Path(old_wheel).parent
        new_wheel = old_wheel.replace(old_folder.name, "0" * 16)
        shutil.copytree(old_folder, site / Path(new_wheel).parent)
        shutil.rmtree(old_folder)
        play.write_text(play.read_text().replace(old_wheel, new_wheel))
        _write_service_worker(site)

        page.goto(url)  # the browser checks sw.js, installs the new build and switches to it
        switched = """async () => {
            const ks = (await caches.keys()).filter(k => k.startsWith('biocards-'));
            const r = await navigator.serviceWorker.getRegistration();
            return ks.length === 2 && !r.installing && !r.waiting && r.active.state === 'activated';
        }"""
        for _ in range(240):  # wait_for_function would not await the promise
            if page.evaluate(switched):
                break
            page.wait_for_timeout(500)
        else:
            raise AssertionError("the new build's service worker never took over")
        # An old page still booting asks for its own wheel: the previous build's cache answers.
        assert page.evaluate(f"fetch('{url}{old_wheel}').then(r => r.ok)")

        page.goto(url + "play/?game=translation&seats=greedy,greedy&seed=5&pace=600000")
        page.wait_for_selector("html[data-state=ready]")
        assert page.locator('meta[name="biocards-wheel"]').get_attribute("content") == new_wheel
        assert page.locator(".site-updated").is_visible()
        assert "updated" in page.locator(".site-updated").inner_text()
        assert not watched.problems, "\n".join(watched.problems)
    finally:
        context.close()
        server.shutdown()
