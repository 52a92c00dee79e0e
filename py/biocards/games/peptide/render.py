"""Peptide's table as SVG (pure: a view in, a string out; clickable things carry ``data-action``).

Colours follow the Okabe–Ito palette, safe for colour-blind players, and every RNA card and
organelle also shows its letter or name, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ...core import Action
from ...svg import Drawing
from .cards import AMINO_CARDS, ORGANELLE_ORDER, ORGANELLES, RNA_NAMES, START_CODON

WIDTH = 1280
INK = "#111"  # Peptide's text colour (the shared writer's default is a softer navy)
SEATS_TOP, SEATS_SPACE, SEAT_MAX_HEIGHT = 248, 550, 110
RNA_COLOURS = {"A": "#009E73", "G": "#0072B2", "C": "#D55E00", "U": "#E69F00"}
ORG_COLOURS = {"mitochondrion": "#F0E442", "nucleus": "#56B4E9", "vacuole": "#CC79A7",
               "synthetase": "#E69F00", "ribosome": "#009E73"}
ORG_SHORT = {"mitochondrion": "MITO", "nucleus": "NUC", "vacuole": "VAC", "synthetase": "AA-tRNA",
             "ribosome": "RIBO"}
# The second line of each field card: the organelle's name, short enough to fit the card.
ORG_SUBTITLE = {"mitochondrion": "Mitochondrion", "nucleus": "Nucleus", "vacuole": "Vacuole",
                "synthetase": "Synthetase", "ribosome": "Ribosome"}
PHASES = {"select": "Phase 1: select organelles", "resolve": "Phase 2: resolve organelles",
          "discard": "End of round: discard down to Vacuole limits", "over": "Game over"}


class _Table(Drawing):
    """The shared SVG writer, with Peptide's ink and card shapes, hanging each move on one element only:
    a second one (two identical organelles selected, two identical RNA cards drawn) would be a second
    keyboard stop for the same move."""

    def __init__(self, legal) -> None:
        super().__init__(legal)
        self.placed: set[str] = set()

    def find(self, kind: str, **params: Any) -> Action | None:
        """The legal move of ``kind`` with these parameters, if no element carries it yet."""
        action = super().find(kind, **params)
        return action if action is None or action.key not in self.placed else None

    @contextmanager
    def group(self, action: Action | None = None, *, ident: str | None = None, label: str | None = None,
              ) -> Iterator[None]:
        if action is not None:
            self.placed.add(action.key)
        with super().group(action, ident=ident, label=label):
            yield

    def text(self, x: float, y: float, s: object, size: int = 13, **style: Any) -> None:
        super().text(x, y, s, size, **{"fill": INK, **style})

    def card(self, x, y, w, h, fill, lines, *, action=None, ident=None, stroke="#333", dark=False) -> None:
        with self.group(action, ident=ident):
            self.rect(x, y, w, h, fill, stroke="#000" if action is not None else stroke,
                      width=3 if action is not None else 1)
            colour = "#fff" if dark else INK
            for i, (s, size, weight) in enumerate(lines):
                self.text(x + w / 2, y + 16 + i * (size + 3), s, size, anchor="middle", weight=weight,
                          fill=colour)

    def rna(self, x, y, letter, *, size=22, action=None, ident=None, count=None) -> None:
        with self.group(action, ident=ident):
            self.rect(x, y, size, size + 4, RNA_COLOURS[letter], stroke="#000", rx=3,
                      width=3 if action is not None else 1)
            self.text(x + size / 2, y + size * 0.8, letter, int(size * 0.7), anchor="middle",
                      weight="bold", fill="#fff" if letter in "GC" else INK)
            if count is not None:
                self.text(x + size + 3, y + size * 0.8, f"×{count}", 12)


def render(view: dict[str, Any], *, legal=()) -> str:
    """The table for ``view``: shared supplies on top, one row per player below."""
    svg = _Table(legal)
    _header(svg, view)
    _table(svg, view)
    _prompt(svg, view)
    n = view["players"]
    row = min(SEAT_MAX_HEIGHT, SEATS_SPACE // n)
    for p in range(n):
        _seat(svg, view, p, SEATS_TOP + p * row, row)
    height = SEATS_TOP + n * row + 4  # no empty band below the last seat
    return svg.svg(WIDTH, height, title="Peptide", desc=describe(view))


def describe(view: dict[str, Any]) -> str:
    """A text summary of the table (the SVG's <desc>, for screen readers and tests)."""
    parts = [f"Round {view['round']}, {PHASES[view['phase']]}."]
    if view["current"] is not None:
        parts.append(f"Player {view['current'] + 1} to move.")
    if view["stop_out"]:
        parts.append("The STOP codon is out: last round.")
    field = ", ".join(f"{ORGANELLES[o].name} ×{k}" for o, k in view["field"].items()) or "empty"
    top = view["amino_top"] and AMINO_CARDS[view["amino_top"]]
    known_top = f" (on top, the {top.name} {top.codon} you put back)" if top else ""
    parts.append(f"Organelle field: {field}. Face-up RNA: {' '.join(view['rna_up']) or 'none'}. "
                 f"ATP supply {view['atp_supply']}. Amino acid deck {view['amino_deck']}{known_top}. "
                 f"Bonus cards left: {' '.join('+%d' % b for b in view['bonus_stack']) or 'none'}.")
    parts.append(f"Decks: {view['organelle_deck']} organelles, {view['rna_deck']} RNA.")
    if view["pending"] is not None:
        parts.append(f"Waiting for Player {view['pending']['player'] + 1}: {view['pending']['prompt']}")
    for p, seat in enumerate(view["seats"]):
        chain = " ".join(AMINO_CARDS[c].name + (" (permanent)" if perm else "") for c, perm in seat["chain"])
        text = (f"Player {p + 1}: {seat['atp']} ATP, {seat['rna_count']} RNA, {seat['hand_count']} amino "
                f"acids in hand, chain: START {chain}.".replace("START .", "START only."))
        if seat["rna"] is not None:  # the viewer's own cards, for a screen reader
            letters = " ".join(f"{b}×{n}" for b, n in seat["rna"].items() if n) or "none"
            hand = ", ".join(f"{AMINO_CARDS[c].name} {AMINO_CARDS[c].codon}" for c in seat["hand"]) or "none"
            text += f" Your RNA: {letters}. Your amino acids: {hand}."
        if seat["selected"]:
            text += " Selected: " + ", ".join(ORGANELLES[s["organelle"]].name + (" face down" if s["facedown"] else "")
                                              if s["organelle"] else "a face-down card" for s in seat["selected"]) + "."
        if seat["bonus"]:
            text += " Bonus " + " ".join(f"+{b}" for b in seat["bonus"]) + "."
        if seat["track"] is not None:
            text += f" Vacuole limits: {seat['track'][0]} ATP, {seat['track'][1]} RNA."
        parts.append(text)
    if view.get("scores"):
        parts.append("Final scores: " + ", ".join(f"Player {p + 1} {s}" for p, s in enumerate(view["scores"])))
    return " ".join(parts)


def _header(svg: _Table, view) -> None:
    svg.rect(0, 0, WIDTH, 34, "#2b2b2b", rx=0, stroke="none")
    turn = "" if view["current"] is None else f" · Player {view['current'] + 1} to move"
    svg.text(12, 23, f"Round {view['round']} · {PHASES[view['phase']]}{turn}", size=16, weight="bold",
             fill="#fff")
    if view["stop_out"]:
        with svg.group(ident="last-round"):
            svg.rect(WIDTH - 440, 4, 430, 26, "#D55E00", stroke="#fff", rx=4)
            svg.text(WIDTH - 225, 22, "■ STOP codon drawn: LAST ROUND after this one ends" if
                     view["round"] == view["stop_round"] else "■ LAST ROUND (STOP codon drawn)",
                     size=14, anchor="middle", weight="bold", fill="#fff")


def _table(svg: _Table, view) -> None:
    y = 44
    svg.card(10, y, 78, 112, "#555", [("Organelle", 12, "bold"), ("deck", 12, "bold"),
                                      (str(view["organelle_deck"]), 22, "bold")], ident="organelle-deck", dark=True)
    x = 98
    for org in ORGANELLE_ORDER:
        count = view["field"].get(org)
        if not count:
            continue
        for k in range(min(count, 3) - 1, 0, -1):  # stacked duplicates peek out behind
            svg.rect(x + 4 * k, y - 4 * k + 8, 100, 104, ORG_COLOURS[org], stroke="#333")
        pick = svg.find("pick", organelle=org, facedown=False)
        svg.card(x, y + 8, 100, 104, ORG_COLOURS[org],
                 [(ORG_SHORT[org], 14, "bold"), (ORG_SUBTITLE[org], 10, "normal"),
                  (f"×{count}", 18, "bold")], action=pick, ident=f"field-{org}")
        down = svg.find("pick", organelle=org, facedown=True)
        if down is not None:
            svg.card(x + 10, y + 80, 80, 26, "#ddd", [("face down", 11, "normal")], action=down,
                     ident=f"field-{org}-down")
        x += 108
    first = svg.find("first-player")
    svg.card(x + 6, y + 8, 78, 104, "#fff" if not view["first_taken"] else "#ccc",
             [("First", 13, "bold"), ("Player", 13, "bold"), (f"P{view['first_player'] + 1}", 16, "bold")],
             action=first, ident="first-player-card")
    x = 740
    svg.card(x, y, 74, 112, "#F0E442", [("ATP", 14, "bold"), ("supply", 11, "normal"),
                                        (str(view["atp_supply"]), 22, "bold")], ident="atp-supply")
    bonus = " ".join(f"+{b}" for b in view["bonus_stack"]) or "none"
    svg.card(x + 80, y, 74, 112, "#fff", [("Bonus", 13, "bold"), ("stack", 11, "normal"), (bonus, 13, "bold")],
             ident="bonus-stack")
    _amino_deck(svg, view, x + 160, y)
    svg.card(x + 250, y, 74, 112, "#444", [("RNA", 13, "bold"), ("deck", 12, "bold"),
                                           (str(view["rna_deck"]), 22, "bold")], ident="rna-deck", dark=True)
    for i, letter in enumerate(view["rna_up"]):
        take = svg.find("rna-take", index=i)
        fill = "#fff" if letter in "GC" else INK
        with svg.group(take, ident=f"rna-up-{i}"):
            svg.rect(x + 332 + i * 98, y, 90, 112, RNA_COLOURS[letter], stroke="#000", width=3 if take else 1)
            svg.text(x + 377 + i * 98, y + 60, letter, size=40, anchor="middle", weight="bold", fill=fill)
            svg.text(x + 377 + i * 98, y + 90, RNA_NAMES[letter], size=12, anchor="middle", fill=fill)
    buttons = [("reset-rna", "Reset RNA (1 ATP)"), ("reset-organelles", "Reset organelles (2 ATP)"),
               ("select-twice", "Select twice (3 ATP)")]
    bx = 98
    for kind, label in buttons:
        action = svg.find(kind)
        if action is not None:
            svg.card(bx, 164, 170, 26, "#fff", [(label, 12, "bold")], action=action, ident=f"btn-{kind}")
            bx += 180


def _amino_deck(svg: _Table, view, x: int, y: int) -> None:
    """The face-down Amino Acid deck; the seat that put a card back on top sees which one it is."""
    top = view["amino_top"] and AMINO_CARDS[view["amino_top"]]
    with svg.group(ident="amino-deck", label=f"Amino Acid deck: {view['amino_deck']} cards face down"
                   + (f"; on top, the {top.name} ({top.codon}) you put back" if top else "")):
        svg.card(x, y, 84, 112, "#444", [("Amino", 12, "bold"), ("Acid deck", 12, "bold"),
                                         (str(view["amino_deck"]), 22, "bold")], dark=True)
        if top:
            svg.card(x + 6, y + 70, 72, 38, "#fff",
                     [("you put back", 9, "normal"), (f"{top.code} {top.codon}", 13, "bold")], ident="amino-top")


def _prompt(svg: _Table, view) -> None:
    pending = view["pending"]
    svg.rect(10, 200, WIDTH - 20, 40, "#fffbe6", stroke="#999")
    if pending is None:
        if view["phase"] == "over":
            text = "Game over. " + " · ".join(f"Player {p + 1}: {s}" for p, s in enumerate(view["scores"] or []))
        elif view["phase"] == "select":
            text = "Choose an organelle from the field (or face down for 1 ATP later, or the First Player card)."
        else:
            text = "Resolve each organelle you selected, in any order; then end your turn."
        svg.text(20, 225, text, size=14)
        _bar_buttons(svg)
        return
    svg.text(20, 225, f"Player {pending['player'] + 1}: {pending['prompt']}", size=14, weight="bold")
    # The pending kind says what the drawn cards are: "G", "A" and "C" are RNA letters and amino acids.
    rna_draw = pending["kind"] == "nucleus-keep"
    for i, item in enumerate(pending.get("drawn") or []):
        x = 700 + i * 130
        if rna_draw:
            keep = svg.find("keep", letter=item)
            with svg.group(keep, ident=f"drawn-{i}"):
                svg.rect(x, 203, 120, 34, RNA_COLOURS[item], stroke="#000", width=3 if keep else 1)
                svg.text(x + 60, 226, f"Keep {RNA_NAMES[item]} ({item})", size=13, anchor="middle", weight="bold",
                         fill="#fff" if item in "GC" else INK)
        else:
            card = AMINO_CARDS[item]
            svg.card(x, 203, 120, 34, "#fff", [(f"Keep {card.name} {card.codon}", 11, "bold")],
                     action=svg.find("keep", code=item), ident=f"drawn-{i}")
    _bar_buttons(svg)


_BAR_KINDS = ("vacuole", "rna-draw2", "synthesize", "skip", "end-turn")
"""Moves without a card of their own on the table (or only a deck, or the thin Vacuole track) get a
labelled button in the bar, and only there: the decks and the track do not carry them too."""


def _bar_buttons(svg: _Table) -> None:
    """Buttons at the right of the prompt bar, each showing its action's label."""
    actions = [a for a in svg.legal if a.kind in _BAR_KINDS]
    widths = [int(len(a.label) * 6.4) + 18 for a in actions]
    x = WIDTH - 16 - sum(w + 6 for w in widths)
    for action, w in zip(actions, widths):
        ident = f"btn-{action.kind}" + (f"-{action.get('choice')}" if action.kind == "vacuole" else "")
        svg.card(x + 6, 205, w, 30, "#fff", [(action.label, 11, "bold")], action=action, ident=ident)
        x += w + 6


def _seat(svg: _Table, view, p: int, y: int, h: int) -> None:
    seat = view["seats"][p]
    own = seat["hand"] is not None
    current = view["current"] == p
    svg.rect(6, y, WIDTH - 12, h - 6, "#fff" if not current else "#eef6ff",
             stroke="#0072B2" if current else "#bbb", width=3 if current else 1)
    name = f"{'▶ ' if current else ''}Player {p + 1}{' (you)' if own and view['viewer'] == p else ''}"
    if view["first_player"] == p:
        name += " · First"
    svg.text(16, y + 20, name, size=14, weight="bold")
    atp_action = svg.find("discard", item="ATP") if current else None
    with svg.group(atp_action, ident=f"atp-{p}"):
        svg.rect(16, y + 28, 66, 22, "#F0E442", rx=11)
        svg.text(49, y + 44, f"ATP {seat['atp']}", size=13, anchor="middle", weight="bold")
    if seat["bonus"]:
        svg.text(90, y + 44, "Bonus " + " ".join(f"+{b}" for b in seat["bonus"]), size=12, weight="bold")
    if seat["track"] is not None:
        e, r = seat["track"]
        svg.text(16, y + 66, f"Vacuole limits: ATP {e}/10 · RNA {r}/9", size=11)
        for i, (choice, value, top) in enumerate((("energy", e, 10), ("rna", r, 9))):
            with svg.group(ident=f"track-{p}-{choice}"):
                svg.rect(16 + i * 88, y + 72, 84, 12, "#eee", rx=2)
                svg.rect(16 + i * 88, y + 72, 84 * value / top, 12, "#CC79A7" if i else "#F0E442", rx=2)
    # RNA and selected organelles.
    if own:
        x = 200
        for letter in "AGCU":
            count = seat["rna"][letter]
            action = svg.find("discard", item=letter) if current else None
            svg.rna(x, y + 8, letter, size=18, action=action, ident=f"rna-{p}-{letter}", count=count)
            x += 52
    else:
        svg.text(200, y + 24, f"RNA cards: {seat['rna_count']}", size=13)
    x = 200
    for i, sel in enumerate(seat["selected"]):
        org = sel["organelle"]
        action = None
        if current and org is not None:
            action = svg.find("resolve", organelle=org, facedown=sel["facedown"])
        label = "face down" if sel["facedown"] else ""
        fill = "#bbb" if sel["facedown"] else ORG_COLOURS[org]
        svg.card(x, y + 36, 120, 30, fill, [(f"{ORG_SHORT[org] if org else '?'} {label}".strip(), 12, "bold")],
                 action=action, ident=f"selected-{p}-{i}")
        x += 126
    # Amino acid hand.
    if own:
        width = 46 if len(seat["hand"]) <= 5 else max(24, 236 // len(seat["hand"]))
        for i, code in enumerate(seat["hand"]):
            card = AMINO_CARDS[code]
            action = svg.find("link", code=code) if current else None
            svg.card(460 + i * width, y + 6, width - 3, 52, "#fff",
                     [(card.code, 16, "bold"), (card.codon, 10, "bold"), (str(card.value) + "pt", 9, "normal")],
                     action=action, ident=f"hand-{p}-{i}")
    else:
        svg.text(460, y + 24, f"Amino acids in hand: {seat['hand_count']}", size=13)
    _chain(svg, seat, p, y, current)


def _chain(svg: _Table, seat, p: int, y: int, current: bool) -> None:
    x0 = 710
    svg.card(x0, y + 6, 50, 52, "#0072B2", [("START", 10, "bold"), ("Met", 13, "bold"), (START_CODON, 10, "bold")],
             ident=f"start-{p}", dark=True)
    links = seat["chain"]
    step = 54 if len(links) <= 9 else max(30, 500 // len(links))
    leftmost = next((i for i, (_, perm) in enumerate(links) if not perm), None)
    for i, (code, permanent) in enumerate(links):
        card = AMINO_CARDS[code]
        x = x0 + (i + 1) * step
        action = svg.find("permanent") if (current and i == leftmost) else None
        if permanent:
            svg.card(x, y + 6, step - 4, 52, "#333", [(card.code, 16, "bold"), ("perm.", 9, "normal"),
                                                      (f"{card.value}pt", 10, "bold")],
                     ident=f"chain-{p}-{i}", dark=True)
        else:
            svg.card(x, y + 6, step - 4, 52, "#fff", [(card.code, 16, "bold"), (card.name[:5], 9, "normal"),
                                                      (f"{(card.value + 1) // 2}pt", 10, "bold")],
                     action=action, ident=f"chain-{p}-{i}")
            size = min(16, (step - 6) // 3)
            for k, letter in enumerate(card.codon):
                svg.rna(x + k * (size + 1), y + 60, letter, size=size)
