"""NUCLEO rules (seed 002_…) and RULINGS.md › NUCLEO, one test per rule."""

from collections import Counter

import pytest

from biocards import games
from biocards.core import Action, IllegalAction, Pending
from biocards.games.nucleo import PROTEINS, protein
from biocards.games.nucleo.cards import (ACTION_CARDS, AMINO_CARDS, CODONS, COIN_POOL, D6, D20)
from biocards.games.nucleo.rules import MAX_OFFERS_PER_TURN, MAX_ROUNDS, NucleoState

GAME = games.get("nucleo")
STANDARD_CODE = "FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG"


def new(players=2, seed=1) -> NucleoState:
    return GAME.new_state(players, seed)


def act(state, kind, **params):
    return state.apply(Action(kind, **params))


def give_hand(state, p, letters):
    """Move cards from the supply into seat p's hand (keeps every card accounted for)."""
    for a in letters:
        state._gain(p, a)
    state._legal = None  # the hand changed behind the engine's back


def to_phase(state, phase):
    """Skip to a phase of the current turn, answering any pending choice with its first option."""
    state._legal = None
    while state.pending:
        state.apply(state.legal_actions()[0])
    if state.phase == "roll" and phase != "roll":
        act(state, "roll")
        while state.pending:
            state.apply(state.legal_actions()[-1])
    if phase == "build" and state.phase == "trade":
        act(state, "to-build")
    return state


# -- components ---------------------------------------------------------------------------------

def test_121_amino_acid_cards_split_by_codon_count():
    """RULINGS: 121 cards; design: codons in the standard code plus three."""
    assert sum(AMINO_CARDS.values()) == 121
    code = Counter(c for c in STANDARD_CODE if c != "*")
    assert CODONS == dict(code)
    assert AMINO_CARDS["L"] == 9 and AMINO_CARDS["W"] == 4


def test_twenty_real_proteins_whose_composition_matches_their_sequence():
    """RULINGS: 20 real peptides with sources; the composition is the sequence's."""
    assert len(PROTEINS) == 20 and len({p.name for p in PROTEINS}) == 20
    for p in PROTEINS:
        assert set(p.sequence) <= set(D20), p.name
        assert p.composition == Counter(p.sequence)
        assert p.source.startswith(("UniProt ", "PubChem CID ")), p.name
        assert p.role


@pytest.mark.parametrize("name, sequence", [
    ("Oxytocin", "CYIQNCPLG"), ("Vasopressin", "CYFQNCPRG"), ("Glutathione", "ECG"),
    ("Met-enkephalin", "YGGFM"), ("Leu-enkephalin", "YGGFL"), ("Bradykinin", "RPPGFSPFR"),
    ("Angiotensin II", "DRVYIHPF"), ("Substance P", "RPKPQQFFGLM")])
def test_known_sequences(name, sequence):
    """RULINGS names these examples; their sequences are textbook facts."""
    assert protein(name).sequence == sequence


def test_protein_value_grows_with_length():
    """Design: one coin per two amino acids, rounded up."""
    assert protein("Glutathione").value == 2 and protein("Oxytocin").value == 5
    assert protein("Nociceptin").value == 9
    with pytest.raises(ValueError):
        protein("Insulin")


def test_eighteen_action_cards_with_the_three_timings():
    """RULINGS: 18 action cards; some played at once, some kept, some change build coins."""
    assert sum(c.copies for c in ACTION_CARDS.values()) == 18
    assert {c.timing for c in ACTION_CARDS.values()} == {"now", "trade", "build"}


def test_dice():
    """RULINGS: d6 two faces one amino acid, one face two, two faces action, one face protein; d20 one per amino acid."""
    assert Counter(D6) == {"one": 2, "two": 1, "action": 2, "protein": 1}
    assert sorted(D20) == sorted(AMINO_CARDS)


# -- setup ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_pool_hands_and_first_free_amino_acid(players):
    """Setup: pool 20/27/32, three amino acids and three protein cards each, then part 1 at once."""
    state = new(players, seed=players)
    assert state.pool.count == COIN_POOL[players]
    for p in range(players):
        extra = 1 if p == state.turn_player and not state.pending else 0
        assert sum(state.amino[p].values()) == 3 + extra
        assert len(state.proteins[p]) == 3
    assert len(state.pile) == 20 - 3 * players
    assert state.phase == "roll"


def test_player_count_is_two_to_four():
    with pytest.raises(ValueError):
        GAME.new_state(5)


def test_starting_player_is_chosen_at_random():
    """RULINGS: starting player at random (the imitation vote is for tables of people)."""
    assert {new(3, seed=s).first_player for s in range(30)} == {0, 1, 2}


# -- a turn -----------------------------------------------------------------------------------------

