"""NUCLEO's components: amino acid cards, real peptide cards, action cards, dice, coin pools.

Peptide sequences are the mature human (or named) peptides, written N- to C-terminus in one-letter
codes, with their UniProt precursor entry or PubChem compound id. Modifications that are not a
standard amino acid are noted but not counted: TRH, GnRH and neurotensin start with pyroglutamate,
which the cell makes from glutamine (Q); glutathione's glutamate is joined through its side chain
(a γ-peptide bond) and it is made by two enzymes, not on a ribosome (glutamate-cysteine ligase, UniProt
P48506, and glutathione synthetase, UniProt P48637). C-terminal amides and disulfide bonds are noted per
card (UniProt "Modified residue" and "Disulfide bond" features). Amino acid card counts are design: codons in the standard genetic code
(NCBI table 1) plus three, so common amino acids are common cards: 61 + 20 × 3 = 121.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property

from ...i18n import N_

AMINO_NAMES = {
    "A": N_("Alanine"), "R": N_("Arginine"), "N": N_("Asparagine"), "D": N_("Aspartate"), "C": N_("Cysteine"),
    "Q": N_("Glutamine"), "E": N_("Glutamate"), "G": N_("Glycine"), "H": N_("Histidine"), "I": N_("Isoleucine"),
    "L": N_("Leucine"), "K": N_("Lysine"), "M": N_("Methionine"), "F": N_("Phenylalanine"), "P": N_("Proline"),
    "S": N_("Serine"), "T": N_("Threonine"), "W": N_("Tryptophan"), "Y": N_("Tyrosine"), "V": N_("Valine"),
}
CODONS = {"A": 4, "R": 6, "N": 2, "D": 2, "C": 2, "Q": 2, "E": 2, "G": 4, "H": 2, "I": 3,
          "L": 6, "K": 2, "M": 1, "F": 2, "P": 4, "S": 6, "T": 4, "W": 1, "Y": 2, "V": 4}
AMINO_CARDS = {code: n + 3 for code, n in CODONS.items()}
"""Copies of each amino acid card (121 in all)."""

D20 = tuple(AMINO_NAMES)
D6 = ("one", "one", "two", "action", "action", "protein")
"""The six-sided die: 2 faces one amino acid, 1 face two, 2 faces an action card, 1 face a protein."""

COIN_POOL = {2: 20, 3: 27, 4: 32}


@dataclass(frozen=True)
class Protein:
    """A protein card: a real peptide the player can build from its amino acids."""

    name: str
    sequence: str
    """One-letter codes, N- to C-terminus."""
    source: str
    """UniProt precursor entry or PubChem compound id."""
    role: str
    """What the molecule does in the body, in one phrase."""
    concepts: tuple[str, ...] = ()
    """Concept ids (lessons/concepts.toml) for this molecule and the job it does: every card has one."""
    note: str = ""

    @property
    def value(self) -> int:
        """Coins for building it (design: one coin per two amino acids, rounded up)."""
        return (len(self.sequence) + 1) // 2

    @cached_property
    def composition(self) -> Counter:
        """How many of each amino acid card building it takes."""
        return Counter(self.sequence)


# Function concepts: a hormone carried in the blood (protein-hormone) or a signal between nerve cells
# (neuropeptide); a molecule with a lesson section of its own names that section first.
PROTEINS_TABLE = [
    Protein(N_("Glutathione"), "ECG", "PubChem CID 124886", N_("protects cells from oxidative damage"),
            ("glutathione", "detoxification"),
            N_("the glutamate is linked through its side chain (a γ-peptide bond)")),
    Protein(N_("TRH"), "QHP", "UniProt P20396", N_("tells the pituitary to release thyroid-stimulating hormone"),
            ("protein-hormone",), N_("thyrotropin-releasing hormone; the first Q becomes pyroglutamate and the end "
                                     "proline carries an amide")),
    Protein(N_("Endomorphin-1"), "YPWF", "PubChem CID 5311080", N_("relieves pain through opioid receptors"),
            ("neuropeptide",), N_("the end phenylalanine carries an amide; no precursor gene is known, so the "
                                  "source is PubChem")),
    Protein(N_("Met-enkephalin"), "YGGFM", "UniProt P01210", N_("dampens pain signals in the brain and spinal cord"),
            ("enkephalin", "neuropeptide")),
    Protein(N_("Leu-enkephalin"), "YGGFL", "UniProt P01210",
            N_("dampens pain signals in the brain and spinal cord, like Met-enkephalin, whose last amino acid it "
               "swaps"),
            ("enkephalin", "neuropeptide")),
    Protein(N_("Angiotensin III"), "RVYIHPF", "UniProt P01019", N_("raises blood pressure and releases aldosterone"),
            ("angiotensin-ii",), N_("cut in the blood from angiotensin II, not secreted from a gland")),
    Protein(N_("Angiotensin II"), "DRVYIHPF", "UniProt P01019", N_("narrows blood vessels to raise blood pressure"),
            ("angiotensin-ii",), N_("cut in the blood from angiotensinogen, which the liver secretes")),
    Protein(N_("Cholecystokinin-8"), "DYMGWMDF", "UniProt P06307",
            N_("triggers bile release and the feeling of fullness"),
            ("protein-hormone",), N_("the tyrosine carries a sulfate group and the end phenylalanine an amide")),
    Protein(N_("Oxytocin"), "CYIQNCPLG", "UniProt P01178", N_("causes uterine contractions and milk let-down"),
            ("oxytocin", "protein-hormone"),
            N_("a disulfide bond joins its two cysteines; the end glycine carries an amide")),
    Protein(N_("Vasopressin"), "CYFQNCPRG", "UniProt P01185", N_("makes the kidneys keep water"),
            ("vasopressin", "protein-hormone"),
            N_("a disulfide bond joins its two cysteines; the end glycine carries an amide")),
    Protein(N_("Bradykinin"), "RPPGFSPFR", "UniProt P01042", N_("widens blood vessels and signals pain"),
            ("bradykinin",)),
    Protein(N_("Kallidin"), "KRPPGFSPFR", "UniProt P01042", N_("widens blood vessels in inflamed tissue"),
            ("bradykinin",), N_("lysyl-bradykinin")),
    Protein(N_("Angiotensin I"), "DRVYIHPFHL", "UniProt P01019", N_("is cut by ACE into angiotensin II"),
            ("angiotensin-ii", "enzyme")),
    Protein(N_("GnRH"), "QHWSYGLRPG", "UniProt P01148",
            N_("starts the release of the reproductive hormones LH and FSH"),
            ("protein-hormone",), N_("gonadotropin-releasing hormone; the first Q becomes pyroglutamate and the "
                                     "end glycine carries an amide")),
    Protein(N_("Kisspeptin-10"), "YNWNSFGLRF", "UniProt Q15726", N_("switches on GnRH release at puberty"),
            ("neuropeptide",), N_("the end phenylalanine carries an amide")),
    Protein(N_("Substance P"), "RPKPQQFFGLM", "UniProt P20366", N_("carries pain and inflammation signals"),
            ("substance-p", "neuropeptide"), N_("the end methionine carries an amide")),
    Protein(N_("Neurotensin"), "QLYENKPRRPYIL", "UniProt P30990", N_("regulates dopamine signalling and gut movement"),
            ("neuropeptide",), N_("the first Q becomes pyroglutamate")),
    Protein(N_("α-MSH"), "SYSMEHFRWGKPV", "UniProt P01189", N_("darkens skin and reduces appetite"),
            ("protein-hormone",),
            N_("cut from pro-opiomelanocortin (POMC); the first serine is acetylated and the end valine carries "
               "an amide")),
    Protein(N_("Somatostatin-14"), "AGCKNFFWKTFTSC", "UniProt P61278", N_("stops the release of growth hormone"),
            ("protein-hormone",), N_("a disulfide bond joins its two cysteines into a ring")),
    Protein(N_("Nociceptin"), "FGGFTGARKSARKLANQ", "UniProt Q13519", N_("modulates pain and stress responses"),
            ("neuropeptide",)),
]
PROTEINS: dict[str, Protein] = {p.name: p for p in PROTEINS_TABLE}


@dataclass(frozen=True)
class ActionCard:
    """A type of action card."""

    id: str
    title: str
    copies: int
    timing: str
    """"now" (must be played when drawn), "trade" (play in part 3) or "build" (play with a build)."""
    text: str
    concepts: tuple[str, ...] = field(default=())


ACTION_CARDS: dict[str, ActionCard] = {c.id: c for c in [
    ActionCard("point-mutation", N_("Point mutation"), 2, "now",
               N_("A copying error: put back one random amino acid card from your hand. In a real cell a point "
                  "mutation changes one DNA base, which may change one amino acid in every copy of a protein."),
               ("point-mutation", "mutation")),
    ActionCard("protease", N_("Protease"), 2, "now",
               N_("An enzyme that cuts peptide bonds: every other player puts back one random amino acid card."),
               ("enzyme", "peptide-bond")),
    ActionCard("ribosome-rush", N_("Ribosome rush"), 2, "now",
               N_("Roll the twenty-sided die twice and take both amino acids. In a real cell ribosomes do not make "
                  "amino acids: they join the ones tRNAs bring."), ("ribosome", "trna", "translation")),
    ActionCard("research-grant", N_("Research grant"), 1, "now", N_("Take 1 coin from the pool."), ()),
    ActionCard("transfer-rna", N_("Transfer RNA"), 2, "trade",
               N_("A tRNA brings what you need: take one amino acid card of your choice."), ("trna",)),
    ActionCard("recycling", N_("Protein recycling"), 2, "trade",
               N_("Put one protein card from your hand under the protein pile without taking another."),
               ("protein",)),
    ActionCard("catalyst", N_("Enzyme catalyst"), 3, "build", N_("Build a protein and earn 1 extra coin."),
               ("enzyme",)),
    ActionCard("modification", N_("Post-translational modification"), 2, "build",
               N_("Build a protein of 10 or more amino acids and earn 2 extra coins."), ("protein",)),
    ActionCard("gene-duplication", N_("Gene duplication"), 2, "build",
               N_("Build a protein and keep its card, so you can build it again."), ("gene-to-protein",)),
]}
assert sum(c.copies for c in ACTION_CARDS.values()) == 18

STARTING_AMINO_ACIDS = 3
STARTING_PROTEINS = 3
FIXED_TRADE = 5
