"""Checks shared by every game's tests: the engine contract, replay, illegal moves, fairness.

They live in the package (not in tests/) so each game's property tests can call them on its own
random positions; they use plain ``assert`` so pytest shows what differed.
"""

from __future__ import annotations

import copy
import html
import json
import pickle
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from typing import Any

from ..bots import RandomBot
from .actions import Action
from .errors import IllegalAction
from .game import Game, GameState


def observable(state: GameState) -> dict[str, Any]:
    """Everything a person or a bot could observe about a state, as plain data."""
    return {
        "views": [state.view(p) for p in [None, *range(state.num_players)]],
        "current": state.current_player,
        "legal": [a.key for a in state.legal_actions()],
        "terminal": state.is_terminal(),
        "scores": state.scores(),
        "rng": state.rng.state,
    }


def fingerprint(state: GameState) -> bytes:
    """The whole state, hidden parts included, as bytes (to show a failed move changed nothing).

    The move history stands in by its length and last move: only :meth:`GameState.apply` adds to
    it, at its end, and pickling thousands of moves cost twenty times the rest of the state."""
    shell = copy.copy(state)
    shell.history = (len(state.history), state.history[-1:])
    return pickle.dumps(shell)


def random_game(game: Game, players: int, seed: int, *, check_each=None, **options: Any) -> GameState:
    """Play random legal moves to the end, calling ``check_each(state, events)`` after each."""
    state = game.new_state(players, seed, **options)
    bots = [RandomBot(game, seat, seed) for seat in range(players)]
    for _ in range(game.max_moves):
        if state.is_terminal():
            break
        action = bots[state.current_player].choose(state)
        events = state.apply(action)
        if check_each is not None:
            check_each(state, events)
    assert state.is_terminal(), f"{game.title} did not end within {game.max_moves} moves"
    return state


def assert_contract_step(state: GameState, events: list) -> None:
    """What must hold after every move of every game."""
    json.dumps(state.view(None))
    for event in events:
        assert event.text and event.text.strip(), f"event {event.kind!r} has no text"
        json.dumps(event.to_json())
    if state.is_terminal():
        assert state.current_player is None
        assert state.legal_actions() == []
    else:
        assert state.current_player is not None
        assert state.legal_actions(), "no legal action before the end"
    scores = state.scores()
    for p in range(state.num_players):
        assert sum(points for _, points in state.score_breakdown(p)) == scores[p]


def assert_replays(state: GameState, along: Mapping[int, dict[str, Any]] | None = None) -> None:
    """The record, through JSON, replays to a state that looks identical.

    ``along`` maps a number of moves made to :func:`observable` of the game at that point, taken
    during play: the replay must pass through each of those positions on its way. A record of the
    first ``k`` moves is the first ``k`` moves of the whole record, so one replay checks them all,
    in time linear in the game's length (loading each shorter record again is quadratic in it).
    """
    record = json.loads(json.dumps(state.to_record()))
    actions = record["actions"]
    stops = sorted(along or {})
    assert not stops or 0 <= stops[0] and stops[-1] <= len(actions), f"positions {stops} beyond the record"
    # Loaded as a record up to the first position, then moved on as game.load moves: move by move.
    loaded = stops[0] if stops else len(actions)
    again = state.game.load({**record, "actions": actions[:loaded]})
    for moves, want in [*((k, along[k]) for k in stops), (len(actions), observable(state))]:
        for data in actions[len(again.history):moves]:
            again.apply(Action.from_json(data))
        assert observable(again) == want, f"the record's first {moves} moves replay to another position"


def assert_bell_keeps_the_contract(state: GameState) -> None:
    """The bell rung on a copy of ``state`` (docs/rules-decisions.md › All games › Play to the bell):
    the game is over, with a last line naming the rules' winners and the bell, and a second bell is
    refused, changing nothing; or a round is left to finish, with a player to move, legal moves and
    never the bell among them. Either way the record replays to the same position."""
    twin = state.clone()
    events = twin.ring_bell()
    assert_contract_step(twin, events)
    assert twin.bell_rung and twin.history[-1] == Action("bell")
    if twin.is_terminal():
        assert events[-1].kind == "game-over" and events[-1].data["bell"] is True
        assert events[-1].data["winners"] == twin.winners()
        before = fingerprint(twin)
        try:
            twin.ring_bell()
        except IllegalAction:
            pass
        else:
            raise AssertionError("a bell rung on a finished game was accepted")
        assert fingerprint(twin) == before, "a refused bell changed the state"
    else:
        assert all(action.kind != "bell" for action in twin.legal_actions())
    assert_replays(twin)


def illegal_variants(state: GameState) -> list[Action]:
    """Actions that are not legal here: an unknown kind and legal moves with a parameter spoiled."""
    legal = set(state.legal_actions())
    candidates = [Action("no-such-move"), Action("no-such-move", seat=0)]
    for action in state.legal_actions()[:5]:
        for name, _value in action.params:
            candidates.append(Action(action.kind, **{**dict(action.params), name: "bogus"}))
    return [a for a in candidates if a not in legal]


