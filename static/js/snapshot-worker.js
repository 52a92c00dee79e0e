// Fetch and inflate the play page's memory snapshot off the main thread (31 MB of heap from 5 MB
// of gzip), then hand the bytes over without a copy. Inflating on the page held up PyScript's start.
//
// The inflated bytes are kept in Cache Storage, under the snapshot's own name (which carries the
// hash of this build's Pyodide and wheel), so the next visit reads them back instead of inflating
// again; entries of other builds are deleted.
const CACHE = "biocards-snapshot";

self.onmessage = async ({ data: url }) => {
  try {
    const key = `${url}?inflated`;
    const cache = self.caches ? await self.caches.open(CACHE).catch(() => null) : null;
    const kept = cache && await cache.match(key);
    if (kept) {
      const bytes = await kept.arrayBuffer();
      self.postMessage({ bytes, from: "cache" }, [bytes]);
      self.close();
      return;
    }
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${response.status} ${url}`);
    const bytes = await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    const copy = cache ? bytes.slice(0) : null;
    self.postMessage({ bytes, from: "network" }, [bytes]);
    if (cache) {
      // Later, so storing 31 MB does not compete with the restore this visit is making.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
      await cache.put(key, new Response(copy, { headers: { "Content-Type": "application/octet-stream" } }));
    }
    self.close();
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
