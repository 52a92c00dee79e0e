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
from ...i18n import N_, _, ngettext, pgettext
from ...svg import LAYOUTS, Drawing, fit_size, wrap
from .cards import CATEGORIES, MUTATIONS, PATHWAY, card_name, next_category, parse, points
from .rules import pending_prompt, reason_text

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
# Translators: the lines of a card's coloured band, one step's name per card, split where it breaks.
BAND_LINES = {"promoter": N_("Promoter"), "operon": N_("Enhancer"),
              "transcription-factor": N_("Transcription\nfactor"), "expressed-gene": N_("Expressed\ngene")}
SHORT_MUTATION = {"substitution": N_("Subst."), "translocation": N_("Transloc."), "deletion": N_("Deletion"),
                  "insertion": N_("Insertion")}
EFFECT = {"substitution": N_("two players\nswap hands"), "translocation": N_("next player\nis skipped"),
          "deletion": N_("play one more\ncard at once"), "insertion": N_("next draws 2\nand is skipped")}
"""Each mutation's game effect in short lines for the card face (the rules page says it in full)."""


def _short(category: str) -> str:
    """A step's name on a small card (a past discard)."""
    return {"promoter": pgettext("short step", "Promoter"), "operon": pgettext("short step", "Enhancer"),
            "transcription-factor": pgettext("short step", "TF"),
            "expressed-gene": pgettext("short step", "Gene")}[category]


def _who(p: int) -> str:
    return _("Player {n}").format(n=p + 1)


def _you(p: int) -> str:
    """"Player 2 (you)"."""
    return _("{player} (you)").format(player=_who(p))


def _name(card: str) -> str:
    return str(card_name(card))


def _step_name(category: str) -> str:
    english = CATEGORIES[category].name
    return _(english)


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _asked(view: dict[str, Any]) -> str:
    """The decision waiting, written from the view in the reader's language."""
    pending = view["pending"]
    return str(pending_prompt(pending["kind"], pending["player"], first=pending.get("first"),
                              card=pending.get("card"), turned_up=len(view["discard"]) == 1))


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
            d.text(CARD_W / 2, 32, _short(category), 20, anchor="middle", weight="bold", fill=ink)
        else:
            lines = _(BAND_LINES[category]).split("\n")
            for k, line in enumerate(lines):
                d.text(CARD_W / 2, 30 + (k - (len(lines) - 1) / 2) * 15, line, 14, anchor="middle",
                       weight="bold", fill=ink)
        if not mutation:
            d.text(CARD_W / 2, 108, value, 50, anchor="middle", weight="bold", fill=text)
        elif small:
            d.text(CARD_W / 2, 100, _(SHORT_MUTATION[value]), 19, anchor="middle", weight="bold", fill=text)
        else:
            title = _(MUTATIONS[value].name)
            d.text(CARD_W / 2, 76, title, 15 if len(title) < 11 else 13, anchor="middle", weight="bold",
                   fill=text)
            for k, line in enumerate(_(EFFECT[value]).split("\n")):
                d.text(CARD_W / 2, 98 + 16 * k, line, 13, anchor="middle", fill=text)
        if not small:
            worth = ngettext("{n} pt", "{n} pts", points(card)).format(n=points(card))
            d.text(9, CARD_H - 9, _("step {n}").format(n=_step(category)), 13, fill=PAPER if mutation else MUTED)
            d.text(CARD_W - 9, CARD_H - 9, worth, 13, anchor="end", fill=PAPER if mutation else MUTED)
        d.add("</g>")


def card_detail(card: str) -> str:
    """A card in words and its biology, for the page's details panel."""
    category, value = parse(card)
    step = CATEGORIES[category]
    parts = [_("{card}: step {n} of the pathway; {role}.").format(card=_name(card), n=_step(category), role=_(step.role))]
    if isinstance(value, str):
        m = MUTATIONS[value]
        parts.append(_("Action card: {effect}. {product}").format(effect=_(m.effect), product=_(m.product)))
    parts.append(_("Worth {points} points in a loser's hand.").format(points=points(card)))
    return " ".join(parts)


