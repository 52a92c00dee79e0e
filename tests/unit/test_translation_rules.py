"""Translation rules (the Translation rulebook, "Translation: The Amino Acid Card Game", and docs/rules-decisions.md › Translation).

Each test names the rulebook section or ruling it checks.
"""

import pytest

from biocards import games
from biocards.core import Action, IllegalAction
from biocards.games.translation import codons, score
from biocards.games.translation.cards import (ACTION_CARDS, AMINO_ACIDS, BLACK_DIE, GENETIC_CODE,
                                              STANDARD_CODE, WHITE_DIE, reverse_complement)
from biocards.games.translation.rules import MAX_ROUNDS, TranslationState, find_codon, mutation_kind

GAME = games.get("translation")
THREE_LETTER = {"Pro": "P", "Gly": "G", "Glu": "E", "Asp": "D", "Lys": "K", "Arg": "R", "His": "H",
                "Trp": "W", "Try": "W", "Ser": "S", "Thr": "T", "Asn": "N", "Cys": "C", "Ala": "A",
                "Met": "M", "Leu": "L", "Ile": "I", "Val": "V"}


def new(players=2, seed=1, **setup) -> TranslationState:
    state = GAME.new_state(players, seed, first_player=0)  # hand-built positions: Player 1 to move
    for name, value in setup.items():
        setattr(state, name, value)
    state._legal = None
    return state


def act(state, kind, **params):
    return state.apply(Action(kind, **params))


# -- the genetic code -------------------------------------------------------------------------

def test_every_codon_matches_the_standard_genetic_code():
    """docs/rules-decisions.md › Translation: codons are the standard code (NCBI table 1) in the DNA alphabet."""
    reference = {a + b + c: STANDARD_CODE[16 * i + 4 * j + k]
                 for i, a in enumerate("TCAG") for j, b in enumerate("TCAG") for k, c in enumerate("TCAG")}
    assert GENETIC_CODE == reference
    for code in AMINO_ACIDS:
        assert codons(code) == {c for c, aa in reference.items() if aa == code}
    assert sum(len(codons(c)) for c in AMINO_ACIDS) == 61  # 64 minus three stops


def test_card_codons_use_iupac_codes_in_the_third_position():
    """docs/rules-decisions.md › Translation: Ile ATH, Met ATG, Trp TGG; Leu, Arg and Ser have two blocks."""
    assert AMINO_ACIDS["I"].blocks == ("ATH",)
    assert AMINO_ACIDS["M"].blocks == ("ATG",) and AMINO_ACIDS["W"].blocks == ("TGG",)
    assert set(AMINO_ACIDS["L"].blocks) == {"CTN", "TTR"}
    assert set(AMINO_ACIDS["R"].blocks) == {"CGN", "AGR"}
    assert set(AMINO_ACIDS["S"].blocks) == {"TCN", "AGY"}
    assert AMINO_ACIDS["E"].blocks == ("GAR",)  # rulebook: GAR matches GAA or GAG


def test_codon_counts_per_amino_acid_match_the_rulebook_table():
    """Rulebook "Meet the amino acid family": three amino acids have 6 codons, two have 1."""
    counts = {c: len(codons(c)) for c in AMINO_ACIDS}
    assert sorted(c for c, n in counts.items() if n == 6) == ["L", "R", "S"]
    assert sorted(c for c, n in counts.items() if n == 1) == ["M", "W"]
    assert counts["I"] == 3


def test_hydrophobic_split_follows_the_ruling():
    """docs/rules-decisions.md › Translation: hydrophobic A C H I F L M W V Y; hydrophilic D E G K N P Q R S T."""
    assert {c for c, aa in AMINO_ACIDS.items() if aa.hydrophobic} == set("ACHIFLMWVY")


def test_codons_rejects_unknown_code():
    with pytest.raises(ValueError):
        codons("B")


# -- scoring ------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, points", [
    ("Pro Gly", 4), ("Glu Asp Lys Arg", 8), ("Lys Arg His", 9), ("Lys Arg His Try", 12),
    ("Ser Thr Asn Cys", 16), ("Ser Thr Arg Cys", 10), ("Ala Met Leu Ile Val", 25)])
