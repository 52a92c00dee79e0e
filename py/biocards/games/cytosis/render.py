"""Cytosis's table as SVG: the cell's organelles as worker spots, the card market, goals and seats.

Pure: a view and the legal moves in, a string out. Each worker spot is one box; when a spot offers
one move the whole box is the button, when it offers several (how many mRNA to translate, which
vesicle, which card) each is a small labelled chip inside the box, and grey-worker moves are grey
chips. Colours are Okabe–Ito and every cube, card and worker also carries a letter or name.
"""

from __future__ import annotations

from typing import Any

from ...core import Action
from ...i18n import N_, _, ngettext, pgettext
from ...svg import LAYOUTS, Drawing, fit_size, text_width, wrap
from .cards import (BUY_COST, CARD, EVENT, GOAL, GREY_COST, KIND_NAMES, SPOT, VESICLE_LIMITS, VESICLES_EACH, Card,
                    amount)
from .rules import player

WIDTH = 1280
MARGIN = 8
SPOT_W, SPOT_H, GAP = 146, 106, 6
AREA_TITLE = 22
VESICLE_BAND = 34
PLAYER_COLOURS = ("#0072B2", "#CC79A7", "#009E73", "#E69F00", "#56B4E9")
CUBE_COLOURS = {"mrna": "#000000", "protein": "#D55E00", "carb": "#009E73", "lipid": "#F0E442",
                "atp": "#E69F00"}
CUBE_LETTERS = {"mrna": "M", "protein": "P", "carb": "C", "lipid": "L", "atp": "A"}
CUBE_INK = {"mrna": "#fff", "protein": "#fff", "carb": "#fff", "lipid": "#111", "atp": "#111"}
KIND_COLOURS = {"enzyme": "#d9ecf7", "protein-hormone": "#fbe3d4", "steroid-hormone": "#fbf6c8",
                "protein-receptor": "#f6dcea", "steroid-receptor": "#efe8c0", "detox": "#dcefe6",
                "resource": "#ececec"}
KIND_SHORT = {"enzyme": N_("Enzyme"), "protein-hormone": N_("Protein hormone"),
              "steroid-hormone": N_("Steroid hormone"), "protein-receptor": N_("Protein receptor"),
              "steroid-receptor": N_("Steroid receptor"), "detox": N_("Alcohol detox"),
              "resource": N_("Extra resource")}
AREA_FILLS = {"nucleus": "#dfe9f5", "rough-er": "#f8e3d8", "golgi": "#efe0ef", "exo": "#e4efe4",
              "smooth-er": "#f7f3d2", "mitochondria": "#fbe8cc", "ribosome": "#e6e6e6", "cytoplasm": "#e2f0f7",
              "glut": "#e4efe4", "cards": "#ffffff", "laureates": "#efeae0"}
SHORT_NAMES = {"Follicle-stimulating hormone": "FSH", "Growth hormone receptor": N_("GH receptor"),
               "Glucocorticoid receptor": N_("Glucocort. rec."), "Mineralocorticoid receptor": N_("Mineralocort. rec."),
               "Estrogen receptor alpha": N_("Estrogen rec. α"), "UDP-glucuronosyltransferase": "UGT",
               "Glutathione S-transferase": "GST", "Alcohol dehydrogenase": N_("Alcohol DH"),
               "Aldehyde dehydrogenase": N_("Aldehyde DH"), "Creatine phosphate": N_("Creatine P")}
"""A card's name short enough for a chip, by its English name (shown in the reader's language)."""
GOAL_SHORT = {"G1": N_("Endocrine"), "G2": N_("Adrenal"), "G3": N_("Target cell"), "G4": N_("Digestive"),
              "G5": N_("Liver")}

# The board, row by row: (area key, title, spots). Row 1 is the secretory pathway, read left to right.
ROWS: tuple[tuple[tuple[str, str, tuple[str, ...]], ...], ...] = (
    (("nucleus", N_("Nucleus"), ("nucleus-3", "nucleus-2")),
     ("rough-er", N_("Rough ER"), ("rer-1", "rer-2")),
     ("golgi", N_("Golgi apparatus"), ("golgi-1", "golgi-2")),
     ("exo", N_("Plasma membrane: exocytosis"), ("exo-1", "exo-2"))),
    (("smooth-er", N_("Smooth ER"), ("ser-3", "ser-2", "ser-low-1", "ser-low-2")),
     ("mitochondria", N_("Mitochondria"), ("mito-3", "mito-2", "mito-6")),
     ("ribosome", N_("Free ribosome"), ("ribosome",))),
    (("cytoplasm", N_("Cytoplasm"), ("cytoplasm",)),
     ("glut", N_("Membrane: glucose transporters"), ("glut-2", "glut-1")),
     ("cards", N_("Card market (discarded from slot 1 each round)"), ("buy-1", "buy-2", "buy-3", "buy-4")),
     ("laureates", N_("Laureates"), ("laureate",))),
)
NARROW_TITLES = {"exo": N_("Plasma membrane"), "glut": N_("Membrane"), "cards": N_("Card market")}
"""An area's title on a phone, where the words after its colon or bracket do not fit."""
BOOST_AREA = {"nucleus": "nucleus", "rough-er": "rough-er", "smooth-er": "smooth-er",
              "mitochondria": "mitochondria", "ribosome": "ribosome", "glut": "membrane", "exo": "membrane"}
VESICLE_AREAS = {"rough-er": "rough-er", "golgi": "golgi", "smooth-er": "smooth-er"}
SPOT_TITLES = {"ser-low-1": (N_("Smooth ER"), N_("detox, or start a steroid vesicle")),
               "ser-low-2": (N_("Smooth ER"), N_("detox, or start a steroid vesicle")),
               "rer-1": (N_("Rough ER"), N_("translate mRNA into a protein vesicle")),
               "rer-2": (N_("Rough ER"), N_("translate mRNA into a protein vesicle")),
               "golgi-1": (N_("Golgi"), N_("move a vesicle in, add its last cube")),
               "golgi-2": (N_("Golgi"), N_("move a vesicle in, add its last cube")),
               "exo-1": (N_("Exocytosis"), N_("release a vesicle: complete its card")),
               "exo-2": (N_("Exocytosis"), N_("release a vesicle: complete its card")),
               "cytoplasm": (N_("Cytoplasm"), N_("fold protein into an enzyme")),
               "ribosome": (N_("Free ribosome"), N_("translate how many mRNA into protein?")),
               "laureate": (N_("Laureates"), N_("First Player card and 1 ATP or a goal"))}
