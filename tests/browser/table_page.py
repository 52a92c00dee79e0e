"""What every game's browser tests do with the play page: open a game by its link, count the log."""

# Player 1 moves first, as these tables were prepared (issue 33 draws the first player otherwise).
PLAY = "play/?game={game}&seats={seats}&seed={seed}&pace=0&opt-first_player=0{extra}"
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


VIEWPORTS = {
    "laptop 1366x768": (1366, 768),
    "laptop at 200% 683x384": (683, 384),
    "tablet 1024x768": (1024, 768),
    "tablet 768x1024": (768, 1024),
    "phone 390x844": (390, 844),
}
"""The screens issue 12 names: a Chromebook, the same at 200% zoom, an iPad both ways, a phone."""

MEASURE_JS = """() => {
  // Rendered size of every text in #table in CSS px: the font size the SVG asks for times the
  // scale the SVG is drawn at (getScreenCTM folds in viewBox scaling and any transforms).
  const texts = [];
  for (const t of document.querySelectorAll('#table svg text')) {
    if (!t.textContent.trim()) continue;
    const m = t.getScreenCTM();
    if (!m) continue;
    const scale = Math.sqrt(m.a * m.a + m.b * m.b);
    texts.push(parseFloat(getComputedStyle(t).fontSize) * scale);
  }
  const targets = [];
  for (const el of document.querySelectorAll('#table [data-action]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    targets.push(Math.min(r.width, r.height));
  }
  const svg = document.querySelector('#table svg');
  return {texts, targets,
          layout: svg ? (svg.dataset.layout || '') : '',
          scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth};
}"""


def percentile(values, fraction):
    """The value below which ``fraction`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, int(fraction * len(ordered) + 0.5) - 1))]


def measure_table(page):
    """Figures a student's eyes and fingers meet on this page's table, in CSS px."""
    raw = page.evaluate(MEASURE_JS)
    texts, targets = raw["texts"], raw["targets"]
    return {
        "layout": raw["layout"],
        "texts": len(texts),
        "text_p10_px": round(percentile(texts, 0.10), 1),
        "text_median_px": round(percentile(texts, 0.50), 1),
        "texts_under_12px": sum(1 for t in texts if t < 12 - 1e-6),
        "targets": len(targets),
        "target_min_px": round(min(targets), 1) if targets else None,
        "targets_under_24px": sum(1 for t in targets if t < 24 - 1e-6),
        "sideways_scroll_px": max(0, raw["scrollWidth"] - raw["innerWidth"]),
    }


def near_the_end(game, players, seed, moves_left, **options):
    """The ``&moves=…&v=…`` of a shared link to the game greedy computers at every seat play from
    ``seed`` (Player 1 first, as :data:`PLAY` opens it), ``moves_left`` moves before its end: a test
    about how a game ends lets the page's computers play those moves, not the whole game again."""
    from biocards import games
    from biocards.bots import play_out
    from biocards.core.links import encode_moves

    rules = games.get(game)
    whole = play_out(rules.new_state(players, seed, first_player=0, **options),
                     [rules.make_bot("greedy", s, seed) for s in range(players)])
    assert len(whole.history) > moves_left, f"the whole game is only {len(whole.history)} moves long"
    record = whole.to_record()
    position = rules.load({**record, "actions": record["actions"][:-moves_left]})
    return f"&moves={encode_moves(position)}&v={rules.version}"


def speak(page, lang: str) -> None:
    """The play page's own HTML in ``lang`` (a pseudo-locale's, which the site builds no page for):
    its ``<html lang>``, which is all the page reads to choose its catalogs, and right to left for
    ar-XB."""
    from urllib.parse import urlparse

    direction = ' dir="rtl"' if lang == "ar-XB" else ""

    def spoken(route):
        response = route.fetch()
        headers = {k: v for k, v in response.headers.items() if k.lower() not in ("content-encoding", "content-length")}
        route.fulfill(status=response.status, headers=headers,
                      body=response.text().replace('<html lang="en"', f'<html lang="{lang}"{direction}', 1))

    page.route(lambda url: urlparse(url).path in ("/play/", "/play/index.html"), spoken)
