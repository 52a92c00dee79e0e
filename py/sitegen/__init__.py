"""Build-time page rendering for the BioCards site (runs on CPython, never in the browser)."""
