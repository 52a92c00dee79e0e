// A copy kept for the next visit (a snapshot part, Pyodide's wasm), written so that a write cut
// short (a tab closed mid-write, a browser that quit) is never read back as whole: the copy first,
// then a small manifest of its size and SHA-256, last. A reader trusts a copy only when its
// manifest is there and the bytes match it; anything else is dropped, and the worker downloads
// this build's file instead.
//
// Where: a folder of the origin private file system (OPFS), named by the build, each copy read
// whole with a synchronous access handle in the worker's own thread: 13 MB in about 15 ms, where
// Cache Storage took about 110 ms to hand the same bytes over from the browser's process (issue 44,
// docs/boot.md). A browser whose OPFS is missing or refused (a private window, WebKit driven by
// its WebDriver) keeps them in a Cache Storage cache of the same name instead.
//
// Each worker names this file in an import line; the build writes the file into the worker's
// script in place of that line (build.py, `inline_kept_copy`): a second script, loaded
// synchronously, held up each worker's start by about 20 ms on every visit.

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const manifestName = (key) => `${key}.manifest`;

/** Kept copies in an OPFS folder: `key` is a file's name. */
class KeptFolder {
  constructor(folder) {
    this.folder = folder;
  }

  /** The copy's bytes and its manifest, or null when either is missing or another tab is writing. */
  async read(key) {
    const [file, manifest] = await Promise.all([key, manifestName(key)].map((name) => this.folder.getFileHandle(name)));
    const [{ size, sha256 }, handle] = await Promise.all([
      manifest.getFile().then((written) => written.text()).then(JSON.parse),
      // Read-only: two tabs may read at once (a browser that does not know the mode takes the lock).
      file.createSyncAccessHandle({ mode: "read-only" }),
    ]);
    try {
      const bytes = new ArrayBuffer(handle.getSize());
      handle.read(new Uint8Array(bytes), { at: 0 });
      return { bytes, manifest: { size, sha256 } };
    } finally {
      handle.close();
    }
  }

  async write(key, bytes, manifest) {
    // The copy's handle first: if another tab holds it, nothing is touched.
    const copy = await this.open(key);
    await this.folder.removeEntry(manifestName(key)).catch(() => {});
    KeptFolder.overwrite(copy, new Uint8Array(bytes));
    KeptFolder.overwrite(await this.open(manifestName(key)), new TextEncoder().encode(manifest));
  }

  async open(name) {
    return (await this.folder.getFileHandle(name, { create: true })).createSyncAccessHandle();
  }

  /** The file behind `handle` holds `bytes` and nothing else, on disk; the handle is closed. */
  static overwrite(handle, bytes) {
    try {
      handle.truncate(0);
      handle.write(bytes, { at: 0 });
      handle.flush();
    } finally {
      handle.close();
    }
  }

  async drop(key) {
    await this.folder.removeEntry(manifestName(key)).catch(() => {});
    await this.folder.removeEntry(key).catch(() => {});
  }
}

/** Kept copies in a Cache Storage cache, each under a URL beside this worker's script. */
class KeptCache {
  constructor(cache) {
    this.cache = cache;
  }

  static url(key) {
    return new URL(`kept/${key}`, self.location.href).href;
  }

  async read(key) {
    const url = KeptCache.url(key);
    const [copy, manifest] = await Promise.all([this.cache.match(url), this.cache.match(manifestName(url))]);
    if (!copy || !manifest) return null;
    return { bytes: await copy.arrayBuffer(), manifest: await manifest.json() };
  }

  async write(key, bytes, manifest) {
    const url = KeptCache.url(key);
    await this.cache.delete(manifestName(url));
    await this.cache.put(url, new Response(bytes));
    await this.cache.put(manifestName(url), new Response(manifest, { headers: { "Content-Type": "application/json" } }));
  }

  async drop(key) {
    const url = KeptCache.url(key);
    await this.cache.delete(manifestName(url));
    await this.cache.delete(url);
  }
}

/** Where this build's copies are kept (`name`: the build's kept runtime, see runtime-fetch.mjs),
 *  or null when nothing can be kept here. */
async function keptStore(name) {
  if (!name) return null;
  if (self.FileSystemSyncAccessHandle && navigator.storage?.getDirectory) {
    try {
      return new KeptFolder(await (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true }));
    } catch {
      // refused: Cache Storage instead
    }
  }
  try {
    return self.caches ? new KeptCache(await caches.open(name)) : null;
  } catch {
    return null;
  }
}

/** The copy kept under `key`, if any: its bytes at once, and `whole()`, which checks them against
 *  its manifest (a copy that does not match is dropped, and the next keep rewrites it). The check
 *  is the caller's to start: the wasm's worker first hands the bytes to the compiler, which works
 *  on other threads, then hashes them on its own (the hash would otherwise run first, about 20 ms
 *  on a second visit's critical path). */
async function readKept(store, key) {
  const kept = await store?.read(key).catch(() => null);
  if (!kept) return null;
  const { bytes, manifest } = kept;
  const whole = () => (async () => bytes.byteLength === manifest.size && await sha256Hex(bytes) === manifest.sha256)()
    .catch(() => false)
    .then(async (matches) => matches || (await dropKept(store, key), false));
  return { bytes, whole };
}

/** Keep `bytes` (an ArrayBuffer) under `key`: the copy, then its manifest. */
async function keepCopy(store, key, bytes) {
  const manifest = JSON.stringify({ size: bytes.byteLength, sha256: await sha256Hex(bytes) });
  await store.write(key, bytes, manifest);
}

async function dropKept(store, key) {
  try {
    await store.drop(key);
  } catch {
    // nothing to drop, or no storage: the next keep rewrites both
  }
}
