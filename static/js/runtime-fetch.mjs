// The downloads Python's start waits for, as the page's modules see them: this build's memory
// snapshot (inflated by a worker) and Pyodide's wasm (compiled by another), whose workers
// static/js/runtime-start.js started while the page was being read, and Pyodide's script.
const root = new URL("../../", import.meta.url);
export const indexURL = new URL("vendor/pyodide/", root).href;

// This build's wheel and memory snapshot (its parts), as the play page names them.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
export const wheel = new URL(meta("biocards-wheel"), root).href;
// The workers static/js/runtime-start.js started while the page was being read.
const started = window.biocardsRuntime;
if (!started) throw new Error("static/js/runtime-start.js did not run");
const hasSnapshot = started.snapshotParts.length > 0;
/** The whole snapshot's size, unpacked: all Pyodide needs to know before the parts arrive. */
export const snapshotSize = Number(meta("biocards-snapshot-size"));
// A restored heap needs only the standard-library modules it has not imported yet: a small zip.
export const snapshotStdlib = hasSnapshot ? new URL(meta("biocards-snapshot-stdlib"), root).href : null;
/** The Cache Storage cache that keeps this build's snapshot and wasm for the next visit. */
export const KEPT = started.kept;
export const wasmURL = started.wasmURL;
const wasmSettled = started.wasmSettled;
let snapshotWorkers = started.snapshotWorkers;
let wasmWorker = started.wasmWorker;

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
 *  Resolves once they have (the service worker then takes the wasm from there, see sw.js). */
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
