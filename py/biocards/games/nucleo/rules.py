"""NUCLEO's rules: roll for amino acids, trade, and build real peptides for coins from a shared pool.

A turn has four parts in order (docs/rules-decisions.md › NUCLEO): 1 a free amino acid (rolled at once), 2 the six-sided
die, 3 negotiating and trading, 4 building. The game ends the moment the coin pool is empty.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from ...core import Action, Deck, Event, GameState, Move, Pending, Rng, Supply
from ...i18n import Message, gettext, lazy_gettext, message, nmessage, pmessage
from .cards import (ACTION_CARDS, AMINO_CARDS, AMINO_NAMES, COIN_POOL, D6, D20, FIXED_TRADE, PROTEINS,
                    STARTING_AMINO_ACIDS, STARTING_PROTEINS)

MAX_ROUNDS = 80
"""A visible cap (docs/rules-decisions.md › All games: if the pool is not empty after 80 rounds, the game is scored."""
MAX_OFFERS_PER_TURN = 2
"""Trade offers the active player may make in one turn, so negotiation cannot go on for ever."""
MAX_ITEMS = 3
"""Cards or coins on each side of one offer (keeps the choices short; a counter-offer has the same limit)."""
TRADE_SECONDS = 60
"""The rulebook's time limit for negotiating in one turn (an option: ``trade_minute``)."""
SHORT_COIN_POOL = {2: 10, 3: 14, 4: 16}
"""The short format's coin pool (option ``short``; docs/rules-decisions.md › Formats): half the
rulebook's pool for the player count, rounded up, so the game ends in about half the turns."""


def coin_pool(players: int, options: dict[str, Any]) -> int:
    """The coins in the playing pool at the start: the rulebook's for the player count, or the short format's."""
    return SHORT_COIN_POOL[players] if options.get("short") else COIN_POOL[players]


TALK_KINDS = frozenset({"offer-target", "offer-give", "offer-ask", "offer", "counter-chance"})
"""Pending choices that belong to negotiating: the minute running out ends them all."""
BUILD_CONCEPTS = ("peptide-bond", "primary-structure", "protein", "gene-to-protein", "protein-folding")


_VALUE = {name: card.value for name, card in PROTEINS.items()}
"""Each protein card's value in coins."""


def comma_list(parts: list) -> Message | str:
    """"A", "A, B", "A, B, C" (each part a Message or a str): one field a translator can punctuate."""
    return parts[0] if len(parts) == 1 else message("{first}, {rest}", first=parts[0], rest=comma_list(parts[1:]))


def and_list(parts: list) -> Message | str:
    """"Player 1", "Player 1 and Player 2", "Player 1, Player 2 and Player 3"."""
    return parts[0] if len(parts) == 1 else \
        message("{items} and {last}", items=comma_list(parts[:-1]), last=parts[-1])


# The words of a name, a card or an offer are made once each (a Message is a value, never changed):
# every prompt, event and label of a move asks for them, thousands of times a game.
@lru_cache(maxsize=None)
def _name(p: int) -> Message:
    return message("Player {n}", n=p + 1)


@lru_cache(maxsize=None)
def _amino(code: str) -> Message:
    """An amino acid's name, in the reader's language."""
    return lazy_gettext(AMINO_NAMES[code])


@lru_cache(maxsize=1024)
def _protein(name: str) -> Message | str:
    """A protein card's name in the reader's language (a name that is no card stays as it is: an
    empty one would read the catalog's header)."""
    return lazy_gettext(name) if name in PROTEINS else name


@lru_cache(maxsize=None)
def _card(title: str) -> Message:
    """An action card's title in the reader's language."""
    return lazy_gettext(title)


@lru_cache(maxsize=None)
def a_card(code: str) -> Message:
    """"an Alanine card", "a Lysine card"."""
    if AMINO_NAMES[code][0] in "AEIOU":
        return message("an {amino} card", amino=_amino(code))
    return message("a {amino} card", amino=_amino(code))


@lru_cache(maxsize=1024)
def item_label(item: str) -> Message:
    """``aa:K`` → "a Lysine card", ``protein:Oxytocin`` → "the Oxytocin protein card", ``coin`` → "1 coin"."""
    if item == "coin":
        return message("1 coin")
    kind, _, what = item.partition(":")
    return a_card(what) if kind == "aa" else message("the {molecule} protein card", molecule=_protein(what))


def items_text(items) -> Message | str:
    """A side of an offer in words: "2 Lysine cards, the Oxytocin protein card and 1 coin"."""
    return _items_text(tuple(items))


@lru_cache(maxsize=4096)
def _items_text(items: tuple) -> Message | str:
    if not items:
        return message("nothing")
    counts = Counter(items)
    parts = []
    for item in dict.fromkeys(items):
        n = counts[item]
        if item == "coin":
            parts.append(nmessage("{n} coin", "{n} coins", n))
        elif item.startswith("aa:"):
            parts.append(item_label(item) if n == 1 else
                         nmessage("{n} {amino} card", "{n} {amino} cards", n, amino=_amino(item[3:])))
        else:
            parts.append(item_label(item))
    return and_list(parts)


def _plain(value):
    """Tuples as lists, inside dicts too, so a view is plain JSON (a counter-offer's ``reply_to``)."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


class NucleoState(GameState):
    """A position of NUCLEO."""

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        rng = self.rng
        self.supply = dict(AMINO_CARDS)
        self.amino: list[dict[str, int]] = [{} for _ in range(players)]
        self.proteins: list[list[str]] = [[] for _ in range(players)]
        self.actions: list[list[str]] = [[] for _ in range(players)]
        self.pool = Supply("coins", coin_pool(players, self.options))
        self.coins = [0] * players
        pile = list(PROTEINS)
        rng.shuffle(pile)
        self.pile = pile  # top of the pile is the end of the list
        deck = [cid for cid, card in ACTION_CARDS.items() for _ in range(card.copies)]
        self.action_deck: Deck[str] = Deck(deck, reshuffle=True)
        self.action_deck.shuffle(rng)
        chosen = self.options.get("first_player")
        if chosen is not None and (type(chosen) is not int or not 0 <= chosen < players):
            raise ValueError(f"The starting player must be a seat from 0 to {players - 1}, not {chosen!r}.")
        # docs/rules-decisions.md › NUCLEO: at random, or the seat a classroom's imitate-a-protein vote chose.
        self.first_player = rng.randbelow(players) if chosen is None else chosen
        self.turn_player = self.first_player
        self.phase = "roll"
        self.pending: list[Pending] = []
        self.offers_made = 0
        self.talks_over = False  # the minute for negotiating ran out this turn (option trade_minute)
        self.round = 1
        self.finished = False
        self.end_reason = ""
        self.last_roll: dict[str, Any] = {}
        self._legal: list[Action] | None = None  # cached until the next move
        for i in range(players):
            p = (self.first_player + i) % players
            for _ in range(STARTING_AMINO_ACIDS):
                self._gain(p, self._roll_available())
        for i in range(players):
            p = (self.first_player + i) % players
            for _ in range(STARTING_PROTEINS):
                self.proteins[p].append(self.pile.pop())
        self.opening = self._start_turn()

    # -- contract ---------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.finished:
            return None
        return self.pending[-1].player if self.pending else self.turn_player

    def is_terminal(self) -> bool:
        return self.finished

    def penalty(self, p: int) -> int:
        """Value of the protein cards still in hand (lost at the end)."""
        return sum(map(_VALUE.__getitem__, self.proteins[p]))  # every score asks: no generator frame

    def scores(self) -> list[int]:
        return [max(0, self.coins[p] - self.penalty(p)) for p in range(self.num_players)]

    def score_breakdown(self, player: int) -> list[tuple[str, int]]:
        # Written now, in the current language: a breakdown is made when it is shown.
        lines = [(gettext("Coins"), self.coins[player])]
        penalty = self.penalty(player)
        if self.proteins[player]:
            # str(comma_list(names)), written at once: a hand of twenty cards is twenty nested Messages.
            names = [str(_protein(name)) for name in self.proteins[player]]
            joint, held = gettext("{first}, {rest}"), names[-1]
            for name in reversed(names[:-1]):
                held = joint.format(first=name, rest=held)
            lines.append((gettext("Protein cards still in hand ({cards})").format(cards=held), -penalty))
        raw = self.coins[player] - penalty
        if raw < 0:
            lines.append((gettext("A score never goes below 0"), -raw))
        return lines

    def clone(self) -> NucleoState:
        twin = self._clone_shell()
        twin.supply = dict(self.supply)
        twin.amino = [dict(h) for h in self.amino]
        twin.proteins = [list(h) for h in self.proteins]
        twin.actions = [list(h) for h in self.actions]
        twin.pool, twin.coins, twin.pile = self.pool.copy(), list(self.coins), list(self.pile)
        twin.action_deck = self.action_deck.copy()
        twin.pending = list(self.pending)
        twin.last_roll = dict(self.last_roll)
        return twin

    def determinized(self, player: int, seed: int) -> NucleoState:
        """Re-deal what ``player`` cannot see: others' hands, the protein pile, the action deck."""
        twin = self.clone()
        rng = twin.rng = Rng(seed)
        others = [q for q in range(self.num_players) if q != player]
        # Cards another player has put on the table in an offer are seen: they stay where they are.
        shown: dict[int, Counter] = {q: Counter() for q in others}
        for top in self.pending:
            author = top.data.get("from", top.player)
            if author in shown and top.kind in ("offer", "offer-give", "offer-ask", "counter-chance"):
                shown[author] |= Counter(i for i in top.data.get("give", ()) if i != "coin")
        aminos = sorted(a for q in others for a, n in self.amino[q].items()
                        for _ in range(n - shown[q][f"aa:{a}"]))
        proteins = sorted([n for q in others for n in self.proteins[q] if not shown[q][f"protein:{n}"]] + self.pile)
        actions = sorted([c for q in others for c in self.actions[q]] + self.action_deck.cards)
        for pool in (aminos, proteins, actions):
            rng.shuffle(pool)
        for q in others:
            twin.amino[q] = {}
            for item in sorted(shown[q]):
                kind, _, what = item.partition(":")
                if kind == "aa":
                    twin.amino[q][what] = shown[q][item]
            count = sum(self.amino[q].values()) - sum(twin.amino[q].values())
            for a in aminos[:count]:
                twin.amino[q][a] = twin.amino[q].get(a, 0) + 1
            aminos = aminos[count:]
            kept = [n for n in self.proteins[q] if shown[q][f"protein:{n}"]]
            k = len(self.proteins[q]) - len(kept)
            twin.proteins[q], proteins = kept + proteins[:k], proteins[k:]
            k = len(self.actions[q])
            twin.actions[q], actions = actions[:k], actions[k:]
        twin.pile = proteins
        twin.action_deck.cards = actions
        twin._legal = None
        return twin

    def view(self, player: int | None) -> dict[str, Any]:
        top = self.pending[-1] if self.pending else None
        return {
            "game": "nucleo", "viewer": player, "players": self.num_players, "current": self.current_player,
            "turn_player": self.turn_player, "phase": self.phase, "round": self.round, "max_rounds": MAX_ROUNDS,
            "pool": self.pool.count, "coins": list(self.coins), "supply": dict(self.supply),
            "pile_size": len(self.pile), "action_deck_size": len(self.action_deck),
            "action_discards": list(self.action_deck.discards),
            "hands": [{
                "amino_count": sum(self.amino[q].values()),
                "amino": dict(sorted(self.amino[q].items())) if q == player else None,
                "protein_count": len(self.proteins[q]),
                "proteins": [{"name": n, "sequence": PROTEINS[n].sequence, "value": PROTEINS[n].value}
                             for n in self.proteins[q]] if q == player else None,
                "action_count": len(self.actions[q]),
                "actions": list(self.actions[q]) if q == player else None,
            } for q in range(self.num_players)],
            # The prompt and the end's reason are written in the current language: a view is made to be shown.
            "pending": None if top is None else {"kind": top.kind, "player": top.player, "prompt": str(top.prompt),
                                                   **{k: _plain(v) for k, v in top.data.items()
                                                      if k in ("give", "ask", "to", "from", "counter", "reply_to")}},
            "offers_left": MAX_OFFERS_PER_TURN - self.offers_made,
            # The page runs the rulebook's minute (it has the clock; the rules only say when it runs)
            # and plays ``plays`` when it is up; ``turn`` tells one turn's minute from the next.
            "clock": {"seconds": TRADE_SECONDS, "turn": f"{self.round}-{self.turn_player}", "plays": "time-up"}
            if self._clock_runs() else None,
            # A score during play subtracts the protein cards in hand, which others cannot see.
            "scores": [s if self.finished or q == player else None for q, s in enumerate(self.scores())],
            "last_roll": dict(self.last_roll), "over": self.finished,
            "end_reason": str(self.end_reason),
        }

    # -- legal moves --------------------------------------------------------------------------------

    def _compute_legal(self) -> list[Action]:
        """The full table's answer (every option each kind's check allows, in the table's order),
        asking only the kinds that can have an option in this situation: the others' options are
        empty here (:data:`KINDS_WHILE`), so the list is the same at a sixth of the calls."""
        waiting = self.pending[-1].kind if self.pending else self.phase
        asked = _ASKED.get(waiting)
        if asked is None:
            if waiting not in KINDS_WHILE:  # a situation this table does not know: ask every kind
                return super()._compute_legal()
            asked = _ASKED[waiting] = tuple((m.options, m.check) for kind, m in self.moves.items()
                                            if kind in KINDS_WHILE[waiting] or kind == "time-up")
        return [action for options, check in asked for action in options(self) if check(self, action) is None]

    def _clock_runs(self) -> bool:
        """Whether the rulebook's minute for negotiating is running: the option is on, the turn is
        in part 3, talks are still open and no other choice (an amino acid to take…) is waiting."""
        return bool(self.options.get("trade_minute")) and not self.finished and self.phase == "trade" \
            and not self.talks_over and (not self.pending or self.pending[-1].kind in TALK_KINDS)

    # -- the moves: for each kind, its options, its rule (None or why not) and what it does ------

    def _first_answer(self, top: Pending) -> Message:
        """While ``top`` waits, every other move is refused with what must be answered first."""
        p = top.player
        if top.kind == "offer":
            give, ask = top.data["give"], top.data["ask"]
            return message("{who} must first answer the offer ({give} for {ask}): accept it, decline it or make a "
                           "counter-offer.", who=_name(p), give=items_text(give), ask=items_text(ask))
        if top.kind == "counter-chance":
            return message("{who} may first make a counter-offer to {author}, whose offer was turned down, or pass.",
                           who=_name(p), author=_name(top.data["from"]))
        if top.kind == "offer-target":
            return message("First choose the player you offer a trade to, or cancel the offer.")
        if top.kind == "offer-give":
            return message("You are choosing what to give: add something, choose “Done”, or cancel the offer.")
        if top.kind == "offer-ask":
            return message("You are choosing what to ask for: add something, send the offer, or cancel it.")
        if top.kind == "choose-amino":
            return message("First choose the amino acid you take: {prompt}", prompt=top.prompt)
        if top.kind == "trade-in":
            return message("First choose whether to put one of your protein cards under the pile before taking the "
                           "top card.")
        if top.kind == "recycle":
            return message("First choose the protein card to recycle.")
        return message("First answer this: {prompt}", prompt=top.prompt)

    def _my_turn(self, phase: str) -> Message | None:
        """``None`` when no choice waits and the turn is in ``phase`` (part 3 "trade" or 4 "build"),
        else why a move of that part must wait."""
        if self.pending:
            return self._first_answer(self.pending[-1])
        if self.phase == "roll":
            return message("Roll the six-sided die first: it is part 2 of your turn, before trading and building.")
        if phase == "trade" and self.phase == "build":
            return message("Trading is over for this turn: offers, the fixed trade and trading cards belong to part "
                           "3, and you are now building (part 4).")
        return None

    def _answering(self, action: Action, *kinds: str) -> Pending | Message:
        """The choice waiting, when it is one of ``kinds`` that ``action`` answers; else why not."""
        if not self.pending:
            return _ANSWERS[action.kind]
        top = self.pending[-1]
        return top if top.kind in kinds else self._first_answer(top)

    def _turn_part(self, phase: str) -> bool:
        """Whether the moves of ``phase`` are worth asking about: no choice waits and it is that part."""
        return not self.pending and self.phase == phase

    def _roll_options(self) -> list[Action]:
        if not self._turn_part("roll"):
            return []
        return [_ROLL]

    def _check_roll(self, action: Action) -> Message | None:
        if self.pending:
            return self._first_answer(self.pending[-1])
        return None if self.phase == "roll" else message("You have already rolled the six-sided die this turn.")

    def _propose_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return [_PROPOSE]

    def _check_propose(self, action: Action) -> Message | None:
        """At most two offers a turn, while trading and before the minute (if played) is up."""
        refused = self._my_turn("trade")
        if refused is not None:
            return refused
        if self.talks_over:
            return message("The minute for negotiating is up: no more trade offers this turn.")
        if self.offers_made >= MAX_OFFERS_PER_TURN:
            return nmessage("You have made the {n} trade offer allowed in one turn.",
                            "You have made the {n} trade offers allowed in one turn.", MAX_OFFERS_PER_TURN)
        return None

    def _fixed_trade_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return list(_FIXED_TRADES)

    def _check_fixed_trade(self, action: Action) -> Message | None:
        """Three random amino acid cards for one of your choice from the supply, or for a new protein card."""
        refused = self._my_turn("trade")
        if refused is not None:
            return refused
        held = sum(self.amino[self.turn_player].values())
        if held < FIXED_TRADE:
            return message("The fixed trade needs {needed} amino acid cards; you have {held}.", needed=FIXED_TRADE,
                           held=held)
        receive = action.get("receive")
        if receive == "protein":
            return None if self.pile else \
                message("The protein pile is empty: there is no new protein card to trade for.")
        if receive == "amino":
            return None if any(self.supply.values()) else \
                message("No amino acid cards are left in the supply to choose from.")
        return message("The fixed trade gives an amino acid card of your choice or a new protein card.")

    def _play_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return list(_PLAYS)

    def _check_play(self, action: Action) -> Message | None:
        """Transfer RNA and Protein recycling are played while trading; the build cards with a build."""
        card = ACTION_CARDS.get(action.get("card"))
        refused = self._my_turn("trade")
        if refused is not None:
            if card is not None and card.timing == "build" and not self.pending and self.phase == "build":
                return message("{card} is played with a build: choose it when you build a protein.",
                               card=_card(card.title))
            return refused
        p = self.turn_player
        if card is None:
            return message("That is not one of NUCLEO's action cards.")
        if card.id not in self.actions[p]:
            return _not_held(card)
        if card.timing == "build":
            return message("{card} is played with a build: choose it when you build a protein in part 4.",
                           card=_card(card.title))
        if card.id == "transfer-rna":
            return None if any(self.supply.values()) else \
                message("No amino acid cards are left in the supply for your tRNA to bring.")
        if card.id == "recycling":
            return None if self.proteins[p] else message("You hold no protein card to recycle.")
        return message("{card} is carried out as soon as it is drawn.", card=_card(card.title))

    def _to_build_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return [_TO_BUILD]

    def _check_to_build(self, action: Action) -> Message | None:
        refused = self._my_turn("build")
        if refused is None and self.phase == "build":
            return message("You are already in part 4 (building).")
        return refused

    def _build_options(self) -> list[Action]:
        if self.pending or self.phase != "build":
            return []
        p, acts = self.turn_player, []
        for name in dict.fromkeys(self.proteins[p]):
            if not self._can_build(p, name):  # not worth asking about (the check says why)
                continue
            acts.append(_build(name, "none", min(PROTEINS[name].value, self.pool.count)))
            acts += [_build(name, card, 0) for card in dict.fromkeys(self.actions[p])]
        return acts

    def _check_build(self, action: Action) -> Message | None:
        """A protein you hold, built in part 4 from the amino acids it is made of, with at most one
        build card (Post-translational modification only for 10 or more amino acids)."""
        if self.pending:
            return self._first_answer(self.pending[-1])
        if self.phase == "roll":
            return self._my_turn("build")
        p, name, boost = self.turn_player, action.get("protein"), action.get("boost", "none")
        protein = PROTEINS.get(name)
        if protein is None:
            return message("There is no protein card called {name} in NUCLEO.", name=repr(name))
        if name not in self.proteins[p]:
            return message("You do not hold the {molecule} protein card.", molecule=_protein(name))
        if self.phase != "build":
            return message("Proteins are built in part 4 of your turn: choose “Done trading: build proteins” "
                           "first.")
        if not self._can_build(p, name):
            missing = {a: n - self.amino[p].get(a, 0) for a, n in protein.composition.items()
                       if self.amino[p].get(a, 0) < n}
            need = comma_list([message("{n} × {amino}", n=n, amino=_amino(a)) for a, n in missing.items()])
            return message("To build {molecule} ({sequence}) you still need {need}.", molecule=_protein(name),
                           sequence=protein.sequence, need=need)
        if boost == "none":
            return None
        card = ACTION_CARDS.get(boost)
        if card is None or card.timing != "build":
            return message("Only Enzyme catalyst, Post-translational modification and Gene duplication are played "
                           "with a build.")
        if boost not in self.actions[p]:
            return _not_held(card)
        if card.id == "modification" and len(protein.sequence) < 10:
            return message("{card} applies only to a protein of 10 or more amino acids; {molecule} has {length}.",
                           card=_card(card.title), molecule=_protein(name), length=len(protein.sequence))
        return None

    def _end_turn_options(self) -> list[Action]:
        if not self._turn_part("build"):
            return []
        return [_END_TURN]

    def _check_end_turn(self, action: Action) -> Message | None:
        refused = self._my_turn("build")
        if refused is None and self.phase != "build":
            return message("You end your turn after building: choose “Done trading: build proteins” first.")
        return refused

    def _take_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "choose-amino":
            return []
        return [_TAKE[a, n] for a, n in self.supply.items() if n]

    def _check_take(self, action: Action) -> Message | None:
        top = self._answering(action, "choose-amino")
        if isinstance(top, Message):
            return top
        amino = action.get("amino", "")
        if self.supply.get(amino):
            return None
        if amino in AMINO_NAMES:
            return message("No {amino} cards are left in the supply.", amino=_amino(amino))
        return message("No such cards are left in the supply.")

    def _held_proteins(self, kind: str) -> list[str]:
        if not self.pending or self.pending[-1].kind != kind:
            return []
        return list(dict.fromkeys(self.proteins[self.pending[-1].player]))

    def _trade_in_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "trade-in":
            return []
        return [_TRADE_IN[n] for n in self._held_proteins("trade-in")] + [_KEEP_PROTEINS]

    def _check_trade_in(self, action: Action) -> Message | None:
        """Before taking the top protein card, one protein card of yours may go under the pile ("": none)."""
        top = self._answering(action, "trade-in")
        if isinstance(top, Message):
            return top
        protein = action.get("protein")
        if protein == "" or protein in self.proteins[top.player]:
            return None
        return message("You do not hold the {molecule} protein card.", molecule=_protein(protein))

    def _recycle_options(self) -> list[Action]:
        return [_RECYCLE[n] for n in self._held_proteins("recycle")]

    def _check_recycle(self, action: Action) -> Message | None:
        top = self._answering(action, "recycle")
        if isinstance(top, Message):
            return top
        protein = action.get("protein")
        return None if protein in self.proteins[top.player] else \
            message("You do not hold the {molecule} protein card.", molecule=_protein(protein))

    def _offer_to_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-target":
            return []
        return [_OFFER_TO[q] for q in range(self.num_players)]

    def _check_offer_to(self, action: Action) -> Message | None:
        top = self._answering(action, "offer-target")
        if isinstance(top, Message):
            return top
        seat = action.get("seat")
        if seat in range(self.num_players) and seat != top.player:
            return None
        return message("You cannot offer a trade to yourself: choose another player.")

    def _give_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-give":
            return []
        p = self.pending[-1].player
        items = [f"aa:{a}" for a in sorted(self.amino[p])]
        items += [f"protein:{n}" for n in dict.fromkeys(self.proteins[p])] + ["coin"]
        return [_GIVE[i] for i in items]

    def _check_give(self, action: Action) -> Message | None:
        """An offer gives at most three things, each held (a protein card once)."""
        top = self._answering(action, "offer-give")
        if isinstance(top, Message):
            return top
        p, give, item = top.player, top.data.get("give", ()), action.get("item", "")
        if len(give) >= MAX_ITEMS:
            return _OFFER_FULL
        on_offer = give.count(item)
        kind, _, what = item.partition(":") if isinstance(item, str) else ("", "", "")
        if item == "coin":
            allowed = self.coins[p] > on_offer
        elif kind == "aa":
            allowed = self.amino[p].get(what, 0) > on_offer
        elif kind == "protein":
            allowed = what in self.proteins[p] and not on_offer
        else:
            allowed = False
        if allowed:
            return None
        if item in give:
            if item == "coin":
                return message("Every coin you hold is already on your offer.")
            if kind == "aa":
                return message("Every {amino} card you hold is already on your offer.", amino=_amino(what))
            return message("Every {molecule} protein card you hold is already on your offer.", molecule=_protein(what))
        return message("You do not hold {item} to add to your offer.", item=item_label(item))

    def _done_giving_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-give":
            return []
        return [_offer_move("done-giving", tuple(self.pending[-1].data.get("give", ())), ())]

    def _check_done_giving(self, action: Action) -> Message | None:
        top = self._answering(action, "offer-give")
        return top if isinstance(top, Message) else None

    def _ask_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-ask":
            return []
        held = self.proteins[self.pending[-1].player]
        return [_ASK[i] for i in _ITEMS if i in _ASK_ANY] + [_ASK[f"protein:{n}"] for n in PROTEINS if n not in held]

    def _check_ask(self, action: Action) -> Message | None:
        """An offer asks for at most three things, anything the other player could hold (you cannot
        see their hand), but not a protein card you hold or one already asked for."""
        top = self._answering(action, "offer-ask")
        if isinstance(top, Message):
            return top
        ask, item = top.data.get("ask", ()), action.get("item", "")
        if len(ask) >= MAX_ITEMS:
            return _OFFER_FULL
        if item in _ASK_ANY:
            return None
        what = item[8:] if isinstance(item, str) and item.startswith("protein:") else None
        if what in PROTEINS and what not in self.proteins[top.player] and item not in ask:
            return None
        if item in ask:
            return message("You already ask for {item}.", item=item_label(item))
        return message("You already hold {item}: ask for something else.", item=item_label(item))

    def _send_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-ask":
            return []
        data = self.pending[-1].data
        return [_offer_move("send", tuple(data.get("give", ())), tuple(data.get("ask", ())))]

    def _check_send(self, action: Action) -> Message | None:
        top = self._answering(action, "offer-give", "offer-ask")
        if isinstance(top, Message):
            return top
        if top.kind == "offer-ask" and (top.data.get("give") or top.data.get("ask")):
            return None
        return message("An offer must give or ask for something: add an item, or cancel the offer.")

    def _offer_answer(self) -> Pending | None:
        return self.pending[-1] if self.pending and self.pending[-1].kind == "offer" else None

    def _accept_options(self) -> list[Action]:
        top = self._offer_answer()
        if top is None:
            return []
        return [_offer_move("accept", tuple(top.data["give"]), tuple(top.data["ask"]))]

    def _check_accept(self, action: Action) -> Message | None:
        """An offer is accepted only while both sides still hold what it names."""
        top = self._answering(action, "offer")
        if isinstance(top, Message):
            return top
        give, ask, author = top.data["give"], top.data["ask"], top.data["from"]
        if not self._holds_all(top.player, ask):
            return message("You cannot accept: you do not hold {items}.", items=items_text(ask))
        if not self._holds_all(author, give):
            return message("You cannot accept: {author} no longer holds {items}.", author=_name(author),
                           items=items_text(give))
        return None

    def _decline_options(self) -> list[Action]:
        return [_DECLINE] if self._offer_answer() else []

    def _check_decline(self, action: Action) -> Message | None:
        top = self._answering(action, "offer")
        return top if isinstance(top, Message) else None

    def _counter_options(self) -> list[Action]:
        top = self.pending[-1] if self.pending else None
        if top is not None and top.kind == "offer":
            return [_COUNTER]
        if top is not None and top.kind == "counter-chance":
            return [_COUNTER_TO[top.data["from"]]]
        return []

    def _check_counter(self, action: Action) -> Message | None:
        """One counter-offer for each offer: answering it, or after it is turned down."""
        top = self._answering(action, "offer", "counter-chance")
        if isinstance(top, Message):
            return top
        if top.kind == "offer" and top.data.get("counter"):
            return message("Only one counter-offer is allowed for each offer: accept this one or decline it.")
        return None

    def _pass_options(self) -> list[Action]:
        top = self.pending[-1] if self.pending else None
        if top is None or top.kind != "counter-chance":
            return []
        return [_PASS_TO[top.data["from"]]]

    def _check_pass(self, action: Action) -> Message | None:
        top = self._answering(action, "counter-chance")
        return top if isinstance(top, Message) else None

    def _cancel_options(self) -> list[Action]:
        top = self.pending[-1] if self.pending else None
        if top is None or top.kind not in ("offer-target", "offer-give", "offer-ask"):
            return []
        return [_CANCEL]

    def _check_cancel(self, action: Action) -> Message | None:
        top = self._answering(action, "offer-target", "offer-give", "offer-ask")
        return top if isinstance(top, Message) else None

    def _time_up_options(self) -> list[Action]:
        # Played by the page's clock, never chosen from the table (the page does not show it).
        if not self.options.get("trade_minute"):
            return []
        return [_TIME_UP]

    def _check_time_up(self, action: Action) -> Message | None:
        if self._clock_runs():
            return None
        if not self.options.get("trade_minute"):
            return message("This table plays without the one-minute limit on negotiating.")
        if self.phase != "trade":
            return message("The minute for negotiating runs only while trading (part 3 of a turn).")
        if self.talks_over:
            return message("The minute for negotiating is already up this turn.")
        return message("The minute is up once this choice is made: {prompt}", prompt=self.pending[-1].prompt)

    # -- moves ------------------------------------------------------------------------------------

    def _do_roll(self, action: Action) -> list[Event]:
        p = self.turn_player
        face = self.rng.choice(D6)
        self.last_roll = {"d6": face}
        self.phase = "trade"
        events = [Event("roll", p, message("{who} rolled the six-sided die: {face}.", who=_name(p),
                                           face=_FACE_TEXT[face]), (), {"face": face})]
        if face in ("one", "two"):
            events += self._gain_rolled(p, 1 if face == "one" else 2)
        elif face == "action":
            events += self._draw_action(p)
        elif self.pile and self.proteins[p]:
            self.pending.append(Pending(p, "trade-in", _TRADE_IN_FIRST))
        else:
            events += self._take_top_protein(p)
        return events

    def _do_take(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self._gain(top.player, action.amino)
        return [Event("take", top.player, message("{who} chose {card}.", who=_name(top.player),
                                                  card=a_card(action.amino)),
                      ("amino-acid",), {"amino": action.amino})]

    def _do_trade_in(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        p, events = top.player, []
        if action.protein:
            self.proteins[p].remove(action.protein)
            self.pile.insert(0, action.protein)
            events.append(Event("trade-in", p, message("{who} put a protein card under the pile.", who=_name(p)),
                                (), {}))
        return events + self._take_top_protein(p)

    def _do_recycle(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self.proteins[top.player].remove(action.protein)
        self.pile.insert(0, action.protein)
        return [Event("recycle", top.player, message(
            "{who} recycled a protein card: it goes under the pile and no amino acid cards come back. In a real "
            "cell, proteasomes break down proteins the cell no longer needs, and their amino acids are reused.",
            who=_name(top.player)), ("protein",), {})]

    def _do_fixed_trade(self, action: Action) -> list[Event]:
        p = self.turn_player
        cards = sorted(a for a, n in self.amino[p].items() for _ in range(n))
        self.rng.shuffle(cards)
        for a in cards[:FIXED_TRADE]:
            self._lose(p, a)
        events = [Event("fixed-trade", p, message("{who} put back {n} random amino acid cards.", who=_name(p),
                                                  n=FIXED_TRADE), (), {})]
        if action.receive == "amino":
            self.pending.append(Pending(p, "choose-amino", message("Choose any amino acid.")))
        elif self.proteins[p]:
            self.pending.append(Pending(p, "trade-in", _TRADE_IN_FIRST))
        else:
            events += self._take_top_protein(p)
        return events

    def _do_play(self, action: Action) -> list[Event]:
        p = self.turn_player
        self._discard_action(p, action.card)
        card = ACTION_CARDS[action.card]
        if action.card == "transfer-rna":
            self.pending.append(Pending(p, "choose-amino", message("Choose the amino acid your tRNA brings.")))
        else:
            self.pending.append(Pending(p, "recycle", message("Choose a protein card to recycle.")))
        return [Event("play", p, message("{who} played {card}: {effect}", who=_name(p), card=_card(card.title),
                                         effect=lazy_gettext(card.text)), card.concepts, {"card": card.id})]

    def _do_propose(self, action: Action) -> list[Event]:
        self.offers_made += 1
        self.pending.append(Pending(self.turn_player, "offer-target", message("Whom do you offer a trade?")))
        return []

    def _do_offer_to(self, action: Action) -> list[Event]:
        self.pending.pop()
        self.pending.append(Pending(self.turn_player, "offer-give",
                                    message("What do you offer {who}?", who=_name(action.seat)),
                                    {"to": action.seat, "give": (), "ask": ()}))
        return []

    def _do_give(self, action: Action) -> list[Event]:
        return self._add_to_offer("give", action.item)

    def _do_done_giving(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self.pending.append(Pending(top.player, "offer-ask", message("What do you ask for in return?"),
                                    dict(top.data)))
        return []

    def _do_ask(self, action: Action) -> list[Event]:
        return self._add_to_offer("ask", action.item)

    def _add_to_offer(self, side: str, item) -> list[Event]:
        """Put one more item on the offer's ``give`` or ``ask`` side; the same question asks for more."""
        top = self.pending.pop()
        data = {**top.data, side: top.data[side] + (item,)}
        items = items_text(data[side])
        prompt = message("You offer {items}. Anything more?", items=items) if side == "give" else \
            message("You ask for {items}. Anything more?", items=items)
        self.pending.append(Pending(top.player, f"offer-{side}", prompt, data))
        return []

    def _do_send(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        author, target = top.player, top.data["to"]
        data = {**top.data, "from": author}
        if not data.get("counter") and not self.options.get("only_target_counters"):
            # Rulebook: "the other players may make a counter-offer": each in turn order, after
            # the player the offer is made to has answered.
            data["others"] = tuple(q for q in self._seats_after(author) if q != target)
        sides = {"author": _name(author), "target": _name(target), "give": items_text(data["give"]),
                 "ask": items_text(data["ask"])}
        text = message("{author} offers {target} a counter-offer: {give} for {ask}.", **sides) \
            if data.get("counter") else message("{author} offers {target} {give} for {ask}.", **sides)
        self.pending.append(Pending(target, "offer", text, data))
        return [Event("offer", author, text, (), {"to": target, "give": list(data["give"]), "ask": list(data["ask"])})]

    def _do_cancel(self, action: Action) -> list[Event]:
        """An offer cancelled before it is sent: nobody saw it, so it is not one of the turn's two
        offers (unless ``unsent_offers_count``: the rules of version 2, for its records)."""
        top = self.pending.pop()
        if top.data.get("counter"):
            self._next_counter_chance(top.data)
            return [Event("cancel", top.player, message("{who} made no counter-offer after all.",
                                                        who=_name(top.player)), (), {})]
        if not self.options.get("unsent_offers_count"):
            self.offers_made -= 1
        return [Event("cancel", top.player, message("{who} decided not to make an offer.", who=_name(top.player)),
                      (), {})]

    def _do_decline(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        text = message("{who} declined the counter-offer.", who=_name(top.player)) if top.data.get("counter") \
            else message("{who} declined the trade.", who=_name(top.player))
        self._next_counter_chance(top.data)
        return [Event("decline", top.player, text, (), {})]

    def _do_counter(self, action: Action) -> list[Event]:
        """The rulebook lets the other players answer with a counter-offer: the player the offer was
        made to first, then each other player in turn (one each, so talks end)."""
        top = self.pending.pop()
        me, author = top.player, top.data["from"]
        reply_to = top.data.get("reply_to") or {"give": top.data["give"], "ask": top.data["ask"], "to": top.data["to"]}
        self.pending.append(Pending(me, "offer-give",
                                    message("Your counter-offer to {author}: what do you give?", author=_name(author)),
                                    {"to": author, "give": (), "ask": (), "counter": True, "reply_to": reply_to,
                                     "others": top.data.get("others", ())}))
        if top.kind == "counter-chance":
            return [Event("counter", me, message("{who} is making a counter-offer to {author}.", who=_name(me),
                                                 author=_name(author)), (), {})]
        return [Event("counter", me, message("{who} turned down the offer and is making a counter-offer.",
                                             who=_name(me)), (), {})]

    def _do_pass(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self._next_counter_chance(top.data)
        return [Event("pass", top.player, message("{who} made no counter-offer.", who=_name(top.player)), (), {})]

    def _next_counter_chance(self, data) -> None:
        """After an offer (or a counter-offer to it) is turned down, the next player who has not yet
        answered it may make a counter-offer to its author."""
        others = data.get("others", ())
        if not others:
            return
        offer = data.get("reply_to") or {"give": data["give"], "ask": data["ask"], "to": data["to"]}
        author = self.turn_player  # every offer starts with the turn's player; counters go back to them
        give, ask = offer["give"], offer["ask"]
        self.pending.append(Pending(others[0], "counter-chance",
                                    message("{author} offered {give} for {ask} and was turned down. Make {author} a "
                                            "counter-offer?", author=_name(author), give=items_text(give),
                                            ask=items_text(ask)),
                                    {"from": author, "to": offer["to"], "give": give, "ask": ask,
                                     "others": others[1:]}))

    def _do_time_up(self, action: Action) -> list[Event]:
        lapsed = any(top.kind in ("offer", "counter-chance") for top in self.pending)
        self.pending = [top for top in self.pending if top.kind not in TALK_KINDS]
        self.talks_over = True
        text = message("The minute for negotiating is up: no more offers this turn; the offer on the table lapses. The "
                       "fixed trade and action cards can still be used.") if lapsed else \
            message("The minute for negotiating is up: no more offers this turn. The fixed trade and action cards can "
                    "still be used.")
        return [Event("time-up", self.turn_player, text, (), {})]

    def _do_accept(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        giver, taker = top.data["from"], top.player
        for item in top.data["give"]:
            self._transfer(giver, taker, item)
        for item in top.data["ask"]:
            self._transfer(taker, giver, item)
        return [Event("trade", taker, message("{taker} accepted: {giver} gave {give} for {ask}.", taker=_name(taker),
                                              giver=_name(giver), give=items_text(top.data["give"]),
                                              ask=items_text(top.data["ask"])), (),
                      {"from": giver, "give": list(top.data["give"]), "ask": list(top.data["ask"])})]

    def _do_to_build(self, action: Action) -> list[Event]:
        self.phase = "build"
        return []

    def _do_build(self, action: Action) -> list[Event]:
        p, protein, boost = self.turn_player, PROTEINS[action.protein], action.boost
        for a, n in protein.composition.items():
            for _ in range(n):
                self._lose(p, a)
        bonus = {"none": 0, "catalyst": 1, "modification": 2, "gene-duplication": 0}[boost]
        if boost != "none":
            self._discard_action(p, boost)
        if boost != "gene-duplication":
            self.proteins[p].remove(protein.name)
            self.pile.insert(0, protein.name)
        earned = self.pool.take(protein.value + bonus)
        self.coins[p] += earned
        built = message("{who} built {molecule}", who=_name(p), molecule=_protein(protein.name)) if boost == "none" \
            else message("{who} built {molecule} with {card}", who=_name(p), molecule=_protein(protein.name),
                         card=_card(ACTION_CARDS[boost].title))
        concepts = BUILD_CONCEPTS + protein.concepts
        if protein.name == "Glutathione":
            made = message("{sequence}, glutamate joined to cysteine through its side chain (a γ bond), then "
                           "glycine; in a real cell two enzymes make it, not a ribosome", sequence=protein.sequence)
        elif protein.note:
            made = message("joined by peptide bonds in the order {sequence} ({note})", sequence=protein.sequence,
                           note=lazy_gettext(protein.note))
        else:
            made = message("joined by peptide bonds in the order {sequence}", sequence=protein.sequence)
        text = message("{built}: {length} amino acids, {made}. In the body it {role}. {coins}.", built=built,
                       length=len(protein.sequence), made=made, role=lazy_gettext(protein.role),
                       coins=nmessage("+{n} coin", "+{n} coins", earned))
        events = [Event("build", p, text, concepts, {"protein": protein.name, "earned": earned})]
        return events + self._check_pool()

    def _do_end_turn(self, action: Action) -> list[Event]:
        nxt = (self.turn_player + 1) % self.num_players
        if nxt == self.first_player:
            self.round += 1
            if self.round > MAX_ROUNDS:
                self.round = MAX_ROUNDS  # the last round played, never "Round 81 of 80"
                return self._finish(message("The {rounds}-round limit is reached.", rounds=MAX_ROUNDS))
        self.turn_player = nxt
        return self._start_turn()

    # -- helpers -------------------------------------------------------------------------------------

    def _start_turn(self) -> list[Event]:
        p = self.turn_player
        self.phase, self.offers_made, self.talks_over = "roll", 0, False
        events = [Event("turn", p, message("{who}'s turn.", who=_name(p)), (), {})]
        return events + self._gain_rolled(p, 1, free=True)

    def _seats_after(self, p: int) -> list[int]:
        """The other seats in turn order, starting with the one after ``p``."""
        return [(p + i) % self.num_players for i in range(1, self.num_players)]

    def _roll_available(self) -> str:
        """Setup rule: reroll the twenty-sided die until it shows an amino acid that is left."""
        while True:
            a = self.rng.choice(D20)
            if self.supply[a]:
                return a

    def _gain_rolled(self, p: int, count: int, free: bool = False) -> list[Event]:
        events, misses = [], []
        for _ in range(count):
            a = self.rng.choice(D20)
            self.last_roll = {**self.last_roll, "d20": a}
            if self.supply[a]:
                self._gain(p, a)
                text = message("{who} rolled a free amino acid: {amino} ({code}).", who=_name(p), amino=_amino(a),
                               code=a) if free else \
                    message("{who} rolled an amino acid: {amino} ({code}).", who=_name(p), amino=_amino(a), code=a)
                events.append(Event("gain", p, text, ("amino-acid",), {"amino": a}))
            else:
                misses.append(a)
        # A face with none left becomes a choice of any amino acid, but only while a card is left
        # for every such choice (with two or fewer left, two choices could otherwise leave a
        # choice with nothing to choose: a position with no legal move).
        for owed, a in enumerate(misses):
            if sum(self.supply.values()) > owed:
                self.pending.append(Pending(p, "choose-amino", message(
                    "No {amino} cards are left: choose any amino acid.", amino=_amino(a))))
                events.append(Event("gain", p, message("{who} rolled {amino}, but none are left: they choose another.",
                                                       who=_name(p), amino=_amino(a)), ("amino-acid",), {"amino": a}))
            else:
                events.append(Event("gain", p, message("{who} rolled {amino}, but none are left, and no other amino "
                                                       "acid card is left to choose.", who=_name(p), amino=_amino(a)),
                                    ("amino-acid",), {"amino": a}))
        return events

    def _draw_action(self, p: int) -> list[Event]:
        cid = self.action_deck.draw(self.rng)
        if cid is None:
            return [Event("draw", p, message("No action cards are left to draw."), (), {})]
        card = ACTION_CARDS[cid]
        if card.timing != "now":
            self.actions[p].append(cid)
            return [Event("draw", p, message("{who} drew an action card and kept it for later.", who=_name(p)), (), {})]
        self.action_deck.discard(cid)
        events = [Event("action", p, message("{who} drew {card}, played at once: {effect}", who=_name(p),
                                             card=_card(card.title), effect=lazy_gettext(card.text)), card.concepts,
                        {"card": cid})]
        if cid == "point-mutation":
            events += self._lose_random(p)
        elif cid == "protease":
            for q in range(self.num_players):
                if q != p:
                    events += self._lose_random(q)
        elif cid == "ribosome-rush":
            events += self._gain_rolled(p, 2)
        elif cid == "research-grant":
            self.coins[p] += self.pool.take(1)
            events += self._check_pool()
        return events

    def _lose_random(self, q: int) -> list[Event]:
        cards = sorted(a for a, n in self.amino[q].items() for _ in range(n))
        if not cards:
            return []
        a = self.rng.choice(cards)
        self._lose(q, a)
        return [Event("lose", q, message("{who} put back {card}.", who=_name(q), card=a_card(a)), ("amino-acid",),
                      {"amino": a})]

    def _take_top_protein(self, p: int) -> list[Event]:
        if not self.pile:
            return [Event("protein", p, message("The protein pile is empty."), (), {})]
        self.proteins[p].append(self.pile.pop())
        return [Event("protein", p, message("{who} took a protein card: another peptide to build.", who=_name(p)),
                      ("gene-to-protein", "primary-structure"), {})]

    def _check_pool(self) -> list[Event]:
        if self.pool.count == 0:
            return self._finish(message("The coin pool is empty."))
        return []

    def _at_bell(self, again: bool) -> list[Event]:
        """docs/rules-decisions.md › NUCLEO › The bell: the game ends at once, scored as the rulebook
        scores its end (coins minus the protein cards in hand), as it ends the moment the pool empties."""
        self.finished, self.end_reason, self.pending = True, message("The bell has rung."), []
        return []

    def _finish(self, reason: Message) -> list[Event]:
        self.finished, self.end_reason, self.pending = True, reason, []
        scores = self.scores()
        best = max(scores)
        winners = [_name(q) for q, s in enumerate(scores) if s == best]
        fields = {"reason": reason, "scores": ", ".join(map(str, scores)), "winners": and_list(winners)}
        text = message("{reason} Final scores: {scores}. {winners} share the win.", **fields) if len(winners) > 1 \
            else message("{reason} Final scores: {scores}. {winners} wins.", **fields)
        return [Event("game-over", None, text, (), {"scores": scores})]

    def _can_build(self, p: int, name: str) -> bool:
        hand = self.amino[p]
        return all(hand.get(a, 0) >= n for a, n in PROTEINS[name].composition.items())

    def _holds_all(self, p: int, items) -> bool:
        """Whether seat ``p`` holds every card and coin in ``items`` (repeats counted)."""
        for item, n in Counter(items).items():
            kind, _, what = item.partition(":")
            if item == "coin":
                held = self.coins[p]
            elif kind == "aa":
                held = self.amino[p].get(what, 0)
            else:
                held = self.proteins[p].count(what)
            if held < n:
                return False
        return True

    def _transfer(self, src: int, dst: int, item: str) -> None:
        kind, _, what = item.partition(":")
        if item == "coin":
            self.coins[src] -= 1
            self.coins[dst] += 1
        elif kind == "aa":
            self.amino[src][what] -= 1
            if not self.amino[src][what]:
                del self.amino[src][what]
            self.amino[dst][what] = self.amino[dst].get(what, 0) + 1
        else:
            self.proteins[src].remove(what)
            self.proteins[dst].append(what)

    def _gain(self, p: int, a: str) -> None:
        self.supply[a] -= 1
        self.amino[p][a] = self.amino[p].get(a, 0) + 1

    def _lose(self, p: int, a: str) -> None:
        self.amino[p][a] -= 1
        if not self.amino[p][a]:
            del self.amino[p][a]
        self.supply[a] += 1

    def _discard_action(self, p: int, cid: str) -> None:
        self.actions[p].remove(cid)
        self.action_deck.discard(cid)

    moves = {
        "roll": Move(_roll_options, _check_roll, _do_roll),
        "propose": Move(_propose_options, _check_propose, _do_propose),
        "fixed-trade": Move(_fixed_trade_options, _check_fixed_trade, _do_fixed_trade),
        "play": Move(_play_options, _check_play, _do_play),
        "to-build": Move(_to_build_options, _check_to_build, _do_to_build),
        "build": Move(_build_options, _check_build, _do_build),
        "end-turn": Move(_end_turn_options, _check_end_turn, _do_end_turn),
        "take": Move(_take_options, _check_take, _do_take),
        "trade-in": Move(_trade_in_options, _check_trade_in, _do_trade_in),
        "recycle": Move(_recycle_options, _check_recycle, _do_recycle),
        "offer-to": Move(_offer_to_options, _check_offer_to, _do_offer_to),
        "give": Move(_give_options, _check_give, _do_give),
        "done-giving": Move(_done_giving_options, _check_done_giving, _do_done_giving),
        "ask": Move(_ask_options, _check_ask, _do_ask),
        "send": Move(_send_options, _check_send, _do_send),
        "accept": Move(_accept_options, _check_accept, _do_accept),
        "decline": Move(_decline_options, _check_decline, _do_decline),
        "counter": Move(_counter_options, _check_counter, _do_counter),
        "pass": Move(_pass_options, _check_pass, _do_pass),
        "cancel": Move(_cancel_options, _check_cancel, _do_cancel),
        "time-up": Move(_time_up_options, _check_time_up, _do_time_up),
    }


KINDS_WHILE = {
    "roll": {"roll"}, "trade": {"propose", "fixed-trade", "play", "to-build"}, "build": {"build", "end-turn"},
    "choose-amino": {"take"}, "trade-in": {"trade-in"}, "recycle": {"recycle"},
    "offer-target": {"offer-to", "cancel"}, "offer-give": {"give", "done-giving", "cancel"},
    "offer-ask": {"ask", "send", "cancel"}, "offer": {"accept", "decline", "counter"},
    "counter-chance": {"counter", "pass"},
}
"""The kinds of move whose options are not empty while the position waits for this (the choice on
top of ``pending``, else the part of the turn): each kind's options function asks the same.
"The minute is up" ("time-up") is asked about everywhere: its options depend on the table only."""
_ASKED: dict[str, tuple] = {}
"""For each situation of :data:`KINDS_WHILE`, the (options, check) pairs to ask, in table order."""
assert not any(move.when_stuck for move in NucleoState.moves.values())  # one tier: _compute_legal's list


def _not_held(card) -> Message:
    """The refusal of an action card the player does not hold ("an Enzyme catalyst", "a Transfer RNA")."""
    if card.title[0] in "AEIOU":
        return message("You do not hold an {card} card.", card=_card(card.title))
    return message("You do not hold a {card} card.", card=_card(card.title))


# Moves and texts made once: legal-move lists ask for them thousands of times a move in a search,
# and one Message, its hash kept, costs less than a new one each time.
@lru_cache(maxsize=None)
def _build(name: str, boost: str, paid: int) -> Action:
    """Building ``name`` with the build card ``boost`` (or "none", paying ``paid`` coins of its value:
    the pool may hold less)."""
    if boost != "none":
        return Action("build", protein=name, boost=boost, label=message(
            "Build {molecule} with {card}", molecule=_protein(name), card=_card(ACTION_CARDS[boost].title)))
    value = PROTEINS[name].value
    pays = nmessage("{n} coin (worth {value}; the pool holds only {n})",
                    "{n} coins (worth {value}; the pool holds only {n})", paid, value=value) if paid < value \
        else nmessage("{n} coin", "{n} coins", value)
    return Action("build", protein=name, boost="none", label=message(
        "Build {molecule} ({sequence}) for {pays}", molecule=_protein(name), sequence=PROTEINS[name].sequence,
        pays=pays))


@lru_cache(maxsize=4096)
def _offer_move(kind: str, give: tuple, ask: tuple) -> Action:
    """"done-giving", "send" or "accept" for an offer of ``give`` for ``ask`` (the same few offers come
    back again and again in a search: their words are made once)."""
    if kind == "done-giving":
        return Action(kind, label=message("Done: you give {items}", items=items_text(give)))
    if kind == "send":
        return Action(kind, label=message("Offer {give} for {ask}", give=items_text(give), ask=items_text(ask)))
    return Action(kind, label=message("Accept: give {ask}, get {give}", ask=items_text(ask), give=items_text(give)))


_ITEMS = [f"aa:{a}" for a in D20] + ["coin"] + [f"protein:{n}" for n in PROTEINS]
_GIVE = {i: Action("give", item=i, label=message("Give {item}", item=item_label(i))) for i in _ITEMS}
_ASK = {i: Action("ask", item=i, label=message("Ask for {item}", item=item_label(i))) for i in _ITEMS}
_ASK_ANY = frozenset(_ITEMS[:len(D20) + 1])
"""What an offer may always ask for (again and again): any amino acid card, a coin."""
_TAKE = {(a, n): Action("take", amino=a, label=nmessage("Take {amino} ({code}), {n} left",
                                                        "Take {amino} ({code}), {n} left", n, amino=_amino(a), code=a))
         for a, most in AMINO_CARDS.items() for n in range(1, most + 1)}
_ROLL = Action("roll", label=message("Roll the six-sided die"))
_PROPOSE = Action("propose", label=message("Offer a trade to another player"))
_FIXED_TRADES = (Action("fixed-trade", receive="amino",
                        label=message("Trade {n} random amino acids for one of your choice", n=FIXED_TRADE)),
                 Action("fixed-trade", receive="protein",
                        label=message("Trade {n} random amino acids for a new protein card", n=FIXED_TRADE)))
_PLAYS = (Action("play", card="transfer-rna", label=message("Play Transfer RNA: take an amino acid")),
          Action("play", card="recycling", label=message("Play Protein recycling: return a protein card")))
_TO_BUILD = Action("to-build", label=message("Done trading: build proteins"))
_END_TURN = Action("end-turn", label=message("End your turn"))
_KEEP_PROTEINS = Action("trade-in", protein="", label=message("Keep your protein cards; take the top card"))
_TRADE_IN = {n: Action("trade-in", protein=n, label=message("Put {molecule} under the pile, then take the top card",
                                                            molecule=_protein(n))) for n in PROTEINS}
_RECYCLE = {n: Action("recycle", protein=n,
                      label=message("Put {molecule} under the protein pile", molecule=_protein(n)))
            for n in PROTEINS}
_SEATS = range(max(COIN_POOL))  # every seat of the largest table (there is a coin pool for each size)
_OFFER_TO = [Action("offer-to", seat=q, label=message("Offer a trade to {who}", who=_name(q))) for q in _SEATS]
_DECLINE = Action("decline", label=message("Decline the offer"))
_COUNTER = Action("counter", label=message("Make a counter-offer"))
_COUNTER_TO = [Action("counter", label=message("Make a counter-offer to {who}", who=_name(q))) for q in _SEATS]
_PASS_TO = [Action("pass", label=message("No counter-offer to {who}", who=_name(q))) for q in _SEATS]
_CANCEL = Action("cancel", label=message("Cancel the offer"))
_TIME_UP = Action("time-up", label=message("The minute for negotiating is up"))
_TRADE_IN_FIRST = message("Trade in one of your protein cards first?")
_OFFER_FULL = message("An offer holds at most {n} things on each side.", n=MAX_ITEMS)

_START_OFFER = message("Start an offer first: choose “Offer a trade to another player” while you are trading "
                       "(part 3).")
_NO_OFFER_MADE = message("There is no offer being made: start one while you are trading (part 3).")
_NO_OFFER = message("There is no offer to answer.")
_ANSWERS = {
    "take": message("You choose an amino acid only when Transfer RNA or the fixed trade lets you."),
    "trade-in": message("You trade in a protein card only right after the die shows its protein face or a fixed "
                        "trade for a protein card."),
    "recycle": message("You put a protein card under the pile only after playing Protein recycling."),
    "offer-to": _START_OFFER, "give": _START_OFFER, "ask": _START_OFFER,
    "done-giving": _NO_OFFER_MADE, "send": _NO_OFFER_MADE,
    "cancel": message("There is no offer being made to cancel."),
    "accept": _NO_OFFER, "decline": _NO_OFFER, "counter": _NO_OFFER,
    "pass": message("There is no turned-down offer to make a counter-offer to."),
}
"""Why an answer to a choice is refused when no choice is waiting."""

_FACE_TEXT = {"one": message("one amino acid"), "two": message("two amino acids"),
              "action": pmessage("six-sided die's face", "an action card"),
              "protein": message("take or trade a protein card")}
