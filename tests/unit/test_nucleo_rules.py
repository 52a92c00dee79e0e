"""NUCLEO rules (the NUCLEO rulebook, ) and docs/rules-decisions.md › NUCLEO, one test per rule."""

import re
from collections import Counter

import pytest

from biocards import games
from biocards.core import Action, IllegalAction, Pending
from biocards.games.nucleo import PROTEINS, protein
from biocards.games.nucleo.cards import ACTION_CARDS, AMINO_CARDS, AMINO_NAMES, CODONS, COIN_POOL, D6, D20
from biocards.games.nucleo.rules import MAX_ITEMS, MAX_OFFERS_PER_TURN, MAX_ROUNDS, NucleoState

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
    """docs/rules-decisions.md › NUCLEO: 121 cards; design: codons in the standard code plus three."""
    assert sum(AMINO_CARDS.values()) == 121
    code = Counter(c for c in STANDARD_CODE if c != "*")
    assert CODONS == dict(code)
    assert AMINO_CARDS["L"] == 9 and AMINO_CARDS["W"] == 4


# The mature peptides as published (UniProt feature "Peptide" / PubChem structure), N→C. A second,
# independent copy of the literature, so a typo in cards.py fails here.
LITERATURE = {
    "Glutathione": "ECG", "TRH": "QHP", "Endomorphin-1": "YPWF", "Met-enkephalin": "YGGFM",
    "Leu-enkephalin": "YGGFL", "Angiotensin III": "RVYIHPF", "Angiotensin II": "DRVYIHPF",
    "Cholecystokinin-8": "DYMGWMDF", "Oxytocin": "CYIQNCPLG", "Vasopressin": "CYFQNCPRG",
    "Bradykinin": "RPPGFSPFR", "Kallidin": "KRPPGFSPFR", "Angiotensin I": "DRVYIHPFHL",
    "GnRH": "QHWSYGLRPG", "Kisspeptin-10": "YNWNSFGLRF", "Substance P": "RPKPQQFFGLM",
    "Neurotensin": "QLYENKPRRPYIL", "α-MSH": "SYSMEHFRWGKPV", "Somatostatin-14": "AGCKNFFWKTFTSC",
    "Nociceptin": "FGGFTGARKSARKLANQ",
}


def test_twenty_real_proteins_with_sources_and_roles():
    """docs/rules-decisions.md › NUCLEO: 20 real peptides, each with its real sequence and a UniProt or PubChem source."""
    assert len(PROTEINS) == 20 and len({p.name for p in PROTEINS}) == 20
    assert {p.name: p.sequence for p in PROTEINS} == LITERATURE
    for p in PROTEINS:
        assert re.fullmatch(r"UniProt [OPQ]\d[A-Z0-9]{3}\d|PubChem CID \d+", p.source), p.name
        assert p.role and p.concepts, p.name


@pytest.mark.parametrize("card", PROTEINS, ids=lambda p: p.name)
def test_each_protein_needs_exactly_the_amino_acids_of_its_sequence(card):
    """docs/rules-decisions.md › NUCLEO: a protein card needs its amino-acid composition: its sequence's cards build it, one fewer does not."""
    assert all(AMINO_CARDS[a] >= n for a, n in Counter(card.sequence).items()), "the deck cannot supply it"
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    for q in range(2):  # empty both hands so only the sequence is held
        for a, n in list(state.amino[q].items()):
            for _ in range(n):
                state._lose(q, a)
    if card.name in state.pile:
        state.pile.remove(card.name)
    for q in range(2):
        if card.name in state.proteins[q]:
            state.proteins[q].remove(card.name)
    state.proteins[p].append(card.name)
    short = card.sequence[1:]
    give_hand(state, p, short)
    with pytest.raises(IllegalAction, match=AMINO_NAMES[card.sequence[0]]):
        act(state, "build", protein=card.name, boost="none")
    give_hand(state, p, card.sequence[0])
    act(state, "build", protein=card.name, boost="none")
    assert state.amino[p] == {} and state.coins[p] == card.value


@pytest.mark.parametrize("name, sequence", [
    ("Oxytocin", "CYIQNCPLG"), ("Vasopressin", "CYFQNCPRG"), ("Glutathione", "ECG"),
    ("Met-enkephalin", "YGGFM"), ("Leu-enkephalin", "YGGFL"), ("Bradykinin", "RPPGFSPFR"),
    ("Angiotensin II", "DRVYIHPF"), ("Substance P", "RPKPQQFFGLM")])
def test_public_protein_function_gives_sequence_and_value(name, sequence):
    """Issue: biocards.games.nucleo.protein(name) has .sequence (N→C) and .value; docs/rules-decisions.md › NUCLEO names these."""
    card = protein(name)
    assert card.sequence == sequence and card.value == (len(sequence) + 1) // 2
    assert card in PROTEINS


def test_protein_value_grows_with_length():
    """Design: one coin per two amino acids, rounded up."""
    assert protein("Glutathione").value == 2 and protein("Oxytocin").value == 5
    assert protein("Nociceptin").value == 9
    with pytest.raises(ValueError):
        protein("Insulin")


