"""axe-core in headless Chromium finds no serious or critical accessibility violation on the
example site's pages, in light and dark mode; on the home page with search results open.

axe-core 4.9.1, as shipped inside the PyPI package axe-selenium-python-nhsuk 1.0.4, which
scripts/install-deps.sh installs (axe-selenium-python itself ships axe-core 3.1.1 from 2018 to
Python 3.11, too old to know `nested-interactive`); the test reads axe.min.js from that package."""
import functools
import importlib.metadata

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import fixed_clock

AXE_VERSION = "4.9.1"
PAGES = [
    "index.html",
    "2024/11/30/models-that-dont-know-about-rain/index.html",  # rating, place, code, tags, pager
    "2023/04/08/gauging-station-on-the-frome/index.html",  # a code block
    "archives/index.html",  # months with and without entries
    "2024/index.html",
    "2024/05/index.html",
    "tags/index.html",
    "tags/travel/index.html",
    "on-this-day/index.html",  # the built day, with nothing in earlier years
    "stats/index.html",
    "places/index.html",  # the map and the list of places
    "places/kyoto/index.html",  # a place page with its locator map
    "posts/ten-minutes-on-the-ferry/index.html",  # an entry's old address (aliases)
    "2025/05/24/sleeper-to-penzance/index.html",  # photos: a picture in the text and a gallery
]


@functools.cache
def axe_source():
    try:
        files = importlib.metadata.files("axe-selenium-python-nhsuk") or []
    except importlib.metadata.PackageNotFoundError:
        pytest.fail("axe-selenium-python-nhsuk is not installed; run scripts/install-deps.sh")
    return next(f for f in files if f.name == "axe.min.js").read_text(encoding="utf-8")


@pytest.fixture(params=["light", "dark"])
def scheme(browser, request):
    """Emulates prefers-color-scheme for the browser, and stops emulating after the test."""
    features = [{"name": "prefers-color-scheme", "value": request.param}]
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})
    yield request.param
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def open_search_results(driver):
    """Types a query with many results and selects the first one, as a reader would."""
    box = WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "search-input"))
    box.send_keys("rain")
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li"))
    box.send_keys(Keys.ARROW_DOWN)
    assert driver.find_element(By.CSS_SELECTOR, ".search-panel").is_displayed()


def serious_violations(driver):
    driver.execute_script(axe_source())
    assert driver.execute_script("return axe.version") == AXE_VERSION
    answer = driver.execute_async_script(
        "const done = arguments[0];"
        "axe.run(document, { resultTypes: ['violations'] }).then(done, e => done(String(e)));")
    assert isinstance(answer, dict), answer
    return [f"{v['id']} ({node['impact']}) at {node['target']}: {node['failureSummary']}"
            for v in answer["violations"] for node in v["nodes"] if node["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("page", PAGES)
def test_no_serious_or_critical_violation(site, browser, scheme, page):
    browser.get((site / page).as_uri())
    if page == "index.html":
        open_search_results(browser)
    violations = serious_violations(browser)
    assert not violations, f"{page}, {scheme}:\n" + "\n".join(violations)


@pytest.mark.parametrize("page", ["index.html", "on-this-day/index.html"])
def test_no_serious_or_critical_violation_on_this_day(site, browser, scheme, page):
    # With the clock on 14 October 2025 the script shows two earlier years' entries.
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": fixed_clock(1760443200000)})
    try:
        browser.get((site / page).as_uri())
        assert len(browser.find_elements(By.CSS_SELECTOR, ".on-this-day:not(.on-this-day-built) li")) == 2
        violations = serious_violations(browser)
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    assert not violations, f"{page}, {scheme}, on this day:\n" + "\n".join(violations)


def test_axe_reports_a_violation(browser, tmp_path):
    # The check above could pass vacuously if axe never ran; prove it fails on a bad page.
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html lang="en"><title>x</title>'
                    '<p style="color:#777;background:#888">faint</p><button><a href="#">link</a></button>')
    browser.get(page.as_uri())
    ids = {line.split(" ")[0] for line in serious_violations(browser)}
    assert {"color-contrast", "nested-interactive"} <= ids
