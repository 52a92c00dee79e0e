"""NUCLEO's SVG table: pure, parses, shows your hand and hides others', puts moves on what they act on."""

import html
import re
import unicodedata
import xml.etree.ElementTree as ET
from functools import lru_cache

from biocards import games
from biocards.core import Action
from biocards.core.testing import assert_table_offers_only_legal_moves, clickable_moves
from biocards.games.nucleo.render import describe
from biocards.svg import LAYOUTS

GAME = games.get("nucleo")

# Moves with no card or seat of their own: the page gives each a button under the table.
BAR_KINDS = {"propose", "fixed-trade", "to-build", "end-turn", "cancel", "done-giving", "send", "accept",
             "decline", "counter", "pass"}


def played_positions(players=3, seed=5, plies=1500):
    """Every position of a greedy game (the human's seat sees its own view and its legal moves)."""
    st = GAME.new_state(players, seed=seed)
    bots = [GAME.make_bot("greedy", s, 1) for s in range(players)]
    for _ in range(plies):
        if st.is_terminal():
            break
        yield st
        st.apply(bots[st.current_player].choose(st))
    yield st


@lru_cache(maxsize=None)
def played_tables(players=3, seed=5):
    """Each position of :func:`played_positions` as its legal moves and the wide table of the seat to
    move (seat 0's once the game is over). Rendering is pure, so the two tests that check the
    three-player game's tables share one drawing of each."""
    tables = []
    for st in played_positions(players, seed):
        legal = st.legal_actions()
        p = st.current_player if st.current_player is not None else 0
        tables.append((legal, GAME.render(st.view(p), legal=legal)))
    return tables


def test_svg_parses_and_every_clickable_element_is_a_legal_move():
    """DESIGN: clickable elements carry data-action=<key> of a legal action, and the SVG is well formed."""
    for legal, svg in played_tables():
        assert_table_offers_only_legal_moves(svg, legal)


def test_each_move_of_a_turn_is_on_the_table_or_in_the_button_bar():
    """DESIGN: every kind of move is on the thing it acts on (die, supply, hand, protein card, a seat,
    the ask palette); only moves with no natural target are left to the page's buttons."""
    kinds_on_table = set()
    for players, seed in ((2, 1), (3, 5), (4, 7)):
        for legal, svg in played_tables(players, seed):
            if not legal:
                continue
            on_table = clickable_moves(svg)
            for action in legal:
                if action.kind not in BAR_KINDS:
                    assert action.key in on_table, f"{action.label!r} has no place on the table"
                    kinds_on_table.add(action.kind)
    assert {"roll", "offer-to", "give", "ask", "build", "trade-in"} <= kinds_on_table


def test_your_hand_is_face_up_and_the_others_are_counts_only():
    """Hidden information (docs/rules-decisions.md › NUCLEO): you see your amino acids and protein sequences; of another player
    only how many cards they hold."""
    st = GAME.new_state(2, seed=3)
    st.amino[0], st.amino[1] = {"W": 2}, {"K": 1, "C": 4}
    st.proteins[1] = ["Oxytocin"]
    svg = GAME.render(st.view(0), legal=())
    assert 'id="hand-0-W"' in svg and "×2" in svg
    for name in st.proteins[0]:
        assert name in svg
    assert 'id="hand-1-' not in svg and "Oxytocin" not in svg and "CYIQNCPLG" not in svg
    assert ">5</text>" in svg and "amino acid cards" in svg  # Player 2's five cards, as a count


def test_a_protein_card_shows_its_sequence_and_what_is_still_missing():
    """Build rule: a protein needs its exact composition; the card says which amino acids are missing."""
    st = GAME.new_state(2, seed=3)
    st.proteins[0], st.amino[0] = ["Glutathione"], {"E": 1, "C": 1}
    svg = GAME.render(st.view(0), legal=())
    assert "Glutathione" in svg and "Still need: G" in svg
    st.amino[0]["G"] = 1
    assert "every amino acid in hand" in GAME.render(st.view(0), legal=())


