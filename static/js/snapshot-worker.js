// Hand the play page a part of its memory snapshot (about 6 MB of heap, zero pages left out) off
// the main thread, without a copy: the part an earlier visit kept in Cache Storage, or else the
// part downloaded (2 MB of gzip) and inflated here. Reading or inflating on the page held up
// PyScript's start.
//
// The worker's URL names the part (`part`), and the cache and key under which an earlier visit
// kept it (`cache`, `key`; no cache: nothing is kept). So the work begins as soon as this script
// runs: a message from the page would first wait for the page's thread, busy starting Pyodide.
// A part downloaded here goes into that cache once the page says the restore worked ("keep"), so
// that the next visit reads it back instead. A page that could not restore the snapshot
// terminates this worker instead.
const params = new URLSearchParams(self.location.search);
const partURL = new URL(params.get("part"), self.location.href).href;
const cacheName = self.caches ? params.get("cache") : null;
const keptKey = params.get("key");
let packed = null;

async function keptPart() {
  try {
    const response = await (await self.caches.open(cacheName)).match(keptKey);
    return response ? await response.arrayBuffer() : null;
  } catch {
    return null;  // no kept part to be had: download it
  }
}

async function send() {
  try {
    const kept = cacheName && await keptPart();
    if (kept) {
      self.postMessage({ packed: kept, kept: true }, [kept]);
      self.close();  // nothing to keep: it is kept already
      return;
    }
    const response = await fetch(partURL);
    if (!response.ok) throw new Error(`${response.status} ${partURL}`);
    packed = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    // A copy stays here to be kept: the page's thread is spared one. Sent only if it will be.
    const bytes = cacheName ? packed.slice(0) : packed;
    self.postMessage({ packed: bytes, kept: false }, [bytes]);
    if (!cacheName) self.close();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
}

self.onmessage = async ({ data }) => {
  if (data !== "keep" || !packed) return;
  try {
    const cache = await self.caches.open(cacheName);
    await cache.put(keptKey, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
  } finally {
    self.close();
  }
};

send();
