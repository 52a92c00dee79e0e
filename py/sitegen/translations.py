"""The catalogs, through Babel's API (run in the build's venv by build.py):

    python -m sitegen.translations compile   .po → .mo beside it (every build does this)
    python -m sitegen.translations update    extract each domain's .pot with babel.cfg, merge it
                                             into each language's .po, then print each language's coverage

A language is a folder ``py/biocards/locale/<lang>/LC_MESSAGES/`` with one ``<domain>.po`` per
domain (:func:`domain_of` says which); add one with ``pybabel init`` (docs/translating.md) or by
making the folder and running ``update``. The compiled ``.mo`` files are build output, not committed.
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

KEYWORDS = {
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
    # biocards.i18n's later translations: a Message is made now and written when shown.
    "message": None, "pmessage": ((1, "c"), 2), "nmessage": (1, 2), "lazy_gettext": None, "N_": None,
}
_CREATED = datetime(2026, 1, 1, tzinfo=timezone.utc)  # no dates that change: builds compare files


def domain_of(filename: str) -> str:
    """The catalog a source file's messages go in: a game's own (``peptide``), the page's
    (``play``), the class server's (``server``), the pages' scripts (``scripts``), the site's
    (``site``), else ``biocards`` (core, bots, guided lessons)."""
    parts = Path(filename).as_posix().split("/")
    if parts[:3] == ["py", "biocards", "games"] and len(parts) > 4:
        return parts[3]
    if parts[:3] == ["py", "biocards", "web"]:
        return "play"
    if parts[:3] == ["py", "biocards", "server"]:
        return "server"
    if parts[:2] == ["static", "js"]:
        return "scripts"
    if parts[:2] == ["py", "sitegen"] or parts == ["index.html"]:
        return "site"
    return "biocards"


def locale_dir(root: Path) -> Path:
    return root / "py" / "biocards" / "locale"


def languages(root: Path) -> list[str]:
    """Every language with a folder of catalogs (the pseudo-locales too, once compiled)."""
    return sorted(d.name for d in locale_dir(root).iterdir() if (d / "LC_MESSAGES").is_dir()) \
        if locale_dir(root).is_dir() else []


def templates(root: Path) -> dict[str, Path]:
    """Each domain's template (``<domain>.pot``), by domain."""
    return {pot.stem: pot for pot in sorted(locale_dir(root).glob("*.pot"))}


def catalogs(root: Path) -> dict[str, dict[str, Path]]:
    """Each language's .po files, by language (the folder's name) and domain."""
    out: dict[str, dict[str, Path]] = {}
    for po in sorted(locale_dir(root).glob("*/LC_MESSAGES/*.po")):
        out.setdefault(po.parent.parent.name, {})[po.stem] = po
    return out


def read(po: Path, lang: str | None = None) -> Catalog:
    with open(po, "rb") as file:
        return read_po(file, locale=lang, domain=po.stem)


