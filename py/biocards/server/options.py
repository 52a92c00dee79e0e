"""The options of a school's server (HTTPS, a reverse proxy) that `biocards serve` and
``python -m biocards.server`` share, read with the standard library only: `biocards --help` and
the command's own errors need no aiohttp."""

from __future__ import annotations

import argparse
import ipaddress
import ssl
from pathlib import Path


class BadSetting(Exception):
    """A setting the server cannot start with, said in a sentence."""


def add_school_options(parser: argparse.ArgumentParser) -> None:
    """HTTPS and a reverse proxy, for a school's server (docs/deploy.md): `biocards serve` passes
    them on as they are."""
    parser.add_argument("--certfile", type=Path, default=None,
                        help="serve HTTPS with this certificate (PEM; the chain after it), with --keyfile")
    parser.add_argument("--keyfile", type=Path, default=None, help="the certificate's private key (PEM)")
    parser.add_argument("--proxy", action="append", default=[],
                        help="the address of a reverse proxy in front of the server (repeatable; a network "
                             "such as 10.0.0.0/24 too): its X-Forwarded-For, -Proto and -Host are believed, "
                             "no one else's")


def check_proxies(proxies: list[str]) -> None:
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise BadSetting(f"--proxy takes the reverse proxy's address (127.0.0.1, or a network such as "
                             f"10.0.0.0/24), not {proxy!r}.") from None


def tls_context(certfile: Path | None, keyfile: Path | None) -> ssl.SSLContext | None:
    """The server's TLS context for HTTPS, or None for plain HTTP; BadSetting with a sentence when
    the files are missing, unreadable or do not belong together."""
    if certfile is None and keyfile is None:
        return None
    if certfile is None or keyfile is None:
        raise BadSetting("HTTPS needs both files: --certfile (the certificate) and --keyfile (its private key).")
    for name, path in (("--certfile", certfile), ("--keyfile", keyfile)):
        if not path.is_file():
            raise BadSetting(f"{name}: there is no file at {path}.")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(certfile, keyfile)
    except PermissionError as exc:
        raise BadSetting(f"The class server may not read {exc.filename}: give its user read access.") from None
    except ssl.SSLError as exc:
        if "KEY_VALUES_MISMATCH" in str(exc) or "key values mismatch" in str(exc):
            raise BadSetting(f"The key in {keyfile} is not the private key of the certificate in {certfile}: "
                             f"give the pair that belong together.") from None
        raise BadSetting(f"{certfile} and {keyfile} are not a PEM certificate and its private key "
                         f"(an encrypted key is not read either): {exc.reason or exc}.") from None
    return context
