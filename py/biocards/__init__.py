"""BioCards: biology card and board games with rules engines in plain Python.

The package runs unchanged on CPython (tests, bots, benchmarks) and in Pyodide
(the web page). Only :mod:`biocards.web` touches the browser.
"""

__version__ = "0.1.0"
