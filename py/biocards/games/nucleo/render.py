"""NUCLEO's table as SVG (pure: a view in, a string out; clickable things carry ``data-action``).

Top to bottom: the shared board (coin pool, dice, piles, the four parts of a turn), the amino acid
supply, the prompt with the offer on the table (what each side gives), then one row per player.
Amino acid cards are coloured by side-chain chemistry (Okabe–Ito, colour-blind safe) and always
show their one-letter code and three-letter name, so colour is never the only signal.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core import Action
from ...svg import Drawing
from .cards import ACTION_CARDS, AMINO_NAMES, FIXED_TRADE
from .rules import MAX_OFFERS_PER_TURN, a_card, item_label, items_text

__all__ = ["describe", "prompt", "render"]

WIDTH = 1280
INK, MUTED = "#1d2433", "#4a5263"
# Side-chain classes: hydrophobic, polar, acidic (−), basic (+).
CLASSES = {
    "hydrophobic": ("GAVLIMFWP", "#F0E442", INK),
    "polar": ("STCNQY", "#56B4E9", INK),
    "acidic (−)": ("DE", "#D55E00", "#fff"),
    "basic (+)": ("KRH", "#0072B2", "#fff"),
}
THREE = {"A": "Ala", "R": "Arg", "N": "Asn", "D": "Asp", "C": "Cys", "Q": "Gln", "E": "Glu", "G": "Gly",
         "H": "His", "I": "Ile", "L": "Leu", "K": "Lys", "M": "Met", "F": "Phe", "P": "Pro", "S": "Ser",
         "T": "Thr", "W": "Trp", "Y": "Tyr", "V": "Val"}
ORDER = tuple(AMINO_NAMES)
PARTS = (("1", "Free amino acid"), ("2", "Roll the die"), ("3", "Negotiate, trade"), ("4", "Build proteins"))
PART_OF_PHASE = {"roll": 1, "trade": 2, "build": 3}
FACES = {"one": "1 amino acid", "two": "2 amino acids", "action": "an action card", "protein": "a protein card"}
SHORT_EFFECT = {
    "transfer-rna": "take any amino acid", "recycling": "return a protein card",
    "catalyst": "+1 coin on a build", "modification": "+2 coins, 10+ long",
    "gene-duplication": "build, keep the card",
}
BOOST_CHIP = {"catalyst": "Catalyst", "modification": "Modif.", "gene-duplication": "Duplicate"}
OFFER_KINDS = ("offer-give", "offer-ask", "offer")

BOARD_TOP, SUPPLY_TOP, PANEL_TOP = 44, 184, 258
OWN_BASE, PROTEIN_ROW, OTHER_HEIGHT = 150, 94, 58
PROTEINS_PER_ROW = 5


def _colours(code: str) -> tuple[str, str]:
    for letters, fill, ink in CLASSES.values():
        if code in letters:
            return fill, ink
    raise ValueError(f"not an amino acid code: {code!r}")


def _player(p: int) -> str:
    return f"Player {p + 1}"


def _width(s: str, size: int, bold: bool = False) -> int:
    """A generous estimate of a sans-serif string's width, so text stays inside its chip."""
    return int(len(s) * size * (0.62 if bold else 0.56)) + 2


# -- the whole table ---------------------------------------------------------------------------------


def render(view: dict[str, Any], *, legal=(), layout: str = "wide") -> str:
    """The table for ``view``: board and supply on top, the prompt and any offer, one row per player.

    Only the wide layout is drawn so far: ``medium`` and ``narrow`` get the same 1280-unit table (the
    page then scales it down) until the board, supply and seats learn to reflow (issue 12)."""
    d = Drawing(legal)
    _header(d, view)
    _board(d, view)
    _supply(d, view)
    y = _panel(d, view, PANEL_TOP) + 10
    for p in range(view["players"]):
        y += _seat(d, view, p, y)
    return d.svg(WIDTH, y + 4, title="NUCLEO", desc=describe(view))


