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
import {
  dropKeptRuntimes, dropRuntime, indexURL, keepRuntime, KEPT, snapshot, snapshotSize, snapshotStdlib, wasmModule,
  wasmURL, wheel,
} from "./runtime-fetch.mjs";
import { loadFromSnapshot } from "./snapshot-codec.mjs";

export const version = vendored.version;

function mark(path) {
  document.documentElement.dataset.boot = path;
  performance.mark(`biocards-boot-${path}`);
}

// Pyodide fetches and instantiates its wasm itself: while it starts, it is handed instead the
// module a worker compiled early (see runtime-fetch.mjs). A module can be instantiated again,
// should the install path follow a failed restore. Without that module Pyodide does as it always
// does.
async function withEarlyWasm(load) {
  const network = globalThis.fetch;
  const { instantiateStreaming } = WebAssembly;
  globalThis.fetch = (input, init) => (String(input) === wasmURL
    ? wasmModule.then((module) => (module ? new Response(null) : network(input, init)))
    : network(input, init));
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const module = await wasmModule;
    if (!module) return instantiateStreaming.call(WebAssembly, source, imports);
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await load();
  } finally {
    globalThis.fetch = network;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

async function restore() {
  performance.mark("biocards-restore-start");
  const pyodide = await withEarlyWasm(() => loadFromSnapshot(
    vendored.loadPyodide, { indexURL, stdLibURL: snapshotStdlib }, snapshotSize, snapshot));
  performance.mark("biocards-restored");
  // Every restore starts from the same heap, so the same random state: draw a fresh one.
  const random = pyodide.pyimport("random");
  random.seed();
  random.destroy();
  return pyodide;
}

// The table's first drawing comes first: once the page says it is up (or could not start), the
// disk work of keeping this build's runtime may begin.
function pageSettled() {
  const settled = () => ["ready", "error"].includes(document.documentElement.dataset.state);
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const watch = new MutationObserver(() => {
      if (!settled()) return;
      watch.disconnect();
      resolve();
    });
    watch.observe(document.documentElement, { attributes: true, attributeFilter: ["data-state"] });
  });
}

// After a restore that worked, once the page has settled: other builds' kept runtimes go, then the
// workers may keep the snapshot and the wasm. In that order, since the workers store on their own
// time: once this build's runtime is kept, no other build's is. <html data-runtime="kept"> says
// when they are done (register-sw.js waits for it).
async function keepThisBuild() {
  await pageSettled();
  await dropKeptRuntimes((name) => name !== KEPT);
  await keepRuntime();
  document.documentElement.dataset.runtime = "kept";
}

async function install(options) {
  const pyodide = await withEarlyWasm(() => vendored.loadPyodide({ ...options, indexURL }));
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
      keepThisBuild().catch(() => {});
      return pyodide;
    } catch (error) {
      console.warn("BioCards: the memory snapshot could not be used; starting Python from scratch.", error);
      // Nothing kept for this build is used again.
      dropRuntime();
      dropKeptRuntimes((name) => name === KEPT);
    }
  }
  const pyodide = await install(options);
  mark("install");
  return pyodide;
}
