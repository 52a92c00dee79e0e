"""Print-and-play pages (issue 34): the rulebooks' card counts, 7 pt text, mirrored backs, notes
that do not fit a card on the reference sheet, and a credit for every game's designer."""

import re
from pathlib import Path
from collections import Counter

import pytest

from sitegen.lessons import read_page
from sitegen.print_games import GAMES
from sitegen.printing import (MIN_TEXT, net_svg, octahedron_net_svg, PER_ROW, PER_SHEET, Face, Game, build_sheets, credit_html, face_svg,
                              sheet_count, spinner_svg, token_svg)

LESSONS = Path(__file__).resolve().parents[2] / "lessons"

PT_IN_TENTHS_MM = 254 / 72
"""One point is 1/72 inch: 0.3528 mm, 3.528 tenths of a millimetre (the cards' unit)."""


@pytest.fixture(scope="module")
def made():
    return {gid: make() for gid, make in GAMES.items()}


def decks(game: Game) -> Counter:
    return Counter(face.back for face in game.faces)


def names(game: Game, back: str) -> Counter:
    return Counter(face.name for face in game.faces if face.back == back)


def test_translation_has_the_rulebooks_20_amino_acids_and_the_action_cards_four_players_need(made):
    game = made["translation"]
    assert decks(game) == {"Amino acid": 20, "Action card": 30}
    actions = names(game, "Action card")
    # Setup: each player 1 Toggle Water and 3 Extend; the market two of each sold card for 3-4 players.
    assert actions["Toggle Water"] == 4 and actions["Extend"] == 12
    assert all(actions[t] == 2 for t in ("Delete", "Insert", "Reverse Complement", "Complement", "Transition",
                                         "Transversion", "Mutate"))
    tiles = dict(game.tokens)[next(t for t, _ in game.tokens if t.startswith("Nucleotide"))]
    assert len(tiles) == 40  # 20 nucleotide cards' worth of each pair type: any strand of 20 can be laid
    assert [s.faces for s in game.spinners] == [tuple("ATCGATCG"), tuple("ATCGWSYR")]
    assert [n.faces for n in game.nets] == [tuple("ATCGATCG"), tuple("ATCGWSYR")]


def test_peptide_has_the_rulebooks_components(made):
    game = made["peptide"]
    # "30 Organelle cards, 48 RNA cards, 27 Amino Acid cards (20, 1 STOP, 6 Methionine START),
    # 6 Vacuole track cards, 6 Reference cards, 3 Bonus point cards, 1 First Player card".
    assert decks(game) == {"Organelle": 30, "RNA card": 48, "Amino acid": 21, "START card": 6,
                           "Vacuole track": 6, "Reference card": 6, "Bonus card": 3, "First Player": 1}
    assert set(names(game, "Organelle").values()) == {6}
    assert len(names(game, "Organelle")) == 5
    assert names(game, "RNA card") == {"Adenine (A)": 12, "Guanine (G)": 12, "Cytosine (C)": 12, "Uracil (U)": 12}
    assert names(game, "Amino acid")["STOP codon"] == 1
    tokens = dict(game.tokens)
    assert len(tokens["ATP tokens"]) == 32 and len(tokens["Vacuole track markers"]) == 12


def test_nucleo_has_20_proteins_18_actions_121_amino_acids_and_the_largest_coin_pool(made):
    game = made["nucleo"]
    assert decks(game) == {"Protein card": 20, "Action card": 18, "Amino acid": 121}
    amino = names(game, "Amino acid")
    assert amino["Leucine"] == 9 and amino["Methionine"] == 4  # codons + 3 (docs/rules-decisions.md › All games)
    assert len(dict(game.tokens)["NUCLEOcoins"]) == 32
    assert [len(s.faces) for s in game.spinners] == [6, 20]
    assert len(game.nets) == 1 and Counter(game.nets[0].faces) == {"1 amino acid": 2, "2 amino acids": 1,
                                                                   "an action card": 2, "a protein card": 1}


