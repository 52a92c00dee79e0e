"""Print-and-play pages (issue 34): every game's components as paper, from the same card data.

Each ``print/<game>.html`` is a run of sheets, one sheet a printed page: the cards, nine to a page
at poker size (63 × 88 mm) with crop marks, each page of faces followed by a page of backs laid out
mirrored (column order reversed) so the two line up when printed on both sides, flipped on the
long edge; then tokens, spinners for the dice, board tiles, a reference sheet for biology notes
too long for a card face, and a one-page rules summary. Every sheet is one page on A4 and on
Letter alike (the grid fits both), so the page count is known here (:func:`sheet_count`) and the
tests hold the printed PDF to it.

Card faces are SVG in tenths of a millimetre, measured and wrapped with the tables' own
:func:`biocards.svg.wrap`; no text is smaller than :data:`MIN_TEXT` (7 pt).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from biocards.core.printed import Face, Spinner, Token
from biocards.core.printed import Printed as Game
from biocards.i18n import _
from biocards.svg import Drawing, fit_size, text_width, wrap

CARD_W, CARD_H = 630, 880
"""A card in tenths of a millimetre: 63 × 88 mm, poker size, which standard sleeves fit."""
PER_ROW, ROWS = 3, 3
PER_SHEET = PER_ROW * ROWS
MIN_TEXT = 25
"""7 pt is 2.47 mm: no text on paper is smaller than 25 tenths of a millimetre."""
PAD = 34
ROOM = CARD_W - 2 * PAD
NOTE_SIZE = 30
NOTE_STEP = 36
BODY_SIZE = 34
BODY_STEP = 42
INK = "#111"
BACK_COLOUR = "#d9d2c3"


# -- one card ---------------------------------------------------------------------------------------


def _svg(parts: list[str], label: str, w: int = CARD_W, h: int = CARD_H) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w / 10:g}mm" '
            f'height="{h / 10:g}mm" font-family="sans-serif" role="img" aria-label="{escape(label)}">'
            + "".join(parts) + "</svg>")


def face_svg(face: Face, note_ref: int | None = None) -> tuple[str, bool]:
    """The face of ``face``; returns the SVG and whether its biology note fitted on it (when it
    did not, the face names reference-sheet note ``note_ref`` instead)."""
    d = Drawing()
    d.rect(4, 4, CARD_W - 8, CARD_H - 8, "#fff", stroke="#333", rx=28, width=4)
    d.add(f'<path d="M4 112 V32 a28 28 0 0 1 28 -28 H{CARD_W - 32} a28 28 0 0 1 28 28 V112 Z" '
          f'fill="{face.colour}" stroke="#333" stroke-width="4"/>')
    d.text(PAD, 74, face.kind, fit_size(face.kind, ROOM - 90, (36, 32, 28), True), weight="bold", fill=face.ink)
    if face.symbol:
        d.text(CARD_W - PAD, 76, face.symbol, 38, anchor="end", weight="bold", fill=face.ink)
    y = 112
    size = fit_size(face.name, ROOM, (54, 46, 40), True)
    # A name longer than two lines (Spanish runs a third longer) is set smaller, never cut.
    for smaller in (36, 32, 28):
        if len(wrap(face.name, ROOM, size, True)) <= 2:
            break
        size = smaller
    for line in wrap(face.name, ROOM, size, True):
        y += size + 12
        d.text(PAD, y, line, size, weight="bold", fill=INK)
    if face.big:
        big = fit_size(face.big, ROOM, (150, 120, 96, 72), True)
        y += big + 16
        d.text(CARD_W / 2, y, face.big, big, anchor="middle", weight="bold", fill=INK)
    y += 14
    for text in face.lines:
        for line in wrap(text, ROOM, BODY_SIZE):
            y += BODY_STEP
            d.text(PAD, y, line, BODY_SIZE, fill=INK)
    fits = True
    if face.note:
        lines = wrap(face.note, ROOM, NOTE_SIZE)
        room_lines = int((CARD_H - 30 - (y + 30)) // NOTE_STEP)
        fits = len(lines) <= room_lines
        if not fits:
            lines = wrap(_("Biology: see note {n} on the reference sheet.").format(n=note_ref), ROOM, NOTE_SIZE)
        y = CARD_H - 30 - NOTE_STEP * len(lines)
        d.add(f'<line x1="{PAD}" y1="{y - 4:.0f}" x2="{CARD_W - PAD}" y2="{y - 4:.0f}" stroke="#999" stroke-width="3"/>')
        for i, line in enumerate(lines):
            d.text(PAD, y + NOTE_STEP * (i + 1) - 6, line, NOTE_SIZE, fill="#333", extra=' font-style="italic"')
    return _svg(d.parts, face.name), fits


def back_svg(game_title: str, face: Face) -> str:
    """A card's back: the game and the deck in words. One colour for every back, so a back never
    tells what kind of card is in a hidden hand (a Cytosis hormone from an enzyme)."""
    d = Drawing()
    d.rect(4, 4, CARD_W - 8, CARD_H - 8, BACK_COLOUR, stroke="#333", rx=28, width=4)
    d.rect(60, 60, CARD_W - 120, CARD_H - 120, "#fff", stroke="#333", rx=20, width=3)
    size = fit_size(game_title, CARD_W - 160, (64, 54, 44), True)
    d.text(CARD_W / 2, CARD_H / 2 - 20, game_title, size, anchor="middle", weight="bold", fill=INK)
    y = CARD_H / 2 + 40
    for line in wrap(face.back, CARD_W - 160, 40, True):
        d.text(CARD_W / 2, y, line, 40, anchor="middle", weight="bold", fill="#333")
        y += 50
    return _svg(d.parts, _("{game}: back of a {deck} card").format(game=game_title, deck=face.back))


def _crop_marks() -> str:
    """Short lines outside the grid at every card edge, 1.5 to 7 mm from it (inside both papers'
    margins: Letter leaves 7.7 mm above and below the 264 mm grid)."""
    gw, gh, m = PER_ROW * 63, ROWS * 88, 7
    lines = []
    for i in range(PER_ROW + 1):
        x = m + 63 * i
        lines += [(x, 0.5, x, m - 1.5), (x, m + gh + 1.5, x, 2 * m + gh - 0.5)]
    for j in range(ROWS + 1):
        y = m + 88 * j
        lines += [(0.5, y, m - 1.5, y), (m + gw + 1.5, y, 2 * m + gw - 0.5, y)]
    return (f'<svg class="crop" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {gw + 2 * m} {gh + 2 * m}" '
            f'width="{gw + 2 * m}mm" height="{gh + 2 * m}mm" aria-hidden="true">'
            + "".join(f'<line x1="{a:g}" y1="{b:g}" x2="{c:g}" y2="{e:g}" stroke="#000" stroke-width="0.25"/>'
                      for a, b, c, e in lines) + "</svg>")


# -- tokens, spinners -------------------------------------------------------------------------------


def token_svg(t: Token) -> str:
    w, h = t.w * 10, t.h * 10
    d = Drawing()
    if t.round:
        d.add(f'<circle cx="{w / 2:g}" cy="{h / 2:g}" r="{min(w, h) / 2 - 3:g}" fill="{t.fill}" stroke="#222" '
              f'stroke-width="3"/>')
    else:
        d.rect(2, 2, w - 4, (h if not t.under else h / 2) - 4, t.fill, stroke="#222", rx=10, width=3)
    if t.under:
        d.rect(2, h / 2 + 2, w - 4, h / 2 - 4, t.under_fill, stroke="#222", rx=10, width=3)
        d.text(w / 2, h / 4 + 22, t.label, 64, anchor="middle", weight="bold", fill=t.ink)
        d.text(w / 2, 3 * h / 4 + 22, t.under, 64, anchor="middle", weight="bold", fill=t.under_ink)
    else:
        size = fit_size(t.label, w - 24, (60, 48, 36, 28), True)
        d.text(w / 2, h / 2 + size * 0.36, t.label, size, anchor="middle", weight="bold", fill=t.ink)
    return _svg(d.parts, t.label + (f"/{t.under}" if t.under else ""), int(w), int(h))


def spinner_svg(s: Spinner) -> str:
    """A circle of ``len(faces)`` equal sectors, each named in words, 96 mm across."""
    r, c = 440, 480
    n = len(s.faces)
    d = Drawing()
    for i, face in enumerate(s.faces):
        a0, a1 = 2 * math.pi * i / n - math.pi / 2, 2 * math.pi * (i + 1) / n - math.pi / 2
        x0, y0, x1, y1 = c + r * math.cos(a0), c + r * math.sin(a0), c + r * math.cos(a1), c + r * math.sin(a1)
        fill = s.fills[i] if s.fills else ("#fff" if i % 2 else "#eee")
        d.add(f'<path d="M{c} {c} L{x0:.1f} {y0:.1f} A{r} {r} 0 0 1 {x1:.1f} {y1:.1f} Z" fill="{fill}" '
              f'stroke="#222" stroke-width="3"/>')
        mid = (a0 + a1) / 2
        size = fit_size(face, r * 0.75, (44, 36, 30), True) if n <= 8 else 30
        at = 0.62 if n <= 8 else 0.7
        tx, ty = c + r * at * math.cos(mid), c + r * at * math.sin(mid) + size * 0.35
        d.add(f'<text x="{tx:.0f}" y="{ty:.0f}" font-size="{size}" text-anchor="middle" font-weight="bold" '
              f'fill="{INK}" stroke="#fff" stroke-width="6" paint-order="stroke">{escape(face)}</text>')
    d.add(f'<circle cx="{c}" cy="{c}" r="14" fill="#222"/>')
    return _svg(d.parts, _("Spinner: {name}").format(name=s.name), 2 * c, 2 * c)


CUBE_NET = ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2), (1, 3))
"""Where the six faces of a cube's net sit (column, row): a cross that folds into a cube."""


