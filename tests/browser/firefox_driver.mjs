// Debian's Firefox ESR driven over WebDriver BiDi by puppeteer-core, for tests/browser/other_browsers.py.
// One Firefox per pytest worker; pytest sends one JSON command a line on stdin and reads one JSON answer
// a line on stdout. Each profile is a BiDi user context (its own storage, service workers and Cache
// Storage, as a fresh browser profile has), and every page remembers what it did wrong: console
// errors, page errors and requests leaving 127.0.0.1.
//
// usage: node firefox_driver.mjs <node_modules folder>   (the build's .cache/npm/node_modules)

import { createRequire } from "node:module";
import { createInterface } from "node:readline";

const require = createRequire(`${process.argv[2]}/`);
const puppeteer = require("puppeteer-core");

const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: "/usr/bin/firefox-esr",
    headless: true,
    protocol: "webDriverBiDi",
    // A student's Firefox: service workers on, and no network of its own beside the page's.
    extraPrefsFirefox: {
        "dom.serviceWorkers.enabled": true,
        "network.dns.disablePrefetch": true,
        "network.prefetch-next": false,
        // The tests' Firefox (BIOCARDS_WASM_BASELINE_ONLY, set by other_browsers.py) compiles wasm with
        // its baseline compiler alone, skipping Ion's whole-module recompile in the background.
        ...(process.env.BIOCARDS_WASM_BASELINE_ONLY ? { "javascript.options.wasm_optimizingjit": false } : {}),
    },
});

const profiles = new Map();
const pages = new Map();
let nextId = 1;

function watch(page) {
    const problems = [];
    page.on("console", (message) => {
        if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message ?? error}`));
    page.on("request", (request) => {
        const url = request.url();
        if (!/^(http:\/\/127\.0\.0\.1:|data:|blob:|about:)/.test(url)) {
            problems.push(`request outside 127.0.0.1: ${url}`);
        }
    });
    return problems;
}

const commands = {
    async newProfile() {
        const id = nextId++;
        profiles.set(id, await browser.createBrowserContext());
        return id;
    },
    async closeProfile({ profile }) {
        await profiles.get(profile).close();
        profiles.delete(profile);
        return null;
    },
    async newPage({ profile, width, height }) {
        const page = await profiles.get(profile).newPage();
        await page.setViewport({ width, height });
        const id = nextId++;
        pages.set(id, { page, problems: watch(page) });
        return id;
    },
    async goto({ page, url }) {
        await pages.get(page).page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
        return null;
    },
    async waitFor({ page, expression, timeout }) {
        await pages.get(page).page.waitForFunction(expression, { timeout, polling: 50 });
        return null;
    },
    async evaluate({ page, expression }) {
        return await pages.get(page).page.evaluate(expression);
    },
    // A pointer pressed at a point of the viewport (other_browsers.py finds an element's centre).
    async clickAt({ page, x, y }) {
        await pages.get(page).page.mouse.click(x, y);
        return null;
    },
    async problems({ page }) {
        return pages.get(page).problems;
    },
    async closePage({ page }) {
        await pages.get(page).page.close();
        pages.delete(page);
        return null;
    },
    async version() {
        return await browser.version();
    },
};

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
    const { op, ...args } = JSON.parse(line);
    let answer;
    try {
        answer = { ok: (await commands[op](args)) ?? null };
    } catch (error) {
        answer = { error: `${op}: ${error.message ?? error}` };
    }
    process.stdout.write(`${JSON.stringify(answer)}\n`);
}
await browser.close();
