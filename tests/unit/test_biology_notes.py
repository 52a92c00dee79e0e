"""Biology a teacher's reviewer checked (issue 33): the data and the notes say what a real cell does."""

from __future__ import annotations

import pytest

from biocards.games.cytosis.cards import CARD, CARDS, NO_SUGAR
from biocards.games.cytosis.rules import IN_A_REAL_CELL
from biocards.games.nucleo import protein


def test_every_cytosolic_enzyme_that_costs_a_carbohydrate_says_the_real_enzyme_carries_no_sugar():
    """Cytosolic enzymes are not glycosylated: a carbohydrate cube on an enzyme card is a game cost,
    and the completion log says so (like insulin's)."""
    with_carb = {c.id for c in CARDS if c.kind == "enzyme" and dict(c.cubes).get("carb")}
    assert with_carb and with_carb <= set(NO_SUGAR)


def test_the_glycogen_store_is_the_liver_enzyme_that_glucagon_acts_on():
    card = CARD["R1"]
    assert "glucagon" in card.concepts and card.ref == "UniProt P06737" and "liver" in card.biology


def test_the_receptor_note_does_not_say_every_receptor_binds_only_its_own_hormone():
    note = IN_A_REAL_CELL["receptor"]
    assert "only its own hormone" not in note and "mineralocorticoid receptor binds cortisol" in note


def test_both_enkephalins_act_in_the_brain_and_the_spinal_cord():
    for name in ("Met-enkephalin", "Leu-enkephalin"):
        assert "brain and spinal cord" in protein(name).role


def test_every_concept_the_audit_found_unnamed_is_named_by_some_event():
    """Issue 33: dna, gene, genetic-code, nonsense-mutation, rna, silent-mutation and stop-codon were
    named by no event. Random games of every game now name each of them (and only ids that exist)."""
    import tomllib
    from pathlib import Path

    from biocards import games
    from biocards.bots import RandomBot

    known = set(tomllib.loads((Path(__file__).resolve().parents[2] / "lessons" / "concepts.toml")
                              .read_text(encoding="utf-8")))
    named = set()
    for game in games.all():
        for seed in range(3):
            players = 4 if game.id == "expression" else 2
            state = game.new_state(players, seed)
            bots = [RandomBot(game, s, seed) for s in range(players)]
            while not state.is_terminal():
                for event in state.apply(bots[state.current_player].choose(state)):
                    named.update(event.concepts)
    assert named <= known, sorted(named - known)
    wanted = {"dna", "gene", "genetic-code", "nonsense-mutation", "rna", "silent-mutation", "stop-codon"}
    assert wanted <= named, sorted(wanted - named)


DEFINED = {
    "polymerase": "the enzymes that build DNA or RNA", "aliphatic": "chains of carbon and hydrogen",
    "aromatic": "flat ring of carbon atoms", "spliced": "cuts out introns", "methyl group": "one carbon with three",
    "carboxyl group": "(−COOH)", "amino group": "(−NH2)", "C-terminus": "the end with a free carboxyl group",
    "helices": "coils of the chain", "eukaryotic": "organisms whose cells have a nucleus",
    "cytoskeleton": "network of protein fibres", "concentration gradient": "where there is more of it",
    "disulfide bonds": "sulfur atoms of two cysteines", "opioid receptors": "proteins on nerve cells",
}


@pytest.mark.parametrize("word", sorted(DEFINED))
def test_a_word_a_student_meets_in_a_concept_is_defined_where_it_is_first_used(word):
    """Issue 33: words a student meets undefined in concept summaries are defined at first use."""
    import tomllib
    from pathlib import Path

    table = tomllib.loads((Path(__file__).resolve().parents[2] / "lessons" / "concepts.toml").read_text("utf-8"))
    first = next(e["summary"] for e in table.values() if word.lower() in e["summary"].lower())
    assert DEFINED[word].lower() in first.lower(), (word, first)
