// Hand the play page a part of its memory snapshot (12 MB of heap in one part, zero pages left
// out) off the main thread, without a copy: the part an earlier visit kept (kept-copy.js), or
// else the part downloaded (4.3 MB of gzip) and inflated here. Reading or inflating on the page
// held up PyScript's start.
//
// The worker's name names the part (`part`), and the build's store and the key under which an
// earlier visit kept it (`cache`, `key`; no cache: nothing is kept). So the work begins as soon as
// this script runs: a message from the page would first wait for the page's thread, busy starting
// Pyodide. Its name, not its URL's query: a service worker may answer the script's URL with the
// cached script, whose URL (which becomes this worker's location) has no query.
// A part downloaded here is kept once the page says the restore worked ("keep"), so that the next
// visit reads it back instead, after checking it whole against its manifest (kept-copy.js); a
// kept part that is not whole is dropped and downloaded again. A page that could not restore the
// snapshot terminates this worker instead.
//
// A downloaded part is inflated once Pyodide's wasm is compiled (`after` names the
// BroadcastChannel that says so, see wasm-worker.js): the two want the same spare core, and the
// page needs the wasm first (it instantiates and links it, some 200 ms, before it reads the heap).
// Inflating alongside the compile made both late; the download itself still starts at once.
importScripts("kept-copy.js");

const params = new URLSearchParams(self.name);
const partURL = new URL(params.get("part"), self.location.href).href;
const store = keptStore(params.get("cache"));
const keptKey = params.get("key");
let packed = null;

// Resolves when the wasm is compiled or could not be (said by the wasm's worker, and again by the
// page once it has the answer). Waiting only orders the work, so a part never waits for it more
// than a second after its download.
const wasmSettled = new Promise((resolve) => {
  const name = params.get("after");
  if (!name || !self.BroadcastChannel) return resolve();
  const channel = new BroadcastChannel(name);
  channel.onmessage = () => {
    channel.close();
    resolve();
  };
});
const atMost = (ms, promise) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms))]);

// The part an earlier visit kept, checked whole; else null (download it).
async function keptPart() {
  const kept = await readKept(await store, keptKey);
  return kept && await kept.whole() ? kept.bytes : null;
}

async function send() {
  try {
    const kept = await keptPart();
    if (kept) {
      self.postMessage({ packed: kept, kept: true, keeping: false }, [kept]);
      self.close();  // nothing to keep: it is kept already
      return;
    }
    const response = await fetch(partURL);
    if (!response.ok) throw new Error(`${response.status} ${partURL}`);
    // Downloaded into a blob, which the browser fills without this thread's help.
    const gzipped = await response.blob();
    await atMost(1000, wasmSettled);
    packed = await new Response(gzipped.stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    // A copy stays here to be kept: the page's thread is spared one. Sent only if it will be.
    const keeping = Boolean(await store);
    const bytes = keeping ? packed.slice(0) : packed;
    self.postMessage({ packed: bytes, kept: false, keeping }, [bytes]);
    if (!keeping) self.close();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
}

self.onmessage = async ({ data }) => {
  if (data !== "keep" || !packed) return;
  try {
    await keepCopy(await store, keptKey, packed);
  } catch {
    // not kept (no room, or another tab writing it): the next visit downloads it again
  } finally {
    self.postMessage("kept");
    self.close();
  }
};

send();
