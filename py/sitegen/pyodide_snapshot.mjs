// Make the play page's Pyodide memory snapshot at build time, with the exact runtime the site ships.
//
//   node pyodide_snapshot.mjs PYODIDE_DIR WHEEL OUT
//
// PYODIDE_DIR is the site's vendor/pyodide (its byte-compiled python_stdlib.zip and micropip: the
// restored heap holds zipimport's table of that very zip, so it must be the file the page mounts).
// micropip installs WHEEL as on the page, then everything the page imports that does not need the
// browser is imported, so a restore skips Python's start, micropip and those imports. The heap
// holds no files: the rest of the wheel's modules stay in the heap as code (snapshot_imports.py).
// Nothing JavaScript-side may be referenced from Python here (no `js`, no `pyscript`).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true });
await pyodide.loadPackage("micropip", { messageCallback: () => {} });
const wheelPath = `/tmp/${basename(wheel)}`;
pyodide.FS.writeFile(wheelPath, readFileSync(wheel));
await pyodide.runPythonAsync(`
import micropip
await micropip.install("emfs:${wheelPath}")
`);
// micropip holds JavaScript objects (fetch, the lock file) that a snapshot cannot carry: drop it.
pyodide.runPython(`
import gc, sys
for name in [m for m in sys.modules if m == "micropip" or m.startswith(("micropip.", "pyodide.http"))]:
    del sys.modules[name]
del micropip
gc.collect()
`);
pyodide.runPython(readFileSync(new URL("snapshot_imports.py", import.meta.url), "utf8"));
// Pyodide's record of loaded packages must be empty in a snapshot (it checks); the page's own
// loader records nothing either, since the page never calls loadPackage after a restore.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(`snapshot ${(snapshot.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`);

// The build's check: a restore (as the page does it) imports the web-free parts and draws a table.
const restored = await loadPyodide({ indexURL: `${pyodideDir}/`, _loadSnapshot: readFileSync(out) });
const table = restored.runPython(`
from biocards import games
game = games.get("translation")
state = game.new_state(players=2, seed=1)
game.render(state.view(0), legal=state.legal_actions())
`);
if (!String(table).startsWith("<svg")) throw new Error(`restored snapshot drew no table: ${String(table).slice(0, 200)}`);
console.log(`restore checked: the translation table, ${String(table).length} characters of SVG`);
