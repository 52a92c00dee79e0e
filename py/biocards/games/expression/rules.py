"""The gene-expression matching game's rules: shed your hand by following the expression pathway.

A turn is one card played on the top of the discard (next step of the pathway, same number or same
action) or one card drawn, which may be played at once if it matches. Mutations (action cards)
disturb the turn order and hands. A hand ends when a player has no cards; its winner scores the
cards left in the other hands, and the match goes on to ``target`` points (docs/rules-decisions.md ›
Gene-expression matching game). Decisions the rulebook leaves open are marked "design".
"""

from __future__ import annotations

from functools import reduce
from typing import Any

from ...core import Action, Event, GameState, Move, Pending, Rng, first_seat, next_seat, seats_from
from ...i18n import Message, _, lazy_gettext, message, nmessage
from .cards import (CATEGORIES, DECK, FOLLOWERS, HAND_SIZE, INSERTION_DRAW, MUTATIONS, card_name, card_order,
                    name, next_category, parse, points)

MAX_HANDS = 60
"""Cap (design; a match must end): after 60 hands the match ends and the highest total wins."""
MAX_TARGET = 1000
"""Highest target score (design): twice the rulebook's 500. The hand cap already ends every match;
this keeps a mistyped link (target=99999) from turning every match into a 60-hand slog."""
MAX_TURNS_PER_HAND = 200
"""Cap (design): a hand still going after 200 turns ends as a blocked hand."""
MAX_MOVES_PER_TURN = 6
"""Draw, play the drawn card, two swap choices, the Deletion's extra card and its two swap choices."""
MIN_PLAYERS, VARIANT_MIN_PLAYERS, MAX_PLAYERS = 4, 2, 6
SHORT_TARGET = 100
"""The short format's target (option ``short``; docs/rules-decisions.md › Formats): a fifth of the
rulebook's 500, a match a class plays in one period."""


def match_target(options: dict[str, Any]) -> Any:
    """The points a match is played to: the short format's, else the ``target`` option (500)."""
    return SHORT_TARGET if options.get("short") else options.get("target", 500)


_ORDER = {c: card_order(c) for c in set(DECK)}
_PLAY = {c: Action("play", card=c, label=message("Play {card}", card=card_name(c))) for c in set(DECK)}

_DRAW = Action("draw", label=message("Draw a card"))
_PASS = Action("pass", label=message("Pass: there is no card left to draw"))


def _who(p: int) -> Message:
    return message("Player {n}", n=p + 1)


def _and(names: Message, name: Message) -> Message:
    """"Player 1 and Player 2" (folded over a tie of three: "Player 1 and Player 2 and Player 3")."""
    return message("{names} and {name}", names=names, name=name)


# The step to play next, with the article English puts before it (the refusal names it).
_A_STEP = {"promoter": lazy_gettext("a Promoter"), "operon": lazy_gettext("an Enhancer"),
           "transcription-factor": lazy_gettext("a Transcription factor"),
           "expressed-gene": lazy_gettext("an Expressed gene")}

PATHWAY_NOTE = lazy_gettext("Cards follow the pathway promoter → enhancer → transcription factor → expressed gene. "
                            "In a real cell these parts act together, not one after another: transcription "
                            "factors bind the promoter and the enhancers at once and together bring in RNA "
                            "polymerase.")
"""Said once a match, in the log of its first hand (the game's order is its own rule)."""

_REASONS = {
    "played every card": message("played every card"),
    "blocked: nobody drew or played for a round": message("blocked: nobody drew or played for a round"),
    f"stopped after {MAX_TURNS_PER_HAND} turns": message("stopped after {turns} turns", turns=MAX_TURNS_PER_HAND),
    "stopped at the bell": message("stopped at the bell"),
}
"""Why a hand ended: the record of hands won (and the view) keeps the English words, the reader is
shown them in their language (:func:`reason_text`)."""


