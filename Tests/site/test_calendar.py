"""The year calendar in headless Chromium: on a phone it scrolls within itself, never the page;
a day's cell links to that day's first entry; no console error and no request to another host."""
import re
import urllib.parse

import pytest
from selenium.webdriver.common.by import By

from conftest import make_driver, requested_urls


@pytest.fixture(scope="module")
def phone():
    driver = make_driver(390, 844)
    # A window is at least 500 px wide as launched; a phone's width is emulated instead.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    yield driver
    driver.quit()


def only_local(urls):
    return [u for u in urls if not (u.startswith("file://") or u.startswith("data:"))]


@pytest.mark.parametrize("page", ["2024/index.html", "archives/index.html"])
def test_scrolls_within_itself_on_a_phone(site, phone, page):
    phone.get((site / page).as_uri())
    grid = phone.find_element(By.CSS_SELECTOR, ".calendar-scroll")
    width = phone.execute_script("return window.innerWidth")
    assert width == 390
    assert phone.execute_script("return document.documentElement.scrollWidth") <= width
    # The calendar is wider than the phone and scrolls inside its own box.
    assert phone.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", grid)
    phone.execute_script("arguments[0].scrollLeft = 10000", grid)
    assert phone.execute_script("return arguments[0].scrollLeft", grid) > 0
    assert phone.execute_script("return document.documentElement.scrollWidth") <= width
    assert not [e for e in phone.get_log("browser") if e["level"] == "SEVERE"]
    assert only_local(requested_urls(phone)) == []


def fresh_logs(driver):
    """Drops what earlier tests left in the shared browser's logs."""
    driver.get_log("browser")
    requested_urls(driver)


def test_a_day_links_to_its_first_entry(site, browser):
    fresh_logs(browser)
    browser.get((site / "2024" / "index.html").as_uri())
    cells = browser.find_elements(By.CSS_SELECTOR, ".calendar-grid td a")
    assert len(cells) == 21, "one link per day written in 2024"
    # 17 August 2024 has two entries: the cell links to the earlier one.
    cell = next(c for c in cells if "17 August 2024" in c.get_attribute("textContent"))
    assert cell.get_attribute("textContent").startswith("2 entries")
    cell.click()
    assert urllib.parse.unquote(browser.current_url).endswith("/2024/08/17/before-anyone-is-up/index.html")
    assert browser.find_element(By.TAG_NAME, "h1").text == "Before anyone is up"
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert only_local(requested_urls(browser)) == []


def test_every_cell_has_a_label_and_weeks_start_on_monday_in_en_gb(site, browser):
    browser.get((site / "2024" / "index.html").as_uri())
    days = browser.find_elements(By.CSS_SELECTOR, ".calendar-grid tbody td:not(.out)")
    assert len(days) == 366
    labels = [d.get_attribute("textContent") for d in days]
    assert all(re.match(r"(No entries|\d+ entr(y|ies), [\d,]+ words?) on \w+,? \d+ \w+ 2024$", label) for label in labels), labels[:3]
    first_row = browser.find_element(By.CSS_SELECTOR, ".calendar-grid tbody tr th").text
    assert first_row == "Mon"


def test_links_work_from_a_sub_path(server, browser):
    browser.get(server + "2024/")
    link = browser.find_element(By.CSS_SELECTOR, ".calendar-grid td a")
    assert link.get_attribute("href").startswith(server + "2024/")
    link.click()
    assert browser.find_element(By.TAG_NAME, "h1").text
    assert "404" not in browser.title
