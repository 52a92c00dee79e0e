"""Peptide rules, one test per rule of the rulebook (the Peptide rulebook) and per ruling (docs/rules-decisions.md › Peptide)."""

from itertools import product

import pytest

from biocards import games
from biocards.core import Action, IllegalAction, InvalidRecord
from biocards.core.testing import assert_fair_bot
from biocards.games.peptide import amino_card, hand_points
from biocards.games.peptide.cards import AMINO_CARDS, ORGANELLES_REMOVED, STOP
from biocards.games.peptide.rules import MAX_ROUNDS, TWO_PLAYER_STOP_DEPTH

GAME = games.get("peptide")
# NCBI translation table 1 in UCAG order, first letter slowest ("*" = stop).
_CODE = "FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG"
GENETIC_CODE = {"".join(c): aa for c, aa in zip(product("UCAG", repeat=3), _CODE)}


def new(players=2, seed=1, **options):
    # Player 1 holds the First Player card, as the rulebook's youngest player would.
    return GAME.new_state(players, seed, **{"first_player": 0, **options})


def to_resolve(st, mine, other=(("mitochondrion", False),)):
    """A hand-built Phase 2 position: seat 0 to resolve ``mine``, seat 1 ``other`` (a custom setup)."""
    st.org_deck.discard(*st.field)
    st.field, st.phase = [], "resolve"
    st.queue = list(range(st.num_players))
    st.selected[0] = [list(s) for s in mine]
    for q in range(1, st.num_players):
        st.selected[q] = [list(s) for s in other]
    return st


def do(st, kind, **params):
    return st.apply(Action(kind, **params))


# -- cards -----------------------------------------------------------------------------------------

def test_deck_has_twenty_amino_acids_each_with_a_real_rna_codon():
    """docs/rules-decisions.md › Peptide: one card per standard amino acid, each showing one real codon (NCBI table 1, RNA)."""
    assert len(AMINO_CARDS) == 20
    for code, card in AMINO_CARDS.items():
        assert set(card.codon) <= set("AGCU") and len(card.codon) == 3
        assert GENETIC_CODE[card.codon] == code, card


def test_fixed_codons_and_values_from_the_rulebook():
    """docs/rules-decisions.md › Peptide: Arginine CGA, Threonine ACC, Serine UCA; Asparagine 5, Proline 6, Valine 5."""
    assert amino_card("R").codon == "CGA"
    assert amino_card("T").codon == "ACC"
    assert amino_card("S").codon == "UCA"
    assert (amino_card("N").value, amino_card("P").value, amino_card("V").value) == (5, 6, 5)
    with pytest.raises(ValueError):
        amino_card("B")


# -- setup -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_by_player_count(players):
    """Setup: organelles removed 6/4/2/0/0; 2 ATP each from 32; STOP in the last four (two players:
    the 9th to 12th from the bottom, our two-player setup); two RNA up; +3 +2 +1."""
    st = new(players, seed=players)
    assert len(st.org_box) == ORGANELLES_REMOVED[players]
    dealt = 6 if players == 2 else 2 * players
    assert len(st.field) == dealt  # Phase 1: two per player, six for two players
    assert len(st.org_deck) + len(st.org_box) + len(st.field) == 30
    assert st.atp == [2] * players and st.atp_supply == 32 - 2 * players
    low = TWO_PLAYER_STOP_DEPTH if players == 2 else 0
    assert STOP in st.amino_deck[low:low + 4] and len(st.amino_deck) == 21
    assert len(st.rna_up) == 2 and len(st.rna_deck) == 46
    assert st.bonus_stack == [3, 2, 1]
    assert st.first_player == 0 and st.current_player == 0


def test_stacked_field_in_view():
    """Phase 1: repeating organelles are stacked (the view counts each type once)."""
    st = new(6, seed=3)
    view = st.view(0)
    assert sum(view["field"].values()) == 12
    assert all(view["field"][o] == st.field.count(o) for o in view["field"])


# -- phase 1 ---------------------------------------------------------------------------------------

def test_two_selections_each_in_turn_order_then_phase_two():
    """Phase 1: from the First Player clockwise, each selects once, then again; leftovers are discarded."""
    st = new(3, seed=2)
    order = []
    for _ in range(6):
        order.append(st.current_player)
        pick = next(a for a in st.legal_actions() if a.kind == "pick")
        st.apply(pick)
    assert order == [0, 1, 2, 0, 1, 2]
    assert st.phase == "resolve" and st.field == [] and st.current_player == 0
    assert all(len(s) == 2 for s in st.selected)


def test_face_down_selection_gives_one_atp():
    """Alternative selection: a face-down organelle is resolved for 1 ATP instead of its action."""
    st = to_resolve(new(), [("ribosome", True)])
    do(st, "resolve", organelle="ribosome", facedown=True)
    assert st.atp[0] == 3 and not st.pending