def describe(view: dict[str, Any]) -> str:
    """The table in words (the SVG's ``<desc>``): enough to play from with a screen reader."""
    turn = view["turn_player"]
    parts = [f"Round {view['round']} of {view['max_rounds']}."]
    if view["over"]:
        parts.append(f"Game over. {view['end_reason']}")
    else:
        part = PART_OF_PHASE[view["phase"]]
        parts.append(f"{_player(turn)}'s turn, part {part + 1}: {PARTS[part][1].lower()}.")
    pending = view["pending"]
    if pending is not None:
        parts.append(f"Waiting for {_player(pending['player'])}: {pending['prompt']}")
        if pending["kind"] in OFFER_KINDS:
            author, target = _sides(pending)
            state = "Offer on the table" if pending["kind"] == "offer" else "Offer being written"
            parts.append(f"{state}: {_player(author)} gives {items_text(pending.get('give') or [])}; "
                         f"{_player(target)} gives {items_text(pending.get('ask') or [])}.")
            if pending.get("reply_to"):
                parts.append(f"It answers the offer of {items_text(pending['reply_to']['give'])} for "
                             f"{items_text(pending['reply_to']['ask'])}.")
    elif view["current"] is not None:
        parts.append(f"{_player(view['current'])} to move.")
    roll = view["last_roll"]
    if "d6" in roll and view["phase"] != "roll":
        parts.append(f"Six-sided die: {FACES[roll['d6']]}.")
    if "d20" in roll:
        parts.append(f"Twenty-sided die: {AMINO_NAMES[roll['d20']]}.")
    else:
        parts.append(_d20_idle(view) + ".")
    parts.append(f"Coin pool {view['pool']}. Protein pile {view['pile_size']} cards. "
                 f"Action deck {view['action_deck_size']} cards.")
    if _negotiating(view):
        parts.append(f"Trade offers left this turn: {view['offers_left']} of {MAX_OFFERS_PER_TURN}.")
    supply = ", ".join(f"{AMINO_NAMES[a]} {n}" for a, n in view["supply"].items())
    parts.append(f"Amino acid supply: {supply}.")
    for q, hand in enumerate(view["hands"]):
        who = _player(q) + (" (you)" if q == view["viewer"] else "")
        text = f"{who}: {_coins(view['coins'][q])}"
        if view["scores"][q] is not None:
            text += f", score {view['scores'][q]}"
        if hand["amino"] is None:
            text += (f", {hand['amino_count']} amino acid cards, {hand['protein_count']} protein cards, "
                     f"{hand['action_count']} action cards.")
        else:
            amino = ", ".join(f"{AMINO_NAMES[a]} ({a}) ×{n}" for a, n in _ordered(hand["amino"])) or "none"
            text += f". Amino acids: {amino}."
            for protein in hand["proteins"]:
                need = _missing(protein["sequence"], hand["amino"])
                text += (f" Protein card {protein['name']}, {protein['sequence']}, {_coins(protein['value'])}: "
                         + (f"still needs {_need_text(need)}." if need else "you hold every amino acid.") )
            if not hand["proteins"]:
                text += " No protein cards."
            actions = ", ".join(ACTION_CARDS[c].title for c in hand["actions"]) or "none"
            text += f" Action cards: {actions}."
        parts.append(text)
    return " ".join(parts)


# -- helpers -----------------------------------------------------------------------------------------


def _d20_idle(view) -> str:
    """Why the twenty-sided die shows no amino acid. The rules forget its result when the six-sided die
    is rolled, so an empty d20 means that roll (an action or protein card) did not call for it."""
    d6 = view["last_roll"].get("d6")
    if d6 is not None and view["phase"] != "roll":
        return f"Twenty-sided die: not rolled since the six-sided die, which showed {FACES[d6]}"
    return "Twenty-sided die: not rolled this turn"