def test_eighteen_action_cards_with_the_three_timings():
    """docs/rules-decisions.md › NUCLEO: 18 action cards; some played at once, some kept, some change build coins."""
    assert sum(c.copies for c in ACTION_CARDS.values()) == 18
    assert {c.timing for c in ACTION_CARDS.values()} == {"now", "trade", "build"}


def test_dice():
    """docs/rules-decisions.md › NUCLEO: d6 two faces one amino acid, one face two, two faces action, one face protein; d20 one per amino acid."""
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
    """docs/rules-decisions.md › NUCLEO: starting player at random (the imitation vote is for tables of people)."""
    assert {new(3, seed=s).first_player for s in range(30)} == {0, 1, 2}


# -- a turn -----------------------------------------------------------------------------------------

def test_turn_parts_in_order_roll_then_trade_then_build():
    """docs/rules-decisions.md › NUCLEO: 1 free amino acid, 2 the die, 3 trade, 4 build."""
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
    """Rulebook parts 1 and 2: no cards of the rolled amino acid left → pick one of your choice."""
    state = to_phase(new(seed=4), "roll")
    p = state.turn_player
    for a in D20:  # every stack but glycine and alanine runs out
        if a not in "GA":
            state.supply[a] = 0
    for _ in range(40):  # the d20 lands on an empty stack 18 times in 20
        events = state._gain_rolled(p, 1)
        if state.pending:
            break
    state._legal = None
    assert state.pending and {a.amino for a in state.legal_actions()} == {"G", "A"}
    assert "none are left" in events[0].text
    held = state.amino[p].get("G", 0)
    act(state, "take", amino="G")
    assert state.amino[p]["G"] == held + 1 and not state.pending


def test_setup_rerolls_until_an_amino_acid_is_left():
    """Rulebook setup 5: roll three times; a stack that has run out is rolled again."""
    state = new()
    for a in D20:
        if a != "W":
            state.supply[a] = 0
    assert {state._roll_available() for _ in range(10)} == {"W"}


def test_starting_player_can_be_set_by_the_classroom_vote():
    """docs/rules-decisions.md › NUCLEO: the starting player at random, or the imitate-a-protein vote's winner (an option)."""
    state = GAME.new_state(3, seed=1, first_player=2)
    assert state.first_player == state.turn_player == 2
    assert GAME.load(state.to_record()).first_player == 2
    with pytest.raises(ValueError, match="starting player"):
        GAME.new_state(3, seed=1, first_player=3)


def test_protein_face_with_an_empty_pile_says_so():
    """Rulebook symbol 4: with no protein cards left there is nothing to take."""
    state = to_phase(new(seed=6), "roll")
    p = state.turn_player
    state.pile = []
    for seed in range(200):  # find a die roll that shows the protein face
        trial = state.clone()
        trial.rng = type(state.rng)(seed)
        events = act(trial, "roll")
        if trial.last_roll["d6"] == "protein":
            break
    assert "protein pile is empty" in events[-1].text and not trial.pending
    assert len(trial.proteins[p]) == len(state.proteins[p])


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
    """docs/rules-decisions.md › NUCLEO: equal top scores share the win."""
    state = new()
    state.coins, state.proteins = [5, 5], [[], []]
    assert state.winners() == [0, 1]


def test_round_cap():
    """docs/rules-decisions.md › All games: a documented limit, 80 rounds."""
    state = to_phase(new(), "build")
    state.round = MAX_ROUNDS
    state.turn_player = (state.first_player - 1) % 2
    state.phase = "build"
    act(state, "end-turn")
    assert state.is_terminal() and "80-round" in state.end_reason


# -- trading --------------------------------------------------------------------------------------

def holdings(state, q):
    """Everything seat q owns that can change hands, as one multiset."""
    return Counter({**{f"aa:{a}": n for a, n in state.amino[q].items()},
                    **{f"protein:{n}": 1 for n in state.proteins[q]}, "coin": state.coins[q]})


def offer(state, to, give=(), ask=()):
    """The active seat offers ``give`` for ``ask`` through the offer steps a player clicks."""
    act(state, "propose"); act(state, "offer-to", seat=to)
    for item in give:
        act(state, "give", item=item)
    act(state, "done-giving")
    for item in ask:
        act(state, "ask", item=item)
    return act(state, "send")


def test_offer_of_cards_and_coins_is_a_pending_decision_for_the_other_player():
    """docs/rules-decisions.md › NUCLEO: offers of amino acids, protein cards and coins; the offer waits on the player it is made to."""
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    state.coins[p] = 2
    state.pool.count -= 2
    give_hand(state, p, "KK")
    give_hand(state, q, "W")
    mine = state.proteins[p][0]
    events = offer(state, q, give=("aa:K", "aa:K", f"protein:{mine}"), ask=("aa:W", "coin"))
    assert "2 Lysine cards" in events[0].text and f"the {mine} protein card" in events[0].text
    assert state.current_player == q and state.pending[-1].kind == "offer"
    assert [a.kind for a in state.legal_actions()] == ["decline", "counter"]  # q holds no coin yet
    state.coins[q], state.coins[p] = 1, 1
    state._legal = None
    assert [a.kind for a in state.legal_actions()] == ["accept", "decline", "counter"]
    before = holdings(state, p) + holdings(state, q)
    p_before, q_before = holdings(state, p), holdings(state, q)
    act(state, "accept")
    assert holdings(state, p) + holdings(state, q) == before  # nothing made or lost
    assert q_before - holdings(state, q) == Counter({"aa:W": 1, "coin": 1})
    assert p_before - holdings(state, p) == Counter({"aa:K": 2, f"protein:{mine}": 1})
    assert state.current_player == p and state.phase == "trade"


