"""Cytosis data: the board's worker spots, the 43 cell component cards, 5 goals and 12 events.

Counts are as printed in the base game; costs and Health Points are our design, anchored on the
rulebook's worked example (a protein hormone: 2 mRNA → 2 protein, 1 carbohydrate, 2 ATP, 7 HP).
Molecules and their roles: UniProt (https://www.uniprot.org) accessions given per card; steroid
pathways from Alberts et al., *Molecular Biology of the Cell*, 6th ed., ch. 12–13 and 15.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ...i18n import N_, Message
from ...i18n import lazy_gettext as _lazy_gettext
from ...i18n import message as _message
from ...i18n import nmessage as _nmessage

# The rules ask for the same spot, amount and list in words over and over (a bot thousands of times
# a move): each is one Message, made once.
message, nmessage, lazy_gettext = (lru_cache(maxsize=4096)(f) for f in (_message, _nmessage, _lazy_gettext))

CUBES = ("mrna", "protein", "carb", "lipid")
"""Macromolecule cube colours: black mRNA, red protein, green carbohydrate, yellow lipid."""
CUBE_SUPPLY = {"mrna": 18, "protein": 18, "carb": 12, "lipid": 12}
ATP_SUPPLY = 30
CUBE_NAMES = {"mrna": "mRNA", "protein": "protein", "carb": "carbohydrate", "lipid": "lipid", "atp": "ATP"}
"""Each resource's English name (ids for code; a student reads :func:`amount`)."""


def amount(resource: str, n: int) -> Message:
    """``n`` of a resource in words ("3 mRNA", "1 carbohydrate"), written in the reader's language
    (English keeps the singular noun; Spanish says "2 carbohidratos")."""
    if resource == "mrna":
        return nmessage("{n} mRNA", "{n} mRNA", n)
    if resource == "protein":
        return nmessage("{n} protein", "{n} protein", n)
    if resource == "carb":
        return nmessage("{n} carbohydrate", "{n} carbohydrate", n)
    if resource == "lipid":
        return nmessage("{n} lipid", "{n} lipid", n)
    return nmessage("{n} ATP", "{n} ATP", n)


def listed(items: list) -> Message | str:
    """Texts as one comma-separated list, written when shown."""
    if len(items) <= 1:
        return items[0] if items else ""
    return message("{first}, {rest}", first=items[0], rest=listed(items[1:]))



# -- the board --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """One worker spot: which area it is in, what it costs and what it does."""

    id: str
    area: str
    effect: str
    """One of: gain, glucose, ribosome, detox-or-steroid, rough-er, golgi, exocytosis, enzyme, buy, laureate."""
    gain: tuple[tuple[str, int], ...] = ()
    cost: tuple[tuple[str, int], ...] = ()
    slot: int = 0
    """For purchase spots: which card slot (0 is the cheap end)."""
    title: str = ""
    """What the spot is, as the log and refusals name it ("Transcribe DNA"); a purchase spot's
    :meth:`label` names its slot instead."""
    detail: str = ""
    """What a worker there does ("take 3 mRNA")."""
    concepts: tuple[str, ...] = ()
    real: str = ""
    """Where the spot departs from biology: what a real cell does, in one sentence."""

    def label(self) -> Message:
        """The spot in words, as its move reads ("Transcribe DNA: take 3 mRNA")."""
        if self.effect == "buy":
            return message("Take the card in slot {slot} ({atp} ATP)", slot=self.slot + 1, atp=dict(self.cost)["atp"])
        return message("{title}: {detail}", title=lazy_gettext(self.title), detail=lazy_gettext(self.detail))

    def where(self) -> Message:
        """The spot's name ("Transcribe DNA"; a purchase spot: its whole label)."""
        return self.label() if self.effect == "buy" else lazy_gettext(self.title)

    def what(self) -> Message:
        """What the spot does ("take 3 mRNA"; a purchase spot: its whole label)."""
        return self.label() if self.effect == "buy" else lazy_gettext(self.detail)


