// What the play page's memory snapshot leaves out, and how a restore puts it back. Shared by the
// build (py/sitegen/pyodide_snapshot.mjs, under Node) and the page (static/js/pyodide-boot.mjs).
//
// Most of the first 3.8 MB of Pyodide's memory is the wasm file's own data segments, unchanged
// since instantiation: the page downloads them in pyodide.asm.wasm anyway. So the snapshot's heap
// is stored XORed with the memory as it is right after instantiation ("pristine"): unchanged
// bytes become zeros, and the gzipped snapshot is 1.5 MB smaller. XOR undoes itself: the page
// puts the pristine memory back where those zeros were left out (restoreHeap).

// Pyodide's snapshot: a header whose second word is where the heap image starts.
function heapStart(snapshot) {
  if (snapshot.length < 8) throw new Error("corrupt snapshot");
  return new DataView(snapshot.buffer, snapshot.byteOffset, 8).getUint32(4, true);
}

// How much of the pristine memory the data segments fill: past them it is zeros.
function segmentsLength(pristine) {
  const words = new Uint32Array(pristine.buffer, pristine.byteOffset, pristine.byteLength >> 2);
  let end = words.length;
  while (end > 0 && words[end - 1] === 0) end--;
  return end * 4;
}

function xorInto(target, at, bytes) {
  const aligned = (at + target.byteOffset) % 4 === 0 && bytes.byteOffset % 4 === 0;
  const words = aligned ? bytes.length >> 2 : 0;  // a word at a time: four times fewer steps
  if (words) {
    const into = new Uint32Array(target.buffer, target.byteOffset + at, words);
    const from = new Uint32Array(bytes.buffer, bytes.byteOffset, words);
    for (let i = 0; i < words; i++) into[i] ^= from[i];
  }
  for (let i = words * 4; i < bytes.length; i++) target[at + i] ^= bytes[i];
}

/** The build's encoding: the heap XORed with the pristine memory, in place. Returns how many
 *  bytes of the heap that touched (the page's decoding needs it: see packSnapshot). */
export function xorWithPristine(snapshot, pristine) {
  const start = heapStart(snapshot);
  const length = Math.min(segmentsLength(pristine), snapshot.length - start);
  xorInto(snapshot, start, pristine.subarray(0, length));
  return length;
}

// Where the data segments end in a fresh instance's memory: past them it is zeros. When the stack
// lies between the data and the heap, as in Pyodide's build, that is where the stack begins
// (10 of the first 14.5 MB are stack); else where the heap does.
function dataEnd(exports) {
  const heap = exports.__heap_base?.value ?? exports.memory.buffer.byteLength;
  const stack = exports.__stack_low?.value;
  return stack !== undefined && exports.__stack_high?.value === heap ? stack : heap;
}

