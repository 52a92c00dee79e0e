// Print pages: switch the paper between A4 and US Letter. Each size is a stylesheet of its own
// (an @page size cannot depend on a class), so the switch turns one on and the other off.
// A file, not an inline script: the page runs under a strict CSP.
(function () {
  const sheets = { a4: document.getElementById("paper-a4"), letter: document.getElementById("paper-letter") };
  const radios = document.querySelectorAll('input[name="paper"]');

  function choose(size) {
    for (const [name, link] of Object.entries(sheets)) link.disabled = name !== size;
    document.documentElement.dataset.paper = size;
    for (const radio of radios) radio.checked = radio.value === size;
    try { localStorage.setItem("biocards:paper", size); } catch { /* private mode: not remembered */ }
  }

  let saved = null;
  try { saved = localStorage.getItem("biocards:paper"); } catch { /* no storage */ }
  // Letter where it is the usual paper (the Americas' Letter countries), A4 elsewhere.
  const usual = /-(US|CA|MX|PH|CL|CO|VE)$/i.test(navigator.language || "") ? "letter" : "a4";
  choose(saved === "a4" || saved === "letter" ? saved : usual);
  for (const radio of radios) radio.addEventListener("change", () => choose(radio.value));
  document.getElementById("print-now").addEventListener("click", () => window.print());
})();
