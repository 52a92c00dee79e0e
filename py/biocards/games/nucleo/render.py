"""NUCLEO's table as SVG (pure: a view in, a string out; clickable things carry ``data-action``).

Top to bottom: the shared board (coin pool, dice, piles, the four parts of a turn), the amino acid
supply, the prompt with the offer on the table (what each side gives), then one row per player.
Amino acid cards are coloured by side-chain chemistry (Okabe–Ito, colour-blind safe) and always
show their one-letter code and three-letter name, so colour is never the only signal.

Three layouts (issue 12), each drawn at its own width so text keeps its size instead of shrinking:
``wide`` (1280 units, a laptop), ``medium`` (600, a tablet either way or a laptop at 200% zoom) and
``narrow`` (360, a phone). In the two smaller ones every region wraps onto more rows, your own hand
comes first among the seats, the other players are one-paragraph summaries, and the region holding
the moves you can make now (the supply, your hand, the other players) sits right under the prompt.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from html import escape
from typing import Any

from ...core import Action
from ...i18n import N_, _, ngettext, pgettext
from ...svg import LAYOUTS, Drawing, Flow, text_width, wrap
from .cards import ACTION_CARDS, AMINO_CARDS, AMINO_NAMES, CODONS, FIXED_TRADE, PROTEINS
from .rules import MAX_OFFERS_PER_TURN, and_list, item_label, items_text

__all__ = ["describe", "prompt", "render"]

INK, MUTED = "#1d2433", "#4a5263"
# Side-chain classes: hydrophobic, polar, acidic (−), basic (+).
CLASSES = {
    N_("hydrophobic"): ("GAVLIMFWP", "#F0E442", INK),
    N_("polar"): ("STCNQY", "#56B4E9", INK),
    N_("acidic (−)"): ("DE", "#D55E00", "#fff"),
    N_("basic (+)"): ("KRH", "#0072B2", "#fff"),
}
THREE = {"A": "Ala", "R": "Arg", "N": "Asn", "D": "Asp", "C": "Cys", "Q": "Gln", "E": "Glu", "G": "Gly",
         "H": "His", "I": "Ile", "L": "Leu", "K": "Lys", "M": "Met", "F": "Phe", "P": "Pro", "S": "Ser",
         "T": "Thr", "W": "Trp", "Y": "Tyr", "V": "Val"}
ORDER = tuple(AMINO_NAMES)
# Names in these tables are English (N_ marks them for the catalog) and shown with _().
PARTS = (("1", N_("Free amino acid")), ("2", N_("Roll the die")), ("3", N_("Negotiate, trade")),
         ("4", N_("Build proteins")))
PART_OF_PHASE = {"roll": 1, "trade": 2, "build": 3}
FACES = {"one": N_("1 amino acid"), "two": N_("2 amino acids"), "action": N_("an action card"),
         "protein": N_("a protein card")}
SHORT_EFFECT = {
    "transfer-rna": N_("take any amino acid"), "recycling": N_("return a protein card"),
    "catalyst": N_("+1 coin on a build"), "modification": N_("+2 coins, 10+ long"),
    "gene-duplication": N_("build, keep the card"),
}
BOOST_CHIP = {"catalyst": N_("Catalyst"), "modification": N_("Modification"), "gene-duplication": N_("Duplicate")}
OFFER_KINDS = ("offer-give", "offer-ask", "offer", "counter-chance")

MARGIN = 10
"""Space between the table's edge and its regions, in every layout."""
SUPPLY_TILE = {"wide": (60, 63), "medium": (54, 58), "narrow": (53, 57)}
"""(width, step) of a supply card: 20 in one row (wide), two rows of 10, four rows of 6 (narrow)."""
PROTEINS_PER_ROW = {"wide": 5, "medium": 2, "narrow": 1}
"""Protein cards a row: five beside the row labels (wide), two, one (narrow)."""


def _colours(code: str) -> tuple[str, str]:
    for letters, fill, ink in CLASSES.values():
        if code in letters:
            return fill, ink
    raise ValueError(f"not an amino acid code: {code!r}")


def _player(p: int) -> str:
    return _("Player {n}").format(n=p + 1)


def _you(view, p: int) -> str:
    """A player's name, "(you)" after it for the viewer."""
    return _("{player} (you)").format(player=_player(p)) if p == view["viewer"] else _player(p)


def _protein_name(name: str) -> str:
    """A protein card's name in the current language (a name that is no card stays as it is)."""
    return _(name) if name in PROTEINS else name


def _words(s: str) -> list[str]:
    """The words assistive technology matches a visible label by (as axe-core's
    label-content-name-mismatch does): no bracketed asides, letters and digits only, lower case."""
    s = unicodedata.normalize("NFKD", s)
    while True:
        shorter = re.sub(r"\([^()]*\)", "", s)
        if shorter == s:
            break
        s = shorter
    return re.sub(r"[^\w]|_", " ", s).lower().split()


def accessible_name(shown: list[str], purpose: str) -> str:
    """A clickable thing's name: the words it shows first (so a student using speech input can say
    what they see), then what touching it does, unless those words already begin ``purpose``."""
    # Marks such as ✓ and ▶ and a closing colon are left out; they carry no word to say.
    visible = ", ".join(re.sub(r"^[^\w(]+|[\s:;,]+$", "", s) for s in shown if _words(s))
    if not visible:
        return purpose
    if _words(purpose)[:len(_words(visible))] == _words(visible):
        return purpose
    return f"{visible}: {purpose}" if purpose else visible


