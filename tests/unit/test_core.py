"""The shared core: actions, the seeded generator, decks, supplies, records."""

import json

import pytest

from biocards.core import Action, Deck, Die, IllegalAction, InvalidRecord, Rng, Supply
from biocards.core.actions import Event


def test_action_equality_ignores_the_label_so_json_round_trips_match():
    legal = Action("translate", code="L", position=4, label="Translate Leucine at 4")
    rebuilt = Action.from_json(json.loads(json.dumps(legal.to_json())))
    assert rebuilt == legal and hash(rebuilt) == hash(legal)
    assert rebuilt.label == "" and legal.position == 4
    assert repr(legal) == "Action('translate', code='L', position=4)"


def test_action_lists_become_tuples_and_back():
    action = Action("discard", cards=["A", "G"])
    assert action.cards == ("A", "G")
    assert action.to_json() == {"kind": "discard", "cards": ["A", "G"]}
    assert action.key == '{"cards":["A","G"],"kind":"discard"}'


def test_action_is_immutable_and_rejects_dicts():
    action = Action("pass")
    with pytest.raises(AttributeError):
        action.kind = "other"
    with pytest.raises(TypeError):
        Action("bad", data={"a": 1})
    with pytest.raises(ValueError):
        Action.from_json({"no": "kind"})


def test_action_parameters_may_not_shadow_its_methods():
    """``action.get`` is a method: a parameter called "get" (or "key", "kind"…) would hide behind it."""
    for name in ("get", "key", "to_json", "with_label", "params"):
        with pytest.raises(ValueError, match="clash"):
            Action("trade", **{name: 1})


def test_errors_are_value_errors():
    assert issubclass(IllegalAction, ValueError) and issubclass(InvalidRecord, ValueError)


def test_event_to_json():
    event = Event("roll", 1, "Player 2 rolled A.", ("codon",), {"face": "A"})
    assert event.to_json() == {"kind": "roll", "player": 1, "text": "Player 2 rolled A.",
                               "concepts": ["codon"], "data": {"face": "A"}}


def test_event_json_round_trips_and_the_public_form_keeps_the_draw_private():
    """Issue 41 ("one way each"): events go to JSON and back in one place; the public form, which
    the class server sends every seat, leaves out the data that can name a drawn card."""
    event = Event("roll", 1, "Player 2 rolled A.", ("codon",), {"face": "A"})
    assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event
    public = event.to_json(public=True)
    assert "data" not in public
    assert Event.from_json(public) == Event("roll", 1, "Player 2 rolled A.", ("codon",))
    for broken in ({"text": "x"}, {"kind": "roll", "text": "x", "player": "1"},
                   {"kind": "roll", "text": "x", "concepts": "codon"}, ["roll"]):
        with pytest.raises(ValueError):
            Event.from_json(broken)


def test_each_game_names_its_fewest_players_and_the_levels_are_named_once():
    """Issue 41: a game's fewest players, a marked variant included, is a field every reader shares;
    the gene-expression game's 2–3 player variant is below its printed 4–6."""
    from biocards import games
    from biocards.core import LEVELS
    from biocards.core.hints import STRONGEST_FIRST

    expression = games.get("expression")
    assert (expression.min_players, expression.fewest_players) == (4, 2)
    assert expression.variant_min_players == 2  # the older name still reads
    assert expression.new_state(2, 1, variant=True).num_players == 2
    with pytest.raises(ValueError, match="variant=True"):
        expression.new_state(2, 1)
    assert games.get("translation").fewest_players == games.get("translation").min_players
    assert list(LEVELS) == ["random", "greedy", "search"] and STRONGEST_FIRST == ("search", "greedy", "random")


def test_rng_pins_exact_values_for_a_seed():
    """Records replay on every Python: these numbers must never change."""
    rng = Rng(7)
    assert [rng.randbelow(6) for _ in range(10)] == [1, 1, 2, 5, 5, 0, 0, 0, 2, 4]
    assert Rng.derive(1, 2, 3).state == Rng.derive(1, 2, 3).state != Rng.derive(1, 2, 4).state


def test_rng_copy_is_independent_and_shuffle_is_a_permutation():
    rng = Rng(42)
    twin = rng.copy()
    items = list(range(20))
    rng.shuffle(items)
    assert sorted(items) == list(range(20))
    assert twin.next64() != rng.next64()
    with pytest.raises(ValueError):
        rng.randbelow(0)


def test_rng_is_roughly_uniform():
    rng = Rng(1)
    counts = [0] * 4
    for _ in range(4000):
        counts[rng.randbelow(4)] += 1
    assert all(900 < c < 1100 for c in counts)


def test_deck_reshuffles_discards_when_it_runs_out():
    rng = Rng(3)
    deck = Deck(["A", "B"], reshuffle=True)
    assert deck.draw_many(rng, 2) == ["B", "A"]
    deck.discard("A", "B")
    assert sorted(deck.draw_many(rng, 5)) == ["A", "B"] and deck.reshuffles == 1
    assert deck.draw(rng) is None and not deck.can_draw()


def test_deck_without_reshuffle_runs_dry():
    deck = Deck(["A"], reshuffle=False)
    deck.discard("B")
    assert deck.draw(Rng(0)) == "A" and deck.draw(Rng(0)) is None and deck.all_cards() == ["B"]


def test_supply_gives_what_is_left_and_never_goes_negative():
    """docs/rules-decisions.md › All games: a gain larger than the supply gives what is left."""
    atp = Supply("ATP", 3)
    assert atp.take(2) == 2 and atp.take(5) == 1 and atp.count == 0
    atp.give_back(3)
    with pytest.raises(ValueError):
        atp.give_back(1)
    with pytest.raises(ValueError):
        atp.take(-1)


def test_die_rolls_only_its_faces():
    die = Die("white d8", ("A", "T", "C", "G") * 2)
    rng = Rng(9)
    assert {die.roll(rng) for _ in range(200)} == {"A", "T", "C", "G"}


def test_loading_a_record_can_hand_back_the_events_of_every_move():
    """A resumed game gets its log back: replaying a record yields the same events as playing it."""
    from biocards import games
    from biocards.bots import RandomBot

    game = games.get("translation")
    state, played = game.new_state(2, seed=3), []
    bot = RandomBot(game, 0, seed=3)
    for _ in range(25):
        played.extend(state.apply(bot.choose(state)))
    replayed: list = []
    again = game.load(state.to_record(), events=replayed)
    assert [e.to_json() for e in replayed] == [e.to_json() for e in played]
    assert again.view(None) == state.view(None)


def test_a_play_then_cancel_loop_ends_at_the_move_limit():
    """Translation lets a card be played and then cancelled, which changes nothing; a player who
    does that for ever still ends the game, at ``max_moves``, with the scores as they stand."""
    from biocards import games

    game = games.get("translation")
    state = game.new_state(2, seed=5)
    cancels = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        cancel = [a for a in legal if a.kind == "cancel"]
        cancels += bool(cancel)
        state.apply(cancel[0] if cancel else legal[0])
    assert cancels > 10  # it was the loop, not the rules, that went on
    assert len(state.history) == game.max_moves
    assert state.current_player is None and state.legal_actions() == []
    assert state.winners()
