// Hand the play page a part of its memory snapshot (about 6 MB of heap, zero pages left out) off
// the main thread, without a copy: the part an earlier visit kept in Cache Storage, or else the
// part downloaded (2 MB of gzip) and inflated here. Reading or inflating on the page held up
// PyScript's start.
//
// A part downloaded here goes into Cache Storage, in the cache and under the key the page names
// for this build, once the page says the restore worked ("keep"), so that the next visit reads it
// back instead. A page that could not restore the snapshot terminates this worker instead.
let packed = null;
let cacheName = null;
let keptKey = null;

async function keptPart() {
  try {
    const response = await (await self.caches.open(cacheName)).match(keptKey);
    return response ? await response.arrayBuffer() : null;
  } catch {
    return null;  // no kept part to be had: download it
  }
}

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
    const kept = cacheName && await keptPart();
    if (kept) {
      self.postMessage({ packed: kept, kept: true }, [kept]);
      self.close();  // nothing to keep: it is kept already
      return;
    }
    const response = await fetch(data.url);
    if (!response.ok) throw new Error(`${response.status} ${data.url}`);
    packed = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    // A copy stays here to be kept: the page's thread is spared one. Sent only if it will be.
    const bytes = cacheName ? packed.slice(0) : packed;
    self.postMessage({ packed: bytes, kept: false }, [bytes]);
    if (!cacheName) self.close();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
