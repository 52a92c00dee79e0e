// Hand the play page Pyodide's wasm compiled, off the page's thread: the copy an earlier visit kept
// in Cache Storage, or else a download. Compiling streams the bytes through the thread that fetched
// them; on the page that was 90–115 ms of a cold boot, and it held up the page's module loading
// and Pyodide's start behind it. A compiled WebAssembly.Module posts to the page without a copy.
//
// The worker's name (not its URL's query, which a service worker's cached answer loses: see
// snapshot-worker.js) names the wasm (`url`), the cache that keeps it (`cache`; empty: nothing is
// kept) and the BroadcastChannel on which it says it is done (`announce`: the snapshot's workers
// wait for that to inflate, see snapshot-worker.js), so the work begins as soon as this script
// runs. A downloaded copy goes into that cache, with its manifest last (kept-copy.js), once the
// page says its restore worked ("keep"); a page that could not restore terminates this worker
// instead. A kept copy that does not match its manifest is dropped and downloaded again.
importScripts("kept-copy.js");

const params = new URLSearchParams(self.name);
const wasmURL = new URL(params.get("url"), self.location.href).href;
const cacheName = self.caches ? params.get("cache") : null;
let toKeep = null;

// The kept copy compiled, while a copy of its bytes is checked against its manifest (the compile
// streams from the cache entry itself, which is what lets the browser reuse the code it compiled
// before); null if it is not whole.
async function compileKept({ copy, manifest }) {
  try {
    const whole = copy.clone().arrayBuffer().then((bytes) => matchesManifest(cacheName, wasmURL, bytes, manifest));
    const [module, ok] = await Promise.all([WebAssembly.compileStreaming(copy), whole]);
    return ok ? module : null;
  } catch {
    await dropCopy(cacheName, wasmURL);
    return null;
  }
}

// Both at once: a slow Cache Storage must not hold up the download, and a kept copy makes the
// download needless (should it prove not whole, the wasm is downloaded after all).
async function compileWasm() {
  const download = new AbortController();
  let downloading = fetch(wasmURL, { signal: download.signal });
  downloading.catch(() => {});
  const kept = cacheName && await keptCopy(cacheName, wasmURL);
  if (kept) {
    download.abort();
    const module = await compileKept(kept);
    if (module) return module;
    downloading = fetch(wasmURL);
  }
  const response = await downloading;
  if (!response.ok) throw new Error(`${response.status} ${wasmURL}`);
  if (cacheName) toKeep = response.clone();
  return WebAssembly.compileStreaming(response);
}

function announce() {
  const name = params.get("announce");
  if (!name || !self.BroadcastChannel) return;
  const channel = new BroadcastChannel(name);
  channel.postMessage("settled");
  channel.close();
}

async function send() {
  try {
    const module = await compileWasm();
    self.postMessage({ module, keeping: Boolean(toKeep) });
    if (!toKeep) self.close();  // nothing to keep
  } catch (error) {
    toKeep = null;
    self.postMessage({ error: String(error) });
  } finally {
    announce();
  }
}

self.onmessage = async ({ data }) => {
  if (data !== "keep" || !toKeep) return;
  try {
    await keepCopy(cacheName, wasmURL, await toKeep.arrayBuffer(), "application/wasm");
  } finally {
    self.postMessage("kept");
    self.close();
  }
};

send();