class _Table(Drawing):
    """The shared SVG writer at one layout's width. A clickable group is named after the words drawn
    inside it (:func:`accessible_name`), so its name always starts with what it shows."""

    def __init__(self, legal, layout: str) -> None:
        super().__init__(legal)
        self.layout, self.width = layout, LAYOUTS[layout]
        self.wide = layout == "wide"
        # Touch targets: 44 units where a finger is likely (medium, narrow), 32 with a mouse (wide).
        self.target = 32 if self.wide else 44
        self.right = self.width - MARGIN
        self._shown: list[list[str]] = []  # the words drawn so far in each open clickable group

    def text(self, x: float, y: float, s: object, size: int = 14, **style: Any) -> None:
        super().text(x, y, s, size, **style)
        # A space between texts, or a reader runs "S" and "Ser" of one card together into "SSer".
        self.add(" ")
        for shown in self._shown:
            shown.append(str(s))

    def letters(self, cells: list[tuple[float, str, str]], y: float, size: int) -> None:
        """Letters in a row as ONE text (a sequence reads as a word, not letter by letter):
        (x centre, letter, colour) each."""
        spans = "".join(f'<tspan x="{x:.0f}" fill="{fill}">{escape(a)}</tspan>' for x, a, fill in cells)
        self.add(f'<text y="{y:.0f}" font-size="{size}" text-anchor="middle" font-weight="bold">{spans}</text> ')
        for shown in self._shown:
            shown.append("".join(a for _, a, _ in cells))

    def group(self, action: Action | None = None, *, ident: str | None = None, label: str | None = None,
              purpose: str | None = None, detail: str | None = None):
        """As :meth:`Drawing.group`; a clickable one gets an ``aria-label`` made of the words drawn in
        it and ``purpose`` (what touching it does; the move's own label by default). ``detail`` is
        the card's biology for the page's "Read a card" panel."""
        if action is None:  # the shared writer's group itself: most groups are not moves
            return super().group(None, ident=ident, label=label, detail=detail)
        return self._move_group(action, ident, purpose, detail)

    @contextmanager
    def _move_group(self, action: Action, ident: str | None, purpose: str | None,
                    detail: str | None) -> Iterator[None]:
        start = len(self.parts)
        self._shown.append([])
        with super().group(action, ident=ident, detail=detail):
            yield
        name = accessible_name(self._shown.pop(), str(action.label) if purpose is None else purpose)
        self.parts[start] = self.parts[start][:-1] + f' aria-label="{escape(name)}">'

    def lines(self, x: float, y: float, s: str, size: int = 14, *, width: float | None = None, step: int = 0,
              **style: Any) -> float:
        """``s`` wrapped to ``width`` (to the right margin by default), first baseline at ``y``;
        returns the last baseline."""
        step = step or size + 5
        wrapped = wrap(s, (width if width is not None else self.right - x), size, style.get("weight") == "bold")
        for i, line in enumerate(wrapped):
            self.text(x, y + i * step, line, size, **style)
        return y + (len(wrapped) - 1) * step


# -- the whole table ---------------------------------------------------------------------------------


def render(view: dict[str, Any], *, legal=(), layout: str = "wide") -> str:
    """The table for ``view`` at ``layout``'s width (``wide``, ``medium`` or ``narrow``).

    Wide: header, board, supply, the prompt and any offer, then one row per player. Medium and
    narrow: header, board, the prompt and offer, then your own seat, the other players' summaries and
    the supply, the regions holding a move you can make now first."""
    d = _Table(legal, layout)
    y = _header(d, view)
    y = _board(d, view, y + 10)
    if d.wide:
        y = _supply(d, view, y + 8)
        y = _panel(d, view, y + 10) + 10
        for p in range(view["players"]):
            y = _seat(d, view, p, y) + 6
        return d.svg(d.width, int(y), title="NUCLEO", desc=describe(view))
    y = _panel(d, view, y + 10) + 10
    viewer = view["viewer"]
    # Your hand first, the others' summaries, then the supply; a region with a move for you now leads.
    moves = {"own": ("give", "build", "trade-in", "recycle", "play"), "others": ("offer-to",), "supply": ("take",)}
    regions = sorted(moves, key=lambda region: not any(d.find(kind) for kind in moves[region]))
    for region in regions:
        if region == "supply":
            y = _supply(d, view, y + 4) + 10
        elif region == "own" and viewer is not None:
            y = _seat(d, view, viewer, y) + 6
        elif region == "others":
            for p in range(view["players"]):
                if p != viewer:
                    y = _seat(d, view, p, y) + 6
    return d.svg(d.width, int(y), title="NUCLEO", desc=describe(view))


def describe(view: dict[str, Any]) -> str:
    """The table in words (the SVG's ``<desc>``): enough to play from with a screen reader."""
    turn = view["turn_player"]
    parts = [_("Round {round} of {rounds}.").format(round=view["round"], rounds=view["max_rounds"])]
    if view["over"]:
        parts.append(_("Game over. {reason}").format(reason=view["end_reason"]))
    else:
        part = PART_OF_PHASE[view["phase"]]
        parts.append(_("{player}'s turn, part {part}: {name}.").format(player=_player(turn), part=part + 1,
                                                                       name=_(PARTS[part][1]).lower()))
    pending = view["pending"]
    if pending is not None:
        parts.append(_("Waiting for {player}: {prompt}").format(player=_player(pending["player"]),
                                                                prompt=pending["prompt"]))
        if pending["kind"] in OFFER_KINDS:
            author, target = _sides(pending)
            if pending["kind"] == "offer":
                state = _("Offer on the table")
            elif pending["kind"] == "counter-chance":
                state = _("Offer turned down by {player}").format(player=_player(target))
            else:
                state = _("Offer being written")
            parts.append(_("{state}: {author} gives {give}; {target} gives {ask}.").format(
                state=state, author=_player(author), give=items_text(pending.get("give") or []),
                target=_player(target), ask=items_text(pending.get("ask") or [])))
            if pending.get("reply_to"):
                parts.append(_("It answers the offer of {give} for {ask}.").format(
                    give=items_text(pending["reply_to"]["give"]), ask=items_text(pending["reply_to"]["ask"])))
    elif view["current"] is not None:
        parts.append(_("{player} to move.").format(player=_player(view["current"])))
    roll = view["last_roll"]
    # A name looked up first, then translated: a literal inside _() would be taken for a message.
    if "d6" in roll and view["phase"] != "roll":
        face = FACES[roll["d6"]]
        parts.append(_("Six-sided die: {face}.").format(face=_(face)))
    if "d20" in roll:
        amino = AMINO_NAMES[roll["d20"]]
        parts.append(_("Twenty-sided die: {amino}.").format(amino=_(amino)))
    else:
        parts.append(_d20_idle(view) + ".")
    parts.append(ngettext("Coin pool {pool}. Protein pile {n} cards.", "Coin pool {pool}. Protein pile {n} cards.",
                          view["pile_size"]).format(pool=view["pool"], n=view["pile_size"]))
    parts.append(ngettext("Action deck {n} cards.", "Action deck {n} cards.",
                          view["action_deck_size"]).format(n=view["action_deck_size"]))
    if _negotiating(view):
        parts.append(_offers_left(view) + ".")
    supply = ", ".join(f"{_(AMINO_NAMES[a])} {n}" for a, n in view["supply"].items())
    parts.append(_("Amino acid supply: {supply}.").format(supply=supply))
    for q, hand in enumerate(view["hands"]):
        head = _("{player}: {coins}").format(player=_you(view, q), coins=_coins(view["coins"][q]))
        if view["scores"][q] is not None:
            head = _("{player}, score {score}").format(player=head, score=view["scores"][q])
        if hand["amino"] is None:
            parts.append(_("{player}, {amino} amino acid cards, {proteins} protein cards, {actions} action cards.")
                         .format(player=head, amino=hand["amino_count"], proteins=hand["protein_count"],
                                 actions=hand["action_count"]))
            continue
        amino = ", ".join(f"{_(AMINO_NAMES[a])} ({a}) ×{n}" for a, n in _ordered(hand["amino"])) \
            or pgettext("amino acids", "none")
        parts.append(head + ".")
        parts.append(_("Amino acids: {amino}.").format(amino=amino))
        for protein in hand["proteins"]:
            need = _missing(protein["sequence"], hand["amino"])
            fields = {"name": _protein_name(protein["name"]), "sequence": protein["sequence"],
                      "coins": _coins(protein["value"])}
            parts.append(_("Protein card {name}, {sequence}, {coins}: still needs {need}.").format(
                need=_need_text(need), **fields) if need else
                _("Protein card {name}, {sequence}, {coins}: you hold every amino acid.").format(**fields))
        if not hand["proteins"]:
            parts.append(_("No protein cards."))
        actions = ", ".join(_(ACTION_CARDS[c].title) for c in hand["actions"]) or _("none")
        parts.append(_("Action cards: {actions}.").format(actions=actions))
    return " ".join(parts)


