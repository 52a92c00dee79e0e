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
// Pyodide's wasm, in a store named by this build's snapshot hash (which covers Pyodide's files and
// our wheel), so a site update never restores another build's: a folder of the origin private file
// system, or a Cache Storage cache where that is refused (kept-copy.js). A later visit then reads
// 22 MB back instead of downloading, inflating and compiling again.
export const KEPT = hasSnapshot ? `biocards-runtime-${snapshotParts[0].match(/snapshot-([0-9a-f]+)/)[1]}` : null;
export const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;

// A part is kept inflated under its file's name without `.gz`.
const keptKey = (part) => part.split("/").pop().replace(/\.gz$/, "");

/** Drop the kept runtimes whose store `drop(name)` says, from both places a build may keep one. */
export async function dropKeptRuntimes(drop) {
  const kept = (name) => name.startsWith("biocards-runtime-") && drop(name);
  try {
    for (const name of (await caches.keys()).filter(kept)) await caches.delete(name);
  } catch {
    // no Cache Storage here
  }
  try {
    const root = await navigator.storage.getDirectory();
    for await (const name of root.keys()) {
      if (kept(name)) await root.removeEntry(name, { recursive: true }).catch(() => {});  // in use by another tab: later
    }
  } catch {
    // no origin private file system here
  }
}

// A worker per download, started now: each reads back what an earlier visit kept or else
// downloads, and does the heavy part (inflating a snapshot part, compiling the wasm) off the
// page's thread, which is busy loading modules and starting Pyodide meanwhile (work handed over
// from this thread would wait for it). Each worker's name says what it fetches, so it begins as
// soon as its script runs. (Not its URL's query: the service worker answers a script's URL with
// the cached script, and a worker's location is the URL of the response it ran, query gone.) A
// worker that downloaded holds on to it, and stores it once the page says the restore worked
// (keepRuntime).
function startWorker(script, query) {
  const worker = new Worker(new URL(script, import.meta.url), { name: String(new URLSearchParams(query)) });
  // Listening from the start: a message that came before anyone listened would be lost.
  const answer = new Promise((resolve, reject) => {
    const fail = (error) => {
      worker.terminate();
      reject(error);
    };
    worker.onmessage = ({ data }) => (data.error ? fail(new Error(data.error)) : resolve(data));
    worker.onerror = (event) => fail(new Error(event.message || `${script} failed`));
  });
  answer.catch(() => {});  // a failure is reported where the answer is awaited
  return { worker, answer };
}

// The channel on which the wasm's worker says it is done, this page's own: a downloaded snapshot
// part is inflated after that (snapshot-worker.js says why).
const wasmSettled = `biocards-wasm-settled-${Math.random().toString(36).slice(2)}`;
// The snapshot ships gzipped, without its zero pages, in parts (snapshot-worker.js).
let snapshotWorkers = snapshotParts.map((part) => startWorker("snapshot-worker.js", {
  part, cache: KEPT, key: keptKey(part), after: wasmSettled,
}));
// Pyodide's wasm, compiled by wasm-worker.js. Pyodide itself would start compiling only once it
// had the snapshot, and on this thread.
let wasmWorker = startWorker("wasm-worker.js", { url: wasmURL, cache: KEPT || "", announce: wasmSettled });

/** The snapshot's packed parts (Uint8Arrays, see snapshot-codec.mjs), or a rejection; null when
 *  this build has no snapshot. */
export const snapshot = hasSnapshot ? Promise.all(snapshotWorkers.map(({ answer }) => answer)).then((parts) => {
  performance.mark(parts.every(({ kept }) => kept) ? "biocards-snapshot-from-cache" : "biocards-snapshot-from-network");
  return parts.map(({ packed }) => new Uint8Array(packed));
}) : null;
snapshot?.catch(() => {});  // a failure is reported where it is awaited, in pyodide-boot.mjs

/** The compiled wasm module, or null if it could not be had (Pyodide then fetches its own). */
export const wasmModule = wasmWorker.answer.then(({ module }) => {
  performance.mark("biocards-wasm-compiled");
  return module;
}, () => null);
// Said again from here, for a snapshot worker that was not listening yet when the wasm's worker
// said it, or a wasm worker that died before it could (its script missing, say).
wasmModule.then(() => {
  if (!globalThis.BroadcastChannel) return;
  const channel = new BroadcastChannel(wasmSettled);
  channel.postMessage("settled");
  channel.close();
});

// A worker that downloaded stores its download when told to, and says "kept" when it is done.
function keep({ worker, answer }) {
  return answer.then(({ keeping }) => keeping && new Promise((done) => {
    worker.addEventListener("message", ({ data }) => data === "kept" && done());
    worker.addEventListener("error", () => done());
    worker.postMessage("keep");
  }), () => {});
}

/** The page's restore worked: the workers may store what they downloaded for the next visit.
 *  Resolves once they have (the service worker may then take the wasm from there, see sw.js). */
export function keepRuntime() {
  const keeping = [...snapshotWorkers, wasmWorker].filter(Boolean).map(keep);
  snapshotWorkers = [];
  wasmWorker = null;
  return Promise.all(keeping);
}

/** Nothing downloaded is to be kept: the workers (and their downloads) stop. The wasm's stops once
 *  it has answered, which the install path may still be waiting for. */
export function dropRuntime() {
  snapshotWorkers.forEach(({ worker }) => worker.terminate());
  snapshotWorkers = [];
  const dropped = wasmWorker?.worker;
  wasmModule.then(() => dropped?.terminate());
  wasmWorker = null;
}

// Pyodide's script, imported now so that it is parsed by the time loadPyodide imports it.
import(new URL("pyodide.asm.mjs", indexURL).href).catch(() => {});
