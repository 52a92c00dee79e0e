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

export const version = vendored.version;
const indexURL = new URL("../../vendor/pyodide/", import.meta.url).href;
let plan = { snapshot: null, wheel: null };

const bytes = (url) => fetch(url).then((r) => {
  if (!r.ok) throw new Error(`${r.status} ${url}`);
  return r;
});

// Called by boot.js as early as possible, so the downloads overlap PyScript's own start.
export function prepare({ snapshot, wheel }) {
  let snapshotBytes = null;
  if (snapshot) {
    // Shipped gzipped (31 MB of heap, mostly zeros): the browser's own DecompressionStream inflates
    // it while it downloads, off the main thread.
    snapshotBytes = bytes(snapshot).then((r) =>
      new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
    snapshotBytes.catch(() => {});  // a failure is reported where it is awaited
  }
  plan = { snapshot: snapshotBytes, wheel };
}

function mark(path) {
  document.documentElement.dataset.boot = path;
  performance.mark(`biocards-boot-${path}`);
}

async function restore(options) {
  const pyodide = await vendored.loadPyodide({ ...options, indexURL, _loadSnapshot: plan.snapshot });
  // Every restore starts from the same heap, so the same random state: draw a fresh one.
  pyodide.runPython("import random; random.seed()");
  return pyodide;
}

async function install(options) {
  const pyodide = await vendored.loadPyodide({ ...options, indexURL });
  await pyodide.loadPackage("micropip");
  const micropip = pyodide.pyimport("micropip");
  await micropip.install(plan.wheel);
  micropip.destroy();
  return pyodide;
}

export async function loadPyodide(options = {}) {
  if (plan.snapshot) {
    try {
      const pyodide = await restore(options);
      mark("snapshot");
      return pyodide;
    } catch (error) {
      console.warn("BioCards: the memory snapshot could not be used; starting Python from scratch.", error);
    }
  }
  const pyodide = await install(options);
  mark("install");
  return pyodide;
}
