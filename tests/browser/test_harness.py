"""The browser the tests and the bench drive: a fresh context holds the page and nothing of
Chromium's own beside it."""

from __future__ import annotations


def _browser_ui_pages(cdp) -> list[str]:
    return [target["url"] for target in cdp.send("Target.getTargets")["targetInfos"]
            if target["type"] == "browser_ui"]


def test_a_new_context_builds_no_webui_popup_beside_the_page(browser):
    """Chromium 156 builds its address bar's popup as a WebUI page for every new window, and each
    browser context is one: 0.7-1.0 s of CPU beside every cold boot the bench timed, until
    tests/conftest.py turned the feature off. A Chromium that renames the feature fails here,
    rather than making every figure of the bench quietly slower."""
    cdp = browser.new_browser_cdp_session()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("about:blank")
        page.wait_for_timeout(300)  # the popup's page is asked for with the window, not after it
        assert _browser_ui_pages(cdp) == []
    finally:
        context.close()
        cdp.detach()