def test_first_player_card_once_per_round_and_takes_effect_at_once():
    """docs/rules-decisions.md › Peptide: taking the First Player card uses a selection, once per round; Phase 2 starts with the taker."""
    st = new(3, seed=4)
    pick = next(a for a in st.legal_actions() if a.kind == "pick")
    st.apply(pick)  # seat 0
    do(st, "first-player")  # seat 1
    assert st.first_player == 1
    assert Action("first-player") not in st.legal_actions()
    with pytest.raises(IllegalAction, match="already been taken"):
        do(st, "first-player")
    while st.phase == "select":
        st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))
    assert st.current_player == 1 and len(st.selected[1]) == 1


def test_select_twice_costs_three_and_gives_up_the_later_turn():
    """ATP action Select Twice: 3 ATP on your first selection; both selections now, no second turn."""
    st = new(2, seed=5)
    st.atp[0] = 4
    st.atp_supply -= 2
    do(st, "select-twice")
    assert st.atp[0] == 1
    st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))
    assert st.current_player == 0
    st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))
    assert st.queue == [1, 1]


def test_reset_fields_cost_atp_and_repeat_in_one_turn():
    """docs/rules-decisions.md › Peptide: ATP actions (reset RNA 1, reset organelles 2) any number of times in your own turn."""
    st = new(2, seed=6)
    st.atp[0], st.atp_supply = 5, st.atp_supply - 3
    do(st, "reset-rna")
    do(st, "reset-rna")
    do(st, "reset-organelles")
    assert st.atp[0] == 1 and len(st.field) == 6 and len(st.rna_up) == 2
    with pytest.raises(IllegalAction, match="You need 2 ATP"):
        do(st, "reset-organelles")


def test_reset_rna_in_phase_two():
    """ATP actions may be taken in your own turn of either Phase."""
    st = to_resolve(new(), [("mitochondrion", False)])
    assert Action("reset-rna") in st.legal_actions()


# -- phase 2: organelles ---------------------------------------------------------------------------

def test_mitochondrion_gives_two_atp_from_a_finite_supply():
    """Mitochondria: collect 2 ATP; docs/rules-decisions.md › Peptide: a gain larger than the supply gives what is left."""
    st = to_resolve(new(), [("mitochondrion", False), ("mitochondrion", False)])
    do(st, "resolve", organelle="mitochondrion", facedown=False)
    assert st.atp[0] == 4
    st.atp[1] += st.atp_supply - 1
    st.atp_supply = 1
    do(st, "resolve", organelle="mitochondrion", facedown=False)
    assert st.atp[0] == 5 and st.atp_supply == 0


def test_nucleus_take_face_up_is_replaced():
    """Nucleus option 1: take a face-up RNA card; a new one is flipped to replace it."""
    st = to_resolve(new(), [("nucleus", False)])
    first = st.rna_up[0]
    do(st, "resolve", organelle="nucleus", facedown=False)
    do(st, "rna-take", index=0)
    assert sum(st.rna[0]) == 1 and st.rna[0]["AGCU".index(first)] == 1 and len(st.rna_up) == 2


def test_nucleus_draw_two_keep_one_discard_other():
    """Nucleus option 2: draw two from the RNA deck, keep one, discard the other."""
    st = to_resolve(new(), [("nucleus", False)])
    do(st, "resolve", organelle="nucleus", facedown=False)
    do(st, "rna-draw2")
    drawn = st.pending[-1].data["drawn"]
    do(st, "keep", letter=drawn[0])
    assert sum(st.rna[0]) == 1 and st.rna_deck.discards == [drawn[1]]


def test_rna_deck_reshuffles_its_discards():
    """Nucleus: when the RNA deck is empty, the discard pile is shuffled into a new deck."""
    st = to_resolve(new(), [("nucleus", False)])
    st.rna_deck.discards, st.rna_deck.cards = st.rna_deck.cards, []
    do(st, "resolve", organelle="nucleus", facedown=False)
    do(st, "rna-draw2")
    assert st.rna_deck.reshuffles == 1


def test_vacuole_basic_gives_one_rna_and_one_atp():
    """Vacuole: draw the top RNA card and collect 1 ATP."""
    st = to_resolve(new(), [("vacuole", False)])
    do(st, "resolve", organelle="vacuole", facedown=False)
    assert sum(st.rna[0]) == 1 and st.atp[0] == 3


def test_synthetase_keeps_one_and_returns_the_other_on_top():
    """Amino-Acyl: pay 2 ATP, draw two Amino Acids, keep one, the other back on top."""
    st = to_resolve(new(), [("synthetase", False)])
    st.amino_deck[-2:] = ["P", "W"]
    do(st, "resolve", organelle="synthetase", facedown=False)
    do(st, "synthesize")
    do(st, "keep", code="P")
    assert st.hand[0] == ["P"] and st.amino_deck[-1] == "W" and st.atp[0] == 0
    assert st.view(0)["amino_top"] == "W" and st.view(1)["amino_top"] is None


def test_synthetase_needs_two_atp():
    """Amino-Acyl: without 2 ATP you cannot draw."""
    st = to_resolve(new(), [("synthetase", False)])
    st.atp[0], st.atp_supply = 1, st.atp_supply + 1
    do(st, "resolve", organelle="synthetase", facedown=False)
    assert [a.kind for a in st.legal_actions()] == ["skip"]
    with pytest.raises(IllegalAction, match="You need 2 ATP"):
        do(st, "synthesize")


