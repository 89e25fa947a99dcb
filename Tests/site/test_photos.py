"""Photos in headless Chromium: the right copy for the screen, the lightbox by keyboard, from
disk and from a sub-path, with no console error and no request to another host."""
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver, requested_urls

ENTRY = "2025/05/24/sleeper-to-penzance/index.html"


def problems(driver):
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def load_all(driver):
    """Scrolls every picture into view (they load lazily) and waits until each has loaded."""
    for image in driver.find_elements(By.CSS_SELECTOR, "a.photo img"):
        driver.execute_script("arguments[0].scrollIntoView()", image)
    deadline = time.time() + 10
    while time.time() < deadline:
        if driver.execute_script("return [...document.querySelectorAll('a.photo img')].every(i => i.complete && i.naturalWidth > 0)"):
            return
        time.sleep(0.1)
    pytest.fail("the pictures did not load")


def chosen(driver):
    """Each picture's rendered width and the file the browser chose for it."""
    return driver.execute_script(
        "return [...document.querySelectorAll('a.photo img')].map(i => [i.getBoundingClientRect().width, i.currentSrc])")


@pytest.mark.parametrize("width,inline,gallery", [(390, "-480.webp", "-480.webp"), (1280, "-960.webp", "-480.webp")])
@pytest.mark.parametrize("where", ["disk", "sub-path"])
def test_each_screen_gets_a_copy_of_a_sensible_width(site, server, where, width, inline, gallery):
    driver = make_driver(width, 900)
    try:
        start = (site / ENTRY).as_uri() if where == "disk" else server + ENTRY
        driver.get(start)
        load_all(driver)
        pictures = chosen(driver)
        assert len(pictures) == 3, "one picture in the text, two in the gallery"
        assert pictures[0][1].endswith(inline), pictures
        for rendered, source in pictures:
            # Never a copy narrower than the picture is drawn, never the largest for a small one.
            copy_width = int(source.rsplit("-", 1)[1].split(".")[0])
            assert copy_width >= rendered or copy_width >= 960, (rendered, source)
            assert not source.endswith("-1800.webp"), source
        assert pictures[2][1].endswith(gallery) or width == 390
        hosts = {urllib.parse.urlsplit(url).hostname for url in requested_urls(driver)
                 if not url.startswith(("file:", "data:", "blob:"))}
        assert hosts <= {"127.0.0.1"}, hosts
        assert problems(driver) == []
    finally:
        driver.quit()


@pytest.mark.parametrize("where", ["disk", "sub-path"])
def test_the_lightbox_opens_steps_and_closes_by_keyboard(site, server, browser, where):
    browser.get_log("browser")
    browser.get((site / ENTRY).as_uri() if where == "disk" else server + ENTRY)
    first = browser.find_element(By.CSS_SELECTOR, ".entry-body a.photo")
    largest = first.get_attribute("href")
    assert largest.endswith("-1800.jpg"), "the photo is 1800 pixels wide and never upscaled"
    browser.execute_script("arguments[0].focus()", first)
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    dialog = browser.find_element(By.CSS_SELECTOR, "dialog.lightbox")
    assert dialog.get_attribute("open") is not None
    image = dialog.find_element(By.TAG_NAME, "img")
    # The copy that fills the window, not the largest (a phone got the 2,400 px copy).
    natural = browser.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image)
    drawn = browser.execute_script("return arguments[0].getBoundingClientRect().width", image)
    assert drawn <= natural <= 2 * drawn and image.get_attribute("src") != largest, (drawn, natural, image.get_attribute("src"))
    assert dialog.find_element(By.TAG_NAME, "p").text.endswith("1 / 3")
    browser.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)
    assert dialog.find_element(By.TAG_NAME, "p").text == "The sleeper at Penzance, just in · 2 / 3"
    browser.switch_to.active_element.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
    assert dialog.find_element(By.TAG_NAME, "p").text.endswith("3 / 3")
    browser.switch_to.active_element.send_keys(Keys.ESCAPE)
    time.sleep(0.2)
    assert dialog.get_attribute("open") is None
    assert browser.switch_to.active_element == first, "the focus went back to the photo"
    assert problems(browser) == []


def test_a_photo_link_works_without_javascript(site):
    driver = make_driver(1280, 900)
    try:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
        driver.get((site / ENTRY).as_uri())
        link = driver.find_element(By.CSS_SELECTOR, ".entry-body a.photo")
        target = link.get_attribute("href")
        link.click()
        time.sleep(0.3)
        assert driver.current_url == target
        assert driver.execute_script("return document.images.length && document.images[0].naturalWidth") == 1800
    finally:
        driver.quit()


def test_lists_show_the_cover_thumbnail(site):
    html = (site / "2025/05/index.html").read_text()
    assert html.count('class="entry-row-cover"') == 1
    assert "-thumb.jpg" in html and "-thumb.webp" in html


def test_no_original_is_published(site):
    names = {path.name for path in site.rglob("*")}
    assert not names & {"harbour.jpg", "train.jpg", "mousehole.jpg", "README.txt"}
    copies = sorted((site / "photos").iterdir())
    # 1800 wide: 480, 960, 1600, 1800; 1200 wide: 480, 960, 1200; each with a thumbnail, twice.
    assert len(copies) == 2 * (5 + 4 + 5)


def test_search_results_show_the_cover_thumbnail(site):
    """Searching finds the photo entry with its cover beside it, and entries without photos without one."""
    from test_search_browser import open_page, type_query
    driver = make_driver()
    try:
        requested_urls(driver)
        open_page(driver, (site / "index.html").as_uri())
        type_query(driver, "Penzance")
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results .search-result"))
        covered = driver.find_elements(By.CSS_SELECTOR, "#search-results a.has-cover")
        assert covered, "no result has a cover"
        image = covered[0].find_element(By.CSS_SELECTOR, "img.search-result-cover")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image))
        assert image.get_attribute("src").endswith("-thumb.webp") and image.get_attribute("alt") == ""
        type_query(driver, "rain")
        results = driver.find_elements(By.CSS_SELECTOR, "#search-results a")
        assert results and not any("has-cover" in (r.get_attribute("class") or "") for r in results)
        assert problems(driver) == []
    finally:
        driver.quit()


def test_the_map_pin_of_a_place_with_photos_shows_its_cover(site):
    """At the levels where pins are named, Penzance's pin shows its entry's cover, which loads;
    places without photos show none."""
    html = (site / "places/index.html").read_text()
    assert html.count('class="pin-cover"') >= 1 and "-thumb.webp" in html
    driver = make_driver()
    try:
        driver.get((site / "places/index.html").as_uri())
        covers = driver.find_elements(By.CSS_SELECTOR, ".map-level.named a[aria-label^='Penzance'] image.pin-cover")
        assert covers
        loaded = driver.execute_async_script("""
          const done = arguments[arguments.length - 1], image = new Image();
          image.onload = () => done(image.naturalWidth); image.onerror = () => done(0);
          image.src = new URL(arguments[0].getAttribute('href'), document.baseURI).href;""", covers[0])
        assert loaded > 0
        assert not driver.find_elements(By.CSS_SELECTOR, ".map-level a[aria-label^='Keswick'] image.pin-cover")
        assert problems(driver) == []
    finally:
        driver.quit()