def test_rulebook_scoring_examples_with_the_erratum(hand, points):
    """Rulebook "Scoring Examples"; docs/rules-decisions.md › Translation erratum: Ser Thr Asn Cys is 16, Ser Thr Arg Cys is 10."""
    assert score(THREE_LETTER[w] for w in hand.split()) == points


def test_a_member_of_two_groups_counts_in_both():
    """Rulebook "Scoring": Histidine counts toward Aromatic and Basic."""
    assert score("HWK") == 3 + 2 * 2


def test_score_breakdown_sums_to_score():
    state = new(collected=[list("KRHW"), []])
    assert sum(p for _, p in state.score_breakdown(0)) == state.scores()[0] == 12


# -- setup --------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, per_type", [(2, 1), (3, 2), (4, 2)])
def test_setup_market_hands_strand_and_water(players, per_type):
    """Setup 1–5; docs/rules-decisions.md › Translation: market ⌈n/2⌉ of each sold type; Toggle Water and Extend not sold."""
    state = GAME.new_state(players, seed=3, first_player=0)
    assert set(state.market) == {c for c, card in ACTION_CARDS.items() if card.sold}
    assert "toggle-water" not in state.market and "extend" not in state.market
    assert all(n == per_type for n in state.market.values())
    assert all(h.owned == {"toggle-water": 1, "extend": 3} for h in state.hands)
    assert len(state.face_up) == 5 and len(state.deck) == 15
    assert len(state.seq) == 5 and set(state.seq) <= set("ACGT")
    assert state.water_on and state.points == 5 and state.current_player == 0


def test_dice_faces():
    """docs/rules-decisions.md › Translation: white d8 A,T,C,G twice each; black d8 A,T,C,G,W,S,Y,R."""
    assert sorted(WHITE_DIE) == sorted("AATTCCGG") and sorted(BLACK_DIE) == sorted("ATCGWSYR")


def test_player_count_is_two_to_four():
    with pytest.raises(ValueError):
        GAME.new_state(5)


# -- translating ------------------------------------------------------------------------------

def test_translate_needs_codon_on_active_strand_and_right_water():
    """Rulebook "Translating amino acids": codon match, strand, hydrophobicity."""
    state = new(seq="CATGA", face_up=list("MKLGT"), water_on=True)
    labels = [a.code for a in state.legal_actions() if a.kind == "translate"]
    assert "M" not in labels  # ATG present but Methionine is hydrophobic and the water is ON
    with pytest.raises(IllegalAction, match="water is OFF"):
        act(state, "translate", code="M")
    act(state, "play", card="toggle-water")
    events = act(state, "translate", code="M")
    assert state.collected[0] == ["M"] and "ATG" in events[0].text
    assert "codon" in events[0].concepts


def test_codons_may_start_anywhere_no_reading_frame_and_nothing_is_removed():
    """docs/rules-decisions.md › Translation: any three consecutive nucleotides; translating does not remove nucleotides."""
    state = new(seq="GAAAG", face_up=list("KGTSE"), water_on=True)
    assert find_codon("GAAAG", "K") == 2
    act(state, "translate", code="K")
    assert state.seq == "GAAAG"


def test_codon_on_the_wrong_strand_or_order_is_not_translatable():
    """Rulebook examples: TTG on the other strand or reversed is not read."""
    assert find_codon("CAA", "L") is None          # the other strand reads TTG
    assert find_codon(reverse_complement("CAA"), "L") == 1
    assert find_codon("GTT", "L") is None          # TTG backwards


def test_translating_refills_face_up_from_the_deck():
    """Rulebook: flip a new amino acid card after translating."""
    state = new(seq="AAAAA", face_up=list("KGTSE"))
    top = state.deck[-1]
    act(state, "translate", code="K")
    assert top in state.face_up and len(state.face_up) == 5 and len(state.deck) == 14


def test_game_ends_when_the_last_amino_acid_is_translated():
    """Rulebook "Ending the game"."""
    state = new(seq="AAAAA", face_up=["K"], deck=[])
    act(state, "translate", code="K")
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []


