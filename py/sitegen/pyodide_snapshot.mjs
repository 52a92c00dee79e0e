// Make the play page's Pyodide memory snapshot at build time, with the exact runtime the site ships.
//
//   node pyodide_snapshot.mjs PYODIDE_DIR WHEEL PYSCRIPT_STDLIB OUT PARTS STDLIB_OUT
//
// PYODIDE_DIR is the site's vendor/pyodide (its byte-compiled python_stdlib.zip and micropip).
// PYSCRIPT_STDLIB is the module of PyScript's npm package that makes the Python code PyScript runs
// first on a page, which writes and imports PyScript's Python package (stdlib/pyscript.js holds
// that package's files).
// micropip installs WHEEL as on the page (in a Pyodide of its own), then everything the page
// imports that does not need the browser is imported from what it installed, so a restore skips
// Python's start, micropip and those imports. The heap
// holds no files: the rest of the wheel's modules stay in the heap as code (snapshot_imports.py).
// Nothing JavaScript-side may be referenced from Python here (no `js`, no `pyscript`).
//
// OUT-0 … OUT-(PARTS-1) get the snapshot: its heap XORed with the runtime's pristine memory, its
// zero pages left out, cut into PARTS parts (snapshot-codec.mjs).
// STDLIB_OUT gets the standard library a restored page can still import (snapshot_stdlib.py): a
// restore mounts that small zip instead of the whole one, so zipimport's record of the whole zip
// is dropped before the snapshot and read afresh from the small one after a restore.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  loadFromSnapshot, packSnapshot, snapshotLength, withPristineMemory, xorWithPristine,
} from "../../static/js/snapshot-codec.mjs";
import { pythonMain } from "../../static/js/python-main.mjs";

const [pyodideDir, wheel, pyscriptStdlib, out, partCount, stdlibOut] = process.argv.slice(2);

// Memory that malloc has taken back still holds what was there (the imports leave about 1 MB of
// it), and any page with a byte of it in ships. So every free block below the heap's top (the part
// malloc never handed out, zeros still) is taken, zeroed and given back: only the few words malloc
// keeps in a free block are left, and most of those pages become zeros the snapshot leaves out.
function zeroFreedMemory(module) {
  const info = module._malloc(40);  // a struct mallinfo: ten ints, the last one `keepcost`
  module._mallinfo(info);
  const top = module._sbrk(0) - module.HEAPU32[(info >> 2) + 9];  // where the top chunk begins
  module._free(info);
  const taken = [];
  for (let size = 1 << 20; size >= 8; size >>= 1) {
    for (;;) {  // this size until malloc has no free block for it but the top
      const block = module._malloc(size);
      if (!block || block + size > top) {
        module._free(block);
        break;
      }
      module.HEAPU8.fill(0, block, block + size);
      taken.push(block);
    }
  }
  taken.forEach((block) => module._free(block));
}
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const started = performance.now();
// micropip installs the wheel as the page's fallback path does, in a Pyodide of its own: its work
// (micropip, packaging, email, zipfile and all they allocate) would otherwise stay in the heap,
// 3.7 of its 12.6 MB of non-zero pages. The snapshot's Pyodide gets the files it installed.
const installer = await loadPyodide({ indexURL: `${pyodideDir}/` });
await installer.loadPackage("micropip", { messageCallback: () => {} });
const wheelPath = `/tmp/${basename(wheel)}`;
installer.FS.writeFile(wheelPath, readFileSync(wheel));
const installed = JSON.parse(await installer.runPythonAsync(`
import importlib.metadata, json, micropip
await micropip.install("emfs:${wheelPath}")
json.dumps([str(file.locate()) for file in importlib.metadata.files("biocards")])
`));
let pristine;
const pyodide = await withPristineMemory(
  () => loadPyodide({ indexURL: `${pyodideDir}/`, _makeSnapshot: true }),
  ({ pristine: memory }) => { pristine = memory; });
for (const path of installed) {
  pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
  pyodide.FS.writeFile(path, installer.FS.readFile(path));
}
const pyscriptStdlibURL = pathToFileURL(pyscriptStdlib);
const { default: pyscriptFiles } = await import(new URL("stdlib/pyscript.js", pyscriptStdlibURL).href);
const { stdlib: pyscriptStart } = await import(pyscriptStdlibURL.href);
const pageCode = [pyscriptStart, pythonMain];  // what the page runs with runPythonAsync at every start
for (const [name, value] of [["PYSCRIPT_PACKAGE", pyscriptFiles], ["COMPILED_AHEAD", pageCode]]) {
  const py = pyodide.toPy(value);
  pyodide.globals.set(name, py);
  py.destroy();
}
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
zeroFreedMemory(pyodide._module);
const made = pyodide.makeMemorySnapshot();
const parts = packSnapshot(made, xorWithPristine(made, pristine), Number(partCount));
parts.forEach((part, i) => writeFileSync(`${out}-${i}`, part));
const packed = parts.reduce((sum, part) => sum + part.length, 0);
console.log(`snapshot ${(packed / 1e6).toFixed(1)} MB without zero pages, in ${parts.length} part${parts.length === 1 ? "" : "s"}, in ${Math.round(performance.now() - started)} ms`);

// After the snapshot, so the modules this needs (dis, marshal) stay out of the heap.
pyodide.globals.set("LOADED", pyodide.toPy(JSON.parse(loaded)));
pyodide.globals.set("OUT", "/tmp/stdlib.zip");
pyodide.runPython(readFileSync(new URL("snapshot_stdlib.py", import.meta.url), "utf8"));
writeFileSync(stdlibOut, pyodide.FS.readFile("/tmp/stdlib.zip"));

// The build's check: a restore as the page does it (decoded, the small zip mounted) imports a
// module from that zip and draws a table, and Pyodide's start after the restore and the page's
// code are served compiled ahead.
const shipped = parts.map((_, i) => new Uint8Array(readFileSync(`${out}-${i}`)));
// build.py goes on with the files from here (it gzips the parts) while this checks them.
console.log("snapshot written; checking a restore");
const restored = await loadFromSnapshot(
  loadPyodide, { indexURL: `${pyodideDir}/`, stdLibURL: stdlibOut }, snapshotLength(shipped), shipped);
const table = restored.runPython(`
import statistics  # not in the heap: from the small zip
from biocards import games
game = games.get("translation")
state = game.new_state(players=2, seed=1)
game.render(state.view(0), legal=state.legal_actions())
`);
if (!String(table).startsWith("<svg")) throw new Error(`restored snapshot drew no table: ${String(table).slice(0, 200)}`);
const served = restored.runPython(`
import ast
from _pyodide._base import CodeRunner, _parse_and_compile_gen as ahead
restore = ahead.served
for source in PAGE_CODE:
    CodeRunner(source, flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT).compile()
f"{restore} {ahead.served - restore}"
`, { globals: restored.toPy({ PAGE_CODE: pageCode }) });
if (served !== "4 2") throw new Error(`code compiled ahead was not used (restore, page): ${served}`);
console.log(`restore checked: the translation table, ${String(table).length} characters of SVG`);
