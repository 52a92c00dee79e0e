"""Cytosis's printed components: cell component, goal and event cards, cubes, ATP, workers,
vesicles, goal markers and the board in two tiles.

Counts follow the rulebook's component list (for the most players the game takes where the
rulebook sets counts by the table): tests/unit/test_print.py checks them against the printed numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ...core.printed import Face, Printed, Token
from .cards import (ATP_SUPPLY, CARDS, CUBE_NAMES, CUBE_SUPPLY, EVENTS, GOAL_MARKERS_EACH, GOALS,
                    GREY_WORKERS, KIND_NAMES, VESICLES_EACH)
from .render import CUBE_COLOURS, CUBE_INK, CUBE_LETTERS, KIND_COLOURS, PLAYER_COLOURS
from .render import WIDTH, _board, _Table


def _cytosis_tiles() -> list[str]:
    """The cell board drawn by the table's own render (a new two-player game, nothing placed yet), cut
    into two tiles that overlap by 20 units: glue the right tile over the left one's shaded strip."""
    from ... import games


    view = games.get("cytosis").new_state(2, seed=1).view(0)
    view["row"] = [None] * len(view["row"])  # the market's cards are dealt onto the printed board
    d = _Table((), "wide")
    bottom = _board(d, view, 4) + 4
    # On paper an empty market slot is where a card is dealt, not a slot the game has emptied.
    board = "".join(d.parts).replace(">(empty)<", ">Deal a card here<")
    assert "Deal a card here" in board, "the market's empty-slot words changed: update the printed board"
    half, overlap = WIDTH // 2, 20
    tiles = []
    for i, x0 in enumerate((0, half - overlap)):
        w = half + overlap
        mm = 190 * w / (half + overlap)
        strip = (f'<rect x="{half - overlap}" y="0" width="{overlap}" height="{bottom}" fill="#000" '
                 f'fill-opacity="0.12"/>' if i == 0 else "")
        tiles.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0} 0 {w} {bottom}" width="{mm:.1f}mm" '
                     f'height="{mm * bottom / w:.1f}mm" font-family="sans-serif" role="img" '
                     f'aria-label="Cytosis board, {"left" if i == 0 else "right"} half">'
                     f'<rect x="0" y="0" width="{WIDTH}" height="{bottom}" fill="#f7f5ef"/>'
                     + board + strip + "</svg>")
    return tiles


def components(concepts: Mapping[str, Mapping]) -> Printed:
    """This game's printed components, for its print-and-play page; ``concepts`` is
    ``lessons/concepts.toml`` (a card's biology note is its concept's summary)."""
    faces: list[Face] = []
    for card in CARDS:
        needs = ", ".join(f"{n} {CUBE_NAMES[c]}" for c, n in card.cubes if n)
        if card.kind == "resource":
            lines = ("Play any time in your turn: take " + ", ".join(f"{n} {CUBE_NAMES[c]}" for c, n in card.gives)
                     + ".",)
        else:
            lines = (f"Needs {needs} and {card.atp} ATP", f"Scores {card.hp} HP")
        kind = KIND_NAMES[card.kind].capitalize() + (f" · {card.colour}" if card.colour else "")
        faces.append(Face(card.name, kind, KIND_COLOURS[card.kind], "Cell component", lines=lines,
                          note=f"{card.biology[:1].upper()}{card.biology[1:]} ({card.ref})."))
    for goal in GOALS:
        faces.append(Face(goal.name, "Goal", "#efeae0", "Goal", lines=(goal.text + ", scored at the end.",)))
    for event in EVENTS:
        title, _, rest = event.text.partition(": ")
        kind = {"boost": "Boost", "reduce": "Reduce ATP cost", "toxicity": "Toxicity"}[event.kind]
        how = {"boost": "The first player to work there takes the extra cube.",
               "reduce": "", "toxicity": "5+ cubes of one colour lose 1, 7+ lose 2, 10+ lose 4."}[event.kind]
        faces.append(Face(title, f"Event · {kind}", "#fff7e6", "Event",
                          lines=tuple(x for x in (rest[:1].upper() + rest[1:] + ".", how) if x),
                          note=event.real + "." if event.real else ""))
    faces.append(Face("First Player", "First Player card", "#dddddd", "First Player",
                      lines=("Whoever holds it places the first worker each round.",)))
    cubes = [Token(CUBE_LETTERS[kind], CUBE_COLOURS[kind], CUBE_INK[kind], w=14, h=14)
             for kind, n in CUBE_SUPPLY.items() for _ in range(n)]
    atp = [Token("A", CUBE_COLOURS["atp"], CUBE_INK["atp"], round=True, w=14, h=14) for _ in range(ATP_SUPPLY)]
    legend = "M mRNA (black) · P protein (orange) · C carbohydrate (green) · L lipid (yellow) · A ATP (round)"
    # Each player's pieces in their colour and number (4 workers at most, with 2-3 players), and the
    # two grey workers; the ink follows the table's worker disks.
    seats = range(len(PLAYER_COLOURS))
    ink = {p: "#111" if p in (3, 4) else "#fff" for p in seats}
    workers = [Token(f"P{p + 1}", PLAYER_COLOURS[p], ink[p], round=True) for p in seats for _ in range(4)]
    workers += [Token("G", "#9a9a9a", round=True) for _ in range(GREY_WORKERS)]
    vesicles = [Token(f"v P{p + 1}", PLAYER_COLOURS[p], ink[p], round=True) for p in seats
                for _ in range(VESICLES_EACH)]
    markers = [Token(f"goal P{p + 1}", PLAYER_COLOURS[p], ink[p], w=22) for p in seats for _ in range(GOAL_MARKERS_EACH)]
    return Printed("cytosis", "Cytosis", faces,
                tokens=[(f"Cubes: {legend}", cubes), ("ATP tokens", atp),
                        ("Workers (P1-P5, 4 each; G: the two grey workers)", workers),
                        ("Vesicle disks", vesicles), ("Goal markers", markers)],
                tiles=_cytosis_tiles())
