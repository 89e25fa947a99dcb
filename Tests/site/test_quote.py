"""The quote-of-the-day banner in headless Chromium: the quote of the reader's own day, with the
browser's clock and time zone set through CDP, from disk and from a host, with no console error."""
import datetime
import html
import http.server
import json
import os
import pathlib
import re
import shutil
import subprocess
import threading
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import fixed_clock, make_driver, requested_urls

REPO = pathlib.Path(__file__).resolve().parent.parent.parent

# Records the banner's text at the moment the parser first inserts <main>, which comes after
# the banner's scripts: a script that ran later (async, defer) would leave the built quote there.
WHEN_MAIN_APPEARS = """
new MutationObserver((records, observer) => {
  if (!document.getElementById("main")) return;
  const text = document.querySelector("#quote-of-the-day blockquote p");
  window.quoteWhenMainAppeared = text ? text.textContent : null;
  observer.disconnect();
}).observe(document, {childList: true, subtree: true});
"""


def site_quotes(root):
    """The data file's name, its quotes and stride."""
    page = (root / "index.html").read_text(encoding="utf-8")
    name = re.search(r'<script src="(quotes\.[0-9a-f]{10}\.js)"></script>', page).group(1)
    text = (root / name).read_text(encoding="utf-8")
    prefix = "window.daybookQuotes = "
    data = json.loads(text[text.index(prefix) + len(prefix):].rstrip().rstrip(";"))
    return name, data["quotes"], data["stride"]


def expected_quote(root, day):
    """The quote of `day`, worked out here as Daybook documents it: (days since 1970 × stride) mod count."""
    _, quotes, stride = site_quotes(root)
    return quotes[((day - datetime.date(1970, 1, 1)).days * stride) % len(quotes)]