MAKE_ATP_REAL = N_("In a real cell mitochondria make ATP only by breaking down fuel, such as pyruvate from glucose "
                 "or fatty acids, with oxygen; the game's free ATP stands for fuel the cell already holds.")

BUY_COST = (0, 0, 1, 2)
"""Design: ATP cost of the four purchase slots, cheap end first (the rulebook prints no numbers).

0/1/2/3 let the seats that start with more ATP (the rulebook's 2, 3, 4, 5) buy the best cards at
once: over 150 greedy games the last of four seats won 34%. With 0/0/1/2 a seat's place in turn
order weighs as much as its starting ATP (see the balance figures on the rules page).
"""

SPOTS: tuple[Spot, ...] = (
    Spot("nucleus-3", "nucleus", "gain", gain=(("mrna", 3),), title=N_("Transcribe DNA"), detail=N_("take 3 mRNA"),
         concepts=("transcription", "mrna", "nucleus")),
    Spot("nucleus-2", "nucleus", "gain", gain=(("mrna", 2),), title=N_("Transcribe DNA"), detail=N_("take 2 mRNA"),
         concepts=("transcription", "mrna", "nucleus")),
    Spot("glut-2", "membrane", "gain", gain=(("carb", 2),), cost=(("atp", 2),),
         title=N_("Glucose transporter"), detail=N_("pay 2 ATP, take 2 carbohydrate"),
         concepts=("glucose-transporter", "plasma-membrane", "facilitated-diffusion")),
    Spot("glut-1", "membrane", "gain", gain=(("carb", 1),), cost=(("atp", 1),),
         title=N_("Glucose transporter"), detail=N_("pay 1 ATP, take 1 carbohydrate"),
         concepts=("glucose-transporter", "plasma-membrane", "facilitated-diffusion")),
    Spot("mito-3", "mitochondria", "gain", gain=(("atp", 3),), title=N_("Make ATP"), detail=N_("take 3 ATP"),
         concepts=("mitochondrion", "atp", "atp-adp-cycle"), real=MAKE_ATP_REAL),
    Spot("mito-2", "mitochondria", "gain", gain=(("atp", 2),), title=N_("Make ATP"), detail=N_("take 2 ATP"),
         concepts=("mitochondrion", "atp", "atp-adp-cycle"), real=MAKE_ATP_REAL),
    Spot("mito-6", "mitochondria", "gain", gain=(("atp", 6),), cost=(("carb", 1),),
         title=N_("Cellular respiration"), detail=N_("pay 1 carbohydrate, take 6 ATP"),
         concepts=("cellular-respiration", "mitochondrion", "atp", "atp-adp-cycle")),
    Spot("ser-3", "smooth-er", "gain", gain=(("lipid", 3),), title=N_("Lipid synthesis"), detail=N_("take 3 lipid"),
         concepts=("lipid-synthesis", "smooth-er", "phospholipid-bilayer")),
    Spot("ser-2", "smooth-er", "gain", gain=(("lipid", 2),), title=N_("Lipid synthesis"), detail=N_("take 2 lipid"),
         concepts=("lipid-synthesis", "smooth-er", "phospholipid-bilayer")),
    Spot("ribosome", "ribosome", "ribosome", title=N_("Free ribosome"), detail=N_("translate any mRNA into protein"),
         concepts=("translation", "ribosome", "mrna", "protein")),
    Spot("ser-low-1", "smooth-er", "detox-or-steroid",
         title=N_("Smooth ER"), detail=N_("detoxify a drug or start a steroid hormone")),
    Spot("ser-low-2", "smooth-er", "detox-or-steroid",
         title=N_("Smooth ER"), detail=N_("detoxify a drug or start a steroid hormone")),
    Spot("rer-1", "rough-er", "rough-er", title=N_("Rough ER"), detail=N_("translate mRNA into a vesicle of protein"),
         concepts=("rough-er", "translation", "transport-vesicle")),
    Spot("rer-2", "rough-er", "rough-er", title=N_("Rough ER"), detail=N_("translate mRNA into a vesicle of protein"),
         concepts=("rough-er", "translation", "transport-vesicle")),
    Spot("golgi-1", "golgi", "golgi", title=N_("Golgi"), detail=N_("move a vesicle in and add its last cube"),
         concepts=("golgi-apparatus", "transport-vesicle")),
    Spot("golgi-2", "golgi", "golgi", title=N_("Golgi"), detail=N_("move a vesicle in and add its last cube"),
         concepts=("golgi-apparatus", "transport-vesicle")),
    Spot("exo-1", "membrane", "exocytosis", title=N_("Exocytosis"), detail=N_("release a finished vesicle"),
         concepts=("exocytosis", "transport-vesicle", "plasma-membrane")),
    Spot("exo-2", "membrane", "exocytosis", title=N_("Exocytosis"), detail=N_("release a finished vesicle"),
         concepts=("exocytosis", "transport-vesicle", "plasma-membrane")),
    Spot("cytoplasm", "cytoplasm", "enzyme", title=N_("Cytoplasm"), detail=N_("fold protein into an enzyme"),
         concepts=("enzyme", "cytoplasm")),
    *(Spot(f"buy-{slot + 1}", "cards", "buy", cost=(("atp", atp),), slot=slot) for slot, atp in enumerate(BUY_COST)),
    Spot("laureate", "laureates", "laureate", title=N_("Laureates in Biology"), detail=N_("take the First Player card")),
)
"""Every worker spot; each holds one worker a round (grey workers may join an occupied one)."""
SPOT = {s.id: s for s in SPOTS}

