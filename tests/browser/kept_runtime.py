"""What the play page keeps for a student's next visit (the inflated snapshot's parts and Pyodide's
wasm, each with a manifest written after it: static/js/kept-copy.js), read and damaged from a page
of the site as a test needs: in a folder of the origin private file system, or in a Cache Storage
cache where the browser refuses that. Expressions for any engine's `evaluate`."""

# The functions the scripts below share, on the page: a kept file's bytes, a rewrite, a removal.
_IO = """
const keptFolder = (name) => navigator.storage.getDirectory().then((root) => root.getDirectoryHandle(name));
async function keptRequest(name, key) {  // Cache Storage: the kept copy's key, beside the worker's script
    const cache = await caches.open(name);
    return [cache, (await cache.keys()).find((r) => r.url.endsWith('/kept/' + key))];
}
async function keptEntry(store, name, key) {
    if (store === 'opfs') {
        // Missing, or being written by a worker right now: not there yet.
        return keptFolder(name).then((folder) => folder.getFileHandle(key)).then((handle) => handle.getFile()).catch(() => null);
    }
    const [cache, request] = await keptRequest(name, key);
    return request ? cache.match(request) : null;
}
async function keptBytes(store, name, key) {
    const entry = await keptEntry(store, name, key);
    return entry ? entry.arrayBuffer() : null;
}
async function rewriteKept(store, name, key, bytes) {
    if (store === 'opfs') {
        const writable = await (await (await keptFolder(name)).getFileHandle(key)).createWritable();
        await writable.write(bytes);
        return writable.close();
    }
    const [cache, request] = await keptRequest(name, key);
    return cache.put(request, new Response(bytes));
}
async function removeKept(store, name, key) {
    if (store === 'opfs') return (await keptFolder(name)).removeEntry(key);
    const [cache, request] = await keptRequest(name, key);
    return cache.delete(request);
}
"""

# Every kept runtime on this origin: [{store: 'opfs' | 'caches', name, keys}], keys sorted.
KEPT_RUNTIMES = """(async () => {
    const kept = [];
    try {
        for await (const [name, folder] of (await navigator.storage.getDirectory()).entries()) {
            if (!name.startsWith('biocards-runtime-') || folder.kind !== 'directory') continue;
            const keys = [];
            for await (const key of folder.keys()) keys.push(key);
            kept.push({ store: 'opfs', name, keys: keys.sort() });
        }
    } catch (refused) {}
    for (const name of await caches.keys()) {
        if (!name.startsWith('biocards-runtime-')) continue;
        const keys = (await (await caches.open(name)).keys()).map((r) => r.url.split('/kept/').pop());
        kept.push({ store: 'caches', name, keys: keys.sort() });
    }
    return kept;
})()"""

# True once every part of the snapshot and the wasm are kept, each with its manifest (written after
# it: until then a closed tab could leave the keep unfinished).
RUNTIME_KEPT = """(async () => {
    const parts = document.querySelector('meta[name=biocards-snapshot]').content.split(' ').length;
    return (await %s).some(({ keys }) => keys.filter((k) => k.endsWith('.bin.manifest')).length === parts
                                   && keys.includes('pyodide.asm.wasm.manifest'));
})()""" % KEPT_RUNTIMES

# Forget every kept runtime, in both places. A folder whose files a page's worker is still writing
# cannot be removed until it is done (the file system locks them): tried again for up to 20 s.
DROP_KEPT_RUNTIMES = """(async () => {
    for (const name of await caches.keys()) if (name.startsWith('biocards-runtime-')) await caches.delete(name);
    let root;
    try {
        root = await navigator.storage.getDirectory();
    } catch (refused) {
        return true;
    }
    for (let attempt = 0; ; attempt++) {
        const left = [];
        for await (const name of root.keys()) if (name.startsWith('biocards-runtime-')) left.push(name);
        if (!left.length) return true;
        for (const name of left) await root.removeEntry(name, { recursive: true }).catch((error) => {
            if (attempt >= 80) throw error;
        });
        await new Promise((resolve) => setTimeout(resolve, 250));
    }
})()"""


# [store, name, key] -> whether the kept copy matches the size and SHA-256 its manifest gives.
KEPT_IS_WHOLE = """async ([store, name, key]) => {%s
    const [bytes, manifest] = await Promise.all([keptBytes(store, name, key), keptBytes(store, name, key + '.manifest')]);
    if (!bytes || !manifest) return false;
    let size, sha256;
    try {
        ({ size, sha256 } = JSON.parse(new TextDecoder().decode(manifest)));
    } catch (unfinished) {
        return false;  // a worker is writing it now (its manifest comes last)
    }
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
    const hex = Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
    return bytes.byteLength === size && hex === sha256;
}""" % _IO


def _damage(body: str) -> str:
    return "async ([store, name, key]) => {%s\n%s\n}" % (_IO, body)


# Ways a kept copy may be damaged after its manifest was written: [store, name, key] -> nothing.
FLIP_ONE_BYTE = _damage("""
    const bytes = new Uint8Array(await keptBytes(store, name, key));
    bytes[bytes.length >> 1] ^= 0xff;  // the same size: only the bytes differ
    await rewriteKept(store, name, key, bytes);""")
CUT_SHORT = _damage("""
    const bytes = await keptBytes(store, name, key);
    await rewriteKept(store, name, key, bytes.slice(0, bytes.byteLength >> 1));""")
NO_MANIFEST = _damage("await removeKept(store, name, key + '.manifest');")
ZEROS = _damage("""
    const bytes = await keptBytes(store, name, key);
    await rewriteKept(store, name, key, new Uint8Array(bytes.byteLength));""")
