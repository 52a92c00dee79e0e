"""Peptide's table as SVG (pure: a view in, a string out; clickable things carry ``data-action``).

Colours follow the Okabe–Ito palette, safe for colour-blind players, and every RNA card and
organelle also shows its letter or name, so colour is never the only signal.
"""

from __future__ import annotations

from typing import Any

from ...core import Action
from ...i18n import N_, _, pgettext
from ...svg import LAYOUTS, Drawing, Flow, text_width, wrap
from .cards import AMINO_CARDS, ORGANELLE_ORDER, ORGANELLES, RNA_NAMES, START_CODON
from .rules import PROMPTS

WIDTH = 1280
INK = "#111"  # Peptide's text colour (the shared writer's default is a softer navy)
SEATS_TOP, SEATS_SPACE, SEAT_MAX_HEIGHT = 248, 550, 110
RNA_COLOURS = {"A": "#009E73", "G": "#0072B2", "C": "#D55E00", "U": "#E69F00"}
ORG_COLOURS = {"mitochondrion": "#F0E442", "nucleus": "#56B4E9", "vacuole": "#CC79A7",
               "synthetase": "#E69F00", "ribosome": "#009E73"}
# Translators: an organelle's name cut short, in capitals, on a card 96 units wide (MITO = Mitochondrion).
ORG_SHORT = {"mitochondrion": N_("MITO"), "nucleus": N_("NUC"), "vacuole": N_("VAC"), "synthetase": N_("AA-tRNA"),
             "ribosome": N_("RIBO")}
# The second line of each field card: the organelle's name, short enough to fit the card.
ORG_SUBTITLE = {"mitochondrion": N_("Mitochondrion"), "nucleus": N_("Nucleus"), "vacuole": N_("Vacuole"),
                "synthetase": N_("Synthetase"), "ribosome": N_("Ribosome")}
PHASES = {"select": N_("Phase 1: select organelles"), "resolve": N_("Phase 2: resolve organelles"),
          "discard": N_("End of round: discard down to Vacuole limits"), "over": N_("Game over")}
"""Every text here is English, marked for the catalog, and shown with ``_()`` when the table is drawn."""


def _player(p: int) -> str:
    return _("Player {n}").format(n=p + 1)


def _asked(pending: dict[str, Any]) -> str:
    """What an open choice asks, in the reader's language (the view's own text is in the language it
    was made in)."""
    kind = pending["kind"]
    return _(PROMPTS[kind]) if kind in PROMPTS else pending["prompt"]


def _phase(view: dict[str, Any]) -> str:
    phase = view["phase"]
    return _(PHASES[phase])


def _organelle(org: str) -> str:
    return _(ORGANELLES[org].name)


def _short(org: str | None) -> str:
    """An organelle's short name, ``?`` for a card whose face is hidden."""
    return _(ORG_SHORT[org]) if org else "?"


class _Table(Drawing):
    """The shared SVG writer, with Peptide's ink and card shapes, hanging each move on one element only:
    a second one (two identical organelles selected, two identical RNA cards drawn) would be a second
    keyboard stop for the same move."""

    def __init__(self, legal, width: int = 1280, layout: str = "wide") -> None:
        super().__init__(legal, name_from_text=True)  # a target's name starts with the words it shows
        self.placed: set[str] = set()
        self.width, self.layout = width, layout
        # Touch targets: 44 units where a finger is likely (medium, narrow), 32 with a mouse (wide).
        self.target = 32 if layout == "wide" else 44

    def find(self, kind: str, **params: Any) -> Action | None:
        """The legal move of ``kind`` with these parameters, if no element carries it yet."""
        action = super().find(kind, **params)
        return action if action is None or action.key not in self.placed else None

    def group(self, action: Action | None = None, *, ident: str | None = None, label: str | None = None,
              does: str | None = None, detail: str | None = None):
        if action is not None:
            self.placed.add(action.key)
            if does is None and action.label:  # the shared writer reads the label as a str
                does = str(action.label)
        return super().group(action, ident=ident, label=label, does=does, detail=detail)

    def text(self, x: float, y: float, s: object, size: int = 13, **style: Any) -> None:
        super().text(x, y, s, size, **{"fill": INK, **style})

    def card(self, x, y, w, h, fill, lines, *, action=None, ident=None, stroke="#333", dark=False,
             middle=False, detail=None) -> None:
        """A card or button; ``middle`` centres its one line of text vertically (buttons); ``detail`` is
        its full text for the page's details panel."""
        with self.group(action, ident=ident, detail=detail):
            self.rect(x, y, w, h, fill, stroke="#000" if action is not None else stroke,
                      width=3 if action is not None else 1)
            colour = "#fff" if dark else INK
            for i, (s, size, weight) in enumerate(lines):
                top = y + h / 2 + size * 0.35 if middle else y + 6 + size + i * (size + 4)
                self.text(x + w / 2, top, s, size, anchor="middle", weight=weight, fill=colour)

    def rna(self, x, y, letter, *, size=22, action=None, ident=None, count=None) -> None:
        with self.group(action, ident=ident):
            self.rect(x, y, size, size + 4, RNA_COLOURS[letter], stroke="#000", rx=3,
                      width=3 if action is not None else 1)
            self.text(x + size / 2, y + size / 2 + 7, letter, max(13, int(size * 0.6)), anchor="middle",
                      weight="bold", fill="#fff" if letter in "GC" else INK)
            if count is not None:
                self.text(x + size + 4, y + size / 2 + 7, f"×{count}", 14, weight="bold")


