"""Translation's table as SVG: a pure function of the view, the legal actions and the layout.

Three layouts (``biocards.svg.LAYOUTS``): ``wide`` for a laptop, ``medium`` for a tablet either way
(or a laptop zoomed to 200%), ``narrow`` for a phone. Regions reflow instead of shrinking: the DNA
strand wraps into rows (every position stays a card a finger can tap), the amino acids and the
market wrap into as many columns as fit, and below ``wide`` your own seat comes first in full while
the other seats become short summaries. No text is drawn under ``MIN_TEXT`` units.

Nucleotides never rely on colour alone: each shows its letter, its ring count (purines two rings,
pyrimidines one) and the hydrogen bonds to its partner (two rungs for weak A·T, three for strong G·C).
Clickable parts carry ``data-action`` with the key of a legal action, and an ``aria-label`` that
starts with the words the part shows (so speech input can name it), followed by what the move does.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from html import escape
from typing import Any

from ...core import Action
from ...i18n import N_, _, ngettext, pgettext
from ...svg import LAYOUTS, MIN_TEXT, Drawing, fit_size, text_width, wrap
from .cards import ACTION_CARDS, AMINO_ACIDS, COMPLEMENT, GROUPS, REAL_SIDE_CHAIN
from .rules import pending_prompt

WIDTH = LAYOUTS["wide"]
PANEL_TOP = 640
"""In the wide layout the players' panels start here (lower only when a pending choice makes the
table above taller), so the panels do not jump about from move to move."""
PANEL_MIN_HEIGHT = 150
# Okabe–Ito–based colours: purines blue (A dark, G light), pyrimidines vermillion (T dark, C light).
FILL = {"A": "#0072B2", "G": "#56B4E9", "T": "#B5470B", "C": "#F4A582"}
INK = {"A": "#fff", "G": "#0b2a3f", "T": "#fff", "C": "#3b1a08"}
BASE_NAMES = {"A": N_("adenine"), "C": N_("cytosine"), "G": N_("guanine"), "T": N_("thymine")}
PURINE = set("AG")
MUTED = "#5b5648"
GREEN = "#1a7f37"
MONO = ' font-family="ui-monospace, monospace"'

# Sizes per layout, in units (one unit is at least one CSS px on screen; see biocards.svg.LAYOUTS).
# ``cell`` is the pitch of a nucleotide card (its frame is 2 less: 50 or 44, a finger's width);
# ``gap_cell`` the pitch while a "+" insertion target sits between every two of them.
SIZES = {
    "wide": dict(margin=20, target=32, cell=52, gap_cell=48, tile_h=46, bond=24, gap=36, five=56, three=30,
                 aa_cols=3, market_cols=7, chip_h=40, choice=(84, 60)),
    "medium": dict(margin=8, target=44, cell=52, gap_cell=40, tile_h=44, bond=22, gap=48, five=40, three=26,
                   aa_cols=2, market_cols=3, chip_h=48, choice=(80, 60)),
    "narrow": dict(margin=8, target=44, cell=46, gap_cell=38, tile_h=40, bond=18, gap=48, five=30, three=20,
                   aa_cols=2, market_cols=2, chip_h=48, choice=(78, 60)),
}


class _Table(Drawing):
    """The shared SVG writer with the layout's sizes, the text floor, and clickable groups whose
    accessible name starts with their visible words."""

    def __init__(self, legal: Sequence[Action], layout: str) -> None:
        super().__init__(legal)
        self.layout = layout
        self.width = LAYOUTS[layout]
        self.size = SIZES[layout]
        self.margin = self.size["margin"]
        self.inner = self.width - 2 * self.margin
        self._words: list[list[str]] = []

    def text(self, x: float, y: float, s: object, size: int = 14, **style: Any) -> None:
        super().text(x, y, s, max(size, MIN_TEXT), **style)
        if self._words and str(s).strip():
            for words in self._words:
                words.append(str(s))
            # A space between <text> elements: axe-core reads a group's visible words by joining its
            # text nodes, and "A" + "T" would otherwise read as one word "AT".
            self.add(" ")

    @contextmanager
    def item(self, action: Action | None = None, *, ident: str | None = None, detail: str = "",
             refused: Action | None = None, describe: str = "", highlight: str = "",
             biology: str = "") -> Iterator[None]:
        """A group; with ``action`` a target for that move, with ``refused`` a thing the student may
        touch whose move is not legal now (the page says why). Both get an ``aria-label`` made of the
        words drawn inside, then ``detail``; a plain group is an image named ``describe``.
        ``biology`` is the card's biology for the page's "Read a card" panel (``data-detail``)."""
        start = len(self.parts)
        self.add("")  # the opening tag, written once the visible words are known
        self._words.append([])
        try:
            yield
        finally:
            words = self._words.pop()
        attrs = f' id="{escape(ident)}"' if ident else ""
        if action is not None:
            attrs += f' data-action="{escape(action.key)}" class="clickable"'
        elif refused is not None:
            attrs += f' data-refused="{escape(refused.key)}"'
        if action is not None or refused is not None:
            name = ", ".join(words) + (f": {detail}" if detail else "")
            attrs += f' aria-label="{escape(name)}"'
        elif describe:
            attrs += f' role="img" aria-label="{escape(describe)}"'
        if highlight:
            attrs += f' data-highlight="{escape(highlight)}"'
        if biology:
            attrs += f' data-detail="{escape(biology)}"'
        self.parts[start] = f"<g{attrs}>"
        self.add("</g>")

    def refusable(self, action: Action) -> Action | None:
        """``action`` as a refused move when someone at this device is to move and it is not legal."""
        return action if self.legal and action not in self.legal else None


def _rings(x: float, y: float, base: str, colour: str) -> str:
    """One ring for a pyrimidine, two fused rings for a purine (drawn small under the letter)."""
    if base in PURINE:
        return (f'<circle cx="{x - 4:.0f}" cy="{y:.0f}" r="4" fill="none" stroke="{colour}" stroke-width="1.5"/>'
                f'<circle cx="{x + 4:.0f}" cy="{y:.0f}" r="4" fill="none" stroke="{colour}" stroke-width="1.5"/>')
    return f'<circle cx="{x:.0f}" cy="{y:.0f}" r="4" fill="none" stroke="{colour}" stroke-width="1.5"/>'


def _drop(x: float, y: float, filled: bool, scale: float = 1.0) -> str:
    """A water drop, its tip at (x, y), 21 units tall at scale 1; filled when the water is ON."""
    s = scale
    path = (f"M{x:.1f} {y:.1f} C{x + 9 * s:.1f} {y + 12 * s:.1f} {x + 9 * s:.1f} {y + 20 * s:.1f} {x:.1f} "
            f"{y + 21 * s:.1f} C{x - 9 * s:.1f} {y + 20 * s:.1f} {x - 9 * s:.1f} {y + 12 * s:.1f} {x:.1f} {y:.1f}Z")
    return f'<path d="{path}" fill="{"#2f7fc1" if filled else "none"}" stroke="#2f7fc1" stroke-width="1.6"/>'


def _title(d: _Table, y: float, title: str, note: str = "") -> float:
    """A region's heading (and a quieter note beside it, or under it when there is no room)."""
    d.text(d.margin, y + 20, title, 16, weight="bold")
    if not note:
        return y + 30
    x = d.margin + text_width(title, 16, True) + 12
    if x + text_width(note, 14) <= d.width - d.margin:
        d.text(x, y + 20, note, 14, fill=MUTED)
        return y + 30
    d.text(d.margin, y + 40, note, 14, fill=MUTED)
    return y + 50


