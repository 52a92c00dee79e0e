"""Each game's printed components (issue 34), built from the game's own card data and colours.

Counts follow the rulebooks' component lists (for the most players a game takes where the
rulebook sets counts by the table): the tests check them against the numbers printed there.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from .printing import Face, Game, Spinner, Token

ROOT = Path(__file__).resolve().parents[2]


def _concepts() -> dict[str, dict]:
    with open(ROOT / "lessons" / "concepts.toml", "rb") as f:
        return tomllib.load(f)


def _summary(concepts: dict[str, dict], cid: str) -> str:
    return concepts[cid]["summary"] if cid in concepts else ""


# -- Translation ------------------------------------------------------------------------------------

def translation() -> Game:
    from biocards.games.translation.cards import (ACTION_CARDS, AMINO_ACIDS, BLACK_DIE, NUCLEOTIDE_CARDS,
                                                  REAL_SIDE_CHAIN, STARTING_HAND, WHITE_DIE)
    from biocards.games.translation.render import FILL, INK

    concepts = _concepts()
    faces: list[Face] = []
    for code, aa in AMINO_ACIDS.items():
        water = "Hydrophobic: needs water OFF" if aa.hydrophobic else "Hydrophilic: needs water ON"
        n = len(aa.codons)
        note = (f"{aa.name} has {n} DNA codon{'s' * (n != 1)} in the standard genetic code: "
                f"{', '.join(sorted(aa.codons))}.")
        if code in REAL_SIDE_CHAIN:
            note += f" Biochemists class it by its side chain: {REAL_SIDE_CHAIN[code]}."
        faces.append(Face(aa.name, "Amino acid", "#dbe7f3", "Amino acid", big=code, symbol=aa.abbreviation,
                          lines=("Codons " + "  ".join(aa.blocks), "Groups: " + ", ".join(aa.groups), water),
                          note=note))
    # The setup gives each player 1 Toggle Water and 3 Extend; the market has two of each sold card
    # with 3 or 4 players: printed for four.
    notes = {"delete": "deletion", "insert": "insertion", "reverse-complement": "reverse-complement",
             "complement": "complementary-base-pairing", "transition": "transition",
             "transversion": "transversion", "mutate": "point-mutation", "extend": "five-to-three-direction",
             "toggle-water": "hydrophobicity"}
    for cid, card in ACTION_CARDS.items():
        copies = STARTING_HAND[cid] * 4 if cid in STARTING_HAND else 2
        cost = f"Buy {card.buy} · use {card.use}" if card.sold else f"Starting card · use {card.use}"
        for _ in range(copies):
            faces.append(Face(card.title, "Action card", "#e8f1fb", "Action card", lines=(cost, card.text),
                              note=_summary(concepts, notes[cid])))
    tiles = [Token("A", FILL["A"], INK["A"], w=20, h=30, under="T", under_fill=FILL["T"], under_ink=INK["T"])
             for _ in range(NUCLEOTIDE_CARDS)]
    tiles += [Token("C", FILL["C"], INK["C"], w=20, h=30, under="G", under_fill=FILL["G"], under_ink=INK["G"])
              for _ in range(NUCLEOTIDE_CARDS)]
    markers = [Token("5′ end", "#1d2433", "#fff", w=30, h=30),
               Token("Water ON", "#cfe3f5", w=44, h=30), Token("Water OFF", "#f3efe6", w=44, h=30)]
    black = "Black die: insert (W = A or T, S = C or G, Y = C or T, R = A or G)"
    return Game(
        "translation", "Translation", faces,
        tokens=[("Nucleotide tiles (turn a tile round to read the other strand: A over T becomes T over A)", tiles),
                ("The 5′ marker and the water card (cut out, show the side that is true)", markers)],
        spinners=[Spinner("White die: extend", WHITE_DIE, tuple(FILL[b] for b in WHITE_DIE)),
                  Spinner(black, BLACK_DIE,
                          tuple(FILL.get(b, "#fff") for b in BLACK_DIE))],
        nets=[Spinner("White die: extend", WHITE_DIE), Spinner(black, BLACK_DIE)],
        note="Action cards for four players: two of each market card, and each player's Toggle Water and "
             "three Extend cards.")


# -- Peptide ----------------------------------------------------------------------------------------

def peptide() -> Game:
    from biocards.games.peptide.cards import (AMINO_CARDS, BONUS_STACK, ORGANELLE_ORDER, ORGANELLES,
                                              ORGANELLES_PER_TYPE, RNA_LETTERS, RNA_NAMES, RNA_PER_LETTER,
                                              START_CODON, STOP_CODON)
    from biocards.games.peptide.render import ORG_COLOURS, RNA_COLOURS

    concepts = _concepts()
    faces: list[Face] = []
    for oid in ORGANELLE_ORDER:
        o = ORGANELLES[oid]
        for _ in range(ORGANELLES_PER_TYPE):
            faces.append(Face(o.name, "Organelle", ORG_COLOURS[oid], "Organelle", lines=(o.does.capitalize() + ".",),
                              note=_summary(concepts, o.concepts[0])))
    base_notes = {
        "A": "Adenine is a purine base; in RNA it pairs with uracil (in DNA, with thymine).",
        "G": "Guanine is a purine base; it pairs with cytosine by three hydrogen bonds.",
        "C": "Cytosine is a pyrimidine base; it pairs with guanine by three hydrogen bonds.",
        "U": "Uracil is the pyrimidine RNA uses where DNA has thymine; it pairs with adenine.",
    }
    for letter in RNA_LETTERS:
        ink = "#fff" if letter in "GC" else "#111"
        for _ in range(RNA_PER_LETTER):
            faces.append(Face(f"{RNA_NAMES[letter]} ({letter})", "RNA card", RNA_COLOURS[letter], "RNA card",
                              ink=ink, big=letter, note=base_notes[letter]))
    for code, card in AMINO_CARDS.items():
        faces.append(Face(card.name, "Amino acid", "#f3efe6", "Amino acid", big=code,
                          lines=(f"Codon {card.codon} (RNA, 5′→3′)", f"Worth {card.value} points"),
                          note=f"A tRNA whose anticodon pairs with {card.codon} carries {card.name.lower()} "
                               f"to the ribosome."))
    faces.append(Face("STOP codon", "Amino acid deck", "#f3efe6", "Amino acid", big=STOP_CODON,
                      lines=("When it is drawn, show it: finish this round and play one more.",),
                      note=_summary(concepts, "stop-codon")))
    for _ in range(6):
        faces.append(Face("Methionine START", "START card", "#0072B2", "START card", ink="#fff", big=START_CODON,
                          lines=("Your chain grows to the right of this card.",),
                          note=_summary(concepts, "start-codon")))
    for _ in range(6):
        faces.append(Face("Vacuole track", "Vacuole track (advanced)", "#CC79A7", "Vacuole track",
                          lines=("ATP limit: 4 5 6 7 8 9 10", "RNA limit: 3 4 5 6 7 8 9",
                                 "A marker on each row shows your limit at the end of a round."),
                          note=_summary(concepts, "vacuole")))
    for _ in range(6):
        faces.append(Face("Reference", "Reference card", "#eeeeee", "Reference card",
                          lines=("Phase 1: take 2 organelles (or one face down for 1 ATP).",
                                 "Phase 2: resolve them in any order.",
                                 "1 ATP: new face-up RNA cards.",
                                 "End: STOP + one more round.")))
    for bonus in BONUS_STACK:
        faces.append(Face(f"Bonus +{bonus}", "Bonus card", "#F0E442", "Bonus card", big=f"+{bonus}",
                          lines=("Stack +3, +2, +1 from the top.",)))
    faces.append(Face("First Player", "First Player card", "#dddddd", "First Player",
                      lines=("Whoever holds it selects first. Once a round it may be taken instead of an "
                             "organelle.",)))
    atp = [Token("ATP", "#F0E442", round=True) for _ in range(32)]
    markers = [Token(word, "#CC79A7", round=True) for _ in range(6) for word in ("ATP", "RNA")]
    return Game("peptide", "Peptide", faces,
                tokens=[("ATP tokens", atp), ("Vacuole track markers", markers)])


# -- NUCLEO -----------------------------------------------------------------------------------------

def nucleo() -> Game:
    from biocards.games.nucleo.cards import ACTION_CARDS, AMINO_CARDS, AMINO_NAMES, CODONS, COIN_POOL, D6, D20, PROTEINS
    from biocards.games.nucleo.render import CLASSES, FACES, THREE

    concepts = _concepts()
    faces: list[Face] = []
    for p in PROTEINS.values():
        note = p.role[:1].upper() + p.role[1:] + (f"; {p.note}" if p.note else "") + f" ({p.source})."
        faces.append(Face(p.name, "Protein card", "#555555", "Protein card", ink="#fff", symbol=f"{p.value} coins",
                          lines=(" ".join(p.sequence), f"{len(p.sequence)} amino acids, N→C"), note=note))
    timing = {"now": "Play at once when drawn.", "trade": "Keep; play while trading.", "build": "Keep; play with a build."}
    for card in ACTION_CARDS.values():
        for _ in range(card.copies):
            faces.append(Face(card.title, "Action card", "#CC79A7", "Action card",
                              lines=(timing[card.timing], card.text),
                              note=_summary(concepts, card.concepts[0]) if card.concepts else ""))
    for code, copies in AMINO_CARDS.items():
        kind = next(k for k, (letters, _, _) in CLASSES.items() if code in letters)
        _, fill, ink = CLASSES[kind]
        for _ in range(copies):
            faces.append(Face(AMINO_NAMES[code], f"Amino acid · {kind}", fill, "Amino acid", ink=ink, big=code,
                              symbol=THREE[code],
                              note=f"{CODONS[code]} codon{'s' * (CODONS[code] != 1)} in the genetic code, so "
                                   f"{copies} cards."))
    coins = [Token("1 coin", "#F0E442", round=True, w=18, h=18) for _ in range(max(COIN_POOL.values()))]
    return Game("nucleo", "NUCLEO", faces, tokens=[("NUCLEOcoins", coins)],
                spinners=[Spinner("Six-sided die", tuple(FACES[f] for f in D6)),
                          Spinner("Twenty-sided die: amino acids", tuple(f"{c} {THREE[c]}" for c in D20))],
                nets=[Spinner("Six-sided die", tuple(FACES[f] for f in D6))])


# -- Cytosis ----------------------------------------------------------------------------------------

def _cytosis_tiles() -> list[str]:
    """The cell board drawn by the table's own render (a new two-player game, nothing placed yet), cut
    into two tiles that overlap by 20 units: glue the right tile over the left one's shaded strip."""
    from biocards import games
    from biocards.games.cytosis.render import WIDTH, _board, _Table

    view = games.get("cytosis").new_state(2, seed=1).view(0)
    view["row"] = [None] * len(view["row"])  # the market's cards are dealt onto the printed board
    d = _Table((), "wide")
    bottom = _board(d, view, 4) + 4
    # On paper an empty market slot is where a card is dealt, not a slot the game has emptied.
    board = "".join(d.parts).replace(">(empty)<", ">Deal a card here<")
    assert "Deal a card here" in board, "the market's empty-slot words changed: update the printed board"
    half, overlap = WIDTH // 2, 20
    tiles = []
    for i, x0 in enumerate((0, half - overlap)):
        w = half + overlap
        mm = 190 * w / (half + overlap)
        strip = (f'<rect x="{half - overlap}" y="0" width="{overlap}" height="{bottom}" fill="#000" '
                 f'fill-opacity="0.12"/>' if i == 0 else "")
        tiles.append(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0} 0 {w} {bottom}" width="{mm:.1f}mm" '
                     f'height="{mm * bottom / w:.1f}mm" font-family="sans-serif" role="img" '
                     f'aria-label="Cytosis board, {"left" if i == 0 else "right"} half">'
                     f'<rect x="0" y="0" width="{WIDTH}" height="{bottom}" fill="#f7f5ef"/>'
                     + board + strip + "</svg>")
    return tiles