def cube_net_svg(die: Spinner, side: int = 400) -> str:
    """A die to fold: six ``side``-tenths-of-a-mm squares, each face named in words."""
    d = Drawing()
    for (col, row), face in zip(CUBE_NET, die.faces):
        x, y = col * side + 10, row * side + 10
        d.rect(x, y, side, side, "#fff", stroke="#222", rx=0, width=4)
        lines = wrap(face, side - 60, 60, True)
        for i, line in enumerate(lines):
            d.text(x + side / 2, y + side / 2 + 22 + 70 * (i - (len(lines) - 1) / 2), line, 60, anchor="middle",
                   weight="bold", fill=INK)
    return _svg(d.parts, _("Net to fold: {name}").format(name=die.name), 3 * side + 20, 4 * side + 20)


def octahedron_net_svg(die: Spinner, side: int = 450) -> str:
    """An eight-sided die to fold: four triangles round one corner of a hexagon (the top half of
    the octahedron), each with a bottom-half triangle on its outer edge, like points of a star.
    That is one face-tree of the octahedron, so it folds with no gaps and no overlaps."""
    cx, cy = 2 * side, 2 * side
    corners = [(cx + side * math.cos(math.radians(150 + 60 * k)), cy + side * math.sin(math.radians(150 + 60 * k)))
               for k in range(5)]
    triangles = []
    for k in range(4):
        (ax, ay), (bx, by) = corners[k], corners[k + 1]
        triangles.append(((cx, cy), (ax, ay), (bx, by)))
        triangles.append(((ax + bx - cx, ay + by - cy), (ax, ay), (bx, by)))  # the top point, mirrored
    d = Drawing()
    for tri, face in zip(triangles, die.faces):
        d.add('<path d="M' + " L".join(f"{x:.1f} {y:.1f}" for x, y in tri) + ' Z" fill="#fff" stroke="#222" '
              'stroke-width="4"/>')
        mx, my = sum(x for x, _ in tri) / 3, sum(y for _, y in tri) / 3
        d.text(mx, my + 36, face, 100, anchor="middle", weight="bold", fill=INK)
    xs = [x for tri in triangles for x, _ in tri]
    ys = [y for tri in triangles for _, y in tri]
    x0, y0 = min(xs) - 10, min(ys) - 10
    w, h = max(xs) - x0 + 10, max(ys) - y0 + 10
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}" '
            f'width="{w / 10:.1f}mm" height="{h / 10:.1f}mm" font-family="sans-serif" role="img" '
            f'aria-label="{escape(_("Net to fold: {name}").format(name=die.name))}">' + "".join(d.parts) + "</svg>")


