// The downloads Python's start waits for, begun the moment boot.js runs (it imports this module
// first), not when PyScript, having loaded itself, asks for an interpreter: this build's memory
// snapshot (inflated by a worker), Pyodide's wasm and Pyodide's script. A later visit reads the
// snapshot and the wasm back from what an earlier one kept (see keepThisBuild in pyodide-boot.mjs).
const root = new URL("../../", import.meta.url);
export const indexURL = new URL("vendor/pyodide/", root).href;

// This build's wheel and memory snapshot (its parts), as the play page names them. The parts'
// names carry the hash of Pyodide's build and our wheel, so a page never asks for another build's.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
export const wheel = new URL(meta("biocards-wheel"), root).href;
const snapshotParts = (meta("biocards-snapshot") || "").split(" ").filter(Boolean).map((part) => new URL(part, root).href);
const hasSnapshot = snapshotParts.length > 0;
/** The whole snapshot's size, unpacked: all Pyodide needs to know before the parts arrive. */
export const snapshotSize = Number(meta("biocards-snapshot-size"));
// A restored heap needs only the standard-library modules it has not imported yet: a small zip.
export const snapshotStdlib = hasSnapshot ? new URL(meta("biocards-snapshot-stdlib"), root).href : null;

// What a visit keeps for the next: the snapshot's parts (inflated, zero pages still left out) and
// Pyodide's wasm, in a Cache Storage cache named by this build's snapshot hash (which covers
// Pyodide's files and our wheel), so a site update never restores another build's. A browser
// without a disk cache for big files (a guest session) then reads 24 MB back instead of
// downloading, inflating and compiling again.
export const KEPT = hasSnapshot ? `biocards-runtime-${snapshotParts[0].match(/snapshot-([0-9a-f]+)/)[1]}` : null;
export const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
export const keptCache = KEPT && globalThis.caches ? caches.open(KEPT).catch(() => null) : Promise.resolve(null);

async function kept(url) {
  const cache = await keptCache;
  return cache && await cache.match(url).catch(() => undefined);
}

const keptKey = (part) => `${part}?inflated`;

// Shipped gzipped, without its zero pages, in parts. A worker per part, started now, reads back
// the part an earlier visit kept or else downloads and inflates it: side by side and off the
// page's thread, which is busy compiling and linking Pyodide meanwhile (a read or a download
// handed over from this thread would wait for it). A worker that downloaded holds on to what it
// inflated, and stores it once the page says the restore worked (keepSnapshot).
function startWorker(part) {
  const url = new URL("snapshot-worker.js", import.meta.url);
  url.search = new URLSearchParams({ part, cache: globalThis.caches ? KEPT : "", key: keptKey(part) });
  const worker = new Worker(url);
  // Listening from the start: a message that came before anyone listened would be lost.
  const packed = new Promise((resolve, reject) => {
    const fail = (error) => {
      worker.terminate();
      reject(error);
    };
    worker.onmessage = ({ data }) => (data.error ? fail(new Error(data.error)) : resolve(data));
    worker.onerror = (event) => fail(new Error(event.message || "the snapshot worker failed"));
  });
  packed.catch(() => {});  // a failure is reported where the snapshot is awaited
  return { worker, packed };
}

let workers = hasSnapshot ? snapshotParts.map(startWorker) : [];

/** The snapshot's packed parts (Uint8Arrays, see snapshot-codec.mjs), or a rejection; null when
 *  this build has no snapshot. */
export const snapshot = hasSnapshot ? Promise.all(workers.map(({ packed }) => packed)).then((parts) => {
  performance.mark(parts.every(({ kept }) => kept) ? "biocards-snapshot-from-cache" : "biocards-snapshot-from-network");
  return parts.map(({ packed }) => new Uint8Array(packed));
}) : null;
snapshot?.catch(() => {});  // a failure is reported where it is awaited, in pyodide-boot.mjs

/** The page's restore worked: the workers may store what they inflated for the next visit. */
export function keepSnapshot() {
  workers.forEach(({ worker }) => worker.postMessage("keep"));
  workers = [];
}

/** Nothing more of the downloaded snapshot is wanted: its workers (and their downloads) stop. */
export function dropSnapshot() {
  workers.forEach(({ worker }) => worker.terminate());
  workers = [];
}

// Pyodide's wasm: what was kept, or else a download begun now (cancelled if a kept copy turns
// up), compiled as soon as it is here: Pyodide itself would start compiling only once it had the
// snapshot. A downloaded copy is set aside for keeping (takeWasmToKeep). The download uses the
// browser's own fetch, taken now: while Pyodide starts, pyodide-boot.mjs answers fetches of the
// wasm with this module's download, which must not wait for itself.
const networkFetch = globalThis.fetch.bind(globalThis);
const wasmDownload = new AbortController();
const downloadingWasm = networkFetch(wasmURL, { signal: wasmDownload.signal });
downloadingWasm.catch(() => {});
let wasmToKeep = null;

/** The compiled wasm module, or null if it could not be had (Pyodide then fetches its own). */
export const wasmModule = kept(wasmURL).then((keptWasm) => {
  if (keptWasm) {
    wasmDownload.abort();
    return keptWasm;
  }
  return downloadingWasm.then((response) => {
    if (response.ok) wasmToKeep = response.clone();
    return response;
  });
}).then((response) => WebAssembly.compileStreaming(response)).catch(() => null);

/** The downloaded wasm response to keep for the next visit, once; null if it came from the cache. */
export function takeWasmToKeep() {
  const response = wasmToKeep;
  wasmToKeep = null;
  return response;
}

// Pyodide's script, imported now so that it is parsed by the time loadPyodide imports it.
import(new URL("pyodide.asm.mjs", indexURL).href).catch(() => {});
