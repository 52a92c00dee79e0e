"""The language BioCards speaks: gettext catalogs, one per *domain* and language
(``locale/<lang>/LC_MESSAGES/<domain>.mo``).

English is the source language: a message with no translation, or a language with no catalog,
shows the English text. Plural rules are each catalog's ``Plural-Forms`` header, which Babel writes
from CLDR when it compiles (``python3 build.py i18n``), not rules written here.

**Domains.** Each game's messages are in a catalog named after the game (``peptide.po``), so a game
brings its own catalog as it brings its own package; the page's are in ``play``, the class
server's in ``server``, the site's pages in ``site``, the teacher's and join pages' scripts in
``scripts`` and the rest in ``biocards`` (sitegen/translations.py says which file goes where). At run
time every domain of a language is read into one chain, so code asks for a message without naming
its domain.

**Now or later.** ``_``/``gettext``/``pgettext``/``ngettext`` translate now, into the current
language: a render function calls them. ``message``/``pmessage``/``nmessage`` make a
:class:`Message` that is translated when it is shown: an engine's events and refusals are made once
and read in every seat's language (a class table can seat a Spanish and an English student), and a
saved game keeps no sentence. ``N_`` only marks a string for the catalog (card names in a data
table); ``lazy_gettext(name)`` makes it a Message when it is shown.

**Where catalogs come from.** A language's catalogs are read from the package's files the first
time that language is asked for, not at import: the play page imports this module before its memory
snapshot is taken (sitegen/snapshot_imports.py), so the snapshot carries no language, and after a
restore the wheel's files are gone. The page fetches its own language's compiled catalogs instead
(``locale/<lang>/<domain>.mo`` of the site, static/js/boot.js) and hands them to :func:`load`
before it draws anything; an English page fetches none (docs/translating.md).
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import io
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

DOMAIN = "biocards"
"""The domain of messages that belong to no game and no other part (sitegen/translations.py)."""
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).parent / "locale"

TEST_ONLY = frozenset({"en-XA", "ar-XB", "en_XA", "ar_XB"})
"""Pseudo-locales built for tests, never offered to a user."""


def _chain(catalogs: dict[str, _gettext.NullTranslations], lang: str,
           catalog: _gettext.GNUTranslations) -> None:
    """Add one domain's catalog to a language's chain (a message not in one is looked up in the
    next: gettext's fallbacks)."""
    if lang in catalogs:
        catalogs[lang].add_fallback(catalog)
    else:
        catalogs[lang] = catalog


def _read_catalogs(lang: str = "*") -> dict[str, _gettext.NullTranslations]:
    """The package's compiled catalogs of ``lang`` (default: every language), by language."""
    catalogs: dict[str, _gettext.NullTranslations] = {}
    if LOCALE_DIR.is_dir():
        for mo in sorted(LOCALE_DIR.glob(f"{lang}/LC_MESSAGES/*.mo")):
            with open(mo, "rb") as file:
                _chain(catalogs, mo.parent.parent.name, _gettext.GNUTranslations(file))
    return catalogs


_CATALOGS: dict[str, _gettext.NullTranslations] = {}
"""Each language's chain of catalogs, once read from the package or handed to :func:`load`."""
_LOOKED: set[str] = set()
"""Languages whose package files were looked for (once each: a language has no catalog file
later that it had none of at first)."""
_ENGLISH = _gettext.NullTranslations()
_current = SOURCE_LANGUAGE


def _on_disk() -> set[str]:
    """Languages with a folder of compiled catalogs in the package (none on a restored page)."""
    if not LOCALE_DIR.is_dir():
        return set()
    return {folder.name for folder in LOCALE_DIR.iterdir() if any(folder.glob("LC_MESSAGES/*.mo"))}


def _catalog(lang: str) -> _gettext.NullTranslations | None:
    """``lang``'s chain, read from the package's files the first time it is asked for."""
    if lang not in _LOOKED:
        _LOOKED.add(lang)
        for found in _read_catalogs(lang).values():
            _chain(_CATALOGS, lang, found)
    return _CATALOGS.get(lang)


def normalize(tag: str | None) -> str:
    """A language tag as the catalogs are named: ``es-MX`` → ``es_MX``; empty → English."""
    return (tag or SOURCE_LANGUAGE).strip().replace("-", "_") or SOURCE_LANGUAGE


def best_language(tag: str | None) -> str:
    """The catalog for a tag: itself, else its language without the region (``es_MX`` → ``es``),
    else English."""
    tag = normalize(tag)
    for candidate in (tag, tag.split("_")[0]):
        if candidate == SOURCE_LANGUAGE or _catalog(candidate) is not None:
            return candidate
    return SOURCE_LANGUAGE


def languages(include_test_only: bool = False) -> list[str]:
    """English and every language with a compiled catalog (the pseudo-locales only on request)."""
    found = sorted(lang for lang in _on_disk() | set(_CATALOGS) if include_test_only or lang not in TEST_ONLY)
    return [SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE)]


