// The reader's language (issue 39). A choice made with the header's switch is kept in localStorage
// ("biocards:lang"); before any choice, the browser's languages (navigator.languages) decide. A page
// that exists in that language lists it as <link rel="alternate" hreflang>: this goes there.
"use strict";
(() => {
  const KEY = "biocards:lang";
  const here = document.documentElement.lang || "en";
  const twins = new Map([...document.querySelectorAll('link[rel="alternate"][hreflang]')]
    .map((link) => [link.hreflang, link.href]));

  function stored() {
    try { return localStorage.getItem(KEY); } catch { return null; }  // storage off: follow the browser
  }

  function wanted() {
    const chosen = stored();
    if (chosen) return chosen;
    // A page in another language than the site's own was asked for by its address (a link, a
    // search result): that is the reader's choice, not a guess to correct by the browser's languages.
    if (here !== "en") return here;
    const offered = new Set(["en", ...twins.keys()]);
    for (const tag of navigator.languages || [navigator.language || "en"]) {
      const base = tag.toLowerCase().split("-")[0];
      if (offered.has(base)) return base;
    }
    return here;
  }

  for (const link of document.querySelectorAll("a.language-switch[data-lang]")) {
    link.addEventListener("click", () => {
      try { localStorage.setItem(KEY, link.dataset.lang); } catch { /* the link still goes there */ }
    });
  }

  const lang = wanted();
  if (lang !== here && twins.has(lang)) location.replace(twins.get(lang) + location.hash);
})();