def net_svg(die: Spinner) -> str:
    """A die's net by its number of faces: a cube for six, an octahedron for eight."""
    return {6: cube_net_svg, 8: octahedron_net_svg}[len(die.faces)](die)


# -- the page ---------------------------------------------------------------------------------------


@dataclass
class Sheet:
    """One printed page: ``kind`` (fronts, backs, tokens, spinners, tile, reference, rules) and its HTML."""

    kind: str
    html: str
    label: str


def _card_sheets(game: Game, sheets: list[Sheet]) -> list[tuple[int, Face]]:
    """Fronts and mirrored backs, nine to a page; returns the notes sent to the reference sheet."""
    notes: list[tuple[int, Face]] = []
    numbers: dict[str, int] = {}  # copies of a card share one note on the sheet
    for start in range(0, len(game.faces), PER_SHEET):
        batch = game.faces[start:start + PER_SHEET]
        fronts, backs = [], [""] * PER_SHEET
        for i, face in enumerate(batch):
            number = numbers.get(face.note, len(notes) + 1)
            svg, fits = face_svg(face, number)
            if not fits and face.note not in numbers:
                numbers[face.note] = number
                notes.append((number, face))
            fronts.append(f'<div class="card" data-card="{escape(face.name)}">{svg}</div>')
            row, col = divmod(i, PER_ROW)
            # Long-edge duplex turns the sheet over left to right: a card's back sits in the mirrored column.
            backs[row * PER_ROW + PER_ROW - 1 - col] = (f'<div class="card back" data-back="{escape(face.name)}">'
                                                        f'{back_svg(game.title, face)}</div>')
        fronts += ['<div class="card empty"></div>'] * (PER_SHEET - len(batch))
        page = start // PER_SHEET + 1
        sheets.append(Sheet("fronts", f'<div class="grid">{_crop_marks()}{"".join(fronts)}</div>',
                            _("Cards, page {n}: fronts").format(n=page)))
        sheets.append(Sheet("backs", '<div class="grid">' + _crop_marks() + "".join(
            b or '<div class="card empty"></div>' for b in backs) + "</div>",
            _("Cards, page {n}: backs (print on the back of the page before, flipped on the long edge)").format(n=page)))
    return notes


