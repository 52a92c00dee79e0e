"""NUCLEO's rules: roll for amino acids, trade, and build real peptides for coins from a shared pool.

A turn has four parts in order (docs/rules-decisions.md › NUCLEO): 1 a free amino acid (rolled at once), 2 the six-sided
die, 3 negotiating and trading, 4 building. The game ends the moment the coin pool is empty.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core import Action, Deck, Event, GameState, Move, Pending, Rng, Supply
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
TALK_KINDS = frozenset({"offer-target", "offer-give", "offer-ask", "offer", "counter-chance"})
"""Pending choices that belong to negotiating: the minute running out ends them all."""
BUILD_CONCEPTS = ("peptide-bond", "primary-structure", "protein", "gene-to-protein", "protein-folding")


def _a(word: str) -> str:
    """The article before ``word``: "an Enzyme catalyst", "a Transfer RNA"."""
    return "an" if word[0] in "AEIOU" else "a"


def _and(names: list[str]) -> str:
    """"Player 1", "Player 1 and Player 2", "Player 1, Player 2 and Player 3"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _name(p: int) -> str:
    return f"Player {p + 1}"


def a_card(code: str) -> str:
    """"an Alanine card", "a Lysine card"."""
    name = AMINO_NAMES[code]
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} card"


def item_label(item: str) -> str:
    """``aa:K`` → "a Lysine card", ``protein:Oxytocin`` → "the Oxytocin protein card", ``coin`` → "1 coin"."""
    if item == "coin":
        return "1 coin"
    kind, _, what = item.partition(":")
    return a_card(what) if kind == "aa" else f"the {what} protein card"


