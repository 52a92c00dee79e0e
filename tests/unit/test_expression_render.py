"""The gene-expression game's SVG table (render.py): what a player must see and can click.

Each test names the rule it shows on the table: the gene-expression game's rulebook,
docs/rules-decisions.md › Gene-expression matching game, or a design requirement (docs/design.md).
"""

import html
import xml.etree.ElementTree as ET
from collections import Counter
from functools import lru_cache

import pytest

from biocards.bots import RandomBot
from biocards.core.testing import assert_table_offers_only_legal_moves, clickable_moves
from biocards.games.expression import GAME
from biocards.games.expression.cards import DECK
from biocards.games.expression.render import describe, render

SVG = "{http://www.w3.org/2000/svg}"


def table(hands, top, *, draw=None, turn=0, seed=1):
    """A prepared position: these hands, this discard pile (last = top), the rest of the deck to draw."""
    state = GAME.new_state(len(hands), seed, **({"variant": True} if len(hands) < 4 else {}))
    state.hands = [list(h) for h in hands]
    state.discard = [top] if isinstance(top, str) else list(top)
    rest = Counter(DECK) - Counter(c for h in hands for c in h) - Counter(state.discard)
    state.draw = sorted(rest.elements()) if draw is None else list(draw)
    state.turn = state.first = turn
    state.pending, state.drawn, state.free = [], None, False
    state.passes = state.turns = 0
    state._legal = None
    return state


def group(svg, ident):
    """The element with this id, parsed."""
    for el in ET.fromstring(svg).iter():
        if el.get("id") == ident:
            return el
    raise AssertionError(f"no element with id {ident!r}")


def words(el):
    return " ".join(t.strip() for t in el.itertext() if t.strip())


def positions():
    """Positions of greedy and random games, 4 and 6 players and the 2-player variant, every pending kind."""
    for players, seed in ((4, 7), (6, 3), (2, 5)):
        state = GAME.new_state(players, seed, **({"variant": True} if players < 4 else {}))
        bots = [GAME.make_bot("greedy", s, seed) if s % 2 else RandomBot(GAME, s, seed) for s in range(players)]
        for _ in range(400):
            if state.is_terminal():
                break
            yield state
            state.apply(bots[state.current_player].choose(state))
        yield state


@lru_cache(maxsize=None)
def tables():
    """Each of :func:`positions` as (whether the game is over, the legal moves, the table of the seat
    to move (a spectator's at the end), the compact position). Rendering is pure: the two tests
    that check these tables share one drawing of each."""
    drawn = []
    for state in positions():
        seat = state.current_player
        legal = state.legal_actions() if seat is not None else []
        drawn.append((state.is_terminal(), legal, render(state.view(seat), legal=legal), state.position()))
    return drawn


def test_the_table_parses_and_every_clickable_element_is_a_legal_move():
    """DESIGN: clickable elements carry data-action=<action.key> of a legal move; the SVG is XML."""
    for _, legal, svg, _ in tables():
        root = assert_table_offers_only_legal_moves(svg, legal)
        assert root.tag == f"{SVG}svg" and root.get("role") == "group"


def test_every_move_of_a_turn_sits_on_what_it_acts_on():
    """Rulebook "Playing": a card is played from the hand (the card is clickable), a card is drawn from
    the pile (the pile is clickable), a drawn card that matches is played by clicking it, and a
    Substitution's two players are chosen by clicking their seats. Only "keep the drawn card" and
    "pass" have no natural target: the page's button bar offers them."""
    seen = set()
    for over, legal, svg, position in tables():
        if over:
            continue
        placed = clickable_moves(svg)
        for action in legal:
            seen.add(action.kind)
            if action.kind in ("keep", "pass"):
                assert action.key not in placed
            else:
                assert action.key in placed, (action.label, position)
    assert {"play", "draw", "keep", "choose"} <= seen


