// Download and inflate a part of the play page's memory snapshot off the main thread (about 6 MB
// of heap, zero pages left out, from 2 MB of gzip) and hand the bytes over without a copy.
// Inflating on the page held up PyScript's start.
//
// When the page says the restore worked ("keep"), the inflated bytes go into Cache Storage, in
// the cache and under the key the page names for this build, so the next visit reads them back
// instead of downloading and inflating again. A page that could not restore the snapshot
// terminates this worker instead.
let packed = null;
let cacheName = null;
let keptKey = null;

self.onmessage = async ({ data }) => {
  if (data === "keep") {
    try {
      const cache = await self.caches.open(cacheName);
      await cache.put(keptKey, new Response(packed, { headers: { "Content-Type": "application/octet-stream" } }));
    } finally {
      self.close();
    }
    return;
  }
  try {
    cacheName = self.caches ? data.cache : null;
    keptKey = data.key;
    const response = await fetch(data.url);
    if (!response.ok) throw new Error(`${response.status} ${data.url}`);
    packed = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    // A copy stays here to be kept: the page's thread is spared one. Sent only if it will be.
    const bytes = cacheName ? packed.slice(0) : packed;
    self.postMessage({ packed: bytes }, [bytes]);
    if (!cacheName) self.close();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