def test_stop_is_revealed_and_one_more_round_is_played():
    """Winning the Game / docs/rules-decisions.md › Peptide: STOP drawn ⇒ finish this round, play one more, then score."""
    st = to_resolve(new(), [("synthetase", False)])
    st.amino_deck[-2:] = [STOP, "W"]
    do(st, "resolve", organelle="synthetase", facedown=False)
    events = do(st, "synthesize")
    assert st.hand[0] == ["W"] and st.stop_round == 1
    assert any("stop-codon" in e.concepts for e in events)
    assert st.view(None)["stop_out"]
    bot = [GAME.make_bot("greedy", s, 1) for s in range(2)]
    while st.round == 1:
        st.apply(bot[st.current_player].choose(st))
    assert st.round == 2 and not st.is_terminal()
    while not st.is_terminal():
        st.apply(bot[st.current_player].choose(st))
    assert st.round == 2


def test_ribosome_links_with_the_three_matching_rna():
    """Ribosome option 1: pay 1 ATP, match an amino acid with its three RNA, add it face up to the chain."""
    st = to_resolve(new(), [("ribosome", False)])
    st.hand[0] = ["S", "T"]
    st.rna[0] = [1, 0, 1, 1]  # A, C, U: Serine UCA, not Threonine ACC
    do(st, "resolve", organelle="ribosome", facedown=False)
    links = [a for a in st.legal_actions() if a.kind == "link"]
    assert links == [Action("link", code="S")]
    events = do(st, "link", code="S")
    assert st.chain[0] == [["S", False]] and st.rna[0] == [0, 0, 0, 0] and st.atp[0] == 1
    assert "U-C-A" in events[0].text and "codon" in events[0].concepts and "start-codon" in events[0].concepts


def test_ribosome_permanent_flips_leftmost_and_takes_bonus_in_order():
    """Ribosome option 2: flip the leftmost face-up amino acid, discard its RNA, take +3, then +2, then +1."""
    st = to_resolve(new(), [("ribosome", False)] * 2, other=[("ribosome", False)] * 2)
    st.chain[0] = [["S", False], ["Q", False]]
    st.chain[1] = [["A", False]]
    do(st, "resolve", organelle="ribosome", facedown=False)
    do(st, "permanent")
    assert st.chain[0] == [["S", True], ["Q", False]] and st.bonus[0] == [3]
    assert sorted(st.rna_deck.discards) == sorted("UCA")
    do(st, "resolve", organelle="ribosome", facedown=False)
    do(st, "permanent")
    assert st.bonus[0] == [3, 2] and st.bonus_stack == [1]


def test_organelles_must_all_be_resolved_before_ending_turn():
    """Phase 2: each player resolves all the organelles they selected (in any order)."""
    st = to_resolve(new(), [("vacuole", False), ("mitochondrion", False)])
    kinds = {(a.kind, a.get("organelle")) for a in st.legal_actions()}
    assert ("end-turn", None) not in kinds and ("resolve", "vacuole") in kinds
    with pytest.raises(IllegalAction, match="Resolve all"):
        do(st, "end-turn")


def test_organelle_deck_reshuffles():
    """If the Organelle deck runs out, its discard pile is shuffled into a new deck."""
    st = new(2, seed=8)
    st.org_deck.discards, st.org_deck.cards = st.org_deck.cards, []
    st.atp[0], st.atp_supply = 4, st.atp_supply - 2
    do(st, "reset-organelles")
    assert len(st.field) == 6 and st.org_deck.reshuffles == 1


# -- scoring ---------------------------------------------------------------------------------------

def test_rulebook_scoring_example_is_16():
    """Winning the Game example: Asn, Pro flipped (5+6), Val face up (3), +3 bonus, hand His +1, Leu −1, Ser −1."""
    st = new()
    st.chain[0] = [["N", True], ["P", True], ["V", False]]
    st.bonus[0] = [3]
    st.hand[0] = ["H", "L", "S"]
    st.rna[0] = [1, 1, 1, 1]  # A G C U: His CAU matches; then Leu CUG and Ser UCA cannot
    assert st.scores()[0] == 16
    assert sum(v for _, v in st.score_breakdown(0)) == 16


def test_hand_scoring_uses_the_best_assignment():
    """docs/rules-decisions.md › Peptide: each RNA counts once; the best assignment, not draw order (His+Asn beat Gln)."""
    assert hand_points("QHN", "CAUAAU") == 1
    assert hand_points("NHQ", "UAACUA") == 1
    assert hand_points("", "") == 0
    assert hand_points("WW", "UGG") == 0


# -- advanced --------------------------------------------------------------------------------------

def test_advanced_track_starts_at_four_and_three_and_is_capped():
    """docs/rules-decisions.md › Peptide, advanced game: energy starts 4 (max 10), RNA 3 (max 9); a Vacuole may raise one by a step."""
    st = to_resolve(new(advanced=True), [("vacuole", False)])
    assert st.track[0] == [4, 3]
    do(st, "resolve", organelle="vacuole", facedown=False)
    do(st, "vacuole", choice="energy")
    assert st.track[0] == [5, 3] and st.atp[0] == 2
    st2 = to_resolve(new(advanced=True), [("vacuole", False)])
    st2.track[0] = [10, 9]
    do(st2, "resolve", organelle="vacuole", facedown=False)
    assert [a.get("choice") for a in st2.legal_actions()] == ["collect"]