def test_turn_parts_in_order_roll_then_trade_then_build():
    """RULINGS: 1 free amino acid, 2 the die, 3 trade, 4 build."""
    state = new()
    to_phase(state, "roll")
    assert [a.kind for a in state.legal_actions()] == ["roll"]
    to_phase(state, "trade")
    assert state.phase == "trade" and "to-build" in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalAction):
        act(state, "end-turn")
    act(state, "to-build")
    assert "end-turn" in [a.kind for a in state.legal_actions()]


def test_an_empty_amino_acid_stack_lets_you_choose():
    """Rulebook part 1/2: no cards of the rolled amino acid left → pick one of your choice."""
    state = new(seed=4)
    to_phase(state, "roll")
    p = state.turn_player
    for a in D20:  # empty every stack but glycine and alanine
        if a not in "GA":
            state.supply[a] = 0
    state.pending.clear()
    events = state._gain_rolled(p, 1)
    if state.pending:
        assert {a.amino for a in state.legal_actions()} == {"G", "A"}
        assert "none are left" in events[0].text


def test_building_pays_coins_returns_cards_and_puts_the_protein_under_the_pile():
    """Rulebook part 4: earn the value, return the amino acids and the card (bottom of the pile)."""
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    state.proteins[p].append(state.pile.pop())
    name = state.proteins[p][-1]
    give_hand(state, p, protein(name).sequence)
    before_coins, before_supply = state.coins[p], dict(state.supply)
    act(state, "build", protein=name, boost="none")
    assert state.coins[p] == before_coins + protein(name).value
    assert state.pile[0] == name and name not in state.proteins[p]
    for a, n in protein(name).composition.items():
        assert state.supply[a] == before_supply[a] + n


def test_build_as_many_as_you_can():
    """Rulebook part 4: repeat while you can build another."""
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    state.proteins[p] += ["Glutathione", "TRH"]
    for name in ("Glutathione", "TRH"):
        if name in state.pile:
            state.pile.remove(name)
    give_hand(state, p, "ECGQHP")
    act(state, "build", protein="Glutathione", boost="none")
    assert any(a.kind == "build" and a.protein == "TRH" for a in state.legal_actions())


def test_missing_amino_acids_are_named():
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    name = state.proteins[p][0]
    with pytest.raises(IllegalAction, match="still need"):
        act(state, "build", protein=name, boost="none")


def test_the_pool_running_dry_mid_build_pays_what_is_left_and_ends_the_game():
    """Rulebook "End of the game": only the coins left are paid; the game ends at once."""
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    state.pool.count, state.coins[1 - p] = 1, COIN_POOL[2] - 1
    name = state.proteins[p][0]
    give_hand(state, p, protein(name).sequence)
    act(state, "build", protein=name, boost="none")
    assert state.coins[p] == 1 and state.is_terminal()


def test_final_score_is_coins_minus_cards_in_hand_never_below_zero():
    """Rulebook: subtract the value of protein cards in hand; a negative score is 0."""
    state = new()
    state.coins = [3, 30]
    state.proteins = [["Nociceptin"], ["Glutathione"]]
    assert state.scores() == [0, 28]
    assert sum(v for _, v in state.score_breakdown(0)) == 0


def test_equal_top_scores_share_the_win():
    """RULINGS: equal top scores share the win."""
    state = new()
    state.coins, state.proteins = [5, 5], [[], []]
    assert state.winners() == [0, 1]


def test_round_cap():
    """RULINGS (all games): a documented limit, 80 rounds."""
    state = to_phase(new(), "build")
    state.round = MAX_ROUNDS
    state.turn_player = (state.first_player - 1) % 2
    state.phase = "build"
    act(state, "end-turn")
    assert state.is_terminal() and "80-round" in state.end_reason


# -- trading --------------------------------------------------------------------------------------

def test_offer_is_a_pending_decision_for_the_other_player_and_moves_items():
    """RULINGS: offers of amino acids, protein cards and coins; the offer is a pending decision."""
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    give_hand(state, q, "W")
    mine = sorted(state.amino[p])[0]
    act(state, "propose"); act(state, "offer-to", seat=q); act(state, "give", item=f"aa:{mine}")
    act(state, "ask", item="aa:W")
    assert state.current_player == q
    kinds = [a.kind for a in state.legal_actions()]
    assert kinds == ["accept", "decline"]
    total = sum(state.amino[p].values()) + sum(state.amino[q].values())
    act(state, "accept")
    assert state.amino[p].get("W", 0) >= 1 and state.current_player == p
    assert sum(state.amino[p].values()) + sum(state.amino[q].values()) == total


def test_an_offer_for_something_the_other_player_lacks_can_only_be_declined():
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    state.amino[q].pop("W", None)
    act(state, "propose"); act(state, "offer-to", seat=q)
    act(state, "give", item=state.legal_actions()[0].item); act(state, "ask", item="aa:W")
    assert [a.kind for a in state.legal_actions()] == ["decline"]