VESICLE_LIMITS = {"smooth-er": 2, "rough-er": 3, "golgi": 3}
"""Design: budding vesicle locations in each organelle; a full organelle bumps one vesicle."""

WORKERS = {2: 4, 3: 4, 4: 3, 5: 2}
EVENTS_REMOVED = {2: 2, 3: 2, 4: 1, 5: 0}
GOALS_USED = {2: 4, 3: 4, 4: 5, 5: 5}
GREY_WORKERS = 2
GREY_COST = 4
VESICLES_EACH = 2
GOAL_MARKERS_EACH = 2

# -- cell component cards ---------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A cell component card: the real molecule it stands for and what it takes to build it."""

    id: str
    kind: str
    """enzyme, protein-hormone, steroid-hormone, protein-receptor, steroid-receptor, detox, resource."""
    name: str
    biology: str
    ref: str
    hp: int = 0
    atp: int = 0
    cubes: tuple[tuple[str, int], ...] = ()
    """Cubes the card needs: for vesicle cards the ER cubes then the Golgi cube."""
    colour: str = ""
    gives: tuple[tuple[str, int], ...] = ()
    """Additional resource cards: what they give."""
    concepts: tuple[str, ...] = ()
    """Concepts this card's own molecule teaches (beyond those of its kind)."""

    def need(self, cube: str) -> int:
        """How many cubes of one colour the card needs."""
        return dict(self.cubes).get(cube, 0)

    @property
    def golgi_cube(self) -> str:
        """The cube added in the Golgi: lipid for steroid receptors, else carbohydrate."""
        return "lipid" if self.kind == "steroid-receptor" else "carb"

    @property
    def er_cube(self) -> str:
        """The cube loaded in the ER: lipid for steroid hormones, protein otherwise."""
        return "lipid" if self.kind == "steroid-hormone" else "protein"


VESICLE_KINDS = ("protein-hormone", "steroid-hormone", "protein-receptor", "steroid-receptor")
COMPLETABLE = ("enzyme", *VESICLE_KINDS, "detox")
KIND_NAMES = {"enzyme": N_("enzyme"), "protein-hormone": N_("protein hormone"),
              "steroid-hormone": N_("steroid hormone"), "protein-receptor": N_("protein hormone receptor"),
              "steroid-receptor": N_("steroid hormone receptor"), "detox": N_("detoxification"),
              "resource": N_("additional resource")}


