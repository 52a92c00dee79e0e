"""build.patch_pyodide_glue: the three changes the build makes to Pyodide's JavaScript glue."""

from __future__ import annotations

import os
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
GLUE = CONVERT + RESTORE + SLEEP


def test_the_wrapper_module_is_compiled_once_per_signature_and_the_rest_of_the_glue_is_untouched():
    glue = "var before=1;" + CONVERT + "var after=2;" + RESTORE + SLEEP
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


@pytest.mark.parametrize("times", [0, 2])
@pytest.mark.parametrize("part, what", [(CONVERT, "convertJsFunctionToWasm"), (RESTORE, "restoreSnapshot"),
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