def _player(p: int) -> str:
    return _("Player {n}").format(n=p + 1)


def _points_left(points: int) -> str:
    return ngettext("{n} action point left", "{n} action points left", points).format(n=points)


def _asked(view: dict[str, Any]) -> str:
    """The pending card's question, written from the view in the reader's language (an Insert's
    two-way roll is the last roll)."""
    pending = view["pending"]
    return str(pending_prompt(pending["kind"], pending.get("card"), pending.get("base"), view.get("last_roll")))


def _amino_name(aa: dict[str, Any]) -> str:
    english = aa["name"]  # the view's English name (data marked with N_ in cards.py)
    return _(english)


def _water_needed(hydrophobic: bool) -> str:
    return _("needs water OFF") if hydrophobic else _("needs water ON")


# -- header: whose turn, points, the last roll; End the turn when nothing else is possible ----------

def _header(d: _Table, view: dict[str, Any]) -> float:
    if view["over"]:
        lines = [_("Game over")]
    else:
        turn = _("Round {round} · {player} to move").format(round=view["round"], player=_player(view["current"]))
        points = _points_left(view["points"])
        lines = [f"{turn} · {points}"] if d.layout != "narrow" else [turn, points]
    roll = _("Last roll: {base}").format(base=view["last_roll"]) if view["last_roll"] else ""
    height = 14 + 24 * len(lines)
    d.rect(0, 0, d.width, height, "#2b2b2b", rx=0, stroke="none")
    for i, line in enumerate(lines):
        d.text(d.margin, 28 + 24 * i, line, 17, weight="bold", fill="#fff")
    if roll:
        d.text(d.width - d.margin, 28 + 24 * (len(lines) - 1), roll, 15, anchor="end", fill="#fff")
    y = height + 8
    rest = d.find("rest")
    if rest is not None:
        w, h = 200, d.size["target"] + 4
        with d.item(rest, ident="end-turn", detail=rest.label):
            d.rect(d.margin, y, w, h, "#fff", stroke="#1d2433", width=2)
            d.text(d.margin + w / 2, y + h / 2 + 6, _("End the turn"), 16, anchor="middle", weight="bold")
        note = _("no move can spend your last points")
        if d.margin + w + 12 + text_width(note, 14) <= d.width - d.margin:
            d.text(d.margin + w + 12, y + h / 2 + 5, note, 14, fill=MUTED)
        y += h + 8
    return y


