// Hand the play page Pyodide's wasm compiled, off the page's thread: the copy an earlier visit kept
// in Cache Storage, or else a download. Compiling streams the bytes through the thread that fetched
// them; on the page that was 90–115 ms of a cold boot, and it held up the page's module loading
// and Pyodide's start behind it. A compiled WebAssembly.Module posts to the page without a copy.
//
// The worker's URL names the wasm (`url`), the cache that keeps it (`cache`; empty: nothing is
// kept) and the BroadcastChannel on which it says it is done (`announce`: the snapshot's workers
// wait for that to inflate, see snapshot-worker.js), so the work begins as soon as this script
// runs. A downloaded copy goes into that cache once the page says its restore worked ("keep"); a
// page that could not restore terminates this worker instead.
const params = new URLSearchParams(self.location.search);
const wasmURL = new URL(params.get("url"), self.location.href).href;
const cacheName = self.caches ? params.get("cache") : null;
let toKeep = null;

async function kept() {
  try {
    return (await (await self.caches.open(cacheName)).match(wasmURL)) ?? null;
  } catch {
    return null;  // no kept copy to be had: the download serves
  }
}

// Both at once: a slow Cache Storage must not hold up the download, and a kept copy, once found,
// makes the download needless.
async function wasmResponse() {
  const download = new AbortController();
  const downloading = fetch(wasmURL, { signal: download.signal });
  downloading.catch(() => {});
  const keptCopy = cacheName && await kept();
  if (keptCopy) {
    download.abort();
    return keptCopy;
  }
  const response = await downloading;
  if (!response.ok) throw new Error(`${response.status} ${wasmURL}`);
  if (cacheName) toKeep = response.clone();
  return response;
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
    const module = await WebAssembly.compileStreaming(await wasmResponse());
    self.postMessage({ module });
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
    await (await self.caches.open(cacheName)).put(wasmURL, toKeep);
  } finally {
    self.close();
  }
};

send();
