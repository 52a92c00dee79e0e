"""``biocards``: the class server of an installed release (the wheel, or biocards.pyz).

    biocards serve [--lan] [--port N] [--data DIR]   run the class server for the site the release carries
          [--certfile CERT --keyfile KEY] [--proxy ADDRESS]   HTTPS, or behind nginx or Caddy (docs/deploy.md)
    biocards                                         serve --lan and open the teacher page (a double-click)
    biocards --version
    biocards teachers add NAME | list | remove NAME | key NAME   [--data DIR] [--host H] [--port N] [--https]
                                                     a school's teachers, each with a link of their own
    biocards backup FILE [--data DIR]                a copy of the class file, taken while the server runs

The release carries the site already built (``biocards/site``, written by ``python3 build.py
release``): running it needs neither Node nor the network. Classes are kept in ``classes.sqlite3``
in a per-user folder (platformdirs: ``%LOCALAPPDATA%\\biocards`` on Windows, ``~/Library/Application
Support/biocards`` on macOS, ``~/.local/share/biocards`` on Linux) unless ``--data`` names another.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import traceback
from pathlib import Path

from . import __version__
from .server.options import add_school_options

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
    add_school_options(serve)
    teachers = sub.add_parser("teachers", help="a school's teachers: each sees only their own classes")
    teachers.add_argument("action", choices=("add", "list", "remove", "key"),
                          help="add a teacher (prints their link), list them, remove one (their link stops at "
                               "once; their classes become the administrator's), or give one a new link")
    teachers.add_argument("name", nargs="?", help="the teacher's name, as their page shows it")
    teachers.add_argument("--data", type=Path, default=None, help="the folder of the class file, as given to serve")
    teachers.add_argument("--host", default=None, help="the server's address in the printed link "
                                                       "(default: this machine's address on the network)")
    teachers.add_argument("--port", type=int, default=8000, help="the server's port in the printed link")
    teachers.add_argument("--https", action="store_true",
                          help="the printed link is https:// (a server with --certfile, or behind a proxy with HTTPS)")
    backup = sub.add_parser("backup", help="copy the class file to FILE while the server runs (restore: start "
                                           "serve with --data the folder of a copy named classes.sqlite3)")
    backup.add_argument("file", type=Path, help="where the copy goes")
    backup.add_argument("--data", type=Path, default=None, help="the folder of the class file, as given to serve")
    # With no arguments (a double-click on Windows, or `biocards` typed alone), serve the class.
    args = parser.parse_args(["serve", "--lan", "--open"] if double_click else argv)
    if args.command == "teachers":
        return teachers_command(args, (args.data or data_folder()).expanduser() / "classes.sqlite3")
    if args.command == "backup":
        return backup_command(args.file, (args.data or data_folder()).expanduser() / "classes.sqlite3")

    from .server.__main__ import main as serve_main  # imports aiohttp: not needed for --help

    data = (args.data or data_folder()).expanduser()
    try:
        code = serve_main(["--dist", str(SITE), "--data", str(data / "classes.sqlite3"), "--port", str(args.port),
                           *(["--lan"] if args.lan else []), *(["--open"] if args.open else []),
                           *(["--workers", str(args.workers)] if args.workers else []),
                           *(f"--name={name}" for name in args.name),
                           *(f"--bench-address={address}" for address in args.bench_address),
                           *([f"--certfile={args.certfile}"] if args.certfile else []),
                           *([f"--keyfile={args.keyfile}"] if args.keyfile else []),
                           *(f"--proxy={proxy}" for proxy in args.proxy)])
    except Exception:  # noqa: BLE001 (a double-click's window must stay open to show why)
        if not double_click:
            raise
        traceback.print_exc()
        code = 1
    if code and double_click and sys.stdin and sys.stdin.isatty():
        input("BioCards stopped (see above). Press Enter to close this window.")  # else the window vanishes
    return code


def teachers_command(args: argparse.Namespace, class_file: Path) -> int:
    """`biocards teachers ...` on the class file, while the server runs or not: the server reads
    teachers from the file on every request, so a removed teacher's link stops at once."""
    from .server.classroom import Refusal
    from .server.store import TeacherNameTaken
    from .server.teachers import clean_teacher_name

    if args.action != "list" and not args.name:
        print(f"Name the teacher: biocards teachers {args.action} \"Ms Rivera\"", file=sys.stderr)
        return 2
    class_file.parent.mkdir(parents=True, exist_ok=True)
    store = _open(class_file)
    if store is None:
        return 2
    try:
        if args.action == "list":
            names = [t.name for t in store.teachers()]
            print("\n".join(names) if names else "No teachers yet: the administrator's link (printed by serve) "
                                                  "runs every class. Add one with: biocards teachers add NAME")
            return 0
        try:
            name = clean_teacher_name(args.name)
        except Refusal as exc:
            print(str(exc.text), file=sys.stderr)
            return 2
        if args.action == "add":
            try:
                teacher, key = store.add_teacher(name)
            except TeacherNameTaken:
                print(f"A teacher called {name} is on this server already: `biocards teachers key` gives "
                      f"them a new link.", file=sys.stderr)
                return 1
        else:
            teacher = store.teacher_named(name)
            if teacher is None:
                print(f"No teacher is called {name}: `biocards teachers list` shows who is.", file=sys.stderr)
                return 1
            if args.action == "remove":
                store.remove_teacher(teacher.id)
                print(f"{teacher.name} is removed: their link stops working now, and their classes are the "
                      f"administrator's.")
                return 0
            key = store.change_key_of(teacher.id)
        print(f"{teacher.name}'s teacher page (keep it private: it is shown this once):")
        scheme = "https" if args.https else "http"
        port = "" if (scheme, args.port) in (("http", 80), ("https", 443)) else f":{args.port}"
        print(f"{scheme}://{_link_host(args.host)}{port}/teacher/?key={key}")
        return 0
    finally:
        store.close()


def _open(class_file: Path):
    """The class file's Store, or None once the sentence saying why not is printed."""
    from .server.store import ClassFileError, Store

    try:
        return Store(class_file)
    except ClassFileError as exc:
        print(exc, file=sys.stderr)
        return None


def backup_command(target: Path, class_file: Path) -> int:
    if not class_file.is_file():
        print(f"There is no class file at {class_file}: give --data the folder given to serve.", file=sys.stderr)
        return 2
    target = target.expanduser()
    if target.resolve() == class_file.resolve():
        print("The backup must go to another file than the class file itself.", file=sys.stderr)
        return 2
    store = _open(class_file)
    if store is None:
        return 2
    try:
        store.backup(target)
    except (OSError, sqlite3.Error) as exc:
        print(f"The backup could not be written to {target}: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    print(f"The class file is copied to {target}. To restore it, stop the server, put the copy in a folder "
          f"as classes.sqlite3 and start `biocards serve --data` that folder.")
    return 0


def _link_host(host: str | None) -> str:
    if host:
        return host
    from .server.app import lan_address  # as `serve --lan` prints it

    return lan_address()


if __name__ == "__main__":
    sys.exit(main())
