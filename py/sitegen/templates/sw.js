// BioCards service worker: precache the whole site, then answer from the cache first, so a
// classroom can play with no network after one visit. The version changes with every build.
const CACHE = "biocards-__VERSION__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  // cache: "reload" skips the HTTP cache, so a host's max-age cannot put last build's files
  // (an old wheel) into this build's cache.
  const fresh = FILES.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // Keep the build just before this one: a page of it may still be booting and will ask for its
  // own wheel (a folder named by the wheel's hash) that only that cache holds. Older ones go.
  event.waitUntil(
    caches.keys()
      .then((keys) => keys.filter((k) => k.startsWith("biocards-") && k !== CACHE).slice(0, -1))
      .then((stale) => Promise.all(stale.map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function answer(request) {
  const current = await caches.open(CACHE);
  const hit = await current.match(request, { ignoreSearch: true });
  if (hit) return hit;
  // Not in this build: the previous build's page asking for its own files, else the network.
  return (await caches.match(request, { ignoreSearch: true })) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || new URL(event.request.url).origin !== self.location.origin) return;
  event.respondWith(answer(event.request));
});