def _to_offer(st, items_give, items_ask, seat=1):
    """The active player writes and sends an offer to ``seat`` (greedy-free: exact moves)."""
    st.apply(Action("roll")) if st.phase == "roll" else None
    while st.pending:  # whatever the die asked first
        st.apply(st.legal_actions()[-1])
    st.apply(Action("propose"))
    st.apply(Action("offer-to", seat=seat))
    for item in items_give:
        st.apply(Action("give", item=item))
    st.apply(Action("done-giving"))
    for item in items_ask:
        st.apply(Action("ask", item=item))


def test_the_offer_on_the_table_shows_both_sides_and_its_answers_are_reachable():
    """Negotiation (docs/rules-decisions.md › NUCLEO): the target sees what each side gives, and can accept, decline or counter."""
    st = GAME.new_state(2, seed=3, first_player=0)
    st.amino[0] = {"H": 1, "A": 2}
    st.amino[1] = {"C": 1}
    _to_offer(st, ["aa:H"], ["aa:C"])
    writing = GAME.render(st.view(0), legal=st.legal_actions())
    assert 'id="ask-C"' in writing and "writing an offer" in writing
    st.apply(Action("send"))
    view = st.view(1)
    svg = GAME.render(view, legal=st.legal_actions())
    assert 'id="offer-give"' in svg and 'id="offer-ask"' in svg
    assert "Player 1 gives" in svg and "Player 2 (you) gives" in svg
    assert 'id="offer-0-0"' in svg and 'id="offer-1-0"' in svg  # the Histidine and the Cysteine
    kinds = {a.kind for a in st.legal_actions()}
    assert {"accept", "decline", "counter"} <= kinds and kinds <= BAR_KINDS
    assert "Offer on the table: Player 1 gives a Histidine card; Player 2 gives a Cysteine card." in describe(view)


def test_a_counter_offer_shows_what_it_answers():
    """Rulebook: the other player may answer with a counter-offer; the table shows the offer it replies to."""
    st = GAME.new_state(2, seed=3, first_player=0)
    st.amino[0], st.amino[1] = {"H": 1}, {"C": 1, "K": 1}
    _to_offer(st, ["aa:H"], ["aa:C"])
    st.apply(Action("send"))
    st.apply(Action("counter"))
    st.apply(Action("give", item="aa:K"))
    svg = GAME.render(st.view(1), legal=st.legal_actions())
    assert "In reply to Player 1" in svg and "a Histidine card for a Cysteine card" in svg
    assert "Counter-offer" in svg


def test_a_turned_down_offer_asks_the_next_player_for_a_counter_offer():
    """Rulebook part 3 (issue 33): at three players, once Player 2 turns the offer down, Player 3 sees the
    offer as it was made and who turned it down, with buttons to counter or pass under the prompt."""
    st = GAME.new_state(3, seed=3, first_player=0)
    st.amino[0], st.amino[1], st.amino[2] = {"H": 1}, {"K": 1}, {"C": 1}
    _to_offer(st, ["aa:H"], ["aa:C"])
    st.apply(Action("send"))
    st.apply(Action("decline"))
    for layout in ("wide", "medium", "narrow"):
        svg = GAME.render(st.view(2), legal=st.legal_actions(), layout=layout)
        assert "turned down by Player 2" in svg
        assert "Make a counter-offer to Player 1" in svg and "No counter-offer to Player 1" in svg, layout
    assert {a.kind for a in st.legal_actions()} == {"counter", "pass"}
    assert "Offer turned down by Player 2: Player 1 gives a Histidine card; Player 2 gives a Cysteine card." \
        in describe(st.view(2))


def test_an_offer_you_cannot_pay_says_why():
    """Trade rule: you can accept only what you hold; the table says so instead of a silent missing button."""
    st = GAME.new_state(2, seed=3, first_player=0)
    st.amino[0], st.amino[1] = {"H": 1}, {"K": 1}
    _to_offer(st, ["aa:H"], ["aa:C"])
    st.apply(Action("send"))
    svg = GAME.render(st.view(1), legal=st.legal_actions())
    assert "You cannot accept: you do not hold all they ask for" in svg