def _e(i, name, bio, ref, colour, protein, carb, atp, hp):
    cubes = (("protein", protein),) + ((("carb", carb),) if carb else ())
    return Card(f"E{i}", "enzyme", name, bio, ref, hp=hp, atp=atp, cubes=cubes, colour=colour)


def _v(kind, i, name, bio, ref, er, atp, hp, concepts=()):
    c = Card("", kind, "", "", "")
    return Card(f"{kind[0].upper()}{kind.split('-')[1][0].upper()}{i}", kind, name, bio, ref, hp=hp, atp=atp,
                cubes=((c.er_cube, er), (c.golgi_cube, 1)), concepts=concepts)


CARDS: tuple[Card, ...] = (
    # Enzymes: made on free ribosomes and working in the cytosol, as the rulebook's path (free ribosome →
    # cytoplasm) has them. Nine are enzymes of glycolysis and the tenth, lactate dehydrogenase, acts on its
    # product when oxygen is short; glucose-6-phosphate isomerase, glycolysis's second step, has no card
    # (OpenStax Biology 2e, 7.2 "Glycolysis"; Berg, Tymoczko & Stryer, Biochemistry, ch. 16). The
    # colour groups them by the kind of reaction: green kinases spend ATP, red kinases make ATP, blue
    # isomerases rearrange a sugar, yellow lyases split or dehydrate one, purple dehydrogenases pass on
    # electrons (to NAD+ or from NADH). UniProt lists each as cytosolic (human entries).
    _e(1, N_("Triosephosphate isomerase"), N_("swaps one three-carbon sugar phosphate for the other"), "UniProt P60174",
       "blue", 2, 0, 1, 3),
    _e(2, N_("Phosphoglycerate mutase"), N_("moves a phosphate within 3-phosphoglycerate"), "UniProt P18669",
       "blue", 3, 1, 1, 5),
    _e(3, N_("Phosphoglycerate kinase"), N_("makes ATP from 1,3-bisphosphoglycerate"), "UniProt P00558", "red", 2, 0, 2, 3),
    _e(4, N_("Pyruvate kinase"), N_("makes ATP as it forms pyruvate, glycolysis's last step"), "UniProt P14618",
       "red", 3, 1, 1, 5),
    _e(5, N_("Aldolase"), N_("splits fructose-1,6-bisphosphate into two three-carbon sugars"), "UniProt P04075",
       "yellow", 2, 1, 1, 4),
    _e(6, N_("Enolase"), N_("removes water from 2-phosphoglycerate"), "UniProt P06733", "yellow", 3, 0, 2, 4),
    _e(7, N_("Hexokinase"), N_("traps glucose in the cell as glucose-6-phosphate"), "UniProt P19367", "green", 2, 1, 2, 4),
    _e(8, N_("Phosphofructokinase"), N_("spends ATP on glycolysis's committed step"), "UniProt P17858", "green", 3, 0, 1, 4),
    _e(9, N_("GAPDH"), N_("oxidises glyceraldehyde-3-phosphate, passing electrons to NAD+"), "UniProt P04406",
       "purple", 2, 0, 1, 3),
    _e(10, N_("Lactate dehydrogenase"), N_("turns pyruvate into lactate when oxygen is short"), "UniProt P00338",
       "purple", 3, 1, 2, 5),
    # Protein hormones: made on the rough ER, processed in the Golgi, secreted by exocytosis. The game
    # adds a carbohydrate in the Golgi to every one; EPO, FSH and prolactin's glycosylated form really are
    # glycoproteins, while insulin, glucagon and growth hormone get no sugar (UniProt: no glycosylation
    # site); the completion log says so for those three (NO_SUGAR).
    _v("protein-hormone", 1, N_("Insulin"), N_("lowers blood glucose"), "UniProt P01308", 2, 2, 7, ("insulin",)),
    _v("protein-hormone", 2, N_("Glucagon"), N_("raises blood glucose"), "UniProt P01275", 2, 2, 7, ("glucagon",)),
    _v("protein-hormone", 3, N_("Growth hormone"), N_("drives growth"), "UniProt P01241", 3, 2, 9),
    _v("protein-hormone", 4, N_("Prolactin"), N_("starts milk production"), "UniProt P01236", 3, 2, 9),
    _v("protein-hormone", 5, N_("Erythropoietin"), N_("makes more red blood cells"), "UniProt P01588", 3, 3, 10),
    _v("protein-hormone", 6, N_("Follicle-stimulating hormone"), N_("matures egg follicles"), "UniProt P01225",
       2, 3, 8),
    # Steroid hormones: lipids built from cholesterol by enzymes of the smooth ER and the mitochondria
    # (OpenStax Biology 2e, 37.2). The game sends them through the Golgi and exocytosis; real steroids
    # are not packed in vesicles and get no sugar: they diffuse out of the cell as soon as they are made.
    _v("steroid-hormone", 1, N_("Cortisol"), N_("the stress hormone"), "ChEBI 17650", 2, 2, 7),
    _v("steroid-hormone", 2, N_("Aldosterone"), N_("keeps salt and water balance"), "ChEBI 27584", 2, 2, 7),
    _v("steroid-hormone", 3, N_("Testosterone"), N_("main androgen: muscle, sperm, male traits"), "ChEBI 17347", 3, 2, 9),
    _v("steroid-hormone", 4, N_("Estradiol"), N_("main oestrogen: menstrual cycle, bone"), "ChEBI 16469", 3, 2, 9),
    _v("steroid-hormone", 5, N_("Progesterone"), N_("prepares the uterus"), "ChEBI 17026", 3, 3, 10),
    _v("steroid-hormone", 6, N_("Calcitriol"), N_("active vitamin D: gut takes up calcium"), "ChEBI 17823", 2, 3, 8),
    # Receptors: membrane proteins that bind a protein hormone outside the cell...
    _v("protein-receptor", 1, N_("Insulin receptor"), N_("binds insulin"), "UniProt P06213", 2, 1, 4, ("insulin",)),
    _v("protein-receptor", 2, N_("Glucagon receptor"), N_("binds glucagon"), "UniProt P47871", 2, 1, 4, ("glucagon",)),
    _v("protein-receptor", 3, N_("Growth hormone receptor"), N_("binds growth hormone"), "UniProt P10912", 3, 1, 5),
    _v("protein-receptor", 4, N_("EPO receptor"), N_("binds erythropoietin"), "UniProt P19235", 3, 2, 5),
    _v("protein-receptor", 5, N_("FSH receptor"), N_("binds FSH"), "UniProt P23945", 2, 2, 4),
    # ...and steroid receptors, which really are made on free ribosomes and wait in the cytosol or nucleus
    # for their hormone (OpenStax Biology 2e, 37.3). The rulebook builds them on the rough ER and adds a
    # lipid in the Golgi; the log says so (see rules.IN_A_REAL_CELL).
    _v("steroid-receptor", 1, N_("Glucocorticoid receptor"), N_("binds cortisol"), "UniProt P04150", 2, 1, 4),
    _v("steroid-receptor", 2, N_("Mineralocorticoid receptor"), N_("binds aldosterone"), "UniProt P08235", 2, 1, 4),
    _v("steroid-receptor", 3, N_("Androgen receptor"), N_("binds testosterone"), "UniProt P10275", 3, 1, 5),
    _v("steroid-receptor", 4, N_("Estrogen receptor alpha"), N_("binds estradiol"), "UniProt P03372", 3, 2, 5),
    _v("steroid-receptor", 5, N_("Vitamin D receptor"), N_("binds calcitriol"), "UniProt P11473", 2, 2, 4),
    # Additional resources: the cell takes in nutrients.
    # Glucagon acts on the liver's glycogen phosphorylase (PYGL), not the muscle form (PYGM, P11217).
    Card("R1", "resource", N_("Glycogen store"), N_("glucose released from the liver's glycogen"), "UniProt P06737",
         gives=(("carb", 2),), concepts=("glucagon", "glucose-transporter")),
    Card("R2", "resource", N_("Fatty meal"), N_("lipids taken up from food"), "UniProt P55157", gives=(("lipid", 2),),
         concepts=("lipid-synthesis", "plasma-membrane")),
    Card("R3", "resource", N_("Creatine phosphate"), N_("a quick ATP reserve in muscle"), "ChEBI 17287",
         gives=(("atp", 3),), concepts=("atp", "creatine-phosphate")),
    Card("R4", "resource", N_("Gene activation"), N_("a transcription factor boosts mRNA output"), "UniProt P10275",
         gives=(("mrna", 2),), concepts=("transcription-factor", "transcription", "mrna")),
    # Detoxification: enzymes that sit in the smooth ER membrane of liver cells and make drugs, alcohol and
    # toxins easier to excrete (OpenStax Biology 2e, 4.4; UniProt "endoplasmic reticulum membrane").
    *(Card(f"D{i}", "detox", name, bio, ref, hp=1, atp=atp)
      for i, (name, bio, ref, atp) in enumerate((
          ("CYP2E1", N_("oxidises alcohol and paracetamol; busier in people who drink often"), "UniProt P05181", 2),
          ("CYP1A2", N_("oxidises caffeine and some drugs"), "UniProt P05177", 2),
          ("CYP2D6", N_("oxidises codeine and many heart and mood drugs"), "UniProt P10635", 3),
          ("FMO3", N_("adds oxygen to nitrogen in drugs and in fishy-smelling trimethylamine"), "UniProt P31513", 3),
          ("CYP3A4", N_("oxidises about half of all prescribed drugs"), "UniProt P08684", 3),
          ("UGT1A1", N_("attaches glucuronic acid to bilirubin and drugs so they dissolve in water"),
           "UniProt P22309", 4),
          (N_("Epoxide hydrolase"), N_("adds water to reactive epoxides, defusing them"), "UniProt P07099", 4)), start=1)),
)
CARD = {c.id: c for c in CARDS}
NO_SUGAR = ("PH1", "PH2", "PH3", "E2", "E4", "E5", "E7", "E10")
"""Cards that need a carbohydrate cube though the real molecule carries no sugar chain: insulin,
glucagon and growth hormone (the game's Golgi adds one) and the five cytosolic enzymes that cost a
carbohydrate (cytosolic enzymes are not glycosylated; UniProt lists no glycosylation site)."""

