"""Peptide's SVG table: pure, clickable elements name legal moves, hidden cards stay hidden."""

import html
import re
import xml.etree.ElementTree as ET

from biocards import games
from biocards.core.testing import assert_table_offers_only_legal_moves, clickable_moves

GAME = games.get("peptide")


def positions():
    for players in (2, 4, 6):
        st = GAME.new_state(players, seed=players, advanced=players == 4)
        bots = [GAME.make_bot("greedy", s, 1) for s in range(players)]
        for ply in range(400):
            if st.is_terminal():
                break
            if ply % 23 == 0:
                yield st
            st.apply(bots[st.current_player].choose(st))
        yield st


def test_every_data_action_is_a_legal_move_and_svg_parses():
    """DESIGN: clickable elements carry data-action=<action.key> of a legal action; <desc> summarises."""
    for st in positions():
        p = st.current_player if st.current_player is not None else 0
        legal = st.legal_actions()
        svg = GAME.render(st.view(p), legal=legal)
        assert_table_offers_only_legal_moves(svg, legal)
        assert "<desc>Round " in svg


def test_phase_one_field_cards_are_clickable_and_stacked():
    """Table: the organelle field shows each type once with its count, and picks are clickable."""
    st = GAME.new_state(6, seed=1)
    svg = GAME.render(st.view(0), legal=st.legal_actions())
    for org, n in st.view(0)["field"].items():
        assert f'id="field-{org}"' in svg and f"×{n}" in svg
    assert 'id="first-player-card" data-action' in svg


def test_other_hands_are_counts_only():
    """Hidden information: another seat's amino acids and RNA are shown as counts."""
    st = GAME.new_state(2, seed=1)
    st.hand[1] = ["W"]
    svg = GAME.render(st.view(0), legal=())
    assert "Amino acids in hand: 1" in svg and 'id="hand-1-0"' not in svg


def test_last_round_banner_once_stop_is_out():
    """Table: a last-round banner once the STOP codon is out."""
    st = GAME.new_state(2, seed=1)
    assert 'id="last-round"' not in GAME.render(st.view(0))
    st.stop_round = 1
    assert 'id="last-round"' in GAME.render(st.view(0))


def test_every_legal_move_of_the_seat_to_move_has_an_element():
    """Table: every legal move (picks, resolutions, pending choices, ATP actions, end turn) can be clicked."""
    from biocards.bots import RandomBot

    kinds = set()
    for players, advanced in ((2, False), (3, True), (5, False), (6, True)):
        for seed in range(3):
            st = GAME.new_state(players, seed, advanced=advanced)
            bots = [RandomBot(GAME, s, seed) if seed else GAME.make_bot("greedy", s, seed) for s in range(players)]
            while not st.is_terminal():
                legal = st.legal_actions()
                keys = clickable_moves(GAME.render(st.view(st.current_player), legal=legal))
                missing = [a.label for a in legal if a.key not in keys]
                assert not missing, (st.phase, st.pending[-1].kind if st.pending else None, missing)
                kinds.update(a.kind for a in legal)
                st.apply(bots[st.current_player].choose(st))
    assert {"pick", "first-player", "resolve", "end-turn", "skip", "vacuole", "keep", "link", "permanent",
            "discard", "reset-rna", "reset-organelles", "select-twice", "rna-take", "rna-draw2",
            "synthesize"} <= kinds


def test_drawn_amino_acids_named_like_rna_letters_can_be_kept():
    """Draw two, keep one: Glycine (G), Alanine (A) and Cysteine (C) are amino acids here, not RNA cards."""
    from biocards.core import Action

    st = GAME.new_state(2, seed=1)
    st.org_deck.discard(*st.field)
    st.field, st.phase, st.queue = [], "resolve", [0, 1]
    st.selected[0] = [["synthetase", False]]
    st.amino_deck[-2:] = ["A", "G"]
    st.apply(Action("resolve", organelle="synthetase", facedown=False))
    st.apply(Action("synthesize"))
    svg = GAME.render(st.view(0), legal=st.legal_actions())
    assert {Action("keep", code="A").key, Action("keep", code="G").key} <= clickable_moves(svg)
    assert "Keep Glycine GGU" in svg and "Keep Alanine GCU" in svg


