"""What every game's browser tests do with the play page: open a game by its link, count the log."""

PLAY = "play/?game={game}&seats={seats}&seed={seed}&pace=0{extra}"
READY_OR_OVER = "html[data-state=ready], html[data-state=over]"


def open_game(page, site_url, game, seats="human,greedy", seed=7, extra="", until=READY_OR_OVER):
    """Open ``game`` with these seats and seed (bots move at once) and wait until ``until`` holds."""
    page.goto(site_url + PLAY.format(game=game, seats=seats, seed=seed, extra=extra))
    page.wait_for_selector(until)
    return page


def log_length(page):
    return page.locator("#log li").count()


def wait_for_more_log(page, before):
    """Wait until the game log has more lines than ``before`` (a move was played)."""
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {before}")


def tab_to(page, wanted, what, tries=80):
    """Press Tab, as a keyboard user does, until the focused element's name (its aria-label, or its
    text for a plain button) satisfies ``wanted``; fail naming ``what`` if it never does."""
    for _ in range(tries):
        page.keyboard.press("Tab")
        name = page.evaluate("(e => e.getAttribute('aria-label') || e.textContent || '')(document.activeElement)")
        if wanted(name):
            return name
    raise AssertionError(f"Tab never reached {what}")