def test_cytosis_has_43_components_5_goals_12_events_a_first_player_card_cubes_and_board_tiles(made):
    game = made["cytosis"]
    assert decks(game) == {"Cell component": 43, "Goal": 5, "Event": 12, "First Player": 1}
    cubes = Counter(t.label for t in dict(game.tokens)[game.tokens[0][0]])
    assert cubes == {"M": 18, "P": 18, "C": 12, "L": 12}
    assert len(dict(game.tokens)["ATP tokens"]) == 30
    pieces = {title.split(" (")[0]: Counter(t.label for t in tokens) for title, tokens in game.tokens}
    assert pieces["Workers"]["P1"] == 4 and pieces["Workers"]["G"] == 2  # 2-3 players have 4 workers each
    assert set(pieces["Vesicle disks"].values()) == {2} and set(pieces["Goal markers"].values()) == {2}
    assert len(pieces["Vesicle disks"]) == 5  # up to five players
    assert len(game.tiles) == 2 and all("Nucleus" in t and "Laureates" in "".join(game.tiles) for t in game.tiles[:1])


def test_gene_expression_has_all_72_cards_18_of_each_step(made):
    game = made["expression"]
    assert len(game.faces) == 72
    steps = Counter(face.kind for face in game.faces)
    assert steps == {"Step 1 · Promoter": 18, "Step 2 · Enhancer": 18, "Step 3 · Transcription factor": 18,
                     "Step 4 · Expressed gene": 18}
    assert names(game, "Gene expression")["Promoter Deletion"] == 2


