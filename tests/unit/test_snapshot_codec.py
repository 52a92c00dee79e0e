"""Issue 17: the page puts a snapshot's heap back as Pyodide's own restore would (static/js/snapshot-codec.mjs).

Pyodide's restore copied the whole heap image over its memory. The page writes only the pages the
snapshot kept, the data segments, and clears what Pyodide's start wrote where the snapshot has
zeros. These tests run the codec under Node on small made-up memories and compare what it leaves
with a whole copy of the heap, page for page.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

CODEC = Path(__file__).resolve().parents[2] / "static" / "js" / "snapshot-codec.mjs"

# Builds a snapshot the way the build does (XOR with the pristine memory, zero pages left out, cut
# into parts), gives restoreHeap a memory that Pyodide's start has written to here and there, and
# reports where the result differs from the snapshot's heap copied whole.
SCRIPT = """
import { packSnapshot, readParts, restoreHeap, xorWithPristine } from %(codec)s;
const { pages, start, dataPages, dirty, parts, writtenPages } = %(case)s;
const PAGE = 4096;
const length = pages * PAGE + 128;  // not a whole number of pages, as Pyodide's is not
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) %% 2147483648) / 2147483648;
const fill = (bytes, from, to) => { for (let i = from; i < to; i++) bytes[i] = 1 + Math.floor(random() * 255); };
// The memory as instantiated: data segments, then zeros.
const pristine = new Uint8Array(dataPages * PAGE);
fill(pristine, 0, pristine.length);
// The heap to restore: the data segments as the program left them (some pages unchanged), then
// live pages among zero pages.
const snapshot = new Uint8Array(length);
new DataView(snapshot.buffer).setUint32(4, start, true);
snapshot.set(pristine, start);
for (let page = 0; page < dataPages; page += 3) fill(snapshot, start + page * PAGE, start + page * PAGE + 100);
for (let page = dataPages + 2; page < pages; page += 2) fill(snapshot, page * PAGE + 50, page * PAGE + 900);
fill(snapshot, length - 40, length);  // the last, partial page holds something
const heap = snapshot.slice(start);
const made = snapshot.slice();  // XORed in place, then packed, as the build does
const packed = packSnapshot(made, xorWithPristine(made, pristine), parts);
// Pyodide's memory when its restore begins: the data segments, written to by its start, and a few
// pages past them too (its stack, its first allocations), some where the snapshot has zeros.
const memory = new Uint8Array(length + 5 * PAGE);
memory.set(pristine);
for (const page of dirty) fill(memory, page * PAGE + 10, page * PAGE + 20);
const read = readParts(packed);
restoreHeap(memory, read, pristine, writtenPages === undefined ? undefined : writtenPages * PAGE);
const wrong = [];
for (let at = 0; at < heap.length; at += PAGE) {
  const a = memory.subarray(at, Math.min(at + PAGE, heap.length));
  const b = heap.subarray(at, Math.min(at + PAGE, heap.length));
  if (a.some((byte, i) => byte !== b[i])) wrong.push(at / PAGE);
}
const beyond = memory.subarray(heap.length).some((byte) => byte !== 0);
console.log(JSON.stringify({ wrong, beyond, length: read.length, parts: packed.length }));
"""


def restore(tmp_path, **case) -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is needed to run the page's codec (python3 build.py installs it)")
    script = tmp_path / "case.mjs"
    script.write_text(SCRIPT % {"codec": json.dumps(CODEC.as_uri()), "case": json.dumps(case)})
    done = subprocess.run([node, str(script)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.mark.parametrize("parts", [1, 2])
@pytest.mark.parametrize("start", [128, 130])  # Pyodide's heap starts on a word; the codec must not need it
def test_the_restored_memory_is_the_snapshots_heap_page_for_page(tmp_path, parts, start):
    result = restore(tmp_path, pages=40, start=start, dataPages=6, dirty=[3, 7, 33], parts=parts)
    assert result == {"wrong": [], "beyond": False, "length": 40 * 4096 + 128, "parts": parts}


def test_pages_pyodides_start_wrote_are_cleared_where_the_snapshot_has_zeros(tmp_path):
    # Page 2 lies in the data segments, 7 and 33 are zero pages of the snapshot, 8 a kept one.
    result = restore(tmp_path, pages=40, start=128, dataPages=6, dirty=[2, 7, 8, 33], parts=1)
    assert result["wrong"] == []


def test_pages_past_the_allocators_break_are_not_read(tmp_path):
    """The page passes the break of Pyodide's allocator: its start wrote nothing past it, so the
    zero pages there are not even read (19 MB the restore no longer scans). A page written below
    the break is still cleared; one past it (which Pyodide's start never writes) is left alone,
    which shows it was not read."""
    result = restore(tmp_path, pages=40, start=128, dataPages=6, dirty=[7, 33], parts=1, writtenPages=20)
    assert result["wrong"] == [33]
    everything = restore(tmp_path, pages=40, start=128, dataPages=6, dirty=[7, 33], parts=1)
    assert everything["wrong"] == []
