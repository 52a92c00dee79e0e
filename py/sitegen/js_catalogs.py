"""The pages' scripts' catalogs: each language's ``scripts`` domain (static/js, through babel.cfg) as
the JSON that static/js/translate.mjs reads, ``dist/locale/<lang>/scripts.json``.

A catalog maps each English message to its translation. Only translated messages that are not
fuzzy are written (a missing one reads in English, as gettext does); English needs no file, and a
page in English fetches none. The scripts' messages have no plural forms and no contexts: a plural
or a context would be written under its own key and never found, so :func:`catalog` refuses them.
"""

from __future__ import annotations

import json
from pathlib import Path

from .translations import PSEUDO, catalogs, read, translated

DOMAIN = "scripts"


def catalog(po: Path, lang: str) -> dict[str, str]:
    """One language's messages for the scripts, English → translation."""
    messages = {}
    for message in read(po, lang):
        if not message.id:
            continue
        if message.context or not isinstance(message.id, str):
            raise ValueError(f"{po}: the pages' scripts take no context or plural ({message.id!r})")
        if translated(message):
            messages[message.id] = message.string
    return dict(sorted(messages.items()))


def write_js_catalogs(root: Path, dist: Path) -> list[Path]:
    """Write each language's ``locale/<lang>/scripts.json`` into ``dist`` (not English's, not the
    pseudo-locales', which no page is published in); returns the files written."""
    written = []
    for lang, domains in sorted(catalogs(root).items()):
        if lang in PSEUDO or lang == "en" or DOMAIN not in domains:
            continue
        path = dist / "locale" / lang / f"{DOMAIN}.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(catalog(domains[DOMAIN], lang), ensure_ascii=False, separators=(",", ":")),
                        encoding="utf-8")
        written.append(path)
    return written