def _negotiating(view) -> bool:
    """The offers-left count means something only while the turn is in part 3 (negotiate and trade)."""
    return not view["over"] and view["phase"] == "trade"


def _coins(n: int) -> str:
    return f"{n} coin{'s' * (n != 1)}"


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
        kind, _, what = item.partition(":")
        held = (view["coins"][p] if item == "coin" else (hand["amino"] or {}).get(what, 0) if kind == "aa"
                else [c["name"] for c in hand["proteins"] or []].count(what))
        if held < n:
            return False
    return True


def _sides(pending: dict[str, Any]) -> tuple[int, int]:
    """(author, target) of an offer being written or waiting for an answer."""
    if pending["kind"] == "offer":
        return pending["from"], pending["player"]
    return pending["player"], pending["to"]


def _button(d: Drawing, action: Action | None, x: float, y: float, w: float, h: float, label: str, *,
            ident: str | None = None, fill: str = "#fff", size: int = 12) -> None:
    with d.group(action, ident=ident):
        d.rect(x, y, w, h, fill, stroke="#000" if action else "#999", width=2 if action else 1, rx=5)
        d.text(x + w / 2, y + h / 2 + size * 0.36, label, size, anchor="middle", weight="bold",
               fill=INK if action or fill != "#fff" else MUTED)


def _amino_tile(d: Drawing, x: float, y: float, w: float, h: float, code: str, bottom: str, *,
                action: Action | None = None, ident: str | None = None, faded: bool = False) -> None:
    """An amino acid card: letter, three-letter name and a bottom line (a count)."""
    fill, ink = _colours(code)
    with d.group(action, ident=ident, label=None if action else f"{AMINO_NAMES[code]} ({code}), {bottom}"):
        d.rect(x, y, w, h, "#eee" if faded else fill, stroke="#000" if action else "#555",
               width=3 if action else 1, rx=5)
        ink = MUTED if faded else ink
        big = 20 if h >= 56 else 16
        d.text(x + w / 2, y + big + 2, code, big, anchor="middle", weight="bold", fill=ink)
        d.text(x + w / 2, y + big + 17, THREE[code], 14, anchor="middle", fill=ink)
        if bottom:
            d.text(x + w / 2, y + h - 5, bottom, 14, anchor="middle", weight="bold", fill=ink)


# -- board -------------------------------------------------------------------------------------------


def _header(d: Drawing, view) -> None:
    d.rect(0, 0, WIDTH, 34, "#2b2b2b", rx=0, stroke="none")
    if view["over"]:
        text = f"Round {view['round']} of {view['max_rounds']} · Game over"
    else:
        part = PART_OF_PHASE[view["phase"]]
        text = (f"Round {view['round']} of {view['max_rounds']} · {_player(view['turn_player'])}'s turn · "
                f"Part {part + 1}: {PARTS[part][1].lower()}")
        if view["current"] is not None and view["current"] != view["turn_player"]:
            text += f" · {_player(view['current'])} to answer"
    d.text(12, 23, text, 16, weight="bold", fill="#fff")
    if view["viewer"] is not None:
        d.text(WIDTH - 12, 23, f"You are {_player(view['viewer'])}", 14, anchor="end", fill="#fff")


def _board_card(d: Drawing, x: int, w: int, lines: list[tuple[str, int, str]], *, action=None, ident=None,
                fill="#fff", ink=INK, label=None) -> None:
    with d.group(action, ident=ident, label=label):
        d.rect(x, BOARD_TOP, w, 112, fill, stroke="#000" if action else "#555", width=3 if action else 1)
        y = BOARD_TOP + 4
        for s, size, weight in lines:
            y += size + 10
            d.text(x + w / 2, y, s, size, anchor="middle", weight=weight, fill=ink)


def _board(d: Drawing, view) -> None:
    pool = view["pool"]
    _board_card(d, 12, 104, [("Coin pool", 13, "bold"), (str(pool), 30, "bold"), ("game ends at 0", 12, "normal")],
                ident="pool", fill="#F0E442", label=f"Coin pool: {_coins(pool)}; the game ends when it is empty")
    roll = d.find("roll")
    roll_data = view["last_roll"]
    if roll is not None:
        lines = [("Six-sided die", 13, "bold"), ("⚄", 30, "bold"), ("click to roll", 12, "bold")]
    elif "d6" in roll_data and view["phase"] != "roll":
        face = FACES[roll_data["d6"]]
        lines = [("Six-sided die", 13, "bold"), ("rolled:", 12, "normal")] + \
                [(w, 13, "bold") for w in face.split(" ", 1)]
    else:
        lines = [("Six-sided die", 13, "bold"), ("not rolled", 12, "normal"), ("yet", 12, "normal")]
    _board_card(d, 122, 118, lines, action=roll, ident="d6",
                label=None if roll else "Six-sided die: " + " ".join(s for s, _, _ in lines[1:]))
    if "d20" in roll_data:
        code = roll_data["d20"]
        fill, ink = _colours(code)
        _board_card(d, 248, 104, [("Twenty-sided", 12, "bold"), (code, 26, "bold"), (THREE[code], 12, "normal")],
                    ident="d20", fill=fill, ink=ink, label=f"Twenty-sided die: {AMINO_NAMES[code]} ({code})")
    else:
        _board_card(d, 248, 104, [("Twenty-sided", 12, "bold"), ("–", 26, "bold"), ("not needed", 12, "normal"),
                                  ("for this roll", 12, "normal")], ident="d20", label=_d20_idle(view))
    # After a protein roll you may keep your cards and just take the top one: the pile is that move.
    take_top = d.find("trade-in", protein="")
    _board_card(d, 360, 104, [("Protein pile", 13, "bold"), (str(view["pile_size"]), 30, "bold"),
                              ("take the top" if take_top else "cards", 12, "bold" if take_top else "normal")],
                action=take_top, ident="pile", fill="#555", ink="#fff",
                label=None if take_top else f"Protein pile: {view['pile_size']} cards")
    _board_card(d, 472, 104, [("Action deck", 13, "bold"), (str(view["action_deck_size"]), 30, "bold"),
                              (f"{len(view['action_discards'])} discarded", 12, "normal")], ident="action-deck",
                fill="#CC79A7", label=f"Action deck: {view['action_deck_size']} cards")
    # The four parts of a turn (RULINGS), the current one marked with a thick border and "now".
    current = None if view["over"] else PART_OF_PHASE[view["phase"]]
    for i, (number, name) in enumerate(PARTS):
        x = 590 + i * 172
        now = i == current
        with d.group(ident=f"part-{number}", label=f"Part {number}: {name}" + (" (now)" if now else "")):
            d.rect(x, BOARD_TOP, 164, 58, "#e8f1fa" if now else "#fff", stroke="#0072B2" if now else "#aaa",
                   width=4 if now else 1)
            d.text(x + 10, BOARD_TOP + 24, f"{number}. {name}", 14, weight="bold", fill=INK if now else MUTED)
            d.text(x + 10, BOARD_TOP + 46, "▶ now" if now else ("done" if current and i < current else ""), 12,
                   weight="bold", fill="#0072B2")
    if _negotiating(view):
        d.text(590, BOARD_TOP + 82, f"Trade offers left this turn: {view['offers_left']} of {MAX_OFFERS_PER_TURN}",
               13)
    d.text(590, BOARD_TOP + 104, f"Fixed trade: {FIXED_TRADE} random amino acid cards → one of your choice "
           "or a new protein card", 13, fill=MUTED)


def _supply(d: Drawing, view) -> None:
    d.text(12, SUPPLY_TOP - 8, "Amino acid supply (cards left)", 14, weight="bold")
    x = 560
    for name, (_, fill, _) in CLASSES.items():
        d.rect(x, SUPPLY_TOP - 21, 16, 16, fill, rx=3)
        d.text(x + 22, SUPPLY_TOP - 8, name, 13)
        x += 40 + _width(name, 13)
    for i, (code, left) in enumerate(view["supply"].items()):
        _amino_tile(d, 10 + i * 63, SUPPLY_TOP, 60, 62, code, f"{left} left", action=d.find("take", amino=code),
                    ident=f"supply-{code}", faded=not left)


def prompt(view: dict[str, Any], *, legal=()) -> str | None:
    """One sentence for the prompt bar: what the player to move must do now (the result once over)."""
    pending = view["pending"]
    if pending is not None:
        text = f"{_player(pending['player'])}: {pending['prompt']}"
        if pending["kind"] == "offer-give":
            text += "  Click cards or coins in your hand to add them."
        elif pending["kind"] == "offer-target":
            text += "  Click that player's row."
    elif view["over"]:
        scores = view["scores"]
        best = max(scores)
        winners = " and ".join(_player(q) for q, s in enumerate(scores) if s == best)
        text = (f"Game over. {view['end_reason']} {winners} {'share the win' if ' and ' in winners else 'wins'}. "
                "Scores: " + ", ".join(f"{_player(q)} {s}" for q, s in enumerate(scores)) + ".")
    elif view["phase"] == "roll":
        text = f"{_player(view['turn_player'])}: roll the six-sided die."
    elif view["phase"] == "trade":
        text = (f"{_player(view['turn_player'])}: negotiate and trade (offer a trade, the fixed trade, a trade "
                "card), then go on to building.")
    else:
        text = f"{_player(view['turn_player'])}: build the proteins you hold every amino acid for, then end your turn."
    return text


# -- the prompt and the offer on the table -----------------------------------------------------------


def _panel(d: Drawing, view, top: int) -> int:
    """The prompt line, and under it the offer (both sides) while one is written or answered."""
    pending = view["pending"]
    d.rect(10, top, WIDTH - 20, 40, "#fffbe6", stroke="#999")
    text = prompt(view) or ""
    d.text(22, top + 26, text, 14, weight="bold")
    y = top + 40
    if pending is None or pending["kind"] not in OFFER_KINDS:
        return y
    y += 8
    author, target = _sides(pending)
    you = view["viewer"]
    status = {"offer-give": "writing an offer (not sent yet)", "offer-ask": "writing an offer (not sent yet)",
              "offer": "waiting for an answer"}[pending["kind"]]
    counter = "Counter-offer" if pending.get("counter") else "Offer"
    for side, (giver, items) in enumerate(((author, pending.get("give") or []), (target, pending.get("ask") or []))):
        x = 10 + side * 636
        writing = pending["kind"] == ("offer-give", "offer-ask")[side]
        with d.group(ident=f"offer-{('give', 'ask')[side]}",
                     label=f"{_player(giver)} gives {items_text(items)}"):
            d.rect(x, y, 624, 84, "#fff", stroke="#0072B2" if writing else "#555", width=3 if writing else 1)
            name = _player(giver) + (" (you)" if giver == you else "")
            d.text(x + 12, y + 20, f"{name} gives" + (f" · {status}" if side == 0 else ""), 13, weight="bold")
            if side == 0:
                d.text(x + 612, y + 20, counter, 12, anchor="end", fill=MUTED)
            cx = x + 12
            if not items:
                d.text(cx, y + 56, "nothing yet" if writing else "nothing", 13, fill=MUTED)
            for k, item in enumerate(items):
                cx += _item_chip(d, item, cx, y + 28, f"offer-{side}-{k}") + 8
    d.text(WIDTH / 2, y + 50, "⇄", 20, anchor="middle", weight="bold")
    if pending["kind"] == "offer" and pending["player"] == you and d.legal and d.find("accept") is None:
        why = "you do not hold all they ask for" if not _holds(view, you, pending["ask"]) else \
            f"{_player(pending['from'])} no longer holds all of it"
        d.text(WIDTH - 22, y + 76, f"You cannot accept: {why}. Decline or make a counter-offer.", 12,
               anchor="end", weight="bold", fill="#a33f00")
    y += 84
    if pending.get("reply_to"):
        reply = pending["reply_to"]
        d.text(22, y + 18, f"In reply to {_player(target)}'s offer: {items_text(reply['give'])} for "
               f"{items_text(reply['ask'])}.", 13, fill=MUTED)
        y += 24
    asks = [a for a in d.legal if a.kind == "ask"]
    if asks:
        y = _ask_palette(d, asks, y + 8)
    return y