HP_SOURCES = {"cards": N_("cards"), "receptors": N_("receptors"), "goals": N_("goals"), "detox": N_("detox"),
              "enzymes": N_("enzymes"), "cubes": N_("cubes")}
"""A Health Point source in a seat's short tally ("cards 7 · goals 3")."""
BOOST_WAITING = {"nucleus": N_("Boost waiting in the nucleus: {gain}."),
                 "mitochondria": N_("Boost waiting in the mitochondria: {gain}."),
                 "smooth-er": N_("Boost waiting in the smooth-er: {gain}."),
                 "membrane": N_("Boost waiting in the membrane: {gain}."),
                 "ribosome": N_("Boost waiting in the ribosome: {gain}."),
                 "rough-er": N_("Boost waiting in the rough-er: {gain}.")}
"""A Boost event's cube waiting in an area, in words (the English names the area by its id)."""
HEADER_H = 40
BOARD_TOP = HEADER_H + 4
INFO_H = 96
SEAT_OWN_H, SEAT_OTHER_H = 150, 106


class _Table(Drawing):
    """A Drawing that knows its layout's width and keeps every label readable: the small sizes the
    wide board was first drawn with are raised to the 12-unit floor, body text to 14."""

    SIZES = {8: 12, 9: 12, 10: 12, 11: 12, 12: 14, 13: 14}

    def __init__(self, legal, layout: str) -> None:
        super().__init__(legal, name_from_text=True)  # a target's name starts with the words it shows
        self.layout = layout
        self.width = LAYOUTS[layout]
        self.chip_h = 32 if layout == "wide" else 44
        # Spots widen to share the width of a tablet or phone (3 or 2 across) instead of leaving a gap.
        self.spot_w = {"wide": SPOT_W, "medium": 184, "narrow": 159}[layout]
        # A worker spot holds its title, two lines of detail and two rows of move chips.
        # (only as tall as that when some spot offers a choice this turn).
        spots = [a.get("spot") for a in self.legal if a.kind in ("place", "grey")]
        choice = any(spots.count(sid) > 1 for sid in set(spots))
        self.spot_h = (120 if layout == "wide" else 160) if choice else (106 if layout == "wide" else 100)

    def text(self, x, y, s, size=14, **style):
        super().text(x, y, s, 12 if size < 12 else self.SIZES.get(int(size), size), **style)


def render(view: dict[str, Any], *, legal=(), layout: str = "wide") -> str:
    """The table for ``view``: the cell on top, then goals, event and supply, then one band per player.
    Narrower layouts stack the cell's areas and wrap their spots instead of shrinking them."""
    d = _Table(legal, layout)
    board_bottom = _board(d, view, _header(d, view) + 4)
    info_bottom = _info(d, view, board_bottom + 6)
    y = info_bottom + 6
    viewer = next((p for p, s in enumerate(view["seats"]) if s["hand"] is not None), None)
    order = ([viewer] if viewer is not None else []) + [p for p in range(len(view["seats"])) if p != viewer]
    for p in order:
        if p == viewer and d.layout == "wide":
            _seat(d, view, p, y, SEAT_OWN_H)
            y += SEAT_OWN_H + 6
        elif p == viewer:
            y = _own_stacked(d, view, p, y) + 6
        else:  # opponents: one compact line each; everything else is in the <desc> and the log
            y = _summary(d, view, p, y) + 6
    return d.svg(d.width, y + 2, title="Cytosis", desc=describe(view))


# -- small pieces -----------------------------------------------------------------------------------


def short(name: str) -> str:
    """A card name short enough for a chip, in the reader's language."""
    return _(SHORT_NAMES.get(name, name))


def cube(d: Drawing, x: float, y: float, kind: str, size: int = 14) -> None:
    """One cube (or ATP) token with its letter, so colour is never the only sign."""
    size = max(size, 17)  # room for a 12-unit letter
    rx = size / 2 if kind == "atp" else 2
    d.rect(x, y, size, size, CUBE_COLOURS[kind], stroke="#333", rx=rx)
    d.text(x + size / 2, y + size * 0.78, CUBE_LETTERS[kind], int(size * 0.72), anchor="middle", weight="bold",
           fill=CUBE_INK[kind])


def cost_row(d: Drawing, x: float, y: float, items: list[tuple[str, int]], size: int = 12) -> float:
    """Tokens with counts in a row ("P×2 C×1"); returns the x after the last one."""
    for kind, n in items:
        if not n:
            continue
        cube(d, x, y, kind, size)
        d.text(x + size + 2, y + size - 2, f"×{n}", size - 1)
        x += size + 18
    return x


def worker(d: Drawing, x: float, y: float, owner: int, r: int = 11) -> None:
    """A worker disk: the player's colour and number, or grey with G."""
    fill = "#9a9a9a" if owner < 0 else PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
    d.add(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r}" fill="{fill}" stroke="#111" stroke-width="1.5"/>')
    d.text(x, y + 4, "G" if owner < 0 else seat_tag(owner), 10, anchor="middle", weight="bold",
           fill="#111" if owner < 0 or owner in (3, 4) else "#fff")


def seat_tag(p: int) -> str:
    """A seat on a worker disk or vesicle: "P1" (for Player 1)."""
    return pgettext("player on a disk", "P{n}").format(n=p + 1)


def buy_cost(view: dict[str, Any], slot: int) -> int:
    """ATP to buy from ``slot`` this round (a Reduce event takes 1 off), as the rules compute it."""
    event = EVENT.get(view["active_event"]) if view["active_event"] else None
    return max(0, BUY_COST[slot] - (1 if event and event.kind == "reduce" else 0))


