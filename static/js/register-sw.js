// Offline after one visit: register the service worker once the page has settled.
// A file, not an inline script, so every page can run under a CSP without 'unsafe-inline'.
const site = new URL("../../", document.currentScript.src);

// Once the page is up (or could not start), and on the play page once it has kept Pyodide's
// runtime (or has taken 10 s longer): the service worker then takes the wasm from that copy
// rather than download it again in a browser whose HTTP cache does not hold 9.6 MB (a guest
// window).
function whenHtml(settled, ms = Infinity) {
  return new Promise((resolve) => {
    if (settled()) return resolve();
    const watch = new MutationObserver(() => settled() && (watch.disconnect(), resolve()));
    watch.observe(document.documentElement, { attributes: true });
    if (ms < Infinity) setTimeout(() => (watch.disconnect(), resolve()), ms);
  });
}

async function pageSettled() {
  const html = document.documentElement.dataset;
  await whenHtml(() => ["ready", "error", "over"].includes(html.state));
  if (html.boot === "snapshot") await whenHtml(() => html.runtime === "kept", 10_000);
}

// The worker precaches the reader's language's pages too (issue 39: an English reader downloads no
// Spanish page, a Spanish reader has theirs offline): the choice made with the header's switch,
// else this page's language. Another language registers the worker again, which precaches it.
function readersLanguage() {
  let chosen = null;
  try { chosen = localStorage.getItem("biocards:lang"); } catch { /* storage off: the page's */ }
  return /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(chosen || "") ? chosen : (document.documentElement.lang || "en");
}

if ("serviceWorker" in navigator) {
  addEventListener("load", () => pageSettled().then(() => setTimeout(() => {
    const worker = new URL("sw.js", site);
    const lang = readersLanguage();
    if (lang !== "en") worker.searchParams.set("lang", lang);
    navigator.serviceWorker.register(worker).catch(() => {});
  }, 1000)));
}

// A quiet note when this device last saw another build of the site (issue 14): the service
// worker switches builds on the next load, and a teacher should know why a page looks different.
addEventListener("load", async () => {
  let build;
  try {
    build = (await (await fetch(new URL("build.json", site))).json()).build;
  } catch {
    return;  // offline with no service worker yet, or an old host: no note, nothing broken
  }
  let seen = null;
  try {
    seen = localStorage.getItem("biocards:build");
    localStorage.setItem("biocards:build", build);
  } catch {
    return;  // storage switched off: nothing to compare with
  }
  if (seen === null || seen === build) return;
  const note = document.createElement("p");
  note.className = "site-updated";
  note.setAttribute("role", "status");
  note.textContent = "BioCards was updated since this device last opened it.";
  document.querySelector("header.site-header")?.after(note);
});