def _item_chip(d: Drawing, item: str, x: float, y: float, ident: str) -> int:
    """One card or coin on a side of an offer; returns its width."""
    kind, _, what = item.partition(":")
    if kind == "aa":
        _amino_tile(d, x, y, 46, 48, what, "", ident=ident)
        return 46
    label = "1 coin" if item == "coin" else what
    w = _width(label, 13, True) + 20
    with d.group(ident=ident, label=item_label(item)):
        d.rect(x, y, w, 48, "#F0E442" if item == "coin" else "#555", stroke="#333")
        d.text(x + w / 2, y + 22, label, 13, anchor="middle", weight="bold", fill=INK if item == "coin" else "#fff")
        d.text(x + w / 2, y + 40, "coin" if item == "coin" else "protein card", 12, anchor="middle",
               fill=INK if item == "coin" else "#fff")
    return w


def _ask_palette(d: Drawing, asks: list[Action], y: int) -> int:
    """Everything the author may ask for, one chip each (the other hand is hidden, so any card)."""
    d.text(22, y + 22, "Ask for:", 13, weight="bold")
    x = 90
    for action in asks:
        item = action.item
        kind, _, what = item.partition(":")
        if kind == "aa":
            w, h = 46, 34
        else:
            w, h = _width(what or "1 coin", 12, True) + 16, 34
        if x + w > WIDTH - 12:
            x, y = 90, y + h + 6
        if kind == "aa":
            fill, ink = _colours(what)
            with d.group(action, ident=f"ask-{what}"):
                d.rect(x, y, w, h, fill, stroke="#000", width=2, rx=5)
                d.text(x + w / 2, y + 15, what, 14, anchor="middle", weight="bold", fill=ink)
                d.text(x + w / 2, y + 29, THREE[what], 12, anchor="middle", fill=ink)
        else:
            coin = item == "coin"
            with d.group(action, ident="ask-coin" if coin else f"ask-protein-{what}"):
                d.rect(x, y, w, h, "#F0E442" if coin else "#555", stroke="#000", width=2, rx=5)
                d.text(x + w / 2, y + 22, "1 coin" if coin else what, 12, anchor="middle", weight="bold",
                       fill=INK if coin else "#fff")
        x += w + 5
    return y + 34 + 4


# -- players ------------------------------------------------------------------------------------------


