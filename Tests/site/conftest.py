"""Shared fixtures for the site tests: the built example site and a headless Chromium."""
import http.server
import json
import os
import pathlib
import shutil
import socketserver
import threading

import pytest


def site_dir(variable):
    path = os.environ.get(variable)
    if not path:
        pytest.fail(f"{variable} is not set; run these tests with `make test-site`")
    root = pathlib.Path(path).resolve()
    if not (root / "index.html").is_file():
        pytest.fail(f"{root} has no index.html; build the example site first")
    return root


@pytest.fixture(scope="session")
def site():
    """The example site built without a base URL: meant to be opened from disk."""
    return site_dir("DAYBOOK_SITE")


@pytest.fixture(scope="session")
def sub_site():
    """The example site built with --base-url https://example.org/journal/."""
    return site_dir("DAYBOOK_SITE_SUB")


def serve_site(folder, prefix):
    """Serves `folder` at http://127.0.0.1:PORT`prefix` (`/` or `/journal/`) in a thread,
    answering a missing file with the site's own 404 page as static hosts do; returns the
    site's address and a function that stops the server."""

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            path = path.split("?", 1)[0].split("#", 1)[0]
            if not path.startswith(prefix):
                return str(folder / "__missing__")
            return super().translate_path("/" + path[len(prefix):])

        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args):
            pass

        def send_error(self, code, message=None, explain=None):
            if code == 404 and (folder / "404.html").is_file():
                body = (folder / "404.html").read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().send_error(code, message, explain)

    socketserver.TCPServer.allow_reuse_address = True
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}{prefix}", httpd.shutdown


@pytest.fixture(scope="session")
def server(sub_site):
    """Serves the sub-path site at http://127.0.0.1:PORT/journal/, as a static host would."""
    url, stop = serve_site(sub_site, "/journal/")
    yield url
    stop()


def make_driver(width=1280, height=900, profile=None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--allow-file-access-from-files",
                     "--disable-background-networking", "--disable-component-update",
                     "--no-first-run", "--disable-default-apps", "--disable-sync"):
        options.add_argument(argument)
    if profile:  # a profile of its own, kept on disk, for a test that reads it afterwards
        options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


def fixed_clock(milliseconds):
    """A script that makes `new Date()` and `Date.now()` give a fixed moment (for
    Page.addScriptToEvaluateOnNewDocument); dates built from parts, and the time zone (set with
    Emulation.setTimezoneOverride), work as usual."""
    return """
(() => {
  const fixed = %d, Real = Date;
  class FixedDate extends Real {
    constructor(...args) { if (args.length === 0) { super(fixed); } else { super(...args); } }
    static now() { return fixed; }
  }
  globalThis.Date = FixedDate;
})();
""" % milliseconds


@pytest.fixture(scope="session")
def browser():
    driver = make_driver()
    yield driver
    driver.quit()


def requested_urls(driver):
    """Every URL the page asked for since the last call, from Chromium's performance log."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls
