"""The gene-expression game's table as SVG: a pure function of a view and the legal actions.

The board shows the draw pile, the discard pile leading to its top card, and the expression pathway
as a loop (promoter → operon → transcription factor → expressed gene → promoter) with the top card's
step and the next step marked in words. Below are the players (cards held, points towards the
target) and the viewer's own hand, face up. Categories use the Okabe–Ito palette and every card
also prints its step name, step number and value, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core import Action
from ...svg import LAYOUTS, Drawing, fit_size, wrap
from .cards import CATEGORIES, MUTATIONS, PATHWAY, next_category, parse, points
from .cards import name as _name

__all__ = ["describe", "render"]

WIDTH = 1280
CARD_W, CARD_H = 112, 156
"""A card at scale 1 (the hand); the top card and draw pile are larger, past discards smaller."""
TOP_SCALE, PAST_SCALE = 1.25, 0.625
HAND_PER_ROW = 10
HAND_STEP = 120
BOARD_TOP = 108
PLAYERS_TOP = 350
PANEL_H = 112
PAST_SHOWN = 5

# Okabe–Ito colours for the printed red, blue, yellow and green; INK is the text colour with the
# higher contrast on each (only the blue takes white).
FILL = {"promoter": "#D55E00", "operon": "#0072B2", "transcription-factor": "#F0E442",
        "expressed-gene": "#009E73"}
INK = {"promoter": "#111111", "operon": "#ffffff", "transcription-factor": "#111111",
       "expressed-gene": "#111111"}
DARK, MUTED, PAPER = "#1d2433", "#5b5648", "#ffffff"
BAND_LINES = {"promoter": ("Promoter",), "operon": ("Enhancer",),
              "transcription-factor": ("Transcription", "factor"), "expressed-gene": ("Expressed", "gene")}
SHORT = {"promoter": "Promoter", "operon": "Enhancer", "transcription-factor": "TF", "expressed-gene": "Gene"}
SHORT_MUTATION = {"substitution": "Subst.", "translocation": "Transloc.", "deletion": "Deletion",
                  "insertion": "Insertion"}
EFFECT = {"substitution": ("two players", "swap hands"), "translocation": ("next player", "is skipped"),
          "deletion": ("play one more", "card at once"), "insertion": ("next draws 2", "and is skipped")}
"""Each mutation's game effect in two short lines for the card face (the rules page says it in full)."""


def _who(p: int) -> str:
    return f"Player {p + 1}"


def _step(category: str) -> int:
    return PATHWAY.index(category) + 1


# -- one card ---------------------------------------------------------------------------------------

def _card(d: Drawing, card: str, x: float, y: float, scale: float = 1.0, *, action: Action | None = None,
          label: str | None = None, raised: bool = False, faded: bool = False, small: bool = False) -> None:
    """A face-up card: a band with its pathway step, then its number or its mutation and effect.

    The frame is the group's first rect, so the page's hover and focus outline falls on it."""
    category, value = parse(card)
    mutation = isinstance(value, str)
    w, h = CARD_W * scale, CARD_H * scale
    body = DARK if mutation else PAPER
    with d.group(action, label=None if action else (label or _name(card)), detail=card_detail(card)):
        stroke, width = (DARK, 3) if raised else (FILL[category] if not mutation else DARK, 2)
        fade = 'opacity="0.7"' if faded else ""  # unplayable now: still legible, never hidden
        d.rect(x, y, w, h, body, stroke=stroke, rx=10 * scale, width=width, extra=fade)
        d.add(f'<g transform="translate({x:.1f},{y:.1f}) scale({scale})" {fade}>')
        ink, text = INK[category], (PAPER if mutation else DARK)
        d.rect(5, 5, CARD_W - 10, 40, FILL[category], stroke="none", rx=7)
        if small:
            d.text(CARD_W / 2, 32, SHORT[category], 20, anchor="middle", weight="bold", fill=ink)
        else:
            lines = BAND_LINES[category]
            for k, line in enumerate(lines):
                d.text(CARD_W / 2, 30 + (k - (len(lines) - 1) / 2) * 15, line, 14, anchor="middle",
                       weight="bold", fill=ink)
        if not mutation:
            d.text(CARD_W / 2, 108, value, 50, anchor="middle", weight="bold", fill=text)
        elif small:
            d.text(CARD_W / 2, 100, SHORT_MUTATION[value], 19, anchor="middle", weight="bold", fill=text)
        else:
            title = MUTATIONS[value].name
            d.text(CARD_W / 2, 76, title, 15 if len(title) < 11 else 13, anchor="middle", weight="bold",
                   fill=text)
            for k, line in enumerate(EFFECT[value]):
                d.text(CARD_W / 2, 98 + 16 * k, line, 13, anchor="middle", fill=text)
        if not small:
            worth = f"{points(card)} pt{'s' * (points(card) != 1)}"
            d.text(9, CARD_H - 9, f"step {_step(category)}", 13, fill=PAPER if mutation else MUTED)
            d.text(CARD_W - 9, CARD_H - 9, worth, 13, anchor="end", fill=PAPER if mutation else MUTED)
        d.add("</g>")


def card_detail(card: str) -> str:
    """A card in words and its biology, for the page's details panel."""
    category, value = parse(card)
    step = CATEGORIES[category]
    text = f"{_name(card)}: step {_step(category)} of the pathway; {step.role}."
    if isinstance(value, str):
        m = MUTATIONS[value]
        text += f" Action card: {m.effect}. {m.product}"
    return text + f" Worth {points(card)} points in a loser's hand."


def _card_back(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    d.rect(x, y, w, h, "#3c4a63", stroke=DARK, rx=4, width=1)


# -- the parts of the table ---------------------------------------------------------------------------

def _rule_line(view: dict[str, Any]) -> str:
    """What may be played now, in words (or the pending choice's prompt, or the result)."""
    if view["over"]:
        best = max(view["scores"])
        winners = " and ".join(_who(p) for p, s in enumerate(view["scores"]) if s == best)
        return f"The match is over: {winners} {'wins' if ' and ' not in winners else 'share the win'} " \
               f"with {best} points."
    if view["pending"]:
        return view["pending"]["prompt"]
    who = _who(view["current"])
    if view["free_play"]:
        return f"The turned-up Deletion lets {who} start with any card."
    category, value = parse(view["top"])
    wanted = CATEGORIES[next_category(category)].name
    same = f"any {MUTATIONS[value].name}" if isinstance(value, str) else f"any {value}"
    draw = "draw a card" if view["draw_size"] or len(view["discard"]) > 1 else "pass (no card is left to draw)"
    return f"On {_name(view['top'])}, {who} may play any {wanted} card (the next step) or {same}; or {draw}."


def prompt(view: dict[str, Any], *, legal=()) -> str | None:
    """One sentence for the prompt bar: what the player to move may do now (nothing once over)."""
    return None if view["over"] else _rule_line(view)


def _header(d: Drawing, view: dict[str, Any]) -> float:
    if view["over"]:
        status = f"Match over after {view['hand_number']} hand{'s' * (view['hand_number'] != 1)}"
    else:
        status = f"Hand {view['hand_number']} · {_who(view['current'])} to move"
        if view["viewer"] == view["current"]:
            status += " (you)"
    variant = " · 2–3 player variant" if view["variant"] else ""
    goal = f"First to {view['target']} points wins · at most {view['max_hands']} hands{variant}"
    line = _rule_line(view)
    if d.width == WIDTH:
        d.text(40, 34, status, 22, weight="bold")
        d.text(WIDTH - 40, 34, goal, 15, anchor="end", fill=MUTED)
        d.rect(30, 48, WIDTH - 60, 40, "#fff4d6" if view["pending"] else "#ffffff", stroke="#b58900", rx=8)
        d.text(46, 74, line, fit_size(line, WIDTH - 92, (17, 15), bool(view["pending"])), weight="bold" if view["pending"] else "normal",
               fill="#5a3a00" if view["pending"] else DARK, extra=' id="rule-line"')
        return 0
    # Narrower tables: the same three things on wrapped lines, nothing smaller.
    y = 30
    for part in wrap(status, d.width - 24, 20, True):
        d.text(12, y, part, 20, weight="bold")
        y += 26
    for part in wrap(goal, d.width - 24, 14):
        d.text(12, y - 4, part, 14, fill=MUTED)
        y += 20
    lines = wrap(line, d.width - 40, 16, bool(view["pending"]))
    d.rect(8, y, d.width - 16, 14 + 22 * len(lines), "#fff4d6" if view["pending"] else "#ffffff", stroke="#b58900",
           rx=8)
    d.add('<g id="rule-line">')
    for k, part in enumerate(lines):
        d.text(18, y + 26 + 22 * k, part, 16, weight="bold" if view["pending"] else "normal",
               fill="#5a3a00" if view["pending"] else DARK)
    d.add("</g>")
    return y + 14 + 22 * len(lines) + 10


def _board(d: Drawing, view: dict[str, Any]) -> None:
    """The draw pile, the discard pile ending in the top card, and the pathway loop."""
    y = BOARD_TOP + 22
    w, h = CARD_W * TOP_SCALE, CARD_H * TOP_SCALE
    draw = d.find("draw")
    d.text(40, BOARD_TOP + 12, "Draw pile", 15, weight="bold")
    with d.group(draw, ident="draw-pile", label=None if draw else f"Draw pile: {view['draw_size']} cards"):
        d.rect(40, y, w, h, "#3c4a63", stroke=DARK, rx=12, width=3 if draw else 1)
        d.rect(48, y + 8, w - 16, h - 16, "none", stroke="#8fa0bf", rx=8, extra='stroke-dasharray="4 3"')
        d.text(40 + w / 2, y + 90, view["draw_size"], 40, anchor="middle", weight="bold", fill=PAPER)
        d.text(40 + w / 2, y + 116, "cards face down", 13, anchor="middle", fill="#dfe6f3")
        if draw:
            d.text(40 + w / 2, y + 160, "Draw a card", 15, anchor="middle", weight="bold", fill=PAPER)
    past = view["discard"][:-1]
    shown = past[-PAST_SHOWN:]
    x0 = 212
    d.text(x0, BOARD_TOP + 12, "Discard pile (the newest on top)", 15, weight="bold")
    pw, ph = CARD_W * PAST_SCALE, CARD_H * PAST_SCALE
    top_x = x0 + PAST_SHOWN * (pw + 6) + 10
    if len(past) > len(shown):
        d.text(x0, y + h - ph - 10, f"+{len(past) - len(shown)} earlier", 13, fill=MUTED)
    for k, card in enumerate(shown):
        cx = top_x - 10 - (len(shown) - k) * (pw + 6)
        _card(d, card, cx, y + h - ph, PAST_SCALE, small=True)
    if not shown:
        d.text(x0, y + h - 40, "Nothing played yet this hand.", 14, fill=MUTED)
    d.text(top_x + w / 2, y + 2, "Top card", 15, anchor="middle", weight="bold")
    _card(d, view["top"], top_x, y + 10, TOP_SCALE, label=f"Top card: {_name(view['top'])}")
    _pathway(d, view, top_x + w + 28)


def _pathway(d: Drawing, view: dict[str, Any], x0: float) -> None:
    """The four steps as a loop; the top card's step and the step that may follow are named."""
    top = parse(view["top"])[0]
    nxt = next_category(top)
    anything = view["free_play"] or (view["pending"] or {}).get("kind") == "extra"
    d.text(x0, BOARD_TOP + 12, "Expression pathway " + ("(now any card may go)" if anything else
                                                        "(play the next step)"), 15, weight="bold")
    cw, ch, gap_x, gap_y = (WIDTH - 40 - x0 - 40) / 2, 70, 40, 54
    spots = [(x0, BOARD_TOP + 30), (x0 + cw + gap_x, BOARD_TOP + 30),
             (x0 + cw + gap_x, BOARD_TOP + 30 + ch + gap_y), (x0, BOARD_TOP + 30 + ch + gap_y)]
    with d.group(ident="pathway", label="The expression pathway: " + " → ".join(
            CATEGORIES[c].name for c in PATHWAY) + " → back to Promoter"):
        for category, (cx, cy) in zip(PATHWAY, spots):
            is_top, is_next = category == top, category == nxt and not view["over"]
            d.add(f'<g id="step-{category}">')
            d.rect(cx, cy, cw, ch, PAPER, stroke=DARK if is_top or is_next else "#b9b4a6",
                   width=3 if is_top else 2 if is_next else 1, rx=10,
                   extra='stroke-dasharray="7 4"' if is_next else "")
            d.rect(cx + 6, cy + 6, 26, ch - 12, FILL[category], stroke="none", rx=5)
            d.text(cx + 19, cy + ch / 2 + 7, _step(category), 18, anchor="middle", weight="bold",
                   fill=INK[category])
            d.text(cx + 42, cy + 29, CATEGORIES[category].name, 15, weight="bold")
            tag = "top card" if is_top else ("next step" if anything else "next step: play this") if is_next else ""
            if tag:
                d.text(cx + 42, cy + 54, tag, 15, weight="bold" if is_next else "normal",
                       fill="#5a3a00" if is_next else MUTED)
            d.add("</g>")
        (ax, ay), (bx, by), (cx_, cy_), (gx, gy) = spots
        arrows = [(ax + cw + 4, ay + ch / 2, bx - 6, by + ch / 2),            # promoter → operon
                  (bx + cw / 2, by + ch + 4, cx_ + cw / 2, cy_ - 6),          # operon → factor
                  (cx_ - 4, cy_ + ch / 2, gx + cw + 6, gy + ch / 2),          # factor → gene
                  (gx + cw / 2, gy - 4, ax + cw / 2, ay + ch + 6)]            # gene → promoter
        for x1, y1, x2, y2 in arrows:
            d.add(f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" stroke="{DARK}" '
                  f'stroke-width="2.5" marker-end="url(#expr-arrow)"/>')
        d.text(x0 + cw + gap_x / 2, BOARD_TOP + 30 + ch + gap_y / 2 + 5, "and round again", 14,
               anchor="middle", fill=MUTED)


def _players(d: Drawing, view: dict[str, Any]) -> None:
    n = view["players"]
    col = (WIDTH - 80) / n
    pending = view["pending"] or {}
    choosing = pending.get("kind") in ("swap-first", "swap-second")
    for p in range(n):
        x, y = 40 + p * col, PLAYERS_TOP
        w = col - 12
        current = view["current"] == p
        choose = d.find("choose", seat=p) if choosing else None
        size = view["hand_sizes"][p]
        summary = (f"{_who(p)}{' (you)' if view['viewer'] == p else ''}: {size} card{'s' * (size != 1)}, "
                   f"{view['scores'][p]} points")
        with d.group(choose, ident=f"player-{p}", label=None if choose else summary):
            d.rect(x, y, w, PANEL_H, "#fffbe6" if current else PAPER, stroke="#b58900" if current else "#b9b4a6",
                   width=3 if current else 1, rx=12)
            title = _who(p) + (" · you" if view["viewer"] == p else "")
            d.text(x + 12, y + 24, title, 16, weight="bold")
            if p == view["first_player"] and not view["over"]:
                d.text(x + w - 12, y + 24, "first", 14, anchor="end", fill=MUTED)
            backs = min(size, 12)
            step = min(9.0, (w - 100) / max(backs, 1))
            for k in range(backs):
                _card_back(d, x + 12 + k * step, y + 34, 14, 20)
            d.text(x + 12 + (backs - 1) * step + 22 if backs else x + 12, y + 50,
                   f"{size} card{'s' * (size != 1)}", 15)
            score, target = view["scores"][p], view["target"]
            d.text(x + 12, y + 74, f"{score} / {target} points", 15, weight="bold")
            bar = w - 24
            d.rect(x + 12, y + 80, bar, 8, "#efeadb", stroke="#b9b4a6", rx=4)
            if score:
                d.rect(x + 12, y + 80, max(4.0, bar * min(score, target) / target), 8, DARK, stroke="none", rx=4)
            if choose is not None:
                status = f"choose {_who(p)}"
            elif pending.get("first") == p and choosing:
                status = "chosen for the swap"
            elif current:
                status = "to move"
            else:
                won = sum(1 for h in view["hands_won"] if h["winner"] == p)
                status = f"won {won} hand{'s' * (won != 1)}" if won else ""
            d.text(x + 12, y + 105, status, 15, weight="bold" if current or choose else "normal",
                   fill="#5a3a00" if current or choose else MUTED)


def _last_hand(d: Drawing, view: dict[str, Any], y: float) -> float:
    """One line on the hand just scored, if any; returns the y below it."""
    last = view["last_hand"]
    if not last:
        return y
    d.text(40, y + 22, f"Hand {last['hand']} went to {_who(last['winner'])}: +{last['points']} points from "
           f"the cards left in the other hands ({last['reason']}).", 15, fill=MUTED, extra=' id="last-hand"')
    return y + 32


def _hand(d: Drawing, view: dict[str, Any], y: float, *, x0: float = 40, per_row: int = HAND_PER_ROW,
          step: float = HAND_STEP) -> float:
    """The viewer's own cards, face up; the ones that can be played are raised and clickable."""
    if view["hand"] is None:
        d.text(40, y + 26, "Watching: every hand is hidden. Only the number of cards each player holds "
               "is shown.", 16, fill=MUTED)
        return y + 44
    pending = view["pending"] or {}
    drawn = pending.get("card") if pending.get("kind") == "drawn" else None
    cards = ([drawn] if drawn else []) + list(view["hand"])
    kinds = {a.kind for a in d.legal}
    # Only in a turn of playing cards are the unplayable ones faded (not while choosing a swap).
    choosing_card = view["viewer"] == view["current"] and not drawn and bool(kinds & {"play", "draw", "pass"})
    count = len(cards)
    hint = ""
    if drawn and d.find("play", card=drawn):
        hint = " · click the card just drawn to play it, or keep it"
    elif choosing_card:
        hint = (" · the raised cards can be played: click one" + (", or draw" if "draw" in kinds else "")
                if "play" in kinds else " · none can be played now")
    title = f"Your hand: {count} card{'s' * (count != 1)}{hint}"
    title_lines = [title] if getattr(d, "width", WIDTH) == WIDTH else wrap(title, d.width - 24, 16, True)
    for k, part in enumerate(title_lines):
        d.text(x0, y + 24 + 22 * k, part, 17 if len(title_lines) == 1 else 16, weight="bold")
    top = y + 50 + 22 * (len(title_lines) - 1)
    for k, card in enumerate(cards):
        x = x0 + (k % per_row) * step
        row_y = top + (k // per_row) * (CARD_H + 40)
        if drawn and k == 0:
            action = d.find("play", card=drawn)
            caption = "just drawn"
        elif drawn:
            action, caption = None, ""
        else:
            action = d.find("play", card=card)
            caption = "can play" if action else ""
        raised = action is not None
        faded = choosing_card and not raised
        _card(d, card, x, row_y - (12 if raised else 0), action=action, raised=raised, faded=faded)
        if caption:
            d.text(x + CARD_W / 2, row_y + CARD_H + 16, caption, 13, anchor="middle", weight="bold",
                   fill="#5a3a00")
    if not cards:
        d.text(40, top + 20, "No cards left.", 15, fill=MUTED)
        return top + 40
    rows = (count + per_row - 1) // per_row
    return top + rows * (CARD_H + 40) - 12


def _render_narrow(d: Drawing, view: dict[str, Any]) -> str:
    d.add('<defs><marker id="expr-arrow" markerWidth="10" markerHeight="10" refX="8" refY="5" '
          f'orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="{DARK}"/></marker></defs>')
    y = _header(d, view)
    # Draw pile and top card side by side; past discards as a count and the newest names.
    w, h = CARD_W, CARD_H
    draw = d.find("draw")
    d.text(12, y + 16, "Draw pile", 15, weight="bold")
    with d.group(draw, ident="draw-pile", label=None if draw else f"Draw pile: {view['draw_size']} cards"):
        d.rect(12, y + 24, w, h, "#3c4a63", stroke=DARK, rx=12, width=3 if draw else 1)
        d.text(12 + w / 2, y + 90, view["draw_size"], 40, anchor="middle", weight="bold", fill=PAPER)
        d.text(12 + w / 2, y + 114, "face down", 14, anchor="middle", fill="#dfe6f3")
        if draw:
            d.text(12 + w / 2, y + 160, "Draw a card", 14, anchor="middle", weight="bold", fill=PAPER)
    tx = 12 + w + 16
    d.text(tx, y + 16, "Top card", 15, weight="bold")
    _card(d, view["top"], tx, y + 24, label=f"Top card: {_name(view['top'])}")
    past = view["discard"][:-1]
    if d.width >= 500:
        lx = tx + w + 16
        d.text(lx, y + 40, "Discard pile", 15, weight="bold")
        d.text(lx, y + 62, f"{len(past)} card{'s' * (len(past) != 1)} under the top", 14, fill=MUTED)
        for k, card in enumerate(reversed(past[-4:])):
            d.text(lx, y + 88 + 22 * k, _name(card), 14, fill=DARK)
    y += 24 + h + 14
    if d.width < 500:
        d.text(12, y + 4, f"Discard pile: {len(past)} card{'s' * (len(past) != 1)} under the top card", 14,
               fill=MUTED)
        y += 20
    # The pathway as a list of four steps, the top card's and the next one marked.
    top = parse(view["top"])[0]
    nxt = next_category(top)
    anything = view["free_play"] or (view["pending"] or {}).get("kind") == "extra"
    d.text(12, y + 18, "Expression pathway", 16, weight="bold")
    y += 28
    with d.group(ident="pathway", label="The expression pathway: " + " → ".join(
            CATEGORIES[c].name for c in PATHWAY) + " → back to Promoter"):
        for category in PATHWAY:
            is_top, is_next = category == top, category == nxt and not view["over"]
            d.add(f'<g id="step-{category}">')
            d.rect(12, y, d.width - 24, 36, PAPER, stroke=DARK if is_top or is_next else "#b9b4a6",
                   width=3 if is_top else 2 if is_next else 1, rx=8,
                   extra='stroke-dasharray="7 4"' if is_next else "")
            d.rect(16, y + 4, 26, 28, FILL[category], stroke="none", rx=5)
            d.text(29, y + 24, _step(category), 16, anchor="middle", weight="bold", fill=INK[category])
            d.text(50, y + 24, CATEGORIES[category].name, 15, weight="bold")
            tag = "top card" if is_top else ("next" if anything else "next: play this") if is_next else ""
            if tag:
                d.text(d.width - 22, y + 24, tag, 14, anchor="end", weight="bold" if is_next else "normal",
                       fill="#5a3a00" if is_next else MUTED)
            d.add("</g>")
            y += 40
        d.text(12, y + 10, "↻ after Expressed gene, back to Promoter", 14, fill=MUTED)
    y += 22
    # Players: one line each (a 44-unit row, clickable when a swap partner is chosen).
    pending = view["pending"] or {}
    choosing = pending.get("kind") in ("swap-first", "swap-second")
    for p in range(view["players"]):
        current = view["current"] == p
        choose = d.find("choose", seat=p) if choosing else None
        size = view["hand_sizes"][p]
        text = (f"{_who(p)}{' (you)' if view['viewer'] == p else ''}: {size} card{'s' * (size != 1)}, "
                f"{view['scores'][p]}/{view['target']} points")
        if choose is not None:
            text = f"Choose {text}"
        elif current:
            text = f"▶ {text}"
        with d.group(choose, ident=f"player-{p}", label=None if choose else text):
            d.rect(12, y, d.width - 24, 44, "#fffbe6" if current else PAPER,
                   stroke=DARK if choose else "#b58900" if current else "#b9b4a6",
                   width=3 if current or choose else 1, rx=8)
            d.text(22, y + 28, text, 15 if len(text) * 8 < d.width - 40 else 13,
                   weight="bold" if current or choose else "normal")
        y += 50
    y = _last_hand_wrapped(d, view, y)
    height = int(_hand(d, view, y, x0=12, per_row=max(1, int((d.width - 12) // (CARD_W + 4))),
                       step=CARD_W + 4) + 16)
    return d.svg(d.width, height, title="Gene Expression", desc=describe(view))


def _last_hand_wrapped(d: Drawing, view: dict[str, Any], y: float) -> float:
    last = view["last_hand"]
    if not last:
        return y
    text = (f"Hand {last['hand']} went to {_who(last['winner'])}: +{last['points']} points from the cards left "
            f"in the other hands ({last['reason']}).")
    lines = wrap(text, d.width - 24, 14)
    d.add('<g id="last-hand">')
    for k, part in enumerate(lines):
        d.text(12, y + 20 + 20 * k, part, 14, fill=MUTED)
    d.add("</g>")
    return y + 8 + 20 * len(lines)


def describe(view: dict[str, Any]) -> str:
    """A text summary of the table (the SVG's <desc>), enough to play from with a screen reader."""
    parts = [f"Hand {view['hand_number']}, first to {view['target']} points."]
    if view["over"]:
        parts.append("The match is over.")
    else:
        parts.append(f"{_who(view['current'])} to move" + (" (you)." if view["viewer"] == view["current"] else "."))
    parts.append(f"Top card: {_name(view['top'])}. {_rule_line(view)}")
    if not view["over"]:
        parts.append(f"{_who(view['first_player'])} played first this hand.")
    parts.append(f"Draw pile: {view['draw_size']} cards; discard pile: {len(view['discard'])} cards.")
    seats = [f"{_who(p)}{' (you)' if view['viewer'] == p else ''} {n} card{'s' * (n != 1)}, "
             f"{view['scores'][p]} points" for p, n in enumerate(view["hand_sizes"])]
    parts.append("Players: " + "; ".join(seats) + ".")
    if view["hand"] is not None:
        pending = view["pending"] or {}
        drawn = pending.get("card") if pending.get("kind") == "drawn" else None
        hand = ", ".join(_name(c) for c in view["hand"]) or "no cards"
        parts.append(f"Your hand: {hand}." + (f" Just drawn: {_name(drawn)}." if drawn else ""))
    last = view["last_hand"]
    if last:
        parts.append(f"Last hand ({last['hand']}): {_who(last['winner'])} scored {last['points']} points "
                     f"({last['reason']}).")
    return " ".join(parts)


def render(view: dict[str, Any], *, legal: Sequence[Action] = (), layout: str = "wide") -> str:
    """The table for ``view`` as an SVG string; each legal move sits on the card or seat it acts on.

    ``medium`` and ``narrow`` stack the same regions (prompt, piles and top card, pathway, players as
    one line each, your hand wrapping to the width) instead of shrinking the wide table."""
    d = Drawing(legal, name_from_text=True)  # a target's name starts with the words it shows
    d.width = LAYOUTS[layout]
    if layout != "wide":
        return _render_narrow(d, view)
    d.add('<defs><marker id="expr-arrow" markerWidth="10" markerHeight="10" refX="8" refY="5" '
          f'orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="{DARK}"/></marker></defs>')
    _header(d, view)
    _board(d, view)
    _players(d, view)
    y = _last_hand(d, view, PLAYERS_TOP + PANEL_H)
    height = int(_hand(d, view, y + 4) + 16)
    return d.svg(WIDTH, height, title="Gene Expression", desc=describe(view))
