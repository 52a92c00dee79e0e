"""Bot details from issue 13 that a student notices at the table."""

import pytest

from biocards import games
from biocards.bots import play_out


def offers_declined_twice_in_one_turn(history) -> int:
    """How often an offer or counter-offer is sent again in the same turn after being declined."""
    repeats, offer, seen = 0, None, set()
    for action in history:
        if action.kind == "roll":
            seen = set()
        if action.kind in ("propose", "counter"):
            offer = ([], [], action.kind)
        elif offer is not None and action.kind in ("give", "ask"):
            offer[0 if action.kind == "give" else 1].append(action.item)
        elif offer is not None and action.kind == "decline":
            key = (tuple(offer[0]), tuple(offer[1]), offer[2])
            repeats += key in seen
            seen.add(key)
    return repeats


@pytest.mark.parametrize("seed", range(6))
def test_nucleo_greedy_does_not_repeat_a_declined_offer_in_the_same_turn(seed):
    """Issue 13: an offer turned down (directly, or by declining the counter-offer it drew) is not
    made again that turn; before the fix about half of all declines were of a repeated offer."""
    game = games.get("nucleo")
    state = play_out(game.new_state(2, seed), [game.make_bot("greedy", s, seed) for s in range(2)])
    assert offers_declined_twice_in_one_turn(state.history) == 0


def _reveal_stop(round_number: int) -> str:
    from biocards.games.peptide.cards import STOP
    from biocards.games.peptide.rules import PeptideState

    game = games.get("peptide")
    state: PeptideState = game.new_state(2, 4)
    state.round = round_number
    state.amino_deck.remove(STOP)
    state.amino_deck.append(STOP)  # the list's end is the deck's top
    state.atp[0] = max(state.atp[0], 2)
    events = state._synthesize(0)
    return next(e.text for e in events if e.kind == "stop")


def test_peptide_stop_in_the_capped_last_round_says_the_game_ends_now():
    """Issue 13: a STOP drawn in round 30 (the cap) cannot promise 'one more round'; earlier it does."""
    from biocards.games.peptide.rules import MAX_ROUNDS

    assert "last round" in _reveal_stop(MAX_ROUNDS) and "one more" not in _reveal_stop(MAX_ROUNDS)
    assert "this round and one more" in _reveal_stop(MAX_ROUNDS - 1)


def _cytosis_after_setup(seed: int):
    game = games.get("cytosis")
    state = game.new_state(2, seed)
    while state.setup:
        state.apply(state.legal_actions()[0])
    return game, state


@pytest.mark.parametrize("seed", range(3))
def test_cytosis_greedy_detoxifies_for_the_award(seed):
    """Issue 16: greedy plans for the alcohol-detox award. Holding a detox card and its ATP while
    nobody has detoxified, it completes the card: 1 HP, and first place for the award (6 HP with
    two players) as things stand; that beats claiming a goal (3 HP). The old greedy valued the card
    at its 1 HP and claimed the goal. (The Liver cell goal, which pays per detox card, is left out:
    claiming it first is as good a plan.)"""
    game, state = _cytosis_after_setup(seed)
    p = state.current_player
    state.goals = [g for g in state.goals if g != "G5"]
    state.markers = {g: m for g, m in state.markers.items() if g != "G5"}
    state.hand[p] = ["D1"]
    state.atp[p] = 2
    state.cubes[p] = dict.fromkeys(state.cubes[p], 0)
    state._legal = None
    move = game.make_bot("greedy", p, seed).choose(state)
    assert (move.kind, move.get("card")) == ("place", "D1")