REF_LINES_PER_PAGE = 52
"""Lines of 10 pt text a reference page holds (250 mm of 4.8 mm lines, kept short of the 264 mm)."""


def _reference_sheets(notes: list[tuple[int, Face]], sheets: list[Sheet]) -> None:
    """Notes too long for their card, numbered, packed into pages by their wrapped line count."""
    pages: list[list[str]] = [[]]
    used = 0
    for number, face in notes:
        text = f"{number}. {face.name}: {face.note}"
        # 180 mm of 10 pt (35 tenths of a mm) text; one line more for the gap between notes.
        lines = len(wrap(text, 1800, 35)) + 1
        if used + lines > REF_LINES_PER_PAGE and pages[-1]:
            pages.append([])
            used = 0
        pages[-1].append(f"<p><b>{number}. {escape(face.name)}</b>: {escape(face.note)}</p>")
        used += lines
    if not notes:
        return
    for i, page in enumerate(pages):
        heading = _("Card biology: reference sheet ({n} of {count})").format(n=i + 1, count=len(pages)) \
            if len(pages) > 1 else _("Card biology: reference sheet")
        sheets.append(Sheet("reference", f'<div class="text"><h2>{escape(heading)}</h2>'
                            + "".join(page) + "</div>", _("Reference sheet")))


TOKENS_PER_ROW_MM = 186
TOKEN_ROWS_MM = 258