def load(lang: str, mo: bytes) -> None:
    """Add a compiled catalog (a ``.mo`` file's bytes) for ``lang``: the page fetches its
    language's catalogs (one per domain) rather than carrying every language in its snapshot.
    The package's own files of that language are then not looked for."""
    lang = normalize(lang)
    _LOOKED.add(lang)
    _chain(_CATALOGS, lang, _gettext.GNUTranslations(io.BytesIO(mo)))


def translations(lang: str | None = None) -> _gettext.NullTranslations:
    """The catalog for ``lang`` (default: the current language); English when there is none."""
    if lang is None and _current in _LOOKED:
        # The current language is already a best_language() answer whose files were looked for:
        # every text a table draws asks for it, so it is read straight from the chains.
        return _CATALOGS.get(_current) or _ENGLISH
    return _catalog(best_language(lang if lang is not None else _current)) or _ENGLISH


def set_language(tag: str | None) -> str:
    """Make ``tag`` the current language; returns the language actually used (``best_language``)."""
    global _current
    _current = best_language(tag)
    return _current


def get_language() -> str:
    return _current


@contextlib.contextmanager
def language(tag: str | None) -> Iterator[str]:
    """Speak ``tag`` inside the block, then the language before it (the class server writes each
    seat's frame in that seat's language)."""
    global _current
    before = _current
    _current = best_language(tag)
    try:
        yield _current
    finally:
        _current = before


def gettext(message: str) -> str:
    return translations().gettext(message)


def pgettext(context: str, message: str) -> str:
    return translations().pgettext(context, message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return translations().ngettext(singular, plural, n)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return translations().npgettext(context, singular, plural, n)


_ = gettext


def N_(text: str) -> str:
    """Mark ``text`` for the catalog and return it as it is: data (a card's name) stays English and
    is translated where it is shown (``_(card.name)`` or ``lazy_gettext(card.name)``)."""
    return text


class Message:
    """A text translated when it is shown, in the language of that moment: an English template
    with named fields (``"{who} ends their turn."``), an optional context and plural, and the
    values of its fields, which may be Messages themselves (a card's name).

    ``str(message)`` is the text in the current language; ``message.render("es")`` in another.
    Two messages are equal when their templates and values are, whatever the language."""

    __slots__ = ("id", "context", "plural", "n", "params", "_hash")

    def __init__(self, id: str, params: Mapping[str, Any] | None = None, *, context: str | None = None,
                 plural: str | None = None, n: int | None = None) -> None:
        self.id, self.context, self.plural, self.n = id, context, plural, n
        self.params = dict(params or {})
        self._hash: int | None = None

    def render(self, lang: str | None = None) -> str:
        catalog = translations(lang)
        if self.plural is not None:
            n = self.n if self.n is not None else 0
            text = catalog.npgettext(self.context, self.id, self.plural, n) if self.context \
                else catalog.ngettext(self.id, self.plural, n)
        else:
            text = catalog.pgettext(self.context, self.id) if self.context else catalog.gettext(self.id)
        if not self.params and self.plural is None:
            return text
        values = {key: value.render(lang) if isinstance(value, Message) else value
                  for key, value in self.params.items()}
        if self.plural is not None:
            values.setdefault("n", self.n)
        return text.format(**values)

    def __str__(self) -> str:
        return self.render()

    def _key(self) -> tuple:
        return (self.id, self.context, self.plural, self.n, tuple(sorted(self.params.items(), key=lambda kv: kv[0])))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and self._key() == other._key()

    def __hash__(self) -> int:
        if self._hash is None:  # legal-move lists hash their actions' labels often
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self) -> str:
        return f"Message({self.render(SOURCE_LANGUAGE)!r})"

    def __reduce__(self):
        # Its fields, not its slots: pickling a position (tests compare a state's bytes before and
        # after a refused move) then costs a third of what the default slot-by-slot way does.
        return (_rebuilt, (self.id, self.params, self.context, self.plural, self.n))

    # Read like the string it stands for, so code that searches a text keeps working.
    def __contains__(self, part: str) -> bool:
        return part in str(self)

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)


def _rebuilt(id: str, params: Mapping[str, Any], context: str | None, plural: str | None, n: int | None) -> Message:
    return Message(id, params, context=context, plural=plural, n=n)


def message(text: str, **params: Any) -> Message:
    """A :class:`Message` from an English template and its fields, translated when shown."""
    return Message(text, params)


def pmessage(context: str, text: str, **params: Any) -> Message:
    """:func:`message` with a context, for an English word that means two things."""
    return Message(text, params, context=context)


def nmessage(singular: str, plural: str, n: int, **params: Any) -> Message:
    """:func:`message` in the plural form for ``n`` (``{n}`` is filled in too)."""
    return Message(singular, params, plural=plural, n=n)


def lazy_gettext(text: str | Message, context: str | None = None) -> Message:
    """A data string marked with ``N_`` (a card's name), translated when shown; a Message already
    is one, and is handed back as it is."""
    return text if isinstance(text, Message) else Message(text, context=context)


def text(value: str | Message, lang: str | None = None) -> str:
    """A shown text: a Message rendered in ``lang`` (default: the current language), a str as it is."""
    return value.render(lang) if isinstance(value, Message) else value