def test_cytosis_greedy_values_a_cube_by_the_card_it_completes():
    """Issue 16: cubes are worth the cards they complete. With a protein hormone in hand and no
    mRNA, taking mRNA (the hormone's first step) beats taking lipid nothing in hand needs."""
    from biocards.games.cytosis.bots import evaluate

    game, state = _cytosis_after_setup(0)
    p = state.current_player
    state.hand[p] = ["PH1"]  # Insulin: 2 mRNA → 2 protein in the rough ER, 1 carbohydrate, 2 ATP
    state.cubes[p] = dict.fromkeys(state.cubes[p], 0)
    with_mrna, with_lipid = state.clone(), state.clone()
    with_mrna.cubes[p]["mrna"] = 3
    with_lipid.cubes[p]["lipid"] = 3
    assert evaluate(with_mrna, p) > evaluate(with_lipid, p) > evaluate(state, p)


def _nucleo_trade_phase(seed: int = 3):
    """A two-player NUCLEO position in part 3 (trading) of the turn, and the seat to move."""
    game = games.get("nucleo")
    state = game.new_state(2, seed)
    state.apply(state.legal_actions()[0])  # roll
    while state.pending:
        state.apply(state.legal_actions()[0])
    return game, state, state.turn_player


def _hold_only(state, seat: int, proteins: list[str], amino: str = "") -> None:
    """Give ``seat`` exactly these protein cards and amino acids (the rest go back, so every card
    stays accounted for)."""
    for name in state.proteins[seat]:
        state.pile.insert(0, name)
    state.proteins[seat] = []
    for name in proteins:
        state.pile.remove(name) if name in state.pile else state.proteins[1 - seat].remove(name)
        state.proteins[seat].append(name)
    for a, n in list(state.amino[seat].items()):
        for _ in range(n):
            state._lose(seat, a)
    for a in amino:
        state._gain(seat, a)
    state._legal = None


def test_nucleo_greedy_does_not_keep_one_more_protein_card_it_cannot_finish():
    """Issue 13: on the die's protein face the top card comes either way; with the pool nearly
    empty and three small cards none of which is near, greedy puts one under the pile rather than
    hold four (the old rule kept every card missing at most four amino acids)."""
    from biocards.core import Pending

    game, state, p = _nucleo_trade_phase()
    _hold_only(state, p, ["Glutathione", "TRH", "Endomorphin-1"])
    state.pool.count = 3
    state.pending.append(Pending(p, "trade-in", "Trade in one of your protein cards first?"))
    state._legal = None
    move = game.make_bot("greedy", p, 0).choose(state)
    assert move.kind == "trade-in" and move.protein in state.proteins[p]


def test_nucleo_greedy_keeps_a_card_it_is_about_to_finish_and_trades_in_the_hopeless_one():
    """The card put under the pile is the one least likely to be built, not the one nearly done."""
    from biocards.core import Pending

    game, state, p = _nucleo_trade_phase()
    _hold_only(state, p, ["Glutathione", "Nociceptin"], amino="EC")
    state.pool.count = 8
    state.pending.append(Pending(p, "trade-in", "Trade in one of your protein cards first?"))
    state._legal = None
    move = game.make_bot("greedy", p, 0).choose(state)
    assert (move.kind, move.protein) == ("trade-in", "Nociceptin")


def test_nucleo_greedy_refuses_a_protein_card_it_cannot_finish_even_as_a_gift():
    """Issue 13: a protein card costs its value at the end unless built; late in the game a free
    card nobody could finish in time is a loss, so greedy declines it."""
    from biocards.core import Action

    game, state, p = _nucleo_trade_phase()
    q = 1 - p
    _hold_only(state, q, ["Glutathione"], amino="EC")
    _hold_only(state, p, ["Nociceptin"])
    state.pool.count = 6
    for kind, params in (("propose", {}), ("offer-to", {"seat": q}), ("give", {"item": "protein:Nociceptin"}),
                         ("done-giving", {}), ("send", {})):
        state.apply(Action(kind, **params))
    assert state.current_player == q
    assert game.make_bot("greedy", q, 0).choose(state).kind == "decline"


