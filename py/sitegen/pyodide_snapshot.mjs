// Make the play page's Pyodide memory snapshot at build time, with the exact runtime the site ships.
//
//   node pyodide_snapshot.mjs PYODIDE_DIR WHEEL OUT STDLIB_OUT
//
// PYODIDE_DIR is the site's vendor/pyodide (its byte-compiled python_stdlib.zip and micropip).
// micropip installs WHEEL as on the page, then everything the page imports that does not need the
// browser is imported, so a restore skips Python's start, micropip and those imports. The heap
// holds no files: the rest of the wheel's modules stay in the heap as code (snapshot_imports.py).
// Nothing JavaScript-side may be referenced from Python here (no `js`, no `pyscript`).
//
// OUT gets the snapshot, its heap XORed with the runtime's pristine memory (snapshot-codec.mjs).
// STDLIB_OUT gets the standard library a restored page can still import (snapshot_stdlib.py): a
// restore mounts that small zip instead of the whole one, so zipimport's record of the whole zip
// is dropped before the snapshot and read afresh from the small one after a restore.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { withPristineMemory, xorWithPristine } from "../../static/js/snapshot-codec.mjs";

const [pyodideDir, wheel, out, stdlibOut] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
let pristine;
const pyodide = await withPristineMemory(
  () => loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true }),
  (memory) => { pristine = memory.slice(); });
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
const loaded = pyodide.runPython(`
import json, sys, zipimport
# The page mounts a smaller zip at the same path: forget the whole one's directory.
stdlib = next(p for p in sys.path if p.endswith(".zip"))
sys.path_importer_cache.pop(stdlib, None)
zipimport._zip_directory_cache.pop(stdlib, None)
json.dumps(sorted(sys.modules))
`);
// Pyodide's record of loaded packages must be empty in a snapshot (it checks); the page's own
// loader records nothing either, since the page never calls loadPackage after a restore.
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
const snapshot = xorWithPristine(pyodide.makeMemorySnapshot(), pristine);
writeFileSync(out, snapshot);
console.log(`snapshot ${(snapshot.length / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`);

// After the snapshot, so the modules this needs (dis, marshal) stay out of the heap.
pyodide.globals.set("LOADED", pyodide.toPy(JSON.parse(loaded)));
pyodide.globals.set("OUT", "/tmp/stdlib.zip");
pyodide.runPython(readFileSync(new URL("snapshot_stdlib.py", import.meta.url), "utf8"));
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib.zip"));

// The build's check: a restore as the page does it (decoded, the small zip mounted) imports a
// module from that zip and draws a table.
const bytes = new Uint8Array(readFileSync(out));
const restored = await withPristineMemory(
  () => loadPyodide({ indexURL: `${pyodideDir}/`, stdLibURL: stdlibOut, _loadSnapshot: bytes }),
  (memory) => xorWithPristine(bytes, memory));
const table = restored.runPython(`
import statistics  # not in the heap: from the small zip
from biocards import games
game = games.get("translation")
state = game.new_state(players=2, seed=1)
game.render(state.view(0), legal=state.legal_actions())
`);
if (!String(table).startsWith("<svg")) throw new Error(`restored snapshot drew no table: ${String(table).slice(0, 200)}`);
console.log(`restore checked: the translation table, ${String(table).length} characters of SVG`);
