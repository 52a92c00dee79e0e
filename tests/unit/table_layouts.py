"""Checks every layout of a game's table is held to (issue 12), shared by the Peptide, NUCLEO and
gene-expression render tests: readable text, touchable targets, and no move lost when the table
reflows from wide to medium to narrow."""

import xml.etree.ElementTree as ET

from biocards.core.testing import assert_layout_readable, assert_table_offers_only_legal_moves, clickable_moves
from biocards.svg import LAYOUTS

SVG = "{http://www.w3.org/2000/svg}"
MIN_TARGET = {"wide": 32, "medium": 44, "narrow": 44}
"""Smallest clickable box, in units: a mouse in the wide layout, a finger in the others."""


def target_sizes(svg: str) -> dict[str, tuple[float, float]]:
    """Each clickable group's bounding box (width, height) over the rectangles it draws."""
    sizes = {}
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        key = group.get("data-action")
        if key is None:
            continue
        boxes = [(float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width")), float(r.get("height")))
                 for r in group.iter(f"{SVG}rect")]
        assert boxes, f"clickable {key!r} draws no box"
        left, top = min(b[0] for b in boxes), min(b[1] for b in boxes)
        right, bottom = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
        sizes[key] = (right - left, bottom - top)
    return sizes


def assert_all_layouts_good(game, view, legal, drawn=None) -> dict[str, str]:
    """Every layout: well-formed SVG of the layout's width offering only legal moves, readable text,
    targets at least the layout's minimum, and every move clickable in wide clickable in the others
    too. Returns the SVG of each layout. ``drawn``: the tables of ``view`` already drawn, by layout
    (a test module that checks the same tables several ways draws them once; rendering is pure)."""
    svgs = {}
    for layout in LAYOUTS:
        svg = drawn[layout] if drawn is not None else game.render(view, legal=legal, layout=layout)
        assert_table_offers_only_legal_moves(svg, legal)
        assert_layout_readable(svg, layout)
        for key, (w, h) in target_sizes(svg).items():
            assert min(w, h) >= MIN_TARGET[layout], f"{layout}: target {key!r} is {w:.0f}×{h:.0f} units"
        svgs[layout] = svg
    wide = clickable_moves(svgs["wide"])
    for layout in ("medium", "narrow"):
        lost = wide - clickable_moves(svgs[layout])
        assert not lost, f"moves clickable in wide but not in {layout}: {sorted(lost)}"
    return svgs


def random_positions(game, players_list, seeds, every=7, limit=300, **options):
    """Positions from seeded random legal games: every ``every``-th ply and the final one."""
    for players in players_list:
        for seed in seeds:
            state = game.new_state(players, seed=seed, **options)
            bots = [game.make_bot("random", s, seed) for s in range(players)]
            for ply in range(limit):
                if state.is_terminal():
                    break
                if ply % every == 0:
                    yield state
                state.apply(bots[state.current_player].choose(state))
            yield state