def test_you_may_ask_for_a_protein_card_you_cannot_see():
    """docs/rules-decisions.md › NUCLEO: protein cards can be traded; you may ask for any card you do not hold."""
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    theirs = state.proteins[q][0]
    give_hand(state, p, "A")
    offer(state, q, give=("aa:A",), ask=(f"protein:{theirs}",))
    act(state, "accept")
    assert theirs in state.proteins[p] and theirs not in state.proteins[q]


def test_an_offer_for_something_the_other_player_lacks_can_only_be_declined():
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    while state.amino[q].get("W"):
        state._lose(q, "W")
    give_hand(state, p, "A")
    offer(state, q, give=("aa:A",), ask=("aa:W",))
    assert "accept" not in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="you do not hold a Tryptophan card"):
        act(state, "accept")


def test_a_counter_offer_goes_back_to_the_player_who_offered():
    """Rulebook part 3: the other players may make a counter-offer (one per offer, so talks end)."""
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    give_hand(state, p, "A")
    give_hand(state, q, "WW")
    offer(state, q, give=("aa:A",), ask=("aa:W",))
    act(state, "counter")
    assert state.current_player == q and state.pending[-1].kind == "offer-give"
    act(state, "give", item="aa:W"); act(state, "give", item="aa:W"); act(state, "done-giving")
    act(state, "ask", item="aa:A"); act(state, "ask", item=f"protein:{state.proteins[p][0]}")
    events = act(state, "send")
    assert "counter-offer" in events[0].text and state.current_player == p
    assert "counter" not in [a.kind for a in state.legal_actions()]
    act(state, "accept")
    assert state.amino[p].get("W", 0) >= 2 and state.current_player == p and not state.pending


def test_an_offer_holds_at_most_three_items_a_side_and_needs_something():
    """Design: three cards or coins a side keeps the choices short."""
    state = to_phase(new(seed=3), "trade")
    p = state.turn_player
    give_hand(state, p, "AAAA")
    act(state, "propose"); act(state, "offer-to", seat=1 - p)
    for _ in range(MAX_ITEMS):
        act(state, "give", item="aa:A")
    assert [a.kind for a in state.legal_actions()] == ["done-giving", "cancel"]
    state = to_phase(new(seed=3), "trade")
    act(state, "propose"); act(state, "offer-to", seat=1 - state.turn_player); act(state, "done-giving")
    assert "send" not in [a.kind for a in state.legal_actions()]


def test_you_cannot_offer_what_you_do_not_hold():
    state = to_phase(new(seed=3), "trade")
    p = state.turn_player
    state.coins[p] = 0
    give_hand(state, p, "A")
    act(state, "propose"); act(state, "offer-to", seat=1 - p); act(state, "give", item="aa:A")
    items = [a.item for a in state.legal_actions() if a.kind == "give"]
    assert "coin" not in items and items.count("aa:A") == (state.amino[p]["A"] > 1)
    assert all(i.startswith(("aa:", "protein:")) for i in items)


def test_offers_are_limited_per_turn():
    """Design: at most two offers a turn, so negotiation always ends."""
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    for _ in range(MAX_OFFERS_PER_TURN):
        offer(state, q, give=(), ask=("coin",))
        act(state, "decline")
    assert "propose" not in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="two trade offers|2 trade offers"):
        act(state, "propose")


def test_fixed_trade_five_random_for_one_of_choice():
    """docs/rules-decisions.md › NUCLEO: five random amino acids of your own for one of your choice, always available."""
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

def draw(state, card):
    """Seat to move draws ``card`` from the action deck (as the die's action face does)."""
    state.action_deck.cards.remove(card) if card in state.action_deck.cards else state.action_deck.discards.remove(card)
    state.action_deck.cards.append(card)  # the top of the deck is the end of the list
    events = state._draw_action(state.turn_player)
    state._legal = None
    return events


def test_point_mutation_is_played_at_once_and_costs_a_random_amino_acid():
    """Action card Point mutation (at once): put back one random amino acid card of your own."""
    state = to_phase(new(seed=7), "trade")
    p = state.turn_player
    before, supply = sum(state.amino[p].values()), sum(state.supply.values())
    events = draw(state, "point-mutation")
    assert sum(state.amino[p].values()) == before - 1 and sum(state.supply.values()) == supply + 1
    assert "point-mutation" in state.action_deck.discards and "mutation" in events[0].concepts


def test_protease_is_played_at_once_on_every_other_player():
    state = to_phase(new(3, seed=7), "trade")
    p = state.turn_player
    before = [sum(h.values()) for h in state.amino]
    draw(state, "protease")
    after = [sum(h.values()) for h in state.amino]
    assert after == [b - (q != p) for q, b in enumerate(before)]