SOURCE_NAMES = {"cards": N_("Completed cards"), "receptors": N_("Receptors binding hormones"), "goals": N_("Goals"),
                "detox": N_("Detoxification award"), "enzymes": N_("Enzyme colour sets"),
                "cubes": N_("Leftover cubes (1 per 3)")}
"""How each Health Point source reads in the score breakdown (the state keeps the short keys)."""
assert len(CARDS) == 43

ENZYME_SET_POINTS = {1: 0, 2: 2, 3: 5, 4: 9, 5: 14}
DETOX_AWARDS = {2: (6, 3)}
DETOX_AWARDS_DEFAULT = (8, 5, 2)


@dataclass(frozen=True)
class Goal:
    """A goal card: end-game points per completed card of some kinds."""

    id: str
    name: str
    kinds: tuple[str, ...]
    each: int
    text: str = field(default="")


GOALS: tuple[Goal, ...] = (
    Goal("G1", N_("Endocrine gland"), ("protein-hormone",), 3, N_("3 HP per protein hormone you completed")),
    Goal("G2", N_("Adrenal cortex"), ("steroid-hormone",), 3, N_("3 HP per steroid hormone you completed")),
    Goal("G3", N_("Target cell"), ("protein-receptor", "steroid-receptor"), 3, N_("3 HP per receptor you completed")),
    Goal("G4", N_("Muscle cell"), ("enzyme",), 2, N_("2 HP per enzyme you completed")),
    Goal("G5", N_("Liver cell"), ("detox",), 3, N_("3 HP per detoxification card you completed")),
)
GOAL = {g.id: g for g in GOALS}


