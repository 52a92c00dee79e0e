"""Gene-expression matching game rules (the gene-expression game's rulebook, and docs/rules-decisions.md › Gene-expression matching game).

Each test names the rulebook section or ruling it checks; "design" marks decisions the rulebook
leaves open, documented on lessons/rules/expression.md.
"""

import re
from collections import Counter

import pytest

from biocards.bots import RandomBot, play_out
from biocards.core import Action, IllegalAction
from biocards.core.testing import fingerprint
from biocards.bench import EXTRAS, WIN_RATES
from biocards.games.expression import GAME, can_follow
from biocards.games.expression.cards import ACTIONS, DECK, MUTATIONS, PATHWAY
from biocards.games.expression.rules import MAX_HANDS, MAX_TURNS_PER_HAND, ExpressionState



def table(hands, top, *, players=None, draw=None, turn=0, seed=1, **options) -> ExpressionState:
    """A prepared position: these hands, this discard pile (last = top), the rest of the deck to draw."""
    players = players or len(hands)
    if players < 4:
        options.setdefault("variant", True)
    options.setdefault("first_player", 0)
    state = GAME.new_state(players, seed, **options)
    discard = [top] if isinstance(top, str) else list(top)
    state.hands = [list(h) for h in hands]
    state.discard = discard
    if draw is None:
        rest = Counter(DECK) - Counter(c for h in hands for c in h) - Counter(discard)
        draw = sorted(rest.elements())
    state.draw = list(draw)
    state.turn = state.first = turn
    state.pending, state.drawn, state.free = [], None, False
    state.passes = state.turns = 0
    state._legal = None
    return state


def act(state, kind, **params):
    return state.apply(Action(kind, **params))


def play(state, card):
    return act(state, "play", card=card)


def seed_turning_up(action: str, players: int = 4) -> int:
    """A seed whose first turned-up card is ``action`` (found by search: a known answer)."""
    for seed in range(2000):
        if GAME.new_state(players, seed).discard[0].endswith(":" + action):
            return seed
    raise AssertionError(f"no seed turns up {action}")


# -- the deck -----------------------------------------------------------------------------------

def test_deck_is_72_cards_four_categories_numbers_and_two_of_each_action():
    """docs/rules-decisions.md › Gene-expression matching game deck: 4 categories × (1–10 + two each of Substitution, Translocation, Deletion, Insertion)."""
    assert len(DECK) == 72
    counts = Counter(DECK)
    for category in PATHWAY:
        for n in range(1, 11):
            assert counts[f"{category}:{n}"] == 1
        for action in ACTIONS:
            assert counts[f"{category}:{action}"] == 2
    assert PATHWAY == ("promoter", "operon", "transcription-factor", "expressed-gene")


def test_seed_action_names_map_to_the_four_mutations():
    """docs/rules-decisions.md › Gene-expression matching game: gene replacement = Substitution, shift = Translocation, deletion, insertion."""
    assert [MUTATIONS[a].name for a in ACTIONS] == ["Substitution", "Translocation", "Deletion", "Insertion"]


# -- matching: can_follow -----------------------------------------------------------------------

@pytest.mark.parametrize("card, top, ok", [
    ("operon:7", "promoter:3", True),                   # the issue's example
    ("operon:substitution", "promoter:3", True),        # rulebook: any operon ("enhancer") card on promoter 3
    ("expressed-gene:3", "promoter:3", True),           # rulebook: any card with a 3
    ("transcription-factor:5", "promoter:3", False),    # two steps along is not the next step
    ("promoter:4", "promoter:3", False),                # same category is not a match
    ("transcription-factor:1", "operon:9", True),
    ("expressed-gene:10", "transcription-factor:2", True),
    ("promoter:8", "expressed-gene:1", True),           # the pathway starts again after expression
    ("operon:2", "expressed-gene:2", True),
    ("promoter:deletion", "transcription-factor:deletion", True),  # same action
    ("promoter:insertion", "promoter:3", False),
    ("operon:insertion", "operon:deletion", False),     # different action, same category
])
def test_can_follow_by_pathway_number_or_action(card, top, ok):
    """docs/rules-decisions.md › Gene-expression matching game: next category along promoter → operon → transcription factor → expressed gene →
    promoter, or the same number, or the same action (rulebook "Discarding" example: promoter 3)."""
    assert can_follow(card, top) is ok


