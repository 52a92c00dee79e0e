"""Translation's table as SVG: a pure function of the view and the legal actions.

Nucleotides never rely on colour alone: each shows its letter, its ring count (purines two rings,
pyrimidines one) and the hydrogen bonds to its partner (two rungs for weak A·T, three for strong G·C).
Clickable parts carry ``data-action`` with the key of a legal action; the page does the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from ...core import Action
from .cards import ACTION_CARDS, COMPLEMENT, GROUPS

WIDTH = 1280
PANEL_TOP, PANEL_MIN_HEIGHT = 640, 206
# Okabe–Ito–based colours: purines blue (A dark, G light), pyrimidines vermillion (T dark, C light).
FILL = {"A": "#0072B2", "G": "#56B4E9", "T": "#B5470B", "C": "#F4A582"}
INK = {"A": "#fff", "G": "#0b2a3f", "T": "#fff", "C": "#3b1a08"}
PURINE = set("AG")


def _attrs(action: Action | None) -> str:
    if action is None:
        return ""
    return f' data-action="{escape(action.key)}" class="clickable"'


def _text(x: float, y: float, s: str, size: int = 14, *, anchor: str = "middle", weight: str = "normal",
          fill: str = "#1d2433", extra: str = "") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(s)}</text>')


def _rings(x: float, y: float, base: str, colour: str) -> str:
    """One ring for a pyrimidine, two fused rings for a purine (drawn small beside the letter)."""
    if base in PURINE:
        return (f'<circle cx="{x - 4:.0f}" cy="{y:.0f}" r="4" fill="none" stroke="{colour}" stroke-width="1.5"/>'
                f'<circle cx="{x + 4:.0f}" cy="{y:.0f}" r="4" fill="none" stroke="{colour}" stroke-width="1.5"/>')
    return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="4" fill="none" stroke="{colour}" stroke-width="1.5"/>'


def _strand(view: dict[str, Any], legal: Sequence[Action]) -> list[str]:
    seq, left = view["strand"], view["five_prime_left"]
    n = len(seq)
    targets = {a.position: a for a in legal if a.kind == "target"}
    gaps = {a.index: a for a in legal if a.kind == "gap"}
    width = 52
    x0 = 120 if left else WIDTH - 120 - n * width
    out = ['<g id="strand" aria-label="DNA strand">',
           _text(40, 66, "DNA strand", 16, anchor="start", weight="bold")]
    # Physical order left to right; reading position of each physical card.
    for phys in range(n):
        pos = phys + 1 if left else n - phys
        active = seq[pos - 1]
        top, bottom = (active, COMPLEMENT[active]) if left else (COMPLEMENT[active], active)
        x = x0 + phys * width
        act = targets.get(pos)
        out.append(f'<g id="nt-{pos}"{_attrs(act)} role="img" '
                   f'aria-label="Position {pos}: {active}">')
        out.append(f'<rect x="{x + 2}" y="86" width="{width - 4}" height="150" rx="7" fill="#fbfaf6" '
                   f'stroke="{"#1d2433" if act else "#b9b4a6"}" stroke-width="{2 if act else 1}"/>')
        for letter, y, is_active in ((top, 96, left), (bottom, 178, not left)):
            opacity = "1" if is_active else "0.45"
            out.append(f'<g opacity="{opacity}"><rect x="{x + 7}" y="{y}" width="{width - 14}" height="48" '
                       f'rx="6" fill="{FILL[letter]}"/>'
                       + _text(x + width / 2, y + 31, letter, 24, weight="bold", fill=INK[letter])
                       + _rings(x + width / 2, y + 42, letter, INK[letter]) + '</g>')
        bonds = 2 if top in "AT" else 3
        for k in range(bonds):
            bx = x + width / 2 + (k - (bonds - 1) / 2) * 8
            out.append(f'<line x1="{bx:.0f}" y1="147" x2="{bx:.0f}" y2="175" stroke="#6b6657" '
                       f'stroke-width="2" stroke-dasharray="3 2"/>')
        num_y = 258 if left else 72
        out.append(_text(x + width / 2, num_y, str(pos), 13, fill="#5b5648"))
        out.append('</g>')
    for index, act in gaps.items():
        phys = index if left else n - index
        gx = x0 + phys * width
        out.append(f'<g{_attrs(act)} id="gap-{index}"><rect x="{gx - 9}" y="130" width="18" height="60" '
                   f'rx="5" fill="#fff7cc" stroke="#8a6d00"/>{_text(gx, 166, "+", 20, weight="bold")}</g>')
    # The 5′ card and the reading arrow along the active strand.
    row_y = 120 if left else 202
    if left:
        cx = x0 - 70
        arrow = f'M{x0 + 4} {row_y - 36} L{x0 + max(n, 3) * width - 8} {row_y - 36}'
    else:
        cx = x0 + n * width + 10
        arrow = f'M{x0 + n * width - 4} {row_y + 44} L{x0 + 8} {row_y + 44}'
    out.append(f'<g id="five-prime"><rect x="{cx}" y="{row_y - 30}" width="60" height="60" rx="8" '
               f'fill="#1d2433"/>{_text(cx + 30, row_y + 8, "5′", 24, weight="bold", fill="#fff")}</g>')
    out.append(f'<path d="{arrow}" stroke="#1d2433" stroke-width="2.5" fill="none" '
               f'marker-end="url(#arrowhead)"/>')
    end_x = (x0 + n * width + 10) if left else (x0 - 52)
    out.append(_text(end_x + 20, row_y + 6, "3′", 18, fill="#5b5648"))
    out.append('</g>')
    out += _base_key()
    return out


def _base_key() -> list[str]:
    """The key to the nucleotide colours, rings and bonds, on the row under the strand."""
    out = ['<g id="base-key" aria-label="Key to the nucleotides">']
    x = 600.0
    for base, text in (("A", "purine: two rings"), ("C", "pyrimidine: one ring"),
                       (None, "A–T pair: 2 hydrogen bonds (weak) · G–C: 3 (strong)")):
        if base:
            out.append(f'<rect x="{x:.0f}" y="281" width="22" height="20" rx="4" fill="{FILL[base]}"/>'
                       + _rings(x + 11, 291, base, INK[base]))
            x += 28
        out.append(_text(x, 296, text, 12, anchor="start", fill="#5b5648"))
        x += 6.4 * len(text) + 18
    out.append('</g>')
    return out


def _drop(x: float, y: float, filled: bool) -> str:
    path = f"M{x} {y} C{x + 9} {y + 12} {x + 9} {y + 20} {x} {y + 21} C{x - 9} {y + 20} {x - 9} {y + 12} {x} {y}Z"
    fill = "#2f7fc1" if filled else "none"
    return f'<path d="{path}" fill="{fill}" stroke="#2f7fc1" stroke-width="1.6"/>'


def _amino_cards(view: dict[str, Any], legal: Sequence[Action]) -> list[str]:
    translate = {a.code: a for a in legal if a.kind == "translate"}
    out = ['<g id="amino-acids">', _text(40, 300, "Amino acids", 16, anchor="start", weight="bold")]
    for i, aa in enumerate(view["face_up"]):
        x, y = 40 + i * 188, 312
        act = translate.get(aa["code"])
        highlight = ""
        if aa["match"]:
            ids = " ".join(f"nt-{aa['match'] + k}" for k in range(3))
            highlight = f' data-highlight="{ids}"'
        label = f'{aa["name"]} ({aa["code"]}), {"hydrophobic" if aa["hydrophobic"] else "hydrophilic"}'
        out.append(f'<g id="aa-{aa["code"]}"{_attrs(act)}{highlight} role="img" aria-label="{escape(label)}">')
        border = "#1a7f37" if act else "#b9b4a6"
        out.append(f'<rect x="{x}" y="{y}" width="176" height="196" rx="12" fill="#fff" stroke="{border}" '
                   f'stroke-width="{3 if act else 1}"/>')
        out.append(_text(x + 16, y + 46, aa["code"], 38, anchor="start", weight="bold"))
        out.append(_text(x + 62, y + 26, aa["name"], 15 if len(aa["name"]) < 11 else 13, anchor="start",
                         weight="bold"))
        out.append(_text(x + 62, y + 44, aa["abbreviation"], 13, anchor="start", fill="#5b5648"))
        out.append(_drop(x + 152, y + 56, not aa["hydrophobic"]))
        water = "needs water ON" if not aa["hydrophobic"] else "needs water OFF"
        out.append(_text(x + 16, y + 72, water, 12, anchor="start", fill="#2f5f8a"))
        for k, block in enumerate(aa["codons"]):
            out.append(_text(x + 16 + k * 74, y + 106, block, 22, anchor="start", weight="bold",
                             extra=' font-family="ui-monospace, monospace" letter-spacing="2"'))
        for k, group in enumerate(aa["groups"]):
            out.append(f'<rect x="{x + 14}" y="{y + 124 + k * 26}" width="148" height="21" rx="10" '
                       f'fill="#efeadb"/>' + _text(x + 88, y + 139 + k * 26, group, 12))
        if aa["match"]:
            status = "✓ translate" if act else ("codon present" if not view["over"] else "")
            out.append(_text(x + 88, y + 186, f'{status}: {aa["match"]}–{aa["match"] + 2}', 12,
                             fill="#1a7f37" if act else "#5b5648", weight="bold" if act else "normal"))
        out.append('</g>')
    x = 40 + 5 * 188
    out.append(f'<g id="deck"><rect x="{x}" y="312" width="108" height="196" rx="12" fill="#3c4a63"/>'
               f'<rect x="{x + 8}" y="320" width="92" height="180" rx="8" fill="none" stroke="#8fa0bf" '
               f'stroke-dasharray="4 3"/>'
               + _text(x + 54, 404, str(view["deck_size"]), 34, weight="bold", fill="#fff")
               + _text(x + 54, 430, "face down", 12, fill="#dfe6f3") + '</g>')
    out.append('</g>')
    return out


def _water_card(view: dict[str, Any]) -> list[str]:
    on = view["water_on"]
    x, y = WIDTH - 170, 312
    body = [f'<g id="water" role="img" aria-label="Water {"ON" if on else "OFF"}">',
            f'<rect x="{x}" y="{y}" width="130" height="196" rx="12" fill="{"#d7ecfb" if on else "#f3efe3"}" '
            f'stroke="#2f7fc1"/>', _text(x + 65, y + 30, "Water", 16, weight="bold")]
    body.append(f'<g transform="translate({x + 65 - 20},{y + 48}) scale(2)">{_drop(10, 0, on)}</g>')
    body.append(_text(x + 65, y + 128, "ON" if on else "OFF", 30, weight="bold",
                      fill="#1f5f99" if on else "#7a6a3a"))
    body.append(_text(x + 65, y + 158, "hydrophilic" if on else "hydrophobic", 13))
    body.append(_text(x + 65, y + 176, "can be translated", 13))
    body.append('</g>')
    return body


def _market(view: dict[str, Any], legal: Sequence[Action]) -> list[str]:
    buys = {a.card: a for a in legal if a.kind == "buy"}
    out = ['<g id="market">', _text(40, 546, "Market (buy cost · use cost · left)", 16, anchor="start",
                                    weight="bold")]
    for i, item in enumerate(view["market"]):
        x, y = 40 + i * 174, 558
        act = buys.get(item["card"])
        out.append(f'<g id="buy-{item["card"]}"{_attrs(act)}>'
                   f'<rect x="{x}" y="{y}" width="164" height="62" rx="9" fill="{"#fff" if item["left"] else "#eee"}" '
                   f'stroke="{"#1a7f37" if act else "#b9b4a6"}" stroke-width="{2 if act else 1}"/>'
                   + _text(x + 82, y + 24, item["title"], 14 if len(item["title"]) < 16 else 12, weight="bold")
                   + _text(x + 82, y + 46, f'buy {item["buy"]} · use {ACTION_CARDS[item["card"]].use} · '
                                           f'{item["left"]} left', 12, fill="#5b5648") + '</g>')
    out.append('</g>')
    return out


def _pair_lines(collected: Sequence[str]) -> list[str]:
    """One line per amino acid group holding two or more collected cards, with its pairs."""
    lines = []
    for group in GROUPS:
        members = [c for c in collected if group in _GROUPS_OF.get(c, ())]
        if len(members) >= 2:
            pairs = len(members) * (len(members) - 1) // 2
            lines.append(f"{group}: {' '.join(members)} → {pairs} pair{'s' * (pairs > 1)}")
    return lines


def panel_height(view: dict[str, Any]) -> int:
    """Height of the players' panels: tall enough for the fullest hand and collection."""
    needed = (66 + (len(hand) + 2) // 3 * 32 + 18 + 16 * len(_pair_lines(collected))
              for hand, collected in zip(view["hands"], view["collected"]))
    return max(PANEL_MIN_HEIGHT, *needed)


