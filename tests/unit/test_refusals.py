"""Refused moves say why (issue 33): every kind of move, tried where it is not legal, is refused
with a sentence that gives the reason, never the generic "… is not a move you can make right now".

Moves legal somewhere in random games (each kind, with every parameter value seen) are tried in
sampled positions of those games where they are not legal (``core.testing.refused_moves``)."""

from __future__ import annotations

import copy
import json
import re

import pytest

from biocards import games
from biocards.core.testing import GENERIC_REFUSAL, refused_moves, sampled_positions

CASES = [("translation", 2, {}), ("translation", 4, {}), ("peptide", 3, {}), ("peptide", 2, {"advanced": True}),
         ("nucleo", 2, {}), ("nucleo", 4, {}), ("nucleo", 3, {"trade_minute": True}), ("expression", 4, {}), ("expression", 3, {"variant": True}),
         ("cytosis", 3, {})]


@pytest.mark.parametrize("game_id, players, options", CASES,
                         ids=[f"{g}-{n}{'-' + '-'.join(o) if o else ''}" for g, n, o in CASES])
def test_every_refused_move_says_why(game_id, players, options):
    game = games.get(game_id)
    tried = 0
    for position, action, refusal in refused_moves(game, players, range(2), every=9, **options):
        tried += 1
        assert GENERIC_REFUSAL not in refusal, (
            f"{action!r} after {len(position.history)} moves got only the generic sentence")
        # A move is named as the student sees it, never by an internal name such as “propose”.
        assert not re.search(r"“[a-z]+(-[a-z]+)*”", refusal), refusal
        assert refusal.rstrip(")").endswith((".", "?", "!")) and refusal[0].isupper(), refusal
    assert tried > 200, f"only {tried} refused moves were tried"


# -- one rule per kind of move: the legal list and the refusal come from the same check ----------

RULED = ["translation", "expression", "nucleo", "peptide", "cytosis"]
"""Games whose moves are declared in one table of move kinds (``GameState.moves``)."""


def as_it_stands(position):
    """What everyone sees of ``position`` and what its record holds: the game, players, seed and
    options, and the moves themselves (the very Action objects, compared as the record's JSON of
    each would be but without writing thousands of them out for every position)."""
    shell = copy.copy(position)
    shell.history = []  # the record's other fields, its moves compared as they are
    return json.dumps(position.view(None), sort_keys=True), shell.to_record(), list(position.history)


@pytest.mark.parametrize("game_id, players, options", [c for c in CASES if c[0] in RULED],
                         ids=[f"{g}-{n}{'-' + '-'.join(o) if o else ''}" for g, n, o in CASES if g in RULED])
def test_each_move_is_allowed_or_refused_by_its_own_check(game_id, players, options):
    """Issue 41 ("each game's rules said once"): in sampled random-play positions, every legal move
    passes its kind's check, and every move legal elsewhere but not here is refused by ``apply`` with
    exactly the sentence its check gives, leaving the position as it was."""
    from biocards.core import IllegalAction

    game = games.get(game_id)
    positions, moves = sampled_positions(game, players, range(2), every=9, **options)
    refused = 0
    for position in positions:
        legal = position.legal_actions()
        for action in legal:
            assert position.check(action) is None, f"legal {action!r} refused: {position.check(action)}"
        keys = {a.key for a in legal}
        before = as_it_stands(position)
        for action in moves:
            if action.key in keys:
                continue
            reason = position.check(action)
            assert reason, f"{action!r} is not legal after {len(position.history)} moves, yet its check allows it"
            with pytest.raises(IllegalAction) as refusal:
                position.apply(action)
            assert str(refusal.value) == str(reason)  # a refusal may be a Message, written when shown
            assert position.explain_illegal(action) == reason
            refused += 1
        assert as_it_stands(position) == before
    assert refused > 200, f"only {refused} refused moves were tried"


# -- the examples the audits found ------------------------------------------------------------------

def refusal(state, kind, **params) -> str:
    from biocards.core import Action, IllegalAction

    state._legal = None
    with pytest.raises(IllegalAction) as refused:
        state.apply(Action(kind, **params))
    return str(refused.value)


def translation(**setup):
    state = games.get("translation").new_state(2, 1, first_player=0)
    for name, value in setup.items():
        setattr(state, name, value)
    state._legal = None
    return state


def test_translation_extend_or_insert_on_a_full_strand_says_the_strand_is_full():
    """Issue 33: with all 20 nucleotide cards on the strand, Extend and Insert say so (not "no card ready")."""
    state = translation(seq="ACGT" * 5)
    state.hands[0].owned["insert"] = 1
    for card in ("extend", "insert"):
        assert "all 20 nucleotide cards" in refusal(state, "play", card=card)


def test_translation_a_card_bought_this_turn_used_already_or_not_owned_each_says_which():
    """docs/rules-decisions.md › Translation: a card bought this turn waits for your next turn; each card is used at
    most once a turn. Each refusal names its own reason, and ownership comes before cost."""
    state = translation(seq="ACGTAC")
    state.apply(state.legal_actions()[[a.key for a in state.legal_actions()].index(
        '{"card":"delete","kind":"buy"}')])
    assert "bought Delete this turn" in refusal(state, "play", card="delete")
    state = translation(seq="ACGTAC")
    state.hands[0].owned["delete"], state.hands[0].used["delete"] = 1, 1
    assert "already used your Delete card this turn" in refusal(state, "play", card="delete")
    state = translation(seq="ACGTAC", points=2)
    assert "do not own a Mutate card" in refusal(state, "play", card="mutate")


