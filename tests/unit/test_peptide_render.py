"""Peptide's SVG table: pure, clickable elements name legal moves, hidden cards stay hidden."""

import html
import re
import xml.etree.ElementTree as ET

from biocards import games

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
        ET.fromstring(svg)
        keys = {html.unescape(k) for k in re.findall(r'data-action="([^"]*)"', svg)}
        assert keys <= {a.key for a in legal}
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
