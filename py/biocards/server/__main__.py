"""``python -m biocards.server --dist dist --data classes.sqlite3 [--port 8000] [--lan] [--name NAME]
[--certfile CERT --keyfile KEY] [--proxy ADDRESS]``.

``build.py serve`` runs this in the project's virtual environment once dist/ is built.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import errno
import logging
import os
import signal
import ssl
import sys
import webbrowser
from pathlib import Path

from aiohttp import web

from .app import ClassServer, lan_address
from .options import BadSetting, add_school_options, check_proxies, tls_context
from .store import ClassFileError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="biocards.server", description=__doc__)
    parser.add_argument("--dist", type=Path, required=True, help="the built site")
    parser.add_argument("--data", type=Path, required=True, help="the class record (an SQLite file)")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--lan", action="store_true", help="listen on every interface, for students' devices")
    parser.add_argument("--workers", type=int, default=None, help="processes for computer players")
    parser.add_argument("--open", action="store_true", help="open the teacher page in the browser once serving")
    parser.add_argument("--name", action="append", default=[],
                        help="a host name students' devices use for this server (IP addresses, localhost "
                             "and this machine's own name are answered already)")
    parser.add_argument("--bench-address", action="append", default=[],
                        help="an address given a whole school's limits, for the load bench, whose simulated "
                             "students all come from one address (never a student's)")
    add_school_options(parser)
    args = parser.parse_args(argv)
    try:
        tls = tls_context(args.certfile, args.keyfile)
        check_proxies(args.proxy)
    except BadSetting as exc:
        print(exc, file=sys.stderr)
        return 2
    if not (args.dist / "index.html").is_file():
        print(f"{args.dist} holds no built site: run `python3 build.py build` first.", file=sys.stderr)
        return 2
    args.data.parent.mkdir(parents=True, exist_ok=True)
    address = lan_address() if args.lan else "127.0.0.1"
    raise_file_limit()
    # Made before the port opens: the computers' processes start here, so none inherits the socket.
    try:
        server = ClassServer(args.dist, args.data, workers=args.workers, names=args.name,
                             bench_addresses=args.bench_address, proxies=args.proxy)
    except ClassFileError as exc:  # a damaged or read-only class file: a sentence, not a traceback
        print(exc, file=sys.stderr)
        return 2
    host = "0.0.0.0" if args.lan else "127.0.0.1"
    if os.environ.get("BIOCARDS_QUIET") != "1":
        logging.basicConfig(level=logging.WARNING)

    try:
        asyncio.run(_serve(server, host, args.port, address, args.lan, args.open, tls))
    except KeyboardInterrupt:
        pass
    except PortTaken:
        print(f"Port {args.port} is in use already: another class server (or another program) is "
              f"listening there. Stop it, or start this one with --port and another number.", file=sys.stderr)
        server.computers.close()
        return 1
    return 0


class PortTaken(Exception):
    pass


def raise_file_limit() -> int | None:
    """Every socket is a file descriptor: the soft limit (often 1,024) is raised to the hard one,
    so a class's sockets never meet "Too many open files". Windows has no such limit to raise (and
    no ``resource`` module); the new soft limit, or None."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 65536
    if sys.platform == "darwin":
        want = min(want, 10240)  # macOS refuses more than OPEN_MAX for a process
    if soft == resource.RLIM_INFINITY or want <= soft:
        return soft
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    except (ValueError, OSError):
        return soft
    return want


async def _serve(server: ClassServer, host: str, port: int, address: str, lan: bool, open_page: bool = False,
                 tls: ssl.SSLContext | None = None) -> None:
    runner = web.AppRunner(server.app(), access_log=None)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port, ssl_context=tls).start()
    except OSError as exc:
        await runner.cleanup()
        if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
            raise PortTaken() from None
        raise
    port = runner.addresses[0][1]  # the one given, or the free port picked for 0
    # Printed once the port is open, so a script (or a test) that reads it can connect at once.
    scheme = "https" if tls else "http"
    print(f"BioCards is at {scheme}://{address}:{port}/  (Ctrl+C to stop)", flush=True)
    print(f"Teacher page: {scheme}://{address}:{port}/teacher/?key={server.key}", flush=True)
    print("  (the administrator's link: every class on this server. `biocards teachers add NAME` gives each "
          "teacher a link of their own, to their own classes)", flush=True)
    if lan:
        server.lan_address = f"{address}:{port}"
        print(f"Students open: {scheme}://{address}:{port}/join/", flush=True)
        if address.startswith("127."):
            print("This machine has no network address yet: join the classroom's Wi-Fi (or open a hotspot) "
                  "and start the server again, so students' devices can reach it.", flush=True)
    if open_page:  # `biocards` with no arguments (a double-click on Windows): the teacher's page at once
        webbrowser.open(f"{scheme}://127.0.0.1:{port}/teacher/?key={server.key}")
    stop = asyncio.Event()
    with contextlib.suppress(NotImplementedError):  # Windows' loop has no signal handlers: Ctrl+C stops it
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    try:
        await stop.wait()
    finally:
        await runner.cleanup()


if __name__ == "__main__":
    sys.exit(main())
