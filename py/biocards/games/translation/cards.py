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

from ...i18n import N_

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
    ("A", "Ala", N_("Alanine"), True, (N_("Aliphatic"),)),
    ("R", "Arg", N_("Arginine"), False, (N_("Basic"),)),
    ("N", "Asn", N_("Asparagine"), False, (N_("Acid derivative"), N_("Small polar"))),
    ("D", "Asp", N_("Aspartate"), False, (N_("Acidic"),)),
    ("C", "Cys", N_("Cysteine"), True, (N_("Sulfur"), N_("Small polar"))),
    ("Q", "Gln", N_("Glutamine"), False, (N_("Acid derivative"),)),
    ("E", "Glu", N_("Glutamate"), False, (N_("Acidic"),)),
    ("G", "Gly", N_("Glycine"), False, (N_("Unusual"),)),
    ("H", "His", N_("Histidine"), True, (N_("Aromatic"), N_("Basic"))),
    ("I", "Ile", N_("Isoleucine"), True, (N_("Aliphatic"),)),
    ("L", "Leu", N_("Leucine"), True, (N_("Aliphatic"),)),
    ("K", "Lys", N_("Lysine"), False, (N_("Basic"),)),
    ("M", "Met", N_("Methionine"), True, (N_("Aliphatic"), N_("Sulfur"))),
    ("F", "Phe", N_("Phenylalanine"), True, (N_("Aromatic"),)),
    ("P", "Pro", N_("Proline"), False, (N_("Unusual"),)),
    ("S", "Ser", N_("Serine"), False, (N_("Small polar"),)),
    ("T", "Thr", N_("Threonine"), False, (N_("Small polar"),)),
    ("W", "Trp", N_("Tryptophan"), True, (N_("Aromatic"),)),
    ("Y", "Tyr", N_("Tyrosine"), True, (N_("Aromatic"),)),
    ("V", "Val", N_("Valine"), True, (N_("Aliphatic"),)),
]
AMINO_ACIDS: dict[str, AminoAcid] = {row[0]: AminoAcid(*row) for row in _TABLE}

REAL_SIDE_CHAIN = {
    "H": N_("histidine is basic and polar"),
    "Y": N_("tyrosine is polar, thanks to its OH group"),
    "C": N_("cysteine is only slightly polar"),
    "G": N_("glycine has no side chain, just a hydrogen"),
    "P": N_("proline's side chain is nonpolar"),
}
"""Where the water card's split differs from how biochemists class the side chain (OpenStax Biology 2e,
3.4, figure 3.23: nonpolar, polar, charged groups)."""

WATER_RULE_NOTE = N_("In a real cell water does not decide which amino acids are made: ribosomes join whatever "
                      "the mRNA codes for.")
READING_FRAME_NOTE = N_("In a real cell the ribosome reads codons in one frame, three letters at a time from the "
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
    ActionCard("toggle-water", N_("Toggle Water"), 0, 1, False,
               N_("Switch the water ON or OFF: hydrophilic amino acids need it ON, hydrophobic ones OFF.")),
    ActionCard("extend", N_("Extend"), 0, 1, False,
               N_("Roll the white die and add that nucleotide at the 3′ end. Use it as often as you like.")),
    ActionCard("delete", N_("Delete"), 2, 1, True, N_("Remove one nucleotide from anywhere in the strand.")),
    ActionCard("insert", N_("Insert"), 3, 1, True,
               N_("Roll the black die and insert that nucleotide anywhere (W, S, Y, R: you pick one of two).")),
    ActionCard("reverse-complement", N_("Reverse Complement"), 3, 1, True,
               N_("Move the 5′ card to the other end: read the other strand, in the other direction.")),
    ActionCard("complement", N_("Complement"), 3, 2, True, N_("Turn one nucleotide into its partner: A↔T, C↔G.")),
    ActionCard("transition", N_("Transition"), 3, 2, True,
               N_("Swap a purine for a purine or a pyrimidine for a pyrimidine: A↔G, C↔T.")),
    ActionCard("transversion", N_("Transversion"), 3, 2, True,
               N_("Swap a purine for a pyrimidine or back: A↔C, G↔T. Each swap also turns a weak A·T pair "
                  "into a strong G·C pair, or a strong one into a weak one.")),
    ActionCard("mutate", N_("Mutate"), 5, 3, True, N_("Change one nucleotide into any other.")),
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
