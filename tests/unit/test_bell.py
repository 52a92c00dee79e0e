"""Play to the bell (issue 43; docs/rules-decisions.md › All games › Play to the bell, and each game's
"The bell"): a game ended at a time has a winner by its own rules, its record replays, and the bell
is no player's move."""

from __future__ import annotations

import json

import pytest

from biocards import games
from biocards.bots import RandomBot
from biocards.core import BELL, Action, IllegalAction
from biocards.core.links import decode_moves, encode_moves
from biocards.core.testing import fingerprint, observable
from biocards.core.undo import take_back

GAMES = games.all()
IDS = [g.id for g in GAMES]


def played(game, moves: int, seed: int = 7, players: int | None = None, **options):
    """A seeded random game after ``moves`` moves (or its end, if sooner)."""
    players = players or game.min_players
    state = game.new_state(players, seed, **options)
    bots = [RandomBot(game, seat, seed) for seat in range(players)]
    while len(state.history) < moves and not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    return state


def play_out(state, seed: int = 3, limit: int = 2000) -> list:
    """Random moves until the game ends; every event of them."""
    bots = [RandomBot(state.game, seat, seed) for seat in range(state.num_players)]
    events = []
    for _ in range(limit):
        if state.is_terminal():
            break
        events += state.apply(bots[state.current_player].choose(state))
    assert state.is_terminal()
    return events


def rung(state) -> list:
    """Ring the bell and play on (a round to finish) until the game ends; all the events."""
    events = state.ring_bell()
    return events + (play_out(state) if not state.is_terminal() else [])


def assert_replays_exactly(state) -> None:
    """The record, through JSON, and the shared link replay to the same position, bell and all."""
    record = json.loads(json.dumps(state.to_record()))
    assert {"kind": BELL} in record["actions"]
    again = state.game.load(record)
    assert observable(again) == observable(state) and again.history == state.history and again.bell_rung
    code = encode_moves(state)
    linked = decode_moves(state.game, state.num_players, state.seed, state.options, code, version=state.game.version)
    assert observable(linked) == observable(state) and linked.history == state.history


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("moves", [25, 90])
def test_a_game_ended_at_the_bell_has_the_winner_its_rules_name_and_replays(game, moves):
    """docs/rules-decisions.md › All games › Play to the bell: the game ends (at once, or after the
    round in progress), the last line names the rules' winners and says the bell ended it, and the
    record and the link replay to the same position."""
    state = played(game, moves)
    events = rung(state)
    over = events[-1]
    assert state.is_terminal() and state.current_player is None and state.legal_actions() == []
    assert over.kind == "game-over" and over.data["bell"] is True
    assert over.data["winners"] == state.winners() and over.data["scores"] == state.scores()
    if game.id != "cytosis":  # Cytosis breaks ties by its rulebook (its own test below)
        best = max(state.scores())
        assert state.winners() == [p for p, s in enumerate(state.scores()) if s == best]
    assert "bell" in over.text and f"Player {state.winners()[0] + 1}" in over.text
    assert_replays_exactly(state)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_bell_is_never_a_legal_move_so_no_computer_plays_it(game):
    """The bell is no player's move: no position lists it, and a player's move named so is refused
    by the position's own check (a student's page cannot send it as a move)."""
    state = game.new_state(game.min_players, 4)
    bots = [RandomBot(game, seat, 4) for seat in range(game.min_players)]
    for _ in range(60):
        if state.is_terminal():
            break
        assert all(a.kind != BELL for a in state.legal_actions())
        assert state.check(Action(BELL)) is not None
        state.apply(bots[state.current_player].choose(state))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_ringing_a_finished_game_is_refused_and_changes_nothing(game):
    """ring_bell on a game that is over raises IllegalAction (the game's own sentence) and leaves the
    state, its history included, as it was."""
    state = played(game, 30)
    rung(state)
    before, moves = fingerprint(state), len(state.history)
    with pytest.raises(IllegalAction, match="over"):
        state.ring_bell()
    with pytest.raises(IllegalAction):
        state.apply(Action(BELL))
    assert fingerprint(state) == before and len(state.history) == moves


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_records_of_the_rules_before_the_bell_replay_exactly(game):
    """Rules versions: the bell raised every game's version by one; a record saved under the version
    before (no bell in it) loads and replays to the same position."""
    state = played(game, 40)
    record = {**state.to_record(), "version": game.version - 1}
    assert game.version - 1 in game.old_versions
    again = game.load(record)
    assert again.history == state.history and observable(again) == observable(state)
    assert state.to_record()["version"] == game.version