def chip_text(action: Action) -> str:
    """A few words naming what sets this move apart from the others on the same spot."""
    spot = SPOT[action.spot]
    if spot.effect == "laureate":
        s = "+1 ATP" if action.goal == "atp" else _("goal: {goal}").format(goal=_(GOAL_SHORT.get(action.goal, action.goal)))
    elif spot.effect == "ribosome":
        s = f"{action.n}"
    elif spot.effect == "golgi":
        cube = pgettext("cube on a chip", "carb") if action.cube == "carb" else pgettext("cube on a chip", "lipid")
        s = f"v{action.vesicle} +{cube}"
    elif spot.effect == "exocytosis":
        s = f"v{action.vesicle}: {short(CARD[action.card].name)}"
    elif action.get("card"):
        s = short(CARD[action.card].name)
    elif action.get("n") is not None:
        s = str(amount("mrna" if spot.effect == "rough-er" else "lipid", action.n)) if action.get("bump") is None \
            else f"{action.n}"
    else:
        s = _("go here")
    if action.get("bump") is not None:
        s += _(", out v{vesicle}").format(vesicle=action.bump)  # the vesicle pushed out of a full organelle
    return s


def chip(d: Drawing, x: float, y: float, w: float, s: str, action: Action, grey: bool) -> None:
    with d.group(action):
        d.rect(x, y, w, d.chip_h, "#bdbdbd" if grey else "#fff", stroke="#111", rx=8, width=1.5)
        d.text(x + w / 2, y + d.chip_h / 2 + 5, s, 12, anchor="middle", weight="bold")


def chip_width(s: str) -> float:
    """Room for a chip's words (bold 12) and its padding; never under 44, never wider than a spot."""
    return max(44, min(SPOT_W - 8, 14 + text_width(s, 12, True)))


# -- the header -------------------------------------------------------------------------------------


def prompt(view: dict[str, Any], *, legal=()) -> str:
    """What the player to move must do now, in one sentence (the page's prompt bar)."""
    if view["over"]:
        return _("Game over: the healthiest cell wins.")
    p = view["turn"]
    if view["setup"]:
        step = view["setup"][0][1]
        if step == "resource":
            return _("Setup: take a starting resource (ATP, mRNA or lipid) from the supply.")
        return _("Setup: keep two of three dealt cards and shuffle one back.")
    left = view["seats"][p]["workers"]
    if legal and all(a.kind == "play-resource" for a in legal):
        return _("You may play an additional resource card from your hand.")
    return ngettext("Place a worker on a free spot ({n} worker left).",
                    "Place a worker on a free spot ({n} workers left).", left).format(n=left)


def _header(d: Drawing, view: dict[str, Any]) -> float:
    """Round and the shared counters (what to do now is the page's prompt bar); returns its bottom."""
    stats = _("First player: {seat} · grey workers free: {free} ({cost} ATP)").format(
        seat=seat_tag(view["first"]), free=view["grey_free"], cost=GREY_COST)
    h = HEADER_H if d.layout == "wide" else HEADER_H + 22
    d.rect(0, 0, d.width, h, "#1d2433", stroke="#1d2433", rx=0)
    d.text(MARGIN + 4, 26, _("Cytosis · Round {round}").format(round=view["round"]), 18, weight="bold", fill="#fff")
    if d.layout == "wide":
        d.text(d.width - MARGIN - 4, 26, stats, 13, anchor="end", fill="#fff")
    else:
        d.text(MARGIN + 4, 50, stats if d.layout == "medium" else
               _("First: {seat} · grey free: {free} ({cost} ATP)").format(
                   seat=seat_tag(view["first"]), free=view["grey_free"], cost=GREY_COST), 14, fill="#fff")
    return h


# -- the board --------------------------------------------------------------------------------------


