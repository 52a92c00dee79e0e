// BioCards service worker: precache the whole site, then answer from the cache first, so a
// classroom can play with no network after one visit. The version changes with every build.
const CACHE = "biocards-__VERSION__";
const FILES = __FILES__;
const RUNTIME = "biocards-runtime-";

self.addEventListener("install", (event) => {
  // cache: "reload" skips the HTTP cache, so a host's max-age cannot put last build's files
  // (an old wheel) into this build's cache.
  const fresh = FILES.map((url) => new Request(url, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  // Keep the build just before this one: a page of it may still be booting and will ask for its
  // own wheel (a folder named by the wheel's hash) that only that cache holds. Older ones go. The
  // play page's kept runtime (biocards-runtime-…) is the page's to manage, not counted here.
  event.waitUntil(
    caches.keys()
      .then((keys) => keys.filter((k) => k.startsWith("biocards-") && !k.startsWith(RUNTIME) && k !== CACHE).slice(0, -1))
      .then((stale) => Promise.all(stale.map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function answer(request) {
  const current = await caches.open(CACHE);
  const hit = await current.match(request, { ignoreSearch: true });
  if (hit) return hit;
  // Not in this build: the previous build's page asking for its own files, else the network. Only
  // the sites' own caches: the page's kept runtime holds inflated snapshot parts, under keys that
  // differ from the shipped files' by a query alone.
  for (const name of await caches.keys()) {
    if (!name.startsWith("biocards-") || name.startsWith(RUNTIME)) continue;
    const previous = await (await caches.open(name)).match(request, { ignoreSearch: true });
    if (previous) return previous;
  }
  return fetch(request);
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || new URL(event.request.url).origin !== self.location.origin) return;
  event.respondWith(answer(event.request));
});
