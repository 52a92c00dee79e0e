"""Who goes first (issue 33): drawn fairly by the deal unless the table chooses, in every game, and
old records and links keep the first player they were played with (seat 0)."""

from __future__ import annotations

from collections import Counter

import pytest

from biocards import games
from biocards.bots import RandomBot
from biocards.core import InvalidRecord, first_seat
from biocards.core.links import decode_moves, encode_moves
from biocards.web.seats import parse

GAMES = games.all()
IDS = [g.id for g in GAMES]


def players_for(game) -> int:
    return 4 if game.id == "expression" else game.min_players


_FIRST = {"translation": "first_player", "peptide": "first_player", "nucleo": "first_player",
          "cytosis": "first", "expression": "first"}


def opener(state) -> int:
    return getattr(state, _FIRST[state.game.id])


def played(game, seed, moves, **options):
    state = game.new_state(players_for(game), seed, **options)
    bots = [RandomBot(game, s, seed) for s in range(state.num_players)]
    while not state.is_terminal() and len(state.history) < moves:
        state.apply(bots[state.current_player].choose(state))
    return state


def test_the_drawn_first_seat_is_uniform_for_every_table_size():
    """Translation's rulebook: the first player is chosen "by some fair and balanced means". Over
    6,000 deals each seat goes first within 15% of an equal share, at every table size."""
    for players in range(2, 7):
        counts = Counter(first_seat({}, players, seed) for seed in range(6000))
        share = 6000 / players
        assert set(counts) == set(range(players))
        assert all(abs(n - share) < 0.15 * share for n in counts.values()), (players, counts)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_game_draws_its_first_player_from_the_deal(game):
    """Issue 33: with default options the first seat is no longer seat 0 in every deal: over 300
    deals every seat opens between 35% and 65% of two-player games (an equal share is 50%)."""
    players = 2 if game.id != "expression" else 4
    options = {"variant": True} if game.id == "expression" and players < 4 else {}
    counts = Counter(opener(game.new_state(players, seed, **options)) for seed in range(300))
    assert set(counts) == set(range(players)), counts
    assert all(0.7 * 300 / players < n < 1.3 * 300 / players for n in counts.values()), counts


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_chosen_first_player_opens_the_game(game):
    """The option ``first_player`` (0-based seat) sets who opens: that seat makes the first move
    (the gene-expression game: leads the first hand)."""
    players = game.max_players
    for seat in range(players):
        state = game.new_state(players, 11, first_player=seat)
        assert opener(state) == seat
        if game.id != "expression":  # a turned-up action card may act on the leader before they move
            assert state.current_player == seat


@pytest.mark.parametrize("game", GAMES, ids=IDS)
@pytest.mark.parametrize("bad", [-1, 9, "1", True, 1.0])
def test_a_first_player_the_table_does_not_have_is_refused_in_words(game, bad):
    with pytest.raises(ValueError, match="first player|starting player"):
        game.new_state(players_for(game), 3, first_player=bad)


@pytest.mark.parametrize("game_id", ["translation", "peptide", "cytosis", "expression"])
def test_who_goes_first_does_not_change_the_deal(game_id):
    """The draw has a generator of its own: one seed deals the same cards whoever opens, so a
    chosen first player changes nothing else about the deal."""
    game = games.get(game_id)
    deal = {"translation": lambda st: (st.seq, st.face_up, st.deck),
            "peptide": lambda st: (st.amino_deck, st.rna_deck.cards, st.field),
            "cytosis": lambda st: (st.row, st.goals, st.deck, st.dealt),
            # dealt one card at a time from the leader: the same six-card hands, in other seats
            "expression": lambda st: (st.discard, sorted(sorted(h) for h in st.hands), st.draw)}[game_id]
    first, second = (game.new_state(players_for(game), 5, first_player=seat) for seat in (0, 1))
    assert deal(first) == deal(second)


