"""Cytosis's SVG table: pure, parses, hides other hands, and puts a player's moves on the board."""

import html

from biocards import games
from biocards.core.testing import assert_table_offers_only_legal_moves, clickable_moves
from biocards.games.cytosis.cards import CARD
from biocards.games.cytosis.render import describe, render

GAME = games.get("cytosis")


def positions(players=(2, 3, 5), every=11):
    for n in players:
        st = GAME.new_state(n, seed=n)
        bots = [GAME.make_bot("greedy", s, 1) for s in range(n)]
        ply = 0
        while not st.is_terminal():
            if ply % every == 0:
                yield st
            st.apply(bots[st.current_player].choose(st))
            ply += 1
        yield st


def test_svg_parses_and_only_legal_moves_areclickable_moves():
    """DESIGN: the table is well-formed SVG with a <desc>; every data-action is a legal move's key."""
    for st in positions():
        viewer = st.current_player if st.current_player is not None else 0
        legal = st.legal_actions()
        svg = render(st.view(viewer), legal=legal)
        assert_table_offers_only_legal_moves(svg, legal)
        assert "<desc>Round " in svg


def test_render_is_pure():
    """docs/design.md › Drawing: render only reads the view; the same view gives the same picture twice."""
    st = GAME.new_state(3, seed=2)
    view = st.view(0)
    before = repr(view)
    assert render(view, legal=st.legal_actions()) == render(view, legal=st.legal_actions())
    assert repr(view) == before


def test_own_hand_face_up_and_other_hands_hidden():
    """Hidden information: the viewer sees their own cards by name; others show only a count."""
    st = GAME.new_state(2, seed=5)
    while st.setup:
        st.apply(st.legal_actions()[0])
    view = st.view(0)
    svg, words = render(view), describe(view)
    for c in st.hand[0]:
        assert f'id="hand-{c}-' in svg and CARD[c].name in words
    assert f"Cards in hand: {len(st.hand[1])} (hidden)" in svg
    visible = [CARD[c].name for c in st.hand[0] + [c for c in st.row if c]]
    for c in st.hand[1]:
        assert f'id="hand-{c}-' not in svg
        if not any(CARD[c].name in name for name in visible):
            assert CARD[c].name not in svg and CARD[c].name not in words


def test_setup_choices_are_on_the_supply_and_the_dealt_cards():
    """Setup: a starting resource is taken by clicking it in the supply; a dealt card is shuffled
    back by clicking it."""
    st = GAME.new_state(2, seed=1)
    svg = render(st.view(0), legal=st.legal_actions())
    assert {a.key for a in st.legal_actions()} <= clickable_moves(svg)
    assert 'id="supply-atp" data-action' in svg
    st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    svg = render(st.view(0), legal=st.legal_actions())
    assert [a.kind for a in st.legal_actions()] == ["return-card"] * 3
    assert {a.key for a in st.legal_actions()} <= clickable_moves(svg)


def test_a_normal_turn_puts_most_moves_on_the_board():
    """Table: each kind of move a person makes in a turn (worker on a spot, a goal claim, a resource
    card) is clickable on the board at least once; the few left over go to the page's button bar."""
    kinds, placed, total = set(), 0, 0
    for st in positions(players=(2, 4), every=3):
        if st.is_terminal() or st.setup:
            continue
        legal = st.legal_actions()
        keys = clickable_moves(render(st.view(st.current_player), legal=legal))
        for a in legal:
            total += 1
            if a.key in keys:
                placed += 1
                kinds.add((a.kind, a.get("spot", "").rstrip("-1234") if a.kind != "play-resource" else ""))
    spots = {s for k, s in kinds if k == "place"}
    assert {"nucleus", "mito", "buy", "laureate", "ser", "rer", "cytoplasm", "glut"} <= spots, spots
    assert ("play-resource", "") in kinds and any(k == "grey" for k, _ in kinds)
    # Chips are now touch-sized (32 units tall in wide, 44 on tablets and phones), so a spot with
    # many grey-worker variants (Laureates goals, ribosome counts) leaves a few more to the bar.
    assert placed / total > 0.85, (placed, total)


def test_single_move_spot_is_one_button_and_goal_cards_claim():
    """Board: a spot with one move is itself the button; claiming a goal is a click on the goal card."""
    st = GAME.new_state(2, seed=1)
    while st.setup:
        st.apply(st.legal_actions()[0])
    legal = st.legal_actions()
    svg = render(st.view(st.current_player), legal=legal)
    nucleus = next(a for a in legal if a.kind == "place" and a.spot == "nucleus-3")
    assert f'id="spot-nucleus-3" data-action="{html.escape(nucleus.key)}"' in svg
    goal = next(a for a in legal if a.kind == "place" and a.spot == "laureate" and a.goal != "atp")
    assert f'id="goal-{goal.goal}" data-action="{html.escape(goal.key)}"' in svg


