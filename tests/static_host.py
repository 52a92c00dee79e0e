"""A plain static host, as a school web server or a USB stick's `python3 -m http.server` would be:
for the tests that count every file a browser asks for, or that deploy a new build under a
running site. (``python3 build.py serve`` is the class server: tests/class_server.py.)"""

from __future__ import annotations

import http.server
import os
import sys
from functools import partial
from pathlib import Path

from biocards.server.app import TYPES


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}  # the class server's types

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        if os.environ.get("BIOCARDS_QUIET") != "1":
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address) -> None:
        """A browser hanging up mid-file (a page reloaded, a download cancelled) is no error."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(port: int, directory: Path) -> Server:
    """A static server of ``directory`` on 127.0.0.1 (port 0: any free port)."""
    return Server(("127.0.0.1", port), partial(Handler, directory=str(directory)))
