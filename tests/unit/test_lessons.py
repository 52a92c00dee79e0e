"""Lessons: concepts.toml is complete and well formed, lesson facts agree with reference tables,
and the build renders every page with working concept links (py/sitegen/lessons.py)."""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from pathlib import Path

import pytest

jinja2 = pytest.importorskip("jinja2")
pytest.importorskip("markdown_it")

from sitegen.lessons import LessonError, build_lessons, read_page, slugify  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
TEMPLATES = ROOT / "py" / "sitegen" / "templates"

# NCBI translation table 1 (the standard code) in the classic TCAG order: first base slowest.
BASES = "TCAG"
STANDARD_AA = "FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG"
STANDARD_CODE = {"".join(c): aa for c, aa in zip(itertools.product(BASES, repeat=3), STANDARD_AA)}
THREE_LETTER = {"Ala": "A", "Arg": "R", "Asn": "N", "Asp": "D", "Cys": "C", "Gln": "Q", "Glu": "E",
                "Gly": "G", "His": "H", "Ile": "I", "Leu": "L", "Lys": "K", "Met": "M", "Phe": "F",
                "Pro": "P", "Ser": "S", "Thr": "T", "Trp": "W", "Tyr": "Y", "Val": "V"}
NAMES = {"alanine": "A", "arginine": "R", "asparagine": "N", "aspartate": "D", "cysteine": "C",
         "glutamine": "Q", "glutamate": "E", "glycine": "G", "histidine": "H", "isoleucine": "I",
         "leucine": "L", "lysine": "K", "methionine": "M", "phenylalanine": "F", "proline": "P",
         "serine": "S", "threonine": "T", "tryptophan": "W", "tyrosine": "Y", "valine": "V",
         "stop": "*"}
IUPAC = {"A": "A", "C": "C", "G": "G", "T": "T", "R": "AG", "Y": "CT", "W": "AT", "S": "CG",
         "H": "ACT", "N": "ACGT"}

# The concept ids the game issues' "Learning" sections name (issues 3–7), all five games.
REQUIRED = """
codon complementary-base-pairing reverse-complement five-to-three-direction transition transversion
point-mutation insertion deletion hydrophobicity amino-acid-groups translation
atp mitochondrion nucleus transcription mrna uracil-vs-thymine vacuole aminoacyl-trna-synthetase trna
ribosome start-codon stop-codon peptide-bond primary-structure
amino-acid protein gene-to-protein
rough-er smooth-er golgi-apparatus transport-vesicle exocytosis glucose-transporter cellular-respiration
lipid-synthesis steroid-hormone protein-hormone hormone-receptor enzyme detoxification
promoter operon transcription-factor gene-expression enhancer substitution translocation frameshift
genetic-code dna nucleotide purine-pyrimidine
""".split()

# A sentence ends at . ! or ? followed by a space and a capital or digit ("E. coli" stays whole).
SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(‘“])")


def concepts() -> dict[str, dict]:
    with open(LESSONS / "concepts.toml", "rb") as f:
        return tomllib.load(f)


def lesson_pages() -> list[Path]:
    return sorted(LESSONS.glob("*.md"))


def headings(path: Path) -> set[str]:
    """The anchors a page's Markdown headings and explicit id attributes provide."""
    _, body = read_page(path)
    ids = {slugify(m.group(1)) for m in re.finditer(r"^#{1,6}\s+(.+?)\s*#*\s*$", body, re.M)}
    return ids | set(re.findall(r'\sid="([^"]+)"', body))


def environment() -> jinja2.Environment:
    from sitegen.site import environment as site_environment  # the templates need jinja2.ext.i18n

    return site_environment(ROOT)


# --- concepts.toml -------------------------------------------------------------------------

def test_concepts_toml_parses_and_every_entry_has_title_summary_lesson():
    """Brief, "Lessons and rules pages": one table per id with title, summary, lesson, optional anchor
    (and, issue 43, an optional one-sentence definition for the teachers' packet's vocabulary)."""
    table = concepts()
    assert table
    for cid, concept in table.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", cid), f"{cid!r} is not kebab-case"
        assert set(concept) <= {"title", "summary", "lesson", "anchor", "definition"}, cid
        assert concept.get("definition", "x.").endswith("."), cid
        assert concept["title"].strip() and concept["lesson"].strip(), cid


def test_every_concept_the_game_issues_name_exists():
    """Issues 3–7, "Learning": each game's events name these concept ids."""
    missing = [cid for cid in REQUIRED if cid not in concepts()]
    assert not missing, f"missing from lessons/concepts.toml: {missing}"


