"""The places map in headless Chromium, from disk and from a sub-path: it opens on the latest
place, zooms and pans with the keyboard by changing the SVG viewBox, shows the zoom level's pins,
leads from a pin to its place page, and works without JavaScript; no console error and no
request to another host."""
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import requested_urls


def view(driver):
    return [float(n) for n in driver.find_element(By.CSS_SELECTOR, ".map-svg").get_dom_attribute("viewBox").split()]


def visible_level(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.map-level')].filter(g => !g.hasAttribute('display')).map(g => g.id)")


def press(driver, key):
    driver.find_element(By.CSS_SELECTOR, ".map-svg").send_keys(key)


def problems(driver):
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def check_keyboard(driver):
    start = [float(n) for n in driver.find_element(By.CSS_SELECTOR, "[data-daybook-map]").get_attribute("data-start").split()]
    assert view(driver) == pytest.approx(start, abs=1e-3)
    assert start[2] == 13.5, "the page opens at the regional zoom"
    assert visible_level(driver) == ["map-level-3"]
    press(driver, "+")
    zoomed = view(driver)
    assert zoomed[2] == pytest.approx(9)
    # Zooming keeps the centre.
    assert zoomed[0] + zoomed[2] / 2 == pytest.approx(start[0] + start[2] / 2, abs=1e-3)
    press(driver, "\ue014")  # arrow right: an eighth of the view
    assert view(driver)[0] == pytest.approx(zoomed[0] + 9 / 8, abs=1e-3)
    press(driver, "\ue015")  # arrow down
    assert view(driver)[1] == pytest.approx(zoomed[1] + 9 / 8, abs=1e-3)
    press(driver, "-")
    press(driver, "-")
    assert view(driver)[2] == pytest.approx(20.25)
    press(driver, "0")
    assert view(driver) == [0, 0, 360, 180]
    assert visible_level(driver) == ["map-level-0"]


def only_local(urls, allowed):
    outside = [u for u in urls if not u.startswith(allowed) and not u.startswith("data:")]
    assert not outside, outside


def test_the_map_from_disk_zooms_and_pans_with_the_keyboard(site, browser):
    requested_urls(browser)
    browser.get_log("browser")
    browser.get((site / "places" / "index.html").as_uri())
    check_keyboard(browser)
    assert not problems(browser)
    only_local(requested_urls(browser), "file://")


def test_the_map_from_a_sub_path_zooms_and_pans(server, browser):
    requested_urls(browser)
    browser.get_log("browser")
    browser.get(server)
    browser.find_element(By.LINK_TEXT, "Places").click()
    assert browser.current_url == server + "places/"
    check_keyboard(browser)
    assert not problems(browser)
    only_local(requested_urls(browser), server.split("/journal/")[0] + "/")


def test_a_reader_follows_clusters_and_a_pin_to_the_place_page(site, browser):
    browser.get((site / "places" / "index.html").as_uri())
    press(browser, "0")
    for _ in range(8):
        # Kyoto has the most entries of its region, so every cluster holding it sits on it
        # (x = 135.77 + 180, y = 90 - 35.01).
        marks = browser.execute_script(
            "return [...document.querySelectorAll('.map-level:not([display]) a')].filter(a =>"
            " Math.abs(a.getAttribute('data-x') - 315.77) < 0.01 && Math.abs(a.getAttribute('data-y') - 54.99) < 0.01)")
        assert len(marks) == 1
        mark = marks[0]
        if "cluster" not in mark.get_attribute("class"):
            break
        before = int(visible_level(browser)[0].split("-")[-1])
        # The mark's own circle: a neighbour's name may overlap the middle of the link's box.
        mark.find_element(By.CSS_SELECTOR, "circle:last-of-type").click()
        # A cluster zooms in to fit its places, instead of leaving the page.
        assert int(visible_level(browser)[0].split("-")[-1]) > before
        fit = [float(n) for n in mark.get_dom_attribute("data-fit").split()]
        x, y, w, h = view(browser)
        assert x <= fit[0] and fit[2] <= x + w and y <= fit[1] and fit[3] <= y + h, (fit, view(browser))
    assert mark.get_attribute("aria-label") == "Kyoto, 3 entries"
    mark.find_element(By.CSS_SELECTOR, "circle:last-of-type").click()
    WebDriverWait(browser, 10).until(lambda d: urllib.parse.unquote(d.current_url).endswith("places/kyoto/index.html"))
    assert browser.find_element(By.TAG_NAME, "h1").text == "Kyoto"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".entry-row")) == 3
    assert browser.find_elements(By.CSS_SELECTOR, "svg.locator")
    assert not problems(browser)


def test_an_entry_place_name_leads_to_its_place_page(site, browser):
    browser.get((site / "2022" / "04" / "04" / "a-rainy-day-in" / "index.html").as_uri())
    browser.find_element(By.CSS_SELECTOR, ".entry-meta .place a").click()
    assert urllib.parse.unquote(browser.current_url).endswith("places/kyoto/index.html")


def test_without_javascript_the_whole_world_shows_and_every_pin_is_a_link(site, browser):
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get((site / "places" / "index.html").as_uri())
        assert view(browser) == [0, 0, 360, 180]
        assert visible_level(browser) == ["map-level-0"]
        assert not browser.find_element(By.CSS_SELECTOR, ".map-controls").is_displayed()
        links = browser.find_elements(By.CSS_SELECTOR, "#map-level-0 a")
        assert len(links) > 5
        assert all(a.get_attribute("href") for a in links)
        # Every place with coordinates is in the list beside the map.
        rows = browser.find_elements(By.CSS_SELECTOR, "#place-list tbody tr")
        assert len(rows) == int(browser.find_element(By.CSS_SELECTOR, ".page-header .count").text.split()[0]) - len(
            browser.find_elements(By.CSS_SELECTOR, "[aria-labelledby=unlocated-heading] tbody tr"))
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


def test_drafts_never_reach_the_map(site):
    assert "McMurdo" not in (site / "places" / "index.html").read_text(encoding="utf-8")
    assert not (site / "places" / "mcmurdo-station").exists()


@pytest.mark.parametrize("query,expected", [("place:Kyoto", "Kyoto"), ("place:\"mexico city\"", "Mexico City"),
                                            ("place:Atlantis", None), ("kyoto", None)])
def test_a_place_query_links_to_the_place_page(site, browser, query, expected):
    browser.get((site / "index.html").as_uri())
    box = WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "search-input"))
    box.send_keys(query)
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".search-summary").text)
    if expected is None:
        # Give the place line the time it would take, then make sure it stayed hidden.
        browser.execute_async_script("setTimeout(arguments[0], 300)")
        assert not browser.find_element(By.CSS_SELECTOR, ".search-place").is_displayed()
        return
    link = WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".search-place a"))
    assert link.text == expected
    link.click()
    assert browser.find_element(By.TAG_NAME, "h1").text == expected
    assert not problems(browser)


def test_the_place_names_file_is_asked_for_only_by_a_place_query(site, browser):
    requested_urls(browser)
    browser.get((site / "index.html").as_uri())
    box = WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "search-input"))
    box.send_keys("rain")
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".search-summary").text)
    assert not [u for u in requested_urls(browser) if u.endswith("places/names.js")]
    box.send_keys(" place:Bristol")
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".search-place a"))
    assert [u for u in requested_urls(browser) if u.endswith("places/names.js")]