def render(view: dict[str, Any], *, legal=(), layout: str = "wide") -> str:
    """The table for ``view`` at ``layout``'s width: header, shared supplies, the prompt bar, then
    one panel per seat (yours first in the narrow layouts, so your hand is never far away).

    Regions reflow rather than shrink: every piece is placed left to right and wraps at the layout's
    width, so text keeps its size (12 units at least) and cards stay big enough to touch."""
    width = LAYOUTS[layout]
    svg = _Table(legal, width, layout)
    y = _header(svg, view)
    y = _table(svg, view, y + 8)
    y = _prompt(svg, view, y + 8)
    order = list(range(view["players"]))
    viewer = view.get("viewer")
    if layout != "wide" and viewer is not None and viewer in order:
        order.remove(viewer)
        order.insert(0, viewer)
    for p in order:
        y = _seat(svg, view, p, y + 6)
    return svg.svg(width, int(y + 8), title="Peptide", desc=describe(view))  # the game's name, as published


def prompt(view: dict[str, Any], *, legal=()) -> str | None:
    """One sentence for the prompt bar: what the player to move must do now."""
    pending = view["pending"]
    if view["phase"] == "over":
        return None
    if pending is not None:
        return _("Player {n}: {prompt}").format(n=pending["player"] + 1, prompt=_asked(pending))
    if view["phase"] == "select":
        return _("Choose an organelle from the field (face down costs 1 ATP later), or take the First Player card.")
    if view["phase"] == "discard":
        return _("Discard ATP or RNA down to your Vacuole limits.")
    return _("Resolve each organelle you selected, in any order, then end your turn.")


def describe(view: dict[str, Any]) -> str:
    """A text summary of the table (the SVG's <desc>, for screen readers and tests)."""
    parts = [_("Round {round}, {phase}.").format(round=view["round"], phase=_phase(view))]
    if view["current"] is not None:
        parts.append(_("Player {n} to move.").format(n=view["current"] + 1))
    if view["stop_out"]:
        parts.append(_("The STOP codon is out: last round."))
    none = _("none")
    field = ", ".join(f"{_organelle(o)} ×{k}" for o, k in view["field"].items()) or _("empty")
    parts.append(_("Organelle field: {field}.").format(field=field))
    parts.append(_("Face-up RNA: {letters}.").format(letters=" ".join(view["rna_up"]) or none))
    parts.append(_("ATP supply {n}.").format(n=view["atp_supply"]))
    top = view["amino_top"] and AMINO_CARDS[view["amino_top"]]
    if top:
        parts.append(_("Amino acid deck {n} (on top, the {amino} {codon} you put back).").format(
            n=view["amino_deck"], amino=_(top.name), codon=top.codon))
    else:
        parts.append(_("Amino acid deck {n}.").format(n=view["amino_deck"]))
    parts.append(_("Bonus cards left: {cards}.").format(cards=" ".join("+%d" % b for b in view["bonus_stack"]) or none))
    parts.append(_("Decks: {organelles} organelles, {rna} RNA.").format(organelles=view["organelle_deck"],
                                                                       rna=view["rna_deck"]))
    if view["pending"] is not None:
        parts.append(_("Waiting for Player {n}: {prompt}").format(n=view["pending"]["player"] + 1,
                                                                  prompt=_asked(view["pending"])))
    for p, seat in enumerate(view["seats"]):
        parts.append(_seat_words(seat, p, none))
    if view.get("scores"):
        parts.append(_("Final scores: {scores}").format(
            scores=", ".join(f"{_player(p)} {s}" for p, s in enumerate(view["scores"]))))
    return " ".join(parts)


