"""An entry's old address (`aliases:` in the example's ferry entry) sends the reader on to the
entry, from disk and from a sub-path host, with nothing asked of another host."""
import urllib.parse

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

from conftest import requested_urls

OLD = "posts/ten-minutes-on-the-ferry/index.html"
ENTRY = "2019/03/09/ten-minutes-on-the-ferry/"


def follow(browser, url):
    browser.get_log("browser")
    requested_urls(browser)
    browser.get(url)
    # The refresh is a navigation of its own: wait for the entry's page to have loaded.
    WebDriverWait(browser, 10, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda b: ENTRY in b.current_url and b.find_element("tag name", "h1").text == "Ten minutes on the ferry")
    # The browser asks a host for /favicon.ico by itself; the site has none to give.
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE" and "/favicon.ico" not in e["message"]]
    return requested_urls(browser)


def test_the_old_address_opens_the_entry_from_disk(site, browser):
    urls = follow(browser, (site / OLD).as_uri())
    assert [u for u in urls if not u.startswith(("file://", "data:"))] == []


def test_the_old_address_opens_the_entry_under_a_sub_path(server, browser):
    urls = follow(browser, server + OLD)
    # The browser may ask the host for /favicon.ico; the host is the only one asked.
    host = urllib.parse.urlparse(server).netloc
    assert [u for u in urls if not u.startswith("data:") and urllib.parse.urlparse(u).netloc != host] == []


def test_the_page_links_to_the_entry_for_a_reader_whose_browser_does_not_refresh(site):
    page = (site / OLD).read_text(encoding="utf-8")
    assert '<a href="../../2019/03/09/ten-minutes-on-the-ferry/index.html">Ten minutes on the ferry</a>' in page
    assert '<meta http-equiv="refresh" content="0; url=../../2019/03/09/ten-minutes-on-the-ferry/index.html">' in page