def test_advanced_discard_down_at_end_of_round():
    """Advanced: over a limit at the end of the round, discard down, choosing what."""
    st = to_resolve(new(advanced=True), [("mitochondrion", False)], other=[])
    st.atp[0], st.atp_supply = 4, st.atp_supply - 2
    st.rna[0] = [4, 0, 0, 0]
    st.rna_deck.cards = st.rna_deck.cards[4:]
    do(st, "resolve", organelle="mitochondrion", facedown=False)  # 6 ATP over a limit of 4
    do(st, "end-turn")
    do(st, "end-turn")
    assert st.phase == "discard" and st.current_player == 0
    for _ in range(2):
        do(st, "discard", item="ATP")
    do(st, "discard", item="A")
    assert st.atp[0] == 4 and st.rna[0] == [3, 0, 0, 0] and st.round == 2 and st.phase == "select"


def test_basic_game_has_no_limits():
    """The Basic game has no Vacuole track: no discarding at the end of a round."""
    st = to_resolve(new(), [("mitochondrion", False)], other=[])
    st.rna[0] = [9, 0, 0, 0]
    st.rna_deck.cards = st.rna_deck.cards[9:]
    do(st, "resolve", organelle="mitochondrion", facedown=False)
    do(st, "end-turn")
    do(st, "end-turn")
    assert st.round == 2 and st.rna[0][0] == 9


def test_round_cap_ends_the_game():
    """Cap (docs/rules-decisions.md › All games: with no STOP drawn, the game ends after round MAX_ROUNDS."""
    st = new(2, seed=9)
    st.round = MAX_ROUNDS
    bot = [GAME.make_bot("random", s, 1) for s in range(2)]
    while not st.is_terminal():
        st.apply(bot[st.current_player].choose(st))
    assert st.round == MAX_ROUNDS


# -- information and bots --------------------------------------------------------------------------

def test_view_hides_other_hands_and_face_down_organelles():
    """Hidden information: RNA and Amino Acid hands are concealed; face-down selections too."""
    st = to_resolve(new(), [("ribosome", True)], other=[("nucleus", True)])
    st.hand[1] = ["W"]
    v = st.view(0)
    assert v["seats"][1]["hand"] is None and v["seats"][1]["hand_count"] == 1
    assert v["seats"][1]["selected"][0]["organelle"] is None
    assert v["seats"][0]["selected"][0]["organelle"] == "ribosome"


def test_greedy_is_fair_and_beats_random():
    """Bots: greedy decides from its own seat's view, and wins clearly more than random."""
    st = new(3, seed=2)
    for ply in range(40):
        assert_fair_bot(st, "greedy", ply)
        st.apply(GAME.make_bot("random", st.current_player, 1).choose(st))
    from biocards.bots import play_out
    wins = 0
    for seed in range(30):
        st = new(2, seed)
        play_out(st, [GAME.make_bot("greedy", 0, seed), GAME.make_bot("random", 1, seed)])
        wins += st.scores()[0] > st.scores()[1]
    assert wins >= 25


# -- audit additions: one test per rule or ruling not covered above ---------------------------------

@pytest.mark.parametrize("players, options", [(3, {}), (4, {}), (2, {"two_player_stop": False})])
def test_stop_lies_in_each_of_the_bottom_four_and_never_higher(players, options):
    """Setup step 7: the STOP card goes at random somewhere among the last four Amino Acid cards
    (three or more players, or two with the printed setup)."""
    depths = {new(players, seed, **options).amino_deck.index(STOP) for seed in range(60)}
    assert depths == {0, 1, 2, 3}  # index 0 is the bottom card of the deck


# -- issue 13: the two-player setup ends the game by the STOP card ---------------------------------

def test_two_player_setup_hides_the_stop_among_the_ninth_to_twelfth_cards_from_the_bottom():
    """Two-player setup (rules page): the STOP goes among cards 9–12 from the bottom, so two players
    reach it; the same shuffles as the printed setup, only the STOP sits eight cards higher."""
    depths = {new(2, seed).amino_deck.index(STOP) for seed in range(60)}
    assert depths == {8, 9, 10, 11} and TWO_PLAYER_STOP_DEPTH == 8
    for seed in range(10):
        printed, ours = new(2, seed, two_player_stop=False), new(2, seed)
        assert [c for c in printed.amino_deck if c != STOP] == [c for c in ours.amino_deck if c != STOP]
        assert ours.amino_deck.index(STOP) == printed.amino_deck.index(STOP) + 8
        assert printed.view(0) == ours.view(0)


def test_two_player_games_between_greedy_bots_end_by_the_stop_card():
    """Issue 13: with the two-player setup, greedy-vs-greedy games end by the STOP card, not the cap
    (with the printed setup none of 40 did)."""
    from biocards.bots import play_out

    ended_by_stop = 0
    for seed in range(20):
        st = play_out(new(2, seed), [GAME.make_bot("greedy", s, seed) for s in range(2)])
        ended_by_stop += st.stop_round is not None and st.round == st.stop_round + 1
    assert ended_by_stop >= 18