def test_round_cap_ends_the_game():
    """docs/rules-decisions.md › All games: a documented limit; here 40 rounds."""
    state = new(round=MAX_ROUNDS, turn_player=1, points=1, seq="C" * 20, face_up=list("WMFYC"))
    state.hands[1].used["toggle-water"] = 1
    state._legal = None
    act(state, "rest")
    assert state.is_terminal()


# -- points and turns -------------------------------------------------------------------------

def test_a_turn_ends_when_all_five_points_are_spent():
    """docs/rules-decisions.md › Translation: a turn must end with all 5 points spent."""
    state = new(seq="CCCCC", face_up=list("KGTSE"))
    for _ in range(5):
        assert state.current_player == 0
        act(state, "play", card="extend")
    assert state.current_player == 1 and state.points == 5


def test_extend_may_be_used_any_number_of_times_and_adds_at_the_three_prime_end():
    """docs/rules-decisions.md › Translation: Extend costs 1 per use, any number of times; rulebook: add at the end."""
    state = new(seq="CCCCC", face_up=list("KGTSE"))
    for k in range(4):
        act(state, "play", card="extend")
        assert state.seq.startswith("CCCCC") and len(state.seq) == 6 + k


def test_strand_is_filled_to_four_at_the_start_of_a_turn():
    """Rulebook "Taking a turn": fewer than 4 nucleotides → roll to fill up to four, free."""
    state = new(seq="CC", face_up=list("KGTSE"), points=1)
    act(state, "play", card="toggle-water")
    assert state.current_player == 1 and state.points == 5
    assert len(state.seq) == 4 and state.seq.startswith("CC")


def test_bought_card_is_not_usable_until_next_turn():
    """docs/rules-decisions.md › Translation: a card bought this turn cannot be used until your next turn."""
    state = new(players=2, seq="ACGTA", face_up=list("KGTSE"))
    act(state, "buy", card="delete")
    assert state.hands[0].usable("delete") == 0
    assert Action("play", card="delete") not in state.legal_actions()
    with pytest.raises(IllegalAction):
        act(state, "play", card="delete")


def test_each_card_once_per_turn_two_copies_twice():
    """docs/rules-decisions.md › Translation: each card used at most once per turn (two copies: twice)."""
    state = new(seq="ACGTACGT", face_up=list("KGTSE"))
    state.hands[0].owned["delete"] = 2
    state._legal = None
    act(state, "play", card="delete"); act(state, "target", position=1)
    act(state, "play", card="delete"); act(state, "target", position=1)
    assert state.hands[0].usable("delete") == 0
    assert Action("play", card="delete") not in state.legal_actions()


def test_buying_costs_points_and_empties_the_market():
    state = new(players=2, seq="ACGTA", face_up=list("KGTSE"))
    act(state, "buy", card="delete")
    assert state.points == 3 and state.market["delete"] == 0
    with pytest.raises(IllegalAction, match="no Delete card left"):
        act(state, "buy", card="delete")
    with pytest.raises(IllegalAction, match="costs 5 points"):
        act(state, "buy", card="mutate")


# -- the action cards -----------------------------------------------------------------------------

@pytest.mark.parametrize("card, before, after", [
    ("complement", "A", "T"), ("complement", "G", "C"),
    ("transition", "A", "G"), ("transition", "C", "T"),
    ("transversion", "A", "C"), ("transversion", "G", "T")])
def test_mutation_cards(card, before, after):
    """Rulebook "Mutations": complement keeps lightness, transition keeps colour, transversion neither."""
    state = new(seq="CC" + before + "CC", face_up=list("KGTSE"))
    state.hands[0].owned[card] = 1
    state._legal = None
    act(state, "play", card=card)
    assert state.points == 5  # paid only once the nucleotide is chosen
    events = act(state, "target", position=3)
    assert state.seq == "CC" + after + "CC" and state.points == 3
    assert events[0].data["kind"] == mutation_kind(before, after)


def test_transition_and_transversion_in_biology():
    assert mutation_kind("A", "G") == "transition" and mutation_kind("C", "T") == "transition"
    assert mutation_kind("A", "T") == "transversion" and mutation_kind("G", "C") == "transversion"


