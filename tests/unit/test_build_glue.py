"""build.patch_pyodide_glue: the five changes the build makes to Pyodide's JavaScript glue."""

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
# Emscripten's reportUndefinedSymbols, as the vendored Pyodide ships it.
REPORT_UNDEFINED = (
    "var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){if(entry.value==-1){"
    "var value=resolveGlobalSymbol(symName,true).sym;if(!value&&!entry.required){entry.value=0;continue}"
    "else if(!value){throw new Error(`Dynamic linking error: undefined symbol '${symName}'`)}"
    "if(typeof value==\"function\"){entry.value=addFunction(value,value.sig)}"
    "else if(typeof value==\"number\"){entry.value=value}else if(typeof value.value==\"number\"){entry.value=value}"
    "else{throw new Error(`bad export type for '${symName}': ${typeof value} (${value})`)}}}};")
GLUE = CONVERT + RESTORE + UPDATE_GOT + REPORT_UNDEFINED + SLEEP
# Emscripten's table helpers, as the vendored Pyodide ships them (getFunctionAddress without its
# lazy start), and a wrapper made the way upstream's convertJsFunctionToWasm makes one, counted.
TABLE = (
    "var wasmTable=new WebAssembly.Table({initial:1,element:'anyfunc'});var functionsInTableMap=new WeakMap;"
    "var getFunctionAddress=func=>functionsInTableMap.get(func)||0;"
    "var uleb128EncodeWithLen=arr=>{const n=arr.length;return[n%128|128,n>>7,...arr]};"
    "var wasmTypeCodes={i:127,p:127,j:126,f:125,d:124,e:111};"
    "var generateTypePack=types=>uleb128EncodeWithLen(Array.from(types,type=>{var code=wasmTypeCodes[type];return code}));"
    "var oneByOne=0;var convertJsFunctionToWasm=(func,sig)=>{oneByOne++;var module=new WebAssembly.Module(Uint8Array.of("
    "0,97,115,109,1,0,0,0,1,...uleb128EncodeWithLen([1,96,...generateTypePack(sig.slice(1)),"
    "...generateTypePack(sig[0]===\"v\"?\"\":sig[0])]),2,7,1,1,101,1,102,0,0,7,5,1,1,102,0,0));"
    "return new WebAssembly.Instance(module,{e:{f:func}}).exports.f};"
    "var addFunction=(func,sig)=>{var rtn=getFunctionAddress(func);if(rtn){return rtn}var ret=wasmTable.grow(1);"
    "try{wasmTable.set(ret,func)}catch(err){if(!(err instanceof TypeError)){throw err}"
    "wasmTable.set(ret,convertJsFunctionToWasm(func,sig))}functionsInTableMap.set(func,ret);return ret};"
    "var instances=0;var Instance=WebAssembly.Instance;"
    "WebAssembly.Instance=function(...args){instances++;return new Instance(...args)};")


def test_the_wrapper_module_is_compiled_once_per_signature_and_the_rest_of_the_glue_is_untouched():
    glue = "var before=1;" + CONVERT + "var after=2;" + RESTORE + UPDATE_GOT + REPORT_UNDEFINED + SLEEP
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


def _run_report_undefined_symbols(node: str, glue: str, symbols: str) -> dict:
    """Run the glue's reportUndefinedSymbols over a GOT of unresolved entries, one per symbol in
    `symbols` (a JavaScript object literal); what each entry and its table slot hold after."""
    report = glue[glue.index("var wrapJsFunctions=") if "var wrapJsFunctions=" in glue
                  else glue.index("var reportUndefinedSymbols="):glue.index("var io=")]
    script = (
        TABLE + f"var symbols={symbols};"
        "var GOT=Object.fromEntries(Object.keys(symbols).map((name)=>[name,"
        "Object.assign(new WebAssembly.Global({value:'i32',mutable:true},-1),{required:name!=='optional'})]));"
        "var resolveGlobalSymbol=(name)=>({sym:symbols[name]});"
        + report
        + "var built=instances;reportUndefinedSymbols();"
        "var entries=Object.fromEntries(Object.entries(GOT).map(([name,entry])=>[name,entry.value]));"
        "var calls=Object.fromEntries(Object.entries(entries).filter(([name])=>typeof symbols[name]==='function')"
        ".map(([name,slot])=>[name,wasmTable.get(slot)(20,22)??'nothing']));"
        "console.log(JSON.stringify({entries,calls,instances:instances-built,oneByOne,"
        "jsMapped:Object.keys(symbols).filter((name)=>typeof symbols[name]==='function'&&getFunctionAddress(symbols[name]))}));")
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


# A function asked for under two names (add, alsoAdd), one returning nothing, a number and a
# symbol nothing defines that the wasm can do without.
SYMBOLS = ("(()=>{var add=Object.assign((a,b)=>a+b,{sig:'iii'});return{add,log:Object.assign((a)=>{},{sig:'vi'}),"
           "alsoAdd:add,sub:Object.assign((a,b)=>a-b,{sig:'iii'}),data:1024,optional:null}})()")


def test_the_javascript_functions_the_wasm_asks_for_are_wrapped_by_one_instance_in_upstreams_slots():
    """One instance wraps every JavaScript function the GOT asks for (upstream made one each), the
    slots are handed out in upstream's order, each slot calls its function, and a function asked
    for twice gets one slot."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is needed to run the glue (python3 build.py installs it)")
    ours = _run_report_undefined_symbols(node, build.patch_pyodide_glue(GLUE), SYMBOLS)
    upstreams = _run_report_undefined_symbols(node, REPORT_UNDEFINED + SLEEP, SYMBOLS)
    assert (ours["instances"], ours["oneByOne"]) == (1, 0)
    assert (upstreams["instances"], upstreams["oneByOne"]) == (3, 3)
    assert ours["entries"] == upstreams["entries"] == {
        "add": 1, "log": 2, "alsoAdd": 1, "sub": 3, "data": 1024, "optional": 0}
    assert ours["calls"] == upstreams["calls"] == {"add": 42, "log": "nothing", "alsoAdd": 42, "sub": -2}
    assert ours["jsMapped"] == upstreams["jsMapped"] == ["add", "log", "alsoAdd", "sub"]


def test_a_function_that_cannot_be_wrapped_at_once_takes_upstreams_path():
    """When the one module cannot be made (here a signature whose wasm type does not match the
    function it imports: a wasm function re-exported under another type), every function goes
    upstream's way, one by one, into the same slots."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is needed to run the glue (python3 build.py installs it)")
    # A wasm function (itself a wrapper, of type (i32,i32)->i32) claiming the signature "vi".
    mismatched = SYMBOLS.replace("return{", "var wasmAdd=convertJsFunctionToWasm(add,'iii');oneByOne=0;"
                                            "wasmAdd.sig='vi';return{wasm:wasmAdd,")
    ours = _run_report_undefined_symbols(node, build.patch_pyodide_glue(GLUE), mismatched)
    upstreams = _run_report_undefined_symbols(node, REPORT_UNDEFINED + SLEEP, mismatched)
    assert ours["oneByOne"] == upstreams["oneByOne"] == 3
    assert ours["entries"] == upstreams["entries"]
    assert ours["calls"] == upstreams["calls"]


@pytest.mark.parametrize("times", [0, 2])
@pytest.mark.parametrize("part, what", [(CONVERT, "convertJsFunctionToWasm"), (RESTORE, "restoreSnapshot"),
                                        (UPDATE_GOT, "updateGOT's walk over every export"),
                                        (REPORT_UNDEFINED, "reportUndefinedSymbols"),
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
