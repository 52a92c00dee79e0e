"""Translation's components as data: amino acids, nucleotides, action cards, dice.

Codons are the standard genetic code (NCBI translation table 1,
https://www.ncbi.nlm.nih.gov/Taxonomy/Utils/wprintgc.cgi#SG1) in the DNA alphabet. Each amino
acid's card shows its codons in blocks sharing the first two letters, with the third written as an
IUPAC code (Cornish-Bowden 1985, Nucleic Acids Res. 13:3021): R = A/G, Y = C/T, H = A/C/T, N = any.
Hydrophobicity and groups follow the game's own cards (docs/rules-decisions.md › Translation).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import product

BASES = "TCAG"
# NCBI table 1, codons in TCAG order (first letter slowest): "*" marks a stop codon.
STANDARD_CODE = "FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG"
GENETIC_CODE: dict[str, str] = {
    "".join(codon): aa for codon, aa in zip(product(BASES, repeat=3), STANDARD_CODE)
}

COMPLEMENT = {"A": "T", "T": "A", "C": "G", "G": "C"}
PURINES = frozenset("AG")
WEAK = frozenset("AT")  # two hydrogen bonds; G·C pairs have three

IUPAC = {
    "R": frozenset("AG"), "Y": frozenset("CT"), "W": frozenset("AT"), "S": frozenset("CG"),
    "H": frozenset("ACT"), "N": frozenset("ACGT"),
    **{b: frozenset(b) for b in "ACGT"},
}
_IUPAC_BY_SET = {letters: code for code, letters in IUPAC.items()}


def reverse_complement(seq: str) -> str:
    """The other strand, read 5'→3'."""
    return "".join(COMPLEMENT[b] for b in reversed(seq))


@dataclass(frozen=True)
class AminoAcid:
    """An amino acid card."""

    code: str
    """One-letter code."""
    abbreviation: str
    name: str
    hydrophobic: bool
    """Translatable only with the water OFF (hydrophilic ones need it ON)."""
    groups: tuple[str, ...]
    """Scoring groups: pairs within a group score 2 points."""

    @cached_property
    def codons(self) -> frozenset[str]:
        """Every concrete DNA codon that translates this amino acid."""
        return frozenset(c for c, aa in GENETIC_CODE.items() if aa == self.code)

    @cached_property
    def blocks(self) -> tuple[str, ...]:
        """The codons as printed: one IUPAC pattern per first-two-letter block, e.g. ``("CTN", "TTR")``."""
        thirds: dict[str, set[str]] = {}
        for codon in sorted(self.codons, key=lambda c: [BASES.index(b) for b in c]):
            thirds.setdefault(codon[:2], set()).add(codon[2])
        return tuple(prefix + _IUPAC_BY_SET[frozenset(t)] for prefix, t in thirds.items())


_TABLE = [
    # code, abbreviation, name, hydrophobic, groups
    ("A", "Ala", "Alanine", True, ("Aliphatic",)),
    ("R", "Arg", "Arginine", False, ("Basic",)),
    ("N", "Asn", "Asparagine", False, ("Acid derivative", "Small polar")),
    ("D", "Asp", "Aspartate", False, ("Acidic",)),
    ("C", "Cys", "Cysteine", True, ("Sulfur", "Small polar")),
    ("Q", "Gln", "Glutamine", False, ("Acid derivative",)),
    ("E", "Glu", "Glutamate", False, ("Acidic",)),
    ("G", "Gly", "Glycine", False, ("Unusual",)),
    ("H", "His", "Histidine", True, ("Aromatic", "Basic")),
    ("I", "Ile", "Isoleucine", True, ("Aliphatic",)),
    ("L", "Leu", "Leucine", True, ("Aliphatic",)),
    ("K", "Lys", "Lysine", False, ("Basic",)),
    ("M", "Met", "Methionine", True, ("Aliphatic", "Sulfur")),
    ("F", "Phe", "Phenylalanine", True, ("Aromatic",)),
    ("P", "Pro", "Proline", False, ("Unusual",)),
    ("S", "Ser", "Serine", False, ("Small polar",)),
    ("T", "Thr", "Threonine", False, ("Small polar",)),
    ("W", "Trp", "Tryptophan", True, ("Aromatic",)),
    ("Y", "Tyr", "Tyrosine", True, ("Aromatic",)),
    ("V", "Val", "Valine", True, ("Aliphatic",)),
]
AMINO_ACIDS: dict[str, AminoAcid] = {row[0]: AminoAcid(*row) for row in _TABLE}

REAL_SIDE_CHAIN = {
    "H": "histidine is basic and polar",
    "Y": "tyrosine is polar, thanks to its OH group",
    "C": "cysteine is only slightly polar",
    "G": "glycine has no side chain, just a hydrogen",
    "P": "proline's side chain is nonpolar",
}
"""Where the water card's split differs from how biochemists class the side chain (OpenStax Biology 2e,
3.4, figure 3.23: nonpolar, polar, charged groups)."""

WATER_RULE_NOTE = ("In a real cell water does not decide which amino acids are made: ribosomes join whatever "
                   "the mRNA codes for.")
READING_FRAME_NOTE = ("In a real cell the ribosome reads codons in one frame, three letters at a time from the "
                      "start codon; the game lets any three neighbouring letters count.")
GROUPS = tuple(dict.fromkeys(g for aa in AMINO_ACIDS.values() for g in aa.groups))

# Which amino acid a concrete codon translates, for the cards (stop codons excluded).
CODON_TO_AMINO = {c: aa for c, aa in GENETIC_CODE.items() if aa != "*"}


@dataclass(frozen=True)
class ActionCard:
    """A type of action card: what it costs to buy and to use, and whether the market sells it."""

    id: str
    title: str
    buy: int
    use: int
    sold: bool
    text: str
    """What the card does, in our words."""


ACTION_CARDS: dict[str, ActionCard] = {c.id: c for c in [
    ActionCard("toggle-water", "Toggle Water", 0, 1, False,
               "Switch the water ON or OFF: hydrophilic amino acids need it ON, hydrophobic ones OFF."),
    ActionCard("extend", "Extend", 0, 1, False,
               "Roll the white die and add that nucleotide at the 3′ end. Use it as often as you like."),
    ActionCard("delete", "Delete", 2, 1, True, "Remove one nucleotide from anywhere in the strand."),
    ActionCard("insert", "Insert", 3, 1, True,
               "Roll the black die and insert that nucleotide anywhere (W, S, Y, R: you pick one of two)."),
    ActionCard("reverse-complement", "Reverse Complement", 3, 1, True,
               "Move the 5′ card to the other end: read the other strand, in the other direction."),
    ActionCard("complement", "Complement", 3, 2, True, "Turn one nucleotide into its partner: A↔T, C↔G."),
    ActionCard("transition", "Transition", 3, 2, True,
               "Swap a purine for a purine or a pyrimidine for a pyrimidine: A↔G, C↔T."),
    ActionCard("transversion", "Transversion", 3, 2, True,
               "Swap a purine for a pyrimidine or back: A↔C, G↔T. Each swap also turns a weak A·T pair "
               "into a strong G·C pair, or a strong one into a weak one."),
    ActionCard("mutate", "Mutate", 5, 3, True, "Change one nucleotide into any other."),
]}

# The card's one-step change of a nucleotide (physically: rotate or flip the nucleotide card).
MUTATIONS = {
    "complement": COMPLEMENT,
    "transition": {"A": "G", "G": "A", "C": "T", "T": "C"},
    "transversion": {"A": "C", "C": "A", "G": "T", "T": "G"},
}

WHITE_DIE = ("A", "T", "C", "G") * 2
BLACK_DIE = ("A", "T", "C", "G", "W", "S", "Y", "R")
NUCLEOTIDE_CARDS = 20
STARTING_HAND = {"toggle-water": 1, "extend": 3}
POINTS_PER_TURN = 5
FACE_UP = 5
START_STRAND = 5
FILL_TO = 4