def _seat_words(seat: dict[str, Any], p: int, none: str) -> str:
    """One seat in words, for :func:`describe`."""
    counts = {"player": _player(p), "atp": seat["atp"], "rna": seat["rna_count"], "hand": seat["hand_count"]}
    if seat["chain"]:
        chain = " ".join(_("{amino} (permanent)").format(amino=_(AMINO_CARDS[c].name)) if perm
                         else _(AMINO_CARDS[c].name) for c, perm in seat["chain"])
        words = [_("{player}: {atp} ATP, {rna} RNA, {hand} amino acids in hand, chain: START {chain}.").format(
            chain=chain, **counts)]
    else:
        words = [_("{player}: {atp} ATP, {rna} RNA, {hand} amino acids in hand, chain: START only.").format(**counts)]
    if seat["rna"] is not None:  # the viewer's own cards, for a screen reader
        letters = " ".join(f"{b}×{n}" for b, n in seat["rna"].items() if n) or none
        hand = ", ".join(f"{_(AMINO_CARDS[c].name)} {AMINO_CARDS[c].codon}" for c in seat["hand"]) or none
        words.append(_("Your RNA: {letters}. Your amino acids: {hand}.").format(letters=letters, hand=hand))
    if seat["selected"]:
        cards = ", ".join((_("{organelle} face down").format(organelle=_organelle(s["organelle"]))
                           if s["facedown"] else _organelle(s["organelle"]))
                          if s["organelle"] else _("a face-down card") for s in seat["selected"])
        words.append(_("Selected: {cards}.").format(cards=cards))
    if seat["bonus"]:
        words.append(_("Bonus {cards}.").format(cards=" ".join(f"+{b}" for b in seat["bonus"])))
    if seat["track"] is not None:
        words.append(_("Vacuole limits: {atp} ATP, {rna} RNA.").format(atp=seat["track"][0], rna=seat["track"][1]))
    return " ".join(words)


def _header(svg: _Table, view) -> float:
    turn = "" if view["current"] is None else _("Player {n} to move").format(n=view["current"] + 1)
    phase = _phase(view)
    title = _("Round {round} · {phase}").format(round=view["round"], phase=phase)
    lines = [title + (f" · {turn}" if turn else "")] if svg.layout == "wide" else [title] + ([turn] if turn else [])
    if svg.layout == "narrow" and text_width(title, 16, True) > svg.width - 24:
        lines = [_("Round {round}").format(round=view["round"]), phase] + ([turn] if turn else [])
    height = 12 + 22 * len(lines)
    svg.rect(0, 0, svg.width, height, "#2b2b2b", rx=0, stroke="none")
    for i, line in enumerate(lines):
        svg.text(12, 26 + 22 * i, line, size=16, weight="bold", fill="#fff")
    y = height
    if view["stop_out"]:
        banner = (_("■ STOP codon drawn: LAST ROUND after this one ends") if view["round"] == view["stop_round"]
                  else _("■ LAST ROUND (STOP codon drawn)"))
        if svg.layout == "wide":
            with svg.group(ident="last-round"):
                svg.rect(svg.width - 440, 4, 430, 26, "#D55E00", stroke="#fff", rx=4)
                svg.text(svg.width - 225, 22, banner, size=14, anchor="middle", weight="bold", fill="#fff")
        else:
            with svg.group(ident="last-round"):
                svg.rect(0, y, svg.width, 30, "#D55E00", stroke="none", rx=0)
                svg.text(12, y + 21, _("■ LAST ROUND (STOP drawn)") if svg.layout == "narrow" else banner,
                         size=14, weight="bold", fill="#fff")
            y += 30
    return y