def test_ribosome_rush_is_played_at_once_for_two_amino_acids():
    state = to_phase(new(seed=7), "trade")
    p = state.turn_player
    before = sum(state.amino[p].values())
    events = draw(state, "ribosome-rush")
    assert sum(state.amino[p].values()) == before + 2 and "ribosome" in events[0].concepts


def test_research_grant_is_played_at_once_and_can_empty_the_pool():
    """Rulebook "End of the game": a coin earned through an action card can empty the pool."""
    state = to_phase(new(seed=7), "trade")
    p = state.turn_player
    draw(state, "research-grant")
    assert state.coins[p] == 1 and state.pool.count == COIN_POOL[2] - 1 and not state.is_terminal()
    state.pool.count, state.coins[1 - p] = 1, COIN_POOL[2] - 2
    events = draw(state, "research-grant")
    assert state.is_terminal() and events[-1].kind == "game-over"


def test_kept_cards_go_to_the_hand_and_can_be_played_this_turn():
    """Rulebook symbol 3: a card without a set moment may be played at once (part 3) or kept."""
    state = to_phase(new(seed=7), "trade")
    p = state.turn_player
    draw(state, "transfer-rna")
    assert state.actions[p] == ["transfer-rna"]
    assert Action("play", card="transfer-rna") in state.legal_actions()
    act(state, "to-build"); act(state, "end-turn")
    assert state.actions[p] == ["transfer-rna"]  # kept for a later turn


def test_transfer_rna_brings_an_amino_acid_of_your_choice():
    state = to_phase(new(seed=7), "trade")
    p = state.turn_player
    state.actions[p].append("transfer-rna")
    state.action_deck.cards.remove("transfer-rna")
    held = state.amino[p].get("W", 0)
    events = act(state, "play", card="transfer-rna")
    assert "trna" in events[0].concepts
    act(state, "take", amino="W")
    assert state.amino[p]["W"] == held + 1 and "transfer-rna" in state.action_deck.discards


def test_protein_recycling_returns_a_card_without_a_new_one():
    state = to_phase(new(seed=7), "trade")
    p = state.turn_player
    state.actions[p].append("recycling")
    state.action_deck.cards.remove("recycling")
    first, count = state.proteins[p][0], len(state.proteins[p])
    act(state, "play", card="recycling")
    act(state, "recycle", protein=first)
    assert len(state.proteins[p]) == count - 1 and state.pile[0] == first


def test_action_deck_reshuffles_its_discards():
    """Rulebook: an empty action pile is made again from the shuffled discards."""
    state = new()
    p = state.turn_player
    state.action_deck.discards = list(state.action_deck.cards)
    state.action_deck.cards = []
    state._draw_action(p)
    assert state.action_deck.reshuffles == 1
    assert len(state.action_deck) + len(state.action_deck.discards) + sum(map(len, state.actions)) == 18


def test_catalyst_and_modification_change_the_coins_a_build_earns():
    """docs/rules-decisions.md › NUCLEO: some action cards change the coins earned when building."""
    for boost, name, extra in (("catalyst", "Glutathione", 1), ("modification", "Kallidin", 2)):
        state = to_phase(new(seed=2), "build")
        p = state.turn_player
        if name in state.pile:
            state.pile.remove(name)
        state.proteins[p].append(name)
        state.actions[p].append(boost)
        state.action_deck.cards.remove(boost)
        give_hand(state, p, protein(name).sequence)
        act(state, "build", protein=name, boost=boost)
        assert state.coins[p] == protein(name).value + extra
        assert boost in state.action_deck.discards and boost not in state.actions[p]


def test_modification_needs_ten_amino_acids():
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    if "Glutathione" in state.pile:
        state.pile.remove("Glutathione")
    state.proteins[p].append("Glutathione")
    state.actions[p].append("modification")
    give_hand(state, p, "ECG")
    assert Action("build", protein="Glutathione", boost="modification") not in state.legal_actions()
    assert Action("build", protein="Glutathione", boost="none") in state.legal_actions()


def test_gene_duplication_keeps_the_card():
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    if "TRH" in state.pile:
        state.pile.remove("TRH")
    state.proteins[p].append("TRH")
    state.actions[p].append("gene-duplication")
    give_hand(state, p, "QHP")
    act(state, "build", protein="TRH", boost="gene-duplication")
    assert "TRH" in state.proteins[p] and state.coins[p] == protein("TRH").value


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


def build_alone(card):
    """The build event of ``card`` for the player to move, who alone holds the card and its sequence."""
    state = to_phase(new(seed=2), "build")
    p = state.turn_player
    for q in range(2):
        if card.name in state.proteins[q]:
            state.proteins[q].remove(card.name)
    if card.name in state.pile:
        state.pile.remove(card.name)
    state.proteins[p].append(card.name)
    give_hand(state, p, card.sequence)
    return act(state, "build", protein=card.name, boost="none")[0]