def test_a_version_1_record_replays_with_the_printed_stop_depth():
    """Records saved before the two-player setup (version 1, no such option) load and replay exactly
    as they were played: the STOP among the bottom four."""
    from biocards.bots import play_out

    old = play_out(new(2, 5, two_player_stop=False), [GAME.make_bot("greedy", s, 5) for s in range(2)])
    record = {**old.to_record(), "version": 1, "options": {"advanced": False}}  # as version 1 saved it
    again = GAME.load(record)
    assert again.history == old.history and again.scores() == old.scores() and again.is_terminal()
    assert again.amino_deck == old.amino_deck and again.options["two_player_stop"] is False
    assert again.to_record()["version"] == GAME.version and GAME.load(again.to_record()).history == old.history
    with pytest.raises(InvalidRecord):
        GAME.load({**record, "version": 4})


def test_the_log_says_which_rule_ended_the_game():
    """Issue 13 (make the log true): the last event names the STOP codon or the round cap, and the
    STOP's reveal names the two-player setup."""
    from biocards.bots import play_out

    st = new(2, 3)
    bots = [GAME.make_bot("greedy", s, 3) for s in range(2)]
    texts = []
    while not st.is_terminal():
        texts += [e.text for e in st.apply(bots[st.current_player].choose(st))]
    assert "STOP" in texts[-1] and "game ends" in texts[-1]
    assert any("two-player setup" in t for t in texts if "reveals the STOP" in t)
    capped = new(2, 9, two_player_stop=False)
    capped.round = MAX_ROUNDS
    last = []
    while not capped.is_terminal():
        last = capped.apply(bots[capped.current_player].choose(capped))
    assert "round cap" in last[-1].text and f"Round {MAX_ROUNDS}" in last[-1].text


def test_determinized_worlds_keep_the_stop_where_the_setup_put_it():
    """The search bot's re-dealt worlds put the STOP only where it can be (9th–12th from the bottom
    with two players), so it does not expect the game to end sooner or later than it can."""
    for seed in range(30):
        st = new(2, seed)
        for k in range(6):
            assert STOP in st.determinized(0, seed * 10 + k).amino_deck[8:12]
    assert STOP in new(3, 1).determinized(0, 1).amino_deck[:4]


def test_removed_organelles_are_random():
    """Setup step 3: the removed organelles are chosen at random (not always the same cards)."""
    assert len({tuple(new(2, seed).org_box) for seed in range(20)}) > 5


def test_each_round_deals_two_per_player_or_six_for_two_and_discards_leftovers():
    """Phase 1 every round: 2 organelles per player (6 for two players); leftovers go to the discard pile."""
    for players, size in ((2, 6), (3, 6), (4, 8), (6, 12)):
        st = new(players, seed=players)
        while st.phase == "select":
            st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))
        assert st.field == [] and len(st.org_deck.discards) == size - 2 * players  # two picks each
        while st.round == 1:
            st.apply(st.legal_actions()[0])  # resolve, answer or end turn (ATP actions come last)
        assert st.phase == "select" and len(st.field) == size


def test_next_round_starts_with_whoever_took_the_first_player_card():
    """docs/rules-decisions.md › Peptide: the taker is First Player at once, so Phase 2 and the next round start with them."""
    st = new(3, seed=4)
    st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))  # seat 0
    st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))  # seat 1
    do(st, "first-player")  # seat 2
    while st.phase == "select":
        st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))
    order = []
    while st.round == 1:
        if st.current_player not in order:
            order.append(st.current_player)
        st.apply(next(a for a in st.legal_actions() if a.kind in ("resolve", "end-turn", "skip", "vacuole",
                                                                  "rna-take", "keep")))
    assert order == [2, 0, 1]
    assert st.current_player == 2 and st.first_player == 2 and not st.first_taken


def test_select_twice_only_on_your_first_selection():
    """ATP action Select Twice: only when it is your first turn to select in a round."""
    st = new(2, seed=5)
    st.atp = [5, 5]
    st.atp_supply = 32 - 10
    st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))  # seat 0, first selection
    st.apply(next(a for a in st.legal_actions() if a.kind == "pick"))  # seat 1
    assert st.current_player == 0 and Action("select-twice") not in st.legal_actions()
    with pytest.raises(IllegalAction, match="first selection"):
        do(st, "select-twice")


def test_atp_actions_wait_until_an_organelle_choice_is_answered():
    """Design (rules page): ATP actions happen between choices, not inside one (draw two, keep one)."""
    st = to_resolve(new(), [("nucleus", False)])
    do(st, "resolve", organelle="nucleus", facedown=False)
    do(st, "rna-draw2")
    assert {a.kind for a in st.legal_actions()} == {"keep"}
    with pytest.raises(IllegalAction, match="First finish this"):
        do(st, "reset-rna")