# -- helpers -----------------------------------------------------------------------------------------


def _d20_idle(view) -> str:
    """Why the twenty-sided die shows no amino acid. The rules forget its result when the six-sided die
    is rolled, so an empty d20 means that roll (an action or protein card) did not call for it."""
    d6 = view["last_roll"].get("d6")
    if d6 is not None and view["phase"] != "roll":
        return _("Twenty-sided die: not rolled since the six-sided die, which showed {face}").format(face=_(FACES[d6]))
    return _("Twenty-sided die: not rolled this turn")


def _negotiating(view) -> bool:
    """The offers-left count means something only while the turn is in part 3 (negotiate and trade)."""
    return not view["over"] and view["phase"] == "trade"


def _offers_left(view) -> str:
    return _("Trade offers left this turn: {left} of {most}").format(left=view["offers_left"],
                                                                      most=MAX_OFFERS_PER_TURN)


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def _ordered(amino: dict[str, int]) -> list[tuple[str, int]]:
    return [(a, amino[a]) for a in ORDER if amino.get(a)]


def _missing(sequence: str, amino: dict[str, int]) -> Counter:
    need = Counter(sequence)
    return Counter({a: n - amino.get(a, 0) for a, n in need.items() if n > amino.get(a, 0)})


def _need_text(need: Counter) -> str:
    return ", ".join(f"{a} ×{n}" if n > 1 else a for a, n in sorted(need.items(), key=lambda kv: ORDER.index(kv[0])))


def _holds(view, p: int, items) -> bool:
    """Whether the viewer ``p`` holds every card and coin in ``items`` (repeats counted)."""
    hand = view["hands"][p]
    for item, n in Counter(items).items():
        kind, what = item.partition(":")[::2]
        held = (view["coins"][p] if item == "coin" else (hand["amino"] or {}).get(what, 0) if kind == "aa"
                else [c["name"] for c in hand["proteins"] or []].count(what))
        if held < n:
            return False
    return True


def _sides(pending: dict[str, Any]) -> tuple[int, int]:
    """(author, target) of an offer being written or waiting for an answer."""
    if pending["kind"] == "offer":
        return pending["from"], pending["player"]
    if pending["kind"] == "counter-chance":  # the offer as it was made, before it was turned down
        return pending["from"], pending["to"]
    return pending["player"], pending["to"]



def _button(d: _Table, action: Action | None, x: float, y: float, w: float, h: float, label: str, *,
            ident: str | None = None, fill: str = "#fff", size: int = 13) -> None:
    with d.group(action, ident=ident):
        d.rect(x, y, w, h, fill, stroke="#000" if action else "#999", width=2 if action else 1, rx=5)
        d.text(x + w / 2, y + h / 2 + size * 0.36, label, size, anchor="middle", weight="bold",
               fill=INK if action or fill != "#fff" else MUTED)


def amino_detail(code: str) -> str:
    """An amino acid card's biology for "Read a card": its name and the codons that code for it."""
    n = CODONS[code]
    return ngettext("{amino} ({code}): an amino acid that {n} of the genetic code's 61 sense codons code for; the "
                    "game has {cards} of its cards (3 plus one per codon).",
                    "{amino} ({code}): an amino acid that {n} of the genetic code's 61 sense codons code for; the "
                    "game has {cards} of its cards (3 plus one per codon).", n).format(
        amino=_(AMINO_NAMES[code]), code=code, n=n, cards=AMINO_CARDS[code])


def protein_detail(name: str) -> str:
    """A protein card's biology for "Read a card": sequence, length, what it does and its source."""
    card = PROTEINS[name]
    text = _("{name} ({sequence}, {length} amino acids, N- to C-terminus): {role}. Worth {value} coins. Source: "
             "{source}.").format(name=_(name), sequence=card.sequence, length=len(card.sequence), role=_(card.role),
                                 value=card.value, source=card.source)
    return text + (f" {_(card.note)}" if card.note else "")


def _amino_tile(d: _Table, x: float, y: float, w: float, h: float, code: str, bottom: str, *,
                action: Action | None = None, ident: str | None = None, faded: bool = False) -> None:
    """An amino acid card: letter, three-letter name and a bottom line (a count)."""
    fill, ink = _colours(code)
    with d.group(action, ident=ident, label=None if action else f"{_(AMINO_NAMES[code])} ({code}), {bottom}",
                 detail=amino_detail(code)):
        d.rect(x, y, w, h, "#eee" if faded else fill, stroke="#000" if action else "#555",
               width=3 if action else 1, rx=5)
        ink = MUTED if faded else ink
        big = 20 if h >= 56 else 16
        d.text(x + w / 2, y + big + 2, code, big, anchor="middle", weight="bold", fill=ink)
        d.text(x + w / 2, y + big + 17, THREE[code], 14, anchor="middle", fill=ink)
        if bottom:
            d.text(x + w / 2, y + h - 5, bottom, 14, anchor="middle", weight="bold", fill=ink)


# -- board -------------------------------------------------------------------------------------------


