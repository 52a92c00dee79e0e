// Offline after one visit: register the service worker once the page has settled.
// A file, not an inline script, so every page can run under a CSP without 'unsafe-inline'.
if ("serviceWorker" in navigator) {
  const worker = new URL("../../sw.js", document.currentScript.src);
  addEventListener("load", () => setTimeout(() => navigator.serviceWorker.register(worker).catch(() => {}), 3000));
}
