"""``biocards``: the class server of an installed release (the wheel, or biocards.pyz).

    biocards serve [--lan] [--port N] [--data DIR]   run the class server for the site the release carries
    biocards                                         serve --lan and open the teacher page (a double-click)
    biocards --version

The release carries the site already built (``biocards/site``, written by ``python3 build.py
release``): running it needs neither Node nor the network. Classes are kept in ``classes.sqlite3``
in a per-user folder (platformdirs: ``%LOCALAPPDATA%\\biocards`` on Windows, ``~/Library/Application
Support/biocards`` on macOS, ``~/.local/share/biocards`` on Linux) unless ``--data`` names another.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path

from . import __version__

SITE = Path(__file__).resolve().parent / "site"
"""The built site inside the installed package (absent from a clone, where dist/ is the site)."""


def data_folder() -> Path:
    """Where classes are kept unless ``--data`` says otherwise: the platform's per-user data folder."""
    import platformdirs

    return platformdirs.user_data_path("biocards", appauthor=False)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    double_click = not argv
    parser = argparse.ArgumentParser(prog="biocards", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"BioCards {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the class server (on 127.0.0.1 unless --lan)")
    serve.add_argument("--lan", action="store_true", help="listen on every interface, for students' devices")
    serve.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    serve.add_argument("--data", type=Path, default=None, help="the folder for the class file (default: per user)")
    serve.add_argument("--open", action="store_true", help="open the teacher page in the browser")
    serve.add_argument("--workers", type=int, default=None, help="processes for computer players (one per core)")
    serve.add_argument("--name", action="append", default=[],
                       help="a host name students' devices use for the server (addresses are answered already)")
    serve.add_argument("--bench-address", action="append", default=[], help=argparse.SUPPRESS)  # tests/release_bench.py
    # With no arguments (a double-click on Windows, or `biocards` typed alone), serve the class.
    args = parser.parse_args(["serve", "--lan", "--open"] if double_click else argv)

    from .server.__main__ import main as serve_main  # imports aiohttp: not needed for --help

    data = (args.data or data_folder()).expanduser()
    try:
        code = serve_main(["--dist", str(SITE), "--data", str(data / "classes.sqlite3"), "--port", str(args.port),
                           *(["--lan"] if args.lan else []), *(["--open"] if args.open else []),
                           *(["--workers", str(args.workers)] if args.workers else []),
                           *(f"--name={name}" for name in args.name),
                           *(f"--bench-address={address}" for address in args.bench_address)])
    except Exception:  # noqa: BLE001 (a double-click's window must stay open to show why)
        if not double_click:
            raise
        traceback.print_exc()
        code = 1
    if code and double_click and sys.stdin and sys.stdin.isatty():
        input("BioCards stopped (see above). Press Enter to close this window.")  # else the window vanishes
    return code


if __name__ == "__main__":
    sys.exit(main())