def _table(svg: _Table, view, y: float) -> float:
    flow = Flow(10, y, svg.width - 10)
    x, fy = flow.place(78, 112)
    svg.card(x, fy, 78, 112, "#555", [(pgettext("Organelle deck card, line 1 of 2", "Organelle"), 13, "bold"),
                                      (pgettext("Organelle deck card, line 2 of 2", "deck"), 13, "bold"),
                                      (str(view["organelle_deck"]), 22, "bold")], ident="organelle-deck", dark=True)
    for org in ORGANELLE_ORDER:
        count = view["field"].get(org)
        if not count:
            continue
        x, fy = flow.place(100, 112)
        for k in range(min(count, 3) - 1, 0, -1):  # stacked duplicates peek out behind
            svg.rect(x + 2 * k, fy + 8 - 4 * k, 96, 104, ORG_COLOURS[org], stroke="#333")
        pick = svg.find("pick", organelle=org, facedown=False)
        svg.card(x, fy + 8, 96, 104, ORG_COLOURS[org],
                 [(f"{_(ORG_SHORT[org])} ×{count}", 15, "bold"), (_(ORG_SUBTITLE[org]), 12, "normal")],
                 action=pick, ident=f"field-{org}", detail=organelle_words(org, count))
        down = svg.find("pick", organelle=org, facedown=True)
        if down is not None:
            h = svg.target
            svg.card(x + 6, fy + 110 - h, 84, h, "#ddd", [(_("face down"), 13, "bold")], action=down,
                     ident=f"field-{org}-down", middle=True)
    first = svg.find("first-player")
    x, fy = flow.place(84, 112)
    svg.card(x, fy + 8, 84, 104, "#fff" if not view["first_taken"] else "#ccc",
             [(pgettext("First Player card, line 1 of 2", "First"), 14, "bold"),
              (pgettext("First Player card, line 2 of 2", "Player"), 14, "bold"),
              (pgettext("a seat, short", "P{n}").format(n=view["first_player"] + 1), 16, "bold")],
             action=first, ident="first-player-card")
    if svg.layout == "wide":
        flow.x = max(flow.x, 740)
    else:
        flow.newline()
    x, fy = flow.place(74, 112)
    svg.card(x, fy, 74, 112, "#F0E442", [("ATP", 15, "bold"),
                                         (pgettext("ATP supply card, under ATP", "supply"), 12, "normal"),
                                         (str(view["atp_supply"]), 22, "bold")], ident="atp-supply")
    bonus = " ".join(f"+{b}" for b in view["bonus_stack"]) or _("none")
    x, fy = flow.place(74, 112)
    svg.card(x, fy, 74, 112, "#fff", [(pgettext("Bonus stack card, line 1 of 2", "Bonus"), 14, "bold"),
                                      (pgettext("Bonus stack card, line 2 of 2", "stack"), 12, "normal"),
                                      (bonus, 13, "bold")],
             ident="bonus-stack")
    x, fy = flow.place(84, 112)
    _amino_deck(svg, view, x, fy)
    x, fy = flow.place(74, 112)
    svg.card(x, fy, 74, 112, "#444", [(pgettext("RNA deck card, line 1 of 2", "RNA"), 14, "bold"),
                                      (pgettext("RNA deck card, line 2 of 2", "deck"), 13, "bold"),
                                      (str(view["rna_deck"]), 22, "bold")], ident="rna-deck", dark=True)
    up_w = 58 if svg.layout == "wide" else 76  # wide: five organelles and three RNA fit one row
    for i, letter in enumerate(view["rna_up"]):
        take = svg.find("rna-take", index=i)
        fill = "#fff" if letter in "GC" else INK
        x, fy = flow.place(up_w, 112)
        with svg.group(take, ident=f"rna-up-{i}"):
            svg.rect(x, fy, up_w, 112, RNA_COLOURS[letter], stroke="#000", width=3 if take else 1)
            svg.text(x + up_w / 2, fy + 60, letter, size=40, anchor="middle", weight="bold", fill=fill)
            svg.text(x + up_w / 2, fy + 90, _(RNA_NAMES[letter]), size=12, anchor="middle", fill=fill)
    buttons = [("reset-rna", _("Reset RNA (1 ATP)")), ("reset-organelles", _("Reset organelles (2 ATP)")),
               ("select-twice", _("Select twice (3 ATP)"))]
    placed = [(kind, label, svg.find(kind)) for kind, label in buttons]
    placed = [b for b in placed if b[2] is not None]
    if placed:
        flow.newline()
        for kind, label, action in placed:
            w = int(len(label) * 7.6) + 24
            x, fy = flow.place(w, svg.target)
            svg.card(x, fy, w, svg.target, "#fff", [(label, 13, "bold")], action=action, ident=f"btn-{kind}",
                     middle=True)
    return flow.bottom


