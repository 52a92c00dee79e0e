// BioCards service worker: precache what offline play needs, then answer from the cache first, so a
// classroom can play with no network after one visit. The version changes with every build.
const CACHE = "biocards-__VERSION__";
// Each precached file with the first 16 hex digits of its SHA-256 (pages, lessons, rules and the
// snapshot path's runtime).
const FILES = __FILES__;
// This build's other files (the install path's: the whole standard library, micropip, our wheel;
// PyScript modules our pages do not load): kept when a page fetches them.
const LATER = new Set(__LATER__.map((path) => new URL(path, self.location).href));
const RUNTIME = "biocards-runtime-";
// The play page's catalogs of each language with their hashes (locale/<lang>/<domain>.mo), among
// LATER: never downloaded here, kept once this device's page has fetched them (its language).
const CATALOGS = __CATALOGS__;
// Another language's pages, precached only by a worker registered for that language
// (register-sw.js: sw.js?lang=<the reader's>), so an English reader downloads no Spanish page.
const LANGUAGES = __LANGUAGES__;
const LANGUAGE = new URL(self.location).searchParams.get("lang") || "en";
const OWN = { ...FILES, ...(Object.hasOwn(LANGUAGES, LANGUAGE) ? LANGUAGES[LANGUAGE] : {}) };

async function shortHash(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

// The play page's kept copy of Pyodide's wasm, under its file's name in a folder of the origin
// private file system or in a Cache Storage cache (static/js/kept-copy.js); null for any other file.
async function keptByThePage(url) {
  const name = url.split("/").pop();
  if (!name.endsWith(".wasm")) return null;
  const wasm = (body) => new Response(body, { headers: { "Content-Type": "application/wasm" } });
  try {
    for await (const [folder, handle] of (await navigator.storage.getDirectory()).entries()) {
      if (!folder.startsWith(RUNTIME) || handle.kind !== "directory") continue;
      const file = await handle.getFileHandle(name).then((kept) => kept.getFile(), () => null);
      if (file) return wasm(file);
    }
  } catch {
    // no origin private file system here: Cache Storage
  }
  for (const cacheName of await caches.keys()) {
    if (!cacheName.startsWith(RUNTIME)) continue;
    const cache = await caches.open(cacheName);
    const key = (await cache.keys()).find((request) => request.url.endsWith(`/kept/${name}`));
    if (key) return wasm(await (await cache.match(key)).blob());
  }
  return null;
}

// Download once: the page has just fetched most of these files, so the browser's HTTP cache holds
// them ("force-cache" takes a copy there however old), or the play page has kept them (the wasm,
// which a guest window's HTTP cache is too small for). The hash says whether a copy is this
// build's file; only a file found nowhere, or another build's (a host's max-age, a page of last
// build), is fetched again from the server.
async function precache(cache, path, hash) {
  const kept = await keptByThePage(new URL(path, self.location).href);
  if (kept && await shortHash(kept.clone()) === hash) return cache.put(path, kept);
  const cached = await fetch(path, { cache: "force-cache" });  // the network if not in the HTTP cache
  if (cached.ok && await shortHash(cached.clone()) === hash) return cache.put(path, cached);
  const fresh = await fetch(path, { cache: "reload" });
  if (!fresh.ok) throw new Error(`${fresh.status} ${path}`);
  return cache.put(path, fresh);
}

// Where the browser may answer this build's precached files straight from its cache, without
// starting this worker or running its fetch handler (the static routing API, Chromium): each file
// by its exact path and no query, so what needs the handler still reaches it (pages opened with a
// query, the install path's files, another build's). A browser without the API, or one that
// refuses these rules, answers every request with the handler below.
function staticRoutes() {
  const escape = (path) => path.replace(/[\\:*?+(){}]/g, "\\$&");
  return Object.keys(OWN).map((path) => {
    const url = new URL(path, self.location);
    return {
      condition: { urlPattern: {
        protocol: url.protocol.slice(0, -1), hostname: url.hostname, port: url.port,
        pathname: escape(url.pathname), search: "", hash: "*",
      } },
      source: { cacheName: CACHE },
    };
  });
}

self.addEventListener("install", (event) => {
  if (event.addRoutes) event.waitUntil(event.addRoutes(staticRoutes()).catch(() => {}));
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // A folder's URL is answered with its index.html, fetched once for both.
    const todo = Object.entries(OWN).filter(([path]) => !path.endsWith("/"));
    // A few at a time: the wasm and the snapshot are read whole to be hashed.
    const worker = async () => {
      for (let next = todo.shift(); next; next = todo.shift()) await precache(cache, ...next);
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    // The page registers this worker once it has started, so its language's catalogs are in the
    // HTTP cache: kept, and offline play keeps the student's language (nothing else is fetched).
    await Promise.all(Object.entries(CATALOGS).map(async ([path, hash]) => {
      const fetched = await fetch(path, { cache: "only-if-cached", mode: "same-origin" }).catch(() => null);
      if (fetched?.ok && await shortHash(fetched.clone()) === hash) await cache.put(path, fetched);
    }));
    for (const folder of Object.keys(OWN).filter((path) => path.endsWith("/"))) {
      await cache.put(folder, await cache.match(`${folder}index.html`));
    }
    await self.skipWaiting();
  })());
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

// A file of this build that is not precached, fetched and kept the first time a page needs it.
async function fetchAndKeep(request, cache) {
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url.split("?")[0], response.clone());
  return response;
}

// Opened once for every request this worker answers while it runs.
let opened = null;

async function answer(request) {
  opened ??= caches.open(CACHE);
  const current = await opened;
  // Every key here is a URL without a query, so the URL without its query is the key: an exact
  // match finds the file at once, where ignoreSearch would compare every key in the cache.
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  const hit = await current.match(url.href);
  if (hit) return hit;
  // Not in this build: the previous build's page asking for its own files. Only the sites' own
  // caches: the page's kept runtime holds inflated snapshot parts, under keys that differ from
  // the shipped files' by a query alone.
  for (const name of await caches.keys()) {
    if (!name.startsWith("biocards-") || name.startsWith(RUNTIME) || name === CACHE) continue;
    const previous = await (await caches.open(name)).match(request, { ignoreSearch: true });
    if (previous) return previous;
  }
  return LATER.has(request.url.split("?")[0]) ? fetchAndKeep(request, current) : fetch(request);
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET" || new URL(event.request.url).origin !== self.location.origin) return;
  event.respondWith(answer(event.request));
});
