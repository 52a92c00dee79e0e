"""Issue 39: the teacher, join and check-yourself pages read their words from a JSON catalog the build
writes from the ``scripts`` domain's .po (py/sitegen/js_catalogs.py), through a small ``_()``
(static/js/translate.mjs) that picks the page's <html lang>. Spanish is complete; English needs
no file; a fuzzy or untranslated message is left out (the page shows the English)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from sitegen import translations
from sitegen.js_catalogs import catalog, write_js_catalogs

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("teacher.js", "join.js", "check-yourself.js")


def _po(root: Path, lang: str, messages: list[tuple[str, str, bool]]) -> Path:
    made = Catalog(locale=lang, domain="scripts")
    for english, translated, fuzzy in messages:
        made.add(english, translated, flags=("fuzzy",) if fuzzy else ())
    path = translations.locale_dir(root) / lang / "LC_MESSAGES" / "scripts.po"
    translations._write(made, path)
    return path


def test_the_build_writes_spanish_from_the_po_and_no_english_file(tmp_path):
    _po(tmp_path, "es", [("Right.", "Correcto.", False), ("Table {n}", "Mesa {n}", False),
                         ("Pause", "Pausar", True), ("Resume", "", False)])
    _po(tmp_path, "en_XA", [("Right.", "[Ŕîĝĥţ. ··]", False)])
    dist = tmp_path / "dist"
    written = write_js_catalogs(tmp_path, dist)
    assert written == [dist / "locale" / "es" / "scripts.json"]
    # A fuzzy message and an empty one are left out: the page shows their English.
    assert json.loads(written[0].read_text(encoding="utf-8")) == {"Right.": "Correcto.", "Table {n}": "Mesa {n}"}
    assert not (dist / "locale" / "en").exists() and not (dist / "locale" / "en_XA").exists()


def test_a_context_or_plural_in_the_scripts_catalog_is_refused_not_lost(tmp_path):
    """translate.mjs looks a message up by its English alone: a context or plural would never be found."""
    path = _po(tmp_path, "es", [("Right.", "Correcto.", False)])
    made = translations.read(path, "es")
    made.add(("{n} table", "{n} tables"), ("{n} mesa", "{n} mesas"))
    translations._write(made, path)
    with pytest.raises(ValueError, match="no context or plural"):
        catalog(path, "es")


def test_every_word_of_the_three_pages_is_in_the_spanish_catalog():
    """What the pages' scripts mark is what the Spanish JSON holds, each with its {fields}."""
    marked = {m.id for m in translations.extract(ROOT)["scripts"] if m.id}
    spanish = catalog(translations.catalogs(ROOT)["es"]["scripts"], "es")
    assert marked and marked <= set(spanish), sorted(marked - set(spanish))
    for english, words in spanish.items():
        assert sorted(re.findall(r"\{\w+\}", words)) == sorted(re.findall(r"\{\w+\}", english)), english


@pytest.mark.parametrize("page", PAGES)
def test_a_pages_sentences_go_through_the_catalog(page):
    """No sentence built from a template literal that `_()` never sees: a page's text is marked, and
    `_` is given a string literal (babel extracts literals only)."""
    source = (ROOT / "static" / "js" / page).read_text(encoding="utf-8")
    assert "translate.mjs" in source
    assert not re.search(r"\b_\(\s*`", source), "a template literal in _(): name its fields instead"
    assert not re.search(r"\$\{[^}`]*\b_\(", source), "_() inside a template literal: babel does not look there"
    assert not re.search(r"textContent = `[^`]*[A-Za-z]{3}", source), "a sentence not in the catalog"


NODE_CHECK = """
globalThis.document = { documentElement: { lang: process.argv[1] } };
globalThis.fetch = async (url) => {
  fetched.push(String(url));
  return { ok: true, json: async () => ({ "Table {n}": "Mesa {n}" }) };
};
const fetched = [];
const { translator, pageLanguage } = await import(process.argv[2]);
const _ = await translator();
console.log(JSON.stringify({ lang: pageLanguage(), table: _("Table {n}", { n: 3 }), other: _("Pause"),
                             fetched: fetched.map((u) => new URL(u).pathname.split("/").slice(-3).join("/")) }));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no Node.js here")
@pytest.mark.parametrize("lang, expected", [
    ("es", {"lang": "es", "table": "Mesa 3", "other": "Pause", "fetched": ["locale/es/scripts.json"]}),
    ("es-MX", {"lang": "es", "table": "Mesa 3", "other": "Pause", "fetched": ["locale/es/scripts.json"]}),
    ("en", {"lang": "en", "table": "Table 3", "other": "Pause", "fetched": []}),
    ("../x", {"lang": "en", "table": "Table 3", "other": "Pause", "fetched": []}),
])
def test_the_pages_underscore_reads_the_catalog_of_the_pages_language(lang, expected):
    """An English page fetches nothing; a Spanish one (es, es-MX) its catalog; an odd lang attribute
    names no file."""
    module = (ROOT / "static" / "js" / "translate.mjs").as_uri()
    out = subprocess.run(["node", "--input-type=module", "-e", NODE_CHECK, lang, module],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert json.loads(out) == expected