def _amino_deck(svg: _Table, view, x: float, y: float) -> None:
    """The face-down Amino Acid deck; the seat that put a card back on top sees which one it is."""
    top = view["amino_top"] and AMINO_CARDS[view["amino_top"]]
    if top:
        label = _("Amino Acid deck: {n} cards face down; on top, the {amino} ({codon}) you put back").format(
            n=view["amino_deck"], amino=_(top.name), codon=top.codon)
    else:
        label = _("Amino Acid deck: {n} cards face down").format(n=view["amino_deck"])
    with svg.group(ident="amino-deck", label=label):
        svg.card(x, y, 84, 112, "#444", [(pgettext("Amino Acid deck card, line 1 of 2", "Amino"), 13, "bold"),
                                         (pgettext("Amino Acid deck card, line 2 of 2", "Acid deck"), 13, "bold"),
                                         (str(view["amino_deck"]), 22, "bold")], dark=True)
        if top:
            svg.card(x + 4, y + 66, 76, 42, "#fff",
                     [(_("you put back"), 12, "normal"), (f"{top.code} {top.codon}", 13, "bold")], ident="amino-top")


def organelle_words(org: str, count: int | None = None) -> str:
    """An organelle card in words, for the details panel: its name and what it does."""
    o = ORGANELLES[org]
    if count:
        return _("{organelle} ({n} in the field): {does}.").format(organelle=_(o.name), n=count, does=_(o.does))
    return _("{organelle}: {does}.").format(organelle=_(o.name), does=_(o.does))


def amino_words(card) -> str:
    """An Amino Acid card in words, for the details panel: name, one-letter code, codon, value."""
    return _("{amino} ({code}): its RNA codon is {codon} (read 5′ to 3′); worth {value} points in a finished "
             "chain.").format(amino=_(card.name), code=card.code, codon=card.codon, value=card.value)


def _prompt(svg: _Table, view, y: float) -> float:
    pending = view["pending"]
    if pending is None and view["phase"] == "over":
        text = _("Game over.") + " " + " · ".join(_("Player {n}: {score}").format(n=p + 1, score=s)
                                                  for p, s in enumerate(view["scores"] or []))
    else:
        text = prompt(view) or ""
    bold = pending is not None
    start = len(svg.parts)
    lines = wrap(text, svg.width - 40, 14, bold)
    flow = Flow(20, y + 10 + 20 * len(lines), svg.width - 20)
    # The pending kind says what the drawn cards are: "G", "A" and "C" are RNA letters and amino acids.
    rna_draw = pending is not None and pending["kind"] == "nucleus-keep"
    for i, item in enumerate((pending or {}).get("drawn") or []):
        if rna_draw:
            keep = svg.find("keep", letter=item)
            label = _("Keep {base} ({letter})").format(base=_(RNA_NAMES[item]), letter=item)
            w = max(130, text_width(label, 14, True) + 20)
            x, by = flow.place(w, svg.target)
            svg.card(x, by, w, svg.target, RNA_COLOURS[item], [(label, 14, "bold")], action=keep,
                     ident=f"drawn-{i}", dark=item in "GC", middle=True)
        else:
            card = AMINO_CARDS[item]
            label = _("Keep {amino} {codon}").format(amino=_(card.name), codon=card.codon)
            w = text_width(label, 13, True) + 20
            x, by = flow.place(w, svg.target)
            svg.card(x, by, w, svg.target, "#fff", [(label, 13, "bold")], action=svg.find("keep", code=item),
                     ident=f"drawn-{i}", middle=True)
    flow.newline()
    for action in [a for a in svg.legal if a.kind in _BAR_KINDS]:
        ident = f"btn-{action.kind}" + (f"-{action.get('choice')}" if action.kind == "vacuole" else "")
        if svg.find(action.kind, **dict(action.params)) is None:
            continue
        label = str(action.label)
        w = text_width(label, 13, True) + 22
        x, by = flow.place(w, svg.target)
        svg.card(x, by, w, svg.target, "#fff", [(label, 13, "bold")], action=action, ident=ident, middle=True)
    bottom = max(flow.bottom, y + 10 + 20 * len(lines)) + 8
    for i, line in enumerate(lines):
        svg.text(20, y + 22 + 20 * i, line, size=14, weight="bold" if bold else "normal")
    # The bar's background goes under the buttons drawn above, so it is inserted where the bar began.
    svg.parts.insert(start, f'<rect x="10" y="{y:.0f}" width="{svg.width - 20}" height="{bottom - y:.0f}" '
                            f'rx="6" fill="#fffbe6" stroke="#999" stroke-width="1"/>')
    return bottom


