"""The catalogs, through Babel's API (run in the build's venv by build.py):

    python -m sitegen.translations compile   .po → .mo beside it (every build does this)
    python -m sitegen.translations update    extract biocards.pot with babel.cfg, merge it into each
                                             language's .po, then print each language's coverage

A language is a folder ``py/biocards/locale/<lang>/LC_MESSAGES/biocards.po``; add one with
``pybabel init`` (docs/translating.md). The compiled ``.mo`` files are build output, not committed.
"""

from __future__ import annotations

import io
import re
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

DOMAIN = "biocards"
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def locale_dir(root: Path) -> Path:
    return root / "py" / "biocards" / "locale"


def catalogs(root: Path) -> dict[str, Path]:
    """Each language's .po file, by language (the folder's name)."""
    return {po.parent.parent.name: po for po in sorted(locale_dir(root).glob(f"*/LC_MESSAGES/{DOMAIN}.po"))}


def read(po: Path, lang: str | None = None) -> Catalog:
    with open(po, "rb") as file:
        return read_po(file, locale=lang, domain=DOMAIN)


def extract(root: Path) -> Catalog:
    """Every marked message in babel.cfg's files, with where it is used (no dates: builds compare)."""
    with open(root / "babel.cfg", encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    template = Catalog(project="BioCards", domain=DOMAIN, charset="utf-8",
                       creation_date=datetime(2026, 1, 1, tzinfo=timezone.utc))
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _write(catalog: Catalog, path: Path, **options) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=100, omit_header=False, **options)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def update(root: Path) -> None:
    """Write biocards.pot and merge it into every language's catalog (new messages empty, changed
    ones fuzzy: a translator looks at them again)."""
    template = extract(root)
    _write(template, locale_dir(root) / f"{DOMAIN}.pot")
    for lang, po in catalogs(root).items():
        catalog = read(po, lang)
        catalog.update(template, update_header_comment=False)
        _write(catalog, po, ignore_obsolete=True)


PSEUDO = ("en_XA", "ar_XB")
"""Pseudo-locales for tests only (biocards.i18n.TEST_ONLY never offers them), made from the template
at every compile: en_XA is accented English 40% longer, so a string not in a catalog (plain ASCII)
and a text that does not fit show; ar_XB is English written right to left, so a layout that
assumes left-to-right shows."""

_ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                          "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
_KEPT = re.compile(r"(\{[^{}]*\}|%\([A-Za-z_]+\)[sdifr]|%[sdifr]|<[^>]*>|&[a-z]+;)")


def pseudo_text(text: str, lang: str) -> str:
    """One message in a pseudo-locale; placeholders, markup and entities are left as they are."""
    parts = _KEPT.split(text)
    if lang == "en_XA":
        body = "".join(part if _KEPT.fullmatch(part) else part.translate(_ACCENTED) for part in parts)
        # "[", " " and "]" count towards the 40%.
        return f"[{body} {'·' * max(1, -(-len(text) * 4 // 10) - 3)}]"
    return f"\u202e{text}\u202c"  # RIGHT-TO-LEFT OVERRIDE … POP DIRECTIONAL FORMATTING, like ar-XB


def write_pseudo(root: Path) -> None:
    """Each pseudo-locale's .po, from the template (build output, not committed)."""
    template = read(locale_dir(root) / f"{DOMAIN}.pot")
    for lang in PSEUDO:
        catalog = Catalog(locale=lang.split("_")[0], domain=DOMAIN, charset="utf-8",
                          creation_date=template.creation_date, revision_date=template.creation_date)
        for message in template:
            if not message.id:
                continue
            if isinstance(message.id, tuple):
                string = tuple(pseudo_text(message.id[min(i, 1)], lang) for i in range(catalog.num_plurals))
            else:
                string = pseudo_text(message.id, lang)
            catalog.add(message.id, string, context=message.context)
        _write(catalog, locale_dir(root) / lang / "LC_MESSAGES" / f"{DOMAIN}.po")


def compile_all(root: Path) -> list[Path]:
    """Every .po → .mo (the pseudo-locales' made first). Plural-Forms comes from Babel's CLDR data
    for the language."""
    write_pseudo(root)
    written = []
    for lang, po in catalogs(root).items():
        catalog = read(po, lang)
        mo = po.with_suffix(".mo")
        out = io.BytesIO()
        write_mo(out, catalog, use_fuzzy=False)
        if not mo.exists() or mo.read_bytes() != out.getvalue():
            mo.write_bytes(out.getvalue())
        written.append(mo)
    return written


def coverage(root: Path) -> dict[str, dict[str, int]]:
    """Per language: messages translated (not fuzzy), fuzzy, and the template's total."""
    total = len([m for m in extract(root) if m.id])
    report = {}
    for lang, po in catalogs(root).items():
        if lang in PSEUDO:
            continue
        messages = [m for m in read(po, lang) if m.id]
        fuzzy = sum(1 for m in messages if m.fuzzy)
        done = sum(1 for m in messages if not m.fuzzy and (all(m.string) if isinstance(m.string, tuple) else m.string))
        report[lang] = {"translated": done, "fuzzy": fuzzy, "total": total}
    return report


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path.cwd()
    if argv[0] == "compile":
        compile_all(root)
        return 0
    if argv[0] == "update":
        update(root)
        compile_all(root)
        for lang, counts in coverage(root).items():
            share = counts["translated"] / counts["total"] if counts["total"] else 1
            print(f"{lang}: {counts['translated']}/{counts['total']} translated ({share:.0%}), "
                  f"{counts['fuzzy']} fuzzy")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