def reason_text(reason: str) -> Message | str:
    """Why a hand ended, in the reader's language."""
    return _REASONS.get(reason, reason)


def pending_prompt(kind: str, player: int, *, first: int | None = None, card: str | None = None,
                   turned_up: bool = False) -> Message:
    """What a decision waiting asks: the rules make it once; the render writes it again from the view
    (a card drawn is named only to the one who drew it)."""
    if kind == "drawn":
        if card is None:  # as at a real table, the others see a card drawn, not whether it matches
            return message("{player} drew a card and is deciding what to do with it.", player=_who(player))
        return message("You drew {card}, which matches: play it now or keep it.", card=card_name(card))
    if kind == "extra":
        return message("Deletion: play one more card, any card but a Deletion, whatever the top card is.")
    if kind == "swap-second":
        return message("Substitution: swap {player}'s hand with whose?", player=_who(first))
    if turned_up:
        return message("The turned-up Substitution: choose two players to swap hands.")
    return message("Substitution: choose two players (you may be one) to swap hands.")


# -- the state ------------------------------------------------------------------------------------

class ExpressionState(GameState):
    """A position of a match: the current hand, the piles and every player's running total."""

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        if not VARIANT_MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"The gene-expression game is for 4–6 players (2–3 as a variant), "
                             f"not {players}.")
        if players < MIN_PLAYERS and not options.get("variant"):
            raise ValueError(f"The gene-expression game is printed for 4–6 players; {players} players "
                             "is a marked variant: start it with variant=True.")
        target = match_target(options)
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_TARGET:
            raise ValueError(f"The target score must be a whole number of points from 1 to {MAX_TARGET}, "
                             f"not {target!r}.")
        self.target = target
        self.totals = [0] * players
        self.won: list[tuple[int, int, int, str]] = []
        """(hand number, winner, points, reason) for every hand played."""
        self.last_hand: dict[str, Any] | None = None
        self.hand_no = 0
        self.finished = False
        # The first hand's first player is drawn unless the table chose one (the rulebook does not say).
        self.first_of_match = first_seat(self.options, players, seed)
        self._start_hand()

    # -- setting up a hand ---------------------------------------------------------------------

    def _start_hand(self) -> list[Event]:
        """Shuffle all 72 cards, deal 6 each and turn up the first card (rulebook "Set-Up")."""
        self.hand_no += 1
        # Design: the first player moves one seat clockwise each hand, so no seat always leads.
        self.first = (self.first_of_match + self.hand_no - 1) % self.num_players
        self.draw = list(DECK)
        self.rng.shuffle(self.draw)
        self.hands: list[list[str]] = [[] for _ in range(self.num_players)]
        for _ in range(HAND_SIZE):
            for seat in seats_from(self.first, self.num_players):
                self.hands[seat].append(self.draw.pop())
        self.discard = [self.draw.pop()]
        self.pending: list[Pending] = []
        self.drawn: str | None = None
        self.free = False
        self.passes = 0
        self.turns = 0
        self.turn = self.first
        self._legal: list[Action] | None = None
        events = self._first_card()
        # The first hand is dealt before any move, so its opening events are kept for the view's log.
        self.opening = [e.message for e in events]
        return events

    def _first_card(self) -> list[Event]:
        """docs/rules-decisions.md › Gene-expression matching game: an action turned up to start the hand acts on the first player."""
        top, p = self.discard[-1], self.first
        action = top.split(":")[1]
        # A turned-up mutation is named, with what it does, before what it does to the first player.
        said = message("Hand {hand} begins: {card} is turned up and it acts on {player}, the first player.",
                       hand=self.hand_no, card=card_name(top), player=_who(p)) if action in MUTATIONS else \
            message("Hand {hand} begins: {card} is turned up and {player} plays first.", hand=self.hand_no,
                    card=card_name(top), player=_who(p))
        events = [Event("start", None, said, CATEGORIES[top.split(":")[0]].concepts,
                        data={"hand": self.hand_no, "top": top})]
        if self.hand_no == 1:
            events.append(Event("pathway", None, PATHWAY_NOTE, ("gene-expression", "transcription-factor")))
        if action in MUTATIONS:
            events.append(self._mutation_event(None, action))
        if action == "translocation":
            events += self._skip(p, lazy_gettext("the turned-up Translocation"))
            self.turn = next_seat(p, self.num_players)
        elif action == "insertion":
            events += self._draw_for(p, INSERTION_DRAW, lazy_gettext("the turned-up Insertion"))
            events += self._skip(p, lazy_gettext("the turned-up Insertion"))
            self.turn = next_seat(p, self.num_players)
        elif action == "deletion":
            self.free = True
            events.append(Event("free", p, message("The turned-up Deletion lets {player} play any card to start.",
                                                   player=_who(p)), ("deletion",)))
        elif action == "substitution":
            self.pending.append(Pending(p, "swap-first", pending_prompt("swap-first", p, turned_up=True),
                                        {"then": "turn"}))
        return events

    # -- contract ------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        return self.pending[-1].player if self.pending else self.turn

    def is_terminal(self) -> bool:
        return self.finished

    def scores(self) -> list[int]:
        return list(self.totals)

    def score_breakdown(self, player: int) -> list[tuple[str, int]]:
        # Written now, in the current language: the end screen asks for them when it shows them.
        lines = [(_("Hand {hand}: opponents' cards ({reason})").format(hand=h, reason=reason_text(reason)), pts)
                 for h, winner, pts, reason in self.won if winner == player]
        return lines or [(_("No hand won yet"), 0)]

    def clone(self) -> ExpressionState:
        twin = self._clone_shell()
        twin.totals = list(self.totals)
        twin.won = list(self.won)
        twin.hands = [list(h) for h in self.hands]
        twin.draw = list(self.draw)
        twin.discard = list(self.discard)
        twin.pending = list(self.pending)
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # The legal-move cache is derived data: leave it out so a pickle shows only the position.
        return {**self.__dict__, "_legal": None}

    def determinized(self, player: int, seed: int) -> ExpressionState:
        """Re-deal what ``player`` cannot see: the draw pile, other hands, a card someone else just drew."""
        twin = self.clone()
        twin.rng = Rng(seed)
        others = [p for p in range(self.num_players) if p != player]
        hidden_drawn = self.drawn is not None and self.pending and self.pending[-1].player != player
        pool = sorted(self.draw + [c for p in others for c in self.hands[p]]
                      + ([self.drawn] if hidden_drawn else []))
        twin.rng.shuffle(pool)
        for p in others:
            size = len(self.hands[p])
            twin.hands[p], pool = pool[:size], pool[size:]
        if hidden_drawn:
            twin.drawn = pool.pop()
        twin.draw = pool
        twin._legal = None
        return twin

    def view(self, player: int | None) -> dict[str, Any]:
        top = self.pending[-1] if self.pending else None
        pending = None
        if top is not None:
            pending = {"kind": top.kind, "player": top.player, "prompt": str(top.prompt),
                       "first": top.data.get("first")}
            if top.kind == "drawn":
                if player == top.player:
                    pending["card"] = self.drawn
                else:  # as at a real table, the others see a card drawn, not whether it matches
                    pending["prompt"] = str(pending_prompt("drawn", top.player))
        return {
            "game": "expression",
            "viewer": player,
            "players": self.num_players,
            "variant": self.num_players < MIN_PLAYERS,
            "current": self.current_player,
            "target": self.target,
            "hand_number": self.hand_no,
            "max_hands": MAX_HANDS,
            "first_player": self.first,
            "turn": self.turn,
            "top": self.discard[-1],
            "discard": list(self.discard),
            "draw_size": len(self.draw),
            "hand_sizes": self.hand_sizes(),
            "hand": None if player is None else sorted(self.hands[player], key=card_order),
            "free_play": self.free,
            "opening": [str(line) for line in self.opening],
            "pending": pending,
            "scores": self.scores(),
            "hands_won": [{"hand": h, "winner": w, "points": pts, "reason": r} for h, w, pts, r in self.won],
            "last_hand": self.last_hand,
            "over": self.finished,
        }

    def position(self) -> str:
        """A compact text of the table between turns (docs/design.md › Tests, compact positions): discard (top last) | each hand | turn."""
        piles = [",".join(self.discard)] + [",".join(sorted(h, key=card_order)) or "-" for h in self.hands]
        return " | ".join(piles + [f"turn {self.turn + 1}"])

    # -- legal moves ---------------------------------------------------------------------------

    def hand_sizes(self) -> list[int]:
        """Cards each player holds, counting a card just drawn and not yet played or kept."""
        sizes = [len(h) for h in self.hands]
        if self.drawn is not None:
            sizes[self.pending[-1].player] += 1
        return sizes

    def playable(self, card: str) -> bool:
        """True when the current player may play ``card`` from hand in an ordinary turn."""
        return self.free or card in FOLLOWERS[self.discard[-1]]

    def can_draw(self) -> bool:
        """True when a card can be drawn (counting the reshuffle of all discards but the top)."""
        return bool(self.draw) or len(self.discard) > 1

    def _plays(self, cards) -> list[Action]:
        return [_PLAY[c] for c in sorted(set(cards), key=_ORDER.__getitem__)]

    # -- the moves: for each kind, its options, its rule (None or why not) and what it does ------

    def _top(self, *kinds: str) -> Pending | None:
        """The decision waiting, if it is one of ``kinds``."""
        top = self.pending[-1] if self.pending else None
        return top if top is not None and top.kind in kinds else None

    def _play_options(self) -> list[Action]:
        if self._top("drawn"):
            return [Action("play", card=self.drawn, label=message("Play {card}, just drawn",
                                                                  card=card_name(self.drawn)))]
        if self._top("swap-first", "swap-second"):
            return []
        return self._plays(self.hands[self.current_player])

    def _check_play(self, action: Action) -> str | None:
        """A card follows the top card (next step of the pathway, same number or same action); a card
        just drawn may be played at once; after a Deletion any card but a Deletion."""
        card, p = action.get("card"), self.current_player
        if self._top("drawn"):
            allowed = card == self.drawn
        elif self._top("swap-first", "swap-second") or card not in self.hands[p]:
            allowed = False
        else:
            allowed = not card.endswith(":deletion") if self._top("extra") else self.playable(card)
        return None if allowed else lambda: self._why_not_play(card)

    def _why_not_play(self, card: str) -> Message:
        """Why playing ``card`` is refused, naming it and what would go on the top card instead."""
        p = self.current_player
        try:
            parse(card)
        except (TypeError, ValueError) as exc:
            return message("That is not a card of this game: {error}.", error=exc.args[0] if exc.args else "")
        if self._top("drawn"):
            return message("You just drew {card}: only that card can be played now; play it or keep it.",
                           card=card_name(self.drawn))
        if self._top("swap-first", "swap-second"):
            return self._swap_first()
        if card not in self.hands[p]:
            return message("You do not hold {card}.", card=card_name(card))
        if self._top("extra"):
            return message("After a Deletion you play one more card, but not another Deletion.")
        t_category, t_value = parse(self.discard[-1])
        if t_value in MUTATIONS:
            same = message("another {mutation}", mutation=lazy_gettext(MUTATIONS[t_value].name))
        else:  # English writes "an 8" (of 1 to 10, only 8 is said with a vowel)
            same = message("an {number}", number=t_value) if t_value == 8 else message("a {number}", number=t_value)
        instead = lazy_gettext("or draw a card") if self.can_draw() else lazy_gettext("or pass: nothing is left to draw")
        return message("{card} cannot go on {top}: play {step} (the next step of the pathway) or {same}, {instead}.",
                       card=card_name(card), top=card_name(self.discard[-1]), step=_A_STEP[next_category(t_category)],
                       same=same, instead=instead)

    def _swap_first(self) -> Message:
        return message("First finish the Substitution: choose the two players who swap hands.")

    def _not_after_drawing(self) -> Message:
        return message("You just drew {card}: play it or keep it.", card=card_name(self.drawn))

    def _keep_options(self) -> list[Action]:
        if not self._top("drawn"):
            return []
        return [Action("keep", label=message("Keep {card} and end your turn", card=card_name(self.drawn)))]

    def _check_keep(self, action: Action) -> Message | None:
        if self._top("drawn"):
            return None
        if self._top("swap-first", "swap-second"):
            return self._swap_first()
        if self._top("extra"):
            return message("You have not drawn a card to keep: play one more card after your Deletion.")
        return message("You keep a card only right after drawing one that could be played; you have not drawn one.")

    def _draw_options(self) -> list[Action]:
        return [] if self.pending else [_DRAW]

    def _check_draw(self, action: Action) -> str | None:
        """An ordinary turn: draw instead of playing, while there is a card to draw or reshuffle."""
        refused = self._ordinary_turn("draw")
        if refused is None and not self.can_draw():
            return message("There are no cards left to draw or reshuffle: you can only pass.")
        return refused

    def _pass_options(self) -> list[Action]:
        return [] if self.pending else [_PASS]

    def _check_pass(self, action: Action) -> str | None:
        """Passing is allowed only when nothing is left to draw or reshuffle."""
        refused = self._ordinary_turn("pass")
        if refused is None and self.can_draw():
            return message("You can still draw a card, so you cannot pass: draw instead.")
        return refused

    def _ordinary_turn(self, verb: str) -> Message | None:
        """``None`` in an ordinary turn, else why a draw or a pass must wait."""
        if self._top("drawn"):
            return self._not_after_drawing()
        if self._top("swap-first", "swap-second"):
            return self._swap_first()
        if self._top("extra"):
            if verb == "draw":
                return message("After your Deletion you play one more card, any card but a Deletion; you cannot "
                               "draw instead.")
            return message("After your Deletion you play one more card, any card but a Deletion; you cannot "
                           "pass instead.")
        return None

    def _choose_options(self) -> list[Action]:
        top = self._top("swap-first", "swap-second")
        if top is None:
            return []
        return [Action("choose", seat=s, label=self._choose_label(top, s)) for s in range(self.num_players)]

    def _check_choose(self, action: Action) -> str | None:
        """A Substitution swaps the hands of two different players (the one who played it may be one)."""
        if self._top("drawn"):
            return self._not_after_drawing()
        top = self._top("swap-first", "swap-second")
        if top is None:
            if self._top("extra"):
                return message("No Substitution is waiting for two players to be chosen.")
            return message("Players are chosen only for a Substitution, right after it is played.")
        seat = action.get("seat")
        if seat not in range(self.num_players):
            return message("There is no such player at this table: choose {first} to {last}.", first=_who(0),
                           last=_who(self.num_players - 1))
        if seat == top.data.get("first"):
            return message("The Substitution swaps the hands of two different players: choose someone other "
                           "than {player}.", player=_who(top.data["first"]))
        return None

    def _choose_label(self, top: Pending, seat: int) -> Message:
        who = message("{player} (you)", player=_who(seat)) if seat == top.player else _who(seat)
        if top.kind == "swap-first":
            # "cards" even for one: the English label has always said so.
            return message("Choose {player}, {n} cards, as the first of two to swap hands", player=who,
                           n=len(self.hands[seat]))
        return message("Swap the hands of {first} and {player}", first=_who(top.data["first"]), player=who)

    # -- making moves --------------------------------------------------------------------------

    def _do_play(self, action: Action) -> list[Event]:
        p, c = self.current_player, action.card
        how = "ordinary"
        if self.pending:
            how = self.pending.pop().kind
        if how == "drawn":
            self.drawn = None
        else:
            self.hands[p].remove(c)
        under = self.discard[-1]
        self.discard.append(c)
        self.passes = 0
        events = [self._play_event(p, c, under, "extra" if how == "extra" else
                                   "free" if self.free else "match")]
        self.free = False
        if not self.hands[p]:
            # Rulebook "Ending the Game": play stops as soon as a hand is empty, so the last card's
            # action is not carried out (design; this includes a Deletion played as the last card).
            return events + self._end_hand(p, "played every card")
        action_name = c.split(":")[1]
        if action_name in MUTATIONS:
            events.append(self._mutation_event(p, action_name))
        nxt = next_seat(p, self.num_players)
        if action_name == "translocation":
            cause = message("{player}'s Translocation", player=_who(p))
            return events + self._skip(nxt, cause) + self._end_turn(skip=1)
        if action_name == "insertion":
            cause = message("{player}'s Insertion", player=_who(p))
            events += self._draw_for(nxt, INSERTION_DRAW, cause)
            return events + self._skip(nxt, cause) + self._end_turn(skip=1)
        if action_name == "deletion":
            if any(not h.endswith(":deletion") for h in self.hands[p]):
                self.pending.append(Pending(p, "extra", pending_prompt("extra", p)))
                return events
            return events + [Event("deletion-stuck", p, message("{player} holds only Deletions, so the turn ends.",
                                                                player=_who(p)), ("deletion",))] + self._end_turn()
        if action_name == "substitution":
            self.pending.append(Pending(p, "swap-first", pending_prompt("swap-first", p), {"then": "end"}))
            return events
        return events + self._end_turn()

    def _do_draw(self, action: Action) -> list[Event]:
        p = self.turn
        events, card = self._take(p)
        self.passes = 0
        if card is not None and self.playable(card):
            self.drawn = card
            self.pending.append(Pending(p, "drawn", pending_prompt("drawn", p, card=card)))
            return events + [Event("draw", p, message("{player} draws a card.", player=_who(p)))]
        if card is not None:
            self.hands[p].append(card)
        # The same two lines as a matching card drawn and kept: the log shows only what the table
        # sees (a card drawn and not played), never whether it could have been played.
        return events + [Event("draw", p, message("{player} draws a card.", player=_who(p))), self._kept(p)] \
            + self._end_turn()

    def _do_keep(self, action: Action) -> list[Event]:
        p = self.pending.pop().player
        self.hands[p].append(self.drawn)
        self.drawn = None
        return [self._kept(p)] + self._end_turn()

    def _kept(self, p: int) -> Event:
        return Event("keep", p, message("{player} keeps it, and the turn passes.", player=_who(p)))

    def _do_pass(self, action: Action) -> list[Event]:
        p = self.turn
        self.passes += 1
        events = [Event("pass", p, message("{player} cannot draw and passes.", player=_who(p)))]
        if self.passes >= self.num_players:
            reason = "blocked: nobody drew or played for a round"
            return events + self._end_hand(self._blocked_winner(), reason)
        return events + self._end_turn()

    def _do_choose(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        if top.kind == "swap-first":
            prompt = pending_prompt("swap-second", top.player, first=action.seat)
            self.pending.append(Pending(top.player, "swap-second", prompt, {**top.data, "first": action.seat}))
            text = message("{player} picks {chosen} for the swap.", player=_who(top.player), chosen=_who(action.seat))
            return [Event("choose", top.player, text)]
        a, b = top.data["first"], action.seat
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
        events = [Event("swap", top.player, message("{first} and {second} swap hands, as a substitution swaps one "
                                                    "base for another.", first=_who(a), second=_who(b)),
                        ("substitution",), {"players": [a, b]})]
        if top.data["then"] == "turn":
            return events  # the turned-up Substitution: now the first player takes a normal turn
        return events + self._end_turn()

    # -- helpers -------------------------------------------------------------------------------

    def _play_event(self, p: int, card: str, under: str, how: str) -> Event:
        category = card.split(":")[0]
        info = CATEGORIES[category]
        under_category = under.split(":")[0]
        if how == "extra":
            why = message("the extra card after a Deletion, whatever the top card")
        elif how == "free":
            why = message("any card may start after the turned-up Deletion")
        elif category == next_category(under_category):
            why = message("the next step after {step}", step=lazy_gettext(CATEGORIES[under_category].name))
        else:
            why = message("it matches {card}", card=card_name(under))
        left = len(self.hands[p])
        return Event("play", p, nmessage("{player} plays {card} ({why}); {role}; {n} card left.",
                                         "{player} plays {card} ({why}); {role}; {n} cards left.", left,
                                         player=_who(p), card=card_name(card), why=why,
                                         role=lazy_gettext(info.role)),
                     info.concepts, {"card": card, "under": under, "how": how})

    def _mutation_event(self, p: int | None, action_name: str) -> Event:
        m = MUTATIONS[action_name]
        text = message("{mutation} ({effect}). {product}", mutation=lazy_gettext(m.name),
                       effect=lazy_gettext(m.effect), product=lazy_gettext(m.product))
        return Event("mutation", p, text, m.concepts, {"action": action_name})

    def _take(self, p: int) -> tuple[list[Event], str | None]:
        """Draw one card for ``p``, reshuffling all discards but the top when the pile is empty."""
        events = []
        if not self.draw and len(self.discard) > 1:
            self.draw, self.discard = self.discard[:-1], self.discard[-1:]
            self.rng.shuffle(self.draw)
            events.append(Event("reshuffle", None, message("The draw pile is empty: {n} discards are shuffled into a "
                                                           "new draw pile, leaving the top card.", n=len(self.draw))))
        if not self.draw:
            return events, None
        return events, self.draw.pop()

    def _draw_for(self, p: int, n: int, cause: Message) -> list[Event]:
        events, got = [], 0
        for _ in range(n):
            more, card = self._take(p)
            events += more
            if card is None:
                break
            self.hands[p].append(card)
            got += 1
        events.append(Event("draw", p, nmessage("{player} draws {n} card because of {cause}.",
                                                "{player} draws {n} cards because of {cause}.", got,
                                                player=_who(p), cause=cause), ("insertion",)))
        return events

    def _skip(self, p: int, cause: Message) -> list[Event]:
        return [Event("skip", p, message("{player} misses a turn because of {cause}.", player=_who(p), cause=cause))]

    def _end_turn(self, skip: int = 0) -> list[Event]:
        self.free = False
        self.turn = next_seat(self.turn, self.num_players, 1 + skip)
        self.turns += 1
        if self.turns >= MAX_TURNS_PER_HAND:
            return self._end_hand(self._blocked_winner(), f"stopped after {MAX_TURNS_PER_HAND} turns")
        return []

    def _blocked_winner(self) -> int:
        """Design: a blocked hand goes to the fewest cards, then the lowest points, then turn order."""
        order = seats_from(self.first, self.num_players)
        return min(order, key=lambda s: (len(self.hands[s]), sum(map(points, self.hands[s])), order.index(s)))

    def _at_bell(self, again: bool) -> list[Event]:
        """docs/rules-decisions.md › Gene-expression matching game › The bell: the match ends at once.
        A hand in which a turn has been played is scored as a blocked hand is (it goes to the fewest
        cards); the highest total wins, equal totals share. A card just drawn and not yet played or
        kept is the drawer's: it stays in their hand."""
        if self.drawn is not None:
            self.hands[self.pending[-1].player].append(self.drawn)
            self.drawn = None
        events = self._score_hand(self._blocked_winner(), "stopped at the bell") if self.turns else []
        self.finished, self.pending = True, []
        return events

    def _end_hand(self, winner: int, reason: str) -> list[Event]:
        """Rulebook "Scoring": the winner takes the face value of every card left in the other hands."""
        events = self._score_hand(winner, reason)
        if self.totals[winner] >= self.target or self.hand_no >= MAX_HANDS:
            self.finished = True
            best = max(self.totals)
            champions = reduce(_and, [_who(p) for p, t in enumerate(self.totals) if t == best])
            if best >= self.target:
                text = message("The match is over: {players} reached {target} with {points} points.",
                               players=champions, target=self.target, points=best)
            else:
                text = message("The match is over: {players} leads after the {hands}-hand cap with {points} points.",
                               players=champions, hands=MAX_HANDS, points=best)
            return events + [Event("match-over", None, text, data={"scores": self.scores()})]
        return events + self._start_hand()

    def _score_hand(self, winner: int, reason: str) -> list[Event]:
        """The hand's winner takes the face value of every card left in the other hands."""
        pts = sum(points(c) for s, h in enumerate(self.hands) if s != winner for c in h)
        self.totals[winner] += pts
        self.won.append((self.hand_no, winner, pts, reason))
        self.last_hand = {"hand": self.hand_no, "winner": winner, "points": pts, "reason": reason,
                          "cards": [sorted(h, key=card_order) for h in self.hands]}
        self.pending = []
        events = [Event("hand-over", winner, message("Hand {hand} is over ({reason}): {player} scores {points} points "
                                                     "from the other hands and has {total}.", hand=self.hand_no,
                                                     reason=reason_text(reason), player=_who(winner), points=pts,
                                                     total=self.totals[winner]),
                        data={"winner": winner, "points": pts})]
        return events

    game_over = message("The match is over: no more moves can be made.")
    moves = {
        "play": Move(_play_options, _check_play, _do_play),
        "keep": Move(_keep_options, _check_keep, _do_keep),
        "draw": Move(_draw_options, _check_draw, _do_draw),
        "pass": Move(_pass_options, _check_pass, _do_pass),
        "choose": Move(_choose_options, _check_choose, _do_choose),
    }


def from_position(text: str, seed: int = 0, **options: Any) -> ExpressionState:
    """A state from :meth:`ExpressionState.position` text; the rest of the deck, shuffled, is the draw pile.

    For tests and lessons that start from a prepared table: its record replays from a fresh deal,
    not from this position. Raises ``ValueError`` for text that is not a position of this deck.

    >>> from_position("promoter:3 | operon:7,promoter:1 | operon:1 | operon:2 | operon:3 | turn 1").turn
    0
    """
    fields = [f.strip() for f in text.split("|")]
    if len(fields) < 4 or not fields[-1].startswith("turn "):
        raise ValueError(f"a position is 'discard | hand | hand … | turn N', not {text!r}")
    discard = fields[0].split(",")
    hands = [[] if f == "-" else f.split(",") for f in fields[1:-1]]
    for card in discard + [c for h in hands for c in h]:
        parse(card)
    rest = list(DECK)
    for card in discard + [c for h in hands for c in h]:
        if card not in rest:
            raise ValueError(f"{text!r} uses {name(card)} more often than the deck has it")
        rest.remove(card)
    players = len(hands)
    if players < MIN_PLAYERS:
        options.setdefault("variant", True)
    state = ExpressionState(players, seed, {"target": 500, "variant": False, **options})
    state.discard, state.hands, state.draw = discard, hands, rest
    state.rng.shuffle(state.draw)
    state.turn = state.first = int(fields[-1].split()[1]) - 1
    state.pending, state.drawn, state.free, state.passes, state.turns = [], None, False, 0, 0
    state.opening, state._legal = [], None
    return state
