"""Firefox ESR and WebKitGTK (Safari's engine), Debian's own, behind one small page interface.

Playwright drives only its own builds of these two, which the project never downloads, so:
- Firefox: ``firefox_driver.mjs`` (puppeteer-core over WebDriver BiDi), one process per pytest worker,
  spoken to a JSON line at a time. It sees console errors, page errors and every request.
- WebKit: Debian's ``WebKitWebDriver`` under Xvfb, spoken to in plain W3C WebDriver over HTTP (the
  standard library is enough, so no client library and no driver download). WebKitGTK 2.50's driver
  has no BiDi (a session asking for ``webSocketUrl`` is refused), and MiniBrowser ignores its
  console-to-stdout setting in automation, so the driver cannot see the console. WebKit pages are
  served by ``recording_server`` instead: dist/ as it is, but every page gets one script first in
  its ``<head>`` that writes down console errors, uncaught errors, unhandled rejections and files
  that failed to load, which ``Page.problems`` reads back (errors in workers stay unseen).

Each profile is a fresh browser profile with service workers on, as a student's browser has them.
"""

from __future__ import annotations

import http.server
import io
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from functools import partial
from pathlib import Path

from biocards.server.app import TYPES

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / ".cache" / "npm" / "node_modules"
FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
VIEWPORT = (1366, 768)


class BrowserFailed(AssertionError):
    pass


# -- Firefox ----------------------------------------------------------------------------------------

