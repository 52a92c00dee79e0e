"""Lighthouse's SEO and Best Practices categories score 100 on the site's main pages (issue 43:
every page has a meta description; the play page logs no deprecation warning).

One Node process and one Chromium (Debian's) run Lighthouse on every page
(`lighthouse_runner.mjs`); Performance is not run: its score is timing, which is not a test's
business. Chromium resolves no host but 127.0.0.1, and the test checks that every request the
pages and Lighthouse made went to the served site."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import CHROMIUM_ARGS, ROOT

NODE_MODULES = ROOT / ".cache" / "npm" / "node_modules"
RUNNER = Path(__file__).with_name("lighthouse_runner.mjs")

PAGES = {
    "the landing page": "",
    "a play page": "play/?game=translation&seats=human,greedy&seed=7",
    "a lesson": "lessons/genetic-code.html",
    "a For teachers page": "teachers/translation.html",
    "the join page": "join/",
    "the Spanish landing page": "es/",
}


@pytest.fixture(scope="module")
def reports(site_url):
    if not (NODE_MODULES / "lighthouse").exists():
        pytest.fail(f"{NODE_MODULES / 'lighthouse'} is missing: `python3 build.py build` installs it (npm ci)")
    done = subprocess.run(["node", str(RUNNER), str(NODE_MODULES), site_url, json.dumps(CHROMIUM_ARGS),
                           *PAGES.values()], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert done.returncode == 0, f"Lighthouse's runner failed:\n{done.stderr[-3000:]}"
    return json.loads(done.stdout)


def test_seo_and_best_practices_score_100_on_every_page(reports):
    failures = []
    for name, path in PAGES.items():
        report = reports[path]
        if report["runtimeError"]:
            failures.append(f"{name} ({path or '/'}): Lighthouse could not audit it: {report['runtimeError']}")
            continue
        below = {category: score for category, score in report["scores"].items() if score < 100}
        if below:
            audits = "\n".join(f"    {audit['category']}: {audit['id']}: {audit['title']}" for audit in report["failing"])
            failures.append(f"{name} ({path or '/'}) scores {below}; failing audits:\n{audits}")
    assert not failures, "\n".join(failures)


def test_lighthouse_and_the_pages_reach_nothing_outside_the_served_site(reports, site_url):
    outside = {path: [url for url in report["requests"] if not url.startswith((site_url, "data:", "blob:"))]
               for path, report in reports.items()}
    assert not any(outside.values()), outside
    # The play page was audited booted, not as a blank shell: Pyodide's runtime was loaded.
    assert any("pyodide.asm.wasm" in url for url in reports[PAGES["a play page"]]["requests"])
