"""build.patch_pyodide_glue: the four changes the build makes to Pyodide's JavaScript glue."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

# Emscripten's function, as the vendored Pyodide ships it, with the signature encoding elided.
CONVERT = ("var convertJsFunctionToWasm=(func,sig)=>{var bytes=Uint8Array.of(0,97,115,109,...pack(sig));"
           "var module=new WebAssembly.Module(bytes);var instance=new WebAssembly.Instance(module,{e:{f:func}});"
           "return instance.exports[\"f\"]};")
# The end of Pyodide's restoreSnapshot, as the vendored Pyodide ships it (minified names).
RESTORE = "let s=(new TextDecoder).decode(i),l=JSON.parse(s);return Module.HEAP8.set(t),l};"
# Pyodide's syncSleep memory, as the vendored Pyodide ships it.
SLEEP = "var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
# Emscripten's updateGOT, as the vendored Pyodide ships it.
UPDATE_GOT = ("var updateGOT=(exports,replace)=>{for(var symName in exports){if(isInternalSym(symName)){continue}"
              "var value=exports[symName];var existingEntry=GOT[symName]&&GOT[symName].value!=-1;"
              "if(replace||!existingEntry){var newValue;if(typeof value==\"function\"){newValue=addFunction(value)}"
              "else if(typeof value.value==\"number\"){newValue=value}else{continue}"
              "GOT[symName]??=new WebAssembly.Global({value:\"i32\",mutable:true});GOT[symName].value=newValue}}};")
GLUE = CONVERT + RESTORE + UPDATE_GOT + SLEEP


def test_the_wrapper_module_is_compiled_once_per_signature_and_the_rest_of_the_glue_is_untouched():
    glue = "var before=1;" + CONVERT + "var after=2;" + RESTORE + UPDATE_GOT + SLEEP
    patched = build.patch_pyodide_glue(glue)
    assert patched.startswith("var before=1;var wrapperModules=new Map;")
    assert ("var module=wrapperModules.get(sig);if(!module){module=new WebAssembly.Module("
            "Uint8Array.of(0,97,115,109,...pack(sig)));wrapperModules.set(sig,module)}"
            "var instance=new WebAssembly.Instance(module,{e:{f:func}});") in patched
    assert 'return instance.exports["f"]};var after=2;' in patched


def test_a_restore_copies_the_heap_through_the_loaders_restore_heap_when_it_passes_one():
    patched = build.patch_pyodide_glue(GLUE)
    assert ("let s=(new TextDecoder).decode(i),l=JSON.parse(s);return(API.config._restoreHeap?"
            "API.config._restoreHeap(Module.HEAP8,t):Module.HEAP8.set(t)),l};") in patched


def test_a_page_that_is_not_cross_origin_isolated_builds_no_shared_memory():
    """Issue 43: Chromium's one deprecation on the play page (SharedArrayBufferConstructedWithoutIsolation)
    came from the shared memory Pyodide's syncSleep builds at load; only an isolated page builds it now."""
    patched = build.patch_pyodide_glue(GLUE)
    assert patched.endswith("var io=(globalThis.crossOriginIsolated?new Int32Array(new WebAssembly.Memory("
                            "{shared:!0,initial:1,maximum:1}).buffer):new Int32Array(1));")


def test_the_loader_fills_the_got_entries_asked_for_and_gives_no_other_export_a_table_slot():
    """The wasm asks for 280 of its 8,500 exports through its GOT: only those get an entry and a
    table slot at a start. A side module's exports, loaded with `replace`, still all go in."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is needed to run the glue (python3 build.py installs it)")
    patched = build.patch_pyodide_glue(GLUE)
    update_got = patched[patched.index("var updateGOT="):patched.index("var io=")]
    script = (
        'var GOT = {asked: new WebAssembly.Global({value: "i32", mutable: true}, -1)};'
        "var slots = 0; var addFunction = () => ++slots; var isInternalSym = (name) => name === 'memory';"
        + update_got
        + "updateGOT({memory: {}, other: () => 2, asked: () => 1, alsoOther: () => 3});"
        "var start = {entries: Object.keys(GOT), asked: GOT.asked.value, slots};"
        "updateGOT({late: () => 4}, true);"
        "console.log(JSON.stringify({start, late: GOT.late.value}));")
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(done.stdout) == {"start": {"entries": ["asked"], "asked": 1, "slots": 1}, "late": 2}


@pytest.mark.parametrize("times", [0, 2])
@pytest.mark.parametrize("part, what", [(CONVERT, "convertJsFunctionToWasm"), (RESTORE, "restoreSnapshot"),
                                        (UPDATE_GOT, "updateGOT's walk over every export"),
                                        (SLEEP, "the shared memory of syncSleep")])
def test_a_glue_that_does_not_read_as_expected_fails_the_build(part, what, times):
    glue = GLUE.replace(part, part * times)
    with pytest.raises(SystemExit, match=f"expected {what}.* found it {times} times"):
        build.patch_pyodide_glue(glue)


def test_the_glue_shipped_in_dist_is_the_vendored_one_patched():
    shipped = Path(os.environ.get("BIOCARDS_DIST", ROOT / "dist")) / "vendor" / "pyodide" / "pyodide.asm.mjs"
    vendored = build.NPM / "node_modules" / "pyodide" / "pyodide.asm.mjs"
    if not (shipped.exists() and vendored.exists()):
        pytest.skip("dist/ is not built")
    # Compared as one truth value: pytest's diff of two different 1.25 MB one-line texts takes minutes.
    same = shipped.read_text(encoding="utf-8") == build.patch_pyodide_glue(vendored.read_text(encoding="utf-8"))
    assert same, f"{shipped} is not the vendored glue as build.patch_pyodide_glue makes it: rebuild dist/"
