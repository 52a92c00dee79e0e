"""The class server: students on their own devices at shared tables, the engine as referee.

CPython only (aiohttp, SQLite): never imported by the page, and left out of the wheel the page
installs (build.py). Start it with ``python3 build.py serve``.
"""
