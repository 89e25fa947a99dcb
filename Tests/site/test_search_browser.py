"""The search box of the example site in headless Chromium: every kind of query typed into the
box, the keyboard, what screen readers hear, no console error and no request to another host,
opened from disk and served from a sub-path; and with JavaScript off, a link to the archives.
Expected results come from the example journal's own files (search_support.example_entries)."""
import datetime
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver, requested_urls
from search_support import example_entries, search

ENTRIES = example_entries()


def entries_where(test):
    return [entry for entry in ENTRIES if test(entry)]


def weekday(entry):
    return datetime.date.fromisoformat(entry["day"]).weekday()


def open_page(driver, url):
    driver.get(url)
    return WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "search-input"))


def type_query(driver, text):
    """Types `text` into the box and waits for its results to be announced."""
    box = driver.find_element(By.ID, "search-input")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)
    WebDriverWait(driver, 10).until(lambda d: status(d) == "")
    box.send_keys(text)
    WebDriverWait(driver, 10).until(lambda d: status(d) != "")
    return status(driver)


def status(driver):
    return driver.find_element(By.ID, "search-status").get_attribute("textContent")


def shown_titles(driver):
    return [e.get_attribute("textContent") for e in driver.find_elements(By.CSS_SELECTOR, "#search-results .search-result-title")]


def count_text(count):
    return "1 entry" if count == 1 else f"{count} entries"


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


@pytest.fixture
def home(site, browser):
    open_page(browser, (site / "index.html").as_uri())
    return browser


# Date and filter queries: exactly the matching entries, newest first.
FILTERS = [
    ("May 2024", lambda e: e["day"].startswith("2024-05")),
    ("2024", lambda e: e["day"].startswith("2024")),
    ("01/05/2024", lambda e: e["day"] == "2024-05-01"),
    ("2024-05-01", lambda e: e["day"] == "2024-05-01"),
    ("Monday", lambda e: weekday(e) == 0),
    ("June", lambda e: e["day"][5:7] == "06"),
    ("#travel", lambda e: "travel" in e["tags"]),
    ("tag:travel", lambda e: "travel" in e["tags"]),
    ("place:Bristol", lambda e: "bristol" in (e["place"] or "").lower().split()),
    ("rating:4+", lambda e: (e["rating"] or 0) >= 4),
    ("from:2023-01 to:2023-06", lambda e: "2023-01-01" <= e["day"] <= "2023-06-30"),
    ("rating:5 #travel", lambda e: e["rating"] == 5 and "travel" in e["tags"]),
]


@pytest.mark.parametrize("query,test", FILTERS, ids=[query for query, _ in FILTERS])
def test_date_and_filter_queries_show_exactly_their_entries_newest_first(home, query, test):
    expected = entries_where(test)
    assert expected, "the example journal should have such entries"
    assert type_query(home, query) == count_text(len(expected))
    answer = search(home, query, limit=100)
    assert [result["datetime"][:10] for result in answer["results"]] == [entry["day"] for entry in expected]
    titles = shown_titles(home)
    assert len(titles) == min(10, len(expected))
    if expected[0]["title"]:
        assert titles[0] == expected[0]["title"]


# Word queries: the entry that should come first, and a word its excerpt marks.
WORDS = [
    ("mountain", "Glacier river", "mountain"),
    ("cafe", "Station café in Okayama", "café"),
    ("krakow", "Kraków in the snow", "Kraków"),
    ("서울", "서울에서의 첫날", "서울"),
    ("Vieux-Port", "Un matin au Vieux-Port", "Vieux"),
    ("seoul #travel", "A stream under the city", "Seoul"),
]


@pytest.mark.parametrize("query,first,marked", WORDS, ids=[query for query, _, _ in WORDS])
def test_word_queries_rank_the_best_match_first_and_mark_it(home, query, first, marked):
    type_query(home, query)
    assert shown_titles(home)[0] == first
    marks = [m.get_attribute("textContent") for m in home.find_elements(By.CSS_SELECTOR, "#search-result-0 mark")]
    if first != "Kraków in the snow":  # its body never says Kraków; the title does
        assert marked in marks


def test_the_start_of_a_word_finds_the_whole_word(home):
    assert type_query(home, "moun") == "2 entries"
    assert sorted(shown_titles(home)) == ["Glacier river", "Sleeper to Penzance"]
    marks = [m.get_attribute("textContent") for m in home.find_elements(By.CSS_SELECTOR, "#search-results mark")]
    assert sorted(marks) == ["Mount", "mountain"]