def _sizes(svg: str) -> list[float]:
    return [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_text_on_a_card_token_or_spinner_is_under_7_pt(made, game_id):
    game = made[game_id]
    assert MIN_TEXT >= 7 * PT_IN_TENTHS_MM
    for face in game.faces:
        for svg in (face_svg(face, 1)[0],):
            assert min(_sizes(svg)) >= MIN_TEXT, face.name
    for _, tokens in game.tokens:
        for token in tokens:
            assert min(_sizes(token_svg(token))) >= MIN_TEXT, token.label
    for spinner in game.spinners:
        assert min(_sizes(spinner_svg(spinner))) >= MIN_TEXT, spinner.name
    for die in game.nets:
        assert min(_sizes(net_svg(die))) >= MIN_TEXT, die.name


def test_the_cytosis_board_tiles_print_their_smallest_text_at_7_pt_or_more(made):
    for tile in made["cytosis"].tiles:
        view_w = float(re.search(r'viewBox="[\d.-]+ [\d.-]+ ([\d.]+)', tile).group(1))
        mm = float(re.search(r'width="([\d.]+)mm"', tile).group(1))
        smallest_mm = min(_sizes(tile)) * mm / view_w
        assert smallest_mm * 10 >= 7 * PT_IN_TENTHS_MM


def test_the_printed_cytosis_market_says_where_cards_are_dealt_not_that_slots_are_empty(made):
    board = "".join(made["cytosis"].tiles)
    assert "(empty)" not in board and board.count("Deal a card here") >= 2


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_colour_coded_card_says_its_deck_in_words(made, game_id):
    for face in made[game_id].faces:
        assert re.search(r"[A-Za-z]{3}", face.kind), face
        assert f">{face.kind}</text>" in face_svg(face, 1)[0].replace("&amp;", "&")


def test_backs_are_mirrored_for_long_edge_duplex():
    faces = [Face(f"Card {i}", "Deck", "#fff", "Deck") for i in range(PER_SHEET + 2)]
    sheets = build_sheets(Game("t", "Test", faces), "", "")
    kinds = [s.kind for s in sheets]
    assert kinds == ["rules", "fronts", "backs", "fronts", "backs"]
    fronts = re.findall(r'data-card="([^"]+)"', sheets[1].html)
    backs = re.findall(r'data-back="([^"]+)"', sheets[2].html)
    assert len(fronts) == len(backs) == PER_SHEET
    for i, name in enumerate(fronts):
        row, col = divmod(i, PER_ROW)
        assert backs[row * PER_ROW + PER_ROW - 1 - col] == name
    # A part-filled page keeps each back behind its own front: Card 9 (first slot) backs onto the last column.
    last = re.findall(r'class="card(?: back| empty)"(?: data-back="([^"]+)")?', sheets[4].html)
    assert last[:PER_ROW] == ["", "Card 10", "Card 9"]


def test_a_biology_note_too_long_for_the_card_goes_to_the_numbered_reference_sheet():
    long_note = "Enzymes speed reactions. " * 40
    faces = [Face("Short", "Deck", "#fff", "Deck", note="Fits on the card."),
             Face("Wordy enzyme", "Deck", "#fff", "Deck", note=long_note),
             Face("Wordy enzyme", "Deck", "#fff", "Deck", note=long_note)]  # a second copy: the same note
    sheets = build_sheets(Game("t", "Test", faces), "", "")
    svg, fits = face_svg(faces[1], 1)
    shown = " ".join(re.findall(r">([^<]+)</text>", svg))
    assert not fits and "see note 1 on the reference sheet" in shown
    assert face_svg(faces[0], 1)[1]
    reference = [s for s in sheets if s.kind == "reference"]
    assert len(reference) == 1 and "1. Wordy enzyme" in reference[0].html and "Enzymes speed" in reference[0].html
    assert "2." not in reference[0].html
    assert sheet_count(Game("t", "Test", faces)) == len(sheets) == 4


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_print_page_credits_the_designer_and_publisher_named_on_the_rules_page(game_id):
    meta, _ = read_page(LESSONS / "rules" / f"{game_id}.md")
    credit = credit_html(meta)
    assert meta["designer"] in credit and meta["publisher"] in credit


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_has_a_rules_summary_of_its_own(game_id):
    text = (LESSONS / "print" / f"{game_id}.md").read_text(encoding="utf-8")
    words = len(text.split())
    assert 150 <= words <= 420, f"{words} words: one printed page holds about 420 at 10 pt"
    assert "**The biology.**" in text


def test_the_eight_sided_die_net_has_eight_equal_triangles_that_do_not_overlap():
    """Eight equilateral faces, no two overlapping (the net folds into an octahedron): every pair of
    triangle centres is at least the inradius twice apart, and each face is named once."""
    from sitegen.printing import Spinner

    svg = octahedron_net_svg(Spinner("d8", tuple("12345678")))
    triangles = [[tuple(map(float, pt.split())) for pt in path.split(" L")]
                 for path in re.findall(r'd="M([^Z]+) Z"', svg)]
    assert len(triangles) == 8
    side = None
    for tri in triangles:
        sides = [((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 for a, b in zip(tri, tri[1:] + tri[:1])]
        side = side or sides[0]
        assert all(abs(x - side) < 1 for x in sides)
    centres = [(sum(x for x, _ in t) / 3, sum(y for _, y in t) / 3) for t in triangles]
    inradius = side / (2 * 3 ** 0.5)
    for i, a in enumerate(centres):
        for b in centres[i + 1:]:
            assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= 2 * inradius - 1
    assert sorted(re.findall(r">(\d)</text>", svg)) == list("12345678")


def test_every_game_describes_its_own_printed_components():
    """Issue 41 ("a game's knowledge in its folder"): each registered game's cards and colours for
    paper are in its own ``print.py``; the site only collects them, for every game."""
    import importlib

    from biocards import games
    from biocards.core.printed import Printed

    assert sorted(GAMES) == sorted(g.id for g in games.all())
    for game in games.all():
        module = importlib.import_module(f"biocards.games.{game.id}.print")
        printed = module.components({})
        assert isinstance(printed, Printed) and printed.id == game.id and printed.faces