// Run `load` (a loadPyodide call) and hand `seen` a copy of the wasm memory at the moment the
// module is instantiated, before any code of it runs (the data segments and nothing else), with
// the instance's exports.
// Pyodide instantiates with WebAssembly.instantiateStreaming (browser) or instantiate (Node).
export async function withPristineMemory(load, seen) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  let done = false;
  const grab = (result) => {
    const exports = (result.instance ?? result).exports;
    if (exports?.memory && !done) {
      done = true;
      seen({ pristine: new Uint8Array(exports.memory.buffer.slice(0, dataEnd(exports))), exports });
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(grab);
  if (instantiateStreaming) {
    WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(grab);
  }
  try {
    return await load();
  } finally {
    WebAssembly.instantiate = instantiate;
    if (instantiateStreaming) WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

/**
 * Start Pyodide (`loadPyodide`, with `options`) from a snapshot of `length` bytes whose packed
 * parts (or a promise of them) may still be on their way. Pyodide needs only the snapshot's size
 * before it compiles, instantiates and links the wasm module, and its bytes only once its file
 * system is set up (the fsInit hook, which it awaits): so all that runs while the parts download.
 *
 * Pyodide reads the snapshot's header from the buffer it is given, and sizes its memory by that
 * buffer's length; the heap itself goes straight from the parts into its memory (restoreHeap, which
 * the shipped glue calls in place of copying the whole buffer: see build.py). So the rest of the
 * buffer stays zeros that are never written, and the 31 MB are neither spread out nor copied.
 */
export async function loadFromSnapshot(loadPyodide, options, length, parts) {
  const header = new Uint8Array(length);
  let seen;
  const pristine = new Promise((resolve) => { seen = resolve; });
  let heap = null;
  let failure = null;
  const fsInit = async () => {
    try {
      const snapshot = readParts(await parts);
      if (snapshot.length !== length) throw new Error("the snapshot's parts are not of this size");
      for (const { offset, bytes } of snapshot.runs) {
        if (offset < snapshot.start) header.set(bytes.subarray(0, snapshot.start - offset), offset);
      }
      heap = { snapshot, ...await pristine };
    } catch (error) {
      failure = error;  // Pyodide refuses a header of zeros, and so never gets to the heap
    }
  };
  // Pyodide's start has written only below its allocator's break (its stack lies under the heap):
  // past it, a fresh memory's zeros need no check.
  const _restoreHeap = (memory) => restoreHeap(memory, heap.snapshot, heap.pristine,
    heap.exports.sbrk ? heap.exports.sbrk(0) >>> 0 : undefined);
  let pyodide;
  try {
    pyodide = await withPristineMemory(
      () => loadPyodide({ ...options, _loadSnapshot: header, fsInit, _restoreHeap }), seen);
  } catch (error) {
    // Pyodide's own complaint about the header of zeros ("invalid magic number") hides why.
    throw failure ?? error;
  }
  if (failure) throw failure;
  return pyodide;
}

// Most of the 30 MiB heap is zero pages (free memory; after the XOR, also the unchanged data
// segments): 19 of its 31 MB. The snapshot ships without them, so a page inflates 12 MB instead
// of 31, and in parts that workers inflate side by side. A part, in little-endian u32s: the whole
// snapshot's length, how much of its heap was XORed, the number of runs of pages in the part,
// each run's offset and length, then the runs' bytes one after another.
const PAGE = 4096;

export function packSnapshot(snapshot, xored, parts) {
  const runs = [];  // [offset, length] of the pages that are not all zeros
  for (let start = 0; start < snapshot.length; start += PAGE) {
    const page = snapshot.subarray(start, start + PAGE);
    if (page.every((byte) => byte === 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === start) last[1] += page.length;
    else runs.push([start, page.length]);
  }
  const total = runs.reduce((sum, [, length]) => sum + length, 0);
  const share = Math.ceil(total / parts / PAGE) * PAGE;
  const packed = [];
  let part = [];
  let size = 0;
  for (let [offset, length] of runs) {
    while (length > 0) {  // a run split where a part is full
      const taken = Math.min(length, share - size);
      part.push([offset, taken]);
      size += taken;
      offset += taken;
      length -= taken;
      if (size === share) {
        packed.push(packPart(snapshot, xored, part));
        part = [];
        size = 0;
      }
    }
  }
  if (part.length) packed.push(packPart(snapshot, xored, part));
  return packed;
}

const HEADER = 12;

function packPart(snapshot, xored, runs) {
  const header = HEADER + runs.length * 8;
  const part = new Uint8Array(header + runs.reduce((sum, [, length]) => sum + length, 0));
  const words = new DataView(part.buffer);
  words.setUint32(0, snapshot.length, true);
  words.setUint32(4, xored, true);
  words.setUint32(8, runs.length, true);
  let at = header;
  runs.forEach(([offset, length], i) => {
    words.setUint32(HEADER + i * 8, offset, true);
    words.setUint32(HEADER + 4 + i * 8, length, true);
    part.set(snapshot.subarray(offset, offset + length), at);
    at += length;
  });
  return part;
}

function runsOf(part) {
  const words = new DataView(part.buffer, part.byteOffset, part.byteLength);
  const count = part.length >= HEADER ? words.getUint32(8, true) : -1;
  const runs = [];
  let at = HEADER + count * 8;
  for (let i = 0; i < count && at <= part.length; i++) {
    const offset = words.getUint32(HEADER + i * 8, true);
    const length = words.getUint32(HEADER + 4 + i * 8, true);
    runs.push({ offset, bytes: part.subarray(at, at + length) });
    at += length;
  }
  if (count < 0 || at !== part.length) throw new Error("corrupt snapshot");
  return runs;
}

function lengthOf(part) {
  if (part.length < HEADER) throw new Error("corrupt snapshot");
  return new DataView(part.buffer, part.byteOffset, HEADER).getUint32(0, true);
}

function xoredOf(part) {
  return new DataView(part.buffer, part.byteOffset, HEADER).getUint32(4, true);
}

/** A snapshot's parts, checked to fit together: its length, how much of its heap was XORed, where
 *  the heap starts, and every run of pages they hold (what restoreHeap puts back); else an error. */
export function readParts(parts) {
  const length = lengthOf(parts[0]);
  const xored = xoredOf(parts[0]);
  const runs = parts.flatMap((part) => {
    if (lengthOf(part) !== length || xoredOf(part) !== xored) throw new Error("corrupt snapshot");
    return runsOf(part);
  });
  const header = runs.find((run) => run.offset === 0);
  if (!header || runs.some(({ offset, bytes }) => offset + bytes.length > length)) throw new Error("corrupt snapshot");
  return { length, xored, start: heapStart(header.bytes), runs };
}

/** The whole snapshot's length, once its parts are checked to fit together; else an error. */
export function snapshotLength(parts) {
  return readParts(parts).length;
}

function isZero(memory, from, to) {
  const words = (memory.byteOffset + from) % 4 === 0 ? (to - from) >> 2 : 0;  // a word at a time, as xorInto
  if (words) {
    const view = new Uint32Array(memory.buffer, memory.byteOffset + from, words);
    for (let i = 0; i < words; i++) if (view[i] !== 0) return false;
  }
  for (let i = from + words * 4; i < to; i++) if (memory[i] !== 0) return false;
  return true;
}

/**
 * Put a snapshot's heap (read from its parts) into Pyodide's `memory`, as its restore would by
 * copying the whole heap image over it. Where the data segments lie, the pristine memory goes back
 * (Pyodide's start wrote to some of it) and a page kept is XORed onto it; past them a page kept is
 * written as it is, and any other page must be zeros: a fresh memory's pages are, but for the few
 * that Pyodide's start wrote (its stack, its first allocations), which are cleared. Those lie below
 * `written` (its allocator's break): the pages past it are not even read. A page no one wrote is
 * never touched, so the browser need not find memory for it.
 */
export function restoreHeap(memory, { length, xored, start, runs }, pristine, written = memory.length) {
  const size = length - start;
  if (memory.length < size) throw new RangeError("the snapshot's heap is bigger than Pyodide's memory");
  if (xored > pristine.length) throw new Error("the snapshot was XORed with more memory than this runtime's data");
  memory.set(pristine.subarray(0, xored));
  const kept = new Uint8Array(Math.ceil(length / PAGE));  // by the snapshot's pages
  for (const { offset, bytes } of runs) {
    kept.fill(1, offset / PAGE, Math.ceil((offset + bytes.length) / PAGE));
    const heap = bytes.subarray(Math.max(offset, start) - offset);  // the header stays out
    const at = Math.max(offset, start) - start;
    const xor = Math.min(heap.length, Math.max(0, xored - at));
    xorInto(memory, at, heap.subarray(0, xor));
    memory.set(heap.subarray(xor), at + xor);
  }
  for (let page = 0; page < kept.length; page++) {
    if (kept[page]) continue;
    const from = Math.max(page * PAGE, start + xored) - start;
    const to = Math.min(Math.min((page + 1) * PAGE, length) - start, written);
    if (from < to && !isZero(memory, from, to)) memory.fill(0, from, to);
  }
}