# -- a pending choice of nucleotide (Mutate's new base, Insert's two-way die) -----------------------

def _base_choice(d: _Table, view: dict[str, Any], y: float) -> float:
    choices = [a for a in d.legal if a.kind == "base"]
    if not choices:
        return y
    prompt = _asked(view) if view["pending"] else _("Choose the nucleotide.")
    y = _title(d, y, prompt)
    w, h = d.size["choice"]
    x = d.margin
    for action in choices:
        base = action.get("base")
        if x + w > d.width - d.margin:
            x, y = d.margin, y + h + 8
        with d.item(action, ident=f"base-{base}", detail=action.label):
            d.rect(x, y, w, h, FILL[base], stroke="#1d2433", width=2, rx=8)
            d.text(x + w / 2, y + 30, base, 26, anchor="middle", weight="bold", fill=INK[base])
            d.text(x + w / 2, y + 50, _(BASE_NAMES[base]), 13, anchor="middle", fill=INK[base])
        x += w + 10
    return y + h + 12


# -- the DNA strand ----------------------------------------------------------------------------------

def _strand(d: _Table, view: dict[str, Any], y: float) -> float:
    """The strand as cards in reading order, wrapped into rows. With the 5′ card on the left the
    active strand is the top row of letters and rows read left to right; after a Reverse Complement
    (5′ card on the right) the table is read turned around: active strand below, right to left."""
    seq, left = view["strand"], view["five_prime_left"]
    n = len(seq)
    s = d.size
    targets = {a.get("position"): a for a in d.legal if a.kind == "target"}
    gaps = {a.get("index"): a for a in d.legal if a.kind == "gap"}
    pitch = s["gap_cell"] if gaps else s["cell"]
    y = _title(d, y, _("DNA strand"), _("read 5′ → 3′, left to right, from the 5′ card") if left else
               _("read 5′ → 3′, right to left, from the 5′ card"))
    items: list[tuple[str, int, float]] = [("five", 0, s["five"])]
    for pos in range(1, n + 1):
        if gaps:
            items.append(("gap", pos - 1, s["gap"]))
        items.append(("nt", pos, pitch))
    if gaps:
        items.append(("gap", n, s["gap"]))
    items.append(("three", 0, s["three"]))
    rows: list[list[tuple[str, int, float]]] = [[]]
    used = 0.0
    for item in items:
        if rows[-1] and used + item[2] > d.inner:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += item[2]
    tile_h, bond = s["tile_h"], s["bond"]
    height = 18 + 2 * tile_h + bond + 8
    # The active strand's tiles sit next to the position numbers.
    number_y = y + 15 if left else y + height - 5
    active_y = y + 20 if left else y + 4 + tile_h + bond
    other_y = y + 20 + tile_h + bond if left else y + 4
    d.add('<g id="strand">')
    for r, row in enumerate(rows):
        dy = r * (height + 8)
        x = d.margin if left else d.width - d.margin
        for kind, index, w in row:
            x0 = x if left else x - w
            if kind == "nt":
                _nucleotide(d, seq, index, targets.get(index), x0, w, y + dy, height,
                            number_y + dy, active_y + dy, other_y + dy)
            elif kind == "gap":
                _gap(d, gaps[index], index, (view["pending"] or {}).get("base") or "", x0, w, y + dy, height)
            elif kind == "five":
                with d.item(ident="five-prime", describe=_("5′ end of the active strand")):
                    d.rect(x0 + 2, active_y + dy, w - 6, tile_h, "#1d2433", stroke="none", rx=8)
                    d.text(x0 + w / 2 - 1, active_y + dy + tile_h / 2 + 6, "5′", 17, anchor="middle",
                           weight="bold", fill="#fff")
            else:
                d.text(x0 + w / 2, active_y + dy + tile_h / 2 + 6, "3′", 16, anchor="middle", fill=MUTED)
            x = x + w if left else x - w
    d.add("</g>")
    y += len(rows) * (height + 8)
    return _base_key(d, y)


