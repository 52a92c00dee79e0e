"""The browser adapter: the only BioCards code that imports ``js``/``pyscript``.

``page.py`` reads the link and gives the table (``table.py``) its source: the game in this page
(``local.py``) or a seat at a class table (``class_play.py``). The table draws what its source
gives and turns a click or key into an :class:`~biocards.core.Action` for the source to make
(docs/design.md, "The page").
"""

from __future__ import annotations

from ..i18n import N_

BOOT_WORDS = (N_("Loading Python…"), N_("Installing the game…"), N_("Dealing the cards…"),
              N_("The game could not start: {reason}. Try reloading the page."))
"""What static/js/boot.js says before Python runs, marked here for the page's catalog (play):
boot.js looks them up, by their English text, in the catalog it fetched for the page."""


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