def _vacuole_choice():
    """An advanced game where Player 1 has just resolved the Vacuole and chooses what it does."""
    from biocards.core import Action

    st = GAME.new_state(2, seed=1, advanced=True)
    st.org_deck.discard(*st.field)
    st.field, st.phase, st.queue = [], "resolve", [0, 1]
    st.selected[0] = [["vacuole", False]]
    st.apply(Action("resolve", organelle="vacuole", facedown=False))
    return st


def test_moves_without_a_card_are_labelled_buttons():
    """Table: end turn, do nothing and the Vacuole's choices are buttons that say what they do."""
    from biocards.core import Action

    st = _vacuole_choice()
    svg = GAME.render(st.view(0), legal=st.legal_actions())
    for choice, label in (("collect", "Collect 1 RNA card and 1 ATP"), ("energy", "Raise your ATP limit to 5"),
                          ("rna", "Raise your RNA limit to 4")):
        assert re.search(rf'id="btn-vacuole-{choice}" data-action[^>]*>(?:(?!</g>).)*?{label}', svg, re.S)
    st.apply(Action("vacuole", choice="collect"))
    svg = GAME.render(st.view(0), legal=st.legal_actions())
    assert re.search(r'id="btn-end-turn" data-action[^>]*>(?:(?!</g>).)*?End your turn', svg, re.S)


def test_each_legal_move_is_one_keyboard_stop():
    """Table: no move hangs on two elements (each data-action element is a tab stop). The Vacuole's
    choices are bar buttons and not also the track; drawing from a deck is a bar button and not also
    the deck; of two identical cards (selected organelles, drawn RNA) only the first carries the move."""
    from biocards.bots import RandomBot

    for players, advanced in ((2, True), (3, False), (5, True)):
        for seed in range(3):
            st = GAME.new_state(players, seed, advanced=advanced)
            bots = [RandomBot(GAME, s, seed) for s in range(players)]
            while not st.is_terminal():
                keys = re.findall(r'data-action="([^"]*)"', GAME.render(st.view(st.current_player),
                                                                         legal=st.legal_actions()))
                doubled = {html.unescape(k) for k in keys if keys.count(k) > 1}
                assert not doubled, (st.phase, st.pending[-1].kind if st.pending else None, doubled)
                st.apply(bots[st.current_player].choose(st))


def test_vacuole_choices_are_buttons_and_the_track_only_shows_the_limits():
    """Advanced Vacuole: raising a limit is the labelled bar button, once; the track only shows it."""
    from biocards.core import Action

    st = _vacuole_choice()
    svg = GAME.render(st.view(0), legal=st.legal_actions())
    assert 'id="track-0-energy">' in svg and 'id="track-0-rna">' in svg
    for choice in ("energy", "rna"):
        key = html.escape(Action("vacuole", choice=choice).key)
        assert svg.count(f'data-action="{key}"') == 1 and f'id="btn-vacuole-{choice}" data-action="{key}"' in svg


def test_two_identical_selected_organelles_carry_their_move_once():
    """Phase 2 with two face-up Mitochondria: resolving either is the same move, so only the first
    card is a tab stop (after it is resolved, the other one becomes the first)."""
    st = GAME.new_state(2, seed=1)
    st.org_deck.discard(*st.field)
    st.field, st.phase, st.queue = [], "resolve", [0, 1]
    st.selected[0] = [["mitochondrion", False], ["mitochondrion", False]]
    svg = GAME.render(st.view(0), legal=st.legal_actions())
    assert 'id="selected-0-0" data-action' in svg
    second = re.search(r'<g id="selected-0-1"[^>]*>', svg).group(0)  # its full text, but not the move
    assert "data-action" not in second and "data-detail" in second