def test_organelles_resolve_in_the_order_you_choose():
    """Phase 2: a player resolves their own organelles in whichever order they like."""
    for first, second in (("ribosome", "mitochondrion"), ("mitochondrion", "ribosome")):
        st = to_resolve(new(), [("mitochondrion", False), ("ribosome", False)])
        st.hand[0], st.rna[0] = ["S"], [1, 0, 1, 1]
        do(st, "resolve", organelle=first, facedown=False)
        if first == "ribosome":
            do(st, "link", code="S")
        do(st, "resolve", organelle=second, facedown=False)
        if second == "ribosome":
            do(st, "link", code="S")
        assert st.chain[0] == [["S", False]] and st.atp[0] == 3 and not st.selected[0]


def test_bonus_cards_run_out_after_three_permanent_additions():
    """Ribosome option 2: only the first three permanent additions of the game take a bonus card."""
    st = to_resolve(new(), [("ribosome", False)] * 4)
    st.atp[0], st.atp_supply = 4, st.atp_supply - 2
    st.chain[0] = [[c, False] for c in "SQAW"]
    for _ in range(4):
        do(st, "resolve", organelle="ribosome", facedown=False)
        do(st, "permanent")
    assert st.bonus[0] == [3, 2, 1] and st.bonus_stack == [] and all(perm for _, perm in st.chain[0])


def test_permanent_needs_a_linked_amino_acid_and_link_needs_its_rna():
    """Ribosome: nothing to flip without a face-up link; nothing to link without the three RNA."""
    st = to_resolve(new(), [("ribosome", False)])
    st.hand[0] = ["W"]
    st.rna[0] = [0, 1, 0, 1]  # G, U: Tryptophan UGG needs two G
    do(st, "resolve", organelle="ribosome", facedown=False)
    assert [a.kind for a in st.legal_actions()] == ["skip"]


def test_gains_from_face_down_cards_and_vacuoles_stop_at_an_empty_supply():
    """docs/rules-decisions.md › Peptide: 32 ATP are all there is; a face-down card or Vacuole with the supply empty gives 0 ATP."""
    st = to_resolve(new(), [("vacuole", False), ("nucleus", True)])
    st.atp[1] += st.atp_supply
    st.atp_supply = 0
    do(st, "resolve", organelle="vacuole", facedown=False)
    events = do(st, "resolve", organelle="nucleus", facedown=True)
    assert st.atp[0] == 2 and sum(st.rna[0]) == 1 and "0 ATP" in events[0].text


def test_vacuole_second_option_raises_the_rna_limit_and_only_in_advanced():
    """Advanced: a Vacuole may move the RNA marker up one step instead; the Basic game has no such choice."""
    st = to_resolve(new(advanced=True), [("vacuole", False)])
    do(st, "resolve", organelle="vacuole", facedown=False)
    assert {a.get("choice") for a in st.legal_actions()} == {"collect", "energy", "rna"}
    do(st, "vacuole", choice="rna")
    assert st.track[0] == [4, 4] and sum(st.rna[0]) == 0
    basic = to_resolve(new(), [("vacuole", False)])
    do(basic, "resolve", organelle="vacuole", facedown=False)
    assert not basic.pending and basic.atp[0] == 3


def test_advanced_every_player_over_a_limit_discards_first_player_first():
    """Advanced: at the end of each round each player over a limit discards, in turn order from the First Player."""
    st = to_resolve(new(3, advanced=True), [], other=[])
    st.first_player, st.queue = 1, [1, 2, 0]
    for p in (0, 2):
        st.rna[p] = [0, 0, 0, 5]
    st.rna_deck.cards = st.rna_deck.cards[10:]
    for _ in range(3):
        do(st, "end-turn")
    order = []
    while st.phase == "discard":
        order.append(st.current_player)
        do(st, "discard", item="U")
    assert order == [2, 2, 0, 0] and st.rna[0][3] == st.rna[2][3] == 3 and st.round == 2


def test_advanced_discard_also_happens_in_the_last_round():
    """Advanced: the limits hold at the end of every round, the last one too (before scoring)."""
    st = to_resolve(new(advanced=True), [], other=[])
    st.stop_round = 0  # STOP came out last round: this round is the last
    st.rna[0] = [0, 0, 0, 4]
    st.rna_deck.cards = st.rna_deck.cards[4:]
    do(st, "end-turn")
    do(st, "end-turn")
    assert st.phase == "discard" and not st.is_terminal()
    do(st, "discard", item="U")
    assert st.is_terminal() and st.rna[0][3] == 3


def test_hand_points_takes_letters_in_any_iterable_and_refuses_dna_letters():
    """Public hand_points(aminos, rna): one-letter codes and RNA letters; T is DNA's letter, not RNA's."""
    assert hand_points(["H", "L", "S"], list("CAUG")) == -1
    assert hand_points("h", "cau") == 1
    with pytest.raises(ValueError, match="uracil"):
        hand_points("F", "TTT")
    with pytest.raises(ValueError):
        hand_points("B", "AAA")


