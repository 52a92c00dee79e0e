// The pages' scripts (teacher, join, check yourself) in the page's language, <html lang>: the build
// writes each language's catalog of the `scripts` domain as JSON (py/sitegen/js_catalogs.py,
// locale/<lang>/scripts.json), English needs none. A script marks its sentences with _("…") for
// `pybabel extract` (babel.cfg) and names its fields: _("Table {n}", { n: 3 }).
const site = new URL("../../", import.meta.url);

// The page's language, as a catalog's folder is named (es-MX reads es): letters only, so the page's
// lang attribute can never name another file.
export function pageLanguage() {
  const tag = (document.documentElement.lang || "en").toLowerCase().split("-")[0];
  return /^[a-z]{2,3}$/.test(tag) ? tag : "en";
}

// `_` for the page's language: the message's translation (or the English when it has none), its
// {fields} filled in.
export async function translator() {
  const lang = pageLanguage();
  let messages = {};
  if (lang !== "en") {
    try {
      const answer = await fetch(new URL(`locale/${lang}/scripts.json`, site));
      if (answer.ok) messages = await answer.json();
    } catch {
      /* no catalog (offline before it was kept): the page reads in English */
    }
  }
  return (text, fields = {}) => (Object.hasOwn(messages, text) ? messages[text] : text)
    .replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(fields, name) ? String(fields[name]) : whole));
}