@pytest.mark.parametrize("cid", sorted(concepts()))
def test_summary_is_two_to_five_sentences(cid):
    """Brief: each summary is 2–5 sentences in our own words."""
    summary = concepts()[cid]["summary"].strip()
    sentences = SENTENCE_BREAK.split(summary)
    assert 2 <= len(sentences) <= 5, f"{cid}: {len(sentences)} sentences"
    assert summary[-1] in ".!?", f"{cid}: summary should end with a full stop"


@pytest.mark.parametrize("cid", sorted(concepts()))
def test_concept_lesson_page_and_anchor_exist(cid):
    """Every "Why?" link lands on a real heading of a real lesson page."""
    concept = concepts()[cid]
    page = LESSONS / f"{concept['lesson']}.md"
    assert page.exists(), f"{cid}: no lessons/{concept['lesson']}.md"
    assert concept.get("anchor", cid) in headings(page), f"{cid}: no #{concept.get('anchor', cid)}"


def test_front_matter_of_every_page_names_known_concepts_only():
    """Lesson and rules pages list only concept ids that concepts.toml defines."""
    known = concepts()
    for path in lesson_pages() + sorted((LESSONS / "rules").glob("*.md")):
        meta, _ = read_page(path)
        assert "title" in meta, path
        assert not [c for c in meta.get("concepts", []) if c not in known], path


# --- facts on the pages agree with the reference tables ------------------------------------

def test_genetic_code_table_is_the_standard_code():
    """The 64-codon table on the genetic-code page matches NCBI translation table 1, codon by codon."""
    _, body = read_page(LESSONS / "genetic-code.md")
    table = {}
    for row in (line for line in body.splitlines() if line.startswith("| **")):
        for codon, three, stop in re.findall(r"`([ACGT]{3})` (?:(\w{3}) \(\w\)|\*\*(Stop)\*\*)", row):
            assert codon not in table, f"{codon} listed twice"
            table[codon] = "*" if stop else THREE_LETTER[three]
    assert table == STANDARD_CODE
    # And the one-letter code printed beside each three-letter one is right.
    for three, one in re.findall(r"`[ACGT]{3}` (\w{3}) \((\w)\)", body):
        assert THREE_LETTER[three] == one


def test_genetic_code_table_is_rendered_as_an_html_table(tmp_path):
    """The table reaches the page as a real <table>, with all 64 codons in it."""
    build_lessons(ROOT, tmp_path, environment())
    html = (tmp_path / "lessons" / "genetic-code.html").read_text(encoding="utf-8")
    tables = re.findall(r"<table>.*?</table>", html, re.S)
    assert any(all(f"<code>{c}</code>" in t for c in STANDARD_CODE) for t in tables)


def test_codon_examples_in_prose_agree_with_the_code():
    """Every "`GAG` → `GTG`: glutamate → valine" style example on any lesson page is true."""
    checked = 0
    for path in lesson_pages():
        _, body = read_page(path)
        for old, new, before, after in re.findall(
                r"`([ACGT]{3})` → `([ACGT]{3})`: (\w+) → (\w+)", body):
            assert STANDARD_CODE[old] == NAMES[before.lower()], (path.name, old, before)
            assert STANDARD_CODE[new] == NAMES[after.lower()], (path.name, new, after)
            checked += 1
    assert checked >= 3


def test_iupac_codon_families_in_prose_agree_with_the_code():
    """Every "`GAR` = glutamate" style example means exactly codons of that amino acid."""
    checked = 0
    for path in lesson_pages():
        _, body = read_page(path)
        for pattern, name in re.findall(r"`([ACGTRYWSHN]{3})` = (\w+)", body):
            codons = {"".join(c) for c in itertools.product(*(IUPAC[b] for b in pattern))}
            assert {STANDARD_CODE[c] for c in codons} == {NAMES[name.lower()]}, (path.name, pattern)
            checked += 1
    assert checked >= 3


def test_start_and_stop_codons_stated_correctly():
    """ATG starts; TAA, TAG, TGA stop (and their RNA spellings), as in the standard code."""
    _, body = read_page(LESSONS / "genetic-code.md")
    section = body.split("## Start and stop codons", 1)[1].split("\n## ", 1)[0]
    assert "`ATG`" in section and "`AUG`" in section and STANDARD_CODE["ATG"] == "M"
    stops = sorted(c for c, aa in STANDARD_CODE.items() if aa == "*")
    assert stops == ["TAA", "TAG", "TGA"]
    for codon in stops:
        assert f"`{codon}`" in section and f"`{codon.replace('T', 'U')}`" in section