def test_translation_toggle_water_is_never_sold():
    """docs/rules-decisions.md › Translation: every player starts with Toggle Water and Extend; these two are not sold."""
    state = translation()
    assert "never sold" in refusal(state, "buy", card="toggle-water")
    assert "never sold" in refusal(state, "buy", card="extend")


def test_translation_names_the_face_up_amino_acids_when_fewer_than_five_are_up():
    state = translation(face_up=["S", "G"])
    said = refusal(state, "translate", code="K")
    assert "Serine, Glycine" in said and "five" not in said


def nucleo(seed=1):
    return games.get("nucleo").new_state(2, seed, first_player=0)


def test_nucleo_building_before_rolling_says_roll_first():
    """docs/rules-decisions.md › NUCLEO: the parts of a turn are in order: roll (2) before trading (3) and building (4)."""
    state = nucleo()
    while state.pending:
        state.apply(state.legal_actions()[0])
    name = state.proteins[0][0]
    assert "Roll the six-sided die first" in refusal(state, "build", protein=name, boost="none")


def to_build_with(state, name):
    """Seat 0 in part 4 holding every amino acid ``name`` needs."""
    from biocards.games.nucleo import protein

    while state.pending or state.phase != "build":
        legal = state.legal_actions()
        done = [a for a in legal if a.kind in ("roll", "to-build")]
        state.apply(done[0] if done else legal[-1])
    state.proteins[0].append(name)
    for amino, n in protein(name).composition.items():
        for _ in range(n):
            state._gain(0, amino)
    state._legal = None
    return state


def test_nucleo_a_boost_card_that_cannot_apply_or_is_not_held_says_so():
    """NUCLEO design: Post-translational modification applies to proteins of 10 or more amino acids;
    a boost card must be in your hand."""
    state = to_build_with(nucleo(), "TRH")
    state.actions[0] = ["modification"]
    assert "10 or more amino acids; TRH has 3" in refusal(state, "build", protein="TRH", boost="modification")
    assert "do not hold an Enzyme catalyst card" in refusal(state, "build", protein="TRH", boost="catalyst")


def test_nucleo_answers_to_an_offer_say_what_is_wrong_with_them():
    """docs/rules-decisions.md › NUCLEO: one counter-offer per offer; a player asked must answer before anything else."""
    from biocards.core import Pending

    state = nucleo()
    state.pending.append(Pending(1, "offer", "Player 1 offers Player 2 1 coin for a Lysine card.",
                                 {"from": 0, "to": 1, "give": ("coin",), "ask": ("aa:K",), "counter": True}))
    assert "Only one counter-offer" in refusal(state, "counter")
    said = refusal(state, "end-turn")
    assert "must first answer the offer" in said and "1 coin for a Lysine card" in said


def test_nucleo_refusals_name_moves_as_the_table_does_not_by_their_internal_names():
    """Issue 33: “propose” appeared raw; now every kind has its own sentence."""
    state = to_build_with(nucleo(), "TRH")
    for kind in ("propose", "roll", "give", "send", "decline"):
        said = refusal(state, kind)
        assert f"“{kind}”" not in said and GENERIC_REFUSAL not in said


def expression(hands, top, draw=None):
    from test_expression_rules import table  # tests/unit is on the path (pytest rootdir conftest)

    return table(hands, top, draw=draw)


def test_expression_while_a_deletions_extra_card_is_owed_drawing_and_passing_say_why():
    """docs/rules-decisions.md › Gene-expression matching game: Deletion: play one more card at once, any card but a Deletion."""
    state = expression([["operon:deletion", "operon:2", "promoter:9"], ["promoter:1"], ["operon:5"],
                        ["promoter:4"]], "promoter:3")
    state.apply(next(a for a in state.legal_actions() if a.get("card") == "operon:deletion"))
    assert "you cannot draw instead" in refusal(state, "draw")
    said = refusal(state, "pass")
    assert "you cannot pass instead" in said and "You can still draw" not in said


def test_expression_with_nothing_left_to_draw_a_refused_card_suggests_passing():
    """docs/rules-decisions.md › Gene-expression matching game: a player who cannot play draws; with no card left to draw or reshuffle, they pass."""
    state = expression([["transcription-factor:7", "operon:2"], ["promoter:1"], ["operon:5"], ["promoter:4"]],
                       "promoter:3", draw=[])
    said = refusal(state, "play", card="transcription-factor:7")
    assert "or pass" in said and "draw a card" not in said


@pytest.mark.parametrize("game_id", ["translation", "nucleo"])
def test_read_a_card_shows_biology_for_every_card(game_id):
    """Issue 33: "Read a card" showed only a name and a refusal in Translation and NUCLEO. Every
    amino acid card (and NUCLEO's protein cards, Translation's action cards) carries its biology in
    ``data-detail``: codons for amino acids, sequence, role and source for proteins."""
    import html as html_lib

    game = games.get(game_id)
    state = game.new_state(2, 1)
    svg = game.render(state.view(state.current_player), legal=state.legal_actions())
    details = [html_lib.unescape(d) for d in re.findall(r'data-detail="([^"]*)"', svg)]
    if game_id == "translation":
        for aa in state.view(0)["face_up"]:
            assert any(d.startswith(f"{aa['name']} ({aa['abbreviation']}") and "codons" in d for d in details)
        assert any(d.startswith("Transition: ") for d in details)
    else:
        from biocards.games.nucleo import protein

        for name in state.proteins[state.current_player]:
            card = protein(name)
            assert any(d.startswith(f"{name} ({card.sequence}") and card.role in d and card.source in d
                       for d in details)
        assert any("codons code for" in d for d in details)