def moment(text):
    return int(datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


class Clock:
    """A browser whose clock and time zone a test sets before loading a page."""

    def __init__(self):
        self.driver = make_driver()
        self.scripts = []

    def open(self, url, at, zone="UTC", javascript=True):
        for identifier in self.scripts:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
        self.scripts = [
            self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"]
            for source in (fixed_clock(moment(at)), WHEN_MAIN_APPEARS)]
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
        self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not javascript})
        self.driver.get_log("browser")
        requested_urls(self.driver)
        self.driver.get(url)
        return self

    def banner(self):
        figure = self.driver.find_element(By.ID, "quote-of-the-day")
        author = figure.find_element(By.TAG_NAME, "figcaption")
        credit = self.driver.find_elements(By.CSS_SELECTOR, ".quote-credit")
        return {
            "text": figure.find_element(By.CSS_SELECTOR, "blockquote p").text,
            "author": author.text if author.is_displayed() else None,
            "credit": bool(credit) and credit[0].is_displayed(),
        }

    def console(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


@pytest.fixture(scope="module")
def clock():
    browser = Clock()
    yield browser
    browser.driver.quit()


def shown(quote):
    return {"text": quote["text"], "author": quote.get("author")}


def test_two_days_show_their_two_quotes(site, clock):
    seen = []
    for at, day in (("2024-02-29T12:00:00Z", datetime.date(2024, 2, 29)), ("2031-11-05T09:30:00Z", datetime.date(2031, 11, 5))):
        clock.open((site / "index.html").as_uri(), at)
        banner = clock.banner()
        assert {"text": banner["text"], "author": banner["author"]} == shown(expected_quote(site, day)), at
        assert clock.driver.find_element(By.ID, "quote-of-the-day").get_attribute("data-date") == day.isoformat()
        assert clock.console() == [], at
        seen.append(banner["text"])
    assert seen[0] != seen[1]


def test_the_quote_changes_at_the_readers_local_midnight(site, clock):
    # 23:30 in London on 29 February is already 1 March in Tokyo and still 29 February in Los Angeles.
    for zone, day in (("Europe/London", datetime.date(2024, 2, 29)), ("Asia/Tokyo", datetime.date(2024, 3, 1)),
                      ("America/Los_Angeles", datetime.date(2024, 2, 29))):
        clock.open((site / "index.html").as_uri(), "2024-02-29T23:30:00Z", zone=zone)
        assert clock.banner()["text"] == expected_quote(site, day)["text"], zone
    assert expected_quote(site, datetime.date(2024, 2, 29)) != expected_quote(site, datetime.date(2024, 3, 1))


def test_the_built_page_carries_the_quote_of_the_newest_entry(site):
    page = (site / "index.html").read_text(encoding="utf-8")
    newest = re.search(r'<time class="entry-row-date" datetime="(\d{4}-\d\d-\d\d)', page).group(1)
    banner = re.search(r'<figure id="quote-of-the-day" data-date="([^"]+)">\n<blockquote><p>(.*?)</p></blockquote>', page)
    assert banner.group(1) == newest
    assert html.unescape(banner.group(2)) == expected_quote(site, datetime.date.fromisoformat(newest))["text"]


def test_without_javascript_the_built_quote_stays(site, clock):
    clock.open((site / "index.html").as_uri(), "2031-11-05T09:30:00Z", javascript=False)
    page = (site / "index.html").read_text(encoding="utf-8")
    built = html.unescape(re.search(r"<blockquote><p>(.*?)</p></blockquote>", page).group(1))
    assert clock.banner()["text"] == built
    assert built != expected_quote(site, datetime.date(2031, 11, 5))["text"]


def test_the_quote_is_swapped_before_the_rest_of_the_page_is_parsed(site, clock):
    # So the page is never drawn with the built quote first.
    clock.open((site / "index.html").as_uri(), "2031-11-05T09:30:00Z")
    expected = expected_quote(site, datetime.date(2031, 11, 5))["text"]
    assert clock.driver.execute_script("return window.quoteWhenMainAppeared") == expected


def test_a_missing_quotes_file_leaves_the_built_quote_and_no_script_error(site, clock, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    name, _, _ = site_quotes(copy)
    (copy / name).unlink()
    clock.open((copy / "index.html").as_uri(), "2031-11-05T09:30:00Z")
    page = (copy / "index.html").read_text(encoding="utf-8")
    assert clock.banner()["text"] == html.unescape(re.search(r"<blockquote><p>(.*?)</p></blockquote>", page).group(1))
    # The browser reports the missing file itself; nothing else, and no script error.
    problems = clock.console()
    assert [entry["source"] for entry in problems] == ["network"]
    assert name in problems[0]["message"]


def test_served_from_a_host_the_banner_asks_only_for_its_two_files(sub_site, server, clock):
    clock.open(server, "2024-02-29T12:00:00Z")
    assert clock.banner()["text"] == expected_quote(sub_site, datetime.date(2024, 2, 29))["text"]
    assert clock.console() == []
    name, _, _ = site_quotes(sub_site)
    # The search box's, "on this day"'s and the photos' own files load too; they are their business, not the banner's.
    asked = sorted(path for path in (urllib.parse.urlparse(url).path for url in requested_urls(clock.driver) if not url.startswith("data:"))
                   if not re.match(r"/journal/((search(-ui)?|on-this-day|photos)\.[0-9a-f]{10}\.js|on-this-day/days\.[0-9a-f]{10}/\d{4}\.js|photos/.*)$", path))
    script = re.search(r'<script src="(quote\.[0-9a-f]{10}\.js)">', (sub_site / "index.html").read_text(encoding="utf-8")).group(1)
    style = next(p.name for p in sub_site.glob("style.*.css"))
    assert asked == sorted(["/journal/", f"/journal/{style}", f"/journal/{name}", f"/journal/{script}"])


@pytest.fixture(scope="module")
def zen_site(tmp_path_factory):
    """A journal with its own quotes, one of them hostile, plus quotes from a ZenQuotes-compatible
    API on 127.0.0.1, built by the real binary."""
    answer = json.dumps([{"q": "Fetched wisdom.", "a": "Zen Author", "h": "<b>ignored</b>"}]).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    api = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=api.serve_forever, daemon=True).start()
    journal = tmp_path_factory.mktemp("zen")
    (journal / "entries").mkdir()
    (journal / "entries" / "2024-05-01.md").write_text("A day.\n")
    (journal / "daybook.yml").write_text(f"zenquotes: http://127.0.0.1:{api.server_address[1]}/api/quotes\n")
    (journal / "quotes.yml").write_text("- text: '<script>alert(\"boo\")</script> & <b>bold</b>'\n  author: <i>Me</i>\n")
    binary = os.environ.get("DAYBOOK_BIN", str(REPO / ".build" / "debug" / "daybook"))
    subprocess.run([binary, "build", str(journal), "--quiet"], check=True)
    api.shutdown()
    return journal / "_site"


def test_hostile_text_shows_as_text_and_zenquotes_get_their_credit(zen_site, clock):
    _, quotes, stride = site_quotes(zen_site)
    assert [q["text"] for q in quotes] == ['<script>alert("boo")</script> & <b>bold</b>', "Fetched wisdom."]
    assert stride == 1
    # Two quotes, stride 1: even days show the first, odd days the second.
    clock.open((zen_site / "index.html").as_uri(), "2024-02-28T12:00:00Z")  # day 19781, odd
    assert clock.banner() == {"text": "Fetched wisdom.", "author": "Zen Author", "credit": True}
    link = clock.driver.find_element(By.CSS_SELECTOR, ".quote-credit a")
    assert (link.text, link.get_attribute("href")) == ("ZenQuotes API", "https://zenquotes.io/")
    clock.open((zen_site / "index.html").as_uri(), "2024-02-29T12:00:00Z")  # day 19782, even
    assert clock.banner() == {"text": '<script>alert("boo")</script> & <b>bold</b>', "author": "<i>Me</i>", "credit": False}
    assert clock.driver.find_elements(By.CSS_SELECTOR, "#quote-of-the-day b, #quote-of-the-day i, #quote-of-the-day script") == []
    assert clock.console() == []