@pytest.mark.parametrize("bad, says", [
    ("operon", "category:value"), ("operon:7:1", "category:value"), (7, "category:value"),
    (None, "category:value"), ("enhancer:3", "no category 'enhancer'"), ("Operon:3", "no category"),
    ("operon:11", "1–10"), ("operon:0", "1–10"), ("operon:07", "1–10"), ("operon:", "1–10"),
    ("operon: 7", "1–10"), ("operon:mutate", "substitution, translocation, deletion, insertion"),
])
def test_can_follow_rejects_malformed_cards_with_a_clear_value_error(bad, says):
    """Issue 7: cards are exactly category:value; anything else is a ValueError that quotes the input."""
    for card, top in [(bad, "promoter:3"), ("operon:7", bad)]:
        with pytest.raises(ValueError, match=re.escape(says)) as caught:
            can_follow(card, top)
        assert repr(bad) in str(caught.value)


# -- set-up -------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [4, 5, 6])
def test_setup_deals_six_and_turns_up_one(players):
    """Rulebook "Set-Up": six cards each, the rest a draw pile, one card starts the discard."""
    for seed in range(30):
        state = GAME.new_state(players, seed)
        if not state.discard[0].endswith(":insertion"):
            break
    assert [len(h) for h in state.hands] == [6] * players
    assert len(state.discard) == 1 and len(state.draw) == 72 - 6 * players - 1
    assert state.target == 500 and state.hand_no == 1


@pytest.mark.parametrize("players", [2, 3])
def test_two_or_three_players_need_the_variant_option(players):
    """docs/rules-decisions.md › Gene-expression matching game: 4–6 players as printed; 2–3 only as a marked variant (variant=True)."""
    with pytest.raises(ValueError, match="variant=True"):
        GAME.new_state(players, 1)
    with pytest.raises(ValueError, match="variant=True"):
        ExpressionState(players, 1, {"target": 500, "variant": False})
    state = GAME.new_state(players, 1, variant=True)
    assert state.view(0)["variant"] is True
    assert state.to_record()["options"]["variant"] is True


@pytest.mark.parametrize("players", [1, 7])
def test_player_count_outside_two_to_six_is_refused(players):
    with pytest.raises(ValueError):
        GAME.new_state(players, 1, variant=True)


def test_target_is_an_option_and_must_be_positive():
    """docs/rules-decisions.md › Gene-expression matching game: a match is played to 500, configurable."""
    assert GAME.new_state(4, 1, target=100).target == 100
    with pytest.raises(ValueError, match="target"):
        GAME.new_state(4, 1, target=0)


def test_the_target_is_bounded_so_no_value_makes_a_match_endless():
    """Every match ends by the hand cap whatever the target; the target itself is bounded too."""
    from biocards.games.expression.rules import MAX_HANDS, MAX_TARGET

    assert GAME.new_state(4, 1, target=MAX_TARGET).target == MAX_TARGET
    for too_big in (MAX_TARGET + 1, 10**9):
        with pytest.raises(ValueError, match="target"):
            GAME.new_state(4, 1, target=too_big)
    assert GAME.max_moves >= MAX_HANDS  # the move limit leaves room for every hand the cap allows


# -- the first card turned up -------------------------------------------------------------------

def test_first_card_translocation_skips_the_first_player():
    """Rulebook NOTE, docs/rules-decisions.md › Gene-expression matching game: a turned-up action acts on the first player: Translocation skips."""
    state = GAME.new_state(4, seed_turning_up("translocation"), first_player=0)
    assert state.current_player == 1 and [len(h) for h in state.hands] == [6, 6, 6, 6]


def test_first_card_insertion_makes_the_first_player_draw_two_and_skip():
    state = GAME.new_state(4, seed_turning_up("insertion"), first_player=0)
    assert state.current_player == 1 and [len(h) for h in state.hands] == [8, 6, 6, 6]


def test_first_card_deletion_lets_the_first_player_play_any_card():
    state = GAME.new_state(4, seed_turning_up("deletion"), first_player=0)
    assert state.current_player == 0 and state.free
    played = {a.card for a in state.legal_actions() if a.kind == "play"}
    assert played == set(state.hands[0])
    card = next(c for c in state.hands[0] if not can_follow(c, state.discard[-1]))
    events = play(state, card)
    assert state.discard[-1] == card and not state.free
    assert "any card" in events[0].text


