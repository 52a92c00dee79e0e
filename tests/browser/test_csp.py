"""Every page runs under the strict Content-Security-Policy of issue 14."""

from __future__ import annotations

POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'; connect-src 'self'"
PLAY_POLICY = POLICY.replace("'wasm-unsafe-eval'", "'wasm-unsafe-eval' 'unsafe-eval'")
"""The play page adds 'unsafe-eval' only because PyScript's core builds its hooks with Function()
(see play.html); no page allows inline scripts."""
LINK = "play/?game=translation&seats=human,greedy&seed=7&pace=0"
COUNT_VIOLATIONS = """window.__violations = [];
document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));"""


def test_the_game_boots_and_plays_under_the_strict_policy(page, site_url):
    """Issue 14: Pyodide and PyScript need nothing beyond 'wasm-unsafe-eval'; a move is made and
    no part of the page is refused by the policy (the fixture also fails on any console error)."""
    page.add_init_script(COUNT_VIOLATIONS)
    page.goto(site_url + LINK)
    page.wait_for_selector("html[data-state=ready]")
    assert page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content") == PLAY_POLICY
    page.locator("[data-action*='toggle-water']").first.click()
    page.wait_for_function("document.documentElement.dataset.moves === '1'")
    assert page.evaluate("window.__violations") == []


def test_the_policy_blocks_an_injected_inline_script(browser, site_url):
    """Issue 14: if text ever reached a page as a script, the policy would refuse to run it, on the
    strict pages and on the play page alike."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.add_init_script(COUNT_VIOLATIONS)
        for url in ("index.html", "lessons/index.html", LINK):
            page.goto(site_url + url)
            page.evaluate("""() => { window.__violations = []; const s = document.createElement('script');
                s.textContent = 'window.__injected = true'; document.body.append(s); }""")
            page.wait_for_function("window.__violations.length > 0")
            assert page.evaluate("window.__injected === undefined"), url
            assert page.evaluate("window.__violations")[0].startswith("script-src"), url
            policy = page.locator("meta[http-equiv=Content-Security-Policy]").get_attribute("content")
            assert policy in (POLICY, PLAY_POLICY) and "unsafe-inline" not in policy, url
    finally:
        context.close()


def test_every_built_page_carries_the_policy_and_no_inline_script_or_style():
    """Issue 14: the policy is on every page, and no page needs 'unsafe-inline' (no inline script,
    no on…= handler, no <style> element or style= attribute): a page that did would lose that
    script or style under the policy (and log a console error)."""
    import re

    from conftest import DIST

    for path in DIST.rglob("*.html"):
        html = path.read_text(encoding="utf-8")
        assert 'http-equiv="Content-Security-Policy"' in html, path
        scripts = re.findall(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", html)
        assert not scripts, (path, scripts)
        assert not re.search(r"<[^>]+\son[a-z]+=", html), path
        assert not re.search(r"<style\b|<[^>]+\sstyle=", html), path