def assert_illegal_changes_nothing(state: GameState) -> None:
    """Every illegal variant raises :class:`IllegalAction` with a message and leaves the state as it
    was, both when the legal moves were listed already (a bot asked for them) and when they were not
    (a record replaying, which checks the move's own kind only)."""
    variants = illegal_variants(state)
    for listed in (True, False):
        if not listed:
            state._legal = None
        before = fingerprint(state)
        for action in variants:
            try:
                state.apply(action)
            except IllegalAction as exc:
                assert str(exc).strip(), "IllegalAction without a message"
            else:
                raise AssertionError(f"{action!r} was accepted but is not legal"
                                     f"{'' if listed else ' (legal moves not listed yet)'}")
            assert fingerprint(state) == before, f"{action!r} changed the state"


def assert_fair_bot(state: GameState, bot_name: str, seed: int) -> None:
    """The bot's choice does not change when only what its seat cannot see changes."""
    seat = state.current_player
    bot = state.game.make_bot(bot_name, seat, seed)
    other_world = state.determinized(seat, seed + 1)
    assert other_world.view(seat) == state.view(seat), "determinized changed what the seat sees"
    assert bot.choose(state) == bot.choose(other_world)


def clickable_moves(svg: str) -> set[str]:
    """The action keys a table's SVG makes clickable (its ``data-action`` values)."""
    return {html.unescape(key) for key in re.findall(r'data-action="([^"]*)"', svg)}


def assert_table_offers_only_legal_moves(svg: str, legal: Iterable[Action]) -> ET.Element:
    """DESIGN: a table is well-formed SVG and every clickable element is a legal move (no dead
    buttons). Returns the parsed root for the caller's own checks."""
    root = ET.fromstring(svg)
    stray = clickable_moves(svg) - {action.key for action in legal}
    assert not stray, f"clickable elements that are not legal moves: {sorted(stray)}"
    return root


_SVG = "{http://www.w3.org/2000/svg}"


def text_sizes(svg: str) -> list[float]:
    """The font size, in SVG units, of every non-empty ``<text>`` of a table (inherited from the
    nearest ancestor that sets one; the page's default is 16)."""
    sizes: list[float] = []

    def walk(element: ET.Element, inherited: float) -> None:
        size = float(element.get("font-size", inherited))
        if element.tag == f"{_SVG}text" and "".join(element.itertext()).strip():
            sizes.append(size)
        for child in element:
            walk(child, size)

    walk(ET.fromstring(svg), 16.0)
    return sizes


def assert_layout_readable(svg: str, layout: str) -> None:
    """A table drawn for ``layout`` is that layout's width, and its text is readable at scale 1:
    nothing under :data:`~biocards.svg.MIN_TEXT` units, the median at least 14."""
    from ..svg import LAYOUTS, MIN_TEXT

    root = ET.fromstring(svg)
    width = float(root.get("viewBox").split()[2])
    assert width == LAYOUTS[layout], f"a {layout} table is {LAYOUTS[layout]} units wide, not {width}"
    sizes = sorted(text_sizes(svg))
    assert sizes, "a table with no text"
    assert sizes[0] >= MIN_TEXT, f"text drawn at {sizes[0]} units in the {layout} layout"
    assert sizes[len(sizes) // 2] >= 14, f"median text {sizes[len(sizes) // 2]} units in the {layout} layout"



GENERIC_REFUSAL = "is not a move you can make right now"
"""The end of :meth:`GameState.explain_illegal`'s fallback sentence, which names no reason."""


def sampled_positions(game: Game, players: int, seeds: Iterable[int], *, every: int = 7,
                      **options: Any) -> tuple[list[GameState], list[Action]]:
    """Every ``every``-th position of random games from ``seeds`` (and each game's last), and every
    move legal somewhere in them (one per key, sorted by key)."""
    positions: list[GameState] = []
    seen: dict[str, Action] = {}
    for seed in seeds:
        state = game.new_state(players, seed, **options)
        bots = [RandomBot(game, seat, seed) for seat in range(players)]
        while not state.is_terminal() and len(state.history) < game.max_moves:
            for action in state.legal_actions():
                seen.setdefault(action.key, action)
            if len(state.history) % every == 0:
                positions.append(state.clone())
            state.apply(bots[state.current_player].choose(state))
        positions.append(state.clone())
    return positions, sorted(seen.values(), key=lambda a: a.key)


def refused_moves(game: Game, players: int, seeds: Iterable[int], *, every: int = 7,
                  **options: Any) -> Iterable[tuple[GameState, Action, str]]:
    """``(position, move, refusal)`` for moves legal somewhere in random play, tried elsewhere.

    Random games are played from each seed; every ``every``-th position is sampled (the game's
    last position too). Every move kind seen, with each parameter value seen, is tried in every
    sampled position where it is not legal, and the sentence ``apply`` refuses it with is yielded.
    """
    positions, moves = sampled_positions(game, players, seeds, every=every, **options)
    for position in positions:
        legal = {a.key for a in position.legal_actions()}
        for action in moves:
            if action.key in legal:
                continue
            twin = position.clone()
            twin._legal = None  # decided by the move's own kind, as a replayed record's move is
            try:
                twin.apply(action)
            except IllegalAction as refusal:
                yield position, action, str(refusal)
            else:  # pragma: no cover - a move missing from legal_actions was accepted
                raise AssertionError(f"{action!r} was applied though it is not a legal move")
