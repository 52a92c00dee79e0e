// Lighthouse's SEO and Best Practices audits of some pages of the served site, for
// tests/browser/test_lighthouse.py: one Chromium (Debian's, launched once; nothing is downloaded)
// and one Lighthouse run per page in it, one JSON object on stdout.
//
// usage: node lighthouse_runner.mjs <node_modules folder> <site url> <chromium args JSON> <path>...
//   (the node_modules folder is the build's .cache/npm/node_modules; each path is relative to the site url)
//
// Output: {"<path>": {"url", "scores": {category: 0..100}, "failing": [{"id", "title"}], "requests": [url]}}
// "failing" lists the scored audits of those categories that did not pass; "requests" every URL the
// page and Lighthouse asked for while Lighthouse loaded it.

import { pathToFileURL } from "node:url";

const [nodeModules, siteUrl, chromiumArgs, ...paths] = process.argv.slice(2);
const load = (file) => import(pathToFileURL(`${nodeModules}/${file}`).href);
const { default: lighthouse } = await load("lighthouse/core/index.js");
const chromeLauncher = await load("chrome-launcher/dist/index.js");

const CATEGORIES = ["seo", "best-practices"];

const chrome = await chromeLauncher.launch({
    chromePath: "/usr/bin/chromium",
    chromeFlags: [
        "--headless=new",
        ...JSON.parse(chromiumArgs),
        // No host but the site's resolves: neither the page nor Lighthouse can reach the network.
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    ],
    logLevel: "silent",
});

// What a test's settings change is the cost, not what the two categories look at: a desktop
// window as the site's other browser tests use, and no full-page screenshot. Throttling stays
// Lighthouse's default, "simulate": it slows nothing down and only computes Performance's metrics,
// which are not run. Lighthouse's default config waits 5.25 s of network and CPU quiet after load
// (for Performance; "provided" throttling forces it); 1 s, its navigation defaults, still ends after
// the play page's boot, busy with both until the game is drawn, and saves about 8 s a page.
const settings = {
    logLevel: "error",
    output: "json",
    onlyCategories: CATEGORIES,
    formFactor: "desktop",
    screenEmulation: { disabled: true },
    disableFullPageScreenshot: true,
    pauseAfterFcpMs: 1000,
    pauseAfterLoadMs: 1000,
    networkQuietThresholdMs: 1000,
    cpuQuietThresholdMs: 1000,
};

const results = {};
try {
    for (const path of paths) {
        const url = new URL(path, siteUrl).href;
        const { lhr, artifacts } = await lighthouse(url, { port: chrome.port }, { extends: "lighthouse:default", settings });
        const failing = [];
        for (const id of CATEGORIES) {
            for (const ref of lhr.categories[id].auditRefs) {
                const audit = lhr.audits[ref.id];
                if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
                    failing.push({ id: ref.id, title: audit.title, category: id });
                }
            }
        }
        const requests = (artifacts.DevtoolsLog ?? [])
            .filter((event) => event.method === "Network.requestWillBeSent")
            .map((event) => event.params.request.url);
        results[path] = {
            url,
            scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(lhr.categories[id].score * 100)])),
            failing,
            requests,
            runtimeError: lhr.runtimeError?.message ?? null,
            runWarnings: lhr.runWarnings,
            seconds: Math.round(lhr.timing.total) / 1000,
        };
    }
} finally {
    chrome.kill();
}
process.stdout.write(JSON.stringify(results) + "\n");
