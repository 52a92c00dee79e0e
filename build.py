#!/usr/bin/env python3
"""BioCards' one entry point: build the static site, serve it, test it, measure it.

    python3 build.py build          write dist/ (the whole site, offline-ready)
    python3 build.py serve [--port N] [--lan] [--name HOST] [--certfile C --keyfile K] [--proxy ADDR]
                                    build if needed, then run the class server for dist/
    python3 build.py i18n           extract the messages, update every language's catalog, print coverage
    python3 build.py release [--out DIR]  write dist-release/: the wheel, the sdist and biocards.pyz for teachers
    python3 build.py test           install what the tests need (Debian's browsers too) and run them all
    python3 build.py bench [--quick]  print boot, size, bot, engine and class-server figures as one JSON object
    python3 build.py bench --class-only [--class-students 1000,1500] [--class-seconds 60]
                                    only the class server under simulated students

Only the standard library is used here. Everything else runs in .cache/venv, installed from the
hash-pinned requirements.txt; PyScript and Pyodide come from the npm registry (package-lock.json)
and the micropip wheel from PyPI, each checked against a pinned hash.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import venv
import zipapp
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / ".cache"
VENV = CACHE / "venv"
DIST = ROOT / "dist"
NPM = CACHE / "npm"
WHEELS = CACHE / "wheels"
BYTECODE = CACHE / "bytecode"
COMPILER = (ROOT / "py" / "sitegen" / "pyodide_compile.mjs", ROOT / "py" / "sitegen" / "bytecode.py")
SNAPSHOTS = CACHE / "snapshots"
SNAPSHOT_MAKER = (ROOT / "py" / "sitegen" / "pyodide_snapshot.mjs", ROOT / "py" / "sitegen" / "snapshot_imports.py",
                  ROOT / "py" / "sitegen" / "snapshot_stdlib.py", ROOT / "static" / "js" / "snapshot-codec.mjs",
                  ROOT / "static" / "js" / "python-main.mjs")

# The snapshot can ship in parts that workers inflate side by side. One is faster on 2 cores: a second
# worker took CPU from the page's thread, which starts Pyodide meanwhile and is what a boot waits on
# (interleaved A/Bs of 2 × 11 cold boots: 1,266 and 1,353 ms against 1,324 and 1,398 with two parts;
# warm 394 against 416).
SNAPSHOT_PARTS = 1

MICROPIP = "micropip==0.11.1"
MICROPIP_WHEEL = "micropip-0.11.1-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(*args: str | Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], check=True, **kwargs)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def fingerprint(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    return digest.hexdigest()


# -- tools -----------------------------------------------------------------------------------------

def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv() -> Path:
    """A virtual environment with the pinned requirements (reinstalled when they change)."""
    marker = VENV / ".requirements-sha256"
    want = fingerprint(ROOT / "requirements.txt")
    if not (marker.exists() and marker.read_text() == want and venv_python().exists()):
        log("creating .cache/venv with the pinned requirements")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
        # --no-compile: Python compiles what a run imports when it first imports it, a fraction of
        # the packages' modules, rather than pip compiling every one of them here.
        run(venv_python(), "-m", "pip", "install", "--quiet", "--require-hashes", "--no-deps", "--no-compile",
            "-r", ROOT / "requirements.txt")
        marker.write_text(want)
    return venv_python()


def ensure_npm() -> Path:
    """PyScript and Pyodide, and the browser tests' axe-core and puppeteer-core, as package-lock.json pins them."""
    marker = NPM / ".lock-sha256"
    want = fingerprint(ROOT / "package.json", ROOT / "package-lock.json")
    if not (marker.exists() and marker.read_text() == want):
        log("npm ci: PyScript and Pyodide from the npm registry")
        NPM.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(ROOT / name, NPM / name)
        # puppeteer-core (the Firefox tests' driver) never downloads a browser; say so all the same.
        run("npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", cwd=NPM,
            env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"})
        marker.write_text(want)
    return NPM / "node_modules"


def ensure_micropip() -> Path:
    """The micropip wheel Pyodide loads, from PyPI, checked against its pinned sha256."""
    wheel = WHEELS / MICROPIP_WHEEL
    if not wheel.exists() or sha256(wheel) != MICROPIP_SHA256:
        log(f"downloading {MICROPIP} from PyPI")
        WHEELS.mkdir(parents=True, exist_ok=True)
        # micropip 0.11 needs Python >= 3.12 (Pyodide's), so ask for a wheel for that Python.
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
            "--python-version", "3.13", "--dest", WHEELS, MICROPIP)
    if sha256(wheel) != MICROPIP_SHA256:
        raise SystemExit(f"{MICROPIP_WHEEL} does not match its pinned sha256; refusing to use it")
    return wheel


# Debian's browsers for the tests, never a browser build a test tool downloads: Chromium (Playwright),
# Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK, Safari's engine (its WebDriver,
# which needs a display: Xvfb).
TEST_BROWSERS = {"/usr/bin/chromium": "chromium", "/usr/bin/firefox-esr": "firefox-esr",
                 "/usr/bin/WebKitWebDriver": "webkit2gtk-driver", "/usr/bin/Xvfb": "xvfb"}


def ensure_browsers(paths: tuple[str, ...] = tuple(TEST_BROWSERS)) -> None:
    """Debian's Chromium, Firefox ESR, WebKitGTK's WebDriver and Xvfb (or only those ``paths`` name)."""
    missing = [TEST_BROWSERS[path] for path in paths if not Path(path).exists()]
    if not missing:
        return
    log(f"installing Debian's {', '.join(missing)}")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(*sudo, "apt-get", "update", "-qq", env=env)
    run(*sudo, "apt-get", "install", "-y", "-qq", *missing, env=env)