def test_amino_acid_water_column_matches_the_translation_ruling():
    """docs/rules-decisions.md › Translation: hydrophobic A C H I F L M W V Y; hydrophilic D E G K N P Q R S T."""
    _, body = read_page(LESSONS / "amino-acids.md")
    rows = re.findall(r"^\| ([A-Z]) \| (\w{3}) \| [\w ]+ \| (hydrophobic|hydrophilic)", body, re.M)
    assert len(rows) == 20
    assert {one for one, _, water in rows if water == "hydrophobic"} == set("ACHIFLMWVY")
    assert all(THREE_LETTER[three] == one for one, three, _ in rows)


def test_peptide_table_sequences_are_well_formed_and_match_the_summaries():
    """Peptides page: one-letter sequences over the 20 amino acids, lengths as stated, summaries agree."""
    _, body = read_page(LESSONS / "peptides.md")
    rows = re.findall(r"^\| ([^|]+?) \| `([A-Z]+)` \| (\d+) \|", body, re.M)
    assert len(rows) >= 10
    sequences = {name: seq for name, seq, _ in rows}
    for name, seq, length in rows:
        assert set(seq) <= set(THREE_LETTER.values()), name
        assert len(seq) == int(length), name
    # The page's claim: oxytocin and vasopressin differ in exactly two of nine positions.
    ox, vp = sequences["Oxytocin"], sequences["Vasopressin"]
    assert sum(a != b for a, b in zip(ox, vp)) == 2
    for cid, concept in concepts().items():
        for seq in re.findall(r"\(([A-Z]{5,})\)", concept["summary"]):
            assert seq in sequences.values(), f"{cid}: {seq} is not on the peptides page"


# --- rendering ------------------------------------------------------------------------------

def test_build_renders_every_page_index_and_concepts_json(tmp_path):
    """build_lessons writes one HTML page per Markdown page, an index, and concepts.json."""
    pages = build_lessons(ROOT, tmp_path, environment())
    out = tmp_path / "lessons"
    slugs = {p["slug"] for p in pages}
    assert {p.stem for p in lesson_pages()} <= slugs
    for slug in slugs:
        assert (out / f"{slug}.html").exists(), slug
    index = (out / "index.html").read_text(encoding="utf-8")
    for slug in slugs:
        assert f'lessons/{slug}.html"' in index, slug
    data = json.loads((out / "concepts.json").read_text(encoding="utf-8"))
    assert set(data) == set(concepts())
    for cid, entry in data.items():
        assert set(entry) == {"title", "summary", "url"}
        page, anchor = entry["url"].split("#")
        assert page.startswith("lessons/")
        html = (tmp_path / page).read_text(encoding="utf-8")
        assert f'id="{anchor}"' in html, cid


def test_headings_get_unique_ids_and_play_links(tmp_path):
    """Headings carry ids for anchors; a page with games links to the play page with enough seats."""
    build_lessons(ROOT, tmp_path, environment())
    html = (tmp_path / "lessons" / "genetic-code.html").read_text(encoding="utf-8")
    assert '<h2 id="codons">' in html and '<h3 id="start-codon">' in html
    assert "../play/?game=translation&amp;seats=human,greedy" in html
    for page in (tmp_path / "lessons").glob("*.html"):
        ids = re.findall(r'\sid="([^"]+)"', page.read_text(encoding="utf-8"))
        assert len(ids) == len(set(ids)), f"{page.name}: duplicate ids"


def _site(tmp_path: Path, concepts_toml: str, page: str) -> Path:
    root = tmp_path / "site"
    (root / "lessons" / "rules").mkdir(parents=True)
    (root / "lessons" / "concepts.toml").write_text(concepts_toml, encoding="utf-8")
    (root / "lessons" / "page.md").write_text(page, encoding="utf-8")
    return root


GOOD_CONCEPT = '[codon]\ntitle = "Codon"\nsummary = "One. Two."\nlesson = "page"\nanchor = "codons"\n'
GOOD_PAGE = '+++\ntitle = "Page"\nconcepts = ["codon"]\n+++\n# Page\n\n## Codons\n\nText.\n'