def _nucleotide(d: _Table, seq: str, pos: int, act: Action | None, x: float, w: float, top: float,
                height: float, number_y: float, active_y: float, other_y: float) -> None:
    active = seq[pos - 1]
    partner = COMPLEMENT[active]
    tile_h = d.size["tile_h"]
    with d.item(act, ident=f"nt-{pos}", detail=act.label if act else "",
                describe=_("Position {position}: {base}, paired with {partner}").format(
                    position=pos, base=active, partner=partner)):
        d.rect(x + 1, top, w - 2, height, "#fbfaf6", stroke="#1d2433" if act else "#b9b4a6",
               width=2 if act else 1, rx=7)
        d.text(x + w / 2, number_y, pos, 14, anchor="middle", fill=MUTED)
        for letter, ty, faded in ((active, active_y, False), (partner, other_y, True)):
            d.add('<g opacity="0.5">' if faded else "<g>")
            d.rect(x + 5, ty, w - 10, tile_h, FILL[letter], stroke="none", rx=6)
            d.text(x + w / 2, ty + tile_h / 2 + 5, letter, 22, anchor="middle", weight="bold", fill=INK[letter])
            d.add(_rings(x + w / 2, ty + tile_h - 7, letter, INK[letter]) + "</g>")
        bonds = 2 if active in "AT" else 3
        y1, y2 = min(active_y, other_y) + tile_h + 2, max(active_y, other_y) - 2
        for k in range(bonds):
            bx = x + w / 2 + (k - (bonds - 1) / 2) * 8
            d.add(f'<line x1="{bx:.0f}" y1="{y1:.0f}" x2="{bx:.0f}" y2="{y2:.0f}" stroke="#6b6657" '
                  f'stroke-width="2" stroke-dasharray="3 2"/>')


def _gap(d: _Table, act: Action, index: int, base: str, x: float, w: float, top: float, height: float) -> None:
    """Where Insert may put ``base``: before position ``index + 1`` (after the last when ``index`` is
    the strand's length)."""
    with d.item(act, ident=f"gap-{index}", detail=act.label):
        d.rect(x + 2, top + 14, w - 4, height - 28, "#fff7cc", stroke="#8a6d00", width=2, rx=6)
        d.text(x + w / 2, top + height / 2 + 2, "+", 24, anchor="middle", weight="bold")
        if base:
            d.text(x + w / 2, top + height / 2 + 24, base, 16, anchor="middle", weight="bold")


def _base_key(d: _Table, y: float) -> float:
    """The key to the nucleotide colours, rings and bonds, under the strand (wrapping as needed)."""
    entries = (("A", _("purine: two rings")), ("C", _("pyrimidine: one ring")),
               (None, _("A–T: 2 hydrogen bonds (weak)")), (None, _("G–C: 3 (strong)")))
    x, row = d.margin, y
    with d.item(ident="base-key", describe=_("Key: purines (A, G) have two rings, pyrimidines (C, T) one; "
                                             "A–T pairs have 2 hydrogen bonds, G–C pairs 3")):
        for base, words in entries:
            w = (28 if base else 0) + text_width(words, 13) + 18
            if x > d.margin and x + w > d.width - d.margin:
                x, row = d.margin, row + 24
            if base:
                d.rect(x, row + 2, 22, 20, FILL[base], stroke="none", rx=4)
                d.add(_rings(x + 11, row + 12, base, INK[base]))
                x += 28
            d.text(x, row + 17, words, 13, fill=MUTED)
            x += text_width(words, 13) + 18
    return row + 32


# -- amino acids and the water card -------------------------------------------------------------------

