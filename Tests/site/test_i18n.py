"""The example journal built in Korean and in Arabic (make test-site copies it with another
locale): valid HTML by the Nu Html Checker, every word of Daybook's in the language, the Arabic
layout mirrored (right to left) at 1280, 390 and 320 px, light and dark, passing the layout
test's checks, the scripts' words and plural forms in the language, no serious accessibility
violation, no console error and no request to another host. Screenshots go to
.build/i18n-screenshots/ for a person to look at."""
import pathlib
import re

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import fixed_clock, make_driver, requested_urls, site_dir
from test_axe import serious_violations
from test_html_valid import validate

SHOTS = pathlib.Path(__file__).resolve().parents[2] / ".build" / "i18n-screenshots"
CHECKS = (pathlib.Path(__file__).parent / "layout_checks.js").read_text(encoding="utf-8")
PAGES = ["index.html", "archives/index.html", "2025/06/28/rain-on-the-allotment/index.html", "stats/index.html",
         "places/index.html", "on-this-day/index.html", "2025/index.html", "404.html"]


@pytest.fixture(scope="session")
def ko_site():
    return site_dir("DAYBOOK_SITE_KO")


@pytest.fixture(scope="session")
def ar_site():
    return site_dir("DAYBOOK_SITE_AR")


@pytest.fixture(scope="module", params=[1280, 390, 320])
def sized_browser(request):
    driver = make_driver(request.param, 1000)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": request.param, "height": 1000, "deviceScaleFactor": 2 if request.param < 500 else 1,
                            "mobile": request.param < 500})
    driver.width = request.param
    yield driver
    driver.quit()


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


@pytest.mark.parametrize("which", ["ko_site", "ar_site"])
def test_every_page_is_valid_html(request, which):
    site = request.getfixturevalue(which)
    assert len(list(site.rglob("*.html"))) > 60
    code, output = validate(site)
    assert code == 0, output


def test_the_pages_speak_korean(ko_site):
    home = (ko_site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ko-KR">' in home
    assert '<a href="archives/index.html">보관함</a>' in home
    entry = (ko_site / "2025/06/28/rain-on-the-allotment/index.html").read_text(encoding="utf-8")
    assert "<small>이전 글</small>" in entry
    assert re.search(r'<p class="count">글 \d+편</p>', (ko_site / "archives/index.html").read_text(encoding="utf-8"))
    for page in PAGES:
        html = (ko_site / page).read_text(encoding="utf-8")
        for word in ("Archives", "Previous entry", "Made with Daybook", "Search the archives", " entries<"):
            assert word not in html, f"{page} still says {word!r}"


def test_the_arabic_pages_are_right_to_left(ar_site):
    home = (ar_site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="ar" dir="rtl">' in home
    assert "<a href=\"archives/index.html\">الأرشيف</a>" in home


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("which", ["ko_site", "ar_site"])
def test_layout_mirrors_and_fits(request, sized_browser, which, scheme):
    site = request.getfixturevalue(which)
    driver = sized_browser
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    SHOTS.mkdir(parents=True, exist_ok=True)
    requested_urls(driver)
    console_errors(driver)
    for page in PAGES:
        driver.get((site / page).as_uri())
        name = f"{which[:2]}-{page.replace('/', '_').replace('.html', '')}-{driver.width}-{scheme}.png"
        driver.save_screenshot(str(SHOTS / name))
        direction = driver.execute_script("return getComputedStyle(document.body).direction")
        assert direction == ("rtl" if which == "ar_site" else "ltr"), page
        # Nothing sticks out sideways or out of the column, at a phone's width either: Arabic's
        # month names pushed the archives' grid of months 10 px past the column at 320 px.
        assert driver.execute_script(CHECKS, driver.width) == [], f"{page} at {driver.width} px"
        title = driver.find_element(By.CSS_SELECTOR, ".site-title").rect
        nav = driver.find_element(By.CSS_SELECTOR, ".site-nav a").rect
        if which == "ar_site":
            # The title starts at the right; the first link is to its left (wide) or below it, right-aligned.
            assert title["x"] + title["width"] > driver.width / 2, page
            assert nav["x"] + nav["width"] <= title["x"] + title["width"] + 1, page
        else:
            assert title["x"] < driver.width / 2, page
    assert not console_errors(driver)
    assert all(url.startswith(("file:", "data:")) for url in requested_urls(driver))


def test_arabic_pager_arrows_point_the_reading_way(ar_site, browser):
    browser.get((ar_site / "2025/06/index.html").as_uri())
    previous = browser.find_element(By.CSS_SELECTOR, ".pager-prev")
    assert previous.text.startswith("→")
    # The older month, first in reading order, is on the right.
    assert previous.rect["x"] > browser.get_window_size()["width"] / 2


@pytest.mark.parametrize("which,pattern", [("ko_site", r"^글 \d+편$"), ("ar_site", r"^(\d+ تدوين(ة|ات)|تدوينة واحدة|تدوينتان)$")])
def test_search_speaks_the_language(request, browser, which, pattern):
    site = request.getfixturevalue(which)
    browser.get((site / "index.html").as_uri())
    box = WebDriverWait(browser, 10).until(lambda d: d.find_element(By.ID, "search-input"))
    assert box.get_attribute("placeholder") == ("검색" if which == "ko_site" else "بحث")
    box.send_keys("rain")
    summary = WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.CSS_SELECTOR, ".search-summary").text or None)
    assert re.match(pattern, summary), summary
    box.clear()
    box.send_keys("zzzqqq")
    WebDriverWait(browser, 10).until(lambda d: "zzzqqq" in d.find_element(By.CSS_SELECTOR, ".search-summary").text)
    none = browser.find_element(By.CSS_SELECTOR, ".search-summary").text
    assert none == ("“zzzqqq”에 맞는 글이 없습니다" if which == "ko_site" else "لا توجد تدوينات تطابق «zzzqqq»")


def test_on_this_day_counts_years_with_arabic_plural_forms(ar_site, browser):
    # 14 October 2025: two earlier years' entries, one and two years ago.
    script = browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": fixed_clock(1760443200000)})
    try:
        browser.get((ar_site / "on-this-day/index.html").as_uri())
        headings = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".on-this-day:not(.on-this-day-built) h3")]
    finally:
        browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
    assert headings, "the script drew no years"
    for heading in headings:
        assert re.match(r"^قبل (سنة|سنتين|\d+ سنوات|\d+ سنة) \(\d{4}\)$", heading), headings


@pytest.mark.parametrize("which", ["ko_site", "ar_site"])
@pytest.mark.parametrize("page", ["index.html", "stats/index.html", "places/index.html", "archives/index.html"])
def test_no_serious_accessibility_violation(request, browser, which, page):
    site = request.getfixturevalue(which)
    browser.get((site / page).as_uri())
    violations = serious_violations(browser)
    assert not violations, f"{which} {page}:\n" + "\n".join(violations)