def test_describe_names_the_key_facts():
    """Screen readers: the <desc> names the round, who moves, the market, goals, HP and the own hand."""
    st = GAME.new_state(3, seed=3)
    while st.setup:
        st.apply(st.legal_actions()[-1])
    text = describe(st.view(st.current_player))
    p = st.current_player
    assert text.startswith("Round 1.") and f"Player {p + 1}: Place a worker" in text
    for c in st.row:
        assert CARD[c].name in text
    assert "Goals:" in text and "Health Points" in text
    for c in st.hand[p]:
        assert CARD[c].name in text.split("Your hand:")[1]
    assert text.count("Your hand:") == 1


def test_during_setup_other_players_show_how_many_cards_were_dealt_to_them():
    """Setup deals three cards to each player before anyone keeps two: another player's row counts those
    dealt cards (face down, never by name) instead of claiming an empty hand."""
    st = GAME.new_state(2, seed=1)
    view = st.view(0)
    assert view["seats"][1]["dealt"] is None and view["seats"][1]["dealt_count"] == 3
    svg, words = render(view, legal=st.legal_actions()), describe(view)
    assert "Cards in hand: 0 · dealt: 3, to keep all but one (hidden)" in svg
    assert "Player 2: " in words and "0 cards in hand, 3 dealt cards to choose from" in words
    visible = [CARD[c].name for c in st.dealt[0] + [c for c in st.row if c]]
    for c in st.dealt[1]:
        if not any(CARD[c].name in name for name in visible):
            assert CARD[c].name not in svg and CARD[c].name not in words
    while st.setup:
        st.apply(st.legal_actions()[0])
    after = render(st.view(0))
    assert "dealt:" not in after and 'stroke-dasharray="3 2"' not in after


# -- issue 12: three layouts --------------------------------------------------------------------------

import random  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402

from biocards.core.testing import assert_layout_readable  # noqa: E402
from biocards.games.cytosis import prompt  # noqa: E402
from biocards.svg import LAYOUTS  # noqa: E402

MIN_TARGET = {"wide": 32, "medium": 44, "narrow": 44}


def target_sizes(svg: str) -> dict[str, tuple[float, float]]:
    """Each clickable move's largest rectangle (its hit area), as (width, height) in SVG units."""
    sizes: dict[str, tuple[float, float]] = {}
    for g in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}g"):
        key = g.get("data-action")
        if key is None:
            continue
        rects = [(float(r.get("width")), float(r.get("height"))) for r in g.iter("{http://www.w3.org/2000/svg}rect")]
        assert rects, f"clickable {key} draws no rectangle to touch"
        best = max(rects, key=lambda wh: min(wh))
        if min(best) > min(sizes.get(key, (0, 0))):
            sizes[key] = best
    return sizes


def random_positions(seeds=(1, 2, 3), every=7):
    """Positions from seeded random legal games (2–4 players), setup included."""
    for seed in seeds:
        rng = random.Random(seed)
        st = GAME.new_state(2 + seed % 3, seed=seed)
        ply = 0
        while not st.is_terminal():
            if ply % every == 0:
                yield st
            st.apply(rng.choice(st.legal_actions()))
            ply += 1


def test_every_layout_is_readable_touchable_and_offers_the_same_moves():
    """Issue 12: each layout is its LAYOUTS width with text ≥ 12 units (median ≥ 14), every move
    target is ≥ 32 units (wide) or ≥ 44 (medium, narrow), and a move clickable on the wide table is
    clickable on the tablet and phone tables too."""
    for st in random_positions():
        legal = st.legal_actions()
        view = st.view(st.current_player)
        offered = {}
        for layout in LAYOUTS:
            svg = render(view, legal=legal, layout=layout)
            assert_table_offers_only_legal_moves(svg, legal)
            assert_layout_readable(svg, layout)
            sizes = target_sizes(svg)
            small = {k: wh for k, wh in sizes.items() if min(wh) < MIN_TARGET[layout]}
            assert not small, f"{layout}: targets under {MIN_TARGET[layout]} units: {small}"
            offered[layout] = set(sizes)
        assert offered["wide"] <= offered["medium"] and offered["wide"] <= offered["narrow"]


def test_the_first_setup_choice_is_a_big_target():
    """Issue 12: the first instruction (take a starting resource) points at supply buttons a finger
    can hit, not 64×22 chips."""
    st = GAME.new_state(2, seed=1)
    for layout in LAYOUTS:
        sizes = target_sizes(render(st.view(0), legal=st.legal_actions(), layout=layout))
        for a in st.legal_actions():
            assert min(sizes[a.key]) >= MIN_TARGET[layout]


def test_prompt_says_what_to_do_now():
    """Issue 12: the page's prompt bar gets one sentence for the player to move."""
    st = GAME.new_state(2, seed=1)
    assert "starting resource" in prompt(st.view(0), legal=st.legal_actions())
    assert GAME.prompt is prompt
    for st in random_positions(seeds=(4,), every=20):
        if not st.is_terminal() and not st.setup:
            asked = prompt(st.view(st.current_player), legal=st.legal_actions())
            assert asked.startswith(("Place a worker", "You may play")), asked