def _amino_acids(d: _Table, view: dict[str, Any], y: float) -> float:
    translate = {a.get("code"): a for a in d.legal if a.kind == "translate"}
    y = _title(d, y, _("Amino acids"), _("{n} more face down in the deck").format(n=view["deck_size"]))
    cols = d.size["aa_cols"]
    gap = 10
    w = (d.inner - (cols - 1) * gap) / cols
    h = 152 if d.layout == "narrow" else 112
    cells = [("aa", aa) for aa in view["face_up"]] + [("water", None)]
    for i, (kind, aa) in enumerate(cells):
        x = d.margin + (i % cols) * (w + gap)
        top = y + (i // cols) * (h + gap)
        if kind == "water":
            _water_card(d, view, x, top, w, h)
        else:
            _amino_card(d, view, aa, translate.get(aa["code"]), x, top, w, h)
    rows = (len(cells) + cols - 1) // cols
    return y + rows * (h + gap) + 4


def _amino_card(d: _Table, view: dict[str, Any], aa: dict[str, Any], act: Action | None, x: float, y: float,
                w: float, h: float) -> None:
    """A face-up amino acid: a row card (code, name, codons and translate status, groups, water) or,
    in the narrow layout's two columns, the same lines stacked."""
    match = aa["match"]
    highlight = " ".join(f"nt-{match + k}" for k in range(3)) if match else ""
    water = _water_needed(aa["hydrophobic"])
    refused = None if act else d.refusable(Action("translate", code=aa["code"]))
    if aa["code"] in REAL_SIDE_CHAIN:  # the water card's side, not biochemistry's (e.g. histidine)
        kind = _("hydrophobic in this game") if aa["hydrophobic"] else _("hydrophilic in this game")
    else:
        kind = _("hydrophobic") if aa["hydrophobic"] else _("hydrophilic")
    status = ""
    if match:
        status = _("✓ translate {first}–{last}") if act else _("codon at {first}–{last}")
        status = status.format(first=match, last=match + 2)
    status_style = {"fill": GREEN if act else MUTED, "weight": "bold" if act else "normal"}
    name, groups, codons = _amino_name(aa), [_(g) for g in aa["groups"]], ", ".join(aa["codons"])
    real = REAL_SIDE_CHAIN.get(aa["code"])
    facts = dict(name=name, abbreviation=aa["abbreviation"], code=aa["code"], codons=codons, kind=kind,
                 groups=groups[0] if len(groups) == 1 else _("{names} and {name}").format(names=groups[0], name=groups[1]))
    if real:
        biology = ngettext("{name} ({abbreviation}, {code}): codons {codons} (DNA, 5′→3′); group {groups}; {kind} "
                           "(in a real cell {fact}).",
                           "{name} ({abbreviation}, {code}): codons {codons} (DNA, 5′→3′); groups {groups}; {kind} "
                           "(in a real cell {fact}).", len(groups)).format(fact=_(real), **facts)
    else:
        biology = ngettext("{name} ({abbreviation}, {code}): codons {codons} (DNA, 5′→3′); group {groups}; {kind}.",
                           "{name} ({abbreviation}, {code}): codons {codons} (DNA, 5′→3′); groups {groups}; {kind}.",
                           len(groups)).format(**facts)
    detail = str(act.label) if act else _("{kind}, not translatable now").format(kind=kind)
    with d.item(act, ident=f"aa-{aa['code']}", detail=detail, refused=refused, highlight=highlight, biology=biology,
                describe=_("{name} ({code}), codons {codons}, {kind}, {water}").format(
                    name=name, code=aa["code"], codons=codons, kind=kind, water=water)):
        d.rect(x, y, w, h, "#fff", stroke=GREEN if act else "#b9b4a6", width=3 if act else 1, rx=10)
        if d.layout == "narrow":
            d.text(x + 10, y + 28, aa["code"], 28, weight="bold")
            d.text(x + 40, y + 26, name, fit_size(name, w - 46, (15, 13), True), weight="bold")
            d.text(x + 10, y + 54, "  ".join(aa["codons"]), 18, weight="bold", extra=MONO)
            for k, group in enumerate(groups):
                d.text(x + 10, y + 76 + 18 * k, group, 13, fill=MUTED)
            d.add(_drop(x + 18, y + 102, not aa["hydrophobic"], 0.8))
            d.text(x + 30, y + 117, water, 13, fill="#2f5f8a")
            if status:
                d.text(x + 10, y + 140, status, 14, **status_style)
            return
        d.text(x + 12, y + 44, aa["code"], 34, weight="bold")
        title = f"{name} · {aa['abbreviation']}"
        d.text(x + 52, y + 24, title, fit_size(title, w - 62, (16, 14), True), weight="bold")
        d.text(x + 52, y + 52, "  ".join(aa["codons"]), 20, weight="bold", extra=MONO)
        if status:
            d.text(x + w - 10, y + 52, status, 14, anchor="end", **status_style)
        groups_line = " · ".join(groups)
        d.text(x + 52, y + 77, groups_line, fit_size(groups_line, w - 62, (14, 13, 12)), fill=MUTED)
        d.add(_drop(x + 60, y + 85, not aa["hydrophobic"], 0.9))
        d.text(x + 74, y + 101, water, 14, fill="#2f5f8a")


def _water_card(d: _Table, view: dict[str, Any], x: float, y: float, w: float, h: float) -> None:
    on = view["water_on"]
    state = _("Water ON") if on else _("Water OFF")
    describe = _("Water ON: hydrophilic amino acids can be translated") if on else \
        _("Water OFF: hydrophobic amino acids can be translated")
    with d.item(ident="water", describe=describe):
        d.rect(x, y, w, h, "#d7ecfb" if on else "#f3efe3", stroke="#2f7fc1", rx=10)
        ink = "#1f5f99" if on else "#6b5a2a"
        if d.layout == "narrow":
            d.add(f'<g transform="translate({x + w / 2:.0f},{y + 12:.0f})">{_drop(0, 0, on, 2.0)}</g>')
            d.text(x + w / 2, y + 82, state, 20, anchor="middle", weight="bold", fill=ink)
            # Translators: three short lines under the water drop on a phone.
            lines = _("hydrophilic\namino acids\ncan be translated") if on else \
                _("hydrophobic\namino acids\ncan be translated")
            for k, line in enumerate(lines.split("\n")):
                d.text(x + w / 2, y + 104 + 17 * k, line, 14, anchor="middle")
            return
        d.add(f'<g transform="translate({x + 26:.0f},{y + 14:.0f})">{_drop(0, 0, on, 2.0)}</g>')
        d.text(x + 52, y + 30, state, 22, weight="bold", fill=ink)
        d.text(x + 52, y + 60, _("hydrophilic amino acids") if on else _("hydrophobic amino acids"), 14)
        d.text(x + 52, y + 80, _("can be translated"), 14)


# -- the market ---------------------------------------------------------------------------------------

def _market(d: _Table, view: dict[str, Any], y: float) -> float:
    buys = {a.get("card"): a for a in d.legal if a.kind == "buy"}
    d.add('<g id="market">')
    y = _title(d, y, _("Market"), _("buy cost · use cost · cards left"))
    cols = d.size["market_cols"]
    gap = 8
    w = (d.inner - (cols - 1) * gap) / cols
    h = d.size["target"] + 16
    for i, item in enumerate(view["market"]):
        x = d.margin + (i % cols) * (w + gap)
        top = y + (i // cols) * (h + gap)
        card = ACTION_CARDS[item["card"]]
        act = buys.get(item["card"])
        refused = None if act else d.refusable(Action("buy", card=item["card"]))
        title, text = _(card.title), _(card.text)
        move = act.label if act else _("not for sale now")
        with d.item(act, ident=f"buy-{item['card']}", detail=f"{move}. {text}",
                    refused=refused, describe=f"{title}: {text}", biology=f"{title}: {text}"):
            d.rect(x, top, w, h, "#fff" if item["left"] else "#eee", stroke=GREEN if act else "#b9b4a6",
                   width=2 if act else 1, rx=8)
            # The smaller sizes are for longer words than English's (Spanish: "Complementaria inversa").
            size = fit_size(title, w - 12, (15, 13, 12), True)
            d.text(x + w / 2, top + 21, title, size, anchor="middle", weight="bold")
            costs = _("buy {buy} · use {use} · {left} left").format(buy=item["buy"], use=card.use, left=item["left"])
            d.text(x + w / 2, top + h - 11, costs, fit_size(costs, w - 8, (13, 12)), anchor="middle", fill=MUTED)
    d.add("</g>")
    rows = (len(view["market"]) + cols - 1) // cols
    return y + rows * (h + gap) + 6


# -- the players ----------------------------------------------------------------------------------------

_GROUPS_OF = {c: aa.groups for c, aa in AMINO_ACIDS.items()}


def _pair_lines(collected: Sequence[str]) -> list[str]:
    """One line per amino acid group holding two or more collected cards, with its pairs."""
    lines = []
    for group in GROUPS:
        members = [c for c in collected if group in _GROUPS_OF.get(c, ())]
        if len(members) >= 2:
            pairs = len(members) * (len(members) - 1) // 2
            lines.append(ngettext("{group}: {members} → {pairs} pair", "{group}: {members} → {pairs} pairs",
                                  pairs).format(group=_(group), members=" ".join(members), pairs=pairs))
    return lines


def _seat_title(view: dict[str, Any], p: int) -> str:
    title = _player(p)
    if view["viewer"] == p:
        title = _("{player} · you").format(player=title)
    if view["current"] == p and not view["over"]:
        title = _("{player} · to move").format(player=title)
    return title


def _collected(codes: Sequence[str]) -> str:
    return _("Collected ({n}): {codes}").format(n=len(codes), codes=" ".join(codes) or _("none"))


def _chip_layout(d: _Table, panel_w: float) -> tuple[int, float]:
    """How many hand cards fit across a panel, and their width."""
    room = panel_w - 24
    cols = max(1, min(3, int((room + 8) // 144)))
    return cols, (room - (cols - 1) * 8) / cols


def _seat_height(d: _Table, view: dict[str, Any], p: int, panel_w: float) -> float:
    cols, _ = _chip_layout(d, panel_w)
    chips = (len(view["hands"][p]) + cols - 1) // cols
    return 62 + chips * (d.size["chip_h"] + 8) + 26 + 20 * len(_pair_lines(view["collected"][p]))


def _seat(d: _Table, view: dict[str, Any], p: int, x: float, y: float, w: float, h: float) -> None:
    """A seat in full: score, action points, the hand of action cards (playable ones are targets)
    and the amino acids collected with their group pairs."""
    plays = {a.get("card"): a for a in d.legal if a.kind == "play"}
    current = view["current"] == p and not view["over"]
    with d.item(ident=f"player-{p}"):
        d.rect(x, y, w, h, "#fffbe6" if current else "#fff", stroke="#b58900" if current else "#b9b4a6",
               width=3 if current else 1, rx=12)
        d.text(x + 12, y + 24, _seat_title(view, p), 16, weight="bold")
        d.text(x + w - 12, y + 24, _("{points} pts").format(points=view["scores"][p]), 16, anchor="end", weight="bold")
        if current:
            for k in range(5):
                d.add(f'<circle cx="{x + 20 + k * 18:.0f}" cy="{y + 42}" r="6" '
                      f'fill="{"#b58900" if k < view["points"] else "none"}" stroke="#b58900"/>')
            d.text(x + 114, y + 47, _points_left(view["points"]), 14)
        cols, chip_w = _chip_layout(d, w)
        chip_h = d.size["chip_h"]
        for k, (cid, info) in enumerate(view["hands"][p].items()):
            cx = x + 12 + (k % cols) * (chip_w + 8)
            cy = y + 58 + (k // cols) * (chip_h + 8)
            _hand_card(d, p, cid, info, plays.get(cid) if current else None, current, cx, cy, chip_w, chip_h)
        rows = (len(view["hands"][p]) + cols - 1) // cols
        gy = y + 58 + rows * (chip_h + 8) + 16
        collected = view["collected"][p]
        d.text(x + 12, gy, _collected(collected), 14, weight="bold")
        for k, line in enumerate(_pair_lines(collected)):
            d.text(x + 12, gy + 20 + 20 * k, line, 13, fill=MUTED)


def _hand_card(d: _Table, p: int, cid: str, info: dict[str, int], act: Action | None, current: bool,
               x: float, y: float, w: float, h: float) -> None:
    card = ACTION_CARDS[cid]
    faded = info["usable"] == 0
    count = _("use {use} · ×{owned}").format(use=card.use, owned=info["owned"]) if cid == "extend" else \
        _("use {use} · {usable} of {owned} ready").format(use=card.use, usable=info["usable"], owned=info["owned"])
    refused = d.refusable(Action("play", card=cid)) if current and act is None else None
    title, text = _(card.title), _(card.text)
    move = act.label if act else _("not playable now")
    with d.item(act, ident=f"card-{p}-{cid}", detail=f"{move}. {text}",
                refused=refused, describe=f"{title}, {count}. {text}", biology=f"{title}: {text}"):
        d.rect(x, y, w, h, "#f0f0f0" if faded else "#e8f1fb", stroke=GREEN if act else "#9fb3c8",
               width=2 if act else 1, rx=7)
        size = fit_size(title, w - 10, (14, 12), True)
        ink = "#6b6b6b" if faded else "#1d2433"
        d.text(x + w / 2, y + 18, title, size, anchor="middle", weight="bold", fill=ink)
        d.text(x + w / 2, y + h - 8, count, 13, anchor="middle", fill=ink)


def _summary(d: _Table, view: dict[str, Any], p: int, y: float) -> float:
    """Another seat below the wide layout: its score, hand and collection as a few short lines."""
    current = view["current"] == p and not view["over"]
    hand = ", ".join(_(ACTION_CARDS[c].title) + (f" ×{i['owned']}" if c == "extend" else f" {i['usable']}/{i['owned']}")
                     for c, i in view["hands"][p].items()) or pgettext("cards", "none")
    collected = view["collected"][p]
    room = d.inner - 24
    lines = [(line, 14, "normal", "#1d2433") for line in wrap(_("Hand: {cards}").format(cards=hand), room, 14)]
    lines += [(line, 14, "bold", "#1d2433") for line in wrap(_collected(collected), room, 14, True)]
    lines += [(line, 13, "normal", MUTED) for line in _pair_lines(collected)]
    h = 40 + 20 * len(lines)
    with d.item(ident=f"player-{p}"):
        d.rect(d.margin, y, d.inner, h, "#fffbe6" if current else "#fff",
               stroke="#b58900" if current else "#b9b4a6", width=3 if current else 1, rx=12)
        d.text(d.margin + 12, y + 24, _seat_title(view, p), 16, weight="bold")
        d.text(d.width - d.margin - 12, y + 24, _("{points} pts").format(points=view["scores"][p]), 16, anchor="end",
               weight="bold")
        for k, (line, size, weight, fill) in enumerate(lines):
            d.text(d.margin + 12, y + 46 + 20 * k, line, size, weight=weight, fill=fill)
    return y + h


def _panels(d: _Table, view: dict[str, Any], y: float) -> float:
    """The wide layout's players: one panel each, side by side in seat order."""
    n = view["players"]
    y = max(y, PANEL_TOP)
    gap = 12
    w = (d.inner - (n - 1) * gap) / n
    h = max(PANEL_MIN_HEIGHT, *(_seat_height(d, view, p, w) for p in range(n)))
    for p in range(n):
        _seat(d, view, p, d.margin + p * (w + gap), y, w, h)
    return y + h + 12


def _full_seats(view: dict[str, Any]) -> list[int]:
    """The seats shown in full below the wide layout: yours, and the one to move (whose hand holds
    the moves on offer); someone's when there is neither."""
    mover = None if view["over"] else view["current"]
    return list(dict.fromkeys(p for p in (view["viewer"], mover) if p is not None)) or [0]


def _own_seats(d: _Table, view: dict[str, Any], y: float) -> float:
    for p in _full_seats(view):
        h = _seat_height(d, view, p, d.inner)
        _seat(d, view, p, d.margin, y, d.inner, h)
        y += h + 8
    return y + 4


def _other_seats(d: _Table, view: dict[str, Any], y: float) -> float:
    full = _full_seats(view)
    for p in range(view["players"]):
        if p not in full:
            y = _summary(d, view, p, y) + 8
    return y + 4


# -- the whole table ----------------------------------------------------------------------------------

def describe(view: dict[str, Any]) -> str:
    """The table in words (the SVG's <desc>, for screen readers and tests)."""
    cur = view["current"]
    parts = [_("Round {round} of at most {max_rounds}.").format(round=view["round"], max_rounds=view["max_rounds"]),
             _("Game over.") if view["over"] else _("{player} to move with {points} action points.").format(
                 player=_player(cur), points=view["points"]),
             _("Active strand 5′ to 3′: {strand}.").format(strand=view["strand"] or _("empty")),
             _("Water ON.") if view["water_on"] else _("Water OFF."),
             _("Face-up amino acids: {names}.").format(names=", ".join(
                 f"{_amino_name(a)} ({'/'.join(a['codons'])})" for a in view["face_up"])),
             _("Scores: {scores}.").format(scores=", ".join(
                 f"{_player(p)} {s}" for p, s in enumerate(view["scores"])))]
    if view["pending"]:
        parts.append(_asked(view))
    return " ".join(parts)


def prompt(view: dict[str, Any], *, legal: Sequence[Action] = ()) -> str | None:
    """One sentence for the page's prompt bar: what the player to move is asked to do now."""
    if view["over"]:
        return None
    pending = view["pending"]
    if pending:
        kind, asked = pending["kind"], _asked(view)
        if kind == "position":
            return _("{asked} Pick its position on the DNA strand.").format(asked=asked)
        if kind == "gap":
            return _("{asked} Pick a + on the DNA strand.").format(asked=asked)
        if kind == "mutate-to":
            return _("{asked} Pick it above the DNA strand.").format(asked=asked)
        return asked
    if any(a.kind == "rest" for a in legal):
        return _("No move can spend your last points: end the turn.")
    points = view["points"]
    return ngettext("{n} action point left: translate an amino acid, play a card from your hand or buy one from "
                    "the market.",
                    "{n} action points left: translate an amino acid, play a card from your hand or buy one from "
                    "the market.", points).format(n=points)


def render(view: dict[str, Any], *, legal: Sequence[Action] = (), layout: str = "wide") -> str:
    """The table for ``view`` in ``layout``: header, any nucleotide choice, the DNA strand, the amino
    acids with the water card, then (wide) the market and every player's panel side by side, or
    (medium, narrow) your own seat, the market and short summaries of the other seats."""
    d = _Table(legal, layout)
    y = _header(d, view)
    y = _base_choice(d, view, y)
    y = _strand(d, view, y)
    y = _amino_acids(d, view, y)
    if layout == "wide":
        y = _panels(d, view, _market(d, view, y))
    else:  # your hand right after the amino acids it serves, before the market and the others
        y = _other_seats(d, view, _market(d, view, _own_seats(d, view, y)))
    return d.svg(d.width, int(y), title="Translation", desc=describe(view), background="#f4f1e8")