def test_describe_names_turn_pool_supply_and_your_cards():
    """Screen readers: the summary names the round, whose turn and part, the pool, the supply and your hand."""
    st = GAME.new_state(3, seed=2, first_player=1)
    text = describe(st.view(1))
    assert text.startswith("Round 1 of 80. Player 2's turn, part 2: roll the die.")
    assert f"Coin pool {st.pool.count}." in text and "Amino acid supply: Alanine" in text
    assert "Player 2 (you): 0 coins, score 0. Amino acids:" in text
    assert "Player 1: 0 coins, 3 amino acid cards, 3 protein cards" in text


def test_render_is_pure():
    """DESIGN: rendering does not change the view it is given."""
    import copy

    st = GAME.new_state(2, seed=9)
    view = st.view(st.current_player)
    before = copy.deepcopy(view)
    assert GAME.render(view, legal=st.legal_actions()) == GAME.render(view, legal=st.legal_actions())
    assert view == before


def _after_a_roll(faces):
    """A fresh game whose first six-sided roll showed one of ``faces`` (seeds tried in order)."""
    for seed in range(200):
        st = GAME.new_state(2, seed=seed, first_player=0)
        st.apply(Action("roll"))
        if st.last_roll["d6"] in faces:
            return st
    raise AssertionError(f"no seed below 200 rolls {faces}")


def _d20_card(svg: str) -> str:
    return re.search(r'<g id="d20".*?</g>', svg, re.S).group(0)


def test_the_twenty_sided_die_says_why_it_is_blank_after_a_roll_that_did_not_need_it():
    """An action or protein roll rolls no amino acid: the d20 card must not claim it was "not rolled
    yet" (it was rolled for the free amino acid in part 1); text and label say the roll did not need it."""
    st = _after_a_roll({"action", "protein"})
    view = st.view(0)
    card = _d20_card(GAME.render(view, legal=st.legal_actions()))
    assert "not rolled yet" not in card
    assert "not needed" in card and "for this roll" in card
    face = {"action": "an action card", "protein": "a protein card"}[view["last_roll"]["d6"]]
    label = f"Twenty-sided die: not rolled since the six-sided die, which showed {face}"
    assert f'aria-label="{label}"' in card
    assert label + "." in describe(view)


def test_the_twenty_sided_die_shows_the_amino_acid_a_roll_called_for():
    """After an amino acid roll the d20 card shows the amino acid rolled (letter and name in its label)."""
    st = _after_a_roll({"one", "two"})
    code = st.last_roll["d20"]
    card = _d20_card(GAME.render(st.view(0), legal=st.legal_actions()))
    assert f">{code}<" in card and "not needed" not in card


def test_trade_offers_left_shows_only_while_negotiating():
    """The offers-left count is part 3's limit: shown while trading, gone in the roll, build and at the end."""
    st = GAME.new_state(2, seed=3, first_player=0)
    count = "Trade offers left this turn"
    assert count not in GAME.render(st.view(0), legal=st.legal_actions()) and count not in describe(st.view(0))
    st.apply(Action("roll"))
    while st.pending:  # a protein roll asks about a trade-in first
        st.apply(st.legal_actions()[-1])
    assert st.phase == "trade"
    assert f"{count}: 2 of 2" in GAME.render(st.view(0), legal=st.legal_actions())
    assert f"{count}: 2 of 2." in describe(st.view(0))
    st.apply(Action("to-build"))
    assert count not in GAME.render(st.view(0), legal=st.legal_actions()) and count not in describe(st.view(0))
    *_, end = played_positions(2, seed=1, plies=20_000)
    assert end.is_terminal()
    over = end.view(0)
    assert count not in GAME.render(over) and count not in describe(over)


def test_an_offer_puts_accept_decline_and_counter_first_under_the_prompt():
    """An offer's answers are drawn on the table at every layout (a wide table is taller than a
    laptop's screen too), as the first buttons after the prompt: Accept, Decline, Counter in that order."""
    st = GAME.new_state(2, seed=3, first_player=0)
    st.amino[0], st.amino[1] = {"H": 1}, {"C": 1}
    _to_offer(st, ["aa:H"], ["aa:C"])
    st.apply(Action("send"))
    legal = st.legal_actions()
    for layout in ("wide", "medium", "narrow"):
        svg = GAME.render(st.view(1), legal=legal, layout=layout)
        drawn = [html.unescape(k) for k in re.findall(r'data-action="([^"]*)"', svg)]
        kind_of = {a.key: a.kind for a in legal}
        kinds = [kind_of[k] for k in drawn if k in kind_of]
        answers = [k for k in kinds if k in ("accept", "decline", "counter")]
        assert answers[:3] == ["accept", "decline", "counter"], layout