@pytest.mark.parametrize("card", PROTEINS, ids=lambda p: p.name)
def test_every_build_names_the_chain_concepts_and_the_molecules_job(card):
    """Issue, Learning: building logs the sequence and what the molecule does; events name peptide bond,
    primary structure, protein, gene → protein and a concept for the molecule's function."""
    event = build_alone(card)
    assert card.sequence in event.text and card.role in event.text
    assert {"peptide-bond", "primary-structure", "protein", "gene-to-protein"} <= set(event.concepts)
    assert set(card.concepts) <= set(event.concepts)
    assert set(card.concepts) & {"protein-hormone", "neuropeptide", "enkephalin", "substance-p", "bradykinin",
                                 "angiotensin-ii", "glutathione", "oxytocin", "vasopressin"}


def test_amino_acid_and_new_protein_card_events_name_their_concepts():
    """Issue, Learning: gaining an amino acid names amino-acid; a new protein card is a gene to express."""
    state = new(seed=2)
    assert state.opening[-1].kind == "gain" and "amino-acid" in state.opening[-1].concepts
    events = state._take_top_protein(state.turn_player)
    assert "gene-to-protein" in events[0].concepts


# -- bots -------------------------------------------------------------------------------------------

def offer_to_greedy(state, give, ask):
    """The active seat offers ``give`` for ``ask`` to the other seat; returns the greedy bot's answer."""
    q = 1 - state.turn_player
    offer(state, q, give=give, ask=ask)
    return GAME.make_bot("greedy", q, 0).choose(state).kind


def test_greedy_accepts_a_trade_that_improves_its_position_and_declines_one_that_does_not():
    """docs/rules-decisions.md › NUCLEO: bots accept a trade only if it improves their position."""
    from biocards.games.nucleo.bots import missing
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    target = GAME.make_bot("greedy", q, 0)._target(state)  # the protein it is closest to
    needed = sorted(missing(state.amino[q], target))[0]
    useless = next(a for a in "WMHC" if all(a not in protein(n).sequence for n in state.proteins[q]))
    give_hand(state, p, needed)
    give_hand(state, q, useless)
    # A card its nearest protein lacks, for one none of its proteins uses: better off, so yes.
    assert offer_to_greedy(state.clone(), give=(f"aa:{needed}",), ask=(f"aa:{useless}",)) == "accept"
    # The reverse: it would give up progress for nothing it can use, so no.
    trial = state.clone()
    give_hand(trial, q, needed)
    give_hand(trial, p, useless)
    assert offer_to_greedy(trial, give=(f"aa:{useless}",), ask=(f"aa:{needed}",)) == "decline"


def test_greedy_weighs_coins_it_would_lose():
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    useless = next(a for a in "WMHC" if all(a not in protein(n).sequence for n in state.proteins[q]))
    state.coins[q] = 3
    state.pool.count -= 3
    give_hand(state, p, useless)
    assert offer_to_greedy(state, give=(f"aa:{useless}",), ask=("coin", "coin")) == "decline"


def test_greedy_makes_offers_for_what_its_nearest_protein_lacks():
    """Issue: bots make offers too: one spare card (and a coin for the last piece) for a missing amino acid."""
    state = to_phase(new(seed=3), "trade")
    p = state.turn_player
    for a, n in list(state.amino[p].items()):
        for _ in range(n):
            state._lose(p, a)
    name = state.proteins[p][0]
    for other in state.proteins[p][1:]:
        state.proteins[p].remove(other)
        state.pile.insert(0, other)
    seq = protein(name).sequence
    spare = next(a for a in "WMHCKY" if a not in seq)
    give_hand(state, p, seq[1:] + spare)
    state.coins[p] = 1
    state.pool.count -= 1
    bot = GAME.make_bot("greedy", p, 0)
    for _ in range(12):
        action = bot.choose(state)
        state.apply(action)
        if action.kind == "send":
            break
    assert action.kind == "send"
    top = state.pending[-1]
    assert top.kind == "offer" and top.player != p
    assert top.data["ask"] == (f"aa:{seq[0]}",) and set(top.data["give"]) == {f"aa:{spare}", "coin"}


def test_greedy_counters_by_selling_a_spare_card_for_a_coin():
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    useless = next(a for a in "WMHC" if all(a not in protein(n).sequence for n in state.proteins[q]))
    junk = next(a for a in "WMHCY" if a != useless and all(a not in protein(n).sequence for n in state.proteins[q]))
    give_hand(state, q, useless)
    give_hand(state, p, junk)
    state.coins[p] = 2
    state.pool.count -= 2
    assert offer_to_greedy(state, give=(f"aa:{junk}",), ask=(f"aa:{useless}",)) == "counter"
    bot = GAME.make_bot("greedy", q, 0)
    state.apply(bot.choose(state))
    while state.current_player == q:
        state.apply(bot.choose(state))
    top = state.pending[-1]
    assert top.data["give"] == (f"aa:{useless}",) and top.data["ask"] == ("coin",) and top.player == p


