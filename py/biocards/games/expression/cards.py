"""The gene-expression deck: four steps of the expression pathway, numbers 1–10 and four mutations.

A card is written ``category:value`` (``"operon:7"``, ``"promoter:deletion"``). The categories are
the steps a gene goes through to be expressed, in order; the actions are the four kinds of mutation.
References: Alberts et al., *Molecular Biology of the Cell*, 6th ed., ch. 7 (control of gene
expression) and ch. 4–5 (mutation); Jacob & Monod, J. Mol. Biol. 3:318 (1961) on the lac operon.
Deck counts are docs/rules-decisions.md › Gene-expression matching game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...i18n import N_, Message, lazy_gettext, message, pmessage

PATHWAY = ("promoter", "operon", "transcription-factor", "expressed-gene")
"""The categories in the order of expression; after the expressed gene the pathway starts again."""

NUMBERS = tuple(range(1, 11))
ACTIONS = ("substitution", "translocation", "deletion", "insertion")
COPIES_OF_EACH_ACTION = 2
HAND_SIZE = 6
INSERTION_DRAW = 2
ACTION_POINTS = 20
"""What an action card left in a loser's hand is worth to the hand's winner (rulebook "Scoring")."""


@dataclass(frozen=True)
class Category:
    """One step of the pathway: its printed colour and what it stands for."""

    name: str
    """What a student reads, e.g. ``"Transcription factor"``."""
    colour: str
    """The printed colour (the table must not rely on it alone)."""
    concepts: tuple[str, ...]
    """Concept ids (lessons/concepts.toml) a play of this category teaches."""
    role: str
    """Its part in expression, one clause."""


CATEGORIES = {
    "promoter": Category(N_("Promoter"), "red", ("promoter", "dna", "gene-expression"),
                         N_("RNA polymerase lands on the promoter, the start of every gene's expression")),
    # The seed calls this step "enhancer" (docs/rules-decisions.md › Gene-expression matching game), and our own genes are switched by enhancers; operons
    # are bacterial (OpenStax Biology 2e, 16.2-16.4). The id stays "operon" so saved games replay; the
    # card prints the rulebook's word.
    "operon": Category(N_("Enhancer"), "blue", ("enhancer", "operon", "gene-expression"),
                       N_("an enhancer is DNA where activator proteins bind to raise a gene's transcription "
                          "(bacteria use an operon's operator instead)")),
    "transcription-factor": Category(N_("Transcription factor"), "yellow",
                                     ("transcription-factor", "gene-expression"),
                                     N_("transcription factors bind the DNA and turn transcription up or down")),
    "expressed-gene": Category(N_("Expressed gene"), "green", ("gene", "gene-expression", "gene-to-protein"),
                               N_("the gene is transcribed and translated: its product is made")),
}


@dataclass(frozen=True)
class Mutation:
    """An action card: the mutation it is named after and what it does to a gene's product."""

    name: str
    effect: str
    """The game effect, one clause."""
    product: str
    """How this mutation changes the product of a gene, one sentence in our words."""
    concepts: tuple[str, ...]


MUTATIONS = {
    "substitution": Mutation(
        N_("Substitution"), N_("two players swap hands"),
        N_("A substitution swaps one base for another: at most one codon changes, so the protein gets "
           "one different amino acid (missense), the same one (silent) or is cut short by a new stop "
           "codon (nonsense)."),
        ("substitution", "point-mutation", "silent-mutation", "missense-mutation", "nonsense-mutation",
         "stop-codon", "mutation")),
    "translocation": Mutation(
        N_("Translocation"), N_("the next player is skipped"),
        N_("A translocation moves a piece of a chromosome elsewhere: the gene's sequence survives, but it "
           "can land beside another gene's promoter and be expressed at the wrong time, or be fused "
           "with another gene into a hybrid protein."),
        ("translocation", "gene-expression", "mutation")),
    "deletion": Mutation(
        N_("Deletion"), N_("play one more card at once, ignoring the top card"),
        N_("A deletion removes bases: unless it removes a multiple of three, every codon after it is "
           "read in a new frame, so the protein is garbled from that point and usually stops early."),
        ("deletion", "frameshift", "reading-frame", "mutation")),
    "insertion": Mutation(
        N_("Insertion"), N_("the next player draws 2 and is skipped"),
        N_("An insertion adds bases: unless it adds a multiple of three, it shifts the reading frame, so "
           "every amino acid after it changes and a stop codon soon cuts the protein short."),
        ("insertion", "frameshift", "reading-frame", "mutation")),
}