def test_a_move_before_the_bell_cannot_be_taken_back():
    """The bell is a wall for take-backs: the game is being ended, so a person's move before it stays."""
    game = games.get("translation")
    state = played(game, 6, seed=2)
    state.ring_bell()
    verdict = take_back(game, state.to_record(), {0, 1})
    assert not verdict and "bell" in str(verdict.reason)


# -- Peptide: the round in progress is finished -----------------------------------------------------

PEPTIDE = games.get("peptide")


def peptide_two_picks(seed=5):
    """A two-player Peptide game in round 1 after two selections."""
    state = PEPTIDE.new_state(2, seed)
    for _ in range(2):
        state.apply(next(a for a in state.legal_actions() if a.kind == "pick"))
    return state


def test_peptide_bell_finishes_the_round_in_progress_then_scores():
    """docs/rules-decisions.md › Peptide › The bell: as after the STOP codon's round, the round in
    progress is played to its end (every seat selects twice and resolves), computers moving, then
    the game is scored; the log says the round is being finished."""
    state = peptide_two_picks()
    round_then = state.round
    events = state.ring_bell()
    assert not state.is_terminal() and state.bell_rung and state.current_player is not None
    assert any(e.kind == "bell" and "round 1 is played to its end" in e.text for e in events)
    assert all(a.kind != BELL for a in state.legal_actions())
    after = play_out(state)
    assert state.round == round_then and state.phase == "over"
    assert sum(state.picks) == 2 * state.num_players  # every seat made its two selections
    assert after[-1].kind == "game-over" and after[-1].data["bell"]
    assert_replays_exactly(state)


def test_peptide_bell_before_anyone_selects_ends_at_once():
    """docs/rules-decisions.md › Peptide › The bell: a round nobody has selected in is not begun."""
    state = PEPTIDE.new_state(2, 5)
    events = state.ring_bell()
    assert state.is_terminal() and events[-1].data["bell"]


def test_peptide_a_second_bell_stops_the_round_being_finished():
    """docs/rules-decisions.md › All games › Play to the bell: a second ring while the round is being
    finished ends the game where it stands."""
    state = peptide_two_picks()
    state.ring_bell()
    events = state.ring_bell()
    assert state.is_terminal() and events[-1].kind == "game-over" and events[-1].data["bell"]
    assert [a.kind for a in state.history].count(BELL) == 2
    assert_replays_exactly(state)


def test_peptide_score_at_the_bell_counts_the_hand_as_at_the_end():
    """Peptide's end scoring at the bell (WINNING THE GAME): an amino acid in hand without its RNA
    costs a point; the higher score wins."""
    state = PEPTIDE.new_state(2, 5)
    state.hand[0], state.rna[0] = ["H"], [0, 0, 0, 0]
    state.hand[1], state.rna[1] = [], [0, 0, 0, 0]
    events = state.ring_bell()
    assert state.scores()[0] == state.scores()[1] - 1 and state.winners() == [1]
    assert "Player 2 wins" in events[-1].text


# -- Cytosis: the rulebook's last round --------------------------------------------------------------

CYTOSIS = games.get("cytosis")


def cytosis_playing(seed=1):
    state = CYTOSIS.new_state(2, seed)
    while state.setup:
        state.apply(state.legal_actions()[0])
    return state


def test_cytosis_bell_plays_the_round_as_the_last_round_then_final_scoring():
    """docs/rules-decisions.md › Cytosis › The bell (ENDING THE GAME): every worker of the round is
    placed, Phase 2 is skipped (no event card turned), and the final scoring decides."""
    state = cytosis_playing()
    state.apply(next(a for a in state.legal_actions() if a.kind == "place"))
    round_then, events_left = state.round, list(state.events)
    said = state.ring_bell()
    assert not state.is_terminal() and any(e.kind == "bell" for e in said)
    after = play_out(state)
    assert state.round == round_then and state.events == events_left  # no Phase 2
    assert any(e.kind == "final" for e in after) and after[-1].data["bell"]
    assert_replays_exactly(state)