def test_decks_leave_drawing_to_the_labelled_button():
    """Nucleus and synthetase: "draw from the deck" is one bar button; the deck itself is not a second."""
    from biocards.core import Action

    for organelle, deck, move in (("nucleus", "rna-deck", "rna-draw2"), ("synthetase", "amino-deck", "synthesize")):
        st = GAME.new_state(2, seed=1)
        st.org_deck.discard(*st.field)
        st.field, st.phase, st.queue = [], "resolve", [0, 1]
        st.selected[0] = [[organelle, False]]
        st.apply(Action("resolve", organelle=organelle, facedown=False))
        svg = GAME.render(st.view(0), legal=st.legal_actions())
        key = html.escape(Action(move).key)
        assert svg.count(f'data-action="{key}"') == 1 and f'id="btn-{move}" data-action="{key}"' in svg
        assert "data-action" not in re.search(rf'<g id="{deck}"[^>]*>', svg).group()


def _put_back(code_kept, code_back):
    """Player 1 synthesizes, keeps ``code_kept`` and puts ``code_back`` back on top of the deck."""
    from biocards.core import Action

    st = GAME.new_state(2, seed=1)
    st.org_deck.discard(*st.field)
    st.field, st.phase, st.queue = [], "resolve", [0, 1]
    st.selected[0] = [["synthetase", False]]
    st.amino_deck[-2:] = [code_back, code_kept]
    st.apply(Action("resolve", organelle="synthetase", facedown=False))
    st.apply(Action("synthesize"))
    st.apply(Action("keep", code=code_kept))
    return st


def test_the_seat_that_put_an_amino_acid_back_sees_it_on_the_deck():
    """Amino-Acyl Synthetase: the card put back lies face down, so only the seat that put it back
    knows it; the table shows that seat the card on the deck, in text, label and <desc>."""
    from biocards.games.peptide.render import describe

    st = _put_back("P", "W")
    root = ET.fromstring(GAME.render(st.view(0)))
    ns = {"s": "http://www.w3.org/2000/svg"}
    deck = root.find(".//s:g[@id='amino-deck']", ns)
    assert deck.get("role") == "img"
    assert deck.get("aria-label") == "Amino Acid deck: 20 cards face down; on top, the Tryptophan (UGG) you put back"
    assert [t.text for t in deck.find(".//s:g[@id='amino-top']", ns).iter("{http://www.w3.org/2000/svg}text")] \
        == ["you put back", "W UGG"]
    assert "Amino acid deck 20 (on top, the Tryptophan UGG you put back)." in describe(st.view(0))


def test_an_unknown_top_amino_acid_is_never_shown():
    """Hidden information: another seat, a table seen by nobody in particular, or the same seat once
    the card is drawn again: the deck shows only its size."""
    from biocards.core import Action

    st = _put_back("P", "W")
    for viewer in (1, None):
        svg = GAME.render(st.view(viewer))
        assert 'id="amino-top"' not in svg and "Tryptophan" not in svg and "UGG" not in svg
        assert 'aria-label="Amino Acid deck: 20 cards face down"' in svg
    st.queue = [0, 1]
    st.selected[0] = [["synthetase", False]]
    st.atp[0], st.atp_supply = 2, st.atp_supply - 2
    st.apply(Action("resolve", organelle="synthetase", facedown=False))
    st.apply(Action("synthesize"))
    assert 'id="amino-top"' not in GAME.render(st.view(0))


def test_over_whole_games_the_top_amino_acid_shows_only_to_the_seat_that_put_it_back():
    """Hidden information, played out: at every position and for every viewer, the deck shows a top
    card only to the seat that put it back, and then the card really on top."""
    shown = 0
    for players in (2, 4):
        for seed in range(3):
            st = GAME.new_state(players, seed)
            bots = [GAME.make_bot("greedy", s, seed) for s in range(players)]
            while not st.is_terminal():
                for viewer in (*range(players), None):
                    match = re.search(r'id="amino-top">.*?<text [^>]*>[^<]*</text><text [^>]*>(\w+) ',
                                      GAME.render(st.view(viewer)).replace("\n", ""))
                    if viewer is not None and viewer == st.top_known_by:
                        assert match and match.group(1) == st.amino_deck[-1]
                        shown += 1
                    else:
                        assert match is None
                st.apply(bots[st.current_player].choose(st))
    assert shown  # the bots did put cards back, so the check above ran both ways


