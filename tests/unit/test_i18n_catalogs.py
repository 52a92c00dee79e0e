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


def test_the_template_lists_what_the_sources_mark():
    """biocards.pot is up to date: `python3 build.py i18n` was run after marking a string."""
    on_disk = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
               for m in translations.read(translations.locale_dir(ROOT) / "biocards.pot") if m.id}
    extracted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in translations.extract(ROOT) if m.id}
    assert extracted == on_disk, "run `python3 build.py i18n` to update biocards.pot and the catalogs"


def test_spanish_has_every_message_translated_and_none_fuzzy():
    catalog = translations.read(translations.catalogs(ROOT)["es"], "es")
    template = {m.id for m in translations.extract(ROOT) if m.id}
    entries = {m.id: m for m in catalog if m.id}
    assert template <= set(entries), f"not in es: {sorted(map(str, template - set(entries)))}"
    untranslated = [m.id for m in entries.values()
                    if not (all(m.string) if isinstance(m.string, tuple) else m.string)]
    assert not untranslated, f"untranslated in es: {untranslated}"
    assert not [m.id for m in entries.values() if m.fuzzy], "fuzzy messages in es: review them"


@pytest.mark.parametrize("lang", sorted(translations.catalogs(ROOT)))
def test_a_translation_keeps_its_placeholders(lang):
    for message in translations.read(translations.catalogs(ROOT)[lang], lang):
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            if string:
                assert placeholders(string) == placeholders(ids[-1 if len(ids) > 1 else 0]) or \
                    placeholders(string) == placeholders(ids[0]), (lang, message.id, string)


def test_placeholder_pattern_sees_both_styles():
    assert placeholders("Play {card} for %(n)d ATP") == ["%(n)d", "{card}"]


def test_plural_rules_come_from_the_compiled_header():
    translations.compile_all(ROOT)
    mo = translations.catalogs(ROOT)["es"].with_suffix(".mo")
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
