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
    from its index.html URL, and the Games and Lessons links in each page's header open too."""
    from conftest import DIST

    pages = sorted(p.relative_to(DIST).as_posix() for p in DIST.rglob("*.html"))
    urls = set(pages) | {p[:-len("index.html")] for p in pages if p.endswith("index.html")}
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(site_url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        context.set_offline(True)
        for url in sorted(urls):
            response = page.goto(site_url + url, wait_until="domcontentloaded")
            assert response is not None and response.ok, url
            for name in ("Games", "Lessons"):
                link = page.locator("header.site-header nav").get_by_role("link", name=name, exact=True)
                href = link.get_attribute("href")
                with page.expect_navigation(wait_until="domcontentloaded"):
                    link.click()
                assert page.locator("header.site-header").count() == 1, f"{url} → {href}"
                page.go_back(wait_until="domcontentloaded")
    finally:
        context.close()
