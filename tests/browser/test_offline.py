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