_BAR_KINDS = ("vacuole", "rna-draw2", "synthesize", "skip", "end-turn")
"""Moves without a card of their own on the table (or only a deck, or the thin Vacuole track) get a
labelled button in the bar, and only there: the decks and the track do not carry them too."""


def _seat(svg: _Table, view, p: int, y: float) -> float:
    seat = view["seats"][p]
    own = seat["hand"] is not None
    current = view["current"] == p
    t = svg.target
    start = len(svg.parts)
    name = _("{player} (you)").format(player=_player(p)) if own and view["viewer"] == p else _player(p)
    if current:
        name = "▶ " + name
    if view["first_player"] == p:
        name += " · " + pgettext("the seat holding the First Player card", "First")
    if svg.layout != "wide" and not own:
        return _summary(svg, view, p, y, name, current)
    if svg.layout == "wide":  # one row per seat: the name leads the row
        flow = Flow(16, y + 8, svg.width - 16)
        x, fy = flow.place(196, t)
        svg.text(x, fy + t / 2 + 5, name, size=15, weight="bold")
    else:
        svg.text(16, y + 22, name, size=15, weight="bold")
        flow = Flow(16, y + 32, svg.width - 16)
    atp_action = svg.find("discard", item="ATP") if current else None
    x, fy = flow.place(84, t)
    with svg.group(atp_action, ident=f"atp-{p}"):
        svg.rect(x, fy, 84, t, "#F0E442", rx=t / 2, stroke="#000" if atp_action else "#333",
                 width=3 if atp_action else 1)
        svg.text(x + 42, fy + t / 2 + 5, f"ATP {seat['atp']}", size=14, anchor="middle", weight="bold")
    if own:
        for letter in "AGCU":
            count = seat["rna"][letter]
            action = svg.find("discard", item=letter) if current else None
            x, fy = flow.place(t + 34, t)
            svg.rna(x, fy, letter, size=t, action=action, ident=f"rna-{p}-{letter}", count=count)
    else:
        x, fy = flow.place(150, t)
        svg.text(x, fy + t / 2 + 5, _("RNA cards: {n}").format(n=seat["rna_count"]), size=14)
    if seat["bonus"]:
        label = _("Bonus {cards}").format(cards=" ".join(f"+{b}" for b in seat["bonus"]))
        x, fy = flow.place(len(label) * 8, t)
        svg.text(x, fy + t / 2 + 5, label, size=14, weight="bold")
    if seat["track"] is not None:
        e, r = seat["track"]
        limits = _("Vacuole limits: ATP {atp}/10 · RNA {rna}/9").format(atp=e, rna=r)
        x, fy = flow.place(max(250, text_width(limits, 13)), t)
        svg.text(x, fy + 15, limits, size=13)
        for i, (choice, value, top) in enumerate((("energy", e, 10), ("rna", r, 9))):
            with svg.group(ident=f"track-{p}-{choice}"):
                svg.rect(x + i * 124, fy + 22, 118, 12, "#eee", rx=2)
                svg.rect(x + i * 124, fy + 22, 118 * value / top, 12, "#CC79A7" if i else "#F0E442", rx=2)
    # Selected organelles.
    for i, sel in enumerate(seat["selected"]):
        org = sel["organelle"]
        action = None
        if current and org is not None:
            action = svg.find("resolve", organelle=org, facedown=sel["facedown"])
        short = _short(org)
        fill = "#bbb" if sel["facedown"] else ORG_COLOURS[org]
        x, fy = flow.place(150, t)
        svg.card(x, fy, 150, t, fill,
                 [(_("{organelle} face down").format(organelle=short) if sel["facedown"] else short, 14, "bold")],
                 action=action, ident=f"selected-{p}-{i}", middle=True,
                 detail=(organelle_words(org) + (" " + _("Selected face down.") if sel["facedown"] else "")
                         if org else None))
    # Amino acid hand.
    if svg.layout != "wide":
        flow.newline()
    if own:
        for i, code in enumerate(seat["hand"]):
            card = AMINO_CARDS[code]
            action = svg.find("link", code=code) if current else None
            x, fy = flow.place(50, 66)
            svg.card(x, fy, 50, 66, "#fff", [(card.code, 18, "bold"), (card.codon, 12, "bold"),
                                             (_("{n}pt").format(n=card.value), 12, "normal")],
                     action=action, ident=f"hand-{p}-{i}", detail=amino_words(card))
    else:
        x, fy = flow.place(220, 24)
        svg.text(x, fy + 17, _("Amino acids in hand: {n}").format(n=seat["hand_count"]), size=14)
    if svg.layout != "wide":
        flow.newline()
    _chain(svg, seat, p, flow, current)
    bottom = flow.bottom + 8
    frame = (f'<rect x="6" y="{y:.0f}" width="{svg.width - 12:.0f}" height="{bottom - y:.0f}" rx="6" '
             f'fill="{"#eef6ff" if current else "#fff"}" stroke="{"#0072B2" if current else "#bbb"}" '
             f'stroke-width="{3 if current else 1}"/>')
    svg.parts.insert(start, frame)
    return bottom


