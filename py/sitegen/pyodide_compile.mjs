// Byte-compile Python folders with the Pyodide the site ships (see bytecode.py for why).
//
//   node pyodide_compile.mjs PYODIDE_DIR LAYOUT=FOLDER [LAYOUT=FOLDER ...]
//
// LAYOUT is "stdlib" (sourceless, named as in Pyodide's stdlib zip) or "wheel" (cached beside
// the source). Prints how many modules each folder had.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, ...jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir });
pyodide.runPython(readFileSync(new URL("bytecode.py", import.meta.url), "utf8"));
const compileTree = pyodide.globals.get("compile_tree");
const stdlibZip = pyodide.globals.get("stdlib_zip_path")();

jobs.forEach((job, index) => {
  const [kind, folder] = [job.slice(0, job.indexOf("=")), job.slice(job.indexOf("=") + 1)];
  const mountPoint = `/job${index}`;
  pyodide.FS.mkdirTree(mountPoint);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: folder }, mountPoint);
  const count = kind === "stdlib"
    ? compileTree(mountPoint, "sourceless", `${stdlibZip}/`)
    : compileTree(mountPoint, "cached", "");
  console.log(`${count} modules compiled in ${folder}`);
});
