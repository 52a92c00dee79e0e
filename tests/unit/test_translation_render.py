"""Translation's table in its three layouts (issue 12): every layout is well-formed SVG of its width,
offers exactly the legal moves (Cancel sits in the page's prompt bar), keeps its text at or above
MIN_TEXT with a median of 14, has targets a finger can hit, and names each target starting with the
words it shows."""

import re
import xml.etree.ElementTree as ET

import pytest
from table_layouts import assert_all_layouts_good, random_positions

from biocards import games
from biocards.core import Action
from biocards.core.testing import clickable_moves
from biocards.games.translation.cards import NUCLEOTIDE_CARDS
from biocards.svg import LAYOUTS

GAME = games.get("translation")
SVG = "{http://www.w3.org/2000/svg}"


def new(players=2, seed=1, **setup):
    state = GAME.new_state(players, seed, first_player=0)  # hand-built positions: Player 1 to move
    for name, value in setup.items():
        setattr(state, name, value)
    state._legal = None
    return state


def with_card(card, seq="CCACCTGA", **setup):
    state = new(seq=seq, face_up=list("KGTSE"), **setup)
    state.hands[0].owned[card] = 1
    state._legal = None
    state.apply(Action("play", card=card))
    return state


def choice_positions():
    """Every kind of pending choice, a reversed strand, a full strand, four players, a finished game."""
    yield "start", GAME.new_state(2, 7)
    yield "position", with_card("transition")
    mutate = with_card("mutate")
    mutate.apply(Action("target", position=3))
    yield "mutate-to", mutate
    for seed in range(40):
        state = new(seed=seed, seq="CCCCAAT", face_up=list("KGTSE"))
        state.hands[0].owned["insert"] = 1
        state._legal = None
        state.apply(Action("play", card="insert"))
        kinds = {a.kind for a in state.legal_actions()}
        yield f"insert-{sorted(kinds)}", state
        if "base" in kinds:
            state.apply(state.legal_actions()[0])
            yield "gap after a choice", state
            break
    yield "long gap", first(lambda st: any(a.kind == "gap" for a in st.legal_actions()) and len(st.seq) > 15)
    yield "reversed", new(seq="CAAGTTCCGA", five_prime_left=False, face_up=list("KGTSE"))
    yield "full strand", new(seq="ACGTTGCA" * 2 + "AACC", face_up=list("KGTSE"))
    yield "four players", GAME.new_state(4, 3)
    yield "empty strand", new(seq="", face_up=list("KGTSE"))
    yield "rest", first(lambda st: any(a.kind == "rest" for a in st.legal_actions()))


def first(wanted, seeds=range(30)):
    """The first position of a seeded random 3-player game where ``wanted`` holds."""
    for state in random_positions(GAME, [3], seeds=seeds, every=1, limit=2000):
        if not state.is_terminal() and wanted(state):
            return state
    raise AssertionError("no such position in the random games")


def all_positions():
    yield from (state for _, state in choice_positions())
    yield from random_positions(GAME, [2, 3, 4], seeds=range(2), every=13, limit=400)


def check(state):
    seat = state.current_player if state.current_player is not None else 0
    legal = state.legal_actions()
    svgs = assert_all_layouts_good(GAME, state.view(seat), legal)
    offered = {a.key for a in legal if a.kind != "cancel"}
    for layout, svg in svgs.items():
        assert clickable_moves(svg) == offered, f"{layout}: moves not on the table"
    return svgs


@pytest.mark.parametrize("name, state", list(choice_positions()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_layout_offers_exactly_the_legal_moves_readably(name, state):
    check(state)


def test_random_games_in_every_layout():
    count = 0
    for state in all_positions():
        check(state)
        count += 1
    assert count > 30


def visible_words(group):
    return [("".join(t.itertext())).strip() for t in group.iter(f"{SVG}text") if "".join(t.itertext()).strip()]


def test_a_target_is_named_first_by_the_words_it_shows():
    """axe-core's label-content-name-mismatch: speech input names a card by what it shows."""
    seen = 0
    for state in all_positions():
        legal = state.legal_actions()
        for layout in LAYOUTS:
            root = ET.fromstring(GAME.render(state.view(state.current_player or 0), legal=legal, layout=layout))
            for group in root.iter(f"{SVG}g"):
                if group.get("data-action") is None and group.get("data-refused") is None:
                    continue
                label, words = group.get("aria-label"), visible_words(group)
                assert label and words, ET.tostring(group)[:200]
                assert label.startswith(", ".join(words)), (label, words)
                seen += 1
    assert seen > 500


def test_a_card_name_says_what_it_shows_then_what_the_move_does():
    state = new(seq="AAAGG", face_up=list("KGTSE"))
    svg = GAME.render(state.view(0), legal=state.legal_actions(), layout="narrow")
    label = re.search(r'id="aa-K" data-action="[^"]*" class="clickable" aria-label="([^"]*)"', svg).group(1)
    assert label.startswith("K, Lysine, AAR")
    assert label.endswith("Translate Lysine with AAA at position 1")


def test_the_strand_wraps_into_rows_on_a_phone_and_keeps_every_position():
    state = new(seq="ACGT" * 5, face_up=list("KGTSE"))
    assert len(state.seq) == NUCLEOTIDE_CARDS
    for layout, rows in (("wide", 1), ("medium", 2), ("narrow", 3)):
        svg = GAME.render(state.view(0), legal=state.legal_actions(), layout=layout)
        tops = {float(y) for y in re.findall(r'<g id="nt-\d+"[^>]*><rect x="[\d.]+" y="([\d.]+)"', svg)}
        assert len(tops) == rows, layout
        assert all(f'id="nt-{pos}"' in svg for pos in range(1, NUCLEOTIDE_CARDS + 1))


def test_after_reverse_complement_positions_run_right_to_left():
    state = new(seq="CAAGTTCCGA", five_prime_left=False, face_up=list("KGTSE"))
    svg = GAME.render(state.view(0), legal=state.legal_actions(), layout="medium")
    xs = [float(re.search(rf'<g id="nt-{p}"[^>]*><rect x="([\d.]+)"', svg).group(1)) for p in (1, 2, 10)]
    assert xs[0] > xs[1] > xs[2]


def test_below_wide_your_seat_comes_first_in_full_and_the_others_are_summaries():
    state = GAME.new_state(4, 3)
    view = state.view(2)
    svg = GAME.render(view, legal=(), layout="narrow")
    assert svg.index('id="player-2"') < svg.index('id="market"')
    assert 'id="card-2-extend"' in svg and 'id="card-1-extend"' not in svg
    assert "Hand: Toggle Water 1/1, Extend ×3" in svg


def test_the_prompt_says_what_to_do_and_where():
    assert "Pick its position on the DNA strand" in GAME.prompt(with_card("delete").view(0))
    mutate = with_card("mutate")
    mutate.apply(Action("target", position=3))
    assert GAME.prompt(mutate.view(0)).startswith("Choose the new nucleotide.")
    start = GAME.new_state(2, 7)
    assert GAME.prompt(start.view(0), legal=start.legal_actions()).startswith("5 action points left")


def test_render_is_pure():
    state = with_card("transition")
    view, legal = state.view(0), state.legal_actions()
    before = repr(view)
    for layout in LAYOUTS:
        assert GAME.render(view, legal=legal, layout=layout) == GAME.render(view, legal=legal, layout=layout)
    assert repr(view) == before