def _players(view: dict[str, Any], legal: Sequence[Action], height: int) -> list[str]:
    plays = {a.card: a for a in legal if a.kind == "play"}
    n = view["players"]
    col = (WIDTH - 80) / n
    out = ['<g id="players">']
    for p in range(n):
        x, y = 40 + p * col, PANEL_TOP
        current = view["current"] == p
        out.append(f'<g id="player-{p}"><rect x="{x}" y="{y}" width="{col - 12:.0f}" height="{height}" rx="12" '
                   f'fill="{"#fffbe6" if current else "#fff"}" stroke="{"#b58900" if current else "#b9b4a6"}" '
                   f'stroke-width="{3 if current else 1}"/>')
        title = f"Player {p + 1}" + (" · to move" if current else "") + (" · you" if view["viewer"] == p else "")
        out.append(_text(x + 14, y + 24, title, 15, anchor="start", weight="bold"))
        out.append(_text(x + col - 26, y + 24, f'{view["scores"][p]} pts', 15, anchor="end", weight="bold"))
        if current:
            dots = "".join(f'<circle cx="{x + 20 + k * 18:.0f}" cy="{y + 42}" r="6" '
                           f'fill="{"#b58900" if k < view["points"] else "none"}" stroke="#b58900"/>'
                           for k in range(5))
            out.append(dots + _text(x + 114, y + 47, f'{view["points"]} action points left', 12,
                                    anchor="start"))
        hand = view["hands"][p]
        chip_w = min(104, (col - 40) / 3)
        for k, (cid, info) in enumerate(hand.items()):
            cx, cy = x + 14 + (k % 3) * (chip_w + 4), y + 58 + (k // 3) * 32
            act = plays.get(cid) if current else None
            faded = info["usable"] == 0
            label = ACTION_CARDS[cid].title
            count = f'{info["usable"]}/{info["owned"]}' if cid != "extend" else f'×{info["owned"]}'
            out.append(f'<g id="card-{p}-{cid}"{_attrs(act)}><rect x="{cx:.0f}" y="{cy}" width="{chip_w:.0f}" '
                       f'height="27" rx="6" fill="{"#f0f0f0" if faded else "#e8f1fb"}" '
                       f'stroke="{"#1a7f37" if act else "#9fb3c8"}" stroke-width="{2 if act else 1}"/>'
                       + _text(cx + chip_w / 2, cy + 18, f"{label[:13]} {count}", 11,
                               fill="#7b7b7b" if faded else "#1d2433") + '</g>')
        rows = (len(hand) + 2) // 3
        gy = y + 66 + rows * 32
        collected = view["collected"][p]
        out.append(_text(x + 14, gy, f"Collected ({len(collected)}): " + (" ".join(collected) or "none"), 13,
                         anchor="start", weight="bold"))
        for k, text in enumerate(_pair_lines(collected)):
            out.append(_text(x + 14, gy + 18 + 16 * k, text, 12, anchor="start", fill="#5b5648"))
        out.append('</g>')
    out.append('</g>')
    return out


def _groups_of() -> dict[str, tuple[str, ...]]:
    from .cards import AMINO_ACIDS
    return {c: aa.groups for c, aa in AMINO_ACIDS.items()}


_GROUPS_OF = _groups_of()


def _summary(view: dict[str, Any]) -> str:
    cur = view["current"]
    parts = [f"Round {view['round']} of at most {view['max_rounds']}.",
             "Game over." if view["over"] else f"Player {cur + 1} to move with {view['points']} action points.",
             f"Active strand 5′ to 3′: {view['strand'] or 'empty'}.",
             f"Water {'ON' if view['water_on'] else 'OFF'}.",
             "Face-up amino acids: " + ", ".join(
                 f"{a['name']} ({'/'.join(a['codons'])})" for a in view["face_up"]) + ".",
             "Scores: " + ", ".join(f"Player {p + 1} {s}" for p, s in enumerate(view["scores"])) + "."]
    if view["pending"]:
        parts.append(view["pending"]["prompt"])
    return " ".join(parts)


def render(view: dict[str, Any], *, legal: Sequence[Action] = ()) -> str:
    """The table as an SVG string."""
    status = ("Game over" if view["over"] else
              f"Round {view['round']} · Player {view['current'] + 1} to move · "
              f"{view['points']} action point{'s' * (view['points'] != 1)} left")
    prompt = view["pending"]["prompt"] if view["pending"] else ""
    roll = f"Last roll: {view['last_roll']}" if view["last_roll"] else ""
    panels = panel_height(view)
    height = PANEL_TOP + panels + 14
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="group" '
             f'class="table translation" font-family="system-ui, sans-serif">',
             f'<title>Translation table</title><desc>{escape(_summary(view))}</desc>',
             '<defs><marker id="arrowhead" markerWidth="10" markerHeight="10" refX="8" refY="5" '
             'orient="auto"><path d="M0 0 L10 5 L0 10 z" fill="#1d2433"/></marker></defs>',
             f'<rect width="{WIDTH}" height="{height}" fill="#f4f1e8"/>',
             _text(40, 36, status, 18, anchor="start", weight="bold"),
             _text(WIDTH - 40, 36, roll, 15, anchor="end", fill="#5b5648"),
             _text(WIDTH / 2, 36, prompt, 16, weight="bold", fill="#8a4b00")]
    parts += _strand(view, legal)
    parts += _amino_cards(view, legal)
    parts += _water_card(view)
    parts += _market(view, legal)
    parts += _players(view, legal, panels)
    parts.append('</svg>')
    return "".join(parts)
