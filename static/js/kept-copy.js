// A copy kept in Cache Storage for the next visit (a snapshot part, Pyodide's wasm), written so
// that a write cut short (a tab closed mid-write, a browser that quit) is never read back as
// whole: the copy first, then a small manifest of its size and SHA-256, last. A reader trusts a
// copy only when its manifest is there and the bytes match it; anything else is dropped, and the
// worker downloads this build's file instead. Loaded by the workers with importScripts.

/** Where a kept copy's manifest is kept: beside the copy, under its own key. */
function manifestKey(key) {
  return `${key}${key.includes("?") ? "&" : "?"}manifest`;
}

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Keep `bytes` (an ArrayBuffer) under `key` in cache `cacheName`: any old manifest goes first,
 *  so that no manifest ever stands beside a copy being rewritten. */
async function keepCopy(cacheName, key, bytes, contentType) {
  const cache = await caches.open(cacheName);
  const manifest = JSON.stringify({ size: bytes.byteLength, sha256: await sha256Hex(bytes) });
  await cache.delete(manifestKey(key));
  await cache.put(key, new Response(bytes, { headers: { "Content-Type": contentType } }));
  await cache.put(manifestKey(key), new Response(manifest, { headers: { "Content-Type": "application/json" } }));
}

/** The kept copy's response and its manifest ({size, sha256}), or null when either is missing. */
async function keptCopy(cacheName, key) {
  try {
    const cache = await caches.open(cacheName);
    const [copy, manifest] = await Promise.all([cache.match(key), cache.match(manifestKey(key))]);
    if (!copy || !manifest) return null;
    return { copy, manifest: await manifest.json() };
  } catch {
    return null;  // no kept copy to be had: the worker downloads
  }
}

/** Whether `bytes` are what the manifest says; if not, the copy and its manifest are dropped. */
async function matchesManifest(cacheName, key, bytes, manifest) {
  if (bytes.byteLength === manifest.size && await sha256Hex(bytes) === manifest.sha256) return true;
  await dropCopy(cacheName, key);
  return false;
}

async function dropCopy(cacheName, key) {
  try {
    const cache = await caches.open(cacheName);
    await cache.delete(manifestKey(key));
    await cache.delete(key);
  } catch {
    // nothing to drop, or no storage: the next keep rewrites both
  }
}