def test_mutate_changes_to_any_other_nucleotide_and_costs_three():
    state = new(seq="CCACC", face_up=list("KGTSE"))
    state.hands[0].owned["mutate"] = 1
    state._legal = None
    act(state, "play", card="mutate"); act(state, "target", position=3)
    assert {a.base for a in state.legal_actions() if a.kind == "base"} == {"C", "G", "T"}
    act(state, "base", base="G")
    assert state.seq == "CCGCC" and state.points == 2


def test_cancel_puts_the_card_back_before_anything_is_paid():
    state = new(seq="CCACC", face_up=list("KGTSE"))
    state.hands[0].owned["mutate"] = 1
    state._legal = None
    act(state, "play", card="mutate"); act(state, "cancel")
    assert state.points == 5 and state.hands[0].usable("mutate") == 1 and not state.pending


def test_delete_removes_one_nucleotide_anywhere():
    state = new(seq="ACGTA", face_up=list("KGTSE"))
    state.hands[0].owned["delete"] = 1
    state._legal = None
    act(state, "play", card="delete"); act(state, "target", position=2)
    assert state.seq == "AGTA" and state.points == 4


def test_insert_rolls_the_black_die_and_an_ambiguous_roll_gives_a_choice():
    """docs/rules-decisions.md › Translation: W, S, Y, R give the choice of the two nucleotides they stand for."""
    for seed in range(40):
        state = new(seed=seed, seq="CCCC", face_up=list("KGTSE"))
        state.hands[0].owned["insert"] = 1
        state._legal = None
        act(state, "play", card="insert")
        if state.last_roll in "WSYR":
            choices = {a.base for a in state.legal_actions()}
            assert choices == {"W": {"A", "T"}, "S": {"C", "G"}, "Y": {"C", "T"}, "R": {"A", "G"}}[state.last_roll]
            act(state, "base", base=sorted(choices)[0])
            act(state, "gap", index=0)
            assert state.seq == sorted(choices)[0] + "CCCC" and state.points == 4
            return
    pytest.fail("no ambiguous roll in 40 seeds")


def test_reverse_complement_moves_the_five_prime_end_and_switches_strands():
    """Rulebook: Reverse Complement; the sequence is read reversed on the other strand."""
    state = new(seq="CAAGT", face_up=list("KGTSE"))
    state.hands[0].owned["reverse-complement"] = 1
    state._legal = None
    act(state, "play", card="reverse-complement")
    assert state.seq == "ACTTG" and not state.five_prime_left
    assert find_codon("CAAGT", "L") is None and find_codon(state.seq, "L") == 2  # CTT, read 5'→3'


def test_a_player_who_cannot_spend_points_may_end_the_turn():
    """Design: with the 20 nucleotide cards all on the strand and no card to play, rest."""
    state = new(seq="C" * 20, face_up=list("KGTSE"), points=1)
    state.hands[0].used["toggle-water"] = 1
    state._legal = None
    assert [a.kind for a in state.legal_actions()] == ["rest"]
    act(state, "rest")
    assert state.current_player == 1


def test_illegal_action_explains_itself_and_changes_nothing():
    state = new(seq="CCCCC", face_up=list("KGTSE"))
    before = state.view(None)
    with pytest.raises(IllegalAction, match="No codon for Lysine"):
        act(state, "translate", code="K")
    assert state.view(None) == before


def test_view_shows_face_up_matches_and_hides_deck_order():
    state = new(seq="AAAGG", face_up=list("KGTSE"))
    view = state.view(1)
    assert view["deck_size"] == 15 and "deck" not in view
    k = next(a for a in view["face_up"] if a["code"] == "K")
    assert k["match"] == 1 and k["translatable"]


def test_determinized_keeps_the_table_and_reshuffles_the_deck():
    state = new(seq="AAAGG")
    other = state.determinized(0, 99)
    assert other.view(0) == state.view(0) and sorted(other.deck) == sorted(state.deck)


