// What the play page's memory snapshot leaves out, and how a restore puts it back. Shared by the
// build (py/sitegen/pyodide_snapshot.mjs, under Node) and the page (static/js/pyodide-boot.mjs).
//
// Most of the first 3.8 MB of Pyodide's memory is the wasm file's own data segments, unchanged
// since instantiation: the page downloads them in pyodide.asm.wasm anyway. So the snapshot's heap
// is stored XORed with the memory as it is right after instantiation ("pristine"): unchanged
// bytes become zeros, and the gzipped snapshot is 1.5 MB smaller. XOR undoes itself: the page
// puts the pristine memory back where those zeros were left out (unpackSnapshot).

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
// module is instantiated, before any code of it runs: the data segments and nothing else.
// Pyodide instantiates with WebAssembly.instantiateStreaming (browser) or instantiate (Node).
export async function withPristineMemory(load, seen) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  let done = false;
  const grab = (result) => {
    const exports = (result.instance ?? result).exports;
    if (exports?.memory && !done) {
      done = true;
      seen(new Uint8Array(exports.memory.buffer.slice(0, dataEnd(exports))));
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
 */
export async function loadFromSnapshot(loadPyodide, options, length, parts) {
  const snapshot = new Uint8Array(length);
  let seen;
  const pristine = new Promise((resolve) => { seen = resolve; });
  let failure = null;
  const fsInit = async () => {
    try {
      unpackSnapshot(snapshot, await parts, await pristine);
    } catch (error) {
      failure = error;  // the zeros left in the snapshot make Pyodide refuse it, if it gets that far
    }
  };
  const pyodide = await withPristineMemory(() => loadPyodide({ ...options, _loadSnapshot: snapshot, fsInit }), seen);
  if (failure) throw failure;
  return pyodide;
}

// Most of the 30 MiB heap is zero pages (free memory; after the XOR, also the unchanged data
// segments): 18 of its 31 MB. The snapshot ships without them, so a page inflates 13 MB instead
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

// A snapshot's parts, checked to fit together: its length, how much of its heap was XORed, where
// the heap starts, and every run of pages they hold.
function readParts(parts) {
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

/** Fill `snapshot` (zeros, snapshotLength long) from its packed parts and the pristine memory. */
export function unpackSnapshot(snapshot, parts, pristine) {
  const { length, xored, start, runs } = readParts(parts);
  if (length !== snapshot.length) throw new Error("the snapshot's parts are not of this size");
  if (xored > pristine.length) throw new Error("the snapshot was XORed with more memory than this runtime's data");
  // Where the data segments lie in the heap, a page left out was pristine memory, unchanged, and
  // a page kept is XORed onto it; elsewhere a page is as it was kept.
  const end = Math.min(start + xored, snapshot.length);
  snapshot.set(pristine.subarray(0, end - start), start);
  for (const { offset, bytes } of runs) {
    const from = Math.max(offset, start) - offset;
    const to = Math.min(offset + bytes.length, end) - offset;
    if (from >= to) {
      snapshot.set(bytes, offset);
      continue;
    }
    snapshot.set(bytes.subarray(0, from), offset);
    xorInto(snapshot, offset + from, bytes.subarray(from, to));
    snapshot.set(bytes.subarray(to), offset + to);
  }
  return snapshot;
}