def test_seats_show_chain_rna_beneath_permanent_flipped_and_track_in_advanced():
    """Table: the chain grows from START; linked amino acids show their three RNA, permanent ones are
    turned over; own RNA by letter, others' as a count; deck sizes; the Vacuole track only in advanced."""
    st = GAME.new_state(2, seed=1, advanced=True)
    st.chain[0] = [["S", True], ["Q", False]]
    st.rna[0] = [2, 0, 1, 0]
    st.rna[1] = [1, 1, 1, 0]
    svg = GAME.render(st.view(0), legal=())
    root = ET.fromstring(svg)
    ns = {"s": "http://www.w3.org/2000/svg"}

    def texts(ident):
        group = root.find(f".//s:g[@id='{ident}']", ns)
        return [t.text for t in group.iter("{http://www.w3.org/2000/svg}text")]

    assert texts("start-0") == ["START", "Met", "AUG"]
    assert texts("chain-0-0") == ["S", "perm.", "3pt"]
    assert texts("chain-0-1") == ["Q", "Gluta", "3pt"]
    beneath = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    at = beneath.index("Gluta")
    assert beneath[at + 2:at + 5] == list("CAA")  # Glutamine's codon, one RNA card per letter
    assert texts("rna-0-A") == ["A", "×2"] and "RNA cards: 3" in svg
    assert texts("organelle-deck")[-1] == str(len(st.org_deck)) and texts("rna-deck")[-1] == "46"
    assert "Vacuole limits: ATP 4/10 · RNA 3/9" in svg
    assert "Vacuole limits" not in GAME.render(GAME.new_state(2, seed=1).view(0))


def test_description_tells_a_screen_reader_what_the_viewer_holds_and_what_is_asked():
    """<desc>: the viewer's own RNA and amino acids, everyone's selections (face-down ones hidden), the
    pending question, deck sizes and the Vacuole limits; never another seat's hidden cards."""
    from biocards.games.peptide.render import describe

    st = GAME.new_state(2, seed=1, advanced=True)
    st.hand[0], st.rna[0] = ["S"], [1, 0, 1, 1]
    st.hand[1], st.rna[1] = ["W"], [0, 2, 0, 1]
    st.selected[0] = [["ribosome", False], ["nucleus", True]]
    st.selected[1] = [["vacuole", True]]
    text = describe(st.view(0))
    assert "Your RNA: A×1 C×1 U×1. Your amino acids: Serine UCA." in text
    assert "Selected: Ribosome, Nucleus face down." in text and "Selected: a face-down card." in text
    assert "Tryptophan" not in text and "Vacuole limits: 4 ATP, 3 RNA." in text
    assert f"Decks: {len(st.org_deck)} organelles, 46 RNA." in text


def test_every_layout_is_readable_touchable_and_loses_no_move():
    """Issue 12: wide, medium and narrow tables, from seeded random games with 2 to 6 players (basic
    and advanced), keep text at 12 units or more (median 14), clickable boxes at 32 units (wide) or
    44 (medium, narrow), and every move clickable in wide is clickable in the narrower layouts."""
    from table_layouts import assert_all_layouts_good, random_positions

    for advanced in (False, True):
        for st in random_positions(GAME, (2, 4, 6), (1, 2), every=11, advanced=advanced):
            p = st.current_player if st.current_player is not None else 0
            assert_all_layouts_good(GAME, st.view(p), st.legal_actions())


def test_wide_table_fits_a_laptop_screen_with_four_players():
    """Issue 12: the wide table of a four-player game stays about 620 units tall, so a 1366×768
    laptop shows all of it (seats are one row each in wide)."""
    from table_layouts import random_positions

    for st in random_positions(GAME, (4,), (3,), every=13):
        p = st.current_player if st.current_player is not None else 0
        root = ET.fromstring(GAME.render(st.view(p), legal=st.legal_actions(), layout="wide"))
        assert float(root.get("viewBox").split()[3]) <= 680


def test_prompt_says_what_the_player_to_move_must_do():
    """The prompt bar: an organelle choice in phase 1, the pending question when one is asked."""
    st = GAME.new_state(2, seed=1)
    assert GAME.prompt(st.view(0), legal=st.legal_actions()).startswith("Choose an organelle")
    svg = GAME.render(st.view(0), legal=st.legal_actions(), layout="narrow")
    assert "Choose an organelle" in svg