def extract(root: Path) -> dict[str, Catalog]:
    """Every marked message in babel.cfg's files, with the files that use it, by domain."""
    with open(root / "babel.cfg", encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    found: dict[str, Catalog] = {}
    for filename, lineno, message, comments, context in extract_from_dir(
            root, method_map, options_map, keywords=KEYWORDS, comment_tags=("Translators:",), strip_comment_tags=True):
        domain = domain_of(filename)
        if domain not in found:
            found[domain] = Catalog(project="BioCards", domain=domain, charset="utf-8", creation_date=_CREATED)
        found[domain].add(message, None, [(filename, None)], auto_comments=comments, context=context)
    return found


def _write(catalog: Catalog, path: Path, **options) -> None:
    out = io.BytesIO()
    # No line numbers: a message moving within its file changes no catalog.
    write_po(out, catalog, width=100, omit_header=False, include_lineno=False, **options)
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def update(root: Path) -> dict[str, Catalog]:
    """Write each domain's template and merge it into every language's catalog of that domain
    (new messages empty, changed ones fuzzy: a translator looks at them again); returns the
    templates, by domain."""
    found = extract(root)
    for pot in templates(root).values():
        if pot.stem not in found:
            pot.unlink()
    for domain, template in found.items():
        _write(template, locale_dir(root) / f"{domain}.pot")
    for lang in languages(root):
        if lang in PSEUDO:
            continue
        for domain, template in found.items():
            po = locale_dir(root) / lang / "LC_MESSAGES" / f"{domain}.po"
            if po.exists():
                catalog = read(po, lang)
            else:
                catalog = Catalog(locale=lang, domain=domain, charset="utf-8", creation_date=_CREATED,
                                  revision_date=_CREATED, project="BioCards")
            catalog.update(template, update_header_comment=False)
            _write(catalog, po, ignore_obsolete=True)
    return found


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
    """Each pseudo-locale's .po of every domain, from the templates (build output, not committed)."""
    for lang in PSEUDO:
        for po in (locale_dir(root) / lang / "LC_MESSAGES").glob("*.po"):
            if po.stem not in templates(root):
                po.unlink()
    for domain, pot in templates(root).items():
        template = read(pot)
        for lang in PSEUDO:
            catalog = Catalog(locale=lang.split("_")[0], domain=domain, charset="utf-8",
                              creation_date=_CREATED, revision_date=_CREATED)
            for message in template:
                if not message.id:
                    continue
                if isinstance(message.id, tuple):
                    string = tuple(pseudo_text(message.id[min(i, 1)], lang) for i in range(catalog.num_plurals))
                else:
                    string = pseudo_text(message.id, lang)
                catalog.add(message.id, string, context=message.context)
            _write(catalog, locale_dir(root) / lang / "LC_MESSAGES" / f"{domain}.po")


def compile_all(root: Path) -> list[Path]:
    """Every .po → .mo (the pseudo-locales' made first). Plural-Forms comes from Babel's CLDR data
    for the language."""
    write_pseudo(root)
    for mo in locale_dir(root).glob("*/LC_MESSAGES/*.mo"):
        if not mo.with_suffix(".po").exists():
            mo.unlink()  # a domain or language gone: its old catalog must not be read
    written = []
    for lang, pos in catalogs(root).items():
        for po in pos.values():
            catalog = read(po, lang)
            mo = po.with_suffix(".mo")
            out = io.BytesIO()
            write_mo(out, catalog, use_fuzzy=False)
            if not mo.exists() or mo.read_bytes() != out.getvalue():
                mo.write_bytes(out.getvalue())
            written.append(mo)
    return written


def translated(message) -> bool:
    return bool(not message.fuzzy and (all(message.string) if isinstance(message.string, tuple) else message.string))


def coverage(root: Path, found: dict[str, Catalog] | None = None) -> dict[str, dict[str, int]]:
    """Per language: messages translated (not fuzzy), fuzzy, and the templates' total."""
    found = found if found is not None else extract(root)  # the templates just extracted, if given
    total = sum(len([m for m in template if m.id]) for template in found.values())
    report = {}
    for lang, pos in catalogs(root).items():
        if lang in PSEUDO:
            continue
        messages = [m for domain, po in pos.items() if domain in found for m in read(po, lang) if m.id]
        fuzzy = sum(1 for m in messages if m.fuzzy)
        report[lang] = {"translated": sum(map(translated, messages)), "fuzzy": fuzzy, "total": total}
    return report


def main(argv: list[str]) -> int:
    root = Path(argv[1]) if len(argv) > 1 else Path.cwd()
    if argv[0] == "compile":
        compile_all(root)
        return 0
    if argv[0] == "update":
        found = update(root)
        compile_all(root)
        for lang, counts in coverage(root, found).items():
            share = counts["translated"] / counts["total"] if counts["total"] else 1
            print(f"{lang}: {counts['translated']}/{counts['total']} translated ({share:.0%}), "
                  f"{counts['fuzzy']} fuzzy")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
