"""Translation's rules: spend 5 action points a turn to mutate a DNA strand and translate amino acids.

Position numbers count along the active strand from its 5′ end (1 = next to the 5′ card), the
way a ribosome meets the codons. The strand is stored as read 5′→3′; ``five_prime_left`` only
says where the 5′ card lies on the table, so Reverse Complement is "read the other strand".
"""

from __future__ import annotations

from functools import lru_cache, reduce
from typing import Any

from ...core import Action, Event, GameState, IllegalAction, Move, Pending, Rng, first_seat
from ...i18n import Message, _, lazy_gettext, message, ngettext, nmessage
from .cards import (ACTION_CARDS, AMINO_ACIDS, BLACK_DIE, COMPLEMENT, FACE_UP, FILL_TO, GROUPS, IUPAC,
                    MUTATIONS, NUCLEOTIDE_CARDS, POINTS_PER_TURN, PURINES, START_STRAND, STARTING_HAND,
                    READING_FRAME_NOTE, REAL_SIDE_CHAIN, WATER_RULE_NOTE, WEAK, WHITE_DIE, reverse_complement)

MAX_ROUNDS = 40
"""A visible cap (docs/rules-decisions.md › All games: a game must end): after 40 rounds the game is scored as it stands."""

CONCEPTS_OF_MUTATION = {
    "complement": ("complementary-base-pairing", "point-mutation", "transversion"),
    "transition": ("transition", "point-mutation"),
    "transversion": ("transversion", "point-mutation"),
    "mutate": ("point-mutation",),
}


def score(codes) -> int:
    """Points for a collection of amino acids: 1 each, plus 2 for every pair within a group."""
    codes = list(codes)
    return len(codes) + sum(2 * pairs for _group, _k, pairs in _group_pairs(codes))


