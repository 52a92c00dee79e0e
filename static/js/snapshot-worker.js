// Fetch and inflate the play page's memory snapshot off the main thread (31 MB of heap from 5 MB
// of gzip), then hand the bytes over without a copy. Inflating on the page held up PyScript's start.
//
// A copy waits here until the page says the restore worked ("keep"): then it goes into Cache
// Storage, in the cache the page names for this build, so the next visit reads it back instead of
// inflating again. A page that could not restore it terminates this worker instead.
let copy = null;
let cacheName = null;

self.onmessage = async ({ data }) => {
  if (data === "keep") {
    try {
      const cache = await self.caches.open(cacheName);
      await cache.put(`${self.snapshotURL}?inflated`,
                      new Response(copy, { headers: { "Content-Type": "application/octet-stream" } }));
    } finally {
      self.close();
    }
    return;
  }
  try {
    self.snapshotURL = data.url;
    cacheName = self.caches ? data.cache : null;
    const response = await fetch(data.url);
    if (!response.ok) throw new Error(`${response.status} ${data.url}`);
    const bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    copy = cacheName ? bytes.slice(0) : null;
    self.postMessage({ bytes }, [bytes]);
    if (!cacheName) self.close();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