def test_wide_table_is_readable_in_random_games():
    """Issue 12: the wide table's text is 12 units or more with a median of 14, in positions from
    seeded random games with two to four players."""
    from biocards.core.testing import assert_layout_readable
    from table_layouts import random_positions

    for st in random_positions(GAME, (2, 3, 4), (1, 2), every=9, limit=200):
        p = st.current_player if st.current_player is not None else 0
        assert_layout_readable(GAME.render(st.view(p), legal=st.legal_actions()), "wide")


def test_prompt_names_the_part_of_the_turn():
    """The prompt bar: the first thing asked of the player to move, and the same words on the table."""
    st = GAME.new_state(2, seed=1)
    text = GAME.prompt(st.view(0), legal=st.legal_actions())
    assert text and text.startswith("Player ") and text in GAME.render(st.view(0), legal=st.legal_actions())


# -- layouts (issue 12) ------------------------------------------------------------------------------

SVG_NS = "{http://www.w3.org/2000/svg}"


def _showcase_positions():
    """Moments a student meets: an offer to answer, an offer being written (the ask palette), choosing
    whom to offer to with four players, and a build with every boost and a full hand."""
    st = GAME.new_state(2, seed=3, first_player=0)
    st.amino[0], st.amino[1] = {"H": 1, "A": 2}, {"C": 1, "K": 2}
    _to_offer(st, ["aa:H", "aa:A"], ["aa:C", "aa:K"])
    yield st, 0
    st.apply(Action("send"))
    yield st, 1
    st.apply(Action("counter"))
    yield st, 1
    st = GAME.new_state(4, seed=5, first_player=0)
    st.apply(Action("roll"))
    while st.pending:
        st.apply(st.legal_actions()[-1])
    st.apply(Action("propose"))
    yield st, 0
    st = GAME.new_state(3, seed=11, first_player=0)
    st.amino[0] = {a: 2 for a in "CYIQNPLGEKRHFWADMSTV"}
    st.proteins[0] = ["Oxytocin", "Glutathione", "Cholecystokinin-8", "Nociceptin", "Vasopressin", "Substance P"]
    st.actions[0] = ["catalyst", "gene-duplication", "modification", "transfer-rna", "recycling"]
    st.apply(Action("roll"))
    while st.pending:
        st.apply(st.legal_actions()[-1])
    yield st, 0
    st.apply(Action("to-build"))
    yield st, 0


def _layout_positions():
    from table_layouts import random_positions

    yield from _showcase_positions()
    for st in random_positions(GAME, (2, 3, 4), (1, 2), every=11, limit=400):
        yield st, st.current_player if st.current_player is not None else 0


@lru_cache(maxsize=None)
def _layout_tables():
    """Each of :func:`_layout_positions` as (its view for the seat, whether that seat is to move, the
    seat's legal moves, its table in every layout). Rendering is pure: the four tests that check
    these tables in their own ways share one drawing of each."""
    tables = []
    for st, seat in _layout_positions():
        legal = st.legal_actions() if st.current_player == seat else []
        view = st.view(seat)
        tables.append((view, st.current_player == seat, legal,
                       {layout: GAME.render(view, legal=legal, layout=layout) for layout in LAYOUTS}))
    return tables


def test_every_layout_is_readable_touchable_and_loses_no_move():
    """Issue 12: wide, medium and narrow are each drawn at their own width (1280, 600, 360 units) with no
    text under 12 units and a median of 14, targets of 32 units (wide) or 44 (a finger), only legal
    moves, and every move clickable in wide clickable in the narrower layouts too."""
    from table_layouts import assert_all_layouts_good

    for view, _, legal, svgs in _layout_tables():
        assert_all_layouts_good(GAME, view, legal, drawn=svgs)


