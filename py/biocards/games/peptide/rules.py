"""Peptide's rules: draft organelles (Phase 1), resolve them to gather RNA and ATP and to link
amino acids into a peptide chain (Phase 2), until one round after the STOP codon appears.

Plain lists and dicts; every multi-step choice (draw two keep one, what to discard) is a
:class:`Pending` on a stack, so ``legal_actions()`` always lists the answers to the top one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core import Action, Deck, Event, GameState, Move, Pending, Rng, first_seat, seats_from
from ...i18n import N_, Message, _, lazy_gettext, message
from .cards import (AMINO_CARDS, AMINO_IN_SENTENCE, ATP_TOKENS, BONUS_STACK, ENERGY_MAX, ENERGY_START, ORGANELLE_ORDER,
                    ORGANELLES, ORGANELLES_PER_TYPE, ORGANELLES_REMOVED, RNA_LETTERS, RNA_MAX, RNA_NAMES,
                    RNA_PER_LETTER, RNA_START, START_ATP, START_CODON, STOP, STOP_CODON)

MAX_ROUNDS = 30
"""Cap (docs/rules-decisions.md › All games: a game must end): if nobody ever draws the STOP codon, round 30 is the last."""

ATP_COSTS = {"reset-rna": 1, "reset-organelles": 2, "select-twice": 3}

TWO_PLAYER_STOP_DEPTH = 8
"""Our two-player setup (option ``two_player_stop``, record version 2): the STOP card goes in at
random among the 9th to 12th cards from the bottom of the amino acid deck rather than the last
four. Two players draw about 14 amino acids in 30 rounds, so the printed depth left the STOP
unreached in every two-player game (issue 13); from here they reach it."""


SHORT_STOP_DEPTH = 12
"""The short format (option ``short``; docs/rules-decisions.md › Formats), at every player count: the
STOP card goes in at random among the 13th to 16th cards from the bottom of the amino acid deck (5 to
8 cards above it), so fewer amino acids are charged before it and the game ends in fewer rounds."""


def stop_depth(players: int, options) -> int:
    """How many cards lie below the lowest place the STOP card may be put at setup."""
    if options.get("short"):
        return SHORT_STOP_DEPTH
    return TWO_PLAYER_STOP_DEPTH if players == 2 and options.get("two_player_stop", False) else 0


# -- hand scoring ----------------------------------------------------------------------------------

def rna_counts(letters) -> tuple[int, int, int, int]:
    """Counts of A, G, C, U in ``letters``."""
    return tuple(letters.count(b) if isinstance(letters, str) else list(letters).count(b)
                 for b in RNA_LETTERS)


def best_matches(codes, counts) -> int:
    """The most amino acids in ``codes`` that can be matched at once, each RNA card used once."""
    wanted: dict[str, int] = {}
    for code in codes:
        wanted[code] = wanted.get(code, 0) + 1
    needs = tuple(sorted((rna_counts(AMINO_CARDS[c].codon), n) for c, n in wanted.items()))
    return _best(needs, 0, tuple(counts))


@lru_cache(maxsize=65536)
def _best(needs: tuple, i: int, have: tuple) -> int:
    # A small exact search (an assignment problem in which each amino acid needs three RNA cards):
    # try every count of the i-th kind, so the answer is the best assignment, not the draw order.
    if i == len(needs):
        return 0
    need, n = needs[i]
    best = 0
    left = list(have)
    for k in range(n + 1):
        if k:
            left = [h - q for h, q in zip(left, need)]
            if min(left) < 0:
                break
        best = max(best, k + _best(needs, i + 1, tuple(left)))
    return best


def hand_points(aminos, rna) -> int:
    """End-of-game points for amino acids in hand: +1 each matched, −1 each unmatched (best assignment)."""
    codes = list(aminos)
    matched = best_matches(codes, rna_counts("".join(rna)))
    return matched - (len(codes) - matched)


@lru_cache(maxsize=4096)
def _cached_action(kind: str, label: str | Message, params: tuple) -> Action:
    return Action(kind, label=label, **dict(params))


def _act(kind: str, /, *, label: str | Message = "", **params: Any) -> Action:
    # Building an Action sorts and hashes its parameters; the same few hundred recur all game long.
    return _cached_action(kind, label, tuple(params.items()))


_BIOLOGY = {
    "nucleus": N_("in the nucleus a gene's DNA is transcribed into messenger RNA, which uses uracil (U) "
                  "where DNA has thymine (T)."),
    "vacuole": N_("a vacuole stores water, ions and nutrients for the cell. In a real cell neither ATP nor RNA is "
                  "stockpiled: mRNA leaves the nucleus and is translated for minutes to hours before it is broken "
                  "down, and ATP leaves the mitochondria and each molecule is spent and remade about once every "
                  "one to three minutes."),
    "synthetase": N_("an aminoacyl-tRNA synthetase uses ATP to load an amino acid onto its own tRNA."),
    "ribosome": N_("the ribosome reads mRNA one codon at a time and joins amino acids with peptide bonds."),
}
"""One sentence of biology for each organelle whose resolution is a choice (shown in the log)."""

_RNA_CONCEPTS = ("nucleus", "transcription", "mrna", "rna")
"""What an RNA card joining a hand is about."""

PROMPTS = {
    "nucleus": N_("Nucleus: take a face-up RNA card, or draw two and keep one."),
    "vacuole": N_("Vacuole: collect RNA and ATP, or raise a Vacuole limit."),
    "synthetase": N_("Amino-Acyl Synthetase: pay 2 ATP, draw two Amino Acids, keep one."),
    "ribosome": N_("Ribosome: link an amino acid, or make your leftmost one permanent."),
    "nucleus-keep": N_("Keep one of the two RNA cards."),
    "amino-keep": N_("Keep one Amino Acid card; the other goes back on top."),
    "discard": N_("Discard down to your Vacuole limits."),
}
"""What each open choice asks, by its kind (a render shows it with ``_``, in the reader's language)."""


def player_name(p: int) -> Message:
    """A seat's name in the log, the prompts and the refusals: "Player 1" (seat 0)."""
    return message("Player {n}", n=p + 1)


def _organelle(org: str) -> Message:
    return lazy_gettext(ORGANELLES[org].name)


def _amino(code: str) -> Message:
    return lazy_gettext(AMINO_CARDS[code].name)


def _base(letter: str) -> Message:
    return lazy_gettext(RNA_NAMES[letter])


def _pending(p: int, kind: str, data: dict | None = None) -> Pending:
    return Pending(p, kind, lazy_gettext(PROMPTS[kind]), data or {})


@lru_cache(maxsize=32)
def _pick_label(org: str, facedown: bool) -> Message:
    if facedown:
        return message("Select {organelle} face down (1 ATP in Phase 2)", organelle=_organelle(org))
    return message("Select {organelle} ({does})", organelle=_organelle(org), does=lazy_gettext(ORGANELLES[org].does))


@lru_cache(maxsize=32)
def _resolve_label(org: str, facedown: bool) -> Message:
    if facedown:
        return message("Resolve face-down {organelle} for 1 ATP", organelle=_organelle(org))
    return message("Resolve {organelle}: {does}", organelle=_organelle(org), does=lazy_gettext(ORGANELLES[org].does))


# Labels are made once per card and kept: legal_actions() lists the same ones all game long.
@lru_cache(maxsize=None)
def _take_label(letter: str) -> Message:
    return message("Take the face-up {base} ({letter})", base=_base(letter), letter=letter)


@lru_cache(maxsize=None)
def _keep_label(key: str, x: str) -> Message:
    if key == "letter":
        return message("Keep {base} ({letter})", base=_base(x), letter=x)
    return message("Keep {amino} ({code})", amino=_amino(x), code=x)


@lru_cache(maxsize=None)
def _link_label(code: str) -> Message:
    return message("Pay 1 ATP: link {amino} with RNA {codon}", amino=_amino(code), codon=AMINO_CARDS[code].codon)


@lru_cache(maxsize=None)
def _permanent_label(code: str) -> Message:
    return message("Pay 1 ATP: make {amino} permanent", amino=_amino(code))


@lru_cache(maxsize=None)
def _discard_label(item: str) -> Message:
    if item == "ATP":
        return message("Discard 1 ATP")
    return message("Discard 1 {base} ({letter})", base=_base(item), letter=item)


@lru_cache(maxsize=None)
def _skip_label(org: str) -> Message:
    return message("Do nothing with the {organelle}", organelle=_organelle(org))


_TAKE_FIRST_PLAYER = message("Take the First Player card")
_RESET_ORGANELLES = message("Pay 2 ATP: deal a new Organelle field")
_SELECT_TWICE = message("Pay 3 ATP: make both selections now")
_END_TURN = message("End your turn")
_RESET_RNA = message("Pay 1 ATP: replace the two face-up RNA cards")
_RNA_DRAW2 = message("Draw 2 RNA cards from the deck and keep 1")
_SYNTHESIZE = message("Pay 2 ATP: draw 2 Amino Acid cards, keep 1")


def _half_up(value: int) -> int:
    return (value + 1) // 2


# -- the state -------------------------------------------------------------------------------------

class PeptideState(GameState):
    """A Peptide position."""

    def __init__(self, players: int, seed: int, options) -> None:
        super().__init__(players, seed, options)
        self.advanced = bool(self.options.get("advanced", False))
        rng = self.rng
        organelles = [o for o in ORGANELLE_ORDER for _ in range(ORGANELLES_PER_TYPE)]
        rng.shuffle(organelles)
        removed = ORGANELLES_REMOVED[players]
        self.org_box = sorted(organelles[:removed])
        self.org_deck: Deck[str] = Deck(organelles[removed:])
        aminos = list(AMINO_CARDS)
        rng.shuffle(aminos)
        # The STOP card goes somewhere in the bottom four (the list's top is its end), or eight
        # places higher in the two-player setup; the same draw either way.
        self.stop_depth = stop_depth(players, self.options)
        aminos.insert(self.stop_depth + rng.randbelow(4), STOP)
        self.amino_deck = aminos
        self.top_known_by: int | None = None
        rna = [b for b in RNA_LETTERS for _ in range(RNA_PER_LETTER)]
        rng.shuffle(rna)
        self.rna_deck: Deck[str] = Deck(rna)
        self.rna_up = self.rna_deck.draw_many(rng, 2)
        self.atp_supply = ATP_TOKENS - START_ATP * players
        self.bonus_stack = list(BONUS_STACK)
        self.atp = [START_ATP] * players
        self.rna = [[0, 0, 0, 0] for _ in range(players)]
        self.hand: list[list[str]] = [[] for _ in range(players)]
        self.chain: list[list[list]] = [[] for _ in range(players)]
        self.selected: list[list[list]] = [[] for _ in range(players)]
        self.bonus: list[list[int]] = [[] for _ in range(players)]
        self.track = [[ENERGY_START, RNA_START] for _ in range(players)]
        # The rulebook gives the First Player card to the youngest player: here it is drawn unless chosen.
        self.first_player = first_seat(self.options, players, seed)
        self.round = 0
        self.stop_round: int | None = None
        self.over = False
        self.pending: list[Pending] = []
        self._legal: list[Action] | None = None
        self._start_round()

    # -- turn structure --------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.round += 1
        self.phase = "select"
        self.first_taken = False
        self.picks = [0] * self.num_players
        self.double = [False] * self.num_players
        size = 6 if self.num_players == 2 else 2 * self.num_players
        self.field = self.org_deck.draw_many(self.rng, size)
        self.queue = seats_from(self.first_player, self.num_players) * 2

    def _end_selection(self) -> None:
        self.org_deck.discard(*self.field)
        self.field = []
        self.phase = "resolve"
        self.queue = seats_from(self.first_player, self.num_players)

    def _end_round(self) -> None:
        if self.advanced:
            for p in reversed(seats_from(self.first_player, self.num_players)):
                if self._over_limit(p):
                    self.pending.append(_pending(p, "discard"))
            if self.pending:
                self.phase = "discard"
                return []
        return self._finish_round()

    def _finish_round(self) -> list[Event]:
        """Start the next round, or end the game (saying in the log which rule ended it)."""
        if self.bell_rung:  # the round the bell left to play is over: the core's line says the bell ended it
            self.over, self.phase, self.queue = True, "over", []
            return []
        last = self.stop_round is not None and self.round >= self.stop_round + 1
        if last or self.round >= MAX_ROUNDS:
            self.over, self.phase, self.queue = True, "over", []
            if self.stop_round is not None:
                text = message("The last round after the STOP codon is over: the game ends and is scored.")
            else:
                text = message("Round {round} is over and nobody drew the STOP codon: the game ends at "
                               "the round cap ({cap} rounds) and is scored as usual.", round=self.round, cap=MAX_ROUNDS)
            return [Event("game-over", None, text)]
        self._start_round()
        return []

    def _at_bell(self, again: bool) -> list[Event]:
        """docs/rules-decisions.md › Peptide › The bell: the round in progress is played to its end (as
        the STOP codon's round is), so every player has selected and resolved as often as the others;
        a round nobody has selected in yet is not begun, and the game ends at once."""
        begun = self.phase != "select" or any(self.picks) or self.first_taken
        if again or not begun:
            self.over, self.phase, self.queue, self.pending = True, "over", [], []
            return []
        return [Event("bell", None, message("The bell has rung: round {round} is played to its end, so every "
                                            "player selects and resolves as often as the others, and then the "
                                            "game is scored.", round=self.round))]

    def _over_limit(self, p: int) -> bool:
        return self.atp[p] > self.track[p][0] or sum(self.rna[p]) > self.track[p][1]

    # -- contract --------------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        if self.pending:
            return self.pending[-1].player
        return self.queue[0]

    def is_terminal(self) -> bool:
        return self.over

    def _distinct_selected(self, p: int) -> list[tuple[str, bool]]:
        seen: list[tuple[str, bool]] = []
        for org, down in self.selected[p]:
            if (org, down) not in seen:
                seen.append((org, down))
        return sorted(seen, key=lambda s: (s[1], ORGANELLE_ORDER.index(s[0])))

    def _has_rna(self, p: int, codon: str) -> bool:
        need = rna_counts(codon)
        return all(h >= n for h, n in zip(self.rna[p], need))

    def _leftmost_linked(self, p: int) -> int | None:
        for i, (_code, permanent) in enumerate(self.chain[p]):
            if not permanent:
                return i
        return None

    # -- applying moves --------------------------------------------------------------------------

    def _name(self, p: int) -> Message:
        return player_name(p)

    def _do_pick(self, action: Action) -> list[Event]:
        p = self.current_player
        self.field.remove(action.organelle)
        self.selected[p].append([action.organelle, action.facedown])
        text = (message("{who} selects a card face down (it will give 1 ATP).", who=self._name(p)) if action.facedown
                else message("{who} selects {organelle}.", who=self._name(p), organelle=_organelle(action.organelle)))
        self._after_pick(p)
        concepts = ("atp",) if action.facedown else ORGANELLES[action.organelle].concepts
        return [Event("pick", p, text, concepts,
                      data={"organelle": None if action.facedown else action.organelle})]

    def _do_first_player(self, action: Action) -> list[Event]:
        p = self.current_player
        self.first_taken = True
        self.first_player = p
        self._after_pick(p)
        return [Event("first-player", p, message("{who} takes the First Player card.", who=self._name(p)))]

    def _do_resolve(self, action: Action) -> list[Event]:
        return self._resolve(self.current_player, action.organelle, action.facedown)

    def _do_end_turn(self, action: Action) -> list[Event]:
        p = self.current_player
        self.queue.pop(0)
        ended = [Event("end-turn", p, message("{who} ends their turn.", who=self._name(p)))]
        return ended + (self._end_round() if not self.queue else [])

    def _do_atp(self, action: Action) -> list[Event]:
        return self._atp_action(self.current_player, action.kind)

    def _after_pick(self, p: int) -> None:
        self.picks[p] += 1
        self.queue.pop(0)
        if self.double[p] and self.picks[p] == 1 and p in self.queue:
            # Select twice: the second selection comes now and the later turn is given up.
            self.queue.remove(p)
            self.queue.insert(0, p)
        if not self.queue:
            self._end_selection()

    def _atp_action(self, p: int, kind: str) -> list[Event]:
        cost = ATP_COSTS[kind]
        self._pay(p, cost)
        if kind == "reset-rna":
            self.rna_deck.discard(*self.rna_up)
            self.rna_up = self.rna_deck.draw_many(self.rng, 2)
            text = message("{who} pays 1 ATP to replace the face-up RNA with {letters}.", who=self._name(p),
                           letters="+".join(self.rna_up))
            return [Event("reset-rna", p, text, ("atp", "atp-adp-cycle"))]
        if kind == "reset-organelles":
            size = len(self.field)
            self.org_deck.discard(*self.field)
            self.field = self.org_deck.draw_many(self.rng, size)
            return [Event("reset-organelles", p,
                          message("{who} pays 2 ATP for a new Organelle field.", who=self._name(p)),
                          ("atp", "atp-adp-cycle"))]
        self.double[p] = True
        return [Event("select-twice", p, message("{who} pays 3 ATP to make both selections now.", who=self._name(p)),
                      ("atp", "atp-adp-cycle"))]

    def _pay(self, p: int, n: int) -> None:
        self.atp[p] -= n
        self.atp_supply += n

    def _gain_atp(self, p: int, n: int) -> int:
        got = min(n, self.atp_supply)  # finite supply: a gain larger than what is left gives the rest
        self.atp_supply -= got
        self.atp[p] += got
        return got

    def _gain_rna(self, p: int, letter: str) -> None:
        self.rna[p][RNA_LETTERS.index(letter)] += 1

    def _refill_rna_up(self) -> None:
        while len(self.rna_up) < 2 and self.rna_deck.can_draw():
            self.rna_up.append(self.rna_deck.draw(self.rng))

    def _resolve(self, p: int, org: str, facedown: bool) -> list[Event]:
        self.selected[p].remove([org, facedown])
        self.org_deck.discard(org)
        who = self._name(p)
        if facedown:
            got = self._gain_atp(p, 1)
            return [Event("resolve", p, message("{who} turns in a face-down organelle for {got} ATP.", who=who,
                                                got=got), ("atp",))]
        if org == "mitochondrion":
            got = self._gain_atp(p, 2)
            return [Event("resolve", p, message("{who}'s Mitochondrion makes {got} ATP by cellular respiration.",
                                                who=who, got=got),
                          ("mitochondrion", "atp", "cellular-respiration", "atp-adp-cycle"))]
        if org == "vacuole" and not self.advanced:
            return self._vacuole_collect(p)
        self.pending.append(_pending(p, org))
        concepts = ORGANELLES[org].concepts
        text = message("{who} resolves the {organelle}: {biology}", who=who, organelle=_organelle(org),
                       biology=lazy_gettext(_BIOLOGY[org]))
        return [Event("resolve", p, text, concepts)]

    def _vacuole_collect(self, p: int) -> list[Event]:
        letter = self.rna_deck.draw(self.rng)
        if letter is not None:
            self._gain_rna(p, letter)
        got = self._gain_atp(p, 1)
        if letter:
            text = message("{who}'s Vacuole hands over an RNA card and {got} ATP (the game's rule: in a real "
                           "cell a vacuole stores water, ions and nutrients, not ATP or RNA).",
                           who=self._name(p), got=got)
        else:
            text = message("{who}'s Vacuole hands over no RNA (none left) and {got} ATP (the game's rule: in a real "
                           "cell a vacuole stores water, ions and nutrients, not ATP or RNA).",
                           who=self._name(p), got=got)
        return [Event("vacuole", p, text, ("vacuole", "atp"))]

    def _answered(self) -> tuple[int, Pending, str]:
        """The seat answering the choice on top, the choice (taken off the stack) and the seat's name."""
        p = self.current_player
        return p, self.pending.pop(), self._name(p)

    def _do_skip(self, action: Action) -> list[Event]:
        p, top, who = self._answered()
        return [Event("skip", p, message("{who} does nothing with the {organelle}.", who=who,
                                         organelle=_organelle(top.kind)))]

    def _do_rna_take(self, action: Action) -> list[Event]:
        p, _, _ = self._answered()
        letter = self.rna_up.pop(action.index)
        self._gain_rna(p, letter)
        self._refill_rna_up()
        return [self._rna_event(p, letter)]

    def _do_rna_draw2(self, action: Action) -> list[Event]:
        p, _, who = self._answered()
        drawn = self.rna_deck.draw_many(self.rng, 2)
        if len(drawn) == 2:
            self.pending.append(_pending(p, "nucleus-keep", {"drawn": drawn}))
            return [Event("rna-draw2", p, message("{who} draws two RNA cards to choose from.", who=who),
                          ("transcription",))]
        self._gain_rna(p, drawn[0])
        return [self._rna_event(p, None)]

    def _do_keep(self, action: Action) -> list[Event]:
        p, top, who = self._answered()
        drawn = list(top.data["drawn"])
        if top.kind == "nucleus-keep":
            drawn.remove(action.letter)
            self._gain_rna(p, action.letter)
            self.rna_deck.discard(*drawn)
            # The discarded card lies face up on the discard pile; the kept one stays hidden in hand.
            text = message("{who} keeps one RNA card (hidden in hand) and discards {base} ({letter}).", who=who,
                           base=_base(drawn[0]), letter=drawn[0])
            return [Event("rna", p, text, _RNA_CONCEPTS, {"discarded": drawn[0]})]
        drawn.remove(action.code)
        self.hand[p].append(action.code)
        self.hand[p].sort()
        self.amino_deck.append(drawn[0])
        self.top_known_by = p
        return [Event("keep-amino", p, message("{who} keeps one amino acid and puts the other back on top.", who=who),
                      ("aminoacyl-trna-synthetase", "trna"))]

    def _do_vacuole(self, action: Action) -> list[Event]:
        p, _, who = self._answered()
        if action.choice == "collect":
            return self._vacuole_collect(p)
        column = 0 if action.choice == "energy" else 1
        self.track[p][column] += 1
        if column == 0:
            text = message("{who}'s Vacuole grows: they may now store {n} ATP.", who=who, n=self.track[p][column])
        else:
            text = message("{who}'s Vacuole grows: they may now store {n} RNA.", who=who, n=self.track[p][column])
        return [Event("vacuole", p, text, ("vacuole",))]

    def _do_synthesize(self, action: Action) -> list[Event]:
        p, _, _ = self._answered()
        return self._synthesize(p)

    def _do_link(self, action: Action) -> list[Event]:
        p, _, _ = self._answered()
        return self._link(p, action.code)

    def _do_permanent(self, action: Action) -> list[Event]:
        p, _, _ = self._answered()
        return self._make_permanent(p)

    def _do_discard(self, action: Action) -> list[Event]:
        p, top, who = self._answered()
        if action.item == "ATP":
            self.atp[p] -= 1
            self.atp_supply += 1
        else:
            self.rna[p][RNA_LETTERS.index(action.item)] -= 1
            self.rna_deck.discard(action.item)
        discarded = [Event("discard", p, message("{who} discards 1 {item} to fit their Vacuole.", who=who,
                                                 item=action.item), ("vacuole",))]
        if self._over_limit(p):
            self.pending.append(top)
        elif not self.pending:
            discarded += self._finish_round()
        return discarded

    def _rna_event(self, p: int, letter: str | None) -> Event:
        """An RNA card joins a hand: a face-up one taken (``letter``), or the deck's last card drawn
        (``None``: it came face down, and others must not learn it)."""
        who = self._name(p)
        if letter is None:
            return Event("rna", p, message("{who} draws the last RNA card (hidden in hand).", who=who), _RNA_CONCEPTS)
        if letter == "U":
            text = message("{who} takes a face-up RNA card: {base}. RNA uses uracil where DNA uses thymine.",
                           who=who, base=_base(letter))
            return Event("rna", p, text, _RNA_CONCEPTS + ("uracil-vs-thymine",), {"letter": letter})
        text = message("{who} takes a face-up RNA card: {base}.", who=who, base=_base(letter))
        return Event("rna", p, text, _RNA_CONCEPTS, {"letter": letter})

    def _where_stop_was(self, when: Message) -> Message:
        """The log's word on where setup hid the STOP card, when not in the printed last four."""
        if self.options.get("short"):
            return message("{when} (short game: the STOP card was hidden among cards {low} to {high} from the "
                           "bottom, not the last four)", when=when, low=self.stop_depth + 1, high=self.stop_depth + 4)
        return message("{when} (two-player setup: the STOP card was hidden among the 9th to 12th cards "
                       "from the bottom, not the last four)", when=when)

    def _synthesize(self, p: int) -> list[Event]:
        self._pay(p, 2)
        drawn = [self.amino_deck.pop() for _ in range(min(2, len(self.amino_deck)))]
        self.top_known_by = None
        events = []
        if STOP in drawn:
            drawn.remove(STOP)
            self.stop_round = self.round
            # In the capped last round there is no "one more" (issue 13: the log must say what happens).
            when = (message("this is already the last round, so the game ends with it") if self.round >= MAX_ROUNDS
                    else message("this round and one more, then the game ends"))
            if self.stop_depth:
                when = self._where_stop_was(when)
            events.append(Event("stop", p, message("{who} reveals the STOP codon ({codon}): {when}. No tRNA reads a "
                                                   "stop codon, so there the ribosome releases the finished chain.",
                                                   who=self._name(p), codon=STOP_CODON, when=when), ("stop-codon",)))
        if len(drawn) == 2:
            self.pending.append(_pending(p, "amino-keep", {"drawn": drawn}))
            events.insert(0, Event("synthesize", p, message("{who} pays 2 ATP and draws two amino acids.",
                                                            who=self._name(p)),
                                   ("aminoacyl-trna-synthetase", "trna", "atp", "atp-adp-cycle")))
        elif drawn:
            self.hand[p].append(drawn[0])
            self.hand[p].sort()
            events.insert(0, Event("synthesize", p, message("{who} pays 2 ATP and charges one amino acid.",
                                                            who=self._name(p)),
                                   ("aminoacyl-trna-synthetase", "trna", "atp", "atp-adp-cycle")))
        return events

    def _link(self, p: int, code: str) -> list[Event]:
        card = AMINO_CARDS[code]
        self._pay(p, 1)
        self.hand[p].remove(code)
        for letter in card.codon:
            self.rna[p][RNA_LETTERS.index(letter)] -= 1
        first = not self.chain[p]
        self.chain[p].append([code, False])
        fields = {"who": self._name(p), "amino": _amino(code), "spelled": "-".join(card.codon), "codon": card.codon,
                  "amino_in_sentence": lazy_gettext(AMINO_IN_SENTENCE[code])}
        concepts = ("ribosome", "codon", "trna", "anticodon", "peptide-bond", "primary-structure", "atp")
        if first:
            text = message("{who} links {amino}: its three RNA spell {spelled} (5'→3'), and in the genetic code "
                           "the codon {codon} pairs with the anticodon of the tRNA that carries {amino_in_sentence}, "
                           "so the ribosome joins {amino_in_sentence} to the chain with a peptide bond. It follows the "
                           "Methionine START card ({start}).", start=START_CODON, **fields)
            concepts += ("start-codon",)
        else:
            text = message("{who} links {amino}: its three RNA spell {spelled} (5'→3'), and in the genetic code "
                           "the codon {codon} pairs with the anticodon of the tRNA that carries {amino_in_sentence}, "
                           "so the ribosome joins {amino_in_sentence} to the chain with a peptide bond.", **fields)
        return [Event("link", p, text, concepts, {"code": code, "codon": card.codon})]

    def _make_permanent(self, p: int) -> list[Event]:
        self._pay(p, 1)
        i = self._leftmost_linked(p)
        code = self.chain[p][i][0]
        self.chain[p][i][1] = True
        self.rna_deck.discard(*AMINO_CARDS[code].codon)
        if self.bonus_stack:
            bonus = self.bonus_stack.pop(0)
            self.bonus[p].append(bonus)
            text = message("{who} makes {amino} permanent in their chain and takes the +{bonus} bonus card.",
                           who=self._name(p), amino=_amino(code), bonus=bonus)
        else:
            text = message("{who} makes {amino} permanent in their chain.", who=self._name(p), amino=_amino(code))
        return [Event("permanent", p, text, ("peptide-bond", "primary-structure"), {"code": code})]

    # -- scoring ---------------------------------------------------------------------------------

    def score_breakdown(self, player: int) -> list[tuple[str, int]]:
        permanent = sum(AMINO_CARDS[c].value for c, perm in self.chain[player] if perm)
        linked = sum(_half_up(AMINO_CARDS[c].value) for c, perm in self.chain[player] if not perm)
        matched = best_matches(self.hand[player], self.rna[player])
        unmatched = len(self.hand[player]) - matched
        # Written now, in the reader's language: a breakdown is asked for when it is shown.
        return [(_("Bonus cards"), sum(self.bonus[player])),
                (_("Permanent amino acids (full value)"), permanent),
                (_("Linked amino acids (half, rounded up)"), linked),
                (_("Matched amino acids in hand (+1 each)"), matched),
                (_("Unmatched amino acids in hand (−1 each)"), -unmatched)]

    def scores(self) -> list[int]:
        return [sum(v for _, v in self.score_breakdown(p)) for p in range(self.num_players)]

    # -- information -----------------------------------------------------------------------------

    def view(self, player: int | None) -> dict[str, Any]:
        top = self.pending[-1] if self.pending else None
        field: dict[str, int] = {}
        for org in ORGANELLE_ORDER:
            if org in self.field:
                field[org] = self.field.count(org)
        seats = []
        for p in range(self.num_players):
            mine = p == player
            seats.append({
                "atp": self.atp[p],
                "rna": dict(zip(RNA_LETTERS, self.rna[p])) if mine else None,
                "rna_count": sum(self.rna[p]),
                "hand": list(self.hand[p]) if mine else None,
                "hand_count": len(self.hand[p]),
                "chain": [[c, perm] for c, perm in self.chain[p]],
                "selected": [{"organelle": org if (mine or not down) else None, "facedown": down}
                             for org, down in self.selected[p]],
                "bonus": list(self.bonus[p]),
                "track": list(self.track[p]) if self.advanced else None,
            })
        pending = None
        if top is not None:
            pending = {"kind": top.kind, "player": top.player, "prompt": str(top.prompt),
                       "drawn": list(top.data.get("drawn", [])) if top.player == player else None}
        return {
            "game": "peptide", "viewer": player, "players": self.num_players, "advanced": self.advanced,
            "current": self.current_player, "round": self.round, "max_rounds": MAX_ROUNDS,
            "phase": self.phase, "first_player": self.first_player, "first_taken": self.first_taken,
            "stop_out": self.stop_round is not None, "stop_round": self.stop_round,
            "field": field, "organelle_deck": len(self.org_deck), "organelle_discards": len(self.org_deck.discards),
            "rna_deck": len(self.rna_deck), "rna_discards": len(self.rna_deck.discards),
            "rna_up": list(self.rna_up), "amino_deck": len(self.amino_deck),
            "amino_top": self.amino_deck[-1] if (self.top_known_by == player and player is not None
                                                  and self.amino_deck) else None,
            "atp_supply": self.atp_supply, "bonus_stack": list(self.bonus_stack),
            "seats": seats, "pending": pending, "over": self.over,
            "scores": self.scores() if self.over else None,
        }

    def __getstate__(self) -> dict[str, Any]:
        # The legal-move cache is derived data: leave it out of pickles and fingerprints.
        return {**self.__dict__, "_legal": None}

    def clone(self) -> PeptideState:
        twin = self._clone_shell()
        twin.org_box = list(self.org_box)
        twin.org_deck = self.org_deck.copy()
        twin.rna_deck = self.rna_deck.copy()
        twin.amino_deck = list(self.amino_deck)
        twin.rna_up = list(self.rna_up)
        twin.bonus_stack = list(self.bonus_stack)
        twin.atp = list(self.atp)
        twin.rna = [list(r) for r in self.rna]
        twin.hand = [list(h) for h in self.hand]
        twin.chain = [[list(link) for link in c] for c in self.chain]
        twin.selected = [[list(s) for s in sel] for sel in self.selected]
        twin.bonus = [list(b) for b in self.bonus]
        twin.track = [list(t) for t in self.track]
        twin.pending = list(self.pending)
        twin.picks = list(self.picks)
        twin.double = list(self.double)
        twin.field = list(self.field)
        twin.queue = list(self.queue)
        twin._legal = None
        return twin

    def determinized(self, player: int, seed: int) -> PeptideState:
        """Re-deal what ``player`` cannot see: deck orders, others' hands and face-down organelles."""
        twin = self.clone()
        rng = Rng(seed)
        twin.rng = Rng(Rng.derive(seed, 1).next64())
        others = [q for q in range(self.num_players) if q != player]
        # Organelles: the box, the draw pile and others' face-down selections.
        pool = list(self.org_box) + list(self.org_deck.cards)
        for q in others:
            pool += [org for org, down in self.selected[q] if down]
        pool.sort()
        rng.shuffle(pool)
        twin.org_box, pool = pool[:len(self.org_box)], pool[len(self.org_box):]
        for q in others:
            for s in twin.selected[q]:
                if s[1]:
                    s[0] = pool.pop()
        twin.org_deck.cards = pool
        # Amino acids: the deck (but a top card this seat put back) and others' hands; STOP stays low.
        deck = list(self.amino_deck)
        keep_top = deck.pop() if (self.top_known_by == player and deck) else None
        has_stop = STOP in deck
        pool = [c for c in deck if c != STOP]
        for q in others:
            pool += self.hand[q]
        pool.sort()
        rng.shuffle(pool)
        for q in others:
            n = len(self.hand[q])
            twin.hand[q] = sorted(pool[:n])
            pool = pool[n:]
        if has_stop:
            # The STOP keeps its place counted from the bottom (draws come off the top), so it is
            # still somewhere in the four places setup chose from, or as high as the deck allows.
            low = min(self.stop_depth, len(pool))
            pool.insert(low + rng.randbelow(min(4, len(pool) + 1 - low)), STOP)
        if keep_top is not None:
            pool.append(keep_top)
        twin.amino_deck = pool
        # RNA: the draw pile and others' hands (pending draws of another seat too).
        letters = list(self.rna_deck.cards)
        for q in others:
            letters += [b for b, n in zip(RNA_LETTERS, self.rna[q]) for _ in range(n)]
        letters.sort()
        rng.shuffle(letters)
        for q in others:
            n = sum(self.rna[q])
            twin.rna[q] = list(rna_counts(letters[:n]))
            letters = letters[n:]
        twin.rna_deck.cards = letters
        return twin

    # -- the moves: for each kind, its options, its rule (None or why not) and what it does ------

    def _turn_move(self, action: Action) -> Message | None:
        """A move of the turn itself waits while a choice is open."""
        if not self.pending:
            return None
        if action.kind == "reset-rna" and self.atp[self.current_player] < 1:
            return message("You need 1 ATP to replace the face-up RNA cards; you have {atp}.",
                           atp=self.atp[self.current_player])
        return message("First finish this: {prompt}", prompt=self.pending[-1].prompt)

    def _cost(self, action: Action) -> Message | None:
        cost, atp = ATP_COSTS[action.kind], self.atp[self.current_player]
        return message("You need {cost} ATP for that; you have {atp}.", cost=cost, atp=atp) if atp < cost else None

    def _selecting(self) -> bool:
        """Whether Phase 1's moves are worth asking about: no choice is open and it is Phase 1."""
        return not self.pending and self.phase == "select"

    def _pick_options(self) -> list[Action]:
        if not self._selecting():
            return []
        acts = []
        for org in ORGANELLE_ORDER:
            if org in self.field:
                acts.append(_act("pick", organelle=org, facedown=False, label=_pick_label(org, False)))
                acts.append(_act("pick", organelle=org, facedown=True, label=_pick_label(org, True)))
        return acts

    def _check_pick(self, action: Action) -> Message | None:
        """Phase 1: select an organelle of the field, face up or face down."""
        refused = self._turn_move(action)
        if refused is not None:
            return refused
        if self.phase != "select":
            return message("Organelles are selected in Phase 1; now it is Phase 2 (resolving).")
        org = ORGANELLES.get(action.get("organelle"))
        if org is None or action.get("facedown") not in (False, True):
            return message("That is not one of the game's organelle cards.")
        if action.organelle not in self.field:
            return message("There is no {organelle} card left in the Organelle field.", organelle=_organelle(org.id))
        return None

    def _phase_one(self, kind: str, label: Message) -> list[Action]:
        """The one move of ``kind``, while Phase 1's moves are worth asking about."""
        return [_act(kind, label=label)] if self._selecting() else []

    def _phase_one_paid(self, action: Action, not_now: Message) -> Message | None:
        """The rule shared by Phase 1's paid moves: no open choice, enough ATP, Phase 1 (else ``not_now``)."""
        refused = self._turn_move(action) or self._cost(action)
        if refused is None and self.phase != "select":
            return not_now
        return refused

    def _first_player_options(self) -> list[Action]:
        return self._phase_one("first-player", _TAKE_FIRST_PLAYER)

    def _check_first_player(self, action: Action) -> Message | None:
        """Once a round, in Phase 1, instead of an organelle."""
        refused = self._turn_move(action)
        if refused is not None:
            return refused
        if self.first_taken:
            return message("The First Player card has already been taken this round.")
        if self.phase != "select":
            return message("The First Player card is taken in Phase 1, instead of selecting an organelle.")
        return None

    def _reset_organelles_options(self) -> list[Action]:
        return self._phase_one("reset-organelles", _RESET_ORGANELLES)

    def _check_reset_organelles(self, action: Action) -> Message | None:
        refused = self._phase_one_paid(
            action, message("A new Organelle field can be dealt only in Phase 1 (selecting)."))
        if refused is not None:
            return refused
        if not self.field:
            return message("There is no Organelle field left to replace this round.")
        return None

    def _select_twice_options(self) -> list[Action]:
        return self._phase_one("select-twice", _SELECT_TWICE)

    def _check_select_twice(self, action: Action) -> Message | None:
        """Before your first selection of a round: make both selections now."""
        refused = self._phase_one_paid(
            action, message("Select Twice is for Phase 1 (selecting); now it is Phase 2 (resolving)."))
        if refused is not None:
            return refused
        if self.double[self.current_player]:
            return message("You already paid to make both selections now this round.")
        if self.picks[self.current_player]:
            return message("Select Twice is only for your first selection of a round, in Phase 1.")
        return None

    def _resolve_options(self) -> list[Action]:
        if self.pending or self.phase == "select":
            return []
        acts = []
        for org, down in self._distinct_selected(self.current_player):
            acts.append(_act("resolve", organelle=org, facedown=down, label=_resolve_label(org, down)))
        return acts

    def _check_resolve(self, action: Action) -> Message | None:
        """Phase 2: resolve each organelle you selected, in any order."""
        refused = self._turn_move(action)
        if refused is not None:
            return refused
        if self.phase == "select":
            return message("Organelles are resolved in Phase 2; now it is Phase 1 (selecting).")
        if [action.get("organelle"), action.get("facedown")] in self.selected[self.current_player]:
            return None
        org = ORGANELLES.get(action.get("organelle"))
        if org is None:
            name = message("that organelle")
        elif org.name[0] in "AEIOU":  # English's article: a language that needs none writes the same twice
            name = message("an {organelle}", organelle=_organelle(org.id))
        else:
            name = message("a {organelle}", organelle=_organelle(org.id))
        if action.get("facedown"):
            return message("You did not select {organelle} face down this round, or you have resolved it already.",
                           organelle=name)
        return message("You did not select {organelle} face up this round, or you have resolved it already.",
                       organelle=name)

    def _end_turn_options(self) -> list[Action]:
        if self.pending or self.phase == "select":
            return []
        return [_act("end-turn", label=_END_TURN)]

    def _check_end_turn(self, action: Action) -> Message | None:
        refused = self._turn_move(action)
        if refused is not None:
            return refused
        if self.phase == "select":
            return message("Turns end by themselves in Phase 1: select an organelle.")
        if self.selected[self.current_player]:
            return message("Resolve all the organelles you selected before ending your turn.")
        return None

    def _reset_rna_options(self) -> list[Action]:
        if self.pending:
            return []
        return [_act("reset-rna", label=_RESET_RNA)]

    def _check_reset_rna(self, action: Action) -> Message | None:
        refused = self._turn_move(action) or self._cost(action)
        if refused is None and not (self.rna_up or self.rna_deck.can_draw()):
            return message("There are no RNA cards left to deal new face-up ones from.")
        return refused

    _ANSWERS = {"nucleus": ("rna-take", "rna-draw2", "skip"), "nucleus-keep": ("keep",),
                "amino-keep": ("keep",), "vacuole": ("vacuole",), "synthetase": ("synthesize", "skip"),
                "ribosome": ("link", "permanent", "skip"), "discard": ("discard",)}
    """The moves that answer each choice an organelle (or the round's end) opens."""

    _NO_CHOICE = {
        "rna-take": N_("RNA cards are taken while you resolve a Nucleus you selected, in Phase 2."),
        "rna-draw2": N_("RNA cards are taken while you resolve a Nucleus you selected, in Phase 2."),
        "keep": N_("There is no card to keep: you keep one of two cards only after drawing them with a "
                   "Nucleus or an Amino-Acyl Synthetase."),
        "skip": N_("Doing nothing with an organelle is a choice only while you resolve one in Phase 2."),
        "vacuole": N_("That is a choice for resolving a Vacuole you selected, in Phase 2."),
        "discard": N_("Discarding is only for the end of a round of the advanced game, when you hold more "
                      "ATP or RNA than your Vacuole limits allow."),
        "link": N_("Amino acids are linked and made permanent while you resolve a Ribosome you selected."),
        "permanent": N_("Amino acids are linked and made permanent while you resolve a Ribosome you selected."),
        "synthesize": N_("Amino Acid cards are drawn while you resolve an Amino-Acyl Synthetase you selected."),
    }
    """Why an answer is refused when no choice is open."""

    _NOT_IN_PHASE_ONE = {
        "link": N_("Amino acids are linked in Phase 2, when you resolve a Ribosome you selected; now it is "
                   "Phase 1 (selecting)."),
        "permanent": N_("Amino acids are made permanent in Phase 2, when you resolve a Ribosome you selected; now "
                        "it is Phase 1 (selecting)."),
        "synthesize": N_("Amino acids are drawn in Phase 2, when you resolve an Amino-Acyl Synthetase you "
                         "selected; now it is Phase 1 (selecting)."),
    }
    """Why a Phase 2 answer is refused in Phase 1."""

    def _choice(self, action: Action) -> Pending | Message:
        """The open choice that ``action`` answers, or why it answers none."""
        if not self.pending:
            kind = action.kind
            if kind in self._NOT_IN_PHASE_ONE and self.phase == "select":
                return lazy_gettext(self._NOT_IN_PHASE_ONE[kind])
            return lazy_gettext(self._NO_CHOICE[kind])
        top = self.pending[-1]
        if action.kind not in self._ANSWERS.get(top.kind, ()):
            return message("First finish this: {prompt}", prompt=top.prompt)
        return top

    def _open(self, *kinds: str) -> Pending | None:
        top = self.pending[-1] if self.pending else None
        return top if top is not None and top.kind in kinds else None

    def _rna_take_options(self) -> list[Action]:
        if not self._open("nucleus"):
            return []
        return [_act("rna-take", index=i, label=_take_label(b)) for i, b in enumerate(self.rna_up)]

    def _check_rna_take(self, action: Action) -> Message | None:
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        if action.get("index") in range(len(self.rna_up)):
            return None
        return message("There is no face-up RNA card there: take one of those shown.")

    def _rna_draw2_options(self) -> list[Action]:
        return [_act("rna-draw2", label=_RNA_DRAW2)] if self._open("nucleus") else []

    def _check_rna_draw2(self, action: Action) -> Message | None:
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        return None if self.rna_deck.can_draw() else \
            message("The RNA deck and its discards are empty: take a face-up RNA card instead.")

    def _keep_options(self) -> list[Action]:
        top = self._open("nucleus-keep", "amino-keep")
        if top is None:
            return []
        key = "letter" if top.kind == "nucleus-keep" else "code"
        return [_act("keep", label=_keep_label(key, x), **{key: x}) for x in sorted(set(top.data["drawn"]))]

    def _check_keep(self, action: Action) -> Message | None:
        """Keep one of the two cards drawn (an RNA letter after a Nucleus, an amino acid after a Synthetase)."""
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        if action.get("letter" if top.kind == "nucleus-keep" else "code") in top.data["drawn"]:
            return None
        drawn = sorted(set(top.data["drawn"]))
        if len(drawn) == 1:
            return message("Keep one of the cards you drew: {card}.", card=drawn[0])
        return message("Keep one of the cards you drew: {card} or {other}.", card=drawn[0], other=drawn[1])

    def _vacuole_options(self) -> list[Action]:
        if not self._open("vacuole"):
            return []
        p = self.current_player
        return [_act("vacuole", choice="collect", label=message("Collect 1 RNA card and 1 ATP")),
                _act("vacuole", choice="energy", label=message("Raise your ATP limit to {n}", n=self.track[p][0] + 1)),
                _act("vacuole", choice="rna", label=message("Raise your RNA limit to {n}", n=self.track[p][1] + 1))]

    def _check_vacuole(self, action: Action) -> Message | None:
        """Collect RNA and ATP, or raise a Vacuole limit that is not at its highest."""
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        choice, track = action.get("choice"), self.track[self.current_player]
        if choice == "collect" or (choice == "energy" and track[0] < ENERGY_MAX) or \
                (choice == "rna" and track[1] < RNA_MAX):
            return None
        if choice == "energy":
            return message("Your ATP limit is already at its highest: choose another of the Vacuole's effects.")
        return message("Your RNA limit is already at its highest: choose another of the Vacuole's effects.")

    def _synthesize_options(self) -> list[Action]:
        return [_act("synthesize", label=_SYNTHESIZE)] \
            if self._open("synthetase") else []

    def _check_synthesize(self, action: Action) -> Message | None:
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        if not self.amino_deck:
            return message("The Amino Acid deck is empty: there is nothing to draw.")
        atp = self.atp[self.current_player]
        return None if atp >= 2 else message("You need 2 ATP to draw Amino Acid cards; you have {atp}.", atp=atp)

    def _link_options(self) -> list[Action]:
        if not self._open("ribosome"):
            return []
        return [_act("link", code=code, label=_link_label(code)) for code in sorted(set(self.hand[self.current_player]))]

    def _check_link(self, action: Action) -> Message | None:
        """1 ATP: link an amino acid you hold whose codon's RNA cards you hold."""
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        p = self.current_player
        if self.atp[p] < 1:
            return message("You need {cost} ATP for that; you have {atp}.", cost=1, atp=self.atp[p])
        card = AMINO_CARDS.get(action.get("code", ""))
        if card is None or card.code not in self.hand[p]:
            return message("You can link only an Amino Acid card you hold.")
        if not self._has_rna(p, card.codon):
            return message("To link {amino} you need its codon's RNA cards, {codon}, in hand (each RNA card counts "
                           "once).", amino=_amino(card.code), codon=card.codon)
        return None

    def _permanent_options(self) -> list[Action]:
        up = self._leftmost_linked(self.current_player) if self._open("ribosome") else None
        if up is None:
            return []
        code = self.chain[self.current_player][up][0]
        return [_act("permanent", label=_permanent_label(code))]

    def _check_permanent(self, action: Action) -> Message | None:
        """1 ATP: make the leftmost linked amino acid of your chain permanent."""
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        p = self.current_player
        if self.atp[p] < 1:
            return message("You need {cost} ATP for that; you have {atp}.", cost=1, atp=self.atp[p])
        if self._leftmost_linked(p) is None:
            return message("Every amino acid in your chain is already permanent: link one first.")
        return None

    def _discard_options(self) -> list[Action]:
        if not self._open("discard"):
            return []
        return [_act("discard", item=item, label=_discard_label(item)) for item in ("ATP", *RNA_LETTERS)]

    def _check_discard(self, action: Action) -> Message | None:
        """Advanced game, end of a round: discard ATP over the ATP limit, RNA over the RNA limit."""
        top = self._choice(action)
        if isinstance(top, Message):
            return top
        p, item = self.current_player, action.get("item")
        if item == "ATP" and self.atp[p] > self.track[p][0]:
            return None
        if item in RNA_LETTERS and self.rna[p][RNA_LETTERS.index(item)] and sum(self.rna[p]) > self.track[p][1]:
            return None
        return message("Discard only what is over your limits: ATP over your ATP limit, RNA over your RNA limit.")

    def _skip_options(self) -> list[Action]:
        top = self._open("nucleus", "synthetase", "ribosome")
        return [] if top is None else [_act("skip", label=_skip_label(top.kind))]

    def _check_skip(self, action: Action) -> Message | None:
        top = self._choice(action)
        return top if isinstance(top, Message) else None

    moves = {
        "pick": Move(_pick_options, _check_pick, _do_pick),
        "first-player": Move(_first_player_options, _check_first_player, _do_first_player),
        "reset-organelles": Move(_reset_organelles_options, _check_reset_organelles, _do_atp),
        "select-twice": Move(_select_twice_options, _check_select_twice, _do_atp),
        "resolve": Move(_resolve_options, _check_resolve, _do_resolve),
        "end-turn": Move(_end_turn_options, _check_end_turn, _do_end_turn),
        "rna-take": Move(_rna_take_options, _check_rna_take, _do_rna_take),
        "rna-draw2": Move(_rna_draw2_options, _check_rna_draw2, _do_rna_draw2),
        "keep": Move(_keep_options, _check_keep, _do_keep),
        "vacuole": Move(_vacuole_options, _check_vacuole, _do_vacuole),
        "synthesize": Move(_synthesize_options, _check_synthesize, _do_synthesize),
        "link": Move(_link_options, _check_link, _do_link),
        "permanent": Move(_permanent_options, _check_permanent, _do_permanent),
        "discard": Move(_discard_options, _check_discard, _do_discard),
        "skip": Move(_skip_options, _check_skip, _do_skip),
        "reset-rna": Move(_reset_rna_options, _check_reset_rna, _do_atp),
    }
