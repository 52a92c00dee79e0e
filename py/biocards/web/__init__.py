"""The browser adapter: the only BioCards code that imports ``js``/``pyscript``.

It turns a click or key into an :class:`~biocards.core.Action`, applies it, appends the events to
the log, saves the record and re-renders. Everything it shows comes from the engine contract.
"""

from __future__ import annotations


async def main() -> None:
    """Entry point awaited by the play page once PyScript has installed the wheel."""
    from pyscript import window

    window.performance.mark("biocards-python-start")  # boot figures: Python's share of the boot
    from .page import start

    window.performance.mark("biocards-adapter-imported")
    await start()
    window.performance.mark("biocards-table-ready")
