"""Peptide's components: amino acid cards with one real RNA codon each, RNA, organelles, ATP, bonus.

Each Amino Acid card shows one codon of the standard genetic code (NCBI translation table 1,
https://www.ncbi.nlm.nih.gov/Taxonomy/Utils/wprintgc.cgi#SG1) in the RNA alphabet, read 5′→3′.
Three codons and three values are fixed by the rulebook's examples (docs/rules-decisions.md › Peptide): Arginine CGA,
Threonine ACC, Serine UCA; Asparagine 5, Proline 6, Valine 5.

Values are our design (docs/rules-decisions.md › Peptide: document the idea): an amino acid is worth more the fewer codons
the genetic code gives it, since a cell has fewer ways to spell it (1 codon: 7 points; 2: 5;
3: 5; 4: 4; 6: 3), with Cys and His one point up (a game choice, not a measure of cost: the
costliest amino acids for a cell to make are the aromatic Trp, Phe and Tyr, and Pro is cheap; Akashi &
Gojobori, PNAS 99:3695, 2002) and held to the rulebook's three fixed values (Pro 6 among them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n import N_


@dataclass(frozen=True)
class AminoCard:
    """An Amino Acid card."""

    code: str
    name: str
    """In English, marked for the catalog: shown with ``_(name)`` or ``lazy_gettext(name)``."""
    codon: str
    """Three RNA letters, 5′→3′."""
    value: int


AMINO_TABLE = [
    # code, name, codon (RNA), value
    ("A", N_("Alanine"), "GCU", 4), ("R", N_("Arginine"), "CGA", 3), ("N", N_("Asparagine"), "AAU", 5),
    ("D", N_("Aspartate"), "GAU", 5), ("C", N_("Cysteine"), "UGU", 6), ("Q", N_("Glutamine"), "CAA", 5),
    ("E", N_("Glutamate"), "GAA", 5), ("G", N_("Glycine"), "GGU", 4), ("H", N_("Histidine"), "CAU", 6),
    ("I", N_("Isoleucine"), "AUU", 5), ("L", N_("Leucine"), "CUG", 3), ("K", N_("Lysine"), "AAA", 5),
    ("M", N_("Methionine"), "AUG", 7), ("F", N_("Phenylalanine"), "UUU", 5), ("P", N_("Proline"), "CCU", 6),
    ("S", N_("Serine"), "UCA", 3), ("T", N_("Threonine"), "ACC", 4), ("W", N_("Tryptophan"), "UGG", 7),
    ("Y", N_("Tyrosine"), "UAU", 5), ("V", N_("Valine"), "GUU", 5),
]
AMINO_CARDS: dict[str, AminoCard] = {row[0]: AminoCard(*row) for row in AMINO_TABLE}
AMINO_IN_SENTENCE = {
    # An amino acid named inside a sentence ("the tRNA that carries alanine"): a message of its own,
    # since a language may not write it as the card's name in lower case.
    "A": N_("alanine"), "R": N_("arginine"), "N": N_("asparagine"), "D": N_("aspartate"), "C": N_("cysteine"),
    "Q": N_("glutamine"), "E": N_("glutamate"), "G": N_("glycine"), "H": N_("histidine"), "I": N_("isoleucine"),
    "L": N_("leucine"), "K": N_("lysine"), "M": N_("methionine"), "F": N_("phenylalanine"), "P": N_("proline"),
    "S": N_("serine"), "T": N_("threonine"), "W": N_("tryptophan"), "Y": N_("tyrosine"), "V": N_("valine"),
}
STOP = "STOP"
START_CODON = "AUG"

RNA_LETTERS = "AGCU"
RNA_PER_LETTER = 12
RNA_NAMES = {"A": N_("Adenine"), "G": N_("Guanine"), "C": N_("Cytosine"), "U": N_("Uracil")}
STOP_CODON = "UAA"
"""One of the three stop codons (UAA, UAG, UGA), shown on the STOP card."""


@dataclass(frozen=True)
class Organelle:
    """An Organelle card type: what it does in the game and the biology it stands for."""

    id: str
    name: str
    """In English, marked for the catalog: shown with ``_(name)`` or ``lazy_gettext(name)``."""
    does: str
    concepts: tuple[str, ...]


ORGANELLE_ORDER = ("mitochondrion", "nucleus", "vacuole", "synthetase", "ribosome")
ORGANELLES: dict[str, Organelle] = {o.id: o for o in [
    Organelle("mitochondrion", N_("Mitochondrion"), N_("collect 2 ATP"),
              ("mitochondrion", "atp", "cellular-respiration")),
    Organelle("nucleus", N_("Nucleus"), N_("collect an RNA card"),
              ("nucleus", "transcription", "mrna", "uracil-vs-thymine")),
    Organelle("vacuole", N_("Vacuole"), N_("collect 1 RNA card and 1 ATP"), ("vacuole",)),
    Organelle("synthetase", N_("Amino-Acyl Synthetase"), N_("pay 2 ATP: draw two Amino Acids, keep one"),
              ("aminoacyl-trna-synthetase", "trna", "atp")),
    Organelle("ribosome", N_("Ribosome"), N_("pay 1 ATP: link or make permanent an amino acid"),
              ("ribosome", "peptide-bond", "translation")),
]}
ORGANELLES_PER_TYPE = 6
ORGANELLES_REMOVED = {2: 6, 3: 4, 4: 2, 5: 0, 6: 0}
"""Organelle cards removed at random at setup, by player count (docs/rules-decisions.md › Peptide)."""

ATP_TOKENS = 32
START_ATP = 2
BONUS_STACK = (3, 2, 1)
"""Bonus Point cards, top first."""

# Advanced game: the Vacuole track (docs/rules-decisions.md › Peptide).
ENERGY_START, ENERGY_MAX = 4, 10
RNA_START, RNA_MAX = 3, 9