def _token_sheets(game: Game, sheets: list[Sheet]) -> None:
    """Each group of tokens flows in rows with a heading; a new page when the rows run out."""
    blocks: list[str] = []
    height = 0.0
    for title, tokens in game.tokens:
        per_row = max(1, int((TOKENS_PER_ROW_MM + 2) // (tokens[0].w + 2)))
        need = 9 + math.ceil(len(tokens) / per_row) * (tokens[0].h + 2)
        if blocks and height + need > TOKEN_ROWS_MM:
            sheets.append(Sheet("tokens", '<div class="tokens">' + "".join(blocks) + "</div>", _("Tokens")))
            blocks, height = [], 0.0
        blocks.append(f'<h2>{escape(title)}</h2><div class="token-row">'
                      + "".join(f'<div class="token" data-token="{escape(t.label)}">{token_svg(t)}</div>'
                                for t in tokens) + "</div>")
        height += need
    if blocks:
        sheets.append(Sheet("tokens", '<div class="tokens">' + "".join(blocks) + "</div>", _("Tokens")))


def _spinner_sheets(game: Game, sheets: list[Sheet]) -> None:
    for i in range(0, len(game.spinners), 2):
        pair = game.spinners[i:i + 2]
        how = _("Paper dice: cut out a spinner, put a pencil point through a paper clip at its centre dot and "
                "flick the clip; read the sector it stops over.")
        sheets.append(Sheet("spinners", f'<div class="spinners"><p class="how">{escape(how)}</p>' + "".join(
                                f'<figure class="spinner" data-spinner="{escape(s.name)}">{spinner_svg(s)}'
                                f"<figcaption>{escape(s.name)}</figcaption></figure>" for s in pair) + "</div>",
                            _("Spinners for the dice")))


def build_sheets(game: Game, summary_html: str, credit_html: str) -> list[Sheet]:
    sheets = [Sheet("rules", f'<div class="text rules">{summary_html}{credit_html}</div>', _("Rules summary"))]
    notes = _card_sheets(game, sheets)
    _token_sheets(game, sheets)
    _spinner_sheets(game, sheets)
    for die in game.nets:
        how = _("Cut out the net, fold along every line and tape the edges together.")
        sheets.append(Sheet("net", f'<div class="net"><p class="how">{escape(how)}</p><figure data-net="{escape(die.name)}">'
                            f"{net_svg(die)}<figcaption>{escape(die.name)}</figcaption></figure></div>",
                            _("A die to fold: {name}").format(name=die.name)))
    for i, tile in enumerate(game.tiles):
        sheets.append(Sheet("tile", f'<div class="tile">{tile}</div>',
                            _("Board tile {n} of {count}").format(n=i + 1, count=len(game.tiles))))
    _reference_sheets(notes, sheets)
    return sheets


def sheet_count(game: Game) -> int:
    """Pages the print page makes, worked out from the layout alone (the tests print and count)."""
    return len(build_sheets(game, "", ""))


def credit_html(rules_page: dict, game_title: str | None = None) -> str:
    """Designer and publisher as the rules page names them, and what is ours."""
    title = game_title or rules_page["title"].replace("How to play ", "")
    text = escape(_("{game} was designed by {designer} and published by {publisher} (source: {source}). This "
                    "print edition, its card texts, biology notes and rules summary are BioCards' own words."),
                  quote=False)
    return '<p class="credit">' + text.format(
        game=escape(title), designer=escape(rules_page["designer"]), publisher=escape(rules_page["publisher"]),
        source=escape(rules_page["source"])) + "</p>"


def build_print_pages(root, dist, env, rules: dict[str, dict], lang: str = "en") -> list[str]:
    """Write ``print/<game>.html`` for every game with a rules page; returns the game ids. Another
    language's pages (``dist/<lang>/print/``, inside ``biocards.i18n.language(lang)``) take its
    rules pages, summaries (``lessons/<lang>/print/``) and concepts, and the games' catalogs."""
    from .lessons import _markdown, _play_link
    from .localized import prefix, prose_dir, switch_to, twins
    from .print_games import GAMES

    md = _markdown()
    written = []
    top = "../" + ("../" if prefix(lang) else "")
    for game_id, make in GAMES.items():
        if game_id not in rules:
            continue
        game = make(lang)
        summary = md.render((prose_dir(root, lang) / "print" / f"{game_id}.md").read_text(encoding="utf-8"))
        credit = credit_html(rules[game_id], rules[game_id].get("game_title"))
        sheets = build_sheets(game, summary, credit)
        out = dist / prefix(lang) / "print" / f"{game_id}.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        links = twins(f"print/{game_id}.html", top)
        out.write_text(env.get_template("print.html").render(root=top, game=game, sheets=sheets, credit=credit,
                                                                 play=_play_link(game_id, top, lang)["href"],
                                                                 alternates=links, switch_href=switch_to(links, lang)),
                       encoding="utf-8")
        written.append(game_id)
    return written