# -- bytecode --------------------------------------------------------------------------------------
# Pyodide never writes bytecode in the browser: every module imported from source is compiled again
# on every page load, and a boot imports about 300 (standard library, micropip, PyScript, BioCards).
# The build compiles them once, with the shipped Pyodide itself running under Node, so the .pyc
# magic number is the browser's. That is the largest single saving in a cold or warm boot.

def compile_for_pyodide(node_modules: Path, jobs: list[tuple[str, Path]]) -> None:
    """Byte-compile each folder in place: ``("stdlib", folder)`` sourceless, ``("wheel", folder)`` cached."""
    run("node", COMPILER[0], node_modules / "pyodide", *[f"{kind}={folder}" for kind, folder in jobs])


def _zip_entries(folder: Path) -> list[Path]:
    files = sorted(p for p in folder.rglob("*") if p.is_file())
    # A wheel's .dist-info goes last, as the wheel spec recommends.
    return sorted(files, key=lambda p: ".dist-info" in p.relative_to(folder).parts[0])


def pack_zip(folder: Path, archive: Path) -> None:
    """A reproducible zip of folder (fixed timestamps, sorted entries)."""
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for path in _zip_entries(folder):
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), date_time=(2020, 2, 2, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, path.read_bytes(), compresslevel=9)


def pack_wheel(folder: Path, archive: Path) -> None:
    """Re-pack an unpacked wheel, its RECORD rewritten to list (and hash) every file it now holds."""
    record = next(folder.glob("*.dist-info/RECORD"))
    lines = []
    for path in _zip_entries(folder):
        if path == record:
            continue
        data = path.read_bytes()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{path.relative_to(folder).as_posix()},sha256={digest},{len(data)}")
    lines.append(f"{record.relative_to(folder).as_posix()},,")
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pack_zip(folder, archive)


def compiled_runtime(node_modules: Path, micropip: Path) -> tuple[Path, Path]:
    """Pyodide's standard library zip and the micropip wheel, byte-compiled (cached by input hash)."""
    stdlib = node_modules / "pyodide" / "python_stdlib.zip"
    out = BYTECODE / fingerprint(stdlib, micropip, *COMPILER)[:16]
    compiled_stdlib, compiled_micropip = out / stdlib.name, out / micropip.name
    if not (compiled_stdlib.exists() and compiled_micropip.exists()):
        log("compiling the standard library and micropip to bytecode with the shipped Pyodide")
        work = BYTECODE / "work"
        shutil.rmtree(work, ignore_errors=True)
        shutil.unpack_archive(stdlib, work / "stdlib", "zip")
        shutil.unpack_archive(micropip, work / "micropip", "zip")
        compile_for_pyodide(node_modules, [("stdlib", work / "stdlib"), ("wheel", work / "micropip")])
        out.mkdir(parents=True, exist_ok=True)
        pack_zip(work / "stdlib", compiled_stdlib)
        pack_wheel(work / "micropip", compiled_micropip)
        shutil.rmtree(work)
    return compiled_stdlib, compiled_micropip


BROWSER_LEAVES_OUT = ("server", "cli.py", "bench.py", "core/testing.py")
"""Parts of the ``biocards`` package (paths under it) that the page's wheel does not carry."""


def compiled_wheel(node_modules: Path, wheel: Path) -> Path:
    """The biocards wheel with its bytecode beside the source (tracebacks still quote our lines)."""
    work = BYTECODE / "biocards"
    shutil.rmtree(work, ignore_errors=True)
    shutil.unpack_archive(wheel, work, "zip")
    # What runs on CPython only never reaches the browser: the class server (aiohttp, SQLite), the
    # command line, and the benches with the random games they play.
    for part in BROWSER_LEAVES_OUT:
        path = work / "biocards" / part
        shutil.rmtree(path) if path.is_dir() else path.unlink()
    compile_for_pyodide(node_modules, [("wheel", work)])
    out = BYTECODE / wheel.name
    pack_wheel(work, out)
    shutil.rmtree(work)
    return out