def test_a_query_with_no_match_says_so(home):
    assert type_query(home, "zzzqqq") == "No entries match \u201czzzqqq\u201d"
    assert shown_titles(home) == []


def test_the_keyboard_finds_and_opens_an_entry(home):
    home.find_element(By.TAG_NAME, "body").send_keys("/")
    box = home.switch_to.active_element
    assert box.get_attribute("id") == "search-input"
    type_query(home, "rain")
    options = home.find_elements(By.CSS_SELECTOR, "#search-results [role=option]")
    assert len(options) == 10
    box.send_keys(Keys.ARROW_DOWN)
    box.send_keys(Keys.ARROW_DOWN)
    assert box.get_attribute("aria-activedescendant") == "search-result-1"
    box.send_keys(Keys.ARROW_UP)
    assert box.get_attribute("aria-activedescendant") == "search-result-0"
    assert [o.get_attribute("aria-selected") for o in options[:3]] == ["true", "false", "false"]
    target = options[0].get_attribute("href")
    box.send_keys(Keys.ENTER)
    WebDriverWait(home, 10).until(lambda d: d.current_url == target)
    assert home.find_element(By.CSS_SELECTOR, "article.entry h1")


def test_escape_closes_the_list_and_a_slash_typed_in_the_box_stays_there(home):
    box = home.find_element(By.ID, "search-input")
    type_query(home, "2024/05")
    assert box.get_attribute("value") == "2024/05"
    assert box.get_attribute("aria-expanded") == "true"
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("aria-expanded") == "false"
    assert not home.find_element(By.CSS_SELECTOR, ".search-panel").is_displayed()


def test_results_are_announced_to_screen_readers(home):
    live = home.find_element(By.ID, "search-status")
    assert live.get_attribute("role") == "status" and live.get_attribute("aria-live") == "polite"
    type_query(home, "May 2024")
    assert live.get_attribute("textContent") == "3 entries"
    assert not home.find_element(By.CSS_SELECTOR, ".search-more").is_displayed()
    box = home.find_element(By.ID, "search-input")
    assert box.get_attribute("role") == "combobox"
    assert box.get_attribute("aria-controls") == "search-results"
    assert home.find_element(By.ID, "search-results").get_attribute("role") == "listbox"


def test_more_results_load_below_the_first_ten(home):
    type_query(home, "2024")
    more = home.find_element(By.CSS_SELECTOR, ".search-more")
    assert more.is_displayed()
    more.click()
    expected = len(entries_where(lambda e: e["day"].startswith("2024")))
    WebDriverWait(home, 10).until(lambda d: len(shown_titles(d)) == min(20, expected))


def test_searching_from_disk_logs_no_error_and_asks_no_other_host(site, browser):
    open_page(browser, (site / "2024" / "05" / "index.html").as_uri())
    browser.get_log("browser")
    requested_urls(browser)
    for query, *_ in FILTERS + WORDS:
        type_query(browser, query)
    assert console_errors(browser) == []
    for url in requested_urls(browser):
        assert urllib.parse.urlparse(url).scheme in ("file", "data"), url


def test_searching_from_a_sub_path_works_and_asks_no_other_host(server, browser):
    open_page(browser, server + "2024/05/")
    browser.get_log("browser")
    requested_urls(browser)
    assert type_query(browser, "May 2024") == "3 entries"
    assert type_query(browser, "krakow") == "2 entries"
    host = urllib.parse.urlparse(server).netloc
    for url in requested_urls(browser):
        assert urllib.parse.urlparse(url).netloc == host, url
    assert console_errors(browser) == []
    browser.find_element(By.ID, "search-result-0").click()
    assert browser.current_url == server + "2023/12/09/krak%C3%B3w-in-the-snow/"


def test_the_box_works_on_the_not_found_page_at_any_depth(server, browser):
    open_page(browser, server + "no/such/page/")
    assert type_query(browser, "May 2024") == "3 entries"
    assert search(browser, "May 2024")["results"][0]["url"] == server + "2024/05/25/back-to-the-river/"


def test_without_javascript_the_box_is_a_link_to_the_archives(site):
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        driver.get((site / "2024" / "05" / "index.html").as_uri())
        assert driver.find_elements(By.ID, "search-input") == []
        link = driver.find_element(By.CSS_SELECTOR, ".site-search a")
        assert link.text == "Search the archives"
        assert link.get_attribute("href") == (site / "archives" / "index.html").as_uri()
    finally:
        driver.quit()