class Firefox:
    name = "firefox"

    def __init__(self, optimizing_wasm: bool = True):
        baseline = {} if optimizing_wasm else {"BIOCARDS_WASM_BASELINE_ONLY": "1"}
        self.process = subprocess.Popen(
            ["node", str(Path(__file__).with_name("firefox_driver.mjs")), str(NODE_MODULES)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
            env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1", **baseline})

    def call(self, op: str, **args):
        self.process.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise BrowserFailed(f"Firefox's driver stopped (exit code {self.process.wait()})")
        answer = json.loads(line)
        if "error" in answer:
            raise BrowserFailed(answer["error"])
        return answer["ok"]

    def new_profile(self) -> FirefoxProfile:
        return FirefoxProfile(self, self.call("newProfile"))

    def close(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Profile:
    """A fresh browser profile; ``problems`` gathers what its pages did wrong (see ``Page.close``)."""

    def __init__(self):
        self.problems: list[str] = []
        self.pages: list[Page] = []

    def new_page(self) -> Page:
        page = Page(self._new_page(), self.problems)
        self.pages.append(page)
        return page

    def close_all(self) -> list[str]:
        """Close every page still open and the profile; what all its pages did wrong."""
        for page in list(self.pages):
            if not page.closed:
                page.close()
        self.close()
        return self.problems


class FirefoxProfile(Profile):
    def __init__(self, firefox: Firefox, number: int):
        super().__init__()
        self.firefox, self.number = firefox, number

    def _new_page(self):
        width, height = VIEWPORT
        number = self.firefox.call("newPage", profile=self.number, width=width, height=height)
        return FirefoxPage(self.firefox, number)

    def close(self):
        self.firefox.call("closeProfile", profile=self.number)


class FirefoxPage:
    def __init__(self, firefox: Firefox, number: int):
        self.firefox, self.number = firefox, number

    def goto(self, url):
        self.firefox.call("goto", page=self.number, url=url)

    def evaluate(self, expression):
        return self.firefox.call("evaluate", page=self.number, expression=expression)

    def click_at(self, x, y):
        self.firefox.call("clickAt", page=self.number, x=x, y=y)

    def problems(self) -> list[str]:
        return self.firefox.call("problems", page=self.number)

    def close(self):
        self.firefox.call("closePage", page=self.number)


# -- WebKit -----------------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _minibrowser() -> str:
    found = sorted(Path("/usr/lib").glob("*/webkit2gtk-4.*/MiniBrowser"))
    if not found:
        raise BrowserFailed("WebKitGTK's MiniBrowser is missing (Debian's webkit2gtk-driver installs it)")
    return str(found[-1])


class WebKit:
    name = "webkit"

    def __init__(self, optimizing_wasm: bool = True):
        self.binary = _minibrowser()
        # JavaScriptCore reads its options from JSC_* variables, which the driver's MiniBrowsers and
        # their web processes inherit: OMG is its optimizing wasm tier.
        self.baseline = {} if optimizing_wasm else {"JSC_useOMGJIT": "false"}
        self._launch()

    def _launch(self):
        # An X display of its own per pytest worker, on whatever number is free (Xvfb picks it and
        # writes it to the pipe).
        read, write = os.pipe()
        self.xvfb = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
        os.close(write)
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        if not display:
            raise BrowserFailed(f"Xvfb did not start (exit code {self.xvfb.poll()})")
        self.port = _free_port()
        # A process group of its own: closing the driver also ends the MiniBrowsers it started.
        self.driver = subprocess.Popen([WEBKIT_DRIVER, f"--port={self.port}"],
                                       env={**os.environ, "DISPLAY": f":{display}", **self.baseline},
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        for _ in range(200):
            try:
                self.request("GET", "/status")
                break
            except (urllib.error.URLError, ConnectionError):
                time.sleep(0.05)
        else:
            self.close()
            raise BrowserFailed("WebKitWebDriver did not answer within 10 s")

    def request(self, method, path, body=None, timeout=120):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read() or b"{}").get("value")
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            raise BrowserFailed(f"WebKit {method} {path}: {value.get('error')}: {value.get('message')}") from None

    def new_profile(self) -> WebKitProfile:
        # A new session is a new MiniBrowser with an ephemeral profile of its own. WebKitWebDriver
        # once never answered a new session (CI, 28 November 2026: two minutes, on a loaded
        # machine); the driver and its display then start again, once. A second silence fails.
        capabilities = {"capabilities": {"alwaysMatch": {
            "webkitgtk:browserOptions": {"binary": self.binary, "args": ["--automation"]},
            "timeouts": {"script": 120_000, "pageLoad": 60_000}}}}
        try:
            session = self.request("POST", "/session", capabilities, timeout=45)
        except (TimeoutError, socket.timeout, urllib.error.URLError):
            self.close()
            self._launch()
            session = self.request("POST", "/session", capabilities, timeout=45)
        return WebKitProfile(self, session["sessionId"])

    def close(self):
        try:
            os.killpg(self.driver.pid, signal.SIGTERM)  # the driver and the MiniBrowsers it started
        except ProcessLookupError:
            pass
        for process in (self.driver, self.xvfb):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


class WebKitProfile(Profile):
    def __init__(self, webkit: WebKit, session: str):
        super().__init__()
        # The session's first window stays open on about:blank: closing a session's last window ends
        # the session, and a test closes pages as a student closes tabs.
        self.webkit, self.session = webkit, session

    def call(self, method, path, body=None):
        return self.webkit.request(method, f"/session/{self.session}{path}", body)

    def _new_page(self):
        # A window, not a tab: WebKit hands pointer actions only to a page on screen, and those sent
        # to a tab behind another never finished.
        window = self.call("POST", "/window/new", {"type": "window"})["handle"]
        self.call("POST", "/window", {"handle": window})
        width, height = VIEWPORT
        self.call("POST", "/window/rect", {"width": width, "height": height})
        return WebKitPage(self, window)

    def close(self):
        self.webkit.request("DELETE", f"/session/{self.session}")


class WebKitPage:
    def __init__(self, profile: WebKitProfile, window: str):
        self.profile, self.window = profile, window

    def _here(self):
        if self.profile.call("GET", "/window") != self.window:
            self.profile.call("POST", "/window", {"handle": self.window})

    def goto(self, url):
        self._here()
        self.profile.call("POST", "/url", {"url": url})

    def evaluate(self, expression):
        self._here()
        answer = self.profile.call("POST", "/execute/async", {"args": [], "script": (
            "const done = arguments[arguments.length - 1];"
            f"Promise.resolve().then(async () => ({expression}))"
            ".then((value) => done({ok: value === undefined ? null : value}), (e) => done({error: String(e)}));")})
        if "error" in answer:
            raise BrowserFailed(f"WebKit evaluate: {answer['error']}")
        return answer["ok"]

    def click_at(self, x, y):
        self._here()
        self.profile.call("POST", "/actions", {"actions": [{"type": "pointer", "id": "mouse",
            "parameters": {"pointerType": "mouse"}, "actions": [
                {"type": "pointerMove", "duration": 0, "origin": "viewport", "x": x, "y": y},
                {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.profile.call("DELETE", "/actions")  # the button is up again for the next click

    def problems(self) -> list[str]:
        """What the page's recorder wrote down (see ``recording_server``)."""
        recorded = self.evaluate("window.__biocardsProblems ?? null")
        return ["the page has no console recorder: serve it with recording_server"] if recorded is None else recorded

    def close(self):
        self._here()
        left = self.profile.call("DELETE", "/window")
        self.profile.call("POST", "/window", {"handle": left[0]})  # commands need a current window


# A page's own record of what went wrong, for a browser whose driver cannot see its console. It runs
# before any other script of the page (first in <head>); ``true`` on the error listener also hears
# the error events of scripts, styles and images that failed to load, which do not bubble. One
# error event is not a script's error and is left out: "ResizeObserver loop completed with
# undelivered notifications", the notice (with no error object) that some resize notifications
# wait for the next frame, which Chromium's and Firefox's drivers do not report either.
RECORDER_PATH = "/__test__/problem-recorder.js"
RECORDER = """(() => {
  const problems = window.__biocardsProblems = [];
  const text = (value) => value instanceof Error ? `${value.name}: ${value.message}` : String(value);
  const error = console.error.bind(console);
  console.error = (...args) => { problems.push(`console error: ${args.map(text).join(" ")}`); error(...args); };
  addEventListener("error", (event) => {
    const element = event.target;
    if (element instanceof Element) problems.push(`failed to load: ${element.src || element.href}`);
    else if (event.error || !String(event.message).startsWith("ResizeObserver loop")) {
      problems.push(`page error: ${text(event.error ?? event.message)}`);
    }
  }, true);
  addEventListener("unhandledrejection", (event) => problems.push(`page error: ${text(event.reason)}`));
})();
"""


class RecordingHandler(http.server.SimpleHTTPRequestHandler):
    """dist/ as it is, each page with the recorder's script first in its head."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}  # the class server's types

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def _send(self, body: bytes, content_type: str):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_head(self):
        if self.path.split("?")[0] == RECORDER_PATH:
            return self._send(RECORDER.encode(), "text/javascript")
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if path.suffix == ".html" and path.is_file():
            page = path.read_text(encoding="utf-8")
            if "<head>" not in page:
                raise AssertionError(f"{path} has no <head> for the recorder")
            page = page.replace("<head>", f'<head><script src="{RECORDER_PATH}"></script>', 1)
            return self._send(page.encode(), "text/html; charset=utf-8")
        return super().send_head()


class RecordingServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser hanging up mid-file (a tab closed while its workers download) is no error."""
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def recording_server(directory: Path) -> RecordingServer:
    """A server of ``directory`` on a free port of 127.0.0.1 whose pages record their own problems."""
    return RecordingServer(("127.0.0.1", 0), partial(RecordingHandler, directory=str(directory)))


# -- what the tests use -----------------------------------------------------------------------------

class Page:
    """One tab: go to a URL, wait for a condition, read the page, click like a person."""

    def __init__(self, driver, sink: list[str]):
        self.driver, self.sink, self.closed = driver, sink, False

    def goto(self, url):
        self.driver.goto(url)

    def evaluate(self, expression):
        return self.driver.evaluate(expression)

    def wait_for(self, expression, timeout=60.0, what=None):
        """Poll ``expression`` in the page until it is truthy; fail after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                state = self.evaluate("""navigator.serviceWorker.getRegistration().then((r) => ({
                    page: document.documentElement.dataset.state,
                    worker: r ? ['installing', 'waiting', 'active'].filter((k) => r[k]).join(' ') : 'none'}))""")
                raise AssertionError(f"waited {timeout:.0f} s for {what or expression} (data-state={state['page']!r},"
                                     f" service worker: {state['worker']})")
            time.sleep(0.05)

    def click_centre(self, selector):
        """A person's click: the pointer moves to the element's centre and presses there. (WebDriver's
        element click refuses an SVG group, which is what a move on the table is.) The page is
        scrolled first to bring that centre into view: Firefox ESR 153's ``scrollIntoView`` leaves
        an SVG group where it is."""
        centre = self.evaluate(f"""(() => {{
            const element = document.querySelector({json.dumps(selector)});
            if (!element) return null;
            let box = element.getBoundingClientRect();
            window.scrollBy(box.x + box.width / 2 - innerWidth / 2, box.y + box.height / 2 - innerHeight / 2);
            box = element.getBoundingClientRect();
            return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
        }})()""")
        if centre is None:
            raise AssertionError(f"nothing on the page matches {selector}")
        self.driver.click_at(*centre)

    def problems(self) -> list[str]:
        return self.driver.problems()

    def close(self):
        """Close the tab, its problems first handed to its profile's list."""
        self.sink.extend(self.problems())
        self.driver.close()
        self.closed = True


def available(name: str) -> str | None:
    """Why ``name`` cannot run here, or None if it can."""
    need = {"firefox": [FIREFOX, shutil.which("node") or "node"], "webkit": [WEBKIT_DRIVER, XVFB]}[name]
    missing = [path for path in need if not Path(path).exists()]
    if name == "firefox" and not (NODE_MODULES / "puppeteer-core").exists():
        missing.append(str(NODE_MODULES / "puppeteer-core"))
    return f"missing {', '.join(missing)} (`python3 build.py test` installs them)" if missing else None


def start(name: str, optimizing_wasm: bool = True):
    """Firefox or WebKit, driven. ``optimizing_wasm=False`` (the tests'; the bench keeps the
    default) runs wasm on the engine's baseline compiler alone, as tests/conftest.py's
    TEST_CHROMIUM_ARGS does for Chromium and for the same reason."""
    return (Firefox if name == "firefox" else WebKit)(optimizing_wasm)
