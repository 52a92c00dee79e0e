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


@dataclass(frozen=True)
class AminoCard:
    """An Amino Acid card."""

    code: str
    name: str
    codon: str
    """Three RNA letters, 5′→3′."""
    value: int


AMINO_TABLE = [
    # code, name, codon (RNA), value
    ("A", "Alanine", "GCU", 4), ("R", "Arginine", "CGA", 3), ("N", "Asparagine", "AAU", 5),
    ("D", "Aspartate", "GAU", 5), ("C", "Cysteine", "UGU", 6), ("Q", "Glutamine", "CAA", 5),
    ("E", "Glutamate", "GAA", 5), ("G", "Glycine", "GGU", 4), ("H", "Histidine", "CAU", 6),
    ("I", "Isoleucine", "AUU", 5), ("L", "Leucine", "CUG", 3), ("K", "Lysine", "AAA", 5),
    ("M", "Methionine", "AUG", 7), ("F", "Phenylalanine", "UUU", 5), ("P", "Proline", "CCU", 6),
    ("S", "Serine", "UCA", 3), ("T", "Threonine", "ACC", 4), ("W", "Tryptophan", "UGG", 7),
    ("Y", "Tyrosine", "UAU", 5), ("V", "Valine", "GUU", 5),
]
AMINO_CARDS: dict[str, AminoCard] = {row[0]: AminoCard(*row) for row in AMINO_TABLE}
STOP = "STOP"
START_CODON = "AUG"

RNA_LETTERS = "AGCU"
RNA_PER_LETTER = 12
RNA_NAMES = {"A": "Adenine", "G": "Guanine", "C": "Cytosine", "U": "Uracil"}
STOP_CODON = "UAA"
"""One of the three stop codons (UAA, UAG, UGA), shown on the STOP card."""


@dataclass(frozen=True)
class Organelle:
    """An Organelle card type: what it does in the game and the biology it stands for."""

    id: str
    name: str
    does: str
    concepts: tuple[str, ...]


ORGANELLE_ORDER = ("mitochondrion", "nucleus", "vacuole", "synthetase", "ribosome")
ORGANELLES: dict[str, Organelle] = {o.id: o for o in [
    Organelle("mitochondrion", "Mitochondrion", "collect 2 ATP", ("mitochondrion", "atp", "cellular-respiration")),
    Organelle("nucleus", "Nucleus", "collect an RNA card", ("nucleus", "transcription", "mrna", "uracil-vs-thymine")),
    Organelle("vacuole", "Vacuole", "collect 1 RNA card and 1 ATP", ("vacuole",)),
    Organelle("synthetase", "Amino-Acyl Synthetase", "pay 2 ATP: draw two Amino Acids, keep one",
              ("aminoacyl-trna-synthetase", "trna", "atp")),
    Organelle("ribosome", "Ribosome", "pay 1 ATP: link or make permanent an amino acid",
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