@pytest.mark.parametrize("players", [2, 3])
def test_nucleo_greedy_games_do_not_end_with_every_score_zero(players):
    """Issue 13: 20 of 100 two-player greedy games ended 0–0 (coins minus unbuilt protein cards)
    before greedy weighed each card's chance of being built; none of these seeded games does."""
    game = games.get("nucleo")
    for seed in range(20):
        state = play_out(game.new_state(players, seed), [game.make_bot("greedy", s, seed) for s in range(players)])
        assert any(state.scores()), f"seed {seed}: every score 0 ({state.coins} coins)"


def test_nucleo_steady_policy_makes_no_offer_where_greedy_would():
    """The search bot's own policy (SteadyBot) answers offers but makes none: an offer greedy
    accepts is one that helps greedy. Here greedy, one Glycine short of Glutathione with a spare
    Tryptophan, proposes; the steady policy goes on to the fixed trade or to building."""
    from biocards.games.nucleo.bots import SteadyBot

    game, state, p = _nucleo_trade_phase()
    _hold_only(state, p, ["Glutathione"], amino="ECW")
    assert game.make_bot("greedy", p, 0).choose(state).kind == "propose"
    assert SteadyBot(game, p, 0).choose(state).kind != "propose"


def test_nucleo_steady_policy_swaps_its_poorest_protein_card_where_greedy_keeps_both():
    """On the die's protein face with two small cards both likely to be built, greedy keeps both
    and takes a third; the steady policy puts the poorer one under the pile first."""
    from biocards.core import Pending
    from biocards.games.nucleo.bots import SteadyBot

    game, state, p = _nucleo_trade_phase()
    _hold_only(state, p, ["Glutathione", "TRH"], amino="EC")
    state.pool.count = 20
    state.pending.append(Pending(p, "trade-in", "Trade in one of your protein cards first?"))
    state._legal = None
    assert game.make_bot("greedy", p, 0).choose(state).protein == ""
    assert SteadyBot(game, p, 0).choose(state).protein == "TRH"


def test_nucleo_search_plays_its_seat_with_the_steady_policy_and_rivals_as_greedy():
    """The search judges a move by how its own seat would go on (steady) against greedy rivals."""
    from biocards.games.nucleo.bots import GreedyBot, SteadyBot

    game = games.get("nucleo")
    bot = game.make_bot("search", 1, 0)
    assert type(bot.policy(1, 5)) is SteadyBot
    assert type(bot.policy(0, 5)) is GreedyBot


def test_nucleo_steady_policy_never_builds_with_gene_duplication():
    """Gene duplication keeps the card to build again, and an unbuilt card costs its value at the
    end: greedy takes the boost, the steady policy builds plainly."""
    from biocards.games.nucleo.bots import SteadyBot

    game, state, p = _nucleo_trade_phase()
    _hold_only(state, p, ["Glutathione"], amino="ECG")
    state.actions[p] = ["gene-duplication"]
    state.apply(next(a for a in state.legal_actions() if a.kind == "to-build"))
    assert game.make_bot("greedy", p, 0).choose(state).boost == "gene-duplication"
    move = SteadyBot(game, p, 0).choose(state)
    assert (move.kind, move.boost) == ("build", "none")


@pytest.mark.parametrize("players, seed", [(2, 0), (2, 3), (3, 0)])
def test_nucleo_greedy_plays_a_legal_move_once_the_minute_for_negotiating_is_up(players, seed):
    """Issue 33's minute: when the clock ends the talks (time-up, played here at the first chance of
    every turn), proposing is no longer legal, and the greedy computer makes a fixed trade or goes
    on to building instead of answering with no move (it did, with a plan for an offer in mind)."""
    from biocards import games

    game = games.get("nucleo")
    state = game.new_state(players, seed, trade_minute=True)
    bots = [game.make_bot("greedy", s, seed) for s in range(players)]
    ended_talks = 0
    while not state.is_terminal():
        time_up = [a for a in state.legal_actions() if a.kind == "time-up"]
        if time_up and state.phase == "trade" and not state.pending:
            state.apply(time_up[0])
            ended_talks += 1
            continue
        move = bots[state.current_player].choose(state)
        assert move in state.legal_actions(), (state.phase, move)
        state.apply(move)
    assert ended_talks