def _header(d: _Table, view) -> float:
    """The dark title bar: round, whose turn and which part; one line wide, wrapped otherwise."""
    round_ = _("Round {round} of {rounds}").format(round=view["round"], rounds=view["max_rounds"])
    if view["over"]:
        pieces = [round_, _("Game over")]
    else:
        part = PART_OF_PHASE[view["phase"]]
        pieces = [round_, _("{player}'s turn").format(player=_player(view["turn_player"])),
                  _("Part {part}: {name}").format(part=part + 1, name=_(PARTS[part][1]).lower())]
        if view["current"] is not None and view["current"] != view["turn_player"]:
            pieces.append(_("{player} to answer").format(player=_player(view["current"])))
    you = _("You are {player}").format(player=_player(view["viewer"])) if view["viewer"] is not None else ""
    if d.wide:
        d.rect(0, 0, d.width, 34, "#2b2b2b", rx=0, stroke="none")
        d.text(12, 23, " · ".join(pieces), 16, weight="bold", fill="#fff")
        if you:
            d.text(d.width - 12, 23, you, 14, anchor="end", fill="#fff")
        return 34
    lines: list[str] = []
    for piece in pieces + ([you] if you else []):
        if lines and text_width(lines[-1] + " · " + piece, 16, True) <= d.width - 24:
            lines[-1] += " · " + piece
        else:
            lines.append(piece)
    height = 12 + 22 * len(lines)
    d.rect(0, 0, d.width, height, "#2b2b2b", rx=0, stroke="none")
    for i, line in enumerate(lines):
        d.text(12, 25 + 22 * i, line, 16, weight="bold", fill="#fff")
    return height


def _board_card(d: _Table, x: float, y: float, w: int, lines: list[tuple[str, int, str]], *, action=None,
                ident=None, fill="#fff", ink=INK, label=None) -> None:
    with d.group(action, ident=ident, label=label):
        d.rect(x, y, w, 112, fill, stroke="#000" if action else "#555", width=3 if action else 1)
        top = y + 4
        for s, size, weight in lines:
            top += size + 10
            d.text(x + w / 2, top, s, size, anchor="middle", weight=weight, fill=ink)


