// Boot the play page: point PyScript at the site's own Pyodide and biocards wheel (never a CDN),
// and move the progress bar as the real downloads finish.
// First: the downloads Python's start waits for begin now.
import { snapshot, wasmModule } from "./runtime-fetch.mjs";
import { pythonMain } from "./python-main.mjs";
const root = new URL("../../", import.meta.url);
const bar = document.getElementById("boot-progress");
const words = document.getElementById("boot-status");

// The page's language is its <html lang>: the site builds each language's play page (/es/play/…
// in Spanish), named as the build names its catalogs' folders (locale/es/; a test may use a
// pseudo-locale, en-XA or ar-XB). English is the source text: an English page fetches no catalog.
const language = (document.documentElement.lang || "en").replace("-", "_");
const english = language.split("_")[0] === "en" && language !== "en_XA";
// The boot's own words in the page's language, by their English text (marked for the page's
// catalog in py/biocards/web/__init__.py, BOOT_WORDS): null until that catalog is here, and then
// for a text it lacks; the page keeps the words it shows meanwhile.
let say = english ? (text) => text : () => null;

function stage(text, value) {
  if (Number(bar.value) >= value) return;
  words.textContent = say(text) ?? words.textContent;
  bar.value = value;
}

// A compiled gettext catalog (.mo) as a map of English text to translation.
function catalogWords(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = view.getUint32(0, true) === 0x950412de;
  const entry = (table, i) => {
    const length = view.getUint32(table + 8 * i, little);
    const start = view.getUint32(table + 8 * i + 4, little);
    return new TextDecoder().decode(bytes.subarray(start, start + length));
  };
  const found = new Map();
  for (let i = 0; i < view.getUint32(8, little); i++) {
    found.set(entry(view.getUint32(12, little), i), entry(view.getUint32(16, little), i));
  }
  return found;
}

// Workers fetch the wasm and the snapshot, so the page's resource timing never lists them.
wasmModule.then(() => stage("Loading Python…", 40));
snapshot?.then(() => stage("Dealing the cards…", 85), () => {});
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name.endsWith("python_stdlib.zip")) stage("Installing the game…", 60);
    else if (entry.name.includes("/wheels/")) stage("Dealing the cards…", 85);
  }
}).observe({ type: "resource", buffered: true });

// The table box's width, as the browser lays the page out anyway (a ResizeObserver hears of it after
// each layout that changes it): Python picks the table's layout from it (web/fit.py) rather than
// ask the box, which would make the browser lay the page out there and then.
const table = document.getElementById("table");
new ResizeObserver(() => {
  window.biocardsTableWidth = table.clientWidth;
  reserveTable(table.clientWidth);
}).observe(table);

// The table's space, kept while Python starts, so that nothing jumps when the table arrives: its
// height in the layout web/fit.py will pick for this width, as the build measured it for this
// game and number of players (sitegen: "tables"), and the width the stylesheet and fit.py give
// the drawing (1 to 1.25 CSS px a unit). Let go once the page is ready, when the drawing is there.
const LAYOUTS = { wide: 1280, medium: 600, narrow: 360 };  // biocards.svg.LAYOUTS
const page = new URLSearchParams(location.search);
const tables = JSON.parse(document.getElementById("biocards-games").textContent)[page.get("game")]?.tables;
const players = (page.get("seats") || "human,greedy").split(",").filter((seat) => seat.trim()).length;
function reserveTable(box) {
  const heights = tables?.[players];
  if (!heights || !box || document.documentElement.dataset.state !== "loading") return;
  const fitting = Object.keys(LAYOUTS).filter((name) => LAYOUTS[name] <= box);
  const layout = fitting.length ? fitting[0] : "narrow";
  const width = Math.min(Math.max(box, LAYOUTS[layout]), 1.25 * LAYOUTS[layout]);
  table.style.minHeight = `${Math.round(width * heights[layout] / LAYOUTS[layout])}px`;
}
new MutationObserver((_, watch) => {
  if (document.documentElement.dataset.state === "loading") return;
  table.style.minHeight = "";
  watch.disconnect();
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-state"] });

window.biocardsFail = (message) => {
  const box = document.getElementById("error");
  box.hidden = false;
  box.textContent = message;
  document.getElementById("boot").hidden = true;
};

// Fetched while Python loads (Python awaits them): the explanations behind every "Why?" button,
// and the guided lesson the link names, if any. null when a file cannot be had. A page in another
// language names the folder of its language's lessons.json files in <meta name="biocards-lessons">
// (relative to the page); without it, the site's English lessons/.
const text = (url) => fetch(url).then((r) => (r.ok ? r.text() : null)).catch(() => null);
const lessonFiles = new URL(document.querySelector("meta[name=biocards-lessons]")?.content ?? new URL("lessons/", root),
  location.href);
const lesson = page.get("lesson");
const lessons = JSON.parse(document.getElementById("biocards-guided").textContent);
const guided = lessons.includes(lesson) ? text(new URL(`guided/${lesson}.json`, lessonFiles)) : null;
window.biocardsData = Promise.all([text(new URL("concepts.json", lessonFiles)), guided]);

// The page's language's compiled catalogs (docs/translating.md): the page's own (play), the
// engine's (biocards) and the game's, as the build writes them (locale/<lang>/<domain>.mo). Python
// loads them before it draws anything (biocards.web.main). A catalog that cannot be had is left
// out: its messages show in English.
window.biocardsLanguage = language;
window.biocardsCatalogs = english ? Promise.resolve([]) : (async () => {
  const known = JSON.parse(document.getElementById("biocards-games").textContent);
  let game = page.get("game");
  if (page.has("class")) {
    try { game = JSON.parse(localStorage.getItem("biocards:class-seat"))?.game; } catch { game = null; }
  } else if (guided) {
    try { game = JSON.parse(await guided)?.game; } catch { game = null; }
  }
  const domains = ["play", "biocards", ...(known[game]?.catalogs?.includes(language) ? [game] : [])];
  const fetched = await Promise.all(domains.map((domain) => fetch(new URL(`locale/${language}/${domain}.mo`, root))
    .then((r) => (r.ok ? r.arrayBuffer() : null)).catch(() => null)));
  const catalogs = fetched.filter((bytes) => bytes !== null).map((bytes) => new Uint8Array(bytes));
  if (fetched[0]) {  // the page's own (play): the boot's words
    const found = catalogWords(new Uint8Array(fetched[0]));
    say = (text) => found.get(text) || null;
  }
  return catalogs;
})();

// The header's language switch opens this page in the other language with this page's query (the
// game, its seats and the seed its save is kept under), so the same game resumes there, its log
// written again in that language. Read at the click: Python writes the seed into the address.
for (const link of document.querySelectorAll("a.language-switch")) {
  link.addEventListener("click", () => { link.search = location.search; });
}

// No packages: PyScript's interpreter is our loader, which restores this build's memory snapshot of
// Python with the game imported, or else installs the wheel itself (static/js/pyodide-boot.mjs).
const loader = new URL("static/js/pyodide-boot.mjs", root).href;
const script = document.createElement("script");
script.type = "py";
script.setAttribute("config", JSON.stringify({ interpreter: loader }));
script.textContent = pythonMain;
document.body.append(script);

stage("Loading Python…", 15);
const failed = (error) => {
  const sentence = "The game could not start: {reason}. Try reloading the page.";
  window.biocardsFail((say(sentence) ?? sentence).replace("{reason}", error.message));
};
import(loader).catch(failed);  // starts the restore now, not when PyScript asks
import(new URL("vendor/pyscript/core.js", root).href).catch(failed);
