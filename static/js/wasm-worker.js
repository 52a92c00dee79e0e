// Hand the play page Pyodide's wasm compiled, off the page's thread: the copy an earlier visit kept
// (kept-copy.js), or else a download. Compiling streams the bytes through the thread that fetched
// them; on the page that was 90–115 ms of a cold boot, and it held up the page's module loading
// and Pyodide's start behind it. A compiled WebAssembly.Module posts to the page without a copy.
//
// The worker's name (not its URL's query, which a service worker's cached answer loses: see
// snapshot-worker.js) names the wasm (`url`), the build's store that keeps it (`cache`; empty:
// nothing is kept) and the BroadcastChannel on which it says it is done (`announce`: the
// snapshot's workers wait for that to inflate, see snapshot-worker.js), so the work begins as soon
// as this script runs. A downloaded copy is kept, with its manifest last (kept-copy.js), once the
// page says its restore worked ("keep"); a page that could not restore terminates this worker
// instead. A kept copy that does not match its manifest is dropped and downloaded again.
importScripts("kept-copy.js");

const params = new URLSearchParams(self.name);
const wasmURL = new URL(params.get("url"), self.location.href).href;
const store = keptStore(params.get("cache"));
const keptKey = "pyodide.asm.wasm";
let toKeep = null;

// The kept copy compiled from its bytes, while the same bytes are checked against its manifest;
// null if they are not whole (or do not compile). Compiled from the bytes read back, not streamed
// from a cache entry with the browser's code cache: measured on a second visit, reading the 9 MB
// of wasm and its cached code back from Cache Storage took longer than reading the bytes and
// compiling them (V8 compiles a function when it is first called). The compile is started first:
// it runs on V8's threads while this one hashes.
async function compileKept({ bytes, whole }) {
  try {
    const compiling = WebAssembly.compile(bytes);
    const [module, matches] = await Promise.all([compiling, whole()]);
    return matches ? module : null;
  } catch {
    await dropKept(await store, keptKey);
    return null;
  }
}

// A store that answers within a kept copy's usual read time decides: a copy found is compiled,
// none starts the download. One slower than that (a busy disk) must not hold up a first visit, so
// the download starts meanwhile and serves if no whole copy turns up. Downloading on every visit
// while the store answered had the browser read the 9 MB out of the service worker's cache for
// nothing, on a second visit's critical path (about 25 ms, issue 44).
const STORE_PATIENCE_MS = 250;

async function compileWasm() {
  const download = new AbortController();
  let downloading = null;
  const startDownload = () => {
    downloading ??= fetch(wasmURL, { signal: download.signal });
    downloading.catch(() => {});
    return downloading;
  };
  const patience = setTimeout(startDownload, STORE_PATIENCE_MS);
  const kept = await readKept(await store, keptKey);
  clearTimeout(patience);
  if (kept) {
    const module = await compileKept(kept);
    if (module) {
      download.abort();
      return module;
    }
  }
  const response = await startDownload();
  if (!response.ok) throw new Error(`${response.status} ${wasmURL}`);
  if (await store) toKeep = response.clone();
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
    await keepCopy(await store, keptKey, await toKeep.arrayBuffer());
  } catch {
    // not kept (no room, or another tab writing it): the next visit downloads it again
  } finally {
    self.postMessage("kept");
    self.close();
  }
};

send();