def test_every_layout_fits_its_width():
    """Nothing is drawn past the table's right edge (the page would scroll sideways or clip it)."""
    for _, _, _, svgs in _layout_tables():
        for layout, width in LAYOUTS.items():
            root = ET.fromstring(svgs[layout])
            for rect in root.iter(f"{SVG_NS}rect"):
                right = float(rect.get("x", 0)) + float(rect.get("width"))
                assert right <= width, f"{layout}: a box reaches x={right}"
            for text in root.iter(f"{SVG_NS}text"):
                if text.get("x") is not None and text.get("text-anchor") == "start":
                    assert float(text.get("x")) < width - 40, f"{layout}: {text.text!r} starts at the edge"


def _words(s):
    """axe-core's label-content-name-mismatch tokens: no bracketed asides, letters and digits only."""
    s = unicodedata.normalize("NFKD", s)
    while re.search(r"\([^()]*\)", s):
        s = re.sub(r"\([^()]*\)", "", s)
    return re.sub(r"[^\w]|_", " ", s).lower().split()


def test_every_clickable_name_starts_with_the_words_it_shows():
    """WCAG 2.5.3 (label in name): a student using speech input says what a card shows, so each
    clickable group's aria-label starts with the words drawn inside it, then says what it does."""
    checked = 0
    for _, _, legal, svgs in _layout_tables():
        by_key = {a.key: a for a in legal}
        for layout in ("wide", "medium", "narrow"):
            root = ET.fromstring(svgs[layout])
            for group in root.iter(f"{SVG_NS}g"):
                key = group.get("data-action")
                if key is None:
                    continue
                name = group.get("aria-label")
                assert name, f"{key!r} has no name"
                shown = " ".join("".join(t.itertext()) for t in group.iter(f"{SVG_NS}text"))
                assert _words(name)[:len(_words(shown))] == _words(shown), (name, shown)
                label = str(by_key[html.unescape(key)].label)  # a Message, in the language shown
                assert _words(label) and (set(_words(label)) <= set(_words(name)) or name == label), (name, label)
                checked += 1
    assert checked > 100


def test_texts_in_a_clickable_card_are_separate_words():
    """A reader joins adjacent SVG texts without a space ("S" and "Ser" become "SSer"): the table puts
    whitespace between them, and a protein's sequence is one word."""
    st = GAME.new_state(2, seed=3, first_player=0)
    svg = GAME.render(st.view(0), legal=st.legal_actions(), layout="narrow")
    assert "</text><text" not in svg


def test_narrow_layouts_put_your_hand_first_and_the_region_with_your_moves_under_the_prompt():
    """Issue 12: on a tablet or phone your own seat comes before the other players' summaries, except
    when the move to make is on another player (choosing whom to offer a trade): then they lead."""
    st = GAME.new_state(3, seed=2, first_player=0)
    for layout in ("medium", "narrow"):
        svg = GAME.render(st.view(0), legal=st.legal_actions(), layout=layout).partition("</desc>")[2]
        summary = svg.index("3 amino acid cards")  # another player: counts only
        assert svg.index('id="coins-0"') < summary < svg.index('id="supply-A"')
        assert 'id="hand-1-' not in svg
    st.apply(Action("roll"))
    while st.pending:
        st.apply(st.legal_actions()[-1])
    st.apply(Action("propose"))
    legal = st.legal_actions()
    for layout in ("medium", "narrow"):
        svg = GAME.render(st.view(0), legal=legal, layout=layout)
        assert svg.index('id="seat-1"') < svg.index('id="coins-0"')
    wide = GAME.render(st.view(0), legal=legal, layout="wide")
    assert wide.index('id="supply-A"') < wide.index('id="coins-0"') < wide.index('id="seat-1"')


def test_on_a_tablet_or_phone_every_move_is_on_the_table():
    """The page lists moves without a card of their own under the table, far below on a tall narrow
    table; medium and narrow draw them as buttons under the prompt, so only Cancel (beside the page's
    prompt) is left to the page."""
    kinds = set()
    for _, to_move, legal, svgs in _layout_tables():
        if not to_move:
            continue
        for layout in ("medium", "narrow"):
            on_table = clickable_moves(svgs[layout])
            missing = [a.label for a in legal if a.key not in on_table and a.kind != "cancel"]
            assert not missing, f"{layout}: {missing}"
        kinds |= {a.kind for a in legal}
    assert {"accept", "decline", "counter", "send", "end-turn", "to-build", "propose"} <= kinds