def _summary(svg: _Table, view, p: int, y: float, name: str, current: bool) -> float:
    """Another seat in the narrow layouts: its counts on one line, its chain and picks on the next."""
    seat = view["seats"][p]
    chain = " ".join([_("START")] + [AMINO_CARDS[c].code + ("*" if perm else "") for c, perm in seat["chain"]])
    picks = " ".join(_("{organelle} (down)").format(organelle=short) if s["facedown"] else short
                     for s in seat["selected"] for short in [_short(s["organelle"])])
    lines = [(_("{player}: ATP {atp} · RNA {rna} · {hand} amino acids").format(
                player=name, atp=seat["atp"], rna=seat["rna_count"], hand=seat["hand_count"]), 15, "bold"),
             (_("Chain: {chain}").format(chain=chain), 14, "normal")]
    if picks:
        lines.append((_("Selected: {cards}").format(cards=picks), 14, "normal"))
    if seat["bonus"]:
        lines.append((_("Bonus {cards}").format(cards=" ".join(f"+{b}" for b in seat["bonus"])), 14, "normal"))
    if seat["track"] is not None:
        e, r = seat["track"]
        lines.append((_("Vacuole limits: ATP {atp}/10 · RNA {rna}/9").format(atp=e, rna=r), 14, "normal"))
    wrapped = [(part, size, weight) for text, size, weight in lines
               for part in wrap(text, svg.width - 40, size, weight == "bold")]
    height = 14 + 20 * len(wrapped)
    svg.rect(6, y, svg.width - 12, height, "#eef6ff" if current else "#fff", stroke="#0072B2" if current else "#bbb",
             width=3 if current else 1)
    with svg.group(ident=f"summary-{p}"):
        for i, (text, size, weight) in enumerate(wrapped):
            svg.text(16, y + 24 + 20 * i, text, size, weight=weight)
    return y + height


def _chain(svg: _Table, seat, p: int, flow: Flow, current: bool) -> None:
    x, y = flow.place(52, 66)
    svg.card(x, y, 52, 66, "#0072B2", [(_("START"), 12, "bold"), ("Met", 14, "bold"), (START_CODON, 12, "bold")],
             ident=f"start-{p}", dark=True)
    links = seat["chain"]
    leftmost = next((i for i, (_, perm) in enumerate(links) if not perm), None)
    for i, (code, permanent) in enumerate(links):
        card = AMINO_CARDS[code]
        action = svg.find("permanent") if (current and i == leftmost) else None
        if permanent:
            x, y = flow.place(52, 66)
            svg.card(x, y, 52, 66, "#333", [(card.code, 18, "bold"), (_("perm."), 12, "normal"),
                                            (_("{n}pt").format(n=card.value), 12, "bold")], ident=f"chain-{p}-{i}",
                     dark=True,
                     detail=amino_words(card) + " " + _("Made permanent in the chain: worth its full value."))
        else:
            x, y = flow.place(52, 88)
            half = (card.value + 1) // 2
            svg.card(x, y, 52, 66, "#fff", [(card.code, 18, "bold"), (_(card.name)[:5], 12, "normal"),
                                            (_("{n}pt").format(n=half), 12, "bold")],
                     action=action, ident=f"chain-{p}-{i}",
                     detail=amino_words(card) + " " + _("Linked, not yet permanent: worth {n} points.").format(n=half))
            for k, letter in enumerate(card.codon):
                svg.rna(x + k * 17, y + 68, letter, size=16)