def _group_pairs(codes: list[str]) -> list[tuple[str, int, int]]:
    """(group, amino acids in it, pairs they make) for each group holding two or more."""
    found = []
    for group in GROUPS:
        k = sum(1 for c in codes if group in AMINO_ACIDS[c].groups)
        if k >= 2:
            found.append((group, k, k * (k - 1) // 2))
    return found


def _breakdown(codes: list[str]) -> list[tuple[str, int]]:
    """The score's lines, written now in the current language (the end screen asks when it shows them)."""
    lines = [(_("Amino acids collected"), len(codes))]
    for group, k, pairs in _group_pairs(codes):
        line = ngettext("{group}: {k} amino acids make {pairs} pair", "{group}: {k} amino acids make {pairs} pairs",
                        pairs)
        lines.append((line.format(group=_(group), k=k, pairs=pairs), 2 * pairs))
    return lines


def find_codon(seq: str, code: str) -> int | None:
    """The first position (1-based, from the 5′ end) of a codon for ``code`` in ``seq``, if any."""
    codons = AMINO_ACIDS[code].codons
    for i in range(len(seq) - 2):
        if seq[i:i + 3] in codons:
            return i + 1
    return None


def mutation_kind(old: str, new: str) -> str:
    """Transition (purine↔purine or pyrimidine↔pyrimidine) or transversion, in biology's terms."""
    return "transition" if (old in PURINES) == (new in PURINES) else "transversion"


def _player_name(p: int) -> Message:
    return message("Player {n}", n=p + 1)


def _and(names: Message, name: Message) -> Message:
    """"Player 1 and Player 2" (folded over a tie of three: "Player 1 and Player 2 and Player 3")."""
    return message("{names} and {name}", names=names, name=name)


# One Message per name and per move label: the legal-move lists rebuild the same moves over and
# over (a search bot thousands of times a move), and a Message made once keeps its hash.
_CARDS = {cid: lazy_gettext(card.title) for cid, card in ACTION_CARDS.items()}
_AMINO_ACIDS = {code: lazy_gettext(aa.name) for code, aa in AMINO_ACIDS.items()}


def _card(cid: str) -> Message:
    """An action card's name, in the reader's language."""
    return _CARDS[cid]


def _amino(code: str) -> Message:
    """An amino acid's name (its codes stay as they are)."""
    return _AMINO_ACIDS[code]


_PLAY_LABELS = {cid: nmessage("Play {card} ({n} point)", "Play {card} ({n} points)", card.use, card=_card(cid))
                for cid, card in ACTION_CARDS.items()}
# Every card on sale costs 2 points or more.
_BUY_LABELS = {cid: message("Buy {card} for {cost} points", card=_card(cid), cost=card.buy)
               for cid, card in ACTION_CARDS.items()}
_CANCEL_LABELS = {cid: message("Cancel {card}", card=_card(cid)) for cid in ACTION_CARDS}


@lru_cache(maxsize=4096)
def _translate_label(code: str, codon: str, position: int) -> Message:
    return message("Translate {amino_acid} with {codon} at position {position}", amino_acid=_amino(code),
                   codon=codon, position=position)


@lru_cache(maxsize=1024)
def _target_label(cid: str, base: str, position: int) -> Message:
    return message("{card}: the {base} at position {position}", card=_card(cid), base=base, position=position)


@lru_cache(maxsize=1024)
def _gap_label(base: str, index: int, length: int) -> Message:
    if index == 0:
        return message("Insert {base} at the 5′ end", base=base)
    if index == length:
        return message("Insert {base} at the 3′ end", base=base)
    return message("Insert {base} between positions {before} and {after}", base=base, before=index, after=index + 1)


def pending_prompt(kind: str, card: str | None = None, base: str | None = None, roll: str | None = None) -> Message:
    """What a card waiting for a choice asks for; the render writes it again from the view's
    ``pending`` (and the die's ``last_roll``) in the reader's language."""
    if kind == "position":
        return message("Choose the nucleotide for {card}.", card=_card(card))
    if kind == "mutate-to":
        return message("Choose the new nucleotide.")
    if kind == "gap":
        return message("Choose where to insert {base}.", base=base)
    first, second = sorted(IUPAC[roll])
    return message("The die shows {roll}: choose {first} or {second}.", roll=roll, first=first, second=second)


class Hand:
    """A player's action cards: how many they own, bought this turn and used this turn, by type."""

    __slots__ = ("owned", "bought", "used")

    def __init__(self) -> None:
        self.owned: dict[str, int] = dict(STARTING_HAND)
        self.bought: dict[str, int] = {}
        self.used: dict[str, int] = {}

    def usable(self, card: str) -> int:
        """Copies that may still be played this turn (Extend: unlimited while owned)."""
        ready = self.owned.get(card, 0) - self.bought.get(card, 0)
        if card == "extend":
            return ready
        return ready - self.used.get(card, 0)

    def copy(self) -> Hand:
        twin = Hand.__new__(Hand)
        twin.owned, twin.bought, twin.used = dict(self.owned), dict(self.bought), dict(self.used)
        return twin


class TranslationState(GameState):
    """A position of Translation."""

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(players, seed, options)
        rng = self.rng
        per_type = -(-players // 2)
        self.market = {cid: per_type for cid, card in ACTION_CARDS.items() if card.sold}
        self.hands = [Hand() for _ in range(players)]
        self.collected: list[list[str]] = [[] for _ in range(players)]
        deck = list(AMINO_ACIDS)
        rng.shuffle(deck)
        self.deck = deck
        self.face_up = [self.deck.pop() for _ in range(FACE_UP)]
        self.seq = "".join(rng.choice(WHITE_DIE) for _ in range(START_STRAND))
        self.five_prime_left = True
        self.water_on = True
        # The rulebook: the first player is chosen "by some fair and balanced means": drawn unless chosen.
        self.first_player = first_seat(self.options, players, seed)
        self.turn_player = self.first_player
        self.points = POINTS_PER_TURN
        self.round = 1
        self.pending: list[Pending] = []
        self.last_roll: str | None = None
        self.finished = False
        self._legal: list[Action] | None = None

    # -- contract ------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return None if self.finished else self.turn_player

    def is_terminal(self) -> bool:
        return self.finished

    def scores(self) -> list[int]:
        return [score(c) for c in self.collected]

    def score_breakdown(self, player: int) -> list[tuple[str, int]]:
        return _breakdown(self.collected[player])

    def clone(self) -> TranslationState:
        twin = self._clone_shell()
        twin.market = dict(self.market)
        twin.hands = [h.copy() for h in self.hands]
        twin.collected = [list(c) for c in self.collected]
        twin.deck = list(self.deck)
        twin.face_up = list(self.face_up)
        twin.pending = list(self.pending)
        return twin

    def determinized(self, player: int, seed: int) -> TranslationState:
        """The face-down amino acid deck is the only hidden thing: re-shuffle it and the dice."""
        twin = self.clone()
        twin.rng = Rng(seed)
        twin.deck = sorted(self.deck)
        twin.rng.shuffle(twin.deck)
        return twin

    def view(self, player: int | None) -> dict[str, Any]:
        top = self.pending[-1] if self.pending else None
        return {
            "game": "translation",
            "viewer": player,
            "players": self.num_players,
            "current": self.current_player,
            "round": self.round,
            "max_rounds": MAX_ROUNDS,
            "points": self.points,
            "water_on": self.water_on,
            "strand": self.seq,
            "five_prime_left": self.five_prime_left,
            "nucleotides_left": NUCLEOTIDE_CARDS - len(self.seq),
            "face_up": [self._amino_view(c) for c in self.face_up],
            "deck_size": len(self.deck),
            "market": [{"card": cid, "title": ACTION_CARDS[cid].title, "buy": ACTION_CARDS[cid].buy,
                        "use": ACTION_CARDS[cid].use, "left": n} for cid, n in self.market.items()],
            "hands": [{cid: {"owned": h.owned.get(cid, 0), "usable": max(h.usable(cid), 0),
                             "used": h.used.get(cid, 0), "new": h.bought.get(cid, 0)}
                       for cid in ACTION_CARDS if h.owned.get(cid)} for h in self.hands],
            "collected": [list(c) for c in self.collected],
            "scores": self.scores(),
            "pending": None if top is None else {"kind": top.kind, "prompt": str(top.prompt),
                                                   "card": top.data.get("card"),
                                                   "base": top.data.get("base")},
            "last_roll": self.last_roll,
            "over": self.finished,
        }

    def _amino_view(self, code: str) -> dict[str, Any]:
        aa = AMINO_ACIDS[code]
        at = find_codon(self.seq, code)
        return {"code": code, "name": aa.name, "abbreviation": aa.abbreviation,
                "hydrophobic": aa.hydrophobic, "groups": list(aa.groups), "codons": list(aa.blocks),
                "match": at, "translatable": at is not None and aa.hydrophobic != self.water_on}

    # -- the moves: for each kind, its options, its rule (None or why not) and what it does ------

    def _unfinished(self) -> str | None:
        """While a card waits for a choice, only that choice may be made."""
        return message("First finish what you started: {prompt}", prompt=self.pending[-1].prompt) \
            if self.pending else None

    def _translate_options(self) -> list[Action]:
        if self.pending:  # a card waits for a choice: only its answers are worth asking about
            return []
        acts = []
        for code in self.face_up:
            at = find_codon(self.seq, code)
            if at is not None:  # no codon on the strand: nothing to translate it with (the check says so)
                acts.append(Action("translate", code=code, label=_translate_label(code, self.seq[at - 1:at + 2], at)))
        return acts

    def _check_translate(self, action: Action) -> str | None:
        code = action.get("code")
        if self.pending:
            return self._unfinished()
        aa = AMINO_ACIDS.get(code)
        if aa is None or code not in self.face_up:
            if not self.face_up:
                return message("No amino acid is face up to translate.")
            shown = _amino(self.face_up[0])
            for c in self.face_up[1:]:
                shown = message("{names}, {name}", names=shown, name=_amino(c))
            return message("You can only translate a face-up amino acid ({names}).", names=shown)
        if self.points < 1:
            return message("Translating costs 1 action point and you have none left.")
        if find_codon(self.seq, aa.code) is None:
            return message("No codon for {amino_acid} ({codons}) reads 5′→3′ on the active strand {strand}.",
                           amino_acid=_amino(code), codons=", ".join(aa.blocks), strand=self.seq)
        if aa.hydrophobic == self.water_on:
            refusal = message("The game's water card lets {amino_acid} be translated only while the water is OFF, "
                              "and it is ON now.", amino_acid=_amino(code)) if aa.hydrophobic else \
                message("The game's water card lets {amino_acid} be translated only while the water is ON, "
                        "and it is OFF now.", amino_acid=_amino(code))
            if aa.code in REAL_SIDE_CHAIN:
                return message("{refusal} (The game's rule: in a real cell {fact}.)", refusal=refusal,
                               fact=lazy_gettext(REAL_SIDE_CHAIN[aa.code]))
            return refusal
        return None

    def _play_options(self) -> list[Action]:
        if self.pending:
            return []
        return [Action("play", card=cid, label=_PLAY_LABELS[cid]) for cid in ACTION_CARDS]

    def _check_play(self, action: Action) -> str | None:
        """Playing a card: owned, not bought this turn, not used up, with something to do, affordable."""
        if self.pending:
            return self._unfinished()
        card = ACTION_CARDS.get(action.get("card"))
        if card is None:
            return message("That is not one of the game's action cards.")
        hand, cid = self.hands[self.turn_player], card.id
        owned, bought, used = hand.owned.get(cid, 0), hand.bought.get(cid, 0), hand.used.get(cid, 0)
        if owned == 0:
            return message("You do not own a {card} card: buy one from the market first.", card=_card(cid))
        if owned == bought:
            return message("You bought {card} this turn: a card bought this turn can be used from your next turn.",
                           card=_card(cid))
        if cid != "extend" and owned - bought - used <= 0:
            return nmessage("You have already used your {card} card this turn.",
                            "You have already used all {n} of your {card} cards this turn.",
                            owned - bought, card=_card(cid))
        if not self._card_has_effect(cid):
            if cid in ("extend", "insert"):
                return message("The strand already holds all {total} nucleotide cards: there is none left to add, "
                               "so {card} has nothing to do.", total=NUCLEOTIDE_CARDS, card=_card(cid))
            return message("The strand is empty: {card} has no nucleotide to change.", card=_card(cid))
        if card.use > self.points:
            return nmessage("{card} costs {n} point to use; you have {points}.",
                            "{card} costs {n} points to use; you have {points}.", card.use, card=_card(cid),
                            points=self.points)
        return None

    def _card_has_effect(self, cid: str) -> bool:
        n = len(self.seq)
        if cid in ("extend", "insert"):
            return n < NUCLEOTIDE_CARDS
        if cid in ("delete", "complement", "transition", "transversion", "mutate"):
            return n > 0
        return True

    def _buy_options(self) -> list[Action]:
        if self.pending:
            return []
        return [Action("buy", card=cid, label=_BUY_LABELS[cid]) for cid in self.market]

    def _check_buy(self, action: Action) -> str | None:
        if self.pending:
            return self._unfinished()
        card = ACTION_CARDS.get(action.get("card"))
        if card is None:
            return message("That is not one of the game's action cards.")
        if not card.sold:
            return message("{card} is never sold: every player starts with theirs and keeps it.", card=_card(card.id))
        if not self.market.get(card.id):
            return message("The market has no {card} card left to buy.", card=_card(card.id))
        if card.buy > self.points:
            return message("{card} costs {cost} points to buy; you have {points}.", card=_card(card.id),
                           cost=card.buy, points=self.points)
        return None

    def _rest_options(self) -> list[Action]:
        if self.pending:
            return []
        # Offered only with points left (a turn ends the moment they run out).
        return [Action("rest", label=nmessage("End the turn: no way to spend the last {n} point",
                                              "End the turn: no way to spend the last {n} points", self.points))]

    def _check_rest(self, action: Action) -> str | None:
        """A turn ends early only when no point can be spent: no translation, card or purchase."""
        if self.pending:
            return self._unfinished()
        if self.can_move_otherwise():
            return nmessage("You can still spend your {n} action point, so you cannot pass.",
                            "You can still spend your {n} action points, so you cannot pass.", self.points)
        return None

    def _waiting(self, *kinds: str) -> str | None:
        """``None`` when the card on top waits for a choice of one of ``kinds``, else why not."""
        if not self.pending:
            return message("No action card is waiting for a choice: play one first.")
        return None if self.pending[-1].kind in kinds else self._unfinished()

    def _target_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "position":
            return []
        cid = self.pending[-1].data["card"]
        return [Action("target", position=i + 1, label=_target_label(cid, b, i + 1)) for i, b in enumerate(self.seq)]

    def _check_target(self, action: Action) -> str | None:
        refused = self._waiting("position")
        if refused is None and action.get("position") not in range(1, len(self.seq) + 1):
            return self._unfinished()
        return refused

    def _base_options(self) -> list[Action]:
        top = self.pending[-1] if self.pending else None
        if top is not None and top.kind == "mutate-to":
            old = self.seq[top.data["position"] - 1]
            return [Action("base", base=b, label=message("Mutate {old} to {new} at position {position}", old=old,
                                                         new=b, position=top.data["position"]))
                    for b in "ACGT" if b != old]
        if top is not None and top.kind == "choose-base":
            return [Action("base", base=b, label=message("Insert {base} (the die showed {roll})", base=b,
                                                         roll=top.data["roll"]))
                    for b in sorted(IUPAC[top.data["roll"]])]
        return []

    def _check_base(self, action: Action) -> str | None:
        """Mutate: any other nucleotide; Insert's IUPAC roll: one of the letters it stands for."""
        refused = self._waiting("mutate-to", "choose-base")
        if refused is not None:
            return refused
        top, base = self.pending[-1], action.get("base")
        if top.kind == "mutate-to":
            allowed = tuple(b for b in "ACGT" if b != self.seq[top.data["position"] - 1])
        else:
            allowed = tuple(IUPAC[top.data["roll"]])
        return None if base in allowed else self._unfinished()

    def _gap_options(self) -> list[Action]:
        if not self.pending or self.pending[-1].kind != "gap":
            return []
        b, n = self.pending[-1].data["base"], len(self.seq)
        return [Action("gap", index=i, label=_gap_label(b, i, n)) for i in range(n + 1)]

    def _check_gap(self, action: Action) -> str | None:
        refused = self._waiting("gap")
        if refused is None and action.get("index") not in range(len(self.seq) + 1):
            return self._unfinished()
        return refused

    def _cancel_options(self) -> list[Action]:
        if not self.pending:
            return []
        return [Action("cancel", label=_CANCEL_LABELS[self.pending[-1].data["card"]])]

    def _check_cancel(self, action: Action) -> str | None:
        """A card that points at a nucleotide can be put back until it is paid for (Insert is paid at once)."""
        return self._waiting("position", "mutate-to")

    # -- moves ---------------------------------------------------------------------------------

    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        if not self.pending and not self.finished and self.points == 0:
            events += self._end_turn()
        return events

    def _do_translate(self, action: Action) -> list[Event]:
        p = self.turn_player
        aa = AMINO_ACIDS[action.code]
        at = find_codon(self.seq, aa.code)
        codon = self.seq[at - 1:at + 2]
        self.points -= 1
        self.face_up.remove(aa.code)
        self.collected[p].append(aa.code)
        events = [Event("translate", p, message(
                        "{player} translated {amino_acid} ({code}): the codon {codon} at position {position} codes "
                        "for {amino_acid}. {note}", player=_player_name(p), amino_acid=_amino(aa.code), code=aa.code,
                        codon=codon, position=at, note=lazy_gettext(READING_FRAME_NOTE)),
                        ("translation", "codon", "genetic-code", "dna", "reading-frame", "amino-acid-groups"),
                        {"code": aa.code, "codon": codon, "position": at})]
        if self.deck:
            new = self.deck.pop()
            self.face_up.append(new)
            events.append(Event("reveal", None, message("{amino_acid} is turned face up.", amino_acid=_amino(new)),
                                ("amino-acid", "amino-acid-groups"), {"code": new}))
        if not self.face_up:
            self.finished = True
            events.append(self._game_over(message("The last amino acid has been translated.")))
        return events

    def _do_buy(self, action: Action) -> list[Event]:
        p = self.turn_player
        card = ACTION_CARDS[action.card]
        hand = self.hands[p]
        self.points -= card.buy
        self.market[card.id] -= 1
        hand.owned[card.id] = hand.owned.get(card.id, 0) + 1
        hand.bought[card.id] = hand.bought.get(card.id, 0) + 1
        return [Event("buy", p, message("{player} bought {card} for {cost} points (usable from their next turn).",
                                        player=_player_name(p), card=_card(card.id), cost=card.buy),
                      (), {"card": card.id})]

    def _do_rest(self, action: Action) -> list[Event]:
        p = self.turn_player
        lost, self.points = self.points, 0
        return [Event("rest", p, nmessage("{player} could not spend their last {n} point.",
                                          "{player} could not spend their last {n} points.", lost,
                                          player=_player_name(p)), (), {})]

    def _do_play(self, action: Action) -> list[Event]:
        p = self.turn_player
        card = ACTION_CARDS[action.card]
        name = _player_name(p)
        if card.id == "toggle-water":
            self._pay(p, card.id)
            self.water_on = not self.water_on
            said = message("{player} turned the water ON: hydrophilic amino acids can now be translated. {note}",
                           player=name, note=lazy_gettext(WATER_RULE_NOTE)) if self.water_on else \
                message("{player} turned the water OFF: hydrophobic amino acids can now be translated. {note}",
                        player=name, note=lazy_gettext(WATER_RULE_NOTE))
            return [Event("water", p, said, ("hydrophobicity",), {"water_on": self.water_on})]
        if card.id == "extend":
            self._pay(p, card.id)
            base = self._roll(WHITE_DIE)
            self.seq += base
            return [Event("extend", p, message("{player} rolled {base} and added it at the 3′ end (the strand now "
                                               "reads {strand}).", player=name, base=base, strand=self.seq),
                          ("five-to-three-direction", "nucleotide"),
                          {"base": base})]
        if card.id == "reverse-complement":
            self._pay(p, card.id)
            self.seq = reverse_complement(self.seq)
            self.five_prime_left = not self.five_prime_left
            return [Event("reverse-complement", p, message(
                          "{player} moved the 5′ card: the other strand is now read, in the opposite direction: "
                          "{strand}.", player=name, strand=self.seq),
                          ("reverse-complement", "complementary-base-pairing",
                           "five-to-three-direction"), {"strand": self.seq})]
        if card.id == "insert":
            self._pay(p, card.id)
            roll = self._roll(BLACK_DIE)
            options = sorted(IUPAC[roll])
            if len(options) == 1:
                self.pending.append(Pending(p, "gap", pending_prompt("gap", base=roll),
                                            {"card": "insert", "base": roll}))
                return [Event("roll", p, message("{player} played Insert and rolled {roll}.", player=name, roll=roll),
                              ("insertion",), {"roll": roll})]
            self.pending.append(Pending(p, "choose-base", pending_prompt("choose-base", roll=roll),
                                        {"card": "insert", "roll": roll}))
            first, second = options  # W, S, Y and R each stand for two letters
            return [Event("roll", p, message("{player} played Insert and rolled {roll}, the IUPAC letter for {first} "
                                             "or {second}.", player=name, roll=roll, first=first, second=second),
                          ("insertion", "iupac-code"), {"roll": roll})]
        # Cards that point at one nucleotide: choose it next (nothing is paid until it is chosen).
        self.pending.append(Pending(p, "position", pending_prompt("position", card=card.id), {"card": card.id}))
        return [Event("choose", p, message("{player} is playing {card}.", player=name, card=_card(card.id)), (),
                      {"card": card.id})]

    def _do_cancel(self, action: Action) -> list[Event]:
        p = self.turn_player
        top = self.pending.pop()
        return [Event("cancel", p, message("{player} put {card} back.", player=_player_name(p),
                                           card=_card(top.data["card"])), (), {})]

    def _do_target(self, action: Action) -> list[Event]:
        p = self.turn_player
        top = self.pending.pop()
        cid, pos = top.data["card"], action.position
        if cid == "mutate":
            self.pending.append(Pending(p, "mutate-to", pending_prompt("mutate-to"), {"card": cid, "position": pos}))
            return []
        self._pay(p, cid)
        old = self.seq[pos - 1]
        if cid == "delete":
            self.seq = self.seq[:pos - 1] + self.seq[pos:]
            said = message("{player} deleted the {base} at position {position}: every codon after it shifts (the "
                           "strand now reads {strand}).", player=_player_name(p), base=old, position=pos,
                           strand=self.seq) if self.seq else \
                message("{player} deleted the {base} at position {position}: every codon after it shifts (the "
                        "strand now reads nothing).", player=_player_name(p), base=old, position=pos)
            return [Event("delete", p, said,
                          ("deletion", "frameshift"), {"position": pos, "base": old})]
        return self._mutate(p, cid, pos, MUTATIONS[cid][old])

    def _do_base(self, action: Action) -> list[Event]:
        p = self.turn_player
        top = self.pending.pop()
        if top.kind == "choose-base":
            self.pending.append(Pending(p, "gap", pending_prompt("gap", base=action.base),
                                        {"card": "insert", "base": action.base}))
            return []
        self._pay(p, "mutate")
        return self._mutate(p, "mutate", top.data["position"], action.base)

    def _do_gap(self, action: Action) -> list[Event]:
        p = self.turn_player
        top = self.pending.pop()
        base, i = top.data["base"], action.index
        self.seq = self.seq[:i] + base + self.seq[i:]
        return [Event("insert", p, message("{player} inserted {base} as position {position}: the codons after it shift "
                                           "(the strand now reads {strand}).", player=_player_name(p), base=base,
                                           position=i + 1, strand=self.seq),
                      ("insertion", "frameshift"), {"position": i + 1, "base": base})]

    # -- helpers -------------------------------------------------------------------------------

    def _mutate(self, p: int, cid: str, pos: int, new: str) -> list[Event]:
        old = self.seq[pos - 1]
        self.seq = self.seq[:pos - 1] + new + self.seq[pos:]
        kind = mutation_kind(old, new)
        family = {"transition": (lazy_gettext("purine to purine") if old in PURINES else
                                 lazy_gettext("pyrimidine to pyrimidine")),
                  "transversion": (lazy_gettext("purine to pyrimidine") if old in PURINES else
                                   lazy_gettext("pyrimidine to purine"))}
        # A·T pairs are weak (two hydrogen bonds), G·C pairs strong (three): C↔G stays strong.
        pairs = (lazy_gettext("weak to weak") if old in WEAK and new in WEAK else
                 lazy_gettext("strong to strong") if old not in WEAK and new not in WEAK else
                 lazy_gettext("weak to strong") if old in WEAK else lazy_gettext("strong to weak"))
        # A changed codon can change the amino acid, and one amino acid can change a protein's shape.
        concepts = tuple(dict.fromkeys(CONCEPTS_OF_MUTATION[cid] + (kind, "purine-pyrimidine", "weak-strong-pairs",
                                                                    "amino-acid-change")))
        said = message("{player} changed {old} to {new} at position {position} (a transition: {family}, {pairs} "
                       "pairing).", player=_player_name(p), old=old, new=new, position=pos, family=family[kind],
                       pairs=pairs) if kind == "transition" else \
            message("{player} changed {old} to {new} at position {position} (a transversion: {family}, {pairs} "
                    "pairing).", player=_player_name(p), old=old, new=new, position=pos, family=family[kind],
                    pairs=pairs)
        return [Event("mutate", p, said, concepts,
                      {"card": cid, "position": pos, "old": old, "new": new, "kind": kind})]

    def _pay(self, p: int, cid: str) -> None:
        card, hand = ACTION_CARDS[cid], self.hands[p]
        if card.use > self.points or hand.usable(cid) <= 0:
            raise IllegalAction(message("You cannot pay for {card} now.", card=_card(cid)))
        self.points -= card.use
        hand.used[cid] = hand.used.get(cid, 0) + 1

    def _roll(self, die: tuple[str, ...]) -> str:
        self.last_roll = self.rng.choice(die)
        return self.last_roll

    def _end_turn(self) -> list[Event]:
        p = self.turn_player
        hand = self.hands[p]
        hand.bought.clear()
        hand.used.clear()
        nxt = (p + 1) % self.num_players
        if nxt == self.first_player:
            self.round += 1
            if self.round > MAX_ROUNDS:
                self.finished = True
                return [self._game_over(message("The {rounds}-round limit is reached.", rounds=MAX_ROUNDS))]
        self.turn_player, self.points = nxt, POINTS_PER_TURN
        events = [Event("turn", nxt, message("{player}'s turn: {points} action points.", player=_player_name(nxt),
                                             points=POINTS_PER_TURN), (), {})]
        added = ""
        while len(self.seq) < FILL_TO:
            added += self._roll(WHITE_DIE)
            self.seq += added[-1]
        if added:
            events.append(Event("fill", nxt, message("The strand was short, so {bases} was rolled and added at the 3′ "
                                                     "end.", bases=added),
                                ("five-to-three-direction", "nucleotide"), {"bases": added}))
        return events

    def _at_bell(self, again: bool) -> list[Event]:
        """docs/rules-decisions.md › Translation › The bell: the game ends at once, scored as it stands
        (the rulebook's own end, the last amino acid translated, comes in the middle of a round)."""
        self.finished, self.pending = True, []
        return []

    def _game_over(self, reason: Message) -> Event:
        scores = self.scores()
        best = max(scores)
        winners = [_player_name(p) for p, s in enumerate(scores) if s == best]
        said = message("{reason} {player} wins with {points} points.", reason=reason, player=winners[0], points=best) \
            if len(winners) == 1 else \
            message("{reason} {players} win with {points} points.", reason=reason, players=reduce(_and, winners), points=best)
        return Event("game-over", None, said, (), {"scores": scores})

    moves = {
        "translate": Move(_translate_options, _check_translate, _do_translate),
        "play": Move(_play_options, _check_play, _do_play),
        "buy": Move(_buy_options, _check_buy, _do_buy),
        "rest": Move(_rest_options, _check_rest, _do_rest, when_stuck=True),
        "target": Move(_target_options, _check_target, _do_target),
        "base": Move(_base_options, _check_base, _do_base),
        "gap": Move(_gap_options, _check_gap, _do_gap),
        "cancel": Move(_cancel_options, _check_cancel, _do_cancel),
    }