def items_text(items) -> str:
    """A side of an offer in words: "2 Lysine cards, the Oxytocin protein card and 1 coin"."""
    if not items:
        return "nothing"
    counts = Counter(items)
    parts = []
    for item in dict.fromkeys(items):
        n = counts[item]
        if item == "coin":
            parts.append(f"{n} coin{'s' * (n != 1)}")
        elif item.startswith("aa:"):
            parts.append(item_label(item) if n == 1 else f"{n} {AMINO_NAMES[item[3:]]} cards")
        else:
            parts.append(item_label(item))
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


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
        self.pool = Supply("coins", COIN_POOL[players])
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
        return sum(PROTEINS[name].value for name in self.proteins[p])

    def scores(self) -> list[int]:
        return [max(0, self.coins[p] - self.penalty(p)) for p in range(self.num_players)]

    def score_breakdown(self, player: int) -> list[tuple[str, int]]:
        lines = [("Coins", self.coins[player])]
        if self.proteins[player]:
            lines.append((f"Protein cards still in hand ({', '.join(self.proteins[player])})", -self.penalty(player)))
        raw = self.coins[player] - self.penalty(player)
        if raw < 0:
            lines.append(("A score never goes below 0", -raw))
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
            "pending": None if top is None else {"kind": top.kind, "player": top.player, "prompt": top.prompt,
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
            "end_reason": self.end_reason,
        }

    # -- legal moves --------------------------------------------------------------------------------

    def _clock_runs(self) -> bool:
        """Whether the rulebook's minute for negotiating is running: the option is on, the turn is
        in part 3, talks are still open and no other choice (an amino acid to take…) is waiting."""
        return bool(self.options.get("trade_minute")) and not self.finished and self.phase == "trade" \
            and not self.talks_over and (not self.pending or self.pending[-1].kind in TALK_KINDS)

    # -- the moves: for each kind, its options, its rule (None or why not) and what it does ------

    def _first_answer(self, top: Pending) -> str:
        """While ``top`` waits, every other move is refused with what must be answered first."""
        p = top.player
        if top.kind == "offer":
            give, ask = top.data["give"], top.data["ask"]
            return f"{_name(p)} must first answer the offer ({items_text(give)} for {items_text(ask)}): " \
                   "accept it, decline it or make a counter-offer."
        if top.kind == "counter-chance":
            return (f"{_name(p)} may first make a counter-offer to {_name(top.data['from'])}, whose offer was "
                    "turned down, or pass.")
        if top.kind == "offer-target":
            return "First choose the player you offer a trade to, or cancel the offer."
        if top.kind == "offer-give":
            return "You are choosing what to give: add something, choose “Done”, or cancel the offer."
        if top.kind == "offer-ask":
            return "You are choosing what to ask for: add something, send the offer, or cancel it."
        if top.kind == "choose-amino":
            return f"First choose the amino acid you take: {top.prompt}"
        if top.kind == "trade-in":
            return "First choose whether to put one of your protein cards under the pile before taking the top card."
        if top.kind == "recycle":
            return "First choose the protein card to recycle."
        return f"First answer this: {top.prompt}"

    def _my_turn(self, phase: str) -> str | None:
        """``None`` when no choice waits and the turn is in ``phase`` (part 3 "trade" or 4 "build"),
        else why a move of that part must wait."""
        if self.pending:
            return self._first_answer(self.pending[-1])
        if self.phase == "roll":
            return "Roll the six-sided die first: it is part 2 of your turn, before trading and building."
        if phase == "trade" and self.phase == "build":
            return ("Trading is over for this turn: offers, the fixed trade and trading cards belong to part 3, "
                    "and you are now building (part 4).")
        return None

    def _answering(self, action: Action, *kinds: str) -> Pending | str:
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
        return [Action("roll", label="Roll the six-sided die")]

    def _check_roll(self, action: Action) -> str | None:
        if self.pending:
            return self._first_answer(self.pending[-1])
        return None if self.phase == "roll" else "You have already rolled the six-sided die this turn."

    def _propose_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return [Action("propose", label="Offer a trade to another player")]

    def _check_propose(self, action: Action) -> str | None:
        """At most two offers a turn, while trading and before the minute (if played) is up."""
        refused = self._my_turn("trade")
        if refused is not None:
            return refused
        if self.talks_over:
            return "The minute for negotiating is up: no more trade offers this turn."
        if self.offers_made >= MAX_OFFERS_PER_TURN:
            return f"You have made the {MAX_OFFERS_PER_TURN} trade offers allowed in one turn."
        return None

    def _fixed_trade_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return [Action("fixed-trade", receive="amino",
                       label=f"Trade {FIXED_TRADE} random amino acids for one of your choice"),
                Action("fixed-trade", receive="protein",
                       label=f"Trade {FIXED_TRADE} random amino acids for a new protein card")]

    def _check_fixed_trade(self, action: Action) -> str | None:
        """Three random amino acid cards for one of your choice from the supply, or for a new protein card."""
        refused = self._my_turn("trade")
        if refused is not None:
            return refused
        held = sum(self.amino[self.turn_player].values())
        if held < FIXED_TRADE:
            return f"The fixed trade needs {FIXED_TRADE} amino acid cards; you have {held}."
        receive = action.get("receive")
        if receive == "protein":
            return None if self.pile else "The protein pile is empty: there is no new protein card to trade for."
        if receive == "amino":
            return None if any(self.supply.values()) else "No amino acid cards are left in the supply to choose from."
        return "The fixed trade gives an amino acid card of your choice or a new protein card."

    def _play_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return [Action("play", card="transfer-rna", label="Play Transfer RNA: take an amino acid"),
                Action("play", card="recycling", label="Play Protein recycling: return a protein card")]

    def _check_play(self, action: Action) -> str | None:
        """Transfer RNA and Protein recycling are played while trading; the build cards with a build."""
        card = ACTION_CARDS.get(action.get("card"))
        refused = self._my_turn("trade")
        if refused is not None:
            if card is not None and card.timing == "build" and not self.pending and self.phase == "build":
                return f"{card.title} is played with a build: choose it when you build a protein."
            return refused
        p = self.turn_player
        if card is None:
            return "That is not one of NUCLEO's action cards."
        if card.id not in self.actions[p]:
            return f"You do not hold {_a(card.title)} {card.title} card."
        if card.timing == "build":
            return f"{card.title} is played with a build: choose it when you build a protein in part 4."
        if card.id == "transfer-rna":
            return None if any(self.supply.values()) else \
                "No amino acid cards are left in the supply for your tRNA to bring."
        if card.id == "recycling":
            return None if self.proteins[p] else "You hold no protein card to recycle."
        return f"{card.title} is carried out as soon as it is drawn."

    def _to_build_options(self) -> list[Action]:
        if not self._turn_part("trade"):
            return []
        return [Action("to-build", label="Done trading: build proteins")]

    def _check_to_build(self, action: Action) -> str | None:
        refused = self._my_turn("build")
        if refused is None and self.phase == "build":
            return "You are already in part 4 (building)."
        return refused

    def _build_options(self) -> list[Action]:
        if self.pending or self.phase != "build":
            return []
        p, acts = self.turn_player, []
        for name in dict.fromkeys(self.proteins[p]):
            if not self._can_build(p, name):  # not worth asking about (the check says why)
                continue
            protein = PROTEINS[name]
            acts.append(Action("build", protein=name, boost="none",
                               label=f"Build {name} ({protein.sequence}) for {self._pays(protein.value)}"))
            acts += [Action("build", protein=name, boost=card, label=f"Build {name} with {ACTION_CARDS[card].title}")
                     for card in dict.fromkeys(self.actions[p])]
        return acts

    def _check_build(self, action: Action) -> str | None:
        """A protein you hold, built in part 4 from the amino acids it is made of, with at most one
        build card (Post-translational modification only for 10 or more amino acids)."""
        if self.pending:
            return self._first_answer(self.pending[-1])
        if self.phase == "roll":
            return self._my_turn("build")
        p, name, boost = self.turn_player, action.get("protein"), action.get("boost", "none")
        protein = PROTEINS.get(name)
        if protein is None:
            return f"There is no protein card called {name!r} in NUCLEO."
        if name not in self.proteins[p]:
            return f"You do not hold the {name} protein card."
        if self.phase != "build":
            return "Proteins are built in part 4 of your turn: choose “Done trading: build proteins” first."
        if not self._can_build(p, name):
            missing = {a: n - self.amino[p].get(a, 0) for a, n in protein.composition.items()
                       if self.amino[p].get(a, 0) < n}
            need = ", ".join(f"{n} × {AMINO_NAMES[a]}" for a, n in missing.items())
            return f"To build {name} ({protein.sequence}) you still need {need}."
        if boost == "none":
            return None
        card = ACTION_CARDS.get(boost)
        if card is None or card.timing != "build":
            return "Only Enzyme catalyst, Post-translational modification and Gene duplication are played with a build."
        if boost not in self.actions[p]:
            return f"You do not hold {_a(card.title)} {card.title} card."
        if card.id == "modification" and len(protein.sequence) < 10:
            return (f"{card.title} applies only to a protein of 10 or more amino acids; {name} has "
                    f"{len(protein.sequence)}.")
        return None

    def _end_turn_options(self) -> list[Action]:
        if not self._turn_part("build"):
            return []
        return [Action("end-turn", label="End your turn")]

    def _check_end_turn(self, action: Action) -> str | None:
        refused = self._my_turn("build")
        if refused is None and self.phase != "build":
            return "You end your turn after building: choose “Done trading: build proteins” first."
        return refused

    def _take_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "choose-amino":
            return []
        return [_TAKE[a, n] for a, n in self.supply.items() if n]

    def _check_take(self, action: Action) -> str | None:
        top = self._answering(action, "choose-amino")
        if isinstance(top, str):
            return top
        amino = action.get("amino", "")
        if self.supply.get(amino):
            return None
        return f"No {AMINO_NAMES.get(amino, 'such')} cards are left in the supply."

    def _held_proteins(self, kind: str) -> list[str]:
        if not self.pending or self.pending[-1].kind != kind:
            return []
        return list(dict.fromkeys(self.proteins[self.pending[-1].player]))

    def _trade_in_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "trade-in":
            return []
        return [Action("trade-in", protein=n, label=f"Put {n} under the pile, then take the top card")
                for n in self._held_proteins("trade-in")] + \
            [Action("trade-in", protein="", label="Keep your protein cards; take the top card")]

    def _check_trade_in(self, action: Action) -> str | None:
        """Before taking the top protein card, one protein card of yours may go under the pile ("": none)."""
        top = self._answering(action, "trade-in")
        if isinstance(top, str):
            return top
        protein = action.get("protein")
        if protein == "" or protein in self.proteins[top.player]:
            return None
        return f"You do not hold the {protein} protein card."

    def _recycle_options(self) -> list[Action]:
        return [Action("recycle", protein=n, label=f"Put {n} under the protein pile")
                for n in self._held_proteins("recycle")]

    def _check_recycle(self, action: Action) -> str | None:
        top = self._answering(action, "recycle")
        if isinstance(top, str):
            return top
        protein = action.get("protein")
        return None if protein in self.proteins[top.player] else f"You do not hold the {protein} protein card."

    def _offer_to_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-target":
            return []
        return [Action("offer-to", seat=q, label=f"Offer a trade to {_name(q)}") for q in range(self.num_players)]

    def _check_offer_to(self, action: Action) -> str | None:
        top = self._answering(action, "offer-target")
        if isinstance(top, str):
            return top
        seat = action.get("seat")
        if seat in range(self.num_players) and seat != top.player:
            return None
        return "You cannot offer a trade to yourself: choose another player."

    def _give_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-give":
            return []
        p = self.pending[-1].player
        items = [f"aa:{a}" for a in sorted(self.amino[p])]
        items += [f"protein:{n}" for n in dict.fromkeys(self.proteins[p])] + ["coin"]
        return [_GIVE[i] for i in items]

    def _check_give(self, action: Action) -> str | None:
        """An offer gives at most three things, each held (a protein card once)."""
        top = self._answering(action, "offer-give")
        if isinstance(top, str):
            return top
        p, give, item = top.player, top.data.get("give", ()), action.get("item", "")
        if len(give) >= MAX_ITEMS:
            return f"An offer holds at most {MAX_ITEMS} things on each side."
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
            return "Every coin you hold is already on your offer." if item == "coin" else \
                f"Every {item_label(item).split(' ', 1)[1]} you hold is already on your offer."
        return f"You do not hold {item_label(item)} to add to your offer."

    def _done_giving_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-give":
            return []
        return [Action("done-giving", label=f"Done: you give {items_text(self.pending[-1].data.get('give', ()))}")]

    def _check_done_giving(self, action: Action) -> str | None:
        top = self._answering(action, "offer-give")
        return top if isinstance(top, str) else None

    def _ask_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-ask":
            return []
        held = self.proteins[self.pending[-1].player]
        return [_ASK[i] for i in _ITEMS if i in _ASK_ANY] + [_ASK[f"protein:{n}"] for n in PROTEINS if n not in held]

    def _check_ask(self, action: Action) -> str | None:
        """An offer asks for at most three things, anything the other player could hold (you cannot
        see their hand), but not a protein card you hold or one already asked for."""
        top = self._answering(action, "offer-ask")
        if isinstance(top, str):
            return top
        ask, item = top.data.get("ask", ()), action.get("item", "")
        if len(ask) >= MAX_ITEMS:
            return f"An offer holds at most {MAX_ITEMS} things on each side."
        if item in _ASK_ANY:
            return None
        what = item[8:] if isinstance(item, str) and item.startswith("protein:") else None
        if what in PROTEINS and what not in self.proteins[top.player] and item not in ask:
            return None
        if item in ask:
            return f"You already ask for {item_label(item)}."
        return f"You already hold {item_label(item)}: ask for something else."

    def _send_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "offer-ask":
            return []
        data = self.pending[-1].data
        return [Action("send", label=f"Offer {items_text(data.get('give', ()))} for {items_text(data.get('ask', ()))}")]

    def _check_send(self, action: Action) -> str | None:
        top = self._answering(action, "offer-give", "offer-ask")
        if isinstance(top, str):
            return top
        if top.kind == "offer-ask" and (top.data.get("give") or top.data.get("ask")):
            return None
        return "An offer must give or ask for something: add an item, or cancel the offer."

    def _offer_answer(self) -> Pending | None:
        return self.pending[-1] if self.pending and self.pending[-1].kind == "offer" else None

    def _accept_options(self) -> list[Action]:
        top = self._offer_answer()
        if top is None:
            return []
        give, ask = top.data["give"], top.data["ask"]
        return [Action("accept", label=f"Accept: give {items_text(ask)}, get {items_text(give)}")]

    def _check_accept(self, action: Action) -> str | None:
        """An offer is accepted only while both sides still hold what it names."""
        top = self._answering(action, "offer")
        if isinstance(top, str):
            return top
        give, ask, author = top.data["give"], top.data["ask"], top.data["from"]
        if not self._holds_all(top.player, ask):
            return f"You cannot accept: you do not hold {items_text(ask)}."
        if not self._holds_all(author, give):
            return f"You cannot accept: {_name(author)} no longer holds {items_text(give)}."
        return None

    def _decline_options(self) -> list[Action]:
        return [Action("decline", label="Decline the offer")] if self._offer_answer() else []

    def _check_decline(self, action: Action) -> str | None:
        top = self._answering(action, "offer")
        return top if isinstance(top, str) else None

    def _counter_options(self) -> list[Action]:
        top = self.pending[-1] if self.pending else None
        if top is not None and top.kind == "offer":
            return [Action("counter", label="Make a counter-offer")]
        if top is not None and top.kind == "counter-chance":
            return [Action("counter", label=f"Make a counter-offer to {_name(top.data['from'])}")]
        return []

    def _check_counter(self, action: Action) -> str | None:
        """One counter-offer for each offer: answering it, or after it is turned down."""
        top = self._answering(action, "offer", "counter-chance")
        if isinstance(top, str):
            return top
        if top.kind == "offer" and top.data.get("counter"):
            return "Only one counter-offer is allowed for each offer: accept this one or decline it."
        return None

    def _pass_options(self) -> list[Action]:
        top = self.pending[-1] if self.pending else None
        if top is None or top.kind != "counter-chance":
            return []
        return [Action("pass", label=f"No counter-offer to {_name(top.data['from'])}")]

    def _check_pass(self, action: Action) -> str | None:
        top = self._answering(action, "counter-chance")
        return top if isinstance(top, str) else None

    def _cancel_options(self) -> list[Action]:
        top = self.pending[-1] if self.pending else None
        if top is None or top.kind not in ("offer-target", "offer-give", "offer-ask"):
            return []
        return [Action("cancel", label="Cancel the offer")]

    def _check_cancel(self, action: Action) -> str | None:
        top = self._answering(action, "offer-target", "offer-give", "offer-ask")
        return top if isinstance(top, str) else None

    def _time_up_options(self) -> list[Action]:
        # Played by the page's clock, never chosen from the table (the page does not show it).
        if not self.options.get("trade_minute"):
            return []
        return [Action("time-up", label="The minute for negotiating is up")]

    def _check_time_up(self, action: Action) -> str | None:
        if self._clock_runs():
            return None
        if not self.options.get("trade_minute"):
            return "This table plays without the one-minute limit on negotiating."
        if self.phase != "trade":
            return "The minute for negotiating runs only while trading (part 3 of a turn)."
        if self.talks_over:
            return "The minute for negotiating is already up this turn."
        return f"The minute is up once this choice is made: {self.pending[-1].prompt}"

    # -- moves ------------------------------------------------------------------------------------

    def _do_roll(self, action: Action) -> list[Event]:
        p = self.turn_player
        face = self.rng.choice(D6)
        self.last_roll = {"d6": face}
        self.phase = "trade"
        events = [Event("roll", p, f"{_name(p)} rolled the six-sided die: {_FACE_TEXT[face]}.", (), {"face": face})]
        if face in ("one", "two"):
            events += self._gain_rolled(p, 1 if face == "one" else 2)
        elif face == "action":
            events += self._draw_action(p)
        elif self.pile and self.proteins[p]:
            self.pending.append(Pending(p, "trade-in", "Trade in one of your protein cards first?"))
        else:
            events += self._take_top_protein(p)
        return events

    def _do_take(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self._gain(top.player, action.amino)
        return [Event("take", top.player, f"{_name(top.player)} chose {a_card(action.amino)}.",
                      ("amino-acid",), {"amino": action.amino})]

    def _do_trade_in(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        p, events = top.player, []
        if action.protein:
            self.proteins[p].remove(action.protein)
            self.pile.insert(0, action.protein)
            events.append(Event("trade-in", p, f"{_name(p)} put a protein card under the pile.", (), {}))
        return events + self._take_top_protein(p)

    def _do_recycle(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self.proteins[top.player].remove(action.protein)
        self.pile.insert(0, action.protein)
        return [Event("recycle", top.player, f"{_name(top.player)} recycled a protein card: it goes under the "
                      f"pile and no amino acid cards come back. In a real cell, proteasomes break down proteins "
                      f"the cell no longer needs, and their amino acids are reused.", ("protein",), {})]

    def _do_fixed_trade(self, action: Action) -> list[Event]:
        p = self.turn_player
        cards = sorted(a for a, n in self.amino[p].items() for _ in range(n))
        self.rng.shuffle(cards)
        for a in cards[:FIXED_TRADE]:
            self._lose(p, a)
        events = [Event("fixed-trade", p, f"{_name(p)} put back {FIXED_TRADE} random amino acid cards.", (), {})]
        if action.receive == "amino":
            self.pending.append(Pending(p, "choose-amino", "Choose any amino acid."))
        elif self.proteins[p]:
            self.pending.append(Pending(p, "trade-in", "Trade in one of your protein cards first?"))
        else:
            events += self._take_top_protein(p)
        return events

    def _do_play(self, action: Action) -> list[Event]:
        p = self.turn_player
        self._discard_action(p, action.card)
        card = ACTION_CARDS[action.card]
        if action.card == "transfer-rna":
            self.pending.append(Pending(p, "choose-amino", "Choose the amino acid your tRNA brings."))
        else:
            self.pending.append(Pending(p, "recycle", "Choose a protein card to recycle."))
        return [Event("play", p, f"{_name(p)} played {card.title}: {card.text}", card.concepts, {"card": card.id})]

    def _do_propose(self, action: Action) -> list[Event]:
        self.offers_made += 1
        self.pending.append(Pending(self.turn_player, "offer-target", "Whom do you offer a trade?"))
        return []

    def _do_offer_to(self, action: Action) -> list[Event]:
        self.pending.pop()
        self.pending.append(Pending(self.turn_player, "offer-give", f"What do you offer {_name(action.seat)}?",
                                    {"to": action.seat, "give": (), "ask": ()}))
        return []

    def _do_give(self, action: Action) -> list[Event]:
        return self._add_to_offer("give", action.item, "You offer {}. Anything more?")

    def _do_done_giving(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self.pending.append(Pending(top.player, "offer-ask", "What do you ask for in return?", dict(top.data)))
        return []

    def _do_ask(self, action: Action) -> list[Event]:
        return self._add_to_offer("ask", action.item, "You ask for {}. Anything more?")

    def _add_to_offer(self, side: str, item, prompt: str) -> list[Event]:
        """Put one more item on the offer's ``give`` or ``ask`` side; the same question asks for more."""
        top = self.pending.pop()
        data = {**top.data, side: top.data[side] + (item,)}
        self.pending.append(Pending(top.player, f"offer-{side}", prompt.format(items_text(data[side])), data))
        return []

    def _do_send(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        author, target = top.player, top.data["to"]
        data = {**top.data, "from": author}
        if not data.get("counter") and not self.options.get("only_target_counters"):
            # Rulebook: "the other players may make a counter-offer": each in turn order, after
            # the player the offer is made to has answered.
            data["others"] = tuple(q for q in self._seats_after(author) if q != target)
        what = "a counter-offer: " if data.get("counter") else ""
        text = f"{_name(author)} offers {_name(target)} {what}{items_text(data['give'])} for {items_text(data['ask'])}."
        self.pending.append(Pending(target, "offer", text, data))
        return [Event("offer", author, text, (), {"to": target, "give": list(data["give"]), "ask": list(data["ask"])})]

    def _do_cancel(self, action: Action) -> list[Event]:
        """An offer cancelled before it is sent: nobody saw it, so it is not one of the turn's two
        offers (unless ``unsent_offers_count``: the rules of version 2, for its records)."""
        top = self.pending.pop()
        if top.data.get("counter"):
            self._next_counter_chance(top.data)
            return [Event("cancel", top.player, f"{_name(top.player)} made no counter-offer after all.", (), {})]
        if not self.options.get("unsent_offers_count"):
            self.offers_made -= 1
        return [Event("cancel", top.player, f"{_name(top.player)} decided not to make an offer.", (), {})]

    def _do_decline(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        what = "counter-offer" if top.data.get("counter") else "trade"
        self._next_counter_chance(top.data)
        return [Event("decline", top.player, f"{_name(top.player)} declined the {what}.", (), {})]

    def _do_counter(self, action: Action) -> list[Event]:
        """The rulebook lets the other players answer with a counter-offer: the player the offer was
        made to first, then each other player in turn (one each, so talks end)."""
        top = self.pending.pop()
        me, author = top.player, top.data["from"]
        reply_to = top.data.get("reply_to") or {"give": top.data["give"], "ask": top.data["ask"], "to": top.data["to"]}
        self.pending.append(Pending(me, "offer-give", f"Your counter-offer to {_name(author)}: what do you give?",
                                    {"to": author, "give": (), "ask": (), "counter": True, "reply_to": reply_to,
                                     "others": top.data.get("others", ())}))
        if top.kind == "counter-chance":
            return [Event("counter", me, f"{_name(me)} is making a counter-offer to {_name(author)}.", (), {})]
        return [Event("counter", me, f"{_name(me)} turned down the offer and is making a counter-offer.", (), {})]

    def _do_pass(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        self._next_counter_chance(top.data)
        return [Event("pass", top.player, f"{_name(top.player)} made no counter-offer.", (), {})]

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
                                    f"{_name(author)} offered {items_text(give)} for {items_text(ask)} and was "
                                    f"turned down. Make {_name(author)} a counter-offer?",
                                    {"from": author, "to": offer["to"], "give": give, "ask": ask,
                                     "others": others[1:]}))

    def _do_time_up(self, action: Action) -> list[Event]:
        lapsed = any(top.kind in ("offer", "counter-chance") for top in self.pending)
        self.pending = [top for top in self.pending if top.kind not in TALK_KINDS]
        self.talks_over = True
        text = "The minute for negotiating is up: no more offers this turn"
        text += "; the offer on the table lapses." if lapsed else "."
        return [Event("time-up", self.turn_player, text + " The fixed trade and action cards can still be used.",
                      (), {})]

    def _do_accept(self, action: Action) -> list[Event]:
        top = self.pending.pop()
        giver, taker = top.data["from"], top.player
        for item in top.data["give"]:
            self._transfer(giver, taker, item)
        for item in top.data["ask"]:
            self._transfer(taker, giver, item)
        return [Event("trade", taker, f"{_name(taker)} accepted: {_name(giver)} gave {items_text(top.data['give'])} "
                      f"for {items_text(top.data['ask'])}.", (),
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
        how = "" if boost == "none" else f" with {ACTION_CARDS[boost].title}"
        concepts = BUILD_CONCEPTS + protein.concepts
        if protein.name == "Glutathione":
            made = (f"{protein.sequence}, glutamate joined to cysteine through its side chain (a γ bond), then "
                    "glycine; in a real cell two enzymes make it, not a ribosome")
        else:
            made = f"joined by peptide bonds in the order {protein.sequence}"
            if protein.note:
                made += f" ({protein.note})"
        events = [Event("build", p, f"{_name(p)} built {protein.name}{how}: {len(protein.sequence)} amino acids, "
                        f"{made}. In the body it {protein.role}. "
                        f"+{earned} coin{'s' * (earned != 1)}.", concepts,
                        {"protein": protein.name, "earned": earned})]
        return events + self._check_pool()

    def _do_end_turn(self, action: Action) -> list[Event]:
        nxt = (self.turn_player + 1) % self.num_players
        if nxt == self.first_player:
            self.round += 1
            if self.round > MAX_ROUNDS:
                self.round = MAX_ROUNDS  # the last round played, never "Round 81 of 80"
                return self._finish(f"The {MAX_ROUNDS}-round limit is reached.")
        self.turn_player = nxt
        return self._start_turn()

    # -- helpers -------------------------------------------------------------------------------------

    def _start_turn(self) -> list[Event]:
        p = self.turn_player
        self.phase, self.offers_made, self.talks_over = "roll", 0, False
        events = [Event("turn", p, f"{_name(p)}'s turn.", (), {})]
        return events + self._gain_rolled(p, 1, free=True)

    def _seats_after(self, p: int) -> list[int]:
        """The other seats in turn order, starting with the one after ``p``."""
        return [(p + i) % self.num_players for i in range(1, self.num_players)]

    def _pays(self, value: int) -> str:
        """What a build worth ``value`` coins takes from the pool, in words (the pool may hold less)."""
        paid = min(value, self.pool.count)
        if paid < value:
            return f"{paid} coin{'s' * (paid != 1)} (worth {value}; the pool holds only {paid})"
        return f"{value} coins"

    def _roll_available(self) -> str:
        """Setup rule: reroll the twenty-sided die until it shows an amino acid that is left."""
        while True:
            a = self.rng.choice(D20)
            if self.supply[a]:
                return a

    def _gain_rolled(self, p: int, count: int, free: bool = False) -> list[Event]:
        events, misses = [], []
        what = "a free amino acid" if free else "an amino acid"
        for _ in range(count):
            a = self.rng.choice(D20)
            self.last_roll = {**self.last_roll, "d20": a}
            if self.supply[a]:
                self._gain(p, a)
                events.append(Event("gain", p, f"{_name(p)} rolled {what}: {AMINO_NAMES[a]} ({a}).",
                                    ("amino-acid",), {"amino": a}))
            else:
                misses.append(a)
        # A face with none left becomes a choice of any amino acid, but only while a card is left
        # for every such choice (with two or fewer left, two choices could otherwise leave a
        # choice with nothing to choose: a position with no legal move).
        for owed, a in enumerate(misses):
            if sum(self.supply.values()) > owed:
                self.pending.append(Pending(p, "choose-amino", f"No {AMINO_NAMES[a]} cards are left: choose any amino acid."))
                events.append(Event("gain", p, f"{_name(p)} rolled {AMINO_NAMES[a]}, but none are left: "
                                    f"they choose another.", ("amino-acid",), {"amino": a}))
            else:
                events.append(Event("gain", p, f"{_name(p)} rolled {AMINO_NAMES[a]}, but none are left, and no "
                                    f"other amino acid card is left to choose.", ("amino-acid",), {"amino": a}))
        return events

    def _draw_action(self, p: int) -> list[Event]:
        cid = self.action_deck.draw(self.rng)
        if cid is None:
            return [Event("draw", p, "No action cards are left to draw.", (), {})]
        card = ACTION_CARDS[cid]
        if card.timing != "now":
            self.actions[p].append(cid)
            return [Event("draw", p, f"{_name(p)} drew an action card and kept it for later.", (), {})]
        self.action_deck.discard(cid)
        events = [Event("action", p, f"{_name(p)} drew {card.title}, played at once: {card.text}", card.concepts,
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
        return [Event("lose", q, f"{_name(q)} put back {a_card(a)}.", ("amino-acid",), {"amino": a})]

    def _take_top_protein(self, p: int) -> list[Event]:
        if not self.pile:
            return [Event("protein", p, "The protein pile is empty.", (), {})]
        self.proteins[p].append(self.pile.pop())
        return [Event("protein", p, f"{_name(p)} took a protein card: another peptide to build.",
                      ("gene-to-protein", "primary-structure"), {})]

    def _check_pool(self) -> list[Event]:
        if self.pool.count == 0:
            return self._finish("The coin pool is empty.")
        return []

    def _finish(self, reason: str) -> list[Event]:
        self.finished, self.end_reason, self.pending = True, reason, []
        scores = self.scores()
        best = max(scores)
        winners = [_name(q) for q, s in enumerate(scores) if s == best]
        return [Event("game-over", None, f"{reason} Final scores: {', '.join(map(str, scores))}. "
                      f"{_and(winners)} {'share the win' if len(winners) > 1 else 'wins'}.", (),
                      {"scores": scores})]

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


_ITEMS = [f"aa:{a}" for a in D20] + ["coin"] + [f"protein:{n}" for n in PROTEINS]
# The long per-item move lists are made once (a search asks for them thousands of times a move);
# the labels are the same words the moves always had.
_GIVE = {i: Action("give", item=i, label=f"Give {item_label(i)}") for i in _ITEMS}
_ASK = {i: Action("ask", item=i, label=f"Ask for {item_label(i)}") for i in _ITEMS}
_ASK_ANY = frozenset(_ITEMS[:len(D20) + 1])
"""What an offer may always ask for (again and again): any amino acid card, a coin."""
_TAKE = {(a, n): Action("take", amino=a, label=f"Take {AMINO_NAMES[a]} ({a}), {n} left")
         for a, most in AMINO_CARDS.items() for n in range(1, most + 1)}

_ANSWERS = {
    "take": "You choose an amino acid only when Transfer RNA or the fixed trade lets you.",
    "trade-in": "You trade in a protein card only right after the die shows its protein face or a fixed trade "
                "for a protein card.",
    "recycle": "You put a protein card under the pile only after playing Protein recycling.",
    "offer-to": "Start an offer first: choose “Offer a trade to another player” while you are trading (part 3).",
    "give": "Start an offer first: choose “Offer a trade to another player” while you are trading (part 3).",
    "ask": "Start an offer first: choose “Offer a trade to another player” while you are trading (part 3).",
    "done-giving": "There is no offer being made: start one while you are trading (part 3).",
    "send": "There is no offer being made: start one while you are trading (part 3).",
    "cancel": "There is no offer being made to cancel.",
    "accept": "There is no offer to answer.",
    "decline": "There is no offer to answer.",
    "counter": "There is no offer to answer.",
    "pass": "There is no turned-down offer to make a counter-offer to.",
}
"""Why an answer to a choice is refused when no choice is waiting."""

_FACE_TEXT = {"one": "one amino acid", "two": "two amino acids", "action": "an action card",
              "protein": "take or trade a protein card"}