def card(category: str, value: int | str) -> str:
    """The written form of a card, ``category:value``."""
    return f"{category}:{value}"


DECK: tuple[str, ...] = tuple(
    [card(c, n) for c in PATHWAY for n in NUMBERS]
    + [card(c, a) for c in PATHWAY for a in ACTIONS for _ in range(COPIES_OF_EACH_ACTION)]
)
"""All 72 cards: 4 categories × (10 numbers + 2 of each of the 4 actions)."""


# -- reading cards ------------------------------------------------------------------------------

def parse(card: str) -> tuple[str, int | str]:
    """``"operon:7"`` → ``("operon", 7)``; raises ``ValueError`` for anything not in the deck."""
    if not isinstance(card, str) or card.count(":") != 1:
        raise ValueError(message("a card is written category:value, not {card!r}", card=card))
    category, value = card.split(":")
    if category not in CATEGORIES:
        raise ValueError(message("{card!r} has no category {category!r}; categories: {categories}", card=card,
                                 category=category, categories=", ".join(PATHWAY)))
    if value in ACTIONS:
        return category, value
    if value.isdigit() and 1 <= int(value) <= 10 and value == str(int(value)):
        return category, int(value)
    raise ValueError(message("{card!r}: the value must be 1–10 or one of {actions}", card=card,
                             actions=", ".join(ACTIONS)))


def next_category(category: str) -> str:
    """The step after ``category`` on the pathway (the expressed gene leads back to the promoter)."""
    return PATHWAY[(PATHWAY.index(category) + 1) % len(PATHWAY)]


def follows(card: str, top: str) -> bool:
    """True when ``card`` may go on ``top``: next step of the pathway, same number or same action."""
    category, value = parse(card)
    top_category, top_value = parse(top)
    return category == next_category(top_category) or value == top_value


FOLLOWERS = {top: frozenset(c for c in set(DECK) if follows(c, top)) for top in set(DECK)}
"""For each top card, the cards that may go on it (worked out once: legal moves are a hot loop)."""


def is_action(card: str) -> bool:
    """True for the four mutation cards."""
    return card.rsplit(":", 1)[1] in ACTIONS


def points(card: str) -> int:
    """What ``card`` is worth in a loser's hand: face value, or 20 for an action."""
    value = card.rsplit(":", 1)[1]
    return ACTION_POINTS if value in ACTIONS else int(value)


def name(card: str) -> str:
    """``"transcription-factor:3"`` → ``"Transcription factor 3"`` (in English; :func:`card_name` is
    what a student reads)."""
    category, value = card.split(":")
    shown = MUTATIONS[value].name if value in MUTATIONS else value
    return f"{CATEGORIES[category].name} {shown}"


@lru_cache(maxsize=128)  # one Message per card (72): made once, its hash kept
def card_name(card: str) -> Message:
    """A card's name in the reader's language: ``"Transcription factor 3"``, ``"Promoter Deletion"``."""
    category, value = card.split(":")
    step = lazy_gettext(CATEGORIES[category].name)
    if value in MUTATIONS:
        return pmessage("card", "{step} {mutation}", step=step, mutation=lazy_gettext(MUTATIONS[value].name))
    return pmessage("card", "{step} {number}", step=step, number=value)


def card_order(card: str) -> tuple[int, int]:
    """A fixed order for hands and legal moves: by pathway step, numbers before actions."""
    category, value = card.split(":")
    return PATHWAY.index(category), ACTIONS.index(value) + 11 if value in ACTIONS else int(value)
