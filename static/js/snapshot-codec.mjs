// What the play page's memory snapshot leaves out, and how a restore puts it back. Shared by the
// build (py/sitegen/pyodide_snapshot.mjs, under Node) and the page (static/js/pyodide-boot.mjs).
//
// Most of the first 3.8 MB of Pyodide's memory is the wasm file's own data segments, unchanged
// since instantiation: the page downloads them in pyodide.asm.wasm anyway. So the snapshot's heap
// is stored XORed with the memory as it is right after instantiation ("pristine"): unchanged
// bytes become zeros, and the gzipped snapshot is 1.5 MB smaller. XOR undoes itself, so one
// function encodes at build time and decodes on the page.

// Pyodide's snapshot: a header whose second word is where the heap image starts.
function heapOf(snapshot) {
  const header = new DataView(snapshot.buffer, snapshot.byteOffset, 8);
  return snapshot.subarray(header.getUint32(4, true));
}

export function xorWithPristine(snapshot, pristine) {
  const heap = heapOf(snapshot);
  const words = new Uint32Array(pristine.buffer, pristine.byteOffset, pristine.byteLength >> 2);
  let end = words.length;
  while (end > 0 && words[end - 1] === 0) end--;  // past the data segments the memory is zeros
  const length = Math.min(end * 4, heap.length);
  if (heap.byteOffset % 4 === 0) {  // a word at a time: four times fewer steps on the page
    const into = new Uint32Array(heap.buffer, heap.byteOffset, length >> 2);
    for (let i = 0; i < into.length; i++) into[i] ^= words[i];
    for (let i = into.length * 4; i < length; i++) heap[i] ^= pristine[i];
  } else {
    for (let i = 0; i < length; i++) heap[i] ^= pristine[i];
  }
  return snapshot;
}

// Run `load` (a loadPyodide call) and hand `seen` a copy of the wasm memory at the moment the
// module is instantiated, before any code of it runs: the data segments and nothing else.
// Pyodide instantiates with WebAssembly.instantiateStreaming (browser) or instantiate (Node).
export async function withPristineMemory(load, seen) {
  const { instantiate, instantiateStreaming } = WebAssembly;
  let done = false;
  const grab = (result) => {
    const memory = (result.instance ?? result).exports?.memory;
    if (memory && !done) {
      done = true;
      seen(new Uint8Array(memory.buffer));
    }
    return result;
  };
  WebAssembly.instantiate = (...args) => instantiate.apply(WebAssembly, args).then(grab);
  if (instantiateStreaming) {
    WebAssembly.instantiateStreaming = (...args) => instantiateStreaming.apply(WebAssembly, args).then(grab);
  }
  try {
    return await load();
  } finally {
    WebAssembly.instantiate = instantiate;
    if (instantiateStreaming) WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}
