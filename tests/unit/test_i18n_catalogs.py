"""Issue 39: the gettext catalogs. Spanish is complete (nothing untranslated or fuzzy), a
translation keeps its message's placeholders, and the runtime falls back to English."""

import re
from pathlib import Path

import pytest

from biocards import i18n
from sitegen import translations

ROOT = Path(__file__).resolve().parents[2]

# {card}, {n:d}, %(n)d, %s: what Python fills in when the message is shown.
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[:!][^}]*)?\}|%\([A-Za-z_]+\)[sdifr]|%[sdifr]")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


EXTRACTED = translations.extract(ROOT)
"""Every domain's messages as the sources mark them now (Babel reads every source: about 3 s, once)."""


def _ids(catalog) -> set:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def test_each_template_lists_what_the_sources_mark():
    """Every domain's .pot is up to date: `python3 build.py i18n` was run after marking a string."""
    extracted = EXTRACTED
    on_disk = translations.templates(ROOT)
    assert set(extracted) == set(on_disk), "run `python3 build.py i18n` to update the templates"
    for domain, template in extracted.items():
        assert _ids(template) == _ids(translations.read(on_disk[domain])), \
            f"{domain}.pot is stale: run `python3 build.py i18n`"


def test_a_games_messages_are_in_the_games_own_catalog():
    """One game, one package, one catalog: a game added brings its own; the page's, the server's
    and the site's messages have theirs."""
    assert translations.domain_of("py/biocards/games/peptide/rules.py") == "peptide"
    assert translations.domain_of("py/biocards/web/log.py") == "play"
    assert translations.domain_of("py/biocards/server/app.py") == "server"
    assert translations.domain_of("py/sitegen/templates/base.html") == "site"
    assert translations.domain_of("static/js/teacher.js") == "scripts"
    assert translations.domain_of("py/biocards/core/game.py") == "biocards"


@pytest.mark.parametrize("domain", sorted(EXTRACTED))
def test_spanish_has_every_message_translated_and_none_fuzzy(domain):
    template = _ids(EXTRACTED[domain])
    po = translations.catalogs(ROOT)["es"].get(domain)
    assert po is not None, f"es has no {domain}.po: run `python3 build.py i18n`"
    entries = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in translations.read(po, "es") if m.id}
    assert template <= set(entries), f"not in es/{domain}.po: {sorted(map(str, template - set(entries)))}"
    untranslated = [key for key, m in entries.items() if not translations.translated(m) and not m.fuzzy]
    assert not untranslated, f"untranslated in es/{domain}.po: {untranslated}"
    assert not [key for key, m in entries.items() if m.fuzzy], f"fuzzy messages in es/{domain}.po: review them"


@pytest.mark.parametrize("lang", sorted(translations.catalogs(ROOT)))
def test_a_translation_keeps_its_placeholders(lang):
    for po in translations.catalogs(ROOT)[lang].values():
        for message in translations.read(po, lang):
            if not message.id or not message.string:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for string in strings:
                if string:
                    assert placeholders(string) == placeholders(ids[-1 if len(ids) > 1 else 0]) or \
                        placeholders(string) == placeholders(ids[0]), (lang, po.stem, message.id, string)


def test_placeholder_pattern_sees_both_styles():
    assert placeholders("Play {card} for %(n)d ATP") == ["%(n)d", "{card}"]


def test_plural_rules_come_from_the_compiled_header():
    translations.compile_all(ROOT)
    mo = translations.catalogs(ROOT)["es"]["site"].with_suffix(".mo")
    assert b"Plural-Forms: nplurals=2; plural=(n != 1);" in mo.read_bytes()


def test_an_unknown_language_or_region_falls_back():
    assert i18n.best_language("es-MX") in ("es", "en")  # es when the catalogs are compiled
    assert i18n.best_language("xx") == "en"
    assert i18n.best_language(None) == "en"
    before = i18n.get_language()
    try:
        assert i18n.set_language("xx") == "en"
        assert i18n.gettext("Games") == "Games"
        assert i18n.ngettext("one card", "{n} cards", 2) == "{n} cards"
    finally:
        i18n.set_language(before)


def test_pseudo_locales_are_never_offered():
    assert not set(i18n.languages()) & i18n.TEST_ONLY


def test_pseudo_english_is_accented_longer_and_keeps_placeholders():
    """en-XA shows a string that skipped the catalogs (it stays plain ASCII) and a text that would
    not fit at 40% longer; what Python fills in stays as it is."""
    text = translations.pseudo_text("Play {card} for %(n)d ATP", "en_XA")
    assert placeholders(text) == ["%(n)d", "{card}"]
    assert "Þļåý" in text and "ATP" not in text
    assert len(text) >= 1.4 * len("Play {card} for %(n)d ATP")


def test_pseudo_rtl_turns_the_text_right_to_left():
    assert translations.pseudo_text("Draw {n} cards", "ar_XB") == "\u202eDraw {n} cards\u202c"


def test_the_build_makes_the_pseudo_locales_for_tests_but_offers_only_real_languages():
    translations.compile_all(ROOT)
    made = set(i18n._read_catalogs())
    assert {"en_XA", "ar_XB"} <= made
    assert "en_XA" in i18n.languages(include_test_only=True) or "en_XA" not in i18n._CATALOGS
    assert not {"en_XA", "ar_XB"} & set(i18n.languages())


def test_a_message_is_written_in_the_language_it_is_read_in():
    """The record stays language-free: an event's Message is one value, written in English for one
    seat and in Spanish for another, and equal to itself whatever the language."""
    translations.compile_all(ROOT)
    shown = i18n.message("{what} · {where}", what=i18n.lazy_gettext("Games"), where=i18n.lazy_gettext("Lessons"))
    catalogs = i18n._read_catalogs()
    if "es" not in catalogs:
        pytest.skip("no Spanish catalog compiled")
    i18n._CATALOGS.update(catalogs)
    assert shown.render("en") == "Games · Lessons"
    assert shown.render("es") == "Juegos · Lecciones"
    with i18n.language("es"):
        assert str(shown) == "Juegos · Lecciones"
    assert str(shown) == "Games · Lessons"
    assert shown == i18n.message("{what} · {where}", what=i18n.lazy_gettext("Games"), where=i18n.lazy_gettext("Lessons"))
    assert len({shown, i18n.message("{what} · {where}", what=i18n.lazy_gettext("Games"), where=i18n.lazy_gettext("Lessons"))}) == 1


def test_a_plural_message_takes_the_form_for_its_number():
    assert str(i18n.nmessage("{n} card", "{n} cards", 1)) == "1 card"
    assert str(i18n.nmessage("{n} card", "{n} cards", 3)) == "3 cards"
