"""The browser adapter: the only BioCards code that imports ``js``/``pyscript``.

``page.py`` reads the link and gives the table (``table.py``) its source: the game in this page
(``local.py``) or a seat at a class table (``class_play.py``). The table draws what its source
gives and turns a click or key into an :class:`~biocards.core.Action` for the source to make
(docs/design.md, "The page").
"""

from __future__ import annotations


async def main() -> None:
    """Entry point awaited by the play page once PyScript has installed the wheel."""
    from pyscript import window

    window.performance.mark("biocards-python-start")  # boot figures: Python's share of the boot
    await speak(window)
    from .page import start

    window.performance.mark("biocards-adapter-imported")
    await start()
    window.performance.mark("biocards-table-ready")


async def speak(window) -> str:
    """Speak the page's language (its ``<html lang>``, as static/js/boot.js read it) before anything
    is drawn: load the compiled catalogs boot.js fetched for it (none for English) and make it the
    current language. ``<html data-language>`` says which language Python speaks."""
    from .. import i18n

    lang = str(window.biocardsLanguage or i18n.SOURCE_LANGUAGE)
    if lang != i18n.SOURCE_LANGUAGE:
        for catalog in await window.biocardsCatalogs:
            i18n.load(lang, catalog.to_bytes())
    spoken = i18n.set_language(lang)
    window.document.documentElement.dataset.language = spoken
    return spoken