def test_greedy_choice_does_not_change_when_only_hidden_cards_change():
    """DESIGN, hidden information: re-dealing what the seat cannot see leaves the greedy bot's choice alone."""
    from biocards.core.testing import assert_fair_bot
    checked = set()
    for seed in range(4):
        state = GAME.new_state(2 + seed % 3, seed=seed)
        bots = [GAME.make_bot("greedy", s, seed) for s in range(state.num_players)]
        for ply in range(400):
            if state.is_terminal():
                break
            if ply % 3 == 0:
                assert_fair_bot(state, "greedy", seed=ply)
                checked.add(state.pending[-1].kind if state.pending else state.phase)
            state.apply(bots[state.current_player].choose(state))
    assert {"offer", "offer-give", "offer-ask", "trade", "build"} <= checked


def test_glutathione_build_says_two_enzymes_make_it_not_a_ribosome():
    """Issue 13 (Misleading): glutathione has a γ-glutamyl bond and is made by two enzymes."""
    card = next(c for c in PROTEINS if c.name == "Glutathione")
    text = build_alone(card).text
    assert "two enzymes" in text and "γ" in text and "joined by peptide bonds" not in text


def test_point_mutation_and_ribosome_rush_say_what_a_real_cell_does():
    """Issue 13 ("In a real cell"): a lost card is not a mutation; ribosomes do not make amino acids."""
    from biocards.games.nucleo.cards import ACTION_CARDS
    assert "changes one DNA base" in ACTION_CARDS["point-mutation"].text
    assert "do not make amino acids" in ACTION_CARDS["ribosome-rush"].text
    assert "point-mutation" in ACTION_CARDS["point-mutation"].concepts


# -- issue 33: table talk ---------------------------------------------------------------------------

def test_an_offer_cancelled_before_it_is_sent_is_not_one_of_the_turns_two():
    """Issue 33: cancelling an offer nobody saw does not use up an offer, and the log does not say an
    offer was withdrawn."""
    state = to_phase(new(seed=3), "trade")
    for _ in range(MAX_OFFERS_PER_TURN + 1):
        act(state, "propose")
        act(state, "offer-to", seat=1 - state.turn_player)
        events = act(state, "cancel")
        assert "withdrew" not in events[0].text and "decided not to make an offer" in events[0].text
    assert state.view(None)["offers_left"] == MAX_OFFERS_PER_TURN
    assert "propose" in [a.kind for a in state.legal_actions()]


def test_version_2_records_with_cancelled_offers_replay_with_the_offers_used():
    """Records of version 2, when a cancelled offer still counted, replay as they were played."""
    state = to_phase(GAME.new_state(2, 3, first_player=0, unsent_offers_count=True), "trade")
    for _ in range(MAX_OFFERS_PER_TURN):
        act(state, "propose"); act(state, "cancel")
    record = {**state.to_record(), "version": 2}
    record["options"] = {k: v for k, v in record["options"].items() if k != "unsent_offers_count"}
    again = GAME.load(record)
    assert again.options["unsent_offers_count"] is True
    assert "propose" not in [a.kind for a in again.legal_actions()]


def test_the_beginner_computer_never_accepts_a_losing_trade():
    """docs/rules-decisions.md › NUCLEO: bots accept a trade only if it improves their position; the beginner plays at
    random otherwise (issue 33: it gave its coins away for nothing)."""
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    state.coins[q] = 3
    state.pool.count -= 3
    offer(state, q, give=(), ask=("coin", "coin", "coin"))
    assert "accept" in [a.kind for a in state.legal_actions()]
    answers = {GAME.make_bot("random", q, seed).choose(state).kind for seed in range(60)}
    assert "accept" not in answers and answers == {"decline", "counter"}


