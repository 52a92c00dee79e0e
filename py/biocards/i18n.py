"""The language BioCards speaks: gettext catalogs (``locale/<lang>/LC_MESSAGES/biocards.mo``).

English is the source language: a message with no translation, or a language with no catalog,
shows the English text. Plural rules are the catalog's ``Plural-Forms`` header, which Babel writes
from CLDR when it compiles (``python3 build.py i18n``), not rules written here.

Every catalog is read when this module is imported. The play page imports it before its memory
snapshot is taken (sitegen/snapshot_imports.py), and the wheel's files are gone after a restore, so
the catalogs must already be in memory then (they are small: a few KB each).
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path

DOMAIN = "biocards"
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).parent / "locale"

TEST_ONLY = frozenset({"en-XA", "ar-XB", "en_XA", "ar_XB"})
"""Pseudo-locales built for tests, never offered to a user."""


def _read_catalogs() -> dict[str, _gettext.GNUTranslations]:
    catalogs = {}
    if LOCALE_DIR.is_dir():
        for mo in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo")):
            with open(mo, "rb") as file:
                catalogs[mo.parent.parent.name] = _gettext.GNUTranslations(file)
    return catalogs


_CATALOGS = _read_catalogs()
_ENGLISH = _gettext.NullTranslations()
_current = SOURCE_LANGUAGE


def normalize(tag: str | None) -> str:
    """A language tag as the catalogs are named: ``es-MX`` → ``es_MX``; empty → English."""
    return (tag or SOURCE_LANGUAGE).strip().replace("-", "_") or SOURCE_LANGUAGE


def best_language(tag: str | None) -> str:
    """The catalog for a tag: itself, else its language without the region (``es_MX`` → ``es``),
    else English."""
    tag = normalize(tag)
    for candidate in (tag, tag.split("_")[0]):
        if candidate in _CATALOGS or candidate == SOURCE_LANGUAGE:
            return candidate
    return SOURCE_LANGUAGE


def languages(include_test_only: bool = False) -> list[str]:
    """English and every language with a compiled catalog (the pseudo-locales only on request)."""
    found = sorted(lang for lang in _CATALOGS if include_test_only or lang not in TEST_ONLY)
    return [SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE)]


def translations(lang: str | None = None) -> _gettext.NullTranslations:
    """The catalog for ``lang`` (default: the current language); English when there is none."""
    return _CATALOGS.get(best_language(lang if lang is not None else _current), _ENGLISH)


def set_language(tag: str | None) -> str:
    """Make ``tag`` the current language; returns the language actually used (``best_language``)."""
    global _current
    _current = best_language(tag)
    return _current


def get_language() -> str:
    return _current


def gettext(message: str) -> str:
    return translations().gettext(message)


def pgettext(context: str, message: str) -> str:
    return translations().pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations().ngettext(singular, plural, n)


_ = gettext