def test_validation_accepts_a_consistent_site(tmp_path):
    root = _site(tmp_path, GOOD_CONCEPT, GOOD_PAGE)
    build_lessons(root, tmp_path / "dist", environment())
    data = json.loads((tmp_path / "dist" / "lessons" / "concepts.json").read_text())
    assert data["codon"]["url"] == "lessons/page.html#codons"


@pytest.mark.parametrize(("toml", "page", "message"), [
    (GOOD_CONCEPT.replace('lesson = "page"', 'lesson = "nowhere"'), GOOD_PAGE, "does not exist"),
    (GOOD_CONCEPT.replace('anchor = "codons"', 'anchor = "missing"'), GOOD_PAGE, "#missing"),
    (GOOD_CONCEPT, GOOD_PAGE.replace('["codon"]', '["codon", "no-such-idea"]'), "no-such-idea"),
    (GOOD_CONCEPT.replace('lesson = "page"\n', ""), GOOD_PAGE, "needs lesson"),
    (GOOD_CONCEPT, GOOD_PAGE.replace("+++\n", "", 1), "front matter"),
    (GOOD_CONCEPT, GOOD_PAGE.replace('concepts = ["codon"]', 'concepts = ["codon"]\nguided = ["no-such-lesson"]'),
     "no guided lesson 'no-such-lesson'"),
])
def test_validation_errors_are_clear(tmp_path, toml, page, message):
    """A missing page or anchor, an unknown concept id or guided lesson, stops the build with a clear error."""
    root = _site(tmp_path, toml, page)
    with pytest.raises(LessonError, match=re.escape(message)):
        build_lessons(root, tmp_path / "dist", environment())


# --- every game's events link to concepts that exist ---------------------------------------

def _registered_games():
    from biocards import games

    return games.all()


@pytest.mark.parametrize("game", _registered_games(), ids=lambda g: g.id)
def test_every_event_concept_of_every_game_is_in_concepts_toml(game):
    """docs/design.md: events name concept ids from lessons/concepts.toml, so each "Why?" link resolves."""
    from biocards.core.testing import random_game

    known, unknown = concepts(), set()

    def check(state, events):
        unknown.update(c for event in events for c in event.concepts if c not in known)

    for seed in range(3):
        random_game(game, game.min_players, seed, check_each=check)
    assert not unknown, f"{game.id} names concepts missing from lessons/concepts.toml: {sorted(unknown)}"


def test_links_between_lesson_pages_resolve(tmp_path):
    """A link from one lesson or rules page to another lands on a page and heading that exist."""
    build_lessons(ROOT, tmp_path, environment())
    out = tmp_path / "lessons"
    for page in out.rglob("*.html"):
        html = page.read_text(encoding="utf-8")
        for href in re.findall(r'href="([^"]+)"', html):
            target, _, anchor = href.partition("#")
            if not target:
                assert f'id="{anchor}"' in html, f"{page.relative_to(out)} → {href}"
                continue
            if re.match(r"[a-z]+:", target) or not target.endswith(".html"):
                continue  # other sites, the play page, in-page anchors
            path = (page.parent / target).resolve()
            if out.resolve() not in path.parents:
                continue  # the landing page lives outside lessons/
            where = f"{page.relative_to(out)} → {href}"
            assert path.exists(), where
            if anchor:
                assert f'id="{anchor}"' in path.read_text(encoding="utf-8"), where


@pytest.mark.parametrize("page", sorted((LESSONS / "rules").glob("*.md")), ids=lambda p: p.stem)
def test_every_rules_page_credits_its_designer_and_publisher(page):
    """Each game's rules page names who designed and who published the game it adapts."""
    meta, body = read_page(page)
    assert meta["game"] == page.stem
    assert meta.get("designer") and meta.get("publisher")
    assert meta["designer"] in body and meta["publisher"].split(" (")[0] in body


def test_translation_rules_page_links_the_cc_by_sa_original():
    """Translation is CC BY-SA 4.0: the page links the licence and the original cards and rules."""
    _, body = read_page(LESSONS / "rules" / "translation.md")
    assert "https://creativecommons.org/licenses/by-sa/4.0/" in body
    assert "https://github.com/bitmask/amino-acid-card-game" in body


def test_a_lesson_page_links_the_guided_lessons_it_names(tmp_path):
    """Front matter ``guided = [...]`` puts "Play it" at the top of the page and "Play it in a guided
    lesson" at its end, each with a link that starts that lesson in the play page."""
    build_lessons(ROOT, tmp_path, environment())
    html = (tmp_path / "lessons" / "genetic-code.html").read_text(encoding="utf-8")
    link = 'href="../play/?game=translation&amp;lesson=first-codons"'
    top = html.index('class="play-it-row play-it-top"')
    end = html.index('class="play-it-row play-it-end"')
    assert top < html.index("<h2") < end  # above the first section, below the last
    assert link in html[top:html.index("</p>", top)] and link in html[end:html.index("</p>", end)]