def test_first_card_substitution_lets_the_first_player_swap_two_hands_then_play():
    state = GAME.new_state(4, seed_turning_up("substitution"), first_player=0)
    assert state.current_player == 0 and state.pending[-1].kind == "swap-first"
    h1, h2 = list(state.hands[1]), list(state.hands[2])
    act(state, "choose", seat=1)
    act(state, "choose", seat=2)
    assert state.hands[1] == h2 and state.hands[2] == h1
    assert state.current_player == 0 and not state.pending  # now an ordinary turn


def second_hand_turning_up(action: str):
    """Hand 1 won at once by Player 1; a seed whose hand 2 (first player: Player 2) turns up ``action``."""
    for seed in range(2000):
        state = table([["operon:7"], ["promoter:10"], ["operon:2"], ["promoter:1"]], "promoter:3", seed=seed)
        play(state, "operon:7")
        if state.discard[0].endswith(":" + action):
            return state
    raise AssertionError(f"no seed turns up {action} in hand 2")


def test_an_action_turned_up_in_a_later_hand_acts_on_that_hands_first_player():
    """docs/rules-decisions.md › Gene-expression matching game: the turned-up action acts on the first player, who is Player 2 in hand 2."""
    state = second_hand_turning_up("translocation")
    assert state.first == 1 and state.current_player == 2
    state = second_hand_turning_up("insertion")
    assert [len(h) for h in state.hands] == [6, 8, 6, 6] and state.current_player == 2
    state = second_hand_turning_up("deletion")
    assert state.current_player == 1 and state.free
    state = second_hand_turning_up("substitution")
    assert state.current_player == 1 and state.pending[-1].kind == "swap-first"


# -- ordinary turns -----------------------------------------------------------------------------