def test_hand_points_is_the_best_assignment_on_every_small_hand():
    """docs/rules-decisions.md › Peptide: hand scoring uses the assignment matching the most cards (checked against brute force)."""
    from itertools import permutations

    def brute(aminos, rna):
        best = 0
        for order in permutations(aminos):
            left, n = list(rna), 0
            for code in order:
                codon = amino_card(code).codon
                if all(left.count(b) >= codon.count(b) for b in set(codon)):
                    for b in codon:
                        left.remove(b)
                    n += 1
            best = max(best, n)
        return 2 * best - len(aminos)

    from biocards.core import Rng
    rng = Rng(7)
    codes = sorted(AMINO_CARDS)
    for _ in range(300):
        aminos = [codes[rng.randbelow(20)] for _ in range(rng.randbelow(5))]
        rna = "".join("AGCU"[rng.randbelow(4)] for _ in range(rng.randbelow(13)))
        assert hand_points(aminos, rna) == brute(aminos, rna), (aminos, rna)


def test_a_face_down_rna_draw_is_not_named_in_the_log():
    """Hidden information: RNA in hand is concealed, so the log names a drawn card only if it was face up."""
    st = to_resolve(new(), [("nucleus", False)])
    do(st, "resolve", organelle="nucleus", facedown=False)
    do(st, "rna-draw2")
    kept, thrown = st.pending[-1].data["drawn"]
    events = do(st, "keep", letter=kept)
    from biocards.games.peptide.cards import RNA_NAMES
    assert events[0].text.endswith(f"discards {RNA_NAMES[thrown]} ({thrown}).")
    assert "keeps one RNA card (hidden in hand)" in events[0].text and "letter" not in events[0].data


def test_link_log_names_the_codon_and_why_for_every_amino_acid():
    """Learning: a linked amino acid's log line says which codon its three RNA spell and why it means that amino acid."""
    for code, card in AMINO_CARDS.items():
        st = to_resolve(new(), [("ribosome", False)])
        st.hand[0] = [code]
        st.rna[0] = [card.codon.count(b) for b in "AGCU"]
        do(st, "resolve", organelle="ribosome", facedown=False)
        text = do(st, "link", code=code)[0].text
        assert "-".join(card.codon) in text and f"codon {card.codon}" in text
        assert f"tRNA that carries {card.name.lower()}" in text


def test_events_name_every_concept_the_issue_lists():
    """Issue "Learning": events name ATP, mitochondrion, nucleus, transcription, mRNA, uracil vs thymine,
    vacuole, aminoacyl-tRNA synthetase, tRNA, ribosome, codon, start and stop codon, peptide bond,
    primary structure; and every concept an event names is defined in lessons/concepts.toml."""
    import pathlib
    import tomllib

    from biocards.bots import play_out

    root = pathlib.Path(__file__).resolve().parents[2]
    known = set(tomllib.loads((root / "lessons" / "concepts.toml").read_text()))
    seen = set()
    for players, advanced in ((4, False), (6, True)):
        st = new(players, seed=1, advanced=advanced)
        bots = [GAME.make_bot("greedy", s, 1) for s in range(players)]
        while not st.is_terminal():
            for event in st.apply(bots[st.current_player].choose(st)):
                seen.update(event.concepts)
    assert {"atp", "mitochondrion", "nucleus", "transcription", "mrna", "uracil-vs-thymine", "vacuole",
            "aminoacyl-trna-synthetase", "trna", "ribosome", "codon", "start-codon", "stop-codon",
            "peptide-bond", "primary-structure"} <= seen
    assert seen <= known, seen - known


def _rehide(st, seat, seed):
    """A copy in which only what ``seat`` cannot see is changed: deck orders, others' hands and RNA,
    others' face-down organelles (an independent check of what ``determinized`` promises)."""
    from biocards.core import Rng

    rng = Rng(seed)
    twin = st.clone()
    others = [q for q in range(st.num_players) if q != seat]
    known_top = [twin.amino_deck.pop()] if st.top_known_by == seat and twin.amino_deck else []
    pool = [c for c in twin.amino_deck if c != STOP] + [c for q in others for c in twin.hand[q]]
    rng.shuffle(pool)
    for q in others:
        twin.hand[q], pool = sorted(pool[:len(st.hand[q])]), pool[len(st.hand[q]):]
    if STOP in st.amino_deck:
        pool.insert(0, STOP)
    twin.amino_deck = pool + known_top
    letters = list(twin.rna_deck.cards) + [b for q in others for b, n in zip("AGCU", twin.rna[q]) for _ in range(n)]
    rng.shuffle(letters)
    for q in others:
        n = sum(st.rna[q])
        twin.rna[q] = [letters[:n].count(b) for b in "AGCU"]
        letters = letters[n:]
    twin.rna_deck.cards = letters
    orgs = list(twin.org_deck.cards) + twin.org_box + [s[0] for q in others for s in twin.selected[q] if s[1]]
    rng.shuffle(orgs)
    for q in others:
        for s in twin.selected[q]:
            if s[1]:
                s[0] = orgs.pop()
    twin.org_box, twin.org_deck.cards = orgs[:len(st.org_box)], orgs[len(st.org_box):]
    return twin