def test_render_marks_legal_moves_and_describes_the_table():
    state = new(seq="AAAGG", face_up=list("KGTSE"))
    svg = GAME.render(state.view(0), legal=state.legal_actions())
    translate = Action("translate", code="K")
    assert translate in state.legal_actions()
    assert 'data-action="{&quot;code&quot;:&quot;K&quot;,&quot;kind&quot;:&quot;translate&quot;}"' in svg and 'data-highlight="nt-1 nt-2 nt-3"' in svg
    assert "<desc>" in svg and "Lysine" in svg and svg.startswith("<svg")


def test_render_grows_the_player_panels_to_fit_every_group_line():
    """A full collection's pair lines stay inside its panel (they used to run off the bottom)."""
    import re

    from biocards.games.translation.render import PANEL_TOP

    state = new(collected=[list("SIHNMCTRPGVD"), list("QLAWEYFK")])
    svg = GAME.render(state.view(0))
    height = float(re.search(r'viewBox="0 0 \d+ (\d+)"', svg).group(1))
    panel = float(re.search(r'<g id="player-0"><rect [^>]*height="(\d+)"', svg).group(1))
    lines = [float(y) for y in re.findall(r'<text x="[\d.]+" y="([\d.]+)"[^>]*>[A-Z][a-z ]+: [A-Z ]+ → \d+ pairs?<', svg)]
    assert len(lines) == 5 + 2
    assert max(lines) < PANEL_TOP + panel <= height


# -- issue 13: messages and log that teach no wrong biology ----------------------------------------

def test_refused_histidine_names_the_game_rule_not_false_chemistry():
    """Issue 13 (Wrong): histidine is basic and polar; the refusal names the water card's rule."""
    state = new(seq="CATGA", face_up=list("HKLGT"), water_on=True)
    message = state.explain_illegal(Action("translate", code="H"))
    assert "Histidine is hydrophobic" not in message
    assert "water card" in message and "basic and polar" in message


def test_every_kind_of_refused_move_gets_a_real_reason():
    """Issue 13: each refused move kind gets its own reason, never the generic fallback or an id."""
    state = new(seq="CATGA", face_up=list("MKLGT"), water_on=True)
    tries = [Action("translate", code="W"), Action("translate", code="M"), Action("translate", code="K"),
             Action("play", card="no-such-card"), Action("buy", card="toggle-water"), Action("rest"),
             Action("target", position=1), Action("base", base="A"), Action("gap", gap=0), Action("cancel")]
    for action in tries:
        assert action not in state.legal_actions()
        message = state.explain_illegal(action)
        assert "not a move you can make" not in message, action
        assert "no-such-card" not in message and "toggle-water" not in message, message


def test_translate_log_says_real_ribosomes_keep_one_reading_frame():
    """Issue 13 ("In a real cell"): codons read in any frame is the game's rule."""
    state = new(seq="CATGA", face_up=list("MKLGT"), water_on=False)
    events = act(state, "translate", code="M")
    assert "one frame" in events[0].text and "reading-frame" in events[0].concepts


@pytest.mark.parametrize("old, new, pairs", [("G", "C", "strong to strong"), ("C", "G", "strong to strong"),
                                             ("A", "T", "weak to weak"), ("A", "C", "weak to strong"),
                                             ("G", "T", "strong to weak")])
def test_a_mutation_names_the_pairing_strength_it_makes(old, new, pairs):
    """Issue 33 (biology): G·C is a strong pair (three hydrogen bonds), A·T a weak one (two), so a
    C↔G change keeps a strong pair strong; it was logged as "weak to weak"."""
    state = new_state_with(old)
    events = state._mutate(0, "mutate", 1, new)
    assert f"{pairs} pairing" in events[0].text


def new_state_with(base):
    return new(seq=base + "ACGT")


def test_the_transversion_card_says_it_changes_the_pairing_strength():
    """A↔C and G↔T each turn a weak A·T pair into a strong G·C pair or back (issue 33: the card said
    the strength class was kept apart)."""
    from biocards.games.translation.cards import ACTION_CARDS

    text = ACTION_CARDS["transversion"].text
    assert "A↔C, G↔T" in text and "weak A·T pair" in text and "strong G·C pair" in text