def test_the_beginner_computer_may_accept_a_gift():
    state = to_phase(new(seed=3), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    state.coins[p] = 2
    state.pool.count -= 2
    offer(state, q, give=("coin", "coin"), ask=())
    answers = {GAME.make_bot("random", q, seed).choose(state).kind for seed in range(60)}
    assert "accept" in answers


def test_three_winners_share_the_win_in_plain_words():
    state = new(3, seed=1)
    state.coins = [4, 4, 4]
    events = state._finish("The coin pool is empty.")
    assert "Player 1, Player 2 and Player 3 share the win." in events[0].text


def test_the_round_cap_never_shows_a_round_past_the_last():
    """docs/rules-decisions.md › All games: a visible round cap; the last round is shown as round 80 of 80."""
    state = to_phase(new(seed=3), "build")
    state.round = MAX_ROUNDS
    while not state.is_terminal():
        state.apply(next(a for a in state.legal_actions() if a.kind in ("end-turn", "roll", "to-build"))
                    if not state.pending else state.legal_actions()[0])
    assert state.view(None)["round"] == MAX_ROUNDS


def test_a_build_worth_more_than_the_pool_holds_says_what_it_pays():
    """docs/rules-decisions.md › All games: components are finite: a build pays what the pool has left, and its label says so."""
    state = to_phase(new(seed=3), "build")
    p = state.turn_player
    name = state.proteins[p][0]
    give_hand(state, p, protein(name).sequence)
    state.pool.count = 2
    label = next(a.label for a in state.legal_actions() if a.kind == "build" and a.get("boost") == "none")
    assert f"for 2 coins (worth {protein(name).value}; the pool holds only 2)" in label


def test_protein_recycling_does_not_say_amino_acids_come_back():
    state = to_phase(new(seed=3), "trade")
    p = state.turn_player
    state.actions[p].append("recycling")
    state._legal = None
    act(state, "play", card="recycling")
    events = act(state, "recycle", protein=state.proteins[p][0])
    assert "no amino acid cards come back" in events[0].text


# -- issue 33: every other player may counter; the one-minute limit -----------------------------------

def test_every_other_player_may_counter_a_turned_down_offer():
    """Rulebook part 3: "the other players may make a counter-offer". At three players the offer goes to
    one player; once they turn it down, the third player may make the counter-offer, and a trade
    with them moves cards between those two only."""
    state = to_phase(new(3, seed=3), "trade")
    p = state.turn_player
    q, r = (p + 1) % 3, (p + 2) % 3
    give_hand(state, p, "A")
    give_hand(state, r, "W")
    while state.amino[q].get("W"):
        state._lose(q, "W")
    offer(state, q, give=("aa:A",), ask=("aa:W",))
    act(state, "decline")
    top = state.pending[-1]
    assert top.kind == "counter-chance" and state.current_player == r
    assert [a.kind for a in state.legal_actions()] == ["counter", "pass"]
    assert f"Player {p + 1} offered an Alanine card for a Tryptophan card" in top.prompt
    before = holdings(state, p) + holdings(state, q) + holdings(state, r)
    q_before = holdings(state, q)
    act(state, "counter")
    act(state, "give", item="aa:W"); act(state, "done-giving"); act(state, "ask", item="aa:A")
    events = act(state, "send")
    assert "counter-offer" in events[0].text and state.current_player == p
    assert "counter" not in [a.kind for a in state.legal_actions()]  # no counter to a counter
    act(state, "accept")
    assert not state.pending and state.current_player == p
    assert holdings(state, q) == q_before
    assert holdings(state, p) + holdings(state, q) + holdings(state, r) == before
    assert state.amino[p].get("W", 0) >= 1


def test_each_other_player_in_turn_order_may_counter_then_play_goes_back():
    """Rulebook part 3, four players: after a decline, the two players the offer was not made to are
    asked in turn order; when both pass, the player whose turn it is trades on."""
    state = to_phase(new(4, seed=5), "trade")
    p = state.turn_player
    target = (p + 2) % 4
    offer(state, target, give=(), ask=("coin",))
    act(state, "decline")
    asked = []
    while state.pending and state.pending[-1].kind == "counter-chance":
        asked.append(state.current_player)
        events = act(state, "pass")
        assert "made no counter-offer" in events[0].text
    assert asked == [(p + 1) % 4, (p + 3) % 4]
    assert not state.pending and state.current_player == p and state.phase == "trade"


def test_a_declined_counter_offer_still_leaves_the_others_their_chance():
    """The player the offer was made to counters first; if that counter-offer is turned down too, the
    other players may still make theirs."""
    state = to_phase(new(3, seed=3), "trade")
    p = state.turn_player
    q, r = (p + 1) % 3, (p + 2) % 3
    offer(state, q, give=(), ask=("coin",))
    act(state, "counter")
    act(state, "done-giving"); act(state, "ask", item="coin")
    act(state, "send")
    events = act(state, "decline")
    assert "declined the counter-offer" in events[0].text
    assert state.pending[-1].kind == "counter-chance" and state.current_player == r
    # Cancelling a counter-offer half written passes the chance on as well (here, to nobody).
    act(state, "counter")
    events = act(state, "cancel")
    assert "made no counter-offer after all" in events[0].text
    assert not state.pending and state.current_player == p


def test_an_accepted_offer_ends_the_talk():
    state = to_phase(new(3, seed=3), "trade")
    p = state.turn_player
    state.coins[p] = 1
    state.pool.count -= 1
    offer(state, (p + 1) % 3, give=("coin",), ask=())
    act(state, "accept")
    assert not state.pending and state.current_player == p


def test_the_wrong_answer_to_a_counter_chance_says_what_is_asked():
    state = to_phase(new(3, seed=3), "trade")
    p = state.turn_player
    offer(state, (p + 1) % 3, give=(), ask=("coin",))
    act(state, "decline")
    with pytest.raises(IllegalAction, match=f"may first make a counter-offer to Player {p + 1}.*or pass"):
        act(state, "accept")
    with pytest.raises(IllegalAction, match="no turned-down offer"):
        act(to_phase(new(3, seed=3), "trade"), "pass")


def test_version_3_records_replay_with_only_the_target_countering():
    """Records of version 3, when only the player an offer was made to could counter, replay as played."""
    state = to_phase(GAME.new_state(3, 3, first_player=0, only_target_counters=True), "trade")
    offer(state, 1, give=(), ask=("coin",))
    act(state, "decline")
    assert not state.pending  # version 3: nobody else is asked
    act(state, "to-build")
    record = {**state.to_record(), "version": 3}
    record["options"] = {k: v for k, v in record["options"].items() if k != "only_target_counters"}
    again = GAME.load(record)
    assert again.options["only_target_counters"] is True and again.phase == "build"


def test_the_minute_for_negotiating_is_an_option_off_by_default():
    """docs/rules-decisions.md › NUCLEO: the rulebook's one-minute timer is an option for tables with people."""
    state = to_phase(new(seed=3), "trade")
    assert state.view(None)["clock"] is None
    assert "time-up" not in [a.kind for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="without the one-minute limit"):
        act(state, "time-up")


def test_when_the_minute_is_up_talks_end_but_the_fixed_trade_stays():
    """Rulebook part 3: "a time limit of 1 minute for negotiating every turn". The page's clock plays
    "time-up": an offer on the table lapses, no more offers this turn; the fixed trade and action
    cards are not negotiating and stay."""
    state = to_phase(GAME.new_state(2, 3, trade_minute=True), "trade")
    p, q = state.turn_player, 1 - state.turn_player
    clock = state.view(q)["clock"]
    assert clock == {"seconds": 60, "turn": f"1-{p}", "plays": "time-up"}
    give_hand(state, p, "AAAAA")
    offer(state, q, give=("aa:A",), ask=())
    assert state.current_player == q and "time-up" in [a.kind for a in state.legal_actions()]
    events = act(state, "time-up")
    assert "minute for negotiating is up" in events[0].text and "offer on the table lapses" in events[0].text
    assert not state.pending and state.current_player == p and state.view(p)["clock"] is None
    kinds = [a.kind for a in state.legal_actions()]
    assert "propose" not in kinds and "fixed-trade" in kinds and "time-up" not in kinds
    with pytest.raises(IllegalAction, match="minute for negotiating is up"):
        act(state, "propose")
    with pytest.raises(IllegalAction, match="already up"):
        act(state, "time-up")
    act(state, "to-build"); act(state, "end-turn")
    to_phase(state, "trade")
    assert state.view(None)["clock"]["turn"].endswith(f"-{q}") and "propose" in [a.kind for a in state.legal_actions()]


def test_the_minute_waits_while_an_amino_acid_is_chosen():
    """A choice that is not negotiating (the amino acid the fixed trade gives) is made first; the
    clock's move waits for it."""
    state = to_phase(GAME.new_state(2, 3, trade_minute=True), "trade")
    p = state.turn_player
    give_hand(state, p, "AAAAA")
    act(state, "fixed-trade", receive="amino")
    assert "time-up" not in [a.kind for a in state.legal_actions()] and state.view(p)["clock"] is None
    with pytest.raises(IllegalAction, match="once this choice is made"):
        act(state, "time-up")


def test_computers_never_wait_for_the_minute():
    """Computers answer at once: no level plays "time-up" itself."""
    state = to_phase(GAME.new_state(3, 3, trade_minute=True), "trade")
    q = (state.turn_player + 1) % 3
    offer(state, q, give=(), ask=("coin",))
    for level in ("random", "greedy", "search"):
        for seed in range(20 if level == "random" else 2):
            assert GAME.make_bot(level, q, seed).choose(state).kind != "time-up"


def test_greedy_sells_a_spare_card_to_an_offer_made_to_someone_else():
    """The counter-offer of a player the offer was not made to: greedy sells what was asked, if it is
    spare, for a coin (as it does for an offer made to it)."""
    state = to_phase(new(3, seed=3), "trade")
    p = state.turn_player
    q, r = (p + 1) % 3, (p + 2) % 3
    useless = next(a for a in AMINO_NAMES if all(a not in protein(n).sequence for n in state.proteins[r]))
    give_hand(state, r, useless)
    state.coins[p] = 2
    state.pool.count -= 2
    offer(state, q, give=(), ask=(f"aa:{useless}",))
    act(state, "decline")
    assert state.current_player == r
    bot = GAME.make_bot("greedy", r, 0)
    while state.current_player == r:
        state.apply(bot.choose(state))
    top = state.pending[-1]
    assert top.kind == "offer" and top.player == p and top.data["from"] == r
    assert top.data["give"] == (f"aa:{useless}",) and top.data["ask"] == ("coin",)


@pytest.mark.parametrize("options", [{}, {"trade_minute": True}])
def test_the_legal_moves_asked_by_situation_are_the_whole_tables(options):
    """Issue 41: NUCLEO lists its legal moves asking only the kinds of move that can have an option
    while the position waits for what it waits for (rules.KINDS_WHILE); the list, labels and order
    included, is the one every kind of the table asked in turn gives, so records replay the same."""
    from biocards.bots import RandomBot
    from biocards.core.game import GameState

    compared = Counter()
    for players in (2, 3, 4):
        state = GAME.new_state(players, players, **options)
        bots = [RandomBot(GAME, s, players) for s in range(players)]
        while not state.is_terminal():
            legal, whole = state._compute_legal(), GameState._compute_legal(state)
            assert legal == whole and [a.label for a in legal] == [a.label for a in whole]
            compared[state.pending[-1].kind if state.pending else state.phase] += 1
            state.apply(bots[state.current_player].choose(state))
    assert set(compared) >= {"roll", "trade", "build", "choose-amino", "offer-target", "offer-give", "offer-ask",
                             "offer", "counter-chance", "trade-in"}, compared