def pyodide_snapshot(pyodide: Path, wheel: Path, pyscript_stdlib: Path) -> tuple[list[Path], Path, Callable[[], None]]:
    """The play page's memory snapshot (its gzipped parts) and the small standard-library zip a
    restore mounts, made under Node with the vendored runtime in ``pyodide`` after micropip
    installed ``wheel``, PyScript's Python package and the code PyScript runs first (both from
    ``pyscript_stdlib``) compiled into it; cached by the hash of all of them.

    Their names carry that hash, so a page (or a service-worker cache) can never pair them with
    another build's Pyodide or wheel. Making them also restores the snapshot and draws a table, or
    the build fails: that check runs on while the build writes the pages (the third value waits for
    it), and only a snapshot that passed it goes into the cache.
    """
    runtime = [pyodide / name for name in (*PYODIDE_FILES, "python_stdlib.zip")]
    runtime += sorted(pyodide.glob("micropip-*.whl"))
    # The part count counts too: one build's part 0 of 2 is not another's part 0 of 3.
    pyscript = (pyscript_stdlib, pyscript_stdlib.parent / "stdlib" / "pyscript.js")
    key = sha256_text(f"{fingerprint(*runtime, wheel, *pyscript, *SNAPSHOT_MAKER)} {SNAPSHOT_PARTS}")[:16]
    parts = [SNAPSHOTS / f"snapshot-{key}-{i}.bin.gz" for i in range(SNAPSHOT_PARTS)]
    stdlib = SNAPSHOTS / f"python_stdlib-{key}.zip"
    if all(path.exists() for path in (*parts, stdlib)):
        return parts, stdlib, lambda: None
    log("making the Pyodide memory snapshot under Node")
    pending = SNAPSHOTS / "pending"
    shutil.rmtree(pending, ignore_errors=True)
    pending.mkdir(parents=True)
    raw = pending / "work.bin"
    maker = subprocess.Popen([str(a) for a in ("node", SNAPSHOT_MAKER[0], pyodide, wheel, pyscript_stdlib, raw,
                                               SNAPSHOT_PARTS, pending / stdlib.name)],
                             stdout=subprocess.PIPE, text=True)
    for line in maker.stdout:  # its last words before the check: "snapshot written"
        print(line, end="", flush=True)
        if line.startswith("snapshot written"):
            break
    else:
        raise SystemExit(f"making the snapshot failed (exit code {maker.wait()})")
    for i, part in enumerate(parts):
        # Shipped gzipped at the highest level: a static host sends a .gz as it is. Not brotli,
        # though it is smaller (12.2 MB unpacked: 3.10 MB in brotli at quality 11, 4.30 MB
        # gzipped): the page inflates it in a worker with DecompressionStream, which knows
        # gzip and deflate but not brotli (Chromium 156 refuses "brotli" and "br"), and a
        # snapshot the browser inflated itself would need a host that sends a .br sibling.
        made = raw.with_name(f"{raw.name}-{i}")
        with made.open("rb") as source, gzip.GzipFile(pending / part.name, "wb", compresslevel=9, mtime=0) as sink:
            shutil.copyfileobj(source, sink)
        made.unlink()

    def checked() -> None:
        for line in maker.stdout:
            print(line, end="", flush=True)
        if maker.wait() != 0:
            raise SystemExit("the memory snapshot failed its restore check: see above")
        for path in (*parts, stdlib):
            (pending / path.name).rename(path)
        shutil.rmtree(pending)

    return [pending / part.name for part in parts], pending / stdlib.name, checked


def snapshot_size(part: Path) -> int:
    """The whole snapshot's size in bytes, as each of its parts begins (snapshot-codec.mjs)."""
    with gzip.open(part) as packed:
        return int.from_bytes(packed.read(4), "little")


# -- build ---------------------------------------------------------------------------------------

def build_wheel(python: Path) -> Path:
    out = CACHE / "biocards-wheel"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    name = subprocess.run(
        [str(python), "-c", "import sys; from flit_core.buildapi import build_wheel; "
                            "print(build_wheel(sys.argv[1]))", str(out)],
        cwd=ROOT / "py", check=True, capture_output=True, text=True).stdout.strip().splitlines()[-1]
    return out / name


# The build's five changes to Pyodide's glue, each applied exactly once or the build fails: a Pyodide
# whose glue reads otherwise needs them looked at again.
#
# One wrapper module per signature: the glue makes each JavaScript function whose address the wasm
# takes into a wasm function by compiling a one-function module around it: 259 compiles at every
# start, on the page's thread. The module depends only on the signature (the function is handed to
# its instance), so the shipped glue compiles one per signature (52).
_WRAPPER_MODULE = re.compile(
    r"var convertJsFunctionToWasm=\(func,sig\)=>\{var bytes=(Uint8Array\.of\([^;]*\));"
    r"var module=new WebAssembly\.Module\(bytes\);")
# The heap put back by the page: a restore copied the whole 31 MB snapshot into Pyodide's fresh
# memory, most of it zeros, so the browser found memory for every page of it. A loader that passes
# ``_restoreHeap`` (static/js/snapshot-codec.mjs) writes only the pages that hold something.
_RESTORE_HEAP = re.compile(r"return Module\.HEAP8\.set\((\w+)\),(\w+)\}")

# The global offset table filled for what asks for it: at every start the loader made a GOT entry,
# and a table slot, for each of the wasm's 8,500 exports (7,415 of them functions), though the wasm
# itself asks for 280 (its GOT.func imports): some 50 ms of the page's thread at every restore. A
# side module loaded later still finds any other symbol: its GOT imports come in as unresolved
# entries, which the loader's reportUndefinedSymbols resolves from the exports (upstream's own path
# for a symbol not yet in the GOT). The snapshot is made with this glue, so its function pointers
# are the table slots the page gives out.
_GOT_FOR_EVERY_EXPORT = re.compile(
    r"var updateGOT=\(exports,replace\)=>\{for\(var symName in exports\)\{if\(isInternalSym\(symName\)\)\{continue\}")

# The JavaScript functions the wasm asks for through its GOT (259 at every start) made into wasm
# functions all at once: the loader's reportUndefinedSymbols gave each its own instance of a wrapper
# module (259 instantiations on the page's thread, each after a TypeError from trying the table
# first), where one module that imports them all and exports them again is instantiated once. The
# table slots are handed out in the same order as before, so a snapshot's function pointers stay
# what they were. A function whose signature cannot be wrapped so (the module does not compile or
# link) takes upstream's own path.
_REPORT_UNDEFINED_SYMBOLS = re.compile(re.escape(
    "var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){if(entry.value==-1){"
    "var value=resolveGlobalSymbol(symName,true).sym;if(!value&&!entry.required){entry.value=0;continue}"
    "else if(!value){throw new Error(`Dynamic linking error: undefined symbol '${symName}'`)}"
    "if(typeof value==\"function\"){entry.value=addFunction(value,value.sig)}"
    "else if(typeof value==\"number\"){entry.value=value}else if(typeof value.value==\"number\"){entry.value=value}"
    "else{throw new Error(`bad export type for '${symName}': ${typeof value} (${value})`)}}}};"))