def _board(d: _Table, view, top: float) -> float:
    """Coin pool, dice, protein pile and action deck; then the four parts of a turn and the trade
    lines. Returns the bottom edge."""
    flow = Flow(MARGIN + 2, top, d.right, gap=8 if d.layout != "narrow" else 6)
    pool = view["pool"]
    x, y = flow.place(104, 112)
    _board_card(d, x, y, 104, [(_("Coin pool"), 13, "bold"), (str(pool), 30, "bold"),
                               (_("game ends at 0"), 12, "normal")], ident="pool", fill="#F0E442",
                label=_("Coin pool: {coins}; the game ends when it is empty").format(coins=_coins(pool)))
    roll = d.find("roll")
    roll_data = view["last_roll"]
    die = pgettext("on the die's card", "Six-sided die")  # a short name fits the card
    if roll is not None:
        lines = [(die, 13, "bold"), ("⚄", 30, "bold"), (_("click to roll"), 12, "bold")]
    elif "d6" in roll_data and view["phase"] != "roll":
        face = FACES[roll_data["d6"]]
        face = _(face)
        lines = [(die, 13, "bold"), (_("rolled:"), 12, "normal")] + \
                [(w, 13, "bold") for w in face.split(" ", 1)]
    else:
        lines = [(die, 13, "bold"), (_("not rolled"), 12, "normal"), (_("yet"), 12, "normal")]
    x, y = flow.place(118, 112)
    state = " ".join(s for s, _size, _weight in lines[1:])
    _board_card(d, x, y, 118, lines, action=roll, ident="d6",
                label=None if roll else _("Six-sided die: {state}").format(state=state))
    x, y = flow.place(104, 112)
    if "d20" in roll_data:
        code = roll_data["d20"]
        fill, ink = _colours(code)
        _board_card(d, x, y, 104, [(_("Twenty-sided"), 12, "bold"), (code, 26, "bold"), (THREE[code], 12, "normal")],
                    ident="d20", fill=fill, ink=ink,
                    label=_("Twenty-sided die: {amino} ({code})").format(amino=_(AMINO_NAMES[code]), code=code))
    else:
        _board_card(d, x, y, 104, [(_("Twenty-sided"), 12, "bold"), ("–", 26, "bold"),
                                   (_("not needed"), 12, "normal"), (_("for this roll"), 12, "normal")],
                    ident="d20", label=_d20_idle(view))
    # After a protein roll you may keep your cards and just take the top one: the pile is that move.
    take_top = d.find("trade-in", protein="")
    x, y = flow.place(104, 112)
    pile = view["pile_size"]
    _board_card(d, x, y, 104, [(_("Protein pile"), 13, "bold"), (str(pile), 30, "bold"),
                               (_("take the top") if take_top else ngettext("cards", "cards", pile), 12,
                                "bold" if take_top else "normal")],
                action=take_top, ident="pile", fill="#555", ink="#fff",
                label=None if take_top else ngettext("Protein pile: {n} cards", "Protein pile: {n} cards",
                                                     pile).format(n=pile))
    x, y = flow.place(104, 112)
    deck, discarded = view["action_deck_size"], len(view["action_discards"])
    _board_card(d, x, y, 104, [(_("Action deck"), 13, "bold"), (str(deck), 30, "bold"),
                               (ngettext("{n} discarded", "{n} discarded", discarded).format(n=discarded), 12,
                                "normal")], ident="action-deck",
                fill="#CC79A7", label=ngettext("Action deck: {n} cards", "Action deck: {n} cards", deck).format(n=deck))
    # The four parts of a turn (docs/rules-decisions.md › NUCLEO), the current one marked with a thick border and "now".
    current = None if view["over"] else PART_OF_PHASE[view["phase"]]
    if d.wide:
        left, box_w, box_h, per_row = 590, 164, 58, 4
        names = [[f"{number}. {_(name)}"] for number, name in PARTS]
    else:
        flow.newline()
        left, per_row = MARGIN + 2, 4 if d.layout == "medium" else 2
        box_w = (d.right - left - 8 * (per_row - 1)) / per_row
        # Short words on a wide box: wrapped a little less cautiously than text_width's estimate.
        names = [wrap(f"{number}. {_(name)}", (box_w - 16) * 1.15, 14, True) for number, name in PARTS]
        box_h = 34 + 19 * max(len(n) for n in names)
    for i, (number, name) in enumerate(PARTS):
        row, col = divmod(i, per_row)
        x, y = left + col * (box_w + 8), (top if d.wide else flow.y) + row * (box_h + 8)
        now = i == current
        label = _("Part {part}: {name} (now)") if now else _("Part {part}: {name}")
        with d.group(ident=f"part-{number}", label=label.format(part=number, name=_(name))):
            d.rect(x, y, box_w, box_h, "#e8f1fa" if now else "#fff", stroke="#0072B2" if now else "#aaa",
                   width=4 if now else 1)
            for k, line in enumerate(names[i]):
                d.text(x + 10, y + 24 + 19 * k, line, 14, weight="bold", fill=INK if now else MUTED)
            mark = "▶ " + pgettext("part of a turn", "now") if now else \
                pgettext("part of a turn", "done") if current and i < current else ""
            d.text(x + 10, y + box_h - 12, mark, 13, weight="bold", fill="#0072B2")
    y = top + 58 if d.wide else flow.y + (box_h + 8) * (4 // per_row) - 8
    notes = []
    if _negotiating(view):
        notes.append((_offers_left(view), INK))
    notes.append((_("Fixed trade: {n} random amino acid cards → one of your choice or a new protein card").format(
        n=FIXED_TRADE), MUTED))
    if d.wide:
        if len(notes) == 2:
            d.text(590, top + 82, notes[0][0], 13)
        d.text(590, top + 104, notes[-1][0], 13, fill=MUTED)
        return top + 112
    for note, fill in notes:
        y = d.lines(MARGIN + 2, y + 20, note, 14, fill=fill)
    return y + 6


def _supply(d: _Table, view, top: float) -> float:
    """The amino acid supply: a card per amino acid with how many are left; returns the bottom edge."""
    title = _("Amino acid supply (cards left)")
    d.text(MARGIN + 2, top + 14, title, 14, weight="bold")
    # The colour key: beside the title (wide) or under it.
    legend = Flow(560 if d.wide else MARGIN + 2, top + (0 if d.wide else 24), d.right, gap=14)
    for key, (_letters, fill, _ink) in CLASSES.items():
        name = _(key)
        x, y = legend.place(22 + text_width(name, 13), 18)
        d.rect(x, y + 1, 16, 16, fill, rx=3)
        d.text(x + 22, y + 14, name, 13)
    tile_w, step = SUPPLY_TILE[d.layout]
    flow = Flow(MARGIN, legend.bottom + 8, d.right + 4, gap=step - tile_w)
    for code, left in view["supply"].items():
        x, y = flow.place(tile_w, 62)
        _amino_tile(d, x, y, tile_w, 62, code, ngettext("{n} left", "{n} left", left).format(n=left),
                    action=d.find("take", amino=code),
                    ident=f"supply-{code}", faded=not left)
    return flow.bottom


def prompt(view: dict[str, Any], *, legal=()) -> str | None:
    """One sentence for the prompt bar: what the player to move must do now (the result once over)."""
    pending = view["pending"]
    if pending is not None:
        text = _("{player}: {prompt}").format(player=_player(pending["player"]), prompt=pending["prompt"])
        if pending["kind"] == "offer-give":
            text += "  " + _("Click cards or coins in your hand to add them.")
        elif pending["kind"] == "offer-target":
            text += "  " + _("Click “Offer a trade” in that player's row.")
    elif view["over"]:
        scores = view["scores"]
        best = max(scores)
        tied = [_player(q) for q, s in enumerate(scores) if s == best]
        fields = {"reason": view["end_reason"], "winners": and_list(tied),
                  "scores": ", ".join(f"{_player(q)} {s}" for q, s in enumerate(scores))}
        text = (_("Game over. {reason} {winners} share the win. Scores: {scores}.") if len(tied) > 1 else
                _("Game over. {reason} {winners} wins. Scores: {scores}.")).format(**fields)
    elif view["phase"] == "roll":
        text = _("{player}: roll the six-sided die.").format(player=_player(view["turn_player"]))
    elif view["phase"] == "trade":
        text = _("{player}: negotiate and trade (offer a trade, the fixed trade, a trade card), then go on to "
                 "building.").format(player=_player(view["turn_player"]))
    else:
        text = _("{player}: build the proteins you hold every amino acid for, then end your turn.").format(
            player=_player(view["turn_player"]))
    return text



# -- the prompt and the offer on the table -----------------------------------------------------------


def _panel(d: _Table, view, top: float) -> float:
    """The prompt, and under it the offer (both sides) while one is written or answered. Returns the
    bottom edge."""
    pending = view["pending"]
    lines = wrap(prompt(view) or "", d.width - 2 * MARGIN - 24, 14, True)
    d.rect(MARGIN, top, d.width - 2 * MARGIN, 16 + 20 * len(lines), "#fffbe6", stroke="#999")
    for i, line in enumerate(lines):
        d.text(MARGIN + 12, top + 25 + 20 * i, line, 14, weight="bold")
    y = top + 16 + 20 * len(lines)
    if pending is None or pending["kind"] not in OFFER_KINDS:
        return _bar_moves(d, y)
    y += 8
    author, target = _sides(pending)
    you = view["viewer"]
    if pending["kind"] == "offer":
        status = _("waiting for an answer")
    elif pending["kind"] == "counter-chance":
        status = _("turned down by {player}").format(player=_player(target))
    else:
        status = _("writing an offer (not sent yet)")
    counter = _("Counter-offer") if pending.get("counter") else _("Offer")
    # Side by side in wide and medium, the ⇄ between them; one above the other on a phone.
    beside = d.layout != "narrow"
    gap = 24 if beside else 0
    box_w = (d.width - 2 * MARGIN - gap) / 2 if beside else d.width - 2 * MARGIN
    sides = ((author, pending.get("give") or []), (target, pending.get("ask") or []))
    heights = [_offer_side(d, view, side, giver, items, 0, 0, box_w, status, counter, dry=True)
               for side, (giver, items) in enumerate(sides)]
    for side, (giver, items) in enumerate(sides):
        if beside:
            x, top_y, h = MARGIN + side * (box_w + gap), y, max(heights)
        else:
            x, top_y, h = MARGIN, y + side * (heights[0] + 26), heights[side]
        _offer_side(d, view, side, giver, items, x, top_y, box_w, status, counter, height=h)
    if beside:
        d.text(d.width / 2, y + max(heights) / 2 + 7, "⇄", 20, anchor="middle", weight="bold")
        y += max(heights)
    else:
        d.text(d.width / 2, y + heights[0] + 19, _("⇅ in exchange for"), 14, anchor="middle", weight="bold")
        y += heights[0] + 26 + heights[1]
    if pending["kind"] == "offer" and pending["player"] == you and d.legal and d.find("accept") is None:
        why = _("you do not hold all they ask for") if not _holds(view, you, pending["ask"]) else \
            _("{player} no longer holds all of it").format(player=_player(pending["from"]))
        refusal = _("You cannot accept: {why}. Decline or make a counter-offer.").format(why=why)
        y = d.lines(MARGIN + 12, y + 20, refusal, 13, weight="bold", fill="#a33f00") + 4
    if pending.get("reply_to"):
        reply = pending["reply_to"]
        y = d.lines(MARGIN + 12, y + 20, _("In reply to {player}'s offer: {give} for {ask}.").format(
            player=_player(target), give=items_text(reply["give"]), ask=items_text(reply["ask"])), 13, fill=MUTED) + 4
    y = _bar_moves(d, y)
    asks = [a for a in d.legal if a.kind == "ask"]
    if asks:
        y = _ask_palette(d, asks, y + 8)
    return y


BAR_KINDS = ("propose", "fixed-trade", "to-build", "end-turn", "done-giving", "send", "accept", "decline", "counter",
             "pass")
"""Moves with no card or seat of their own. On a laptop the page lists them under the table; on a
tablet or phone the table is tall, so they are drawn here, under the prompt, where the student looks.
(Cancel always sits beside the page's prompt.)"""


def _bar_moves(d: _Table, y: float) -> float:
    """In medium and narrow, a labelled button for each move without a card of its own; returns the
    bottom edge."""
    moves = [a for a in d.legal if a.kind in BAR_KINDS]
    if not moves:
        return y
    flow = Flow(MARGIN + 2, y + 8, d.right - 2)
    for action in moves:
        lines = wrap(str(action.label), d.right - MARGIN - 30, 14, True)
        w = max(d.target, min(text_width(max(lines, key=len), 14, True) + 24, d.right - MARGIN - 4))
        h = max(d.target, 16 + 19 * len(lines))
        x, by = flow.place(w, h)
        ident = f"bar-{action.kind}" + (f"-{action.get('receive')}" if action.get("receive") else "")
        with d.group(action, ident=ident):
            d.rect(x, by, w, h, "#fff", stroke="#000", width=2, rx=6)
            for i, line in enumerate(lines):
                d.text(x + w / 2, by + h / 2 + 5 + 19 * (i - (len(lines) - 1) / 2), line, 14, anchor="middle",
                       weight="bold")
    return flow.bottom


def _offer_side(d: _Table, view, side: int, giver: int, items: list[str], x: float, y: float, w: float,
                status: str, counter: str, *, height: float = 0, dry: bool = False) -> float:
    """One side of an offer: who gives and the cards or coins; returns its height. ``dry`` only
    measures (nothing is drawn), so both sides can be drawn as tall as the taller one."""
    pending = view["pending"]
    writing = pending["kind"] == ("offer-give", "offer-ask")[side]
    gives = _("{player} gives").format(player=_you(view, giver))
    head = gives + (f" · {status}" if side == 0 else "")
    if side == 0 and not d.wide:  # no room for the kind of offer at the right: it leads the status
        head = f"{gives} · {counter.lower()}, {status}"
    head_lines = wrap(head, w - 24 - (90 if d.wide and side == 0 else 0), 13, True)
    chips = Flow(x + 12, y + 10 + 19 * len(head_lines), x + w - 12)
    places = [chips.place(_item_width(item), 48) for item in items] or [chips.place(100, 24)]
    h = max(height, chips.bottom - y + 12)
    if dry:
        return h
    with d.group(ident=f"offer-{('give', 'ask')[side]}",
                 label=_("{player} gives {items}").format(player=_player(giver), items=items_text(items))):
        d.rect(x, y, w, h, "#fff", stroke="#0072B2" if writing else "#555", width=3 if writing else 1)
        for i, line in enumerate(head_lines):
            d.text(x + 12, y + 20 + 19 * i, line, 13, weight="bold")
        if side == 0 and d.wide:
            d.text(x + w - 12, y + 20, counter, 13, anchor="end", fill=MUTED)
        if not items:
            d.text(places[0][0], places[0][1] + 18, _("nothing yet") if writing else _("nothing"), 14, fill=MUTED)
        for k, (item, (cx, cy)) in enumerate(zip(items, places)):
            _item_chip(d, item, cx, cy, f"offer-{side}-{k}")
    return h


def _chip_name(item: str) -> str:
    """What a coin's or protein card's chip says in large letters."""
    return _("1 coin") if item == "coin" else _protein_name(item.partition(":")[2])


def _item_width(item: str) -> float:
    if item.startswith("aa:"):
        return 46
    return max(text_width(_chip_name(item), 13, True), text_width(_("protein card"), 12)) + 20


def _item_chip(d: _Table, item: str, x: float, y: float, ident: str) -> None:
    """One card or coin on a side of an offer."""
    kind, what = item.partition(":")[::2]
    if kind == "aa":
        _amino_tile(d, x, y, 46, 48, what, "", ident=ident)
        return
    w = _item_width(item)
    with d.group(ident=ident, label=str(item_label(item))):
        d.rect(x, y, w, 48, "#F0E442" if item == "coin" else "#555", stroke="#333")
        d.text(x + w / 2, y + 22, _chip_name(item), 13, anchor="middle", weight="bold",
               fill=INK if item == "coin" else "#fff")
        d.text(x + w / 2, y + 40, _("coin") if item == "coin" else _("protein card"), 12, anchor="middle",
               fill=INK if item == "coin" else "#fff")


def _ask_palette(d: _Table, asks: list[Action], y: float) -> float:
    """Everything the author may ask for, one chip each (the other hand is hidden, so any card)."""
    d.text(MARGIN + 12, y + 22, _("Ask for:"), 14, weight="bold")
    h = 34 if d.wide else 48
    flow = Flow(90 if d.wide else MARGIN + 12, y if d.wide else y + 32, d.right - 2, gap=5)
    for action in asks:
        item = action.item
        kind, what = item.partition(":")[::2]
        w = (46 if d.wide else 50) if kind == "aa" else max(h, text_width(_chip_name(item), 13, True) + 16)
        x, cy = flow.place(w, h)
        if kind == "aa":
            fill, ink = _colours(what)
            with d.group(action, ident=f"ask-{what}"):
                d.rect(x, cy, w, h, fill, stroke="#000", width=2, rx=5)
                d.text(x + w / 2, cy + h / 2 - 2, what, 14, anchor="middle", weight="bold", fill=ink)
                d.text(x + w / 2, cy + h / 2 + 13, THREE[what], 12, anchor="middle", fill=ink)
        else:
            coin = item == "coin"
            with d.group(action, ident="ask-coin" if coin else f"ask-protein-{what}"):
                d.rect(x, cy, w, h, "#F0E442" if coin else "#555", stroke="#000", width=2, rx=5)
                d.text(x + w / 2, cy + h / 2 + 5, _chip_name(item), 13, anchor="middle", weight="bold",
                       fill=INK if coin else "#fff")
    return flow.bottom + 4


# -- players ------------------------------------------------------------------------------------------


def _seat(d: _Table, view, p: int, y: float) -> float:
    """One player's seat (their whole hand if it is yours, counts otherwise); returns its bottom edge."""
    hand = view["hands"][p]
    if hand["amino"] is None:
        return _other_seat(d, view, p, y)
    current = view["current"] == p
    start = len(d.parts)  # the frame goes under everything, once its height is known
    title = _seat_title(view, p)
    t = d.target
    # Wide: a label column on the left, the cards from x=120. Otherwise: a heading over each row.
    x0 = 120 if d.wide else 16
    head = Flow(16, y + 8, d.right - 6)
    x, hy = head.place(text_width(title, 15, True), t)
    d.text(x, hy + t / 2 + 5, title, 15, weight="bold")
    coin_action = d.find("give", item="coin")
    coins = view["coins"][p]
    x, hy = head.place(100, t)
    with d.group(coin_action, ident=f"coins-{p}", label=None if coin_action else f"{_coins(coins)}"):
        d.rect(x, hy, 100, t, "#F0E442", stroke="#000" if coin_action else "#555",
               width=3 if coin_action else 1, rx=t / 2)
        d.text(x + 50, hy + t / 2 + 5, _coins(coins), 14, anchor="middle", weight="bold")
    top = head.bottom + 8
    if view["scores"][p] is not None:
        score = _("Final score") if view["over"] else _("Score now")
        text = _("{score}: {points} (coins minus the protein cards still in hand)").format(score=score,
                                                                                          points=view["scores"][p])
        if d.wide:
            d.text(head.x + 8, hy + t / 2 + 5, text, 13, fill=MUTED)
        else:
            top = d.lines(16, top + 12, text, 13, fill=MUTED) + 10
    # Amino acid cards, one tile per kind with its count.
    n = hand["amino_count"]
    top = _row_heading(d, top, _("Amino acids"), ngettext("{n} cards", "{n} cards", n).format(n=n))
    flow = Flow(x0, top, d.right - 6, gap=3 if d.wide else 4)
    for code, n in _ordered(hand["amino"]):
        x, ty = flow.place(54, 58)
        _amino_tile(d, x, ty, 54, 58, code, f"×{n}", action=d.find("give", item=f"aa:{code}"),
                    ident=f"hand-{p}-{code}")
    if not hand["amino"]:
        d.text(x0, top + 34 if d.wide else top + 14, pgettext("amino acids", "none"), 14, fill=MUTED)
        flow.place(40, 40 if d.wide else 20)
    # Protein cards.
    n = hand["protein_count"]
    top = _row_heading(d, max(flow.bottom, top + (58 if d.wide else 0)) + 8, _("Protein cards"),
                       ngettext("{n} in hand", "{n} in hand", n).format(n=n), _("(lost at the end if unbuilt)"))
    flow = Flow(x0, top, d.right - 6)
    if not hand["proteins"]:
        d.text(x0, top + 34 if d.wide else top + 14, _("none"), 14, fill=MUTED)
        flow.place(40, 80 if d.wide else 20)
    per_row = PROTEINS_PER_ROW[d.layout]
    w = 222 if d.wide else (d.right - 6 - x0 - 8 * (per_row - 1)) // per_row
    for i, protein in enumerate(hand["proteins"]):
        h = _protein_card(d, protein, hand["amino"], p, i, 0, 0, w, dry=True)
        x, cy = flow.place(w, h)
        _protein_card(d, protein, hand["amino"], p, i, x, cy, w)
    # Action cards kept for later.
    top = _row_heading(d, flow.bottom + 8, _("Action cards"), "")
    flow = Flow(x0, top, d.right - 6)
    for i, cid in enumerate(hand["actions"]):
        card = ACTION_CARDS[cid]
        label = f"{_(card.title)}: {_(SHORT_EFFECT[cid])}" if cid in SHORT_EFFECT else _(card.title)
        w = min(text_width(label, 13, True) + 20, d.right - 6 - x0)
        lines = wrap(label, w - 16, 13, True)  # a long card name takes two lines on a phone
        h = max(t, 12 + 17 * len(lines))
        x, cy = flow.place(w, h)
        action = d.find("play", card=cid) if cid not in hand["actions"][:i] else None
        with d.group(action, ident=f"action-{p}-{i}", label=None if action else f"{_(card.title)}: {_(card.text)}"):
            d.rect(x, cy, w, h, "#CC79A7", stroke="#000" if action else "#555", width=3 if action else 1)
            for k, line in enumerate(lines):
                d.text(x + w / 2, cy + h / 2 + 5 + 17 * (k - (len(lines) - 1) / 2), line, 13, anchor="middle",
                       weight="bold")
    if not hand["actions"]:
        d.text(x0, top + 20 if d.wide else top + 14, _("none"), 14, fill=MUTED)
        flow.place(40, 24 if d.wide else 20)
    bottom = flow.bottom + 10
    d.parts.insert(start, f'<rect x="6" y="{y:.0f}" width="{d.width - 12}" height="{bottom - y:.0f}" rx="6" '
                          f'fill="{"#eef6ff" if current else "#fff"}" stroke="{"#0072B2" if current else "#bbb"}" '
                          f'stroke-width="{3 if current else 1}"/>')
    return bottom


def _row_heading(d: _Table, top: float, title: str, count: str, note: str = "") -> float:
    """A row's name: in the left column (wide; returns ``top``) or on a line of its own above the row
    (returns where the row's cards start)."""
    if d.wide:
        d.text(16, top + 24, title, 14, weight="bold")
        if count:
            d.text(16, top + 42, count, 13, fill=MUTED)
        for i, line in enumerate(wrap(note, 96, 12)):
            d.text(16, top + 58 + 14 * i, line, 12, fill=MUTED)
        return top
    d.text(16, top + 16, title, 14, weight="bold")
    rest = " · ".join(s for s in (count, note) if s)
    if rest:
        d.lines(24 + text_width(title, 14, True), top + 16, rest, 13, fill=MUTED)
    return top + 16 + 19 * (len(wrap(rest, d.right - 30 - text_width(title, 14, True), 13)) - 1) + 10


def _seat_title(view, p: int) -> str:
    mark = "▶ " if view["current"] == p else ""
    turn = ""
    if view["turn_player"] == p and not view["over"]:
        turn = " · " + (_("your turn") if view["viewer"] == p else _("their turn"))
    return f"{mark}{_you(view, p)}{turn}"


def _protein_card(d: _Table, protein: dict[str, Any], amino: dict[str, int], p: int, i: int, x: float, y: float,
                  w: float, *, dry: bool = False) -> float:
    """A protein card: name, value, its sequence N→C (held letters filled), what is still missing, and
    the move it takes part in (build, trade in, recycle or put in an offer); a boosted build's buttons
    under it. Returns its height (``dry``: only that)."""
    name, seq = protein["name"], protein["sequence"]
    action = None
    for kind, params in (("build", {"protein": name, "boost": "none"}), ("trade-in", {"protein": name}),
                         ("recycle", {"protein": name}), ("give", {"item": f"protein:{name}"})):
        action = action or d.find(kind, **params)
    boosts = [a for a in d.legal if a.kind == "build" and a.protein == name and a.boost != "none"]
    need = _missing(seq, amino)
    need_lines = wrap(_("Still need: {need}").format(need=_need_text(need)), w - 16, 13) if need else \
        [_("✓ every amino acid in hand")]
    # A boosted build plays an action card with it: buttons of their own along the card's foot.
    chips = Flow(x + 8, 0, x + w - 8, gap=6)
    spots = [chips.place(text_width(_(BOOST_CHIP[b.boost]), 13, True) + 16, d.target) for b in boosts]
    foot = chips.bottom + 6 if boosts else 0
    h = 70 + 17 * len(need_lines) + foot
    if dry:
        return h
    highlight = " ".join(f"hand-{p}-{a}" for a in dict.fromkeys(seq) if amino.get(a))
    d.add(f'<g data-highlight="{highlight}">' if highlight else "<g>")
    with d.group(action, ident=f"protein-{p}-{i}",
                 label=None if action else f"{_protein_name(name)}, {seq}, {_coins(protein['value'])}",
                 detail=protein_detail(name)):
        d.rect(x, y, w, h, "#fff", stroke="#000" if action else "#555", width=3 if action else 1)
        d.text(x + 8, y + 18, _protein_name(name), 14, weight="bold")
        d.text(x + w - 8, y + 18, _coins(protein["value"]), 13, anchor="end", weight="bold", fill="#8a6d00")
        box = min(18, (w - 16) // len(seq))
        held = Counter()
        cells = []
        for k, a in enumerate(seq):
            held[a] += 1
            have = amino.get(a, 0) >= held[a]
            fill, ink = _colours(a) if have else ("#fff", MUTED)
            bx = x + 8 + k * box
            d.rect(bx, y + 26, box - 1, 20, fill, stroke="#555" if have else "#999", rx=2)
            cells.append((bx + (box - 1) / 2, a, ink))
        d.letters(cells, y + 41, 14 if box >= 15 else 12)
        for k, line in enumerate(need_lines):
            if need:
                d.text(x + 8, y + 63 + 17 * k, line, 13, fill=INK)
            else:
                d.text(x + 8, y + 63, line, 13, weight="bold", fill="#006e4f")
        hints = {"build": N_("click to build"), "trade-in": N_("click to trade in"), "recycle": N_("click to recycle"),
                 "give": N_("click to offer it")}
        kind = action.kind if action else ""
        hint = _(hints[kind]) if kind in hints else _("{n} amino acids, N→C").format(n=len(seq))
        if boosts:
            hint = _("{hint} or with:").format(hint=hint) if action else _("build with:")
        d.text(x + 8, y + 63 + 17 * len(need_lines), hint, 13, fill=MUTED if not action else INK,
               weight="bold" if action else "normal")
    d.add("</g>")
    for boost, (bx, by) in zip(boosts, spots):
        label = _(BOOST_CHIP[boost.boost])
        _button(d, boost, bx, y + h - foot + by, text_width(label, 13, True) + 16, d.target, label,
                ident=f"build-{p}-{i}-{boost.boost}")
    return h


def _other_seat(d: _Table, view, p: int, y: float) -> float:
    """Another player's seat: coins and card counts only (their hand is hidden), with a button to make
    them the target of a trade offer when that is the choice. Returns its bottom edge."""
    hand = view["hands"][p]
    current = view["current"] == p
    action = d.find("offer-to", seat=p)
    start = len(d.parts)
    coins, amino, proteins, actions = view["coins"][p], hand["amino_count"], hand["protein_count"], hand["action_count"]
    # The English says "1 coins" beside a box holding 1; a language with plurals says it its way.
    counts = ((ngettext("coins", "coins", coins), coins, "#F0E442", INK),
              (ngettext("amino acid cards", "amino acid cards", amino), amino, "#ddd", INK),
              (ngettext("protein cards", "protein cards", proteins), proteins, "#555", "#fff"),
              (ngettext("action cards", "action cards", actions), actions, "#CC79A7", INK))
    score = _("Score: {score}").format(score=view["scores"][p]) if view["scores"][p] is not None else ""
    button = _("Offer a trade to {player}").format(player=_player(p))
    bw = text_width(button, 14, True) + 24
    if d.wide:
        d.text(16, y + 31, _seat_title(view, p), 15, weight="bold")
        x = 330
        for label, n, fill, ink in counts:
            d.rect(x, y + 10, 34, 32, fill, stroke="#555", rx=4)
            d.text(x + 17, y + 31, n, 14, anchor="middle", weight="bold", fill=ink)
            d.text(x + 42, y + 31, label, 14)
            x += 52 + text_width(label, 14) + 16
        right = d.width - 20
        if action is not None:
            _button(d, action, right - bw, y + 10, bw, d.target, button, ident=f"seat-{p}", size=14)
            right -= bw + 16
        if score:
            d.text(right, y + 31, score, 15, anchor="end", weight="bold")
        bottom = y + 52
    else:
        title = _seat_title(view, p) + (f" · {score}" if score else "")
        last = d.lines(16, y + 24, title, 15, weight="bold")
        summary = " · ".join(f"{n} {label}" for label, n, _, _ in counts)
        last = d.lines(16, last + 21, summary, 14)
        bottom = last + 12
        if action is not None:
            _button(d, action, 16, bottom, min(bw, d.width - 44), d.target, button, ident=f"seat-{p}", size=14)
            bottom += d.target + 10
    d.parts.insert(start, f'<rect x="6" y="{y:.0f}" width="{d.width - 12}" height="{bottom - y:.0f}" rx="6" '
                          f'fill="{"#eef6ff" if current else "#fff"}" '
                          f'stroke="{"#000" if action else "#0072B2" if current else "#bbb"}" '
                          f'stroke-width="{3 if action or current else 1}"/>')
    return bottom
