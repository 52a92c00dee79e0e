// The play page's first script, run while the page is still being read (a plain script in its head,
// after the meta tags that name this build's runtime): it starts the workers that read back or
// download what Python's start waits for, this build's memory snapshot and Pyodide's wasm. Started
// here, their reads begin some 150 ms sooner than from a module, which runs only once the whole
// page and its module graph have arrived (issue 44). static/js/runtime-fetch.mjs takes them from
// `window.biocardsRuntime`; a later visit reads both back from what an earlier one kept (see
// keepThisBuild in pyodide-boot.mjs).
"use strict";
(() => {
  const here = document.currentScript.src;
  const root = new URL("../../", here);
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.content;
  // This build's snapshot parts, as the page names them. The parts' names carry the hash of
  // Pyodide's build and our wheel, so a page never asks for another build's.
  const snapshotParts = (meta("biocards-snapshot") || "").split(" ").filter(Boolean).map((part) => new URL(part, root).href);
  // What a visit keeps for the next: the snapshot's parts (inflated, zero pages still left out) and
  // Pyodide's wasm, in a Cache Storage cache named by this build's snapshot hash (which covers
  // Pyodide's files and our wheel), so a site update never restores another build's. A browser
  // without a disk cache for big files (a guest session) then reads 24 MB back instead of
  // downloading, inflating and compiling again.
  const kept = snapshotParts.length ? `biocards-runtime-${snapshotParts[0].match(/snapshot-([0-9a-f]+)/)[1]}` : null;
  const keptIn = globalThis.caches && kept ? kept : "";
  const wasmURL = new URL("vendor/pyodide/pyodide.asm.wasm", root).href;

  // A worker per download: each reads back what an earlier visit kept or else downloads, and does
  // the heavy part (inflating a snapshot part, compiling the wasm) off the page's thread, which is
  // busy loading modules and starting Pyodide meanwhile (work handed over from this thread would
  // wait for it). Each worker's name says what it fetches, so it begins as soon as its script runs.
  // (Not its URL's query: the service worker answers a script's URL with the cached script, and a
  // worker's location is the URL of the response it ran, query gone.) A worker that downloaded
  // holds on to it, and stores it once the page says the restore worked (runtime-fetch.mjs).
  function startWorker(script, query) {
    const worker = new Worker(new URL(script, here), { name: String(new URLSearchParams(query)) });
    // Listening from the start: a message that came before anyone listened would be lost.
    const answer = new Promise((resolve, reject) => {
      const fail = (error) => {
        worker.terminate();
        reject(error);
      };
      worker.onmessage = ({ data }) => (data.error ? fail(new Error(data.error)) : resolve(data));
      worker.onerror = (event) => fail(new Error(event.message || `${script} failed`));
    });
    answer.catch(() => {});  // a failure is reported where the answer is awaited
    return { worker, answer };
  }

  // The channel on which the wasm's worker says it is done, this page's own: a downloaded snapshot
  // part is inflated after that (snapshot-worker.js says why).
  const wasmSettled = `biocards-wasm-settled-${Math.random().toString(36).slice(2)}`;
  window.biocardsRuntime = {
    root: root.href, snapshotParts, kept, wasmURL, wasmSettled,
    // The snapshot ships gzipped, without its zero pages, in parts (snapshot-worker.js).
    snapshotWorkers: snapshotParts.map((part) => startWorker("snapshot-worker.js", {
      part, cache: keptIn, key: `${part}?inflated`, after: wasmSettled,
    })),
    // Pyodide's wasm, compiled by wasm-worker.js. Pyodide itself would start compiling only once it
    // had the snapshot, and on this thread.
    wasmWorker: startWorker("wasm-worker.js", { url: wasmURL, cache: keptIn, announce: wasmSettled }),
  };
})();