# ``wrapJsFunctions(funcs)``: a Map from each JavaScript function (with its Emscripten signature in
# ``.sig``) to a wasm function calling it, made by one module: its types (one per signature), an
# import per function and an export per import; empty if that module cannot be made.
_WRAP_JS_FUNCTIONS = (
    "var wrapJsFunctions=funcs=>{var wrapped=new Map;funcs=[...new Set(funcs)];if(!funcs.length){return wrapped}"
    "var leb=n=>{var out=[];do{var low=n&127;n>>>=7;out.push(n?low|128:low)}while(n);return out};"
    "var vec=items=>[...leb(items.length),...items.flat()];"
    "var name=text=>{var bytes=Array.from(new TextEncoder().encode(text));return[...leb(bytes.length),...bytes]};"
    "var section=(id,body)=>[id,...leb(body.length),...body];"
    "var sigs=[...new Set(funcs.map(func=>func.sig))];"
    "var types=vec(sigs.map(sig=>[96,...generateTypePack(sig.slice(1)),...generateTypePack(sig[0]===\"v\"?\"\":sig[0])]));"
    "var imports=vec(funcs.map((func,i)=>[...name(\"e\"),...name(String(i)),0,...leb(sigs.indexOf(func.sig))]));"
    "var exported=vec(funcs.map((func,i)=>[...name(String(i)),0,...leb(i)]));"
    "try{var instance=new WebAssembly.Instance(new WebAssembly.Module(Uint8Array.of(0,97,115,109,1,0,0,0,"
    "...section(1,types),...section(2,imports),...section(7,exported))),"
    "{e:Object.fromEntries(funcs.map((func,i)=>[String(i),func]))})}catch(e){return wrapped}"
    "funcs.forEach((func,i)=>wrapped.set(func,instance.exports[String(i)]));return wrapped};")
# The loader's own loop, split in two: every symbol resolved first, then the functions wrapped at
# once, then each entry filled in upstream's order (a wrapped function's JavaScript original maps
# to its slot too, as upstream's addFunction records it).
_REPORT_UNDEFINED_SYMBOLS_AT_ONCE = (
    _WRAP_JS_FUNCTIONS
    + "var reportUndefinedSymbols=()=>{var resolved=[];for(var[symName,entry]of Object.entries(GOT)){"
    "if(entry.value==-1){var value=resolveGlobalSymbol(symName,true).sym;if(!value&&!entry.required){entry.value=0;continue}"
    "else if(!value){throw new Error(`Dynamic linking error: undefined symbol '${symName}'`)}"
    "resolved.push([symName,entry,value])}}"
    "var wrapped=wrapJsFunctions(resolved.map(([,,value])=>value)"
    ".filter(value=>typeof value==\"function\"&&typeof value.sig==\"string\"&&!getFunctionAddress(value)));"
    "for(var[symName,entry,value]of resolved){if(typeof value==\"function\"){var wasmFunc=wrapped.get(value);"
    "if(wasmFunc){entry.value=addFunction(wasmFunc);functionsInTableMap.set(value,entry.value)}"
    "else{entry.value=addFunction(value,value.sig)}}"
    "else if(typeof value==\"number\"){entry.value=value}else if(typeof value.value==\"number\"){entry.value=value}"
    "else{throw new Error(`bad export type for '${symName}': ${typeof value} (${value})`)}}};")

# The one deprecation Chromium reports on the play page (Lighthouse Best Practices):
# "SharedArrayBufferConstructedWithoutIsolation". Pyodide's file system builds a one-page shared
# memory at load, for a sleep (Atomics.wait) while a read says "try again"; a page that is not
# cross-origin isolated cannot wait on the main thread anyway, so there it gets a plain array (the
# wait then fails as it did, and the read reports EAGAIN).
_SLEEP_MEMORY = re.compile(r"new Int32Array\((new WebAssembly\.Memory\(\{shared:!0,initial:1,maximum:1\}\)\.buffer)\)")


def patch_pyodide_glue(glue: str) -> str:
    """``pyodide.asm.mjs`` with the five changes described above: one wrapper module compiled per
    signature, the heap of a snapshot put back by the loader's ``_restoreHeap`` when it passes one,
    the GOT filled only for what asks for it, the JavaScript functions it asks for wrapped at once,
    and no shared memory on a page that is not cross-origin isolated."""
    patches = (
        ("convertJsFunctionToWasm", _WRAPPER_MODULE,
         lambda found: "var wrapperModules=new Map;var convertJsFunctionToWasm=(func,sig)=>{"
                       "var module=wrapperModules.get(sig);if(!module){module=new WebAssembly.Module("
                       f"{found.group(1)});wrapperModules.set(sig,module)}}"),
        ("restoreSnapshot's copy of the heap", _RESTORE_HEAP,
         lambda found: f"return(API.config._restoreHeap?API.config._restoreHeap(Module.HEAP8,{found.group(1)})"
                       f":Module.HEAP8.set({found.group(1)})),{found.group(2)}}}"),
        ("updateGOT's walk over every export", _GOT_FOR_EVERY_EXPORT,
         lambda found: "var updateGOT=(exports,replace)=>{for(var symName in exports){"
                       "if(!replace&&!Object.hasOwn(GOT,symName)||isInternalSym(symName)){continue}"),
        ("reportUndefinedSymbols", _REPORT_UNDEFINED_SYMBOLS, lambda found: _REPORT_UNDEFINED_SYMBOLS_AT_ONCE),
        ("the shared memory of syncSleep", _SLEEP_MEMORY,
         lambda found: f"(globalThis.crossOriginIsolated?new Int32Array({found.group(1)}):new Int32Array(1))"),
    )
    for what, pattern, replacement in patches:
        glue, count = pattern.subn(replacement, glue)
        if count != 1:
            raise SystemExit(f"pyodide.asm.mjs: expected {what} once, found it {count} times")
    return glue