def _card_back(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    d.rect(x, y, w, h, "#3c4a63", stroke=DARK, rx=4, width=1)


# -- the parts of the table ---------------------------------------------------------------------------

def _rule_line(view: dict[str, Any]) -> str:
    """What may be played now, in words (or the pending choice's prompt, or the result)."""
    if view["over"]:
        best = max(view["scores"])
        winners = [_who(p) for p, s in enumerate(view["scores"]) if s == best]
        if len(winners) == 1:
            return _("The match is over: {player} wins with {points} points.").format(player=winners[0], points=best)
        names = winners[0]
        for more in winners[1:]:
            names = _("{names} and {name}").format(names=names, name=more)
        return _("The match is over: {players} share the win with {points} points.").format(players=names, points=best)
    if view["pending"]:
        return _asked(view)
    who = _who(view["current"])
    if view["free_play"]:
        return _("The turned-up Deletion lets {player} start with any card.").format(player=who)
    category, value = parse(view["top"])
    wanted = _step_name(next_category(category))
    same = _("any {mutation}").format(mutation=_(MUTATIONS[value].name)) if isinstance(value, str) else \
        _("any {number}").format(number=value)
    if view["draw_size"] or len(view["discard"]) > 1:
        return _("On {top}, {player} may play any {step} card (the next step) or {same}; or draw a card.").format(
            top=_name(view["top"]), player=who, step=wanted, same=same)
    return _("On {top}, {player} may play any {step} card (the next step) or {same}; or pass (no card is left to "
             "draw).").format(top=_name(view["top"]), player=who, step=wanted, same=same)


def prompt(view: dict[str, Any], *, legal=()) -> str | None:
    """One sentence for the prompt bar: what the player to move may do now (nothing once over)."""
    return None if view["over"] else _rule_line(view)


def _header(d: Drawing, view: dict[str, Any]) -> float:
    if view["over"]:
        status = ngettext("Match over after {n} hand", "Match over after {n} hands", view["hand_number"]).format(
            n=view["hand_number"])
    else:
        status = _("Hand {hand} · {player} to move").format(hand=view["hand_number"], player=_who(view["current"]))
        if view["viewer"] == view["current"]:
            status = _("{status} (you)").format(status=status)
    goal = _("First to {target} points wins · at most {hands} hands").format(target=view["target"],
                                                                             hands=view["max_hands"])
    if view["variant"]:
        goal = _("{goal} · 2–3 player variant").format(goal=goal)
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
    d.text(40, BOARD_TOP + 12, _("Draw pile"), 15, weight="bold")
    with d.group(draw, ident="draw-pile", label=None if draw else _draw_pile(view)):
        d.rect(40, y, w, h, "#3c4a63", stroke=DARK, rx=12, width=3 if draw else 1)
        d.rect(48, y + 8, w - 16, h - 16, "none", stroke="#8fa0bf", rx=8, extra='stroke-dasharray="4 3"')
        d.text(40 + w / 2, y + 90, view["draw_size"], 40, anchor="middle", weight="bold", fill=PAPER)
        d.text(40 + w / 2, y + 116, _("cards face down"), 13, anchor="middle", fill="#dfe6f3")
        if draw:
            d.text(40 + w / 2, y + 160, _("Draw a card"), 15, anchor="middle", weight="bold", fill=PAPER)
    past = view["discard"][:-1]
    shown = past[-PAST_SHOWN:]
    x0 = 212
    d.text(x0, BOARD_TOP + 12, _("Discard pile (the newest on top)"), 15, weight="bold")
    pw, ph = CARD_W * PAST_SCALE, CARD_H * PAST_SCALE
    top_x = x0 + PAST_SHOWN * (pw + 6) + 10
    if len(past) > len(shown):
        d.text(x0, y + h - ph - 10, _("+{n} earlier").format(n=len(past) - len(shown)), 13, fill=MUTED)
    for k, card in enumerate(shown):
        cx = top_x - 10 - (len(shown) - k) * (pw + 6)
        _card(d, card, cx, y + h - ph, PAST_SCALE, small=True)
    if not shown:
        d.text(x0, y + h - 40, _("Nothing played yet this hand."), 14, fill=MUTED)
    d.text(top_x + w / 2, y + 2, _("Top card"), 15, anchor="middle", weight="bold")
    _card(d, view["top"], top_x, y + 10, TOP_SCALE, label=_top_card(view))
    _pathway(d, view, top_x + w + 28)


def _draw_pile(view: dict[str, Any]) -> str:
    # "cards" even for one: the English has always said so.
    return _("Draw pile: {n} cards").format(n=view["draw_size"])


def _top_card(view: dict[str, Any]) -> str:
    return _("Top card: {card}").format(card=_name(view["top"]))


def _pathway_label() -> str:
    return _("The expression pathway: {steps} → back to Promoter").format(
        steps=" → ".join(_step_name(c) for c in PATHWAY))


def _pathway(d: Drawing, view: dict[str, Any], x0: float) -> None:
    """The four steps as a loop; the top card's step and the step that may follow are named."""
    top = parse(view["top"])[0]
    nxt = next_category(top)
    anything = view["free_play"] or (view["pending"] or {}).get("kind") == "extra"
    d.text(x0, BOARD_TOP + 12, _("Expression pathway (now any card may go)") if anything else
           _("Expression pathway (play the next step)"), 15, weight="bold")
    cw, ch, gap_x, gap_y = (WIDTH - 40 - x0 - 40) / 2, 70, 40, 54
    spots = [(x0, BOARD_TOP + 30), (x0 + cw + gap_x, BOARD_TOP + 30),
             (x0 + cw + gap_x, BOARD_TOP + 30 + ch + gap_y), (x0, BOARD_TOP + 30 + ch + gap_y)]
    with d.group(ident="pathway", label=_pathway_label()):
        for category, (cx, cy) in zip(PATHWAY, spots):
            is_top, is_next = category == top, category == nxt and not view["over"]
            d.add(f'<g id="step-{category}">')
            d.rect(cx, cy, cw, ch, PAPER, stroke=DARK if is_top or is_next else "#b9b4a6",
                   width=3 if is_top else 2 if is_next else 1, rx=10,
                   extra='stroke-dasharray="7 4"' if is_next else "")
            d.rect(cx + 6, cy + 6, 26, ch - 12, FILL[category], stroke="none", rx=5)
            d.text(cx + 19, cy + ch / 2 + 7, _step(category), 18, anchor="middle", weight="bold",
                   fill=INK[category])
            # Smaller for a longer name than English's ("Factor de transcripción"); the room allows for
            # the width estimate's tenth to spare, so English keeps its 15.
            step_name = _step_name(category)
            d.text(cx + 42, cy + 29, step_name, fit_size(step_name, cw - 30, (15, 13, 12), True), weight="bold")
            tag = _("top card") if is_top else (_("next step") if anything else _("next step: play this")) \
                if is_next else ""
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
        d.text(x0 + cw + gap_x / 2, BOARD_TOP + 30 + ch + gap_y / 2 + 5, _("and round again"), 14,
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
        summary = _("{player}: {cards}, {points} points").format(
            player=_you(p) if view["viewer"] == p else _who(p), cards=_cards(size), points=view["scores"][p])
        with d.group(choose, ident=f"player-{p}", label=None if choose else summary):
            d.rect(x, y, w, PANEL_H, "#fffbe6" if current else PAPER, stroke="#b58900" if current else "#b9b4a6",
                   width=3 if current else 1, rx=12)
            title = _("{player} · you").format(player=_who(p)) if view["viewer"] == p else _who(p)
            d.text(x + 12, y + 24, title, 16, weight="bold")
            if p == view["first_player"] and not view["over"]:
                d.text(x + w - 12, y + 24, _("first"), 14, anchor="end", fill=MUTED)
            backs = min(size, 12)
            step = min(9.0, (w - 100) / max(backs, 1))
            for k in range(backs):
                _card_back(d, x + 12 + k * step, y + 34, 14, 20)
            d.text(x + 12 + (backs - 1) * step + 22 if backs else x + 12, y + 50, _cards(size), 15)
            score, target = view["scores"][p], view["target"]
            d.text(x + 12, y + 74, _("{score} / {target} points").format(score=score, target=target), 15,
                   weight="bold")
            bar = w - 24
            d.rect(x + 12, y + 80, bar, 8, "#efeadb", stroke="#b9b4a6", rx=4)
            if score:
                d.rect(x + 12, y + 80, max(4.0, bar * min(score, target) / target), 8, DARK, stroke="none", rx=4)
            if choose is not None:
                status = _("choose {player}").format(player=_who(p))
            elif pending.get("first") == p and choosing:
                status = _("chosen for the swap")
            elif current:
                status = _("to move")
            else:
                won = sum(1 for h in view["hands_won"] if h["winner"] == p)
                status = ngettext("won {n} hand", "won {n} hands", won).format(n=won) if won else ""
            d.text(x + 12, y + 105, status, 15, weight="bold" if current or choose else "normal",
                   fill="#5a3a00" if current or choose else MUTED)


def _last_hand(d: Drawing, view: dict[str, Any], y: float) -> float:
    """One line on the hand just scored, if any; returns the y below it."""
    last = view["last_hand"]
    if not last:
        return y
    d.text(40, y + 22, _last_hand_text(last), 15, fill=MUTED, extra=' id="last-hand"')
    return y + 32


def _last_hand_text(last: dict[str, Any]) -> str:
    return _("Hand {hand} went to {player}: +{points} points from the cards left in the other hands "
             "({reason}).").format(hand=last["hand"], player=_who(last["winner"]), points=last["points"],
                                   reason=reason_text(last["reason"]))


def _hand(d: Drawing, view: dict[str, Any], y: float, *, x0: float = 40, per_row: int = HAND_PER_ROW,
          step: float = HAND_STEP) -> float:
    """The viewer's own cards, face up; the ones that can be played are raised and clickable."""
    if view["hand"] is None:
        d.text(40, y + 26, _("Watching: every hand is hidden. Only the number of cards each player holds "
                             "is shown."), 16, fill=MUTED)
        return y + 44
    pending = view["pending"] or {}
    drawn = pending.get("card") if pending.get("kind") == "drawn" else None
    cards = ([drawn] if drawn else []) + list(view["hand"])
    kinds = {a.kind for a in d.legal}
    # Only in a turn of playing cards are the unplayable ones faded (not while choosing a swap).
    choosing_card = view["viewer"] == view["current"] and not drawn and bool(kinds & {"play", "draw", "pass"})
    count = len(cards)
    title = ngettext("Your hand: {n} card", "Your hand: {n} cards", count).format(n=count)
    if drawn and d.find("play", card=drawn):
        title = _("{title} · click the card just drawn to play it, or keep it").format(title=title)
    elif choosing_card and "play" in kinds:
        hint = _("{title} · the raised cards can be played: click one, or draw") if "draw" in kinds else \
            _("{title} · the raised cards can be played: click one")
        title = hint.format(title=title)
    elif choosing_card:
        title = _("{title} · none can be played now").format(title=title)
    title_lines = [title] if getattr(d, "width", WIDTH) == WIDTH else wrap(title, d.width - 24, 16, True)
    for k, part in enumerate(title_lines):
        d.text(x0, y + 24 + 22 * k, part, 17 if len(title_lines) == 1 else 16, weight="bold")
    top = y + 50 + 22 * (len(title_lines) - 1)
    for k, card in enumerate(cards):
        x = x0 + (k % per_row) * step
        row_y = top + (k // per_row) * (CARD_H + 40)
        if drawn and k == 0:
            action = d.find("play", card=drawn)
            caption = _("just drawn")
        elif drawn:
            action, caption = None, ""
        else:
            action = d.find("play", card=card)
            caption = _("can play") if action else ""
        raised = action is not None
        faded = choosing_card and not raised
        _card(d, card, x, row_y - (12 if raised else 0), action=action, raised=raised, faded=faded)
        if caption:
            d.text(x + CARD_W / 2, row_y + CARD_H + 16, caption, 13, anchor="middle", weight="bold",
                   fill="#5a3a00")
    if not cards:
        d.text(40, top + 20, _("No cards left."), 15, fill=MUTED)
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
    d.text(12, y + 16, _("Draw pile"), 15, weight="bold")
    with d.group(draw, ident="draw-pile", label=None if draw else _draw_pile(view)):
        d.rect(12, y + 24, w, h, "#3c4a63", stroke=DARK, rx=12, width=3 if draw else 1)
        d.text(12 + w / 2, y + 90, view["draw_size"], 40, anchor="middle", weight="bold", fill=PAPER)
        d.text(12 + w / 2, y + 114, _("face down"), 14, anchor="middle", fill="#dfe6f3")
        if draw:
            d.text(12 + w / 2, y + 160, _("Draw a card"), 14, anchor="middle", weight="bold", fill=PAPER)
    tx = 12 + w + 16
    d.text(tx, y + 16, _("Top card"), 15, weight="bold")
    _card(d, view["top"], tx, y + 24, label=_top_card(view))
    past = view["discard"][:-1]
    if d.width >= 500:
        lx = tx + w + 16
        d.text(lx, y + 40, _("Discard pile"), 15, weight="bold")
        d.text(lx, y + 62, ngettext("{n} card under the top", "{n} cards under the top", len(past)).format(
            n=len(past)), 14, fill=MUTED)
        for k, card in enumerate(reversed(past[-4:])):
            d.text(lx, y + 88 + 22 * k, _name(card), 14, fill=DARK)
    y += 24 + h + 14
    if d.width < 500:
        d.text(12, y + 4, ngettext("Discard pile: {n} card under the top card",
                                   "Discard pile: {n} cards under the top card", len(past)).format(n=len(past)),
               14, fill=MUTED)
        y += 20
    # The pathway as a list of four steps, the top card's and the next one marked.
    top = parse(view["top"])[0]
    nxt = next_category(top)
    anything = view["free_play"] or (view["pending"] or {}).get("kind") == "extra"
    d.text(12, y + 18, _("Expression pathway"), 16, weight="bold")
    y += 28
    with d.group(ident="pathway", label=_pathway_label()):
        for category in PATHWAY:
            is_top, is_next = category == top, category == nxt and not view["over"]
            d.add(f'<g id="step-{category}">')
            d.rect(12, y, d.width - 24, 36, PAPER, stroke=DARK if is_top or is_next else "#b9b4a6",
                   width=3 if is_top else 2 if is_next else 1, rx=8,
                   extra='stroke-dasharray="7 4"' if is_next else "")
            d.rect(16, y + 4, 26, 28, FILL[category], stroke="none", rx=5)
            d.text(29, y + 24, _step(category), 16, anchor="middle", weight="bold", fill=INK[category])
            d.text(50, y + 24, _step_name(category), 15, weight="bold")
            tag = _("top card") if is_top else (_("next") if anything else _("next: play this")) if is_next else ""
            if tag:
                d.text(d.width - 22, y + 24, tag, 14, anchor="end", weight="bold" if is_next else "normal",
                       fill="#5a3a00" if is_next else MUTED)
            d.add("</g>")
            y += 40
        d.text(12, y + 10, _("↻ after Expressed gene, back to Promoter"), 14, fill=MUTED)
    y += 22
    # Players: one line each (a 44-unit row, clickable when a swap partner is chosen).
    pending = view["pending"] or {}
    choosing = pending.get("kind") in ("swap-first", "swap-second")
    for p in range(view["players"]):
        current = view["current"] == p
        choose = d.find("choose", seat=p) if choosing else None
        size = view["hand_sizes"][p]
        text = _("{player}: {cards}, {score}/{target} points").format(
            player=_you(p) if view["viewer"] == p else _who(p), cards=_cards(size), score=view["scores"][p],
            target=view["target"])
        if choose is not None:
            text = _("Choose {player}").format(player=text)
        elif current:
            text = f"▶ {text}"
        bold = bool(current or choose)
        size = fit_size(text, d.width - 44, (15, 14, 13), bold)
        lines = wrap(text, d.width - 44, size, bold)  # still too long at 13 (a longer language): a taller row
        row = 44 + 18 * (len(lines) - 1)
        with d.group(choose, ident=f"player-{p}", label=None if choose else text):
            d.rect(12, y, d.width - 24, row, "#fffbe6" if current else PAPER,
                   stroke=DARK if choose else "#b58900" if current else "#b9b4a6",
                   width=3 if current or choose else 1, rx=8)
            for i, line in enumerate(lines):
                d.text(22, y + 28 + 18 * i, line, size, weight="bold" if bold else "normal")
        y += row + 6
    y = _last_hand_wrapped(d, view, y)
    height = int(_hand(d, view, y, x0=12, per_row=max(1, int((d.width - 12) // (CARD_W + 4))),
                       step=CARD_W + 4) + 16)
    return d.svg(d.width, height, title="Gene Expression", desc=describe(view))


def _last_hand_wrapped(d: Drawing, view: dict[str, Any], y: float) -> float:
    last = view["last_hand"]
    if not last:
        return y
    lines = wrap(_last_hand_text(last), d.width - 24, 14)
    d.add('<g id="last-hand">')
    for k, part in enumerate(lines):
        d.text(12, y + 20 + 20 * k, part, 14, fill=MUTED)
    d.add("</g>")
    return y + 8 + 20 * len(lines)


def describe(view: dict[str, Any]) -> str:
    """A text summary of the table (the SVG's <desc>), enough to play from with a screen reader."""
    parts = [_("Hand {hand}, first to {target} points.").format(hand=view["hand_number"], target=view["target"])]
    if view["over"]:
        parts.append(_("The match is over."))
    elif view["viewer"] == view["current"]:
        parts.append(_("{player} to move (you).").format(player=_who(view["current"])))
    else:
        parts.append(_("{player} to move.").format(player=_who(view["current"])))
    parts.append(_("Top card: {card}. {rule}").format(card=_name(view["top"]), rule=_rule_line(view)))
    if not view["over"]:
        parts.append(_("{player} played first this hand.").format(player=_who(view["first_player"])))
    # "cards" even for one: the English has always said so.
    parts.append(_("Draw pile: {draw} cards; discard pile: {discard} cards.").format(
        draw=view["draw_size"], discard=len(view["discard"])))
    seats = [_("{player} {cards}, {points} points").format(player=_you(p) if view["viewer"] == p else _who(p),
                                                          cards=_cards(n), points=view["scores"][p])
             for p, n in enumerate(view["hand_sizes"])]
    parts.append(_("Players: {seats}.").format(seats="; ".join(seats)))
    if view["hand"] is not None:
        pending = view["pending"] or {}
        drawn = pending.get("card") if pending.get("kind") == "drawn" else None
        hand = ", ".join(_name(c) for c in view["hand"]) or _("no cards")
        parts.append(_("Your hand: {cards}.").format(cards=hand))
        if drawn:
            parts[-1] += " " + _("Just drawn: {card}.").format(card=_name(drawn))
    last = view["last_hand"]
    if last:
        parts.append(_("Last hand ({hand}): {player} scored {points} points ({reason}).").format(
            hand=last["hand"], player=_who(last["winner"]), points=last["points"], reason=reason_text(last["reason"])))
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