@pytest.mark.parametrize("page", sorted(LESSONS.glob("*.md")), ids=lambda p: p.stem)
def test_every_lesson_page_has_a_guided_lesson_to_play(page):
    """Issue 35: every lesson is linked to at least one guided lesson that plays its ideas."""
    meta, _ = read_page(page)
    guided = meta.get("guided", [])
    assert guided, f"{page.name} names no guided lesson"
    for lesson in guided:
        assert (LESSONS / "guided" / f"{lesson}.toml").exists(), lesson


def test_every_guided_lesson_belongs_to_a_lesson_page_that_links_it_and_leads_to_the_next(tmp_path):
    """A guided lesson names its page, which links it; the build tells each one the next in teaching
    order (the lessons index's order), and the last one none."""
    build_lessons(ROOT, tmp_path, environment())
    order = [read_page(p)[0] for p in lesson_pages()]
    order = sorted(((m.get("order", 1000), p.stem) for m, p in zip(order, lesson_pages())))
    position = {slug: i for i, (_, slug) in enumerate(order)}
    written = {p.stem: json.loads(p.read_text()) for p in (tmp_path / "lessons" / "guided").glob("*.json")}
    assert set(written) == {p.stem for p in (LESSONS / "guided").glob("*.toml")}
    chain, seen = [], set()
    first = [g for g in written if g not in {w["next"]["id"] for w in written.values() if w["next"]}]
    assert len(first) == 1
    current = first[0]
    while current:
        assert current not in seen
        seen.add(current)
        chain.append(current)
        data = written[current]
        slug = data["page"]["href"].removeprefix("lessons/").removesuffix(".html")
        assert current in read_page(LESSONS / f"{slug}.md")[0]["guided"]
        current = data["next"]["id"] if data["next"] else None
    assert seen == set(written)  # one path through them all
    pages = [position[written[g]["lesson"]] for g in chain]
    assert pages == sorted(pages)  # in teaching order


# --- issue 13: a biology teacher's corrections ------------------------------------------------

def test_concept_sentences_are_at_most_25_words():
    """Issue 13: every sentence in a concept summary has 25 words or fewer."""
    for cid, entry in concepts().items():
        for sentence in SENTENCE_BREAK.split(entry["summary"]):
            assert len(sentence.split()) <= 25, (cid, sentence)


def test_four_concepts_have_sections_of_their_own():
    """Issue 13: reading-frame, anticodon, rna and gene no longer land on another concept's heading."""
    table = concepts()
    anchors = {}
    for cid, entry in table.items():
        if "anchor" in entry:
            anchors.setdefault((entry["lesson"], entry["anchor"]), []).append(cid)
    for cid in ("reading-frame", "anticodon", "rna", "gene"):
        entry = table[cid]
        assert anchors[(entry["lesson"], entry["anchor"])] == [cid], cid
        assert entry["anchor"] in headings(LESSONS / f"{entry['lesson']}.md"), cid


def test_polar_cytosol_and_phospholipid_are_defined():
    """Issue 13: the words polar, cytosol and phospholipid are explained where concepts use them."""
    table = concepts()
    assert "polar: their electric charge is unevenly spread" in table["hydrophobicity"]["summary"]
    assert "the cytosol, holds" in table["cytoplasm"]["summary"]
    assert "A phospholipid has" in table["lipid-synthesis"]["summary"]


def test_direction_wording_matches_how_polymerases_and_ribosomes_work():
    """Issue 13: polymerases read the template 3′→5′ and build 5′→3′; ribosomes read mRNA 5′→3′."""
    summary = concepts()["five-to-three-direction"]["summary"]
    assert "template 3′→5′" in summary and "build the new strand 5′→3′" in summary
    assert "Ribosomes read mRNA 5′→3′" in summary
    assert "Enzymes and ribosomes read from 5′ to 3′" not in (LESSONS / "dna-and-base-pairing.md").read_text()


def test_hydrophobicity_does_not_decide_what_a_cell_translates():
    """Issue 13: the water card is the game's rule, not biology."""
    summary = concepts()["hydrophobicity"]["summary"]
    assert "decides which amino acids you may translate" not in summary and "game's rule" in summary