# PyScript's code editor (CodeMirror) and terminal (xterm.js) bundles: its py-editor and
# py-terminal plugins import them only for a <script type="py-editor"> or a terminal, which no page
# of ours has. 0.75 MB a first visit and the offline copy need not carry.
PYSCRIPT_UNUSED = re.compile(r"(codemirror|xterm)[-_.]")
_JS_IMPORT = re.compile(r"""(?:from|import)\s*\(?\s*["']\./([^"']+)["']""")


def pyscript_unused(pyscript: Path) -> list[Path]:
    """PyScript's editor and terminal bundles, and the modules only they import."""
    importers: dict[str, set[str]] = {}
    for module in pyscript.glob("*.js"):
        for imported in _JS_IMPORT.findall(module.read_text(encoding="utf-8")):
            importers.setdefault(imported, set()).add(module.name)
    unused = {p.name for p in pyscript.glob("*") if PYSCRIPT_UNUSED.match(p.name)}
    while True:
        more = {name for name, by in importers.items() if name not in unused and by <= unused}
        if not more:
            return sorted(pyscript / name for name in unused)
        unused |= more


def vendor(dist: Path, node_modules: Path, stdlib: Path, micropip: Path) -> None:
    pyscript = dist / "vendor" / "pyscript"
    shutil.copytree(node_modules / "@pyscript" / "core" / "dist", pyscript)
    for junk in pyscript.rglob("*.map"):
        junk.unlink()
    for unused in pyscript_unused(pyscript):
        unused.unlink()
    pyodide = dist / "vendor" / "pyodide"
    pyodide.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(node_modules / "pyodide" / name, pyodide / name)
    glue = pyodide / "pyodide.asm.mjs"
    glue.write_text(patch_pyodide_glue(glue.read_text(encoding="utf-8")), encoding="utf-8")
    shutil.copy2(stdlib, pyodide / stdlib.name)  # the same modules, byte-compiled
    shutil.copy2(micropip, pyodide / micropip.name)
    # Pyodide checks micropip against its lock file; record the hash of the wheel we ship.
    lock_path = pyodide / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["micropip"]
    entry["file_name"] = micropip.name
    entry["sha256"] = sha256(micropip)
    entry["version"] = MICROPIP.split("==")[1]
    lock_path.write_text(json.dumps(lock))


def precompress(python: Path, node_modules: Path) -> subprocess.Popen:
    """Start the brotli and gzip siblings of Pyodide's wasm, shipped as npm has it, in a process of
    its own: at brotli's best quality it takes longer than the rest of a build from nothing (1.5
    min on 2 cores), and the Node steps meanwhile use one core. sitegen.compress then finds them
    in its cache; :func:`build` waits for this before it compresses."""
    work = CACHE / "precompress"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    shutil.copy2(node_modules / "pyodide" / "pyodide.asm.wasm", work)
    return subprocess.Popen([str(python), "-m", "sitegen.compress", str(work), str(CACHE / "compressed")],
                            env={**os.environ, "PYTHONPATH": str(ROOT / "py")}, stdout=subprocess.DEVNULL)


