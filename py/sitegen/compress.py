"""Brotli and gzip siblings (``file.br``, ``file.gz``) of every compressible file of the site, for
a server that sends a precompressed file to a browser that accepts it (nginx's ``brotli_static``
and ``gzip_static``, the class server): a host then compresses nothing itself, and sends the most
compressed form (the wasm: 9.6 MB raw, 3.5 MB gzipped, 2.8 MB in brotli).

``python -m sitegen.compress DIST CACHE`` (called by build.py once every file is written). Brotli
at its best quality takes a minute and a half for Pyodide's wasm, so each sibling is cached under
the hash of the file it compresses, and a rebuild compresses only what changed.

Not compressed: what is compressed already (zip files, wheels, PNGs, the snapshot's ``.bin.gz``
parts), and a sibling that would not be smaller than its file.
"""

from __future__ import annotations

import gzip
import hashlib
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import brotli

COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".svg", ".wasm", ".txt", ".xml", ".map", ".py",
                ".mo"}  # .mo: the play page's catalogs (locale/<lang>/), mostly text


def compressible(path: Path) -> bool:
    return path.suffix in COMPRESSIBLE and path.is_file()


# Brotli's best quality with a 4 MB window: on Pyodide's wasm both smaller and faster than the
# 16 MB window (2.74 MB in 40 s of CPU against 2.77 MB in 44 s, measured 28 November 2026).
BROTLI = {"quality": 11, "lgwin": 22}


def _encode(data: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(data, **BROTLI)
    # mtime 0: the same file always gives the same bytes.
    return gzip.compress(data, compresslevel=9, mtime=0)


def _sibling(cache: Path, data: bytes, digest: str, encoding: str) -> bytes:
    """``data`` compressed as ``encoding``, from the cache or made and kept there."""
    settings = f"-q{BROTLI['quality']}w{BROTLI['lgwin']}" if encoding == "br" else ""
    cached = cache / f"{digest}.{encoding}{settings}"
    if not cached.exists():
        work = cache / f"{digest}.{encoding}.{os.getpid()}.{threading.get_ident()}.tmp"
        work.write_bytes(_encode(data, encoding))
        work.replace(cached)  # a build cut short leaves no half-written sibling
    return cached.read_bytes()


def write_siblings(dist: Path, cache: Path) -> dict[str, int]:
    """Write ``.br`` and ``.gz`` beside every compressible file of ``dist``; returns the bytes of
    each form summed over the site (``raw``, ``br``, ``gz``) for the build's log. Files are
    compressed side by side, one per core (brotli and zlib let go of the interpreter's lock while
    they work)."""
    cache.mkdir(parents=True, exist_ok=True)
    totals = {"raw": 0, "br": 0, "gz": 0}
    paths = sorted(p for p in dist.rglob("*") if compressible(p))
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        jobs = []
        for path in paths:
            data = path.read_bytes()
            digest = hashlib.sha256(data).hexdigest()
            totals["raw"] += len(data)
            for encoding in ("br", "gz"):
                jobs.append((path, data, encoding, pool.submit(_sibling, cache, data, digest, encoding)))
        for path, data, encoding, job in jobs:
            packed = job.result()
            if len(packed) < len(data):
                path.with_name(f"{path.name}.{encoding}").write_bytes(packed)
                totals[encoding] += len(packed)
            else:
                totals[encoding] += len(data)
    return totals


if __name__ == "__main__":
    totals = write_siblings(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"[build] compressed siblings: {totals['raw'] / 1e6:.1f} MB of compressible files, "
          f"{totals['br'] / 1e6:.1f} MB in brotli, {totals['gz'] / 1e6:.1f} MB gzipped", flush=True)
