// Boot the play page: point PyScript at the site's own Pyodide and biocards wheel (never a CDN),
// and move the progress bar as the real downloads finish.
const root = new URL("../../", import.meta.url);
const bar = document.getElementById("boot-progress");
const words = document.getElementById("boot-status");

function stage(text, value) {
  if (Number(bar.value) >= value) return;
  words.textContent = text;
  bar.value = value;
}

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.name.endsWith("pyodide.asm.wasm")) stage("Loading Python…", 40);
    else if (entry.name.endsWith("python_stdlib.zip")) stage("Installing the game…", 60);
    else if (entry.name.includes("/wheels/")) stage("Dealing the cards…", 85);
  }
}).observe({ type: "resource", buffered: true });

window.biocardsFail = (message) => {
  const box = document.getElementById("error");
  box.hidden = false;
  box.textContent = message;
  document.getElementById("boot").hidden = true;
};

// The concept explanations behind every "Why?" button (a few kB, fetched before Python starts).
window.biocardsConcepts = await fetch(new URL("lessons/concepts.json", root)).then((r) => r.text()).catch(() => "{}");

const wheel = document.querySelector('meta[name="biocards-wheel"]').content;
const script = document.createElement("script");
script.type = "py";
script.setAttribute("config", JSON.stringify({
  interpreter: new URL("vendor/pyodide/pyodide.mjs", root).href,
  packages: [new URL(wheel, root).href],
}));
script.textContent = "from biocards.web import main\nmain()";
document.body.append(script);

stage("Loading Python…", 15);
import(new URL("vendor/pyscript/core.js", root).href).catch((error) => {
  window.biocardsFail(`The game could not start: ${error.message}. Try reloading the page.`);
});