def build(meanwhile: Callable[[Path], object] | None = None) -> Path:
    """Write dist/: vendored runtime, the biocards wheel, every page, the service worker.
    ``meanwhile(python)`` runs beside the build once the venv is made (``build.py test`` uses it);
    the build ends when both have."""
    # The venv (pip), PyScript and Pyodide (npm) and micropip's wheel (pip download) wait mostly on
    # files and the network: side by side.
    beside = ThreadPoolExecutor(1)
    with ThreadPoolExecutor(3) as pool:
        venv_made, npm_made, micropip_got = pool.submit(ensure_venv), pool.submit(ensure_npm), pool.submit(ensure_micropip)
        if meanwhile:
            meanwhile_done = beside.submit(lambda: meanwhile(venv_made.result()))
        python, node_modules, micropip_wheel = venv_made.result(), npm_made.result(), micropip_got.result()
    compressing = precompress(python, node_modules)
    stdlib, micropip = compiled_runtime(node_modules, micropip_wheel)
    translations(python, "compile")  # the .mo files go into the wheel, which the snapshot reads
    wheel = compiled_wheel(node_modules, build_wheel(python))
    staging = ROOT / "dist.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir()
    vendor(staging, node_modules, stdlib, micropip)
    wheel_dir = staging / "wheels" / sha256(wheel)[:16]
    wheel_dir.mkdir(parents=True)
    shutil.copy2(wheel, wheel_dir / wheel.name)
    (wheel_dir / wheel.name).chmod(0o644)  # flit writes it 0600, and a web server must read it
    # The README's screenshot is for the repository's front page, not for the site.
    shutil.copytree(ROOT / "static", staging / "static", ignore=shutil.ignore_patterns("screenshot.png"))
    inline_kept_copy(staging / "static" / "js")
    page_catalogs(staging)
    snapshot, snapshot_stdlib, snapshot_checked = pyodide_snapshot(
        staging / "vendor" / "pyodide", wheel, node_modules / "@pyscript" / "core" / "src" / "stdlib.js")
    for made in (*snapshot, snapshot_stdlib):
        shutil.copy2(made, staging / "vendor" / "pyodide" / made.name)
    run(python, "-m", "sitegen", "--root", ROOT, "--dist", staging,
        "--wheel", wheel_dir.relative_to(staging).joinpath(wheel.name).as_posix(),
        "--snapshot", *(f"vendor/pyodide/{part.name}" for part in snapshot),
        "--snapshot-size", str(snapshot_size(snapshot[0])), "--snapshot-stdlib", f"vendor/pyodide/{snapshot_stdlib.name}",
        env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    if compressing.wait() != 0:
        raise SystemExit("compressing Pyodide's wasm failed")
    shutil.rmtree(CACHE / "precompress")
    run(python, "-m", "sitegen.compress", staging, CACHE / "compressed", env={**os.environ, "PYTHONPATH": str(ROOT / "py")})
    snapshot_checked()  # the snapshot's restore check, running since the snapshot was made
    shutil.rmtree(DIST, ignore_errors=True)
    staging.rename(DIST)
    # The site's own files: the .br and .gz siblings of compressible ones are another form of them.
    total = sum(p.stat().st_size for p in DIST.rglob("*")
                if p.is_file() and not (p.suffix in (".br", ".gz") and p.with_suffix("").is_file()))
    log(f"dist/ written: {total / 1e6:.1f} MB")
    beside.shutdown()
    if meanwhile:
        meanwhile_done.result()
    return DIST


KEPT_COPY_IMPORT = 'importScripts("kept-copy.js");\n'


def inline_kept_copy(scripts: Path) -> None:
    """Write static/js/kept-copy.js into each worker that imports it, in place of its
    ``importScripts`` line, and ship no kept-copy.js: a worker that loaded it as a second script,
    synchronously, started about 20 ms later on every visit (issue 44, docs/boot.md)."""
    kept_copy = scripts / "kept-copy.js"
    shared = kept_copy.read_text(encoding="utf-8")
    importers = [worker for worker in sorted(scripts.glob("*.js")) if KEPT_COPY_IMPORT in worker.read_text(encoding="utf-8")]
    if not importers:
        raise SystemExit("no worker imports kept-copy.js any more: drop inline_kept_copy from build.py")
    for worker in importers:
        worker.write_text(worker.read_text(encoding="utf-8").replace(KEPT_COPY_IMPORT, shared, 1), encoding="utf-8")
    kept_copy.unlink()


def page_catalogs(dist: Path) -> None:
    """Each language's compiled catalogs where the play page fetches them, ``locale/<lang>/<domain>.mo``
    (static/js/boot.js): the snapshot carries none, and a page fetches only its own language's."""
    for mo in sorted((ROOT / "py" / "biocards" / "locale").glob("*/LC_MESSAGES/*.mo")):
        target = dist / "locale" / mo.parent.parent.name / mo.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(mo, target)


def translations(python: Path, command: str) -> None:
    """The catalogs through Babel (py/sitegen/translations.py): ``compile`` or ``update``."""
    run(python, "-m", "sitegen.translations", command, ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "py")})


