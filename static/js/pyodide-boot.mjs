// The module PyScript's `interpreter` setting names on the play page: the vendored Pyodide, started
// from the build's memory snapshot when there is one for this very build, else as before.
//
// PyScript imports this module, reads `version` and calls `loadPyodide(options)`. The page's config
// names no packages, so PyScript installs nothing itself: a restored heap already holds the wheel
// (installed by micropip at build time, the game imported, the web adapter's code in a finder of
// its own: see py/sitegen/snapshot_imports.py); on any failure of the restore (no snapshot, a
// corrupt one, another build's, a heap too big) Pyodide starts from scratch and micropip installs
// the wheel, as the page did before snapshots. <html data-boot> says which path ran.
import * as vendored from "../../vendor/pyodide/pyodide.mjs";
import { withPristineMemory, xorWithPristine } from "./snapshot-codec.mjs";

export const version = vendored.version;
const indexURL = new URL("../../vendor/pyodide/", import.meta.url).href;
const root = new URL("../../", import.meta.url);

// This build's wheel and memory snapshot, as the play page names them. The snapshot's name carries
// the hash of Pyodide's build and our wheel, so a page never asks for another build's.
const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
const wheel = new URL(meta("biocards-wheel"), root).href;
const snapshotURL = meta("biocards-snapshot") ? new URL(meta("biocards-snapshot"), root).href : null;
// A restored heap needs only the standard-library modules it has not imported yet: a small zip.
const snapshotStdlib = snapshotURL && new URL(meta("biocards-snapshot-stdlib"), root).href;

// What a visit keeps for the next: the inflated snapshot and Pyodide's wasm, in a Cache Storage
// cache named by this build's snapshot hash (which covers Pyodide's files and our wheel), so a
// site update never restores another build's. A browser without a disk cache for big files
// (a guest session) then reads 40 MB back instead of downloading, inflating and compiling again.
const KEPT = snapshotURL && `biocards-runtime-${snapshotURL.match(/snapshot-([0-9a-f]+)/)[1]}`;
const wasmURL = new URL("pyodide.asm.wasm", indexURL).href;
const keptCache = KEPT && globalThis.caches ? caches.open(KEPT).catch(() => null) : Promise.resolve(null);

async function kept(url) {
  const cache = await keptCache;
  return cache && await cache.match(url).catch(() => undefined);
}

const keptSnapshotKey = snapshotURL && `${snapshotURL}?inflated`;  // where the inflated bytes are kept

async function keptSnapshot() {
  const response = await kept(keptSnapshotKey);
  if (!response) return null;
  const bytes = await response.arrayBuffer();
  performance.mark("biocards-snapshot-from-cache");
  return bytes;
}

// The download starts when boot.js imports this module, alongside PyScript's own start. Shipped
// gzipped (a 30 MiB heap): a worker inflates it as it arrives, so the page's thread stays free,
// and keeps a copy that it stores once the page says the restore worked.
let worker = null;

function inflatedSnapshot() {
  return new Promise((resolve, reject) => {
    worker = new Worker(new URL("snapshot-worker.js", import.meta.url));
    worker.onmessage = ({ data }) => {
      if (data.error) {
        worker.terminate();
        reject(new Error(data.error));
      } else {
        performance.mark("biocards-snapshot-from-network");
        resolve(data.bytes);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "the snapshot worker failed"));
    };
    worker.postMessage({ url: snapshotURL, cache: KEPT, key: keptSnapshotKey });
  });
}

const snapshot = snapshotURL && keptSnapshot().catch(() => null).then((bytes) => bytes ?? inflatedSnapshot());
snapshot?.catch(() => {});  // a failure is reported where it is awaited, in loadPyodide

function mark(path) {
  document.documentElement.dataset.boot = path;
  performance.mark(`biocards-boot-${path}`);
}

// Pyodide fetches its wasm itself: while it starts, a fetch of that file is answered from what
// was kept (compiled code comes with it), or goes to the network with a copy set aside, stored
// once the restore has worked (storing 10 MB sooner would slow the first boot).
let wasmToKeep = null;

async function withKeptWasm(load) {
  const keptWasm = await kept(wasmURL);
  const network = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    if (String(input) !== wasmURL) return network(input, init);
    if (keptWasm) return Promise.resolve(keptWasm);
    return network(input, init).then((response) => {
      if (response.ok) wasmToKeep = response.clone();
      return response;
    });
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = network;
  }
}

async function restore() {
  // Pyodide waits for the snapshot itself, after starting the wasm's download and compilation.
  let bytes;
  const arrived = snapshot.then((buffer) => { bytes = new Uint8Array(buffer); return bytes; });
  arrived.catch(() => {});  // Pyodide awaits it later; a failure is caught below, not unhandled now
  performance.mark("biocards-restore-start");
  // The snapshot ships without what the wasm file's data segments already hold: put them back
  // the moment the module is instantiated (after the snapshot arrived), before Pyodide copies
  // the heap in.
  const pyodide = await withKeptWasm(() => withPristineMemory(
    () => vendored.loadPyodide({ indexURL, stdLibURL: snapshotStdlib, _loadSnapshot: arrived }),
    (memory) => xorWithPristine(bytes, memory)));
  performance.mark("biocards-restored");
  // Every restore starts from the same heap, so the same random state: draw a fresh one.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

// After a restore that worked: the worker may keep the snapshot, and other builds' caches go.
async function keepThisBuild() {
  worker?.postMessage("keep");
  const cache = await keptCache;
  if (cache && wasmToKeep) await cache.put(wasmURL, wasmToKeep);
  wasmToKeep = null;
  for (const name of await caches.keys()) {
    if (name.startsWith("biocards-runtime-") && name !== KEPT) {
      await caches.delete(name);
    }
  }
}

async function install(options) {
  const pyodide = await vendored.loadPyodide({ ...options, indexURL });
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(wheel);
  micropip.destroy();
  return pyodide;
}

// The restore starts as soon as boot.js imports this module, not when PyScript, having loaded
// itself, asks for an interpreter: by then it is well on its way. PyScript's options are only its
// output handlers, which a restored interpreter takes afterwards.
const restoring = snapshot && restore();
restoring?.catch(() => {});  // a failure is reported where it is awaited, in loadPyodide

export async function loadPyodide(options = {}) {
  if (restoring) {
    try {
      const pyodide = await restoring;
      if (options.stdout) pyodide.setStdout({ batched: options.stdout });
      if (options.stderr) pyodide.setStderr({ batched: options.stderr });
      mark("snapshot");
      if (globalThis.caches) keepThisBuild().catch(() => {});
      return pyodide;
    } catch (error) {
      console.warn("BioCards: the memory snapshot could not be used; starting Python from scratch.", error);
      // Nothing kept for this build is used again.
      worker?.terminate();
      globalThis.caches?.delete(KEPT).catch(() => {});
    }
  }
  const pyodide = await install(options);
  mark("install");
  return pyodide;
}