def _board(d: Drawing, view: dict[str, Any], top: float) -> float:
    """The cell's areas; returns the y below the last one. Wide: three rows as on the printed board.
    Narrower: one area under another, its spots wrapped to the width (never shrunk)."""
    y = top
    if d.layout == "wide":
        heights = [AREA_TITLE + d.spot_h + 8 + (VESICLE_BAND if any(a in VESICLE_AREAS for a, _, _ in row) else 0) for row in ROWS]
        rows = [(row, h) for row, h in zip(ROWS, heights)]
        total = sum(heights) + 6 * (len(ROWS) - 1)
    else:
        room = d.width - 2 * MARGIN - 8
        cols = max(1, int((room - 12 + GAP) // (d.spot_w + GAP)))
        packed: list[list] = []  # areas side by side while their spots fit across
        for area in (a for row in ROWS for a in row):
            need = min(cols, len(area[2])) * (d.spot_w + GAP) - GAP + 12
            used = sum(min(cols, len(a[2])) * (d.spot_w + GAP) - GAP + 12 + 6 for a in packed[-1]) if packed else room
            if packed and used + need <= room:
                packed[-1].append(area)
            else:
                packed.append([area])
        rows = []
        for group in packed:
            rows.append((tuple(group), max(AREA_TITLE + -(-len(a[2]) // cols) * (d.spot_h + GAP) + 2
                                           + (VESICLE_BAND if a[0] in VESICLE_AREAS else 0) for a in group)))
        total = sum(h for _, h in rows) + 6 * (len(rows) - 1)
    # The plasma membrane around the whole cell.
    d.rect(MARGIN / 2, y - 2, d.width - MARGIN, total + 2, "#fbf8f0", stroke="#8a6d3b", rx=28, width=3)
    for row, h in rows:
        if d.layout == "wide":
            widths = [len(spots) * d.spot_w + (len(spots) - 1) * GAP + 12 for _, _, spots in row]
            gap = (d.width - 2 * MARGIN - 8 - sum(widths)) / (len(row) - 1)
        elif len(row) == 1:
            widths, gap = [d.width - 2 * MARGIN - 8], 0
        else:
            widths = [min(cols, len(spots)) * (d.spot_w + GAP) - GAP + 12 for _, _, spots in row]
            gap = (d.width - 2 * MARGIN - 8 - sum(widths)) / (len(row) - 1)
        x = MARGIN + 4
        for (area, title, spots), w in zip(row, widths):
            _area(d, view, area, title, spots, x, y, w, h)
            x += w + gap
        y += h + 6
    return y


def _area(d: Drawing, view, area: str, title: str, spots: tuple[str, ...], x: float, y: float, w: float,
          h: float) -> None:
    d.rect(x, y, w, h - 4, AREA_FILLS[area], stroke="#555", rx=10, width=1.5)
    d.text(x + 8, y + 16, _(title) if d.layout != "narrow" else _(NARROW_TITLES.get(area, title)), 13,
           weight="bold")
    boost = view["boosts"].get(BOOST_AREA.get(area, ""), {})
    if boost:
        got = ", ".join(f"+{amount(r, n)}" for r, n in boost.items())
        d.text(x + w - 8, y + 16, _("Boost: {gain} to the first worker").format(gain=got) if d.layout == "wide"
               else _("Boost: {gain}").format(gain=got), 11, anchor="end", weight="bold", fill="#8b2f00")
    cols = max(1, int((w - 12 + GAP) // (d.spot_w + GAP)))
    for i, sid in enumerate(spots):
        _spot(d, view, sid, x + 6 + (i % cols) * (d.spot_w + GAP), y + AREA_TITLE + (i // cols) * (d.spot_h + GAP))
    if area in VESICLE_AREAS:
        lines = -(-len(spots) // cols)
        _vesicles(d, view, VESICLE_AREAS[area], x + 6, y + AREA_TITLE + lines * (d.spot_h + GAP) - GAP + 4, w - 12)


def _spot(d: Drawing, view, sid: str, x: float, y: float) -> None:
    spot = SPOT[sid]
    place = [a for a in d.legal if a.kind == "place" and a.get("spot") == sid]
    grey = [a for a in d.legal if a.kind == "grey" and a.get("spot") == sid]
    body = place[0] if len(place) == 1 else None
    occupant = view["occupied"].get(sid)
    chip_place = place
    if spot.effect == "laureate":  # goal claims sit on the goal cards themselves
        chip_place = [a for a in place if a.goal == "atp"]
        body = chip_place[0] if len(chip_place) == 1 and len(place) == 1 else None
    chips = [(a, False) for a in (chip_place if body is None else [])] + [(a, True) for a in grey]
    top = y + (84 if spot.effect == "buy" else 48)
    # Many choices: the chips take the room of the spot's two lines of detail rather than be left off.
    if chips and spot.effect != "buy" and _chips(d, chips, x + 4, top, y + d.spot_h - 3, dry=True) < len(chips):
        top = y + 24
    words = str(spot.label())
    title, detail = (_(t) for t in SPOT_TITLES[sid]) if sid in SPOT_TITLES else \
        (words, "") if spot.effect == "buy" else (_(spot.title), _(spot.detail))
    # A spot the student cannot use now (taken, or its cost not met) still answers a touch with why.
    refused = label = None
    if not place and not grey and not view["over"] and not view["setup"]:
        refused = Action("place", spot=sid)
        # Its name starts with the words the spot shows; this says the rest.
        card_id = view["row"][spot.slot] if spot.effect == "buy" else None
        label = card_words(CARD[card_id]) + ", " if card_id else ""
        label += _("taken") if occupant is not None else _("not open to you now")
    card_here = view["row"][spot.slot] if spot.effect == "buy" else None
    # Every spot's title starts its label ("Golgi" and "Golgi: move a vesicle in…").
    about = card_detail(CARD[card_here]) if card_here else f"{words}."
    with d.group(body, ident=f"spot-{sid}", refused=refused, label=label, detail=about):
        fill = "#fff" if occupant is None else "#e9e6de"
        d.rect(x, y, d.spot_w, d.spot_h, fill, stroke="#111" if body or place else "#777", rx=6,
               width=3 if body else 1.5 if place else 1)
        if spot.effect == "buy":
            _market_card(d, view, spot.slot, x, y)
        else:
            d.text(x + 6, y + 17, title, 13, weight="bold")
            if top == y + 48 or not chips:
                for i, line in enumerate(wrap(detail, d.spot_w - 12, 12)[:2 if chips else 3]):
                    d.text(x + 6, y + 33 + 15 * i, line, 12)
        if occupant is not None:
            worker(d, x + d.spot_w - 13, y + 13, occupant)
    _chips(d, chips, x + 4, top, y + d.spot_h - 3)


def _chips(d: Drawing, chips: list[tuple[Action, bool]], x0: float, y: float, bottom: float,
           dry: bool = False) -> int:
    """Lay chips out in rows inside a spot, own-worker moves first, then grey-worker moves (grey
    chips); any that do not fit are left to the page's button bar, which lists every unplaced move.
    Returns how many fit (``dry`` only counts)."""
    x = x0
    greys = sum(1 for _, g in chips if g)
    for n, (action, grey) in enumerate(chips):
        s = chip_text(action)
        if grey:
            here = s == _("go here")
            s = _("grey worker: go here") if here else _("grey {move}").format(move=s) if greys > 1 else \
                _("grey worker: {move}").format(move=s)
            if len(s) > 18:
                s = _("grey {move}").format(move=chip_text(action))
        w = chip_width(s)
        if x + w > x0 + d.spot_w - 8 + 0.5:
            x, y = x0, y + d.chip_h + 3
        if y + d.chip_h > bottom:
            return n
        if not dry:
            chip(d, x, y, w, s, action, grey)
        x += w + 3
    return len(chips)


def _market_card(d: Drawing, view, slot: int, x: float, y: float) -> None:
    card_id = view["row"][slot]
    cost = buy_cost(view, slot)
    d.text(x + 6, y + 15, _("Slot {slot} · buy for {cost} ATP").format(slot=slot + 1, cost=cost), 11, weight="bold")
    if card_id is None:
        d.text(x + d.spot_w / 2, y + 55, _("(empty)"), 12, anchor="middle", fill="#666")
        return
    card_face(d, CARD[card_id], x + 4, y + 20, d.spot_w - 8, 60)


def card_face(d: Drawing, card: Card, x: float, y: float, w: float, h: float) -> None:
    """A cell component card: name, kind, what it needs (cubes and ATP) and its Health Points."""
    d.rect(x, y, w, h, KIND_COLOURS[card.kind], stroke="#333", rx=5)
    room = w - 10
    lines = wrap(_(card.name), room, 12, True)
    if len(lines) > 2 or any(text_width(line, 12, True) > room for line in lines):  # UDP-glucuronosyltransferase
        lines = wrap(short(card.name), room, 12, True)
    for i, line in enumerate(lines[:2]):
        d.text(x + 5, y + 13 + 13 * i, line, 12, weight="bold")
    yy = y + 13 + 13 * min(2, len(lines))
    kind = _(KIND_SHORT[card.kind]) + (f" · {colour_name(card.colour)}" if card.colour else "")
    d.text(x + 5, yy, kind, 10, fill="#333")
    if card.kind != "resource":
        d.text(x + w - 5, yy, _("{hp} HP").format(hp=card.hp), 11, anchor="end", weight="bold")
    yy += 4
    if card.kind == "resource":
        end = cost_row(d, x + 5, yy, list(card.gives), 11)
        d.text(end, yy + 10, _("when played"), 10)
        return
    cost_row(d, x + 5, yy, list(card.cubes) + [("atp", card.atp)], 11)


def _vesicles(d: Drawing, view, loc: str, x: float, y: float, w: float) -> None:
    """The budding vesicle locations of one organelle: each vesicle shows its id, owner and cubes."""
    inside = [v for v in view["vesicles"] if v["loc"] == loc]
    limit = VESICLE_LIMITS[loc]
    slot_w = min(150, (w - (limit - 1) * 4) / limit)
    for i in range(limit):
        sx = x + i * (slot_w + 4)
        if i < len(inside):
            v = inside[i]
            colour = PLAYER_COLOURS[v["owner"] % len(PLAYER_COLOURS)]
            with d.group(ident=f"vesicle-{v['id']}", label=_vesicle_words(v)):
                d.rect(sx, y, slot_w, 24, "#fff", stroke=colour, rx=12, width=3)
                d.text(sx + 8, y + 16, f"v{v['id']} {seat_tag(v['owner'])}", 11, weight="bold")
                cx = sx + 62
                for kind, n in v["cubes"].items():
                    for _n in range(n):
                        if cx + 12 < sx + slot_w - 4:
                            cube(d, cx, y + 5, kind, 13)
                        cx += 15
        else:
            d.rect(sx, y, slot_w, 24, "none", stroke="#999", rx=12, extra='stroke-dasharray="4 3"')
            d.text(sx + slot_w / 2, y + 16, _("free vesicle place"), 10, anchor="middle", fill="#777")


def _vesicle_words(v: dict) -> str:
    cubes = ", ".join(str(amount(k, n)) for k, n in v["cubes"].items() if n)
    where = {"rough-er": _("Vesicle {vesicle} of {who} in the rough ER: {cubes}"),
             "smooth-er": _("Vesicle {vesicle} of {who} in the smooth ER: {cubes}"),
             "golgi": _("Vesicle {vesicle} of {who} in the Golgi: {cubes}")}[v["loc"]]
    return where.format(vesicle=v["id"], who=player(v["owner"]), cubes=cubes)


# -- goals, event, supply ---------------------------------------------------------------------------


def _info(d: Drawing, view, y: float) -> float:
    h = INFO_H
    x = MARGIN
    wide = d.layout == "wide"
    per_row = 5 if wide else max(1, int((d.width - 2 * MARGIN + 6) // 156))
    d.text(x, y + 14, _("Goals (claim at the Laureates; first claim scores 3 HP now)") if d.width >= 600 else
           _("Goals (claim at the Laureates)"), 12, weight="bold")
    gw = 150
    for i, (gid, markers) in enumerate(view["goals"].items()):
        g = GOAL[gid]
        gx = x + (i % per_row) * (gw + 6)
        if not wide and i % per_row == 0 and i:
            y += h - 14
        claim = d.find("place", spot="laureate", goal=gid)
        goal = _("Goal {goal}: {scores}").format(goal=_(g.name), scores=_(g.text))
        claimed = ", ".join(str(player(p)) for p in markers) or _("nobody")
        with d.group(claim, ident=f"goal-{gid}", detail=goal,
                     label=_("{goal}; claimed by {players}").format(goal=goal, players=claimed)):
            d.rect(gx, y + 20, gw, h - 22, "#efeae0" if claim is None else "#fff", stroke="#111" if claim else "#555",
                   rx=6, width=3 if claim else 1)
            if claim is not None:
                d.text(gx + gw - 6, y + h - 10, _("claim: Laureates"), 10, anchor="end", weight="bold")
            d.text(gx + 6, y + 35, _(g.name), 12, weight="bold")
            for j, line in enumerate(wrap(_(g.text), gw - 12, 10)[:2]):
                d.text(gx + 6, y + 49 + 12 * j, line, 10)
            for k, p in enumerate(markers):
                worker(d, gx + 14 + k * 26, y + h - 14, p, 10)
            if not markers:
                d.text(gx + 6, y + h - 10, _("unclaimed"), 10, fill="#666")
    ex = d.width - MARGIN - 3 * 72 - 10 - 250  # event and supply keep to the right
    ew = 250
    if not wide:
        y += h + 4
        ex, ew = x, d.width - 2 * MARGIN
    d.rect(ex, y + 20, ew, h - 22, "#fff7e6", stroke="#555", rx=6)
    d.text(ex + 6, y + 14, ngettext("Event this round ({n} events left)", "Event this round ({n} events left)",
                                    view["events_left"]).format(n=view["events_left"]), 12, weight="bold")
    event = EVENT.get(view["active_event"]) if view["active_event"] else None
    words = str(event.label()) if event else _("No event yet (the first round has none).")
    for j, line in enumerate(wrap(words, ew - 12, 12)[:4]):
        d.text(ex + 6, y + 36 + 14 * j, line, 12)
    sx = ex + ew + 10
    if not wide:
        y += h + 4
        sx = x
    d.text(sx, y + 14, _("Supply"), 12, weight="bold")
    starting = {a.get("resource"): a for a in d.legal if a.kind == "start-resource"}
    for i, kind in enumerate(("atp", "mrna", "protein", "carb", "lipid")):
        n = view["supply_atp"] if kind == "atp" else view["supply"][kind]
        # Start-resource choices are the game's first move: big targets, not chips at the fold.
        cols = 3 if wide or d.width < 600 else 5
        bw = 66 if wide else 100 if d.width >= 600 else 104
        bh = (22 if wide else 28) if not starting else d.chip_h
        cx, cy = sx + 3 + (i % cols) * (bw + 6), y + 24 + (i // cols) * (bh + 6)
        with d.group(starting.get(kind), ident=f"supply-{kind}"):
            if kind in starting:
                d.rect(cx - 3, cy - 2, bw, bh, "#fff", stroke="#111", rx=4, width=2.5)
            cube(d, cx + 2, cy + bh / 2 - 10, kind, 16)
            d.text(cx + 24, cy + bh / 2 + 3, f"{n}" if kind not in starting or wide else str(amount(kind, n))[:12],
                   12, weight="bold" if kind in starting else "normal")
        last = cy + bh
    d.text(sx, last + 16, ngettext("Deck: {n} cards · discard: {discard}", "Deck: {n} cards · discard: {discard}",
                                   view["deck_size"]).format(n=view["deck_size"], discard=len(view["discard"])), 11)
    return max(y + h, last + 22)


# -- the players ------------------------------------------------------------------------------------


def _seat(d: Drawing, view, p: int, y: float, h: float) -> None:
    seat = view["seats"][p]
    own = seat["hand"] is not None
    to_move = view["turn"] == p and not view["over"]
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    d.rect(MARGIN, y, d.width - 2 * MARGIN, h, "#fff" if to_move else "#f2f0ea", stroke=colour, rx=8,
           width=4 if to_move else 2)
    d.rect(MARGIN, y, 10, h, colour, stroke=colour, rx=4)
    name = _seat_name(p, own, to_move) + (_(" · first player") if view["first"] == p else "")
    d.text(MARGIN + 18, y + 20, name, 14, weight="bold")
    d.text(MARGIN + 18, y + 42, _("{hp} HP").format(hp=seat["score"]), 16, weight="bold", fill="#8b2f00")
    parts = [f"{_(HP_SOURCES[k])} {n}" for k, n in seat["hp"].items() if n]
    for j, line in enumerate(wrap(" · ".join(parts) or _("no Health Points yet"), 165, 10)[:2]):
        d.text(MARGIN + 82, y + 34 + 11 * j, line, 10, fill="#333")
    # Resources.
    rx, ry = MARGIN + 18, y + 52
    for i, kind in enumerate(("atp", "mrna", "protein", "carb", "lipid")):
        n = seat["atp"] if kind == "atp" else seat["cubes"][kind]
        cube(d, rx + i * 46, ry, kind, 16)
        d.text(rx + i * 46 + 19, ry + 13, str(n), 13, weight="bold")
    disks = VESICLES_EACH - sum(1 for v in view["vesicles"] if v["owner"] == p)
    goals = [_(GOAL_SHORT[g]) for g, m in view["goals"].items() if p in m]
    d.text(rx, ry + 32, _("Workers left: {workers} · vesicle disks: {disks}").format(workers=seat["workers"],
                                                                                   disks=disks), 11)
    d.text(rx, ry + 45, _("Goals: {goals}").format(goals=", ".join(goals) or _("none claimed")), 11)
    # Cards.
    cx = 300
    if own:
        hand = seat["hand"]
        dealt = seat["dealt"] or []
        d.text(cx, y + 18, _("Your hand ({n}) and the three dealt cards: shuffle one back").format(n=len(hand))
               if dealt else _("Your hand ({n})").format(n=len(hand)), 12, weight="bold")
        cards = [(c, d.find("play-resource", card=c)) for c in hand]
        cards += [(c, d.find("return-card", card=c)) for c in dealt]
        n = max(1, len(cards))
        cw = min(128, (d.width - MARGIN - 12 - cx - (n - 1) * 6) / n)
        for i, (c, action) in enumerate(cards):
            x = cx + i * (cw + 6)
            with d.group(action, ident=f"hand-{c}-{i}", detail=card_detail(CARD[c])):
                card_face(d, CARD[c], x, y + 26, cw, 82)
                if action is not None:
                    d.rect(x, y + 26, cw, 82, "none", stroke="#111", rx=5, width=3)
                    d.text(x + cw / 2, y + 104, _card_verb(action), 10, anchor="middle", weight="bold")
        if not cards:
            d.text(cx, y + 60, _("No cards in hand."), 12, fill="#666")
        _completed(d, seat, cx, y + 128, d.width - MARGIN - 12 - cx)
    else:
        d.text(cx, y + 18, _hidden_cards(seat), 12, weight="bold")
        for i in range(min(seat["hand_size"], 12)):
            d.rect(cx + i * 16, y + 26, 22, 30, "#6b5b8c", stroke="#222", rx=3)
        # Dealt cards still to be chosen: face down too, set apart and outlined in dashes.
        dx = cx + min(seat["hand_size"], 12) * 16 + (24 if seat["hand_size"] else 0)
        for i in range(seat["dealt_count"]):
            d.rect(dx + i * 16, y + 26, 22, 30, "#b3a8cc", stroke="#222", rx=3, extra='stroke-dasharray="3 2"')
        _completed(d, seat, cx, y + 78, d.width - MARGIN - 12 - cx)


def _summary(d: Drawing, view, p: int, y: float, band: bool = True) -> float:
    """One player in a line (two on a phone): name, Health Points, resources, workers, cards.
    Returns the bottom."""
    seat = view["seats"][p]
    to_move = view["turn"] == p and not view["over"]
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    two = d.layout != "wide"
    h = 94 if d.layout == "narrow" else 70 if two else 40
    if band:
        d.rect(MARGIN, y, d.width - 2 * MARGIN, h, "#fff" if to_move else "#f2f0ea", stroke=colour, rx=8,
               width=4 if to_move else 2)
        d.rect(MARGIN, y, 10, h, colour, stroke=colour, rx=4)
    name = _seat_name(p, seat["hand"] is not None, to_move)
    hp = _("{hp} HP").format(hp=seat["score"])
    # A long name (a longer language, "to move") gives up a point or two of size before the
    # Health Points leave the band.
    right = d.width - MARGIN - 10
    size = fit_size(name, right - (MARGIN + 18) - text_width(hp, 16, True) - 10, (14, 13, 12), True)
    d.text(MARGIN + 18, y + 25, name, size, weight="bold")
    d.text(min(MARGIN + 18 + text_width(name, size, True) + 10, right - text_width(hp, 16, True)), y + 25, hp, 16,
           weight="bold", fill="#8b2f00")
    x, yy = (MARGIN + 18, y + 40) if two else (MARGIN + 18 + text_width(name, size, True) + 66, y + 11)
    for kind in ("atp", "mrna", "protein", "carb", "lipid"):
        n = seat["atp"] if kind == "atp" else seat["cubes"][kind]
        cube(d, x, yy, kind, 17)
        d.text(x + 21, yy + 14, str(n), 14, weight="bold")
        x += 44
    rest = _("workers {workers} · hand {hand} · done {done}").format(
        workers=seat["workers"], hand=seat["hand_size"], done=len(seat["completed"]))
    if d.layout == "wide":
        goals = [_(GOAL_SHORT[g]) for g, m in view["goals"].items() if p in m]
        rest = _("Workers left {workers} · {cards} · completed: {done}").format(
            workers=seat["workers"], cards=_hidden_cards(seat),
            done=", ".join(short(CARD[c].name) for c in seat["completed"][:6]) or _("none")) + (
            _(" · goals: {goals}").format(goals=", ".join(goals)) if goals else "")
    if d.layout == "narrow":  # no room beside the cubes on a phone
        x, yy = MARGIN + 14, yy + 24
    d.text(x + 4, yy + 14, rest, 14)
    return y + h


def _own_stacked(d: Drawing, view, p: int, y: float) -> float:
    """Your seat on a tablet or phone: the summary line, then your cards wrapped to the width."""
    seat = view["seats"][p]
    colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
    hand, dealt = seat["hand"], seat["dealt"] or []
    cards = [(c, d.find("play-resource", card=c)) for c in hand] + [(c, d.find("return-card", card=c)) for c in dealt]
    cols = max(1, int((d.width - 2 * MARGIN - 20 + 6) // 140))
    cw = (d.width - 2 * MARGIN - 20 - (cols - 1) * 6) / cols
    rows = -(-max(1, len(cards)) // cols)
    done = seat["completed"]
    heading = wrap(_("Your hand ({n}): shuffle one dealt card back").format(n=len(hand)) if dealt
                   else _("Your hand ({n})").format(n=len(hand)), d.width - 2 * MARGIN - 36, 14, True)
    h = (94 if d.layout == "narrow" else 70) + 26 + 18 * (len(heading) - 1) + rows * 104 + 24 + 24 * len(done)
    to_move = view["turn"] == p and not view["over"]
    d.rect(MARGIN, y, d.width - 2 * MARGIN, h, "#fff" if to_move else "#f2f0ea", stroke=colour, rx=8,
           width=4 if to_move else 2)
    d.rect(MARGIN, y, 10, h, colour, stroke=colour, rx=4)
    yy = _summary(d, view, p, y, band=False)
    for i, line in enumerate(heading):
        d.text(MARGIN + 18, yy + 18 + 18 * i, line, 14, weight="bold")
    yy += 26 + 18 * (len(heading) - 1)
    for i, (c, action) in enumerate(cards):
        x, cy = MARGIN + 16 + (i % cols) * (cw + 6), yy + (i // cols) * 104
        with d.group(action, ident=f"hand-{c}-{i}", detail=card_detail(CARD[c])):
            card_face(d, CARD[c], x, cy, cw, 98)
            if action is not None:
                d.rect(x, cy, cw, 98, "none", stroke="#111", rx=5, width=3)
                d.text(x + cw / 2, cy + 92, _card_verb(action), 12, anchor="middle", weight="bold")
    if not cards:
        d.text(MARGIN + 18, yy + 40, _("No cards in hand."), 14, fill="#666")
    yy += rows * 104
    d.text(MARGIN + 18, yy + 16, _("Completed ({n}): none yet").format(n=len(done)) if not done
           else _("Completed ({n})").format(n=len(done)), 14, weight="bold")
    for j, c in enumerate(done):
        card = CARD[c]
        d.text(MARGIN + 26, yy + 40 + 24 * j, _(card.name) + (" · " + _("{hp} HP").format(hp=card.hp) if card.hp
                                                                else ""), 14)
    return y + h


def _hidden_cards(seat) -> str:
    """Another player's cards as counts: the hand and, during setup, the dealt cards not yet chosen."""
    if seat["dealt_count"]:
        return _("Cards in hand: {hand} · dealt: {dealt}, to keep all but one (hidden)").format(
            hand=seat["hand_size"], dealt=seat["dealt_count"])
    return _("Cards in hand: {hand} (hidden)").format(hand=seat["hand_size"])


def _completed(d: Drawing, seat, x: float, y: float, w: float) -> None:
    done = seat["completed"]
    d.text(x, y, _("Completed ({n}):").format(n=len(done)), 11, weight="bold")
    cx, cy = x + 96, y - 12
    if not done:
        d.text(cx, y, _("none yet"), 11, fill="#666")
    for c in done:
        card = CARD[c]
        s = f"{short(card.name)} " + _("{hp} HP").format(hp=card.hp) if card.hp else short(card.name)
        cw = 12 + text_width(s, 10)
        if cx + cw > x + w:
            cx, cy = x + 96, cy + 20
        d.rect(cx, cy, cw, 17, KIND_COLOURS[card.kind], stroke="#555", rx=8)
        d.text(cx + cw / 2, cy + 12.5, s, 10, anchor="middle")
        cx += cw + 4


# -- in words ---------------------------------------------------------------------------------------


def describe(view: dict[str, Any]) -> str:
    """A plain summary of the table for screen readers and tests (the SVG's <desc>)."""
    parts = [_("Round {round}. {prompt}").format(round=view["round"], prompt=prompt(view)) if view["over"] else
             _("Round {round}. {who}: {prompt}").format(round=view["round"], who=player(view["turn"]),
                                                        prompt=prompt(view))]
    event = EVENT.get(view["active_event"]) if view["active_event"] else None
    if event:
        parts.append(_("Event: {event}.").format(event=event.label()))
    for area, extra in view["boosts"].items():
        parts.append(_(BOOST_WAITING[area]).format(gain=", ".join(str(amount(r, n)) for r, n in extra.items())))
    taken = [_("{spot} ({id}) by {who}").format(
        spot=_(SPOT[s].title) if SPOT[s].effect != "buy" else _("card slot {slot}").format(slot=SPOT[s].slot + 1),
        id=s, who=_("a grey worker") if o < 0 else player(o)) for s, o in view["occupied"].items()]
    parts.append(_("Spots taken: {spots}.").format(spots="; ".join(taken) if taken else pgettext("spots", "none")))
    row = []
    for slot, c in enumerate(view["row"]):
        if c is None:
            row.append(_("slot {slot} empty").format(slot=slot + 1))
        else:
            row.append(_("slot {slot} ({cost} ATP): {card}").format(slot=slot + 1, cost=buy_cost(view, slot),
                                                                    card=card_words(CARD[c])))
    parts.append(_("Market: {cards}.").format(cards="; ".join(row)))
    goals = [_("{goal} ({scores}; claimed by {players})").format(
        goal=_(GOAL[g].name), scores=_(GOAL[g].text), players=", ".join(str(player(p)) for p in m) or _("nobody"))
        for g, m in view["goals"].items()]
    parts.append(_("Goals: {goals}.").format(goals="; ".join(goals)))
    if view["vesicles"]:
        parts.append(_("Vesicles: {vesicles}.").format(vesicles="; ".join(_vesicle_words(v) for v in view["vesicles"])))
    supply = ", ".join(str(amount(k, view["supply"][k])) for k in view["supply"])
    parts.append(ngettext("Supply: {atp} ATP, {cubes}; deck {n} cards.", "Supply: {atp} ATP, {cubes}; deck {n} cards.",
                          view["deck_size"]).format(atp=view["supply_atp"], cubes=supply, n=view["deck_size"]))
    for p, seat in enumerate(view["seats"]):
        fields = dict(who=player(p), hp=seat["score"], atp=seat["atp"], workers=seat["workers"],
                      cubes=", ".join(str(amount(k, n)) for k, n in seat["cubes"].items()),
                      hand=seat["hand_size"], dealt=seat["dealt_count"],
                      done=", ".join(_(CARD[c].name) for c in seat["completed"]) or _("none"))
        text = _("{who}: {hp} Health Points, {atp} ATP, {cubes}, {workers} workers left, {hand} cards in hand, "
                 "{dealt} dealt cards to choose from, completed: {done}.").format(**fields) if seat["dealt_count"] \
            else _("{who}: {hp} Health Points, {atp} ATP, {cubes}, {workers} workers left, {hand} cards in hand, "
                   "completed: {done}.").format(**fields)
        if seat["hand"] is not None:
            text += " " + _("Your hand: {cards}.").format(
                cards="; ".join(card_words(CARD[c]) for c in seat["hand"]) or _("empty"))
            if seat["dealt"]:
                text += " " + _("Dealt to you: {cards}.").format(
                    cards="; ".join(card_words(CARD[c]) for c in seat["dealt"]))
        parts.append(text)
    return " ".join(parts)


def card_detail(card: Card) -> str:
    """A card in words and its biology, for the page's details panel."""
    biology = _(card.biology)
    return f"{card_words(card)}. {biology[:1].upper()}{biology[1:]}"


def card_words(card: Card) -> str:
    """A card in words: name, kind, what it needs and its Health Points."""
    if card.kind == "resource":
        return _("{card} (additional resource: {gain})").format(
            card=_(card.name), gain=", ".join(str(amount(r, n)) for r, n in card.gives))
    needs = ", ".join(str(amount(r, n)) for r, n in (*card.cubes, ("atp", card.atp)))
    kind = _(KIND_NAMES[card.kind]) + (f" {colour_name(card.colour)}" if card.colour else "")
    return _("{card} ({kind}: {needs}; {hp} HP)").format(card=_(card.name), kind=kind, needs=needs, hp=card.hp)


def colour_name(colour: str) -> str:
    """An enzyme card's colour in words."""
    return {"blue": pgettext("enzyme colour", "blue"), "red": pgettext("enzyme colour", "red"),
            "yellow": pgettext("enzyme colour", "yellow"), "green": pgettext("enzyme colour", "green"),
            "purple": pgettext("enzyme colour", "purple")}[colour]


def _seat_name(p: int, own: bool, to_move: bool) -> str:
    """A seat's name on its band: "Player 2 (you) · to move"."""
    name = _("{who} (you)").format(who=player(p)) if own else str(player(p))
    return name + _(" · to move") if to_move else name


def _card_verb(action: Action) -> str:
    """What touching a card in hand does."""
    return pgettext("card in hand", "play") if action.kind == "play-resource" else _("shuffle back")