def cytosis() -> Game:
    from biocards.games.cytosis.cards import (ATP_SUPPLY, CARDS, CUBE_NAMES, CUBE_SUPPLY, EVENTS, GOAL_MARKERS_EACH, GOALS,
                                              GREY_WORKERS, KIND_NAMES, VESICLES_EACH)
    from biocards.games.cytosis.render import CUBE_COLOURS, CUBE_INK, CUBE_LETTERS, KIND_COLOURS, PLAYER_COLOURS

    faces: list[Face] = []
    for card in CARDS:
        needs = ", ".join(f"{n} {CUBE_NAMES[c]}" for c, n in card.cubes if n)
        if card.kind == "resource":
            lines = ("Play any time in your turn: take " + ", ".join(f"{n} {CUBE_NAMES[c]}" for c, n in card.gives)
                     + ".",)
        else:
            lines = (f"Needs {needs} and {card.atp} ATP", f"Scores {card.hp} HP")
        kind = KIND_NAMES[card.kind].capitalize() + (f" · {card.colour}" if card.colour else "")
        faces.append(Face(card.name, kind, KIND_COLOURS[card.kind], "Cell component", lines=lines,
                          note=f"{card.biology[:1].upper()}{card.biology[1:]} ({card.ref})."))
    for goal in GOALS:
        faces.append(Face(goal.name, "Goal", "#efeae0", "Goal", lines=(goal.text + ", scored at the end.",)))
    for event in EVENTS:
        title, _, rest = event.text.partition(": ")
        kind = {"boost": "Boost", "reduce": "Reduce ATP cost", "toxicity": "Toxicity"}[event.kind]
        how = {"boost": "The first player to work there takes the extra cube.",
               "reduce": "", "toxicity": "5+ cubes of one colour lose 1, 7+ lose 2, 10+ lose 4."}[event.kind]
        faces.append(Face(title, f"Event · {kind}", "#fff7e6", "Event",
                          lines=tuple(x for x in (rest[:1].upper() + rest[1:] + ".", how) if x),
                          note=event.real + "." if event.real else ""))
    faces.append(Face("First Player", "First Player card", "#dddddd", "First Player",
                      lines=("Whoever holds it places the first worker each round.",)))
    cubes = [Token(CUBE_LETTERS[kind], CUBE_COLOURS[kind], CUBE_INK[kind], w=14, h=14)
             for kind, n in CUBE_SUPPLY.items() for _ in range(n)]
    atp = [Token("A", CUBE_COLOURS["atp"], CUBE_INK["atp"], round=True, w=14, h=14) for _ in range(ATP_SUPPLY)]
    legend = "M mRNA (black) · P protein (orange) · C carbohydrate (green) · L lipid (yellow) · A ATP (round)"
    # Each player's pieces in their colour and number (4 workers at most, with 2-3 players), and the
    # two grey workers; the ink follows the table's worker disks.
    seats = range(len(PLAYER_COLOURS))
    ink = {p: "#111" if p in (3, 4) else "#fff" for p in seats}
    workers = [Token(f"P{p + 1}", PLAYER_COLOURS[p], ink[p], round=True) for p in seats for _ in range(4)]
    workers += [Token("G", "#9a9a9a", round=True) for _ in range(GREY_WORKERS)]
    vesicles = [Token(f"v P{p + 1}", PLAYER_COLOURS[p], ink[p], round=True) for p in seats
                for _ in range(VESICLES_EACH)]
    markers = [Token(f"goal P{p + 1}", PLAYER_COLOURS[p], ink[p], w=22) for p in seats for _ in range(GOAL_MARKERS_EACH)]
    return Game("cytosis", "Cytosis", faces,
                tokens=[(f"Cubes: {legend}", cubes), ("ATP tokens", atp),
                        ("Workers (P1-P5, 4 each; G: the two grey workers)", workers),
                        ("Vesicle disks", vesicles), ("Goal markers", markers)],
                tiles=_cytosis_tiles())


# -- Gene expression --------------------------------------------------------------------------------

def expression() -> Game:
    from biocards.games.expression.cards import CATEGORIES, DECK, MUTATIONS, PATHWAY, name, parse, points
    from biocards.games.expression.render import FILL, INK

    faces: list[Face] = []
    for card in DECK:
        category, value = parse(card)
        step = PATHWAY.index(category) + 1
        kind = f"Step {step} · {CATEGORIES[category].name}"
        if isinstance(value, int):
            lines = (f"Worth {value} point{'s' * (value != 1)} left in a hand.",)
            note = CATEGORIES[category].role[:1].upper() + CATEGORIES[category].role[1:] + "."
            big = str(value)
        else:
            m = MUTATIONS[value]
            lines = (f"Mutation: {m.effect}.", f"Worth {points(card)} points left in a hand.")
            note = m.product
            big = m.name
        faces.append(Face(name(card), kind, FILL[category], "Gene expression", ink=INK[category], big=big,
                          lines=lines, note=note))
    return Game("expression", "Gene Expression", faces)


GAMES = {"translation": translation, "peptide": peptide, "nucleo": nucleo, "cytosis": cytosis,
         "expression": expression}