def test_gene_regulation_lesson_calls_the_pathway_order_the_games():
    """Issue 13: transcription is not switched on promoter → operon → transcription factor in turn."""
    text = (LESSONS / "gene-regulation.md").read_text()
    assert "switched on in a sequence of steps" not in text and "The order is the game's rule" in text


BIOLOGICAL_EVENTS = {
    "cytosis": {"event", "play-resource", "goal", "complete", "receptor", "gain", "bud", "golgi", "translate"},
    "nucleo": {"lose", "build", "action"},
    "expression": {"start"},
    "translation": {"mutate", "reveal", "translate", "water", "insert", "delete"},
    "peptide": {"link", "pick", "resolve"},
}


@pytest.mark.parametrize("game_id", sorted(BIOLOGICAL_EVENTS))
def test_every_biological_event_names_a_known_concept(game_id):
    """Issue 13: every biological event kind names its concept, and every concept it names exists."""
    from biocards import games
    from biocards.core import Rng
    known = set(concepts())
    game = games.get(game_id)
    for seed in range(3):
        state = game.new_state(game.min_players, seed)
        rng = Rng(seed)
        for _ in range(2000):
            if state.is_terminal():
                break
            for event in state.apply(rng.choice(state.legal_actions())):
                assert set(event.concepts) <= known, (event.kind, event.concepts)
                not_biology = ("face down" in event.text  # a Peptide card turned in for ATP
                               or event.data.get("card") == "research-grant")  # NUCLEO's coin card
                if event.kind in BIOLOGICAL_EVENTS[game_id] and not not_biology:
                    assert event.concepts, (event.kind, event.text)


# --- issue 35: three more lessons, their questions and their concepts -----------------------------

NEW_LESSONS = {"energy-atp": ["atp-adp-cycle", "glycolysis", "creatine-phosphate"],
               "membranes-and-transport": ["phospholipid-bilayer", "facilitated-diffusion", "membrane-proteins"],
               "chain-to-protein": ["protein-folding", "protein-structure-levels", "amino-acid-change"]}


@pytest.mark.parametrize("slug", NEW_LESSONS)
def test_each_new_lesson_owns_its_concepts_cites_references_and_says_where_the_games_depart(slug):
    meta, body = read_page(LESSONS / f"{slug}.md")
    table = concepts()
    for cid in NEW_LESSONS[slug]:
        assert table[cid]["lesson"] == slug and cid in meta["concepts"], cid
    assert "## References" in body and "## In a real cell" in body
    references = body.split("## References", 1)[1]
    assert len(re.findall(r"^- ", references, re.M)) >= 3


@pytest.mark.parametrize("slug", NEW_LESSONS)
def test_each_new_lessons_check_yourself_questions_follow_the_shared_format(slug):
    """lessons/questions/<slug>.toml (the format from branch issue-teach): 3-5 [[question]] tables,
    each with id, kind "choice" (answer: index of the right choice) or "order" (choices in the right
    order, no answer), prompt, choices, a concept that exists and an explain sentence."""
    with open(LESSONS / "questions" / f"{slug}.toml", "rb") as f:
        questions = tomllib.load(f)["question"]
    assert 3 <= len(questions) <= 5
    assert len({q["id"] for q in questions}) == len(questions)
    table = concepts()
    for q in questions:
        assert set(q) <= {"id", "kind", "prompt", "choices", "answer", "concept", "explain"}, q["id"]
        assert q["kind"] in ("choice", "order") and q["prompt"] and q["explain"], q["id"]
        assert len(q["choices"]) >= 3 and len(set(q["choices"])) == len(q["choices"]), q["id"]
        assert q["concept"] in table, q["id"]
        if q["kind"] == "choice":
            assert 0 <= q["answer"] < len(q["choices"]), q["id"]
        else:
            assert "answer" not in q, q["id"]


@pytest.mark.parametrize("cid", [c for cs in NEW_LESSONS.values() for c in cs])
def test_each_new_concept_is_named_by_an_event_of_some_game(cid):
    """Issue 35: the new lessons' concepts are the biology of real moves, so a game's log links to them."""
    from biocards import games
    from biocards.core.testing import random_game

    named = set()

    def collect(state, events):
        named.update(c for event in events for c in event.concepts)

    for game in games.all():
        for seed in range(4):
            random_game(game, game.min_players, seed, check_each=collect)
            if cid in named:
                return
    assert cid in named, f"no game event names {cid}"