@pytest.mark.parametrize("advanced", [False, True])
def test_greedy_choice_does_not_change_when_only_hidden_cards_change(advanced):
    """DESIGN (fair bots): re-dealing the cards a seat cannot see never changes what greedy plays there."""
    changed = 0
    for seed in range(4):
        st = new(4, seed, advanced=advanced)
        bots = [GAME.make_bot("greedy", s, seed) for s in range(4)]
        while not st.is_terminal():
            seat = st.current_player
            other = _rehide(st, seat, seed * 1000 + len(st.history))
            assert other.view(seat) == st.view(seat)
            changed += [h for q in range(4) if q != seat for h in other.hand[q]] != \
                [h for q in range(4) if q != seat for h in st.hand[q]]
            choice = bots[seat].choose(st)
            assert GAME.make_bot("greedy", seat, seed).choose(other) == choice, (seed, len(st.history))
            st.apply(choice)
    assert changed > 50  # the hidden cards really were different in many positions


# -- issue 13: refused moves give the real reason, named as the student sees it ---------------------

def test_every_kind_of_refused_move_gets_a_real_reason_without_internal_ids():
    """Issue 13: linking in Phase 1 is refused for the phase (not "You need 1 ATP"); no raw ids."""
    st = new()
    assert st.phase == "select"
    st.atp[st.current_player] = 0
    tries = [Action("link", code="R"), Action("permanent", code="R"), Action("synthesize"),
             Action("pick", organelle="synthetase", facedown=False), Action("pick", organelle="nowhere", facedown=False),
             Action("resolve", organelle="ribosome", facedown=False), Action("end-turn"),
             Action("reset-rna"), Action("select-twice")]
    for action in tries:
        if action in st.legal_actions():
            continue
        message = st.explain_illegal(action)
        assert "not a move you can make" not in message, action
        assert "'synthetase'" not in message and "nowhere" not in message, message
    assert "Phase 2" in st.explain_illegal(Action("link", code="R"))
    assert "ATP" not in st.explain_illegal(Action("link", code="R"))


def test_link_names_the_anticodon():
    """Issue 13: a Peptide link names the anticodon that reads the codon."""
    st = to_resolve(new(), [("ribosome", False)])
    st.hand[0] = ["S"]
    st.rna[0] = [1, 0, 1, 1]  # A, C, U: Serine UCA
    do(st, "resolve", organelle="ribosome", facedown=False)
    event = do(st, "link", code="S")[0]
    assert "anticodon" in event.concepts and "anticodon" in event.text


# -- issue 16: the search bot's evaluation -----------------------------------------------------------

def test_expected_final_with_no_rounds_left_is_the_score():
    """The search bot's evaluation agrees with the rules' scoring once nothing can change."""
    from biocards.bots import play_out
    from biocards.games.peptide.bots import expected_final

    for seed in range(6):
        st = play_out(new(2, seed), [GAME.make_bot("greedy", s, seed) for s in range(2)])
        assert [expected_final(st, p, 0) for p in range(2)] == st.scores()


def test_expected_final_values_an_amino_acid_in_hand_by_its_chance_of_being_matched():
    """Issue 16: with rounds to play, an amino acid in hand is worth more the fewer RNA letters it
    lacks (all three in hand: more than its +1; none: less, but more than the −1 it would score now)."""
    from biocards.games.peptide.bots import expected_final

    st = new(2, 1)
    st.hand[0], st.atp[0] = ["W"], 0  # Tryptophan, UGG, 7 points
    worth = []
    for rna in ([0, 2, 0, 1], [0, 1, 0, 1], [0, 0, 0, 1], [0, 0, 0, 0]):  # A G C U
        st.rna[0] = rna
        worth.append(expected_final(st, 0, 10) - 0.1 * (sum(rna) - 3 + sum(max(0, n - h) for n, h in zip([0, 2, 0, 1], rna))))
    assert worth == sorted(worth, reverse=True) and worth[0] > 1 and -1 < worth[-1] < worth[0]
    st.rna[0] = [0, 0, 0, 0]
    assert expected_final(st, 0, 0) == -1 and expected_final(st, 0, 10) > -1


def test_rounds_left_counts_the_stop_and_the_one_more_round():
    """The evaluation's clock: once the STOP is out, this round and one more; before, the cards
    above the STOP set it."""
    from biocards.games.peptide.bots import rounds_left

    st = new(2, 1)
    far = rounds_left(st)
    st.amino_deck = [c for c in st.amino_deck if c != STOP][:3] + [STOP] + ["A", "C"]
    assert 1 <= rounds_left(st) < far
    st.stop_round, st.round = 4, 4
    assert rounds_left(st) == 1
    st.round = 5
    assert rounds_left(st) == 0


def test_search_leaves_the_order_of_resolving_to_greedy():
    """Issue 16: the search spends its time on picks, draws and links; the order of resolving is
    greedy's (the same move, with no world sampled)."""
    st = new(2, 4)
    bots = [GAME.make_bot("greedy", s, 4) for s in range(2)]
    while st.phase != "resolve":
        st.apply(bots[st.current_player].choose(st))
    seat = st.current_player
    search = GAME.bots["search"](GAME, seat, 4, samples=1)
    assert search.delegate(st, st.legal_actions())
    assert search.choose(st) == GAME.make_bot("greedy", seat, 4).choose(st)
