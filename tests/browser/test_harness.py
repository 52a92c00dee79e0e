"""The browser the tests and the bench drive: a fresh context holds the page and nothing of
Chromium's own beside it."""

from __future__ import annotations

from conftest import CHROMIUM, CHROMIUM_ARGS


def _browser_ui_pages(cdp) -> list[str]:
    return [target["url"] for target in cdp.send("Target.getTargets")["targetInfos"]
            if target["type"] == "browser_ui"]


def _popups_beside_a_new_page(chromium) -> list[str]:
    """Chromium's own pages that exist once a new context has made its page."""
    cdp = chromium.new_browser_cdp_session()
    context = chromium.new_context()
    try:
        context.new_page()
        return _browser_ui_pages(cdp)
    finally:
        context.close()
        cdp.detach()


def test_a_new_context_builds_no_webui_popup_beside_the_page(browser):
    """Chromium 156 builds its address bar's popup as a WebUI page for every new window, and each
    browser context is one: 0.7-1.0 s of CPU beside every cold boot the bench timed, until
    tests/conftest.py turned the feature off. A Chromium that renames the feature fails here,
    rather than making every figure of the bench quietly slower.

    The same Chromium without the switch shows the check can see the popup, and that it exists as
    soon as the window's page does: no wait is needed before looking for its absence."""
    without_switch = [arg for arg in CHROMIUM_ARGS if not arg.startswith("--disable-features=")]
    plain = browser.browser_type.launch(executable_path=CHROMIUM, headless=True, args=without_switch)
    try:
        assert any(url.startswith("chrome://omnibox-popup") for url in _popups_beside_a_new_page(plain))
    finally:
        plain.close()
    assert _popups_beside_a_new_page(browser) == []
