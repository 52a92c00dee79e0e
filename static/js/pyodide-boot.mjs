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

// The download starts when boot.js imports this module, alongside PyScript's own start. Shipped
// gzipped (a 30 MiB heap): a worker inflates it as it arrives, so the page's thread stays free,
// and keeps the inflated bytes in Cache Storage for the next visit (it closes itself when it has
// stored them). A later visit reads them back right here: no worker to start.
const SNAPSHOT_CACHE = "biocards-snapshot";  // as snapshot-worker.js names it

async function keptSnapshot() {
  const cache = await globalThis.caches?.open(SNAPSHOT_CACHE).catch(() => null);
  const kept = cache && await cache.match(`${snapshotURL}?inflated`);
  if (!kept) return null;
  const bytes = await kept.arrayBuffer();
  performance.mark("biocards-snapshot-from-cache");
  return bytes;
}

function inflatedSnapshot() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("snapshot-worker.js", import.meta.url));
    worker.onmessage = ({ data }) => {
      if (data.error) {
        worker.terminate();
        reject(new Error(data.error));
      } else {
        performance.mark(`biocards-snapshot-from-${data.from}`);
        resolve(data.bytes);
      }
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || "the snapshot worker failed"));
    };
    worker.postMessage(snapshotURL);
  });
}

const snapshot = snapshotURL && keptSnapshot().catch(() => null).then((bytes) => bytes ?? inflatedSnapshot());
snapshot?.catch(() => {});  // a failure is reported where it is awaited, in loadPyodide

function mark(path) {
  document.documentElement.dataset.boot = path;
  performance.mark(`biocards-boot-${path}`);
}

async function restore(options) {
  // Pyodide waits for the snapshot itself, after starting the wasm's download and compilation.
  let bytes;
  const arrived = snapshot.then((buffer) => { bytes = new Uint8Array(buffer); return bytes; });
  arrived.catch(() => {});  // Pyodide awaits it later; a failure is caught below, not unhandled now
  performance.mark("biocards-restore-start");
  // The snapshot ships without what the wasm file's data segments already hold: put them back
  // the moment the module is instantiated (after the snapshot arrived), before Pyodide copies
  // the heap in.
  const pyodide = await withPristineMemory(
    () => vendored.loadPyodide({ ...options, indexURL, stdLibURL: snapshotStdlib, _loadSnapshot: arrived }),
    (memory) => xorWithPristine(bytes, memory));
  performance.mark("biocards-restored");
  // Every restore starts from the same heap, so the same random state: draw a fresh one.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

async function install(options) {
  const pyodide = await vendored.loadPyodide({ ...options, indexURL });
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(wheel);
  micropip.destroy();
  return pyodide;
}

export async function loadPyodide(options = {}) {
  if (snapshot) {
    try {
      const pyodide = await restore(options);
      mark("snapshot");
      return pyodide;
    } catch (error) {
      console.warn("BioCards: the memory snapshot could not be used; starting Python from scratch.", error);
      // Whatever was kept of it (snapshot-worker.js) is not used again.
      globalThis.caches?.delete(SNAPSHOT_CACHE).catch(() => {});
    }
  }
  const pyodide = await install(options);
  mark("install");
  return pyodide;
}