def needs_build() -> bool:
    if not (DIST / "index.html").exists():
        return True
    built = (DIST / "index.html").stat().st_mtime
    sources = [ROOT / "index.html", ROOT / "build.py", ROOT / "requirements.txt", ROOT / "package-lock.json"]
    for folder in ("py", "static", "lessons"):
        sources += [p for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return any(p.stat().st_mtime > built for p in sources if p.exists())


# -- serve ---------------------------------------------------------------------------------------

CLASS_DATA = ROOT / "class-data" / "classes.sqlite3"
"""The class server's record (classes, tables, moves): kept across restarts, never committed."""


def serve(port: int, lan: bool, names: list[str] = (), school: list[str] = ()) -> None:
    """Build if needed, then become the class server (py/biocards/server) in the project's venv:
    the site's files, the teacher page, and the referee for students' tables. Once set up, this
    needs no network."""
    if needs_build():
        build()
    python = str(ensure_venv())
    args = [python, "-m", "biocards.server", "--dist", str(DIST), "--data", str(CLASS_DATA), "--port", str(port)]
    os.environ["PYTHONPATH"] = str(ROOT / "py")
    os.execv(python, args + (["--lan"] if lan else []) + [f"--name={name}" for name in names] + list(school))


# -- release ---------------------------------------------------------------------------------------
# What a teacher installs: a wheel (pipx, pip, uv) and one file for a laptop without pip
# (biocards.pyz), both carrying the site already built, so they need neither Node nor the network.

RELEASE = ROOT / "dist-release"
RELEASE_PROJECT = ROOT / "release"  # the wheel's pyproject.toml and the .pyz's __main__.py
RELEASE_WHEELS = CACHE / "release-wheels"
RUNTIME = ("aiohappyeyeballs", "aiohttp", "aiosignal", "attrs", "frozenlist", "idna", "multidict", "platformdirs",
           "propcache", "segno", "typing-extensions", "yarl")
"""What the class server needs at run time: aiohttp and its own, segno (the join QR code), platformdirs."""


def version() -> str:
    """The one version (py/biocards/__init__.py): the wheels', the footer's and /class-server.json's."""
    init = (ROOT / "py" / "biocards" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'^__version__ = "([^"]+)"$', init, re.M).group(1)


def _dist_name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pinned(names: tuple[str, ...]) -> dict[str, str]:
    """The requirements.txt entries (a pin and its hashes) of ``names``, by name."""
    text = (ROOT / "requirements.txt").read_text(encoding="utf-8")
    found = {_dist_name(entry.group(1)): entry.group(0)
             for entry in re.finditer(r"^([A-Za-z0-9._-]+)==[^\n]*(?:\n[ \t]+[^\n]*)*", text, re.M)
             if _dist_name(entry.group(1)) in names}
    if missing := sorted(set(names) - set(found)):
        raise SystemExit(f"requirements.txt pins no {', '.join(missing)}")
    return found


def runtime_wheels(python: Path | None = None) -> list[Path]:
    """The pure-Python wheels (py3-none-any) of RUNTIME at requirements.txt's pins, each checked
    against a pinned hash; downloaded once into .cache/release-wheels (by ``python``'s pip: this
    one's by default)."""
    entries = pinned(RUNTIME)

    def cached(name: str) -> Path | None:
        hashes = set(re.findall(r"sha256:([0-9a-f]{64})", entries[name]))
        return next((p for p in sorted(RELEASE_WHEELS.glob("*-none-any.whl"))
                     if _dist_name(p.name.split("-")[0]) == name and sha256(p) in hashes), None)

    if missing := [name for name in RUNTIME if cached(name) is None]:
        log(f"downloading the pure-Python wheels of {', '.join(missing)} from PyPI")
        RELEASE_WHEELS.mkdir(parents=True, exist_ok=True)
        wanted = RELEASE_WHEELS / "requirements.txt"
        wanted.write_text("\n".join(entries[name] for name in missing) + "\n", encoding="utf-8")
        run(python or sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
            "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--python-version", "3.11",
            "--dest", RELEASE_WHEELS, "-r", wanted)
    wheels = [cached(name) for name in RUNTIME]
    if None in wheels:
        raise SystemExit("a pure-Python wheel of the class server's dependencies does not match its pinned hash")
    return wheels


def release(out: Path = RELEASE) -> list[Path]:
    """Write the release into ``out``: the wheel and the sdist (the biocards package with the built
    site as biocards/site and the ``biocards`` command, release/pyproject.toml) and biocards.pyz
    (the same package, with the dependencies' pure-Python wheels, as one zipapp)."""
    if needs_build():
        build()
    python = ensure_venv()
    deps = runtime_wheels()
    stage = CACHE / f"release-{os.getpid()}"  # beside dist/, to link its files; one per build
    shutil.rmtree(stage, ignore_errors=True)
    package = stage / "project" / "biocards"
    shutil.copytree(ROOT / "py" / "biocards", package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(DIST, package / "site", copy_function=os.link)  # same disk: no 24 MB copy
    shutil.copy2(RELEASE_PROJECT / "pyproject.toml", stage / "project" / "pyproject.toml")
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("biocards-*.whl"), *out.glob("biocards-*.tar.gz"), out / "biocards.pyz"]:
        old.unlink(missing_ok=True)
    log(f"building biocards {version()}: the wheel and the sdist")
    made = subprocess.run(
        [str(python), "-c", "import sys; from flit_core import buildapi; "
                            "print(buildapi.build_wheel(sys.argv[1])); print(buildapi.build_sdist(sys.argv[1]))",
         str(out)], cwd=stage / "project", check=True, capture_output=True, text=True,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1580601600"}).stdout.split()
    wheel, sdist = out / made[-2], out / made[-1]
    for built in (wheel, sdist):
        built.chmod(0o644)  # flit writes them 0600
    log("building biocards.pyz")
    pyz = stage / "pyz"
    pyz.mkdir()
    shutil.copytree(package, pyz / "biocards", copy_function=os.link)
    (pyz / "wheels").mkdir()
    for dep in deps:
        os.link(dep, pyz / "wheels" / dep.name)
    shutil.copy2(RELEASE_PROJECT / "pyz_main.py", pyz / "__main__.py")
    # Its unpacked copy is named by this: another build never runs from this one's folder.
    (pyz / "BUILD").write_text(f"{version()}-{fingerprint(wheel, *deps)[:16]}\n")
    zipapp.create_archive(pyz, out / "biocards.pyz", interpreter="/usr/bin/env python3", compressed=True)
    shutil.rmtree(stage)
    made = [wheel, sdist, out / "biocards.pyz"]
    for path in made:
        log(f"{path}: {path.stat().st_size / 1e6:.1f} MB")
    return made


# -- test and bench --------------------------------------------------------------------------------

def test(pytest_args: list[str]) -> int:
    ensure_browsers()
    # Bytecode is kept in .cache/pycache (out of the tree) even where the environment sets
    # PYTHONDONTWRITEBYTECODE: the suite starts dozens of Python processes (class servers, the
    # release, the command line), and without a cache each compiled aiohttp, pytest and the rest
    # again (measured: tests/unit/test_class_server.py 14.6 s of CPU without, 8.1 s with).
    env = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
           "PYTHONPATH": str(ROOT / "py"), "BIOCARDS_DIST": str(DIST),
           "PYTHONPYCACHEPREFIX": str(ROOT / ".cache" / "pycache")}

    def prepare(python: Path) -> None:
        """While the build waits on npm and compiles: the release tests' pure-Python wheels (on a
        fresh clone, downloading them in the release test's fixture took 17-20 s instead of 8), and
        one collection of the suite, which leaves pytest's rewritten test modules and every
        module's bytecode in the cache (each pytest worker collects the whole suite; on a fresh
        clone both rewrote and compiled it all at once, 12 s before the first test, instead of 5)."""
        runtime_wheels(python)
        subprocess.run([str(python), "-m", "pytest", "--collect-only", "-q", "-p", "no:xdist"], cwd=ROOT, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    build(meanwhile=prepare)
    # One pytest worker per core (pytest-xdist): the property and browser tests are CPU-bound.
    code = subprocess.run([str(venv_python()), "-m", "pytest", "-n", "auto", "--dist", "worksteal", *pytest_args],
                          cwd=ROOT, env=env).returncode
    if code == 5:
        print("pytest collected no tests: that is a failure here", file=sys.stderr)
        return 1
    return code


CLASS_STUDENTS = "1000"
"""The class section's target: a school of 1,000 students on this machine (--quick: 100)."""


def bench_class(env: dict, quick: bool, students: str | None, seconds: float | None) -> dict:
    """The class server under simulated students (tests/class_load.py): its own processes, loopback."""
    students = students or ("100" if quick else CLASS_STUDENTS)
    seconds = seconds or (20 if quick else 60)
    out = subprocess.run([str(venv_python()), str(ROOT / "tests" / "class_load.py"), "--students", students,
                          "--seconds", str(seconds)], env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
    return json.loads(out)


def bench(quick: bool, search_games: int | None = None, class_only: bool = False,
          class_students: str | None = None, class_seconds: float | None = None) -> int:
    if not class_only:  # the class section drives no browser
        ensure_browsers(("/usr/bin/chromium",))  # the bench measures in Chromium only
    if needs_build():  # its log goes to stderr: the bench's standard output is one JSON object
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], stdout=sys.stderr, check=True)
    env = {**os.environ, "PYTHONPATH": f"{ROOT / 'py'}{os.pathsep}{ROOT / 'tests'}",
           "BIOCARDS_DIST": str(DIST), "BIOCARDS_QUIET": "1"}
    if class_only:
        print(json.dumps(bench_class(env, quick, class_students, class_seconds), indent=2))
        return 0
    args = ["--quick"] if quick else []
    page = subprocess.run([str(venv_python()), str(ROOT / "tests" / "bench_page.py"), *args],
                          env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
    if search_games is not None:
        args_engines = [*args, "--search-games", str(search_games)]
    else:
        args_engines = args
    engines = subprocess.run([str(venv_python()), "-m", "biocards.bench", *args_engines],
                             env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
    print(json.dumps({**json.loads(page), **json.loads(engines),
                      **bench_class(env, quick, class_students, class_seconds)}, indent=2))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("build", help="write dist/")
    serve_cmd = sub.add_parser("serve", help="build if needed and run the class server (127.0.0.1)")
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--lan", action="store_true", help="listen on every interface, for students' devices")
    serve_cmd.add_argument("--name", action="append", default=[],
                           help="a host name students' devices use for the server (IP addresses, localhost and "
                                "this machine's name are answered already)")
    serve_cmd.add_argument("--certfile", help="serve HTTPS with this certificate (PEM), with --keyfile")
    serve_cmd.add_argument("--keyfile", help="the certificate's private key (PEM)")
    serve_cmd.add_argument("--proxy", action="append", default=[],
                           help="a reverse proxy's address, whose X-Forwarded-* headers are believed (docs/deploy.md)")
    sub.add_parser("i18n", help="extract messages, update each language's catalog, report its coverage")
    release_cmd = sub.add_parser("release", help="write the wheel, the sdist and biocards.pyz (build if needed)")
    release_cmd.add_argument("--out", type=Path, default=RELEASE, help="the folder for them (default dist-release/)")
    test_cmd = sub.add_parser("test", help="install test needs and run every test")
    test_cmd.add_argument("pytest_args", nargs="*", help="extra arguments for pytest")
    bench_cmd = sub.add_parser("bench", help="print performance figures as JSON")
    bench_cmd.add_argument("--quick", action="store_true", help="small samples")
    bench_cmd.add_argument("--search-games", type=int, default=None,
                           help="search-vs-greedy games per game (default 2, none with --quick; 200 for the target)")
    bench_cmd.add_argument("--class-only", action="store_true", help="only the class server under simulated students")
    bench_cmd.add_argument("--class-students", default=None,
                           help="students (default 1000, 100 with --quick), or a rising list: 1000,1500,2000 "
                                "(stops after the step whose p95 passes 250 ms)")
    bench_cmd.add_argument("--class-seconds", type=float, default=None,
                           help="seconds of play per step (default 60, 20 with --quick)")
    args = parser.parse_args(argv)
    if args.command == "build":
        build()
        return 0
    if args.command == "serve":
        serve(args.port, args.lan, args.name,
              [*(f"--{o}={v}" for o in ("certfile", "keyfile") if (v := getattr(args, o))),
               *(f"--proxy={p}" for p in args.proxy)])
        return 0
    if args.command == "i18n":
        translations(ensure_venv(), "update")
        return 0
    if args.command == "release":
        release(args.out.resolve())
        return 0
    if args.command == "test":
        return test(args.pytest_args)
    return bench(args.quick, args.search_games, args.class_only, args.class_students, args.class_seconds)


if __name__ == "__main__":
    sys.exit(main())