def test_cytosis_starting_atp_counts_from_the_first_player_clockwise():
    """Cytosis rulebook (docs/rules-decisions.md › Cytosis): starting ATP 2, 3, 4, … from the first player clockwise."""
    game = games.get("cytosis")
    state = game.new_state(3, 4, first_player=1)
    assert [state.atp[1], state.atp[2], state.atp[0]] == [2, 3, 4]
    assert state.current_player == 1


def test_translation_rounds_are_counted_from_the_first_player():
    """A Translation round ends when every seat has had a turn, starting from the first player."""
    game = games.get("translation")
    state = game.new_state(2, 8, first_player=1)
    bots = [RandomBot(game, s, 8) for s in range(2)]
    turns = []
    while len(turns) < 3:
        mover = state.current_player
        state.apply(bots[mover].choose(state))
        if state.current_player != mover:
            turns.append((mover, state.round))
    assert turns == [(1, 1), (0, 2), (1, 2)]


def test_the_gene_expression_game_passes_the_lead_on_from_the_drawn_first_player():
    """Design: the lead moves one seat clockwise each hand, starting from the first hand's leader."""
    game = games.get("expression")
    state = game.new_state(4, 9, first_player=2)
    assert state.first == 2
    state.hand_no = 1
    state._start_hand()
    assert state.first == 3


@pytest.mark.parametrize("game", [g for g in GAMES if g.old_versions], ids=lambda g: g.id)
def test_records_of_the_rules_before_the_draw_replay_with_seat_0_first(game):
    """Old records keep their first player: a record saved before the first player was drawn (no
    ``first_player`` option, an older version) replays exactly, seat 0 first."""
    old_version = max(v for v, rules in game.old_versions.items() if rules)  # the newest whose rules differ
    then = game.old_versions[old_version]  # the options that play that version's rules
    for seed in range(4):
        before = played(game, seed, 60, **then)
        record = before.to_record()
        record["version"] = old_version
        record["options"] = {k: v for k, v in record["options"].items() if k not in then}
        if "first_player" in then:
            assert opener(game.load({**record, "actions": []})) == 0
        again = game.load(record)
        assert again.history == before.history and again.view(None) == before.view(None)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_a_shared_link_carries_the_rules_version_and_replays_with_it(game):
    """Issue 33: links carry the rules version, as records do. A link of today's version replays as
    made; a link from before links carried a version replays with the rules of its time (for the
    games whose first player is now drawn: seat 0 first); an unknown version is refused in words."""
    setup = parse(f"?game={game.id}&seats=human,greedy&seed=6&moves=.A&v={game.version}",
                  {game.id: (2, 6)})
    assert setup.version == game.version
    assert parse(f"?game={game.id}&seats=human,greedy&seed=6", {game.id: (2, 6)}).version is None
    state = played(game, 6, 40)
    code = encode_moves(state)
    now = decode_moves(game, state.num_players, 6, {}, code, version=game.version)
    assert now.to_record() == state.to_record()
    if game.unversioned_links is not None and game.unversioned_links != game.version:
        rules_then = game.old_versions[game.unversioned_links]
        old = played(game, 6, 40, **rules_then)
        then = decode_moves(game, old.num_players, 6, {}, encode_moves(old), version=None)
        assert then.history == old.history and then.options == old.options
        if "first_player" in rules_then:
            assert opener(then) == 0
    with pytest.raises(InvalidRecord, match="another version"):
        decode_moves(game, state.num_players, 6, {}, code, version=game.version + 7)


def test_an_old_two_player_peptide_link_replays_with_its_own_stop_depth():
    """Issue 33's example: a version-1 Peptide link (printed STOP depth, seat 0 first) opens with
    those rules, not the two-player STOP depth of version 2."""
    game = games.get("peptide")
    old = played(game, 3, 30, first_player=0, two_player_stop=False)
    again = decode_moves(game, 2, 3, {}, encode_moves(old), version=1)
    assert again.options["two_player_stop"] is False and again.history == old.history