@dataclass(frozen=True)
class EventCard:
    """An event: boost (a cube waits at an area), reduce (cards cost 1 ATP less) or toxicity."""

    id: str
    kind: str
    area: str = ""
    resource: str = ""
    title: str = ""
    """The event's name ("Hormone signal"), the title of its printed card."""
    detail: str = ""
    """What it does ("the nucleus transcribes 1 extra mRNA")."""
    concepts: tuple[str, ...] = ()
    real: str = ""
    """Where the event's mechanic departs from biology: what a real cell does, in one sentence."""

    def label(self) -> Message:
        """The event in words ("Hormone signal: the nucleus transcribes 1 extra mRNA")."""
        return message("{title}: {detail}", title=lazy_gettext(self.title), detail=lazy_gettext(self.detail))


EVENTS: tuple[EventCard, ...] = (
    EventCard("V1", "boost", "nucleus", "mrna", N_("Hormone signal"), N_("the nucleus transcribes 1 extra mRNA")),
    EventCard("V2", "boost", "mitochondria", "atp", N_("Oxygen rich"), N_("the mitochondria hold 1 extra ATP")),
    EventCard("V3", "boost", "smooth-er", "lipid", N_("Cholesterol uptake"), N_("the smooth ER holds 1 extra lipid")),
    EventCard("V4", "boost", "membrane", "carb", N_("After a meal"), N_("the membrane holds 1 extra carbohydrate")),
    EventCard("V5", "boost", "ribosome", "protein", N_("Polysome"), N_("the free ribosome holds 1 extra protein")),
    EventCard("V6", "boost", "rough-er", "mrna", N_("Unfolded-protein response"), N_("the rough ER holds 1 extra mRNA"),
              real=N_("In a real cell this response slows most translation and makes more chaperones that help "
                      "proteins fold (Walter & Ron, Science 334:1081, 2011)")),
    EventCard("V7", "reduce", title=N_("Growth factor"), detail=N_("every card purchase costs 1 ATP less this round"),
              concepts=("hormone-receptor",)),
    EventCard("V8", "reduce", title=N_("Rest and repair"), detail=N_("every card purchase costs 1 ATP less this round"),
              concepts=("atp",)),
    EventCard("V9", "reduce", title=N_("Fed state"), detail=N_("every card purchase costs 1 ATP less this round"),
              concepts=("insulin", "atp")),
    EventCard("V10", "toxicity", title=N_("Oxidative stress"), detail=N_("large stocks of cubes are damaged"),
              concepts=("detoxification",)),
    EventCard("V11", "toxicity", title=N_("Heavy metals"), detail=N_("large stocks of cubes are damaged"),
              concepts=("detoxification",)),
    EventCard("V12", "toxicity", title=N_("Drug overdose"), detail=N_("large stocks of cubes are damaged"),
              concepts=("detoxification", "smooth-er")),
)
EVENT = {e.id: e for e in EVENTS}
BOOST_CONCEPTS = {"nucleus": ("transcription", "mrna"), "mitochondria": ("cellular-respiration", "atp"),
                  "smooth-er": ("lipid-synthesis", "smooth-er"), "membrane": ("glucose-transporter",),
                  "ribosome": ("ribosome", "translation"), "rough-er": ("rough-er", "mrna")}
"""Concepts a Boost names, both when it is turned up and when its cube is taken."""


def toxicity_loss(count: int) -> int:
    """Cubes of one colour lost to a Toxicity event: 5+ lose 1, 7+ lose 2, 10+ lose 4."""
    return 4 if count >= 10 else 2 if count >= 7 else 1 if count >= 5 else 0
