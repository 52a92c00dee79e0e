"""Cytosis's printed components: cell component, goal and event cards, cubes, ATP, workers,
vesicles, goal markers and the board in two tiles.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Token
from ...i18n import _
from .cards import (ATP_SUPPLY, CARDS, CUBE_SUPPLY, EVENTS, GOAL_MARKERS_EACH, GOALS, GREY_WORKERS, KIND_NAMES,
                    VESICLES_EACH, amount)
from .render import CUBE_COLOURS, CUBE_INK, CUBE_LETTERS, KIND_COLOURS, PLAYER_COLOURS
from .render import WIDTH, _board, _Table, colour_name, seat_tag


def _cytosis_tiles() -> list[str]:
    """The cell board drawn by the table's own render (a new two-player game, nothing placed yet), cut
    into two tiles that overlap by 20 units: glue the right tile over the left one's shaded strip."""
    from ... import games


    view = games.get("cytosis").new_state(2, seed=1).view(0)
    view["row"] = [None] * len(view["row"])  # the market's cards are dealt onto the printed board
    d = _Table((), "wide")
    bottom = _board(d, view, 4) + 4
    # On paper an empty market slot is where a card is dealt, not a slot the game has emptied.
    empty, deal = _("(empty)"), _("Deal a card here")
    board = "".join(d.parts).replace(f">{empty}<", f">{deal}<")
    assert deal in board, "the market's empty-slot words changed: update the printed board"
    half, overlap = WIDTH // 2, 20
    tiles = []
    for i, x0 in enumerate((0, half - overlap)):
        w = half + overlap
        name = _("Cytosis board, left half") if i == 0 else _("Cytosis board, right half")
        mm = 190 * w / (half + overlap)
        strip = (f'<rect x="{half - overlap}" y="0" width="{overlap}" height="{bottom}" fill="#000" '
                 f'fill-opacity="0.12"/>' if i == 0 else "")
        tiles.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0} 0 {w} {bottom}" width="{mm:.1f}mm" '
                     f'height="{mm * bottom / w:.1f}mm" font-family="sans-serif" role="img" '
                     f'aria-label="{name}">'
                     f'<rect x="0" y="0" width="{WIDTH}" height="{bottom}" fill="#f7f5ef"/>'
                     + board + strip + "</svg>")
    return tiles


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary)."""
    faces: list[Face] = []
    for card in CARDS:
        needs = ", ".join(str(amount(c, n)) for c, n in card.cubes if n)
        if card.kind == "resource":
            lines = (_("Play any time in your turn: take {gain}.").format(
                gain=", ".join(str(amount(c, n)) for c, n in card.gives)),)
        else:
            lines = (_("Needs {cubes} and {atp} ATP").format(cubes=needs, atp=card.atp),
                     _("Scores {hp} HP").format(hp=card.hp))
        kind = _(KIND_NAMES[card.kind]).capitalize() + (f" · {colour_name(card.colour)}" if card.colour else "")
        biology = _(card.biology)
        faces.append(Face(_(card.name), kind, KIND_COLOURS[card.kind], _("Cell component"), lines=lines,
                          note=f"{biology[:1].upper()}{biology[1:]} ({card.ref})."))
    for goal in GOALS:
        faces.append(Face(_(goal.name), _("Goal"), "#efeae0", _("Goal"),
                          lines=(_("{scores}, scored at the end.").format(scores=_(goal.text)),)))
    for event in EVENTS:
        rest = _(event.detail)
        kind = {"boost": _("Boost"), "reduce": _("Reduce ATP cost"), "toxicity": _("Toxicity")}[event.kind]
        how = {"boost": _("The first player to work there takes the extra cube."),
               "reduce": "", "toxicity": _("5+ cubes of one colour lose 1, 7+ lose 2, 10+ lose 4.")}[event.kind]
        faces.append(Face(_(event.title), _("Event · {kind}").format(kind=kind), "#fff7e6", _("Event"),
                          lines=tuple(x for x in (rest[:1].upper() + rest[1:] + ".", how) if x),
                          note=_(event.real) + "." if event.real else ""))
    faces.append(Face(_("First Player"), _("First Player card"), "#dddddd", _("First Player"),
                      lines=(_("Whoever holds it places the first worker each round."),)))
    cubes = [Token(CUBE_LETTERS[kind], CUBE_COLOURS[kind], CUBE_INK[kind], w=14, h=14)
             for kind, n in CUBE_SUPPLY.items() for _n in range(n)]
    atp = [Token("A", CUBE_COLOURS["atp"], CUBE_INK["atp"], round=True, w=14, h=14) for _n in range(ATP_SUPPLY)]
    legend = _("M mRNA (black) · P protein (orange) · C carbohydrate (green) · L lipid (yellow) · A ATP (round)")
    # Each player's pieces in their colour and number (4 workers at most, with 2-3 players), and the
    # two grey workers; the ink follows the table's worker disks.
    seats = range(len(PLAYER_COLOURS))
    ink = {p: "#111" if p in (3, 4) else "#fff" for p in seats}
    workers = [Token(seat_tag(p), PLAYER_COLOURS[p], ink[p], round=True) for p in seats for _n in range(4)]
    workers += [Token("G", "#9a9a9a", round=True) for _n in range(GREY_WORKERS)]
    vesicles = [Token(f"v {seat_tag(p)}", PLAYER_COLOURS[p], ink[p], round=True) for p in seats
                for _n in range(VESICLES_EACH)]
    markers = [Token(_("goal {seat}").format(seat=seat_tag(p)), PLAYER_COLOURS[p], ink[p], w=22) for p in seats
               for _n in range(GOAL_MARKERS_EACH)]
    return Printed("cytosis", "Cytosis", faces,
                tokens=[(_("Cubes: {legend}").format(legend=legend), cubes), (_("ATP tokens"), atp),
                        (_("Workers ({first}-{last}, 4 each; G: the two grey workers)").format(
                            first=seat_tag(0), last=seat_tag(len(PLAYER_COLOURS) - 1)), workers),
                        (_("Vesicle disks"), vesicles), (_("Goal markers"), markers)],
                tiles=_cytosis_tiles())