def test_playing_a_matching_card_puts_it_on_top_and_passes_the_turn():
    """Rulebook "Discarding": match the top card; play moves clockwise."""
    state = table([["operon:7", "promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3")
    assert [a.card for a in state.legal_actions() if a.kind == "play"] == ["operon:7"]
    events = play(state, "operon:7")
    assert state.discard[-1] == "operon:7" and state.hands[0] == ["promoter:1"]
    assert state.current_player == 1
    assert {"operon", "gene-expression"} <= set(events[0].concepts)


def test_a_card_that_does_not_match_is_refused_with_a_reason_and_changes_nothing():
    state = table([["transcription-factor:5", "promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]],
                  "promoter:3")
    before = fingerprint(state)
    with pytest.raises(IllegalAction, match="cannot go on Promoter 3: play an Enhancer"):
        play(state, "transcription-factor:5")
    with pytest.raises(IllegalAction, match="do not hold"):
        play(state, "operon:9")
    assert fingerprint(state) == before


def test_you_may_draw_even_when_you_could_play():
    """docs/rules-decisions.md › Gene-expression matching game: a player who cannot *or does not* play draws one card."""
    state = table([["operon:7", "promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3",
                  draw=["expressed-gene:9"])
    assert Action("draw") in state.legal_actions()
    act(state, "draw")
    assert sorted(state.hands[0]) == ["expressed-gene:9", "operon:7", "promoter:1"]
    assert state.current_player == 1


def test_a_drawn_card_that_matches_may_be_played_at_once():
    """Rulebook "Discarding": "Players can still play the card, if the card drawn is matched"."""
    state = table([["promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3",
                  draw=["operon:9"])
    act(state, "draw")
    assert state.pending[-1].kind == "drawn" and state.view(0)["pending"]["card"] == "operon:9"
    assert "card" not in state.view(1)["pending"]  # the others do not see what was drawn
    assert [a.kind for a in state.legal_actions()] == ["play", "keep"]
    with pytest.raises(IllegalAction, match="play it or keep it"):
        play(state, "promoter:1")
    play(state, "operon:9")
    assert state.discard[-1] == "operon:9" and state.hands[0] == ["promoter:1"]
    assert state.current_player == 1


def test_a_drawn_card_that_matches_may_be_kept():
    state = table([["promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3",
                  draw=["operon:9"])
    act(state, "draw")
    act(state, "keep")
    assert sorted(state.hands[0]) == ["operon:9", "promoter:1"] and state.current_player == 1


def test_the_draw_pile_reshuffles_all_discards_but_the_top():
    """Rulebook NOTE: keep the top card of the discard, shuffle the rest into a new draw pile."""
    discard = ["promoter:5", "operon:5", "transcription-factor:5", "expressed-gene:4"]
    state = table([["promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], discard, draw=[])
    events = act(state, "draw")
    assert state.discard == ["expressed-gene:4"]
    assert sorted(state.draw + state.hands[0]) == sorted(["promoter:1", *discard[:-1]])
    assert any(e.kind == "reshuffle" for e in events)


def test_with_nothing_to_draw_a_player_passes_and_a_full_round_of_passes_blocks_the_hand():
    """Design cap: a hand where nobody can draw or play for a full round goes to the fewest cards."""
    hands = [["promoter:1", "promoter:2"], ["promoter:4"], ["promoter:6", "promoter:7"], ["promoter:8", "promoter:9"]]
    state = table(hands, "promoter:3", draw=[])
    assert state.legal_actions() == [Action("pass")]
    with pytest.raises(IllegalAction):
        act(state, "draw")
    for _ in range(4):
        events = act(state, "pass")
    assert state.won[-1][:3] == (1, 1, 1 + 2 + 6 + 7 + 8 + 9)
    assert "blocked" in events[-1].text or any("blocked" in e.text for e in events)


# -- the four actions ---------------------------------------------------------------------------

def test_translocation_skips_the_next_player():
    """docs/rules-decisions.md › Gene-expression matching game: Translocation, the next player is skipped."""
    state = table([["operon:translocation", "promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3")
    events = play(state, "operon:translocation")
    assert state.current_player == 2
    assert any(e.kind == "skip" and e.player == 1 for e in events)
    assert "translocation" in next(e for e in events if e.kind == "mutation").concepts


def test_insertion_makes_the_next_player_draw_two_and_skip():
    """docs/rules-decisions.md › Gene-expression matching game: Insertion, the next player draws 2 and is skipped."""
    state = table([["operon:insertion", "promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3")
    play(state, "operon:insertion")
    assert len(state.hands[1]) == 3 and state.current_player == 2


def test_deletion_plays_one_more_card_whatever_the_top_but_not_a_deletion():
    """docs/rules-decisions.md › Gene-expression matching game: Deletion, play one more card at once, any card but a Deletion, ignoring the top card."""
    hand = ["operon:deletion", "operon:deletion", "promoter:1", "expressed-gene:9"]
    state = table([hand, ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3")
    play(state, "operon:deletion")
    assert state.current_player == 0 and state.pending[-1].kind == "extra"
    assert [a.card for a in state.legal_actions()] == ["promoter:1", "expressed-gene:9"]
    with pytest.raises(IllegalAction, match="not another Deletion"):
        play(state, "operon:deletion")
    play(state, "promoter:1")  # a promoter cannot follow an operon, but the Deletion allows it
    assert state.discard[-1] == "promoter:1" and state.current_player == 1


def test_deletion_with_only_deletions_left_ends_the_turn():
    """docs/rules-decisions.md › Gene-expression matching game: if you cannot play another card, your turn ends."""
    state = table([["operon:deletion", "promoter:deletion"], ["operon:1"], ["operon:2"], ["operon:3"]],
                  "promoter:3")
    events = play(state, "operon:deletion")
    assert state.current_player == 1 and state.hands[0] == ["promoter:deletion"]
    assert any(e.kind == "deletion-stuck" for e in events)


def test_deletion_as_the_last_card_wins_the_hand():
    """Issue 7: Deletion as the last card — nothing is left to play, and an empty hand ends the hand."""
    state = table([["operon:deletion"], ["operon:1"], ["operon:insertion"], ["operon:3", "promoter:10"]],
                  "promoter:3")
    play(state, "operon:deletion")
    assert state.won[0] == (1, 0, 1 + 20 + 3 + 10, "played every card")
    assert state.hand_no == 2  # the next hand has been dealt


def test_a_deletion_then_the_last_card_goes_out_in_one_turn():
    """docs/rules-decisions.md › Gene-expression matching game Deletion: the extra card ignores the top card, so Deletion + any last card empties the hand."""
    state = table([["operon:deletion", "expressed-gene:9"], ["operon:1"], ["promoter:deletion"], ["operon:3"]],
                  "promoter:3")
    play(state, "operon:deletion")
    events = play(state, "expressed-gene:9")  # could not follow the Deletion by matching
    assert state.won[0] == (1, 0, 1 + 20 + 3, "played every card")
    assert any(e.kind == "hand-over" and e.player == 0 for e in events)


def test_an_insertion_with_too_few_cards_left_gives_what_is_left():
    """docs/rules-decisions.md › All games: a gain larger than the supply gives what is left. With the draw pile
    empty and only the old top card under the Insertion, the reshuffle yields one card."""
    state = table([["operon:insertion", "promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]],
                  "promoter:3", draw=[])
    events = play(state, "operon:insertion")
    assert sorted(state.hands[1]) == ["operon:1", "promoter:3"]
    assert state.discard == ["operon:insertion"] and state.draw == []
    assert any(e.kind == "reshuffle" for e in events)
    assert any(e.kind == "draw" and "draws 1 card " in e.text for e in events)
    assert state.current_player == 2  # still skipped


def test_the_extra_card_after_a_deletion_can_be_an_action_and_acts():
    state = table([["operon:deletion", "promoter:insertion", "promoter:1"], ["operon:1"], ["operon:2"],
                   ["operon:3"]], "promoter:3")
    play(state, "operon:deletion")
    play(state, "promoter:insertion")
    assert len(state.hands[1]) == 3 and state.current_player == 2


def test_substitution_swaps_the_hands_of_two_chosen_players_you_may_be_one():
    """docs/rules-decisions.md › Gene-expression matching game: Substitution, choose two players (you may be one); they swap hands."""
    state = table([["operon:substitution", "promoter:1", "promoter:2"], ["operon:1"], ["operon:2", "operon:4"],
                   ["operon:3"]], "promoter:3")
    play(state, "operon:substitution")
    assert state.pending[-1].kind == "swap-first"
    assert [a.seat for a in state.legal_actions()] == [0, 1, 2, 3]
    act(state, "choose", seat=0)
    assert [a.seat for a in state.legal_actions()] == [1, 2, 3]  # two different players
    with pytest.raises(IllegalAction, match="two different players"):
        act(state, "choose", seat=0)
    events = act(state, "choose", seat=1)
    assert state.hands[0] == ["operon:1"] and state.hands[1] == ["promoter:1", "promoter:2"]
    assert state.current_player == 1
    assert "substitution" in events[0].concepts


def test_substitution_may_swap_two_other_players():
    state = table([["operon:substitution", "promoter:1"], ["operon:1"], ["operon:2", "operon:4"],
                   ["operon:3"]], "promoter:3")
    play(state, "operon:substitution")
    act(state, "choose", seat=2)
    act(state, "choose", seat=3)
    assert state.hands[2] == ["operon:3"] and state.hands[3] == ["operon:2", "operon:4"]


def test_an_action_played_as_the_last_card_ends_the_hand_without_acting():
    """Design: play stops as soon as a hand is empty (rulebook "Ending the Game"), so no one draws."""
    state = table([["operon:insertion"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3")
    play(state, "operon:insertion")
    assert state.won[0] == (1, 0, 6, "played every card")


@pytest.mark.parametrize("action", ACTIONS)
def test_each_mutation_event_says_how_it_changes_a_genes_product(action):
    """Issue 7 "Learning": events name the mutation's concept and its effect on the product."""
    state = table([[f"operon:{action}", "promoter:1", "expressed-gene:4"], ["operon:1"], ["operon:2"],
                   ["operon:3"]], "promoter:3")
    events = play(state, f"operon:{action}")
    mutation = next(e for e in events if e.kind == "mutation")
    assert action in mutation.concepts and "mutation" in mutation.concepts
    assert "protein" in mutation.text or "product" in mutation.text or "expressed" in mutation.text


# -- scoring and the match ------------------------------------------------------------------------

def test_the_winner_scores_face_value_and_twenty_per_action_in_other_hands():
    """Rulebook "Scoring": number cards face value, action cards 20 points."""
    state = table([["operon:7"], ["promoter:10", "expressed-gene:deletion"], ["operon:2"],
                   ["transcription-factor:substitution", "promoter:1"]], "promoter:3")
    events = play(state, "operon:7")
    assert state.scores() == [10 + 20 + 2 + 20 + 1, 0, 0, 0]
    assert sum(p for _, p in state.score_breakdown(0)) == state.scores()[0]
    assert any(e.kind == "hand-over" for e in events)
    assert state.view(None)["last_hand"]["cards"][1] == ["promoter:10", "expressed-gene:deletion"]


def test_a_new_hand_is_dealt_and_the_first_player_moves_clockwise():
    """Design: each hand starts one seat further round."""
    state = table([["operon:7"], ["promoter:10"], ["operon:2"], ["promoter:1"]], "promoter:3")
    play(state, "operon:7")
    assert state.hand_no == 2 and state.first == 1
    assert sum(map(len, state.hands)) + len(state.draw) + len(state.discard) + (state.drawn is not None) == 72


def test_the_match_ends_when_a_player_reaches_the_target():
    """Rulebook "Scoring": the first to reach 500 (or the agreed target) wins the match."""
    state = table([["operon:7"], ["promoter:10"], ["operon:2"], ["promoter:1"]], "promoter:3", target=13)
    events = play(state, "operon:7")
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
    assert state.winners() == [0] and events[-1].kind == "match-over"
    with pytest.raises(IllegalAction, match="over"):
        act(state, "draw")


def test_the_match_ends_after_the_hand_cap():
    """Design cap: a match ends after MAX_HANDS hands; the highest total wins."""
    state = table([["operon:7"], ["promoter:10"], ["operon:2"], ["promoter:1"]], "promoter:3")
    state.hand_no = MAX_HANDS
    state.totals = [0, 400, 0, 0]
    play(state, "operon:7")
    assert state.is_terminal() and state.winners() == [1]


def test_a_hand_ends_after_the_turn_cap_and_goes_to_the_fewest_cards():
    """Design cap: a hand still going after MAX_TURNS_PER_HAND turns is scored as blocked."""
    state = table([["promoter:1", "promoter:2"], ["promoter:4"], ["promoter:6"], ["operon:8", "promoter:9"]],
                  "promoter:3", draw=["promoter:5"])
    state.turns = MAX_TURNS_PER_HAND - 1
    act(state, "draw")
    winner = state.won[0][1]
    assert winner == 1 and "stopped" in state.won[0][3]  # 1 card, fewer points than Player 3's 6


# -- views, fairness, bots ------------------------------------------------------------------------

def test_views_hide_other_hands_and_the_draw_order():
    state = GAME.new_state(4, 5)
    view = state.view(0)
    assert view["hand"] == sorted(view["hand"], key=lambda c: (PATHWAY.index(c.split(":")[0]),))
    assert state.view(None)["hand"] is None
    assert "draw" not in view and view["draw_size"] == len(state.draw)
    assert view["hand_sizes"] == [len(h) for h in state.hands]
    other = state.determinized(0, 99)
    assert other.view(0) == view
    assert Counter(other.draw + sum(other.hands, [])) == Counter(state.draw + sum(state.hands, []))


def test_greedy_attacks_a_nearly_finished_next_player_and_saves_mutations_otherwise():
    """Issue 7: greedy saves actions for the leader."""
    hand = ["operon:insertion", "operon:4", "transcription-factor:9", "expressed-gene:2"]
    calm = table([hand, ["operon:1"] * 5, ["operon:2"] * 4, ["operon:3"] * 4], "promoter:3")
    bot = GAME.make_bot("greedy", 0, 1)
    assert bot.choose(calm) == Action("play", card="operon:4")
    threat = table([hand, ["operon:1"], ["operon:2"] * 5, ["operon:3"] * 5], "promoter:3")
    assert bot.choose(threat) == Action("play", card="operon:insertion")


def test_greedy_keeps_one_card_of_each_pathway_step_rather_than_shed_its_heaviest_card():
    """Issue 7: greedy keeps pathway options open. Playing the lone Transcription factor 9 would shed
    the most points but leave no card for an Enhancer on top; greedy plays an Enhancer instead."""
    bot = GAME.make_bot("greedy", 0, 1)
    hand = ["operon:2", "operon:4", "transcription-factor:9", "expressed-gene:1"]
    state = table([hand, ["operon:1"] * 5, ["operon:3"] * 5, ["operon:5"] * 5], "promoter:9")
    assert {a.card for a in state.legal_actions() if a.kind == "play"} == {"operon:2", "operon:4",
                                                                         "transcription-factor:9"}
    assert bot.choose(state) == Action("play", card="operon:4")  # the heavier of the two operons


def test_greedy_spends_an_insertion_on_the_match_leader_and_saves_it_otherwise():
    """Issue 7: greedy saves actions for the leader: the same hand and table, only the match totals differ."""
    bot = GAME.make_bot("greedy", 0, 1)
    hand = ["operon:insertion", "operon:4", "transcription-factor:9", "expressed-gene:2"]
    hands = [hand, ["operon:1"] * 5, ["operon:2"] * 4, ["operon:3"] * 5]
    state = table(hands, "promoter:3")
    state.totals = [100, 40, 200, 0]  # the leader sits two seats on: no Insertion for the next player
    assert bot.choose(state) == Action("play", card="operon:4")
    state = table(hands, "promoter:3")
    state.totals = [100, 200, 40, 0]  # the next player leads the match
    assert bot.choose(state) == Action("play", card="operon:insertion")


def test_greedy_stops_saving_actions_when_a_hand_may_end_soon():
    """Greedy design: once an opponent is down to 3 cards or fewer, a saved action risks being 20
    points for them, so greedy spends it even on a harmless next player."""
    bot = GAME.make_bot("greedy", 0, 1)
    hand = ["operon:insertion", "operon:4", "transcription-factor:9", "expressed-gene:2"]
    state = table([hand, ["operon:1"] * 5, ["operon:2"] * 4, ["operon:3"] * 5], "promoter:3")
    assert bot.choose(state) == Action("play", card="operon:4")
    state = table([hand, ["operon:1"] * 5, ["operon:2"] * 2, ["operon:3"] * 5], "promoter:3")
    assert bot.choose(state) == Action("play", card="operon:insertion")


def test_greedy_clearly_beats_random():
    """Issue 7: greedy beats random (measured: ~98% of 4-player matches to 500 from one seat)."""
    wins = 0
    for seed in range(24):
        seat = seed % 4
        state = GAME.new_state(4, seed, target=100)
        bots = [GAME.make_bot("greedy" if s == seat else "random", s, seed) for s in range(4)]
        play_out(state, bots)
        wins += state.winners() == [seat]
    assert wins >= 16  # a fair share would be 6


def test_bench_settings_and_quick_hand_win_rates():
    """Issue 7: greedy-vs-greedy seat win rates over hands for 4 players (100 hands when quick)."""
    assert WIN_RATES["expression"] == {"win_rate_players": [4], "win_rate_games": 200}
    extras = EXTRAS["expression"](quick=True)
    assert extras["hands"] == 100
    assert abs(sum(extras["greedy_hand_win_rate_by_seat_4p"]) - 1) < 1e-9
    assert abs(sum(extras["greedy_hand_win_rate_by_turn_order_4p"]) - 1) < 1e-9
    assert extras["greedy_vs_3_random_match_win_rate"] > 0.5


def test_random_bots_finish_a_two_player_variant_match():
    state = GAME.new_state(2, 4, variant=True, target=100)
    play_out(state, [RandomBot(GAME, s, 4) for s in range(2)])
    assert state.is_terminal()


def test_refusals_name_what_would_match():
    state = table([["operon:5", "promoter:2"], ["operon:1"], ["operon:2"], ["operon:3"]], "expressed-gene:8")
    with pytest.raises(IllegalAction, match=r"play a Promoter \(the next step of the pathway\) or an 8"):
        play(state, "operon:5")
    with pytest.raises(IllegalAction, match="cannot pass"):
        act(state, "pass")


def test_the_opening_of_the_first_hand_is_in_the_view():
    """The turned-up card's effect happens before any move, so the view carries its log lines."""
    state = GAME.new_state(4, seed_turning_up("insertion"), first_player=0)
    assert any("draws 2 cards" in line for line in state.view(None)["opening"])


def test_greedy_decides_only_from_what_its_seat_sees_in_every_kind_of_decision():
    """DESIGN (fair bots): re-dealing hidden cards never changes greedy's choice, pending choices included."""
    from biocards.core.testing import assert_fair_bot

    kinds = set()
    for seed in range(6):
        state = GAME.new_state(4, seed)
        bots = [GAME.make_bot("greedy", s, seed) for s in range(4)]
        for ply in range(120):
            if state.is_terminal():
                break
            kinds.add(state.pending[-1].kind if state.pending else "turn")
            assert_fair_bot(state, "greedy", ply)
            state.apply(bots[state.current_player].choose(state))
    assert {"turn", "drawn", "extra", "swap-first", "swap-second"} <= kinds


# -- compact positions (docs/design.md › Tests, compact positions) --------------------------------

def test_positions_round_trip_between_turns():
    """A position text rebuilds the same table, the same unseen cards and the same legal moves."""
    from biocards.games.expression.rules import from_position

    state = GAME.new_state(5, 8)
    bots = [GAME.make_bot("greedy", s, 8) for s in range(5)]
    for _ in range(60):
        if not state.pending:
            text = state.position()
            again = from_position(text)
            assert again.position() == text
            assert sorted(again.draw) == sorted(state.draw)
            assert [a.key for a in again.legal_actions()] == [a.key for a in state.legal_actions()]
        state.apply(bots[state.current_player].choose(state))


@pytest.mark.parametrize("text", ["promoter:3", "promoter:3 | operon:7 | operon:1 | turn 1 | x",
                                  "promoter:3 | operon:1 | operon:1 | operon:2 | operon:3 | turn 1",
                                  "promoter:3 | operon:12 | operon:1 | operon:2 | operon:3 | turn 1"])
def test_a_bad_position_is_refused(text):
    from biocards.games.expression.rules import from_position

    with pytest.raises(ValueError):
        from_position(text)


def test_events_name_every_concept_the_issue_lists():
    """Issue 7 "Learning": promoter, operon, transcription factor, gene expression, enhancer, point
    substitution, translocation, deletion, insertion, and how each mutation changes the product."""
    seen = set()
    for seed in range(3):
        state = GAME.new_state(4, seed, target=100)
        bots = [RandomBot(GAME, s, seed) for s in range(4)]
        while not state.is_terminal():
            for event in state.apply(bots[state.current_player].choose(state)):
                seen.update(event.concepts)
    assert {"promoter", "operon", "transcription-factor", "gene-expression", "enhancer", "substitution",
            "point-mutation", "translocation", "deletion", "insertion", "frameshift", "missense-mutation",
            "mutation"} <= seen


def test_in_the_two_player_variant_a_skip_gives_you_another_turn():
    """docs/rules-decisions.md › Gene-expression matching game variant: with two players, skipping the next player brings the turn straight back."""
    state = table([["operon:translocation", "promoter:1"], ["operon:1"]], "promoter:3")
    play(state, "operon:translocation")
    assert state.current_player == 0
    state = table([["operon:insertion", "promoter:1"], ["operon:1"]], "promoter:3")
    play(state, "operon:insertion")
    assert state.current_player == 0 and len(state.hands[1]) == 3


def test_turned_up_start_card_names_its_concept():
    """Issue 13: every biological event names its concept, including the card that starts a hand."""
    from biocards.games.expression.cards import CATEGORIES
    state = GAME.new_state(4, 1)
    start = state._first_card()[0]
    category = state.discard[-1].split(":")[0]
    assert start.kind == "start" and start.concepts == CATEGORIES[category].concepts != ()


# -- issue 33: the public log -----------------------------------------------------------------------

def test_the_log_of_a_draw_does_not_say_whether_the_card_could_be_played():
    """Issue 33: on paper a card drawn and kept reveals nothing, so the log says the same whether
    the drawn card matched (and was kept) or not."""
    kept = table([["promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3", draw=["operon:9"])
    texts = [e.text for e in act(kept, "draw")] + [e.text for e in act(kept, "keep")]
    unplayable = table([["promoter:1"], ["operon:1"], ["operon:2"], ["operon:3"]], "promoter:3",
                       draw=["promoter:9"])
    assert [e.text for e in act(unplayable, "draw")] == texts
    assert texts == ["Player 1 draws a card.", "Player 1 keeps it, and the turn passes."] + texts[2:]


def test_a_turned_up_mutation_is_explained_before_it_acts_on_the_first_player():
    """Issue 33: the line saying what a turned-up Translocation or Insertion does comes before the
    line where the first player misses a turn (and no line says that player "plays first")."""
    for action in ("translocation", "insertion"):
        state = GAME.new_state(4, seed_turning_up(action), first_player=0)
        lines = [str(line) for line in state.opening]
        assert "plays first" not in lines[0] and "acts on Player 1" in lines[0]
        why = next(i for i, line in enumerate(lines) if line.startswith(action.capitalize()))
        skip = next(i for i, line in enumerate(lines) if "misses a turn" in line)
        assert why < skip


def test_the_log_says_once_that_a_real_cells_pathway_is_not_one_step_after_another():
    """Issue 33: the pathway's "In a real cell…" sentence was on the rules page but not in the log."""
    state = GAME.new_state(4, 3)
    notes = [str(line) for line in state.opening if str(line).startswith("Cards follow the pathway")]
    assert len(notes) == 1 and "In a real cell these parts act together" in notes[0]