def _seat(d: Drawing, view, p: int, y: int) -> int:
    """One player's row; returns its height."""
    hand = view["hands"][p]
    if hand["amino"] is None:
        return _other_seat(d, view, p, y)
    rows = max(1, -(-len(hand["proteins"]) // PROTEINS_PER_ROW))
    h = OWN_BASE + rows * PROTEIN_ROW
    current = view["current"] == p
    d.rect(6, y, WIDTH - 12, h - 6, "#eef6ff" if current else "#fff", stroke="#0072B2" if current else "#bbb",
           width=3 if current else 1)
    d.text(16, y + 24, _seat_title(view, p), 15, weight="bold")
    coin_action = d.find("give", item="coin")
    coins = view["coins"][p]
    title_w = _width(_seat_title(view, p), 15, True)
    with d.group(coin_action, ident=f"coins-{p}", label=None if coin_action else f"{_coins(coins)}"):
        d.rect(24 + title_w, y + 7, 100, 24, "#F0E442", stroke="#000" if coin_action else "#555",
               width=3 if coin_action else 1, rx=12)
        d.text(74 + title_w, y + 24, _coins(coins), 13, anchor="middle", weight="bold")
    if view["scores"][p] is not None:
        score = "Final score" if view["over"] else "Score now"
        d.text(140 + title_w, y + 24, f"{score}: {view['scores'][p]} (coins minus the protein cards "
               "still in hand)", 13, fill=MUTED)
    # Amino acid cards, one tile per kind with its count.
    top = y + 40
    d.text(16, top + 24, "Amino acids", 13, weight="bold")
    d.text(16, top + 42, f"{hand['amino_count']} cards", 12, fill=MUTED)
    for i, (code, n) in enumerate(_ordered(hand["amino"])):
        _amino_tile(d, 120 + i * 57, top, 54, 58, code, f"×{n}", action=d.find("give", item=f"aa:{code}"),
                    ident=f"hand-{p}-{code}")
    if not hand["amino"]:
        d.text(120, top + 34, "none", 13, fill=MUTED)
    # Protein cards.
    top = y + 106
    d.text(16, top + 24, "Protein cards", 13, weight="bold")
    d.text(16, top + 42, f"{hand['protein_count']} in hand", 12, fill=MUTED)
    d.text(16, top + 58, "(lost at the", 12, fill=MUTED)
    d.text(16, top + 72, "end if unbuilt)", 12, fill=MUTED)
    if not hand["proteins"]:
        d.text(120, top + 34, "none", 13, fill=MUTED)
    for i, protein in enumerate(hand["proteins"]):
        row, col = divmod(i, PROTEINS_PER_ROW)
        _protein_card(d, protein, hand["amino"], p, i, 120 + col * 230, top + row * PROTEIN_ROW)
    # Action cards kept for later.
    top = y + 106 + rows * PROTEIN_ROW
    d.text(16, top + 22, "Action cards", 13, weight="bold")
    x = 120
    for i, cid in enumerate(hand["actions"]):
        card = ACTION_CARDS[cid]
        label = f"{card.title}: {SHORT_EFFECT.get(cid, '')}"
        w = _width(label, 12, True) + 20
        action = d.find("play", card=cid) if d.find("play", card=cid) and cid not in hand["actions"][:i] else None
        with d.group(action, ident=f"action-{p}-{i}", label=None if action else f"{card.title}: {card.text}"):
            d.rect(x, top + 4, w, 28, "#CC79A7", stroke="#000" if action else "#555", width=3 if action else 1)
            d.text(x + w / 2, top + 23, label, 12, anchor="middle", weight="bold")
        x += w + 8
    if not hand["actions"]:
        d.text(120, top + 22, "none", 13, fill=MUTED)
    return h


def _seat_title(view, p: int) -> str:
    mark = "▶ " if view["current"] == p else ""
    you = " (you)" if view["viewer"] == p else ""
    turn = " · their turn" if view["turn_player"] == p and not view["over"] and view["viewer"] != p else ""
    mine = " · your turn" if view["turn_player"] == p and not view["over"] and view["viewer"] == p else ""
    return f"{mark}{_player(p)}{you}{turn}{mine}"


def _protein_card(d: Drawing, protein: dict[str, Any], amino: dict[str, int], p: int, i: int, x: int, y: int) -> None:
    """A protein card: name, value, its sequence N→C (held letters filled), what is still missing, and
    the move it takes part in (build, trade in, recycle or put in an offer)."""
    name, seq = protein["name"], protein["sequence"]
    action = None
    for kind, params in (("build", {"protein": name, "boost": "none"}), ("trade-in", {"protein": name}),
                         ("recycle", {"protein": name}), ("give", {"item": f"protein:{name}"})):
        action = action or d.find(kind, **params)
    need = _missing(seq, amino)
    w, h = 222, 86
    highlight = " ".join(f"hand-{p}-{a}" for a in dict.fromkeys(seq) if amino.get(a))
    d.add(f'<g data-highlight="{highlight}">' if highlight else "<g>")
    with d.group(action, ident=f"protein-{p}-{i}",
                 label=None if action else f"{name}, {seq}, {_coins(protein['value'])}"):
        d.rect(x, y, w, h, "#fff", stroke="#000" if action else "#555", width=3 if action else 1)
        d.text(x + 8, y + 17, name, 13, weight="bold")
        d.text(x + w - 8, y + 17, _coins(protein["value"]), 12, anchor="end", weight="bold", fill="#8a6d00")
        box = min(16, (w - 16) // len(seq))
        held = Counter()
        for k, a in enumerate(seq):
            held[a] += 1
            have = amino.get(a, 0) >= held[a]
            fill, ink = _colours(a) if have else ("#fff", MUTED)
            bx = x + 8 + k * box
            d.rect(bx, y + 25, box - 1, 18, fill, stroke="#555" if have else "#999", rx=2)
            d.text(bx + (box - 1) / 2, y + 39, a, 14 if box >= 15 else 12, anchor="middle", weight="bold", fill=ink)
        if need:
            d.text(x + 8, y + 60, f"Still need: {_need_text(need)}", 13, fill=INK)
        else:
            d.text(x + 8, y + 60, "✓ every amino acid in hand", 13, weight="bold", fill="#006e4f")
        boosts = [a for a in d.legal if a.kind == "build" and a.protein == name and a.boost != "none"]
        hint = {"build": "click to build", "trade-in": "click to trade in", "recycle": "click to recycle",
                "give": "click to offer it"}.get(action.kind if action else "", f"{len(seq)} amino acids, N→C")
        if boosts:
            hint = "or with:"
        d.text(x + 8, y + 77, hint, 12, fill=MUTED if not action else INK, weight="bold" if action else "normal")
    d.add("</g>")
    # A boosted build plays an action card with it: small buttons of their own, after the card.
    bx = x + 58
    for action in boosts:
        label = BOOST_CHIP[action.boost]
        bw = int(len(label) * 7.4) + 12
        _button(d, action, bx, y + h - 22, bw, 18, label, ident=f"build-{p}-{i}-{action.boost}", size=12)
        bx += bw + 3


def _other_seat(d: Drawing, view, p: int, y: int) -> int:
    """Another player's row: coins and card counts only (their hand is hidden); clickable as the target
    of a trade offer."""
    hand = view["hands"][p]
    current = view["current"] == p
    action = d.find("offer-to", seat=p)
    with d.group(action, ident=f"seat-{p}", label=None if action else None):
        d.rect(6, y, WIDTH - 12, OTHER_HEIGHT - 6, "#eef6ff" if current else "#fff",
               stroke="#000" if action else ("#0072B2" if current else "#bbb"),
               width=3 if action or current else 1)
        d.text(16, y + 22, _seat_title(view, p), 15, weight="bold")
        if action is not None:
            d.text(16, y + 42, "click to offer this player a trade", 12, weight="bold", fill="#0072B2")
        x = 330
        for label, n, fill, ink in (("coins", view["coins"][p], "#F0E442", INK),
                                    ("amino acid cards", hand["amino_count"], "#ddd", INK),
                                    ("protein cards", hand["protein_count"], "#555", "#fff"),
                                    ("action cards", hand["action_count"], "#CC79A7", INK)):
            d.rect(x, y + 10, 34, 32, fill, stroke="#555", rx=4)
            d.text(x + 17, y + 31, n, 14, anchor="middle", weight="bold", fill=ink)
            d.text(x + 42, y + 31, label, 13)
            x += 52 + _width(label, 13) + 20
        if view["scores"][p] is not None:
            d.text(WIDTH - 20, y + 31, f"Score: {view['scores'][p]}", 15, anchor="end", weight="bold")
    return OTHER_HEIGHT
