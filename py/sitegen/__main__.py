"""``python -m sitegen --root . --dist dist.tmp --wheel wheels/…/biocards-….whl`` (called by build.py)."""

import argparse
from pathlib import Path

from .site import build_site

parser = argparse.ArgumentParser()
parser.add_argument("--root", type=Path, required=True)
parser.add_argument("--dist", type=Path, required=True)
parser.add_argument("--wheel", required=True, help="the biocards wheel's path inside dist/")
parser.add_argument("--snapshot", nargs="*", default=[],
                    help="the parts of the Pyodide memory snapshot, their paths inside dist/, if any")
parser.add_argument("--snapshot-size", type=int, default=0, help="the snapshot's size in bytes, unpacked")
parser.add_argument("--snapshot-stdlib", default="", help="the standard-library zip a restore mounts, inside dist/")
args = parser.parse_args()
build_site(args.root, args.dist, args.wheel, args.snapshot, args.snapshot_size, args.snapshot_stdlib)