def test_cytosis_bell_tie_goes_to_more_completed_cards():
    """Cytosis's tie-break at the bell (FINAL SCORING): equal Health Points go to the player with more
    completed cards, and the log and tie_break() say so."""
    state = cytosis_playing()
    for p in range(2):
        state.hp[p] = dict.fromkeys(state.hp[p], 0)
        state.hp[p]["cards"] = 7
        state.cubes[p] = dict.fromkeys(state.cubes[p], 0)
    state.completed = [["PH1"], ["PH2", "SH1"]]
    events = state.ring_bell()  # no worker placed this round: scored at once
    assert state.is_terminal() and state.scores() == [7, 7]
    assert state.winners() == [1] and "more completed cards" in state.tie_break()
    assert events[-1].data["winners"] == [1] and "Player 2 wins" in events[-1].text


# -- NUCLEO, Translation, the gene-expression game: at once -------------------------------------------

def test_nucleo_bell_scores_coins_minus_proteins_in_hand_and_shares_ties():
    """docs/rules-decisions.md › NUCLEO › The bell (END OF THE GAME): coins minus the protein cards
    still in hand, never below 0; equal top scores share the win."""
    state = games.get("nucleo").new_state(3, 2)
    state.proteins = [["Oxytocin"], [], []]
    penalty = state.penalty(0)
    state.coins = [penalty + 4, 4, 1]
    events = state.ring_bell()
    assert state.is_terminal() and state.scores() == [4, 4, 1]
    assert state.winners() == [0, 1] and "Player 1 and Player 2 win with 4" in events[-1].text


def test_translation_bell_ends_mid_turn_at_once_scored_as_it_stands():
    """docs/rules-decisions.md › Translation › The bell: the game ends at once, in the middle of a turn,
    scored as at the end; equal scores share the win."""
    state = games.get("translation").new_state(2, 3)
    events = state.ring_bell()
    assert state.is_terminal() and state.scores() == [0, 0] and state.winners() == [0, 1]
    assert "Player 1 and Player 2 win with 0" in events[-1].text


def test_expression_bell_scores_the_hand_in_progress_as_a_blocked_hand():
    """docs/rules-decisions.md › Gene-expression matching game › The bell: a hand with a turn played
    goes to the fewest cards, who scores the cards left in the other hands; the top total wins."""
    from biocards.games.expression.rules import from_position

    state = from_position("promoter:3 | operon:7,promoter:1 | operon:1 | operon:2,operon:3 | "
                          "operon:4,operon:5,expressed-gene:9 | turn 1")
    state.turns = 2
    events = state.ring_bell()
    assert [e.kind for e in events] == ["hand-over", "game-over"]
    assert state.totals[1] == 7 + 1 + 2 + 3 + 4 + 5 + 9 and state.winners() == [1]
    assert "stopped at the bell" in events[0].text


def test_expression_bell_on_a_hand_just_dealt_does_not_score_it():
    """docs/rules-decisions.md › Gene-expression matching game › The bell: a hand in which no turn has
    been played is not scored; the totals decide (here all 0: a shared win)."""
    state = games.get("expression").new_state(4, 1)
    state.ring_bell()
    assert state.is_terminal() and state.totals == [0, 0, 0, 0] and state.winners() == [0, 1, 2, 3]


def test_expression_bell_while_a_drawn_card_waits_keeps_it_in_the_drawers_hand():
    """docs/rules-decisions.md › Gene-expression matching game › The bell: a card just drawn, not yet
    played or kept, is the drawer's: it stays in their hand and counts as at a hand's end (found by the
    contract's property test: the view failed on the card left in between)."""
    game = games.get("expression")
    state = game.new_state(4, 2557799)
    bots = [RandomBot(game, seat, 2557799) for seat in range(4)]
    while state.drawn is None:
        state.apply(bots[state.current_player].choose(state))
    drawer, card, cards = state.current_player, state.drawn, [len(h) for h in state.hands]
    state.ring_bell()
    assert state.is_terminal() and state.drawn is None and card in state.hands[drawer]
    assert len(state.hands[drawer]) == cards[drawer] + 1
    json.dumps(state.view(None))
