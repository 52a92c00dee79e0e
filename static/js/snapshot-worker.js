// Fetch and inflate the play page's memory snapshot off the main thread (31 MB of heap from 5 MB
// of gzip), then hand the bytes over without a copy. Inflating on the page held up PyScript's start.
//
// When the page says the restore worked ("keep"), the snapshot is inflated once more (from the
// HTTP cache, after the boot, rather than copying 31 MB before it) into Cache Storage, in the
// cache and under the key the page names for this build, so the next visit reads it back instead of inflating again.
// A page that could not restore it terminates this worker instead.
let snapshotURL = null;
let cacheName = null;
let keptKey = null;

async function inflated(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${response.status} ${url}`);
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

self.onmessage = async ({ data }) => {
  if (data === "keep") {
    try {
      const cache = await self.caches.open(cacheName);
      await cache.put(keptKey,
                      new Response(await inflated(snapshotURL), { headers: { "Content-Type": "application/octet-stream" } }));
    } finally {
      self.close();
    }
    return;
  }
  try {
    snapshotURL = data.url;
    cacheName = self.caches ? data.cache : null;
    keptKey = data.key;
    const bytes = await inflated(snapshotURL);
    self.postMessage({ bytes }, [bytes]);
    if (!cacheName) self.close();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
