// The reader's language (issue 39). A choice made with the header's switch is kept in localStorage
// ("biocards:lang"); before any choice, the browser's languages (navigator.languages) decide. A page
// that exists in that language lists it as <link rel="alternate" hreflang>: this goes there.
"use strict";
(() => {
  const KEY = "biocards:lang";
  const here = document.documentElement.lang || "en";
  const twins = new Map([...document.querySelectorAll('link[rel="alternate"][hreflang]')]
    .map((link) => [link.hreflang, link.href]));
  // A search engine takes an hreflang address only whole (scheme and host), and the site is built
  // without knowing where it will be served (a static host, a USB stick, a teacher's laptop): the
  // page writes in the address it was opened from.
  for (const link of document.querySelectorAll('link[rel="alternate"][hreflang]')) link.setAttribute("href", link.href);

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

  // The twin keeps what follows the page's address: a play page's game and seats (?game=…), a
  // lesson's section (#…), so switching language mid-game reopens the same game in the other one.
  const same = (href) => href.split(/[?#]/)[0] + location.search + location.hash;

  for (const link of document.querySelectorAll("a.language-switch[data-lang]")) {
    link.addEventListener("click", () => {
      try { localStorage.setItem(KEY, link.dataset.lang); } catch { /* the link still goes there */ }
      link.href = same(link.href);
    });
  }

  const lang = wanted();
  if (lang !== here && twins.has(lang)) location.replace(same(twins.get(lang)));
})();
