"""Biology a teacher's reviewer checked (issue 33): the data and the notes say what a real cell does."""

from __future__ import annotations

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
