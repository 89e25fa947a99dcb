"""The example site in headless Chromium: no console error, no request to another host,
and navigation works from disk and from a sub-path."""
import urllib.parse

from selenium.webdriver.common.by import By

from conftest import requested_urls


def pages_to_visit(root):
    pages = ["index.html", "archives/index.html", "tags/index.html", "404.html"]
    pages += sorted(str(p.relative_to(root)) for p in root.glob("20*/index.html"))[:2]
    pages += sorted(str(p.relative_to(root)) for p in root.glob("20*/*/index.html"))[:3]
    pages += sorted(str(p.relative_to(root)) for p in root.glob("20*/*/*/*/index.html"))
    pages += sorted(str(p.relative_to(root)) for p in root.glob("tags/*/index.html"))[:3]
    return pages


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def test_pages_opened_from_disk_have_no_errors_and_no_outside_requests(site, browser):
    requested_urls(browser)
    browser.get_log("browser")
    visited = 0
    for page in pages_to_visit(site):
        browser.get((site / page).as_uri())
        assert browser.find_element(By.CSS_SELECTOR, "main h1, main h2"), page
        assert console_errors(browser) == [], page
        for url in requested_urls(browser):
            assert urllib.parse.urlparse(url).scheme in ("file", "data"), f"{page} requested {url}"
        visited += 1
    assert visited > 40


def test_the_stylesheet_applies(site, browser):
    browser.get((site / "index.html").as_uri())
    title = browser.find_element(By.CSS_SELECTOR, ".site-title")
    assert title.value_of_css_property("text-decoration-line") == "none"


def test_a_reader_can_click_from_home_to_an_entry_and_on(site, browser):
    browser.get((site / "index.html").as_uri())
    first = browser.find_element(By.CSS_SELECTOR, ".entry-row-title a")
    title = first.text
    first.click()
    assert browser.find_element(By.CSS_SELECTOR, "article.entry h1").text == title
    browser.find_element(By.CSS_SELECTOR, "a.pager-prev").click()
    assert browser.find_element(By.CSS_SELECTOR, "article.entry h1").text != title
    browser.find_element(By.LINK_TEXT, "Archives").click()
    assert browser.find_element(By.CSS_SELECTOR, "main h1").text == "Archives"
    browser.find_element(By.CSS_SELECTOR, ".month-grid a").click()
    assert browser.find_elements(By.CSS_SELECTOR, ".entry-row")


def test_pages_served_from_a_sub_path_have_no_errors_and_no_outside_requests(sub_site, server, browser):
    requested_urls(browser)
    browser.get_log("browser")
    host = urllib.parse.urlparse(server).netloc
    for page in pages_to_visit(sub_site):
        url = server + (page[: -len("index.html")] if page.endswith("index.html") else page)
        browser.get(url)
        assert console_errors(browser) == [], page
        for requested in requested_urls(browser):
            parsed = urllib.parse.urlparse(requested)
            assert parsed.scheme == "data" or parsed.netloc == host, f"{page} requested {requested}"


def test_the_404_page_works_at_any_depth(server, browser):
    browser.get(server + "no/such/page/")
    assert browser.find_element(By.CSS_SELECTOR, "main h1").text == "Page not found"
    # Its stylesheet loaded, although the page is served far from the site root.
    assert browser.find_element(By.CSS_SELECTOR, ".site-title").value_of_css_property("text-decoration-line") == "none"
    browser.find_element(By.LINK_TEXT, "archives").click()
    assert browser.current_url == server + "archives/"