def test_offers_are_limited_per_turn():
    """Design: at most two offers a turn, so negotiation always ends."""
    state = to_phase(new(seed=3), "trade")
    for _ in range(MAX_OFFERS_PER_TURN):
        act(state, "propose"); act(state, "cancel")
    assert "propose" not in [a.kind for a in state.legal_actions()]


def test_fixed_trade_five_random_for_one_of_choice():
    """RULINGS: five random amino acids of your own for one of your choice, always available."""
    state = to_phase(new(seed=5), "trade")
    p = state.turn_player
    give_hand(state, p, "AAAAA")
    before = sum(state.amino[p].values())
    act(state, "fixed-trade", receive="amino")
    act(state, "take", amino="W")
    assert sum(state.amino[p].values()) == before - 4 and state.amino[p]["W"] >= 1


def test_fixed_trade_for_a_protein_card():
    state = to_phase(new(seed=5), "trade")
    p = state.turn_player
    give_hand(state, p, "AAAAA")
    cards = len(state.proteins[p])
    act(state, "fixed-trade", receive="protein")
    act(state, "trade-in", protein="")
    assert len(state.proteins[p]) == cards + 1


def test_die_protein_face_trade_in_goes_to_the_bottom():
    """Rulebook symbol 4: trade one in (bottom of the pile), then take the top card."""
    state = to_phase(new(seed=6), "trade")
    p = state.turn_player
    state.pending.append(Pending(p, "trade-in", "Trade in?"))
    old = state.proteins[p][0]
    top = state.pile[-1]
    act(state, "trade-in", protein=old)
    assert state.pile[0] == old and top in state.proteins[p] and old not in state.proteins[p]


# -- action cards -------------------------------------------------------------------------------------

def test_immediate_cards_resolve_when_drawn_and_kept_cards_go_to_hand():
    """Rulebook symbol 3: "play immediately" cards act at once; others may be kept."""
    for seed in range(60):
        state = new(seed=seed)
        p = state.turn_player
        state.action_deck.cards = ["research-grant", "catalyst"]
        state._draw_action(p)
        assert "catalyst" in state.actions[p]
        state._draw_action(p)
        assert state.coins[p] == 1 and "research-grant" in state.action_deck.discards
        return


def test_action_deck_reshuffles_its_discards():
    """Rulebook: an empty action pile is made again from the shuffled discards."""
    state = new()
    p = state.turn_player
    state.action_deck.discards = list(state.action_deck.cards)
    state.action_deck.cards = []
    state._draw_action(p)
    assert state.action_deck.reshuffles == 1


def test_catalyst_and_modification_change_the_coins_a_build_earns():
    """RULINGS: some action cards change the coins earned when building."""
    for boost, name, extra in (("catalyst", "Glutathione", 1), ("modification", "Kallidin", 2)):
        state = to_phase(new(seed=2), "build")
        p = state.turn_player
        if name in state.pile:
            state.pile.remove(name)
        state.proteins[p].append(name)
        state.actions[p].append(boost)
        give_hand(state, p, protein(name).sequence)
        act(state, "build", protein=name, boost=boost)
        assert state.coins[p] == protein(name).value + extra
        assert boost in state.action_deck.discards


def test_modification_needs_ten_amino_acids():
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    if "Glutathione" in state.pile:
        state.pile.remove("Glutathione")
    state.proteins[p].append("Glutathione")
    state.actions[p].append("modification")
    give_hand(state, p, "ECG")
    assert Action("build", protein="Glutathione", boost="modification") not in state.legal_actions()


def test_gene_duplication_keeps_the_card():
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    if "TRH" in state.pile:
        state.pile.remove("TRH")
    state.proteins[p].append("TRH")
    state.actions[p].append("gene-duplication")
    give_hand(state, p, "QHP")
    act(state, "build", protein="TRH", boost="gene-duplication")
    assert "TRH" in state.proteins[p]


def test_building_logs_the_sequence_and_what_the_molecule_does():
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    if "Oxytocin" in state.pile:
        state.pile.remove("Oxytocin")
    state.proteins[p].append("Oxytocin")
    give_hand(state, p, "CYIQNCPLG")
    events = act(state, "build", protein="Oxytocin", boost="none")
    assert "CYIQNCPLG" in events[0].text and "uterine" in events[0].text
    assert {"peptide-bond", "primary-structure", "oxytocin"} <= set(events[0].concepts)


def test_greedy_bot_beats_random():
    """The greedy bot is worth playing against."""
    from biocards.bots import play_out
    wins = 0
    for seed in range(20):
        state = new(seed=seed)
        gs = seed % 2
        play_out(state, [GAME.make_bot("greedy" if s == gs else "random", s, seed) for s in range(2)])
        wins += gs in state.winners()
    assert wins >= 17