def test_own_hand_is_face_up_and_other_hands_are_counts_only():
    """Hidden information: the viewer sees their own cards by name; of the others only how many."""
    state = table([["operon:7", "promoter:1"], ["expressed-gene:10", "transcription-factor:6"],
                   ["operon:2"], ["promoter:9", "promoter:8", "promoter:6"]], "promoter:3")
    svg = render(state.view(0), legal=state.legal_actions())
    for mine in ("Enhancer 7", "Promoter 1"):
        assert mine in svg
    for theirs in ("Expressed gene 10", "Transcription factor 6", "Enhancer 2", "Promoter 9"):
        assert theirs not in svg
    assert "2 cards" in words(group(svg, "player-1")) and "3 cards" in words(group(svg, "player-3"))


def test_a_drawn_card_is_shown_to_the_drawer_only():
    """Rulebook "Discarding": the drawer may play a matching drawn card at once; the others see only
    that a card was drawn, never which, nor whether it matches (issue 33: at a real table the others
    see a card drawn and a player thinking, whatever the card)."""
    state = table([["promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3", draw=["operon:9"])
    state.apply(next(a for a in state.legal_actions() if a.kind == "draw"))
    mine = render(state.view(0), legal=state.legal_actions())
    play = next(a for a in state.legal_actions() if a.kind == "play")
    assert play.key in clickable_moves(mine) and "just drawn" in mine and "Enhancer 9" in mine
    assert "Promoter 1" in mine and len(clickable_moves(mine)) == 1  # the rest of the hand waits
    for other in (1, 2):
        view = state.view(other)
        assert "Enhancer 9" not in view["pending"]["prompt"] and "match" not in view["pending"]["prompt"]
        assert "Enhancer 9" not in render(view, legal=()) and "Enhancer 9" not in describe(view)


def test_playable_cards_are_marked_in_words_not_by_colour_alone():
    """Rulebook matching rule (the seed's example: on Promoter 3, any operon or any 3): exactly those
    cards are clickable and captioned "can play"; the pathway names the next step."""
    state = table([["operon:7", "expressed-gene:3", "promoter:1", "transcription-factor:5"],
                   ["operon:1"], ["operon:2"], ["operon:4"]], "promoter:3")
    svg = render(state.view(0), legal=state.legal_actions())
    keys = clickable_moves(svg)
    assert keys == {a.key for a in state.legal_actions()}
    assert {a.card for a in state.legal_actions() if a.kind == "play"} == {"operon:7", "expressed-gene:3"}
    assert svg.count(">can play<") == 2
    assert "next step" in words(group(svg, "step-operon")) and "top card" in words(group(svg, "step-promoter"))
    assert "any Enhancer card (the next step) or any 3" in words(group(svg, "rule-line"))


def test_a_substitution_is_chosen_on_the_players_seats():
    """docs/rules-decisions.md › Gene-expression matching game: Substitution: choose two players (you may be one); they swap hands. The first pick is
    marked on its seat and cannot be picked again."""
    state = table([["promoter:substitution", "operon:5"], ["operon:1"], ["operon:2"], ["operon:4"]],
                  "expressed-gene:3")
    state.apply(next(a for a in state.legal_actions() if a.kind == "play" and a.card == "promoter:substitution"))
    svg = render(state.view(0), legal=state.legal_actions())
    assert {f"player-{s}" for s in range(4)} == {g.get("id") for g in ET.fromstring(svg).iter()
                                                 if g.get("data-action") and g.get("id", "").startswith("player-")}
    state.apply(next(a for a in state.legal_actions() if a.seat == 2))
    svg = render(state.view(0), legal=state.legal_actions())
    assert "chosen for the swap" in words(group(svg, "player-2"))
    assert group(svg, "player-2").get("data-action") is None
    assert "swap Player 3's hand with whose?" in words(group(svg, "rule-line"))


def test_describe_names_what_a_screen_reader_user_needs():
    """DESIGN: the <desc> summary is enough to play from: hand, top card and what may follow, whose
    turn, each player's card count and points, the last hand's result."""
    state = table([["operon:7", "promoter:1"], ["expressed-gene:10"], ["operon:2"], ["promoter:9"]],
                  "promoter:3")
    text = describe(state.view(0))
    for fact in ("Hand 1", "Player 1 to move (you)", "Top card: Promoter 3", "any Enhancer card",
                 "Your hand: Promoter 1, Enhancer 7", "Player 2 1 card, 0 points", "Draw pile:"):
        assert fact in text, fact
    assert f"<desc>{html.escape(text)}</desc>" in render(state.view(0), legal=state.legal_actions())
    assert "Your hand" not in describe(state.view(None))


def test_the_end_of_a_hand_and_of_the_match_are_shown():
    """Rulebook "Scoring": the hand's winner and points are shown once a new hand starts; at the end
    of the match the table names the winner and offers no move."""
    state = GAME.new_state(4, 7, target=60)
    bots = [GAME.make_bot("greedy", s, 7) for s in range(4)]
    while state.hand_no == 1:
        state.apply(bots[state.current_player].choose(state))
    last = state.last_hand
    svg = render(state.view(0), legal=())
    assert f"Hand 1 went to Player {last['winner'] + 1}: +{last['points']} points" in words(group(svg, "last-hand"))
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    svg = render(state.view(0), legal=())
    winner = state.scores().index(max(state.scores()))
    assert f"The match is over: Player {winner + 1} wins" in svg and not clickable_moves(svg)


def test_render_is_pure():
    """DESIGN: render never changes the view it is given and gives the same SVG twice."""
    import copy

    state = GAME.new_state(5, 2)
    view, legal = state.view(0), state.legal_actions()
    before = copy.deepcopy(view)
    assert render(view, legal=legal) == render(view, legal=legal)
    assert view == before


def test_a_link_may_name_two_or_three_seats_only_for_the_marked_variant():
    """docs/rules-decisions.md › Gene-expression matching game: 2–3 players only as a marked variant (the page asks with opt-variant=true)."""
    from biocards.games.translation import GAME as TRANSLATION
    from biocards.web.seats import SetupError, parse, player_range

    assert player_range(GAME, "?game=expression&seats=human,greedy") == (4, 6)
    assert player_range(GAME, "?game=expression&opt-variant=true") == (2, 6)
    assert player_range(TRANSLATION, "?opt-variant=true") == (2, 4)  # no variant: unchanged
    query = "?game=expression&seats=human,greedy&opt-variant=true"
    setup = parse(query, {"expression": player_range(GAME, query)})
    assert setup.seats == ("human", "greedy") and setup.options == {"variant": True}
    GAME.new_state(len(setup.seats), 7, **setup.options)  # the engine accepts it
    with pytest.raises(SetupError, match="4–6 players"):
        parse("?game=expression&seats=human,greedy", {"expression": player_range(GAME, "")})


def test_every_layout_is_readable_touchable_and_loses_no_move():
    """Issue 12: wide, medium and narrow tables, from seeded random games with four to six players
    (and the 2–3 player variant), keep text at 12 units or more (median 14), clickable boxes at 32
    units (wide) or 44 (medium, narrow), and every move clickable in wide stays clickable."""
    from table_layouts import assert_all_layouts_good, random_positions

    for players, variant in ((4, False), (6, False), (3, True)):
        for st in random_positions(GAME, (players,), (1, 2), every=5, limit=150, variant=variant):
            p = st.current_player if st.current_player is not None else 0
            assert_all_layouts_good(GAME, st.view(p), st.legal_actions())


def test_prompt_is_the_rule_line():
    """The prompt bar says what may be played now, the same words as the table's rule line."""
    st = GAME.new_state(4, seed=1)
    text = GAME.prompt(st.view(0), legal=st.legal_actions())
    assert text and text in GAME.render(st.view(0), legal=st.legal_actions())
