"""Guided lessons (lessons/guided/*.toml): a prepared position, one taught move at a time."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from biocards.core import Action
from biocards.games.translation import codons
from biocards.guided import GuidedLesson
from biocards.web.seats import parse

GUIDED = Path(__file__).resolve().parents[2] / "lessons" / "guided"
LESSONS = sorted(GUIDED.glob("*.toml"))


def load(path: Path) -> GuidedLesson:
    return GuidedLesson.from_dict(path.stem, tomllib.loads(path.read_text(encoding="utf-8")))


def test_there_is_a_guided_lesson():
    assert LESSONS


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_step_can_be_played_when_it_is_asked_for(path):
    """A student following the steps never meets a move the position does not allow."""
    lesson = load(path)
    state = lesson.check()
    assert lesson.step_reached(state.history) == len(lesson.steps)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_guided_lesson_plays_to_its_end_by_following_its_hints(path):
    """Issue 35: a student who presses "Suggest a move" at every step and makes the move it lights up
    reaches the end of the lesson; every step says what to look at, has its own hint, and explains
    the move once made. The computers move between steps as the page moves them."""
    from biocards import games

    lesson = load(path)
    game = games.get(lesson.game)
    state, done = lesson.start(), 0
    while done < len(lesson.steps):
        while not state.is_terminal() and state.current_player != lesson.student:
            seat = state.current_player
            state.apply(game.make_bot(lesson.seats[seat], seat, lesson.seed).choose(state))
        step = lesson.steps[done]
        assert step.say.strip() and step.hint.strip() and step.then.strip(), f"step {done + 1}"
        move = lesson.hinted_move(state, done)
        assert move is not None, f"step {done + 1}: the hint points at no legal move"
        assert lesson.advances(state, move, done)
        state.apply(move)
        done += 1
    assert lesson.hinted_move(state, done) is None  # nothing left to suggest from the lesson
    assert lesson.step_reached(state.history) == len(lesson.steps)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_guided_lesson_names_the_lesson_page_it_belongs_to(path):
    lesson_page = tomllib.loads(path.read_text(encoding="utf-8")).get("lesson", "")
    assert (GUIDED.parent / f"{lesson_page}.md").exists(), lesson_page


def test_first_codons_says_what_the_prepared_position_shows():
    """The step texts name the strand, the water card and codons: they must match the deal."""
    lesson = load(GUIDED / "first-codons.toml")
    view = lesson.start().view(lesson.student)
    assert view["strand"] == "CATCG" and view["five_prime_left"] and view["water_on"]
    assert [a["code"] for a in view["face_up"] if a["translatable"]] == ["S"]
    assert "TCG" in codons("S") and "ATC" in codons("I")  # the codons the steps name
    assert "C A T C G" in lesson.steps[0].say


def test_a_step_matches_only_its_own_move():
    lesson = load(GUIDED / "first-codons.toml")
    first = lesson.steps[0]
    assert first.matches(Action("translate", code="S"))
    assert not first.matches(Action("translate", code="H"))
    assert not first.matches(Action("play", card="toggle-water"))


def test_progress_is_recovered_from_the_game_record():
    """A reload resumes the lesson at the step the history reached (bots' moves do not count)."""
    lesson = load(GUIDED / "first-codons.toml")
    state = lesson.start()
    assert lesson.step_reached(state.history) == 0
    state.apply(next(a for a in state.legal_actions() if lesson.steps[0].matches(a)))
    assert lesson.step_reached(state.history) == 1


def test_a_lesson_asking_for_an_impossible_move_is_refused():
    """The build plays each lesson first, so a broken step stops the build, not a student."""
    data = tomllib.loads((GUIDED / "first-codons.toml").read_text(encoding="utf-8"))
    data["steps"][0]["expect"] = {"kind": "translate", "code": "W"}  # no TGG on the strand
    with pytest.raises(ValueError, match="step 1"):
        GuidedLesson.from_dict("broken", data).check()


@pytest.mark.parametrize("change, message", [
    ({"steps": []}, "needs steps"),
    ({"seats": ["greedy", "human"]}, "must be 'human'"),
    ({"title": None}, None),
])
def test_malformed_lessons_are_reported(change, message):
    data = tomllib.loads((GUIDED / "first-codons.toml").read_text(encoding="utf-8"))
    data.update(change)
    if change.get("title", "") is None:
        del data["title"]
    with pytest.raises(ValueError, match=message or "missing"):
        GuidedLesson.from_dict("bad", data)


def test_a_lesson_link_takes_game_seats_and_seed_from_the_lesson():
    lesson = load(GUIDED / "first-codons.toml")
    setup = parse("?game=translation&lesson=first-codons&seats=greedy,greedy&seed=99&pace=0",
                  {"translation": (2, 4)}, lesson)
    assert (setup.game, setup.seats, setup.seed, setup.pace_ms) == ("translation", ("human", "greedy"), 7, 0)
    assert setup.storage_key(7) == "biocards:lesson:first-codons"
    assert parse("?game=translation&seed=7", {"translation": (2, 4)}).storage_key(7) != setup.storage_key(7)


def test_peptide_first_link_says_what_the_prepared_position_shows():
    """The steps name the hand, the RNA held and face up, and Asparagine's codon: they must match the deal."""
    from biocards.games.peptide import amino_card

    lesson = load(GUIDED / "peptide-first-link.toml")
    view = lesson.start().view(lesson.student)
    me = view["seats"][lesson.student]
    assert (view["phase"], view["round"], view["current"]) == ("resolve", 3, lesson.student)
    assert me["hand"] == ["N"] and me["atp"] == 3
    assert me["rna"] == {"A": 1, "G": 0, "C": 0, "U": 1} and view["rna_up"] == ["G", "A"]
    assert me["selected"] == [{"organelle": "nucleus", "facedown": False},
                              {"organelle": "ribosome", "facedown": False}]
    assert amino_card("N").name == "Asparagine" and amino_card("N").codon == "AAU"
    # "one of Asparagine's two codons (AAU and AAC)": the standard code, written in DNA letters here
    assert codons("N") == {"AAT", "AAC"}
    assert lesson.steps[1].expect["index"] == view["rna_up"].index("A")
    assert "Guanine (G) and Adenine (A)" in lesson.steps[1].say


def test_cytosis_secrete_a_hormone_says_what_the_prepared_position_shows():
    """The steps name the card, its cubes and ATP, the student's stock and the vesicle numbers."""
    from biocards.games.cytosis.cards import CARD

    lesson = load(GUIDED / "cytosis-secrete-a-hormone.toml")
    view = lesson.start().view(lesson.student)
    me = view["seats"][lesson.student]
    assert (view["round"], view["turn"]) == (2, lesson.student) and not view["occupied"]
    assert "PH5" in me["hand"] and me["atp"] == 7
    assert me["cubes"] == {"mrna": 0, "protein": 0, "carb": 1, "lipid": 2}
    epo = CARD["PH5"]
    assert (epo.name, epo.kind, dict(epo.cubes), epo.atp) == (
        "Erythropoietin", "protein-hormone", {"protein": 3, "carb": 1}, 3)
    assert [(v["id"], v["owner"], v["loc"]) for v in view["vesicles"]] == [(1, 1, "rough-er")]
    # Played through, the student's vesicle is number 2 (Player 2 buds none in between) and EPO is made.
    state = lesson.check()
    golgi = next(a for a in state.history[len(lesson.moves):] if a.get("spot") == "golgi-1")
    assert golgi.vesicle == 2
    assert "PH5" in state.completed[lesson.student]


def test_a_step_may_accept_either_of_two_identical_spots_and_every_choice_is_checked():
    """Cytosis has twin spots: a step listing both accepts either, and check() plays both paths."""
    from biocards.guided import Step

    step = Step(say="", expect={"kind": "place", "spot": ["rer-1", "rer-2"]}, then="")
    assert step.matches(Action("place", spot="rer-2", n=3))
    assert not step.matches(Action("place", spot="golgi-1"))
    lesson = load(GUIDED / "cytosis-secrete-a-hormone.toml")
    for alternative in ("rer-2", "golgi-2", "exo-2"):
        assert any(alternative in str(s.expect["spot"]) for s in lesson.steps)
    lesson.check()  # would raise if choosing a right-hand twin led to a dead end


def test_nucleo_build_trh_says_what_the_prepared_position_shows():
    """The intro and steps name the hand, the protein cards, the tRNA card and Histidine's codons."""
    from collections import Counter

    from biocards.games.nucleo.cards import AMINO_NAMES, PROTEINS

    lesson = load(GUIDED / "nucleo-build-trh.toml")
    state = lesson.start()
    view = state.view(lesson.student)
    me = view["hands"][lesson.student]
    assert (view["phase"], view["round"], view["current"]) == ("trade", 1, lesson.student)
    assert view["last_roll"] == {"d6": "action"} and me["actions"] == ["transfer-rna"]
    assert me["amino"] == {"C": 1, "P": 1, "Q": 1, "T": 1}
    assert [(p["name"], p["sequence"]) for p in me["proteins"]] == [
        ("Endomorphin-1", "YPWF"), ("Vasopressin", "CYFQNCPRG"), ("TRH", "QHP")]
    assert [AMINO_NAMES[a] for a in "QHP"] == ["Glutamine", "Histidine", "Proline"]
    assert PROTEINS["TRH"].composition - Counter(me["amino"]) == Counter("H")  # the one card missing
    assert codons("H") == {"CAT", "CAC"}  # "CAU and CAC", written in RNA letters in the step
    assert "Proline" in lesson.intro and "Transfer RNA" in lesson.intro


def test_expression_follow_the_pathway_says_what_the_prepared_position_shows():
    """Each step names the top card, the card to play and what the table shows: the bots' moves
    between the steps follow from the seed, so walk the lesson and check every step's position."""
    from biocards import games

    lesson = load(GUIDED / "expression-follow-the-pathway.toml")
    state = lesson.start()
    game = games.get(lesson.game)
    seen, between = [], []
    for step in lesson.steps:
        moved = []  # (seat, action) of the bots' moves before this step
        while state.current_player != lesson.student:
            seat = state.current_player
            action = game.make_bot(lesson.seats[seat], seat, lesson.seed).choose(state)
            moved.append((seat, action))
            state.apply(action)
        between.append(moved)
        seen.append((state.discard[-1], state.hand_sizes()))
        state.apply(next(a for a in state.legal_actions() if step.matches(a)))
    assert [top for top, _ in seen] == ["promoter:10", "operon:10", "transcription-factor:7", "promoter:3"]
    assert seen[3][1][1] == 1  # "Player 2 ... has only 1 card left"
    says = [" ".join(step.say.split()) for step in lesson.steps]
    for say, shown in zip(says, ["Promoter 10", "Enhancer 10", "Transcription factor 7", "Promoter 3"]):
        assert shown in say
    # Step 3: "Player 4's Promoter Translocation made you miss a turn": the seat after Player 4's
    # Translocation to move was Player 2, not the student.
    seats = [seat for seat, _ in between[2]]
    at = next(i for i, (seat, a) in enumerate(between[2]) if a.get("card") == "promoter:translocation")
    assert seats[at] == 3 and seats[at + 1] == 1 and "Player 4's Promoter Translocation" in says[2]


def test_a_bot_making_the_move_a_step_asks_for_does_not_do_the_students_step():
    """The steps are the student's: the bot playing its own Toggle Water card is not step 2."""
    data = tomllib.loads((GUIDED / "first-codons.toml").read_text(encoding="utf-8"))
    data["steps"] = [{"say": "", "then": "", "expect": {"kind": "play", "card": "toggle-water"}}] * 2
    lesson = GuidedLesson.from_dict("water-twice", data)
    state = lesson.start()

    def is_water(action):
        return action.kind == "play" and action.get("card") == "toggle-water"

    state.apply(next(a for a in state.legal_actions() if is_water(a)))  # the student: step 1
    while state.current_player == lesson.student:  # spend the rest of the turn on other moves
        state.apply(next(a for a in state.legal_actions() if not is_water(a)))
    state.apply(next(a for a in state.legal_actions() if is_water(a)))  # the bot's own water card
    assert lesson.step_reached(state.history) == 1
