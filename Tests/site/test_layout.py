"""Every page kind of a stress journal, as a visitor sees it, at six widths: nothing scrolls
sideways or sticks out, the search results fit, images load at a sensible size, no text is under
12 px, no console error, no request to another host, and axe finds nothing serious.

The journal is written by scripts/make-stress-journal.py (long words, a long bare URL, a wide code
block, a Markdown table, a 2,000-word entry, Korean and Arabic, portrait and landscape photos, six
places in one city, a tag on 300 entries, an untitled and a private entry) and built by the real
binary twice: without a base URL (served at the root) and with one (served at /journal/).

Light mode at 320, 390, 768, 1024, 1280 and 1440 px, dark mode at 390 and 1280 px (the full
matrix would take twice as long for little more); axe at 390 and 1280 px in both. Phones and the
tablet are emulated with touch and two device pixels per CSS pixel, desktops with one.
Screenshots go to .build/layout-screenshots/<page>-<width>-<scheme>.png."""
import functools
import os
import pathlib
import subprocess
import sys
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver, requested_urls, serve_site
from private_support import go, unlock
from test_axe import serious_violations

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build/debug/daybook"))
SHOTS = ROOT / ".build/layout-screenshots"
CHECKS = (pathlib.Path(__file__).parent / "layout_checks.js").read_text(encoding="utf-8")
SECRETS = {"DAYBOOK_SITE_KEY": "0UYx/+fyV1q1cE3ctHNkDOz6jFy/UenMsqpl/NDq+wY=", "DAYBOOK_PASSWORD": "tiles and trams"}
VIEWS = [(w, "light") for w in (320, 390, 768, 1024, 1280, 1440)] + [(390, "dark"), (1280, "dark")]
PAGES = ["home-search", "entry", "entry-long", "lightbox", "month", "year", "archives", "tags", "tag",
         "places", "places-city", "place", "on-this-day", "stats", "404", "404-base-url", "unlock", "private-entry"]


def build(journal, out, *arguments):
    result = subprocess.run([str(BINARY), "build", str(journal), "--output", str(out), "--quiet", *arguments],
                            capture_output=True, text=True, env={**os.environ, **SECRETS})
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def sites():
    journal = ROOT / ".build/stress-journal"
    subprocess.run([sys.executable, str(ROOT / "scripts/make-stress-journal.py"), str(journal)], check=True)
    plain, sub = ROOT / ".build/stress-site", ROOT / ".build/stress-site-sub"
    build(journal, plain)
    build(journal, sub, "--base-url", "https://example.org/journal/")
    root, stop_root = serve_site(plain, "/")
    journal_url, stop_sub = serve_site(sub, "/journal/")
    yield {"root": root, "sub": journal_url, "folder": plain}
    stop_root()
    stop_sub()


@pytest.fixture(scope="module")
def driver():
    d = make_driver()
    yield d
    d.quit()


@functools.cache
def entry_path(folder, day):
    """The site path of the entry written on `day` (`2026/03/02`)."""
    found = sorted(folder.glob(day + "/*/index.html"))
    assert found, day
    return str(found[0].parent.relative_to(folder)) + "/"


def first_place(folder):
    return str(sorted(folder.glob("places/*/index.html"))[0].parent.relative_to(folder)) + "/"


def open_page(d, sites, page):
    """Loads `page` and brings it to the state the test measures; True when the measuring is to be
    done inside the private viewer's frame."""
    folder, root = sites["folder"], sites["root"]
    simple = {"entry": entry_path(folder, "2026/04/02"), "entry-long": entry_path(folder, "2026/04/05"),
              "month": "2026/04/", "year": "2026/", "archives": "archives/", "tags": "tags/", "tag": "tags/daily/",
              "places": "places/", "place": first_place(folder), "on-this-day": "on-this-day/", "stats": "stats/",
              "404": "no/such/page/", "unlock": "private/"}
    if page in simple:
        d.get(root + simple[page])
    elif page == "404-base-url":
        d.get(sites["sub"] + "no/such/page/")
    elif page == "home-search":
        d.get(root)
        box = WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "search-input"))
        box.send_keys("tram")
        WebDriverWait(d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li"))
        box.send_keys(Keys.ARROW_DOWN)
    elif page == "places-city":
        # The map zoomed into the city by its cluster's click: six pins apart, stretched to true shape.
        d.get(root + "places/")
        cluster = d.find_element(By.CSS_SELECTOR, ".map-level:not([display]) a.cluster")
        d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))", cluster)
    elif page == "lightbox":
        d.get(root + entry_path(folder, "2026/04/11"))
        d.find_element(By.CSS_SELECTOR, "a.photo").click()
        WebDriverWait(d, 10).until(lambda d: d.execute_script(
            "const i = document.querySelector('.lightbox img'); return i && i.complete && i.naturalWidth > 0"))
    elif page == "private-entry":
        d.get(root + "private/")
        unlock(d, SECRETS["DAYBOOK_PASSWORD"])
        # Private: only the viewer has its page. Its address is its date and title's slug.
        go(d, "#/2026/04/10/the-letter-i-did-not-send/")
        d.switch_to.frame(d.find_element(By.ID, "private-frame"))
        return True
    return False


def set_view(d, width, scheme):
    phone = width <= 768
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": 844 if phone else 800, "deviceScaleFactor": 2 if phone else 1, "mobile": phone})
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": phone, "maxTouchPoints": 5 if phone else 1})
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})


def console_errors(d, page):
    errors = [e["message"] for e in d.get_log("browser") if e["level"] == "SEVERE"]
    # The 404 page's own status is reported as a failed load; that is what it is for.
    return [m for m in errors if not (page.startswith("404") and "no/such/page/ - Failed to load resource" in m)]


def outside_requests(d, host):
    return [url for url in requested_urls(d)
            if urllib.parse.urlparse(url).scheme not in ("data", "blob", "about") and urllib.parse.urlparse(url).netloc != host]


@pytest.mark.parametrize("width,scheme", VIEWS, ids=[f"{w}-{s}" for w, s in VIEWS])
@pytest.mark.parametrize("page", PAGES)
def test_page_fits_the_screen(sites, driver, page, width, scheme):
    set_view(driver, width, scheme)
    driver.get("about:blank")
    driver.get_log("browser")
    requested_urls(driver)
    in_frame = open_page(driver, sites, page)
    try:
        driver.execute_script("return document.fonts.ready")
        faults = driver.execute_script(CHECKS, width)
        if (width, scheme) in ((390, "light"), (390, "dark"), (1280, "light"), (1280, "dark")):
            faults += serious_violations(driver)
    finally:
        driver.switch_to.default_content()
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{page}-{width}-{scheme}.png"))
    faults += [f"console: {m}" for m in console_errors(driver, page)]
    faults += [f"requested {u}" for u in outside_requests(driver, urllib.parse.urlparse(sites["root"]).netloc)
               if urllib.parse.urlparse(u).netloc != urllib.parse.urlparse(sites["sub"]).netloc]
    assert not faults, f"{page} at {width} px, {scheme}{' (in the viewer)' if in_frame else ''}:\n" + "\n".join(faults[:25])


def test_a_photo_in_the_text_and_the_gallery_is_one_photo_of_the_lightbox(sites, driver):
    set_view(driver, 1280, "light")
    open_page(driver, sites, "lightbox")
    # Two photos, each in the text and in the gallery: the lightbox counted four.
    assert driver.find_element(By.CSS_SELECTOR, ".lightbox p").text == "The river from the castle · 1 / 2"


def test_the_checks_find_a_page_that_overflows(driver, tmp_path):
    # The measuring script could pass vacuously; a page with each fault must fail it.
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><html lang="en"><meta name="viewport" content="width=device-width">'
                    '<title>x</title><p>' + "x" * 300 + '</p><p style="font-size:9px">tiny</p>'
                    '<div class="search-panel" style="position:absolute;left:-40px;width:200px">results</div>'
                    '<table><thead><tr><th style="width:3ch;overflow-wrap:anywhere">Entries</th><th style="width:3ch">Last visit</th></tr></thead></table>')
    set_view(driver, 390, "light")
    driver.get(page.as_uri())
    faults = "\n".join(driver.execute_script(CHECKS, 390))
    assert "scrolls sideways" in faults and "is 9.0 px" in faults and "the search results reach -40" in faults
    assert 'the heading "Entries" breaks inside a word' in faults and "Last visit" not in faults


def test_a_year_calendar_that_runs_past_a_phone_shows_it_scrolls(sites, driver):
    set_view(driver, 390, "light")
    driver.get(sites["root"] + "2025/")
    fades, more, clear = driver.execute_script("""
      const s = document.querySelector('.calendar-scroll'), t = s.querySelector('table');
      const fades = getComputedStyle(s).maskImage.includes('gradient'), more = s.scrollWidth > s.clientWidth;
      s.scrollLeft = s.scrollWidth;
      return [fades, more, s.getBoundingClientRect().right - t.getBoundingClientRect().right];""")
    # The end edge fades while more of the year is to the side; scrolled to the end, December
    # stands clear of the fade.
    assert fades and more and clear >= 40, (fades, more, clear)


def test_the_archives_show_the_newest_years_calendar_and_its_key_once(sites, driver):
    set_view(driver, 1280, "light")
    driver.get(sites["root"] + "archives/")
    # One calendar, the newest year's (issue #26: one per year made megabytes); each year's
    # heading links to its page, which has its own.
    calendars = driver.find_elements(By.CSS_SELECTOR, ".calendar")
    years = [h.text.split()[0] for h in driver.find_elements(By.CSS_SELECTOR, ".archive-year h2")]
    assert len(years) == 2 and len(calendars) == 1
    assert calendars[0].find_element(By.TAG_NAME, "caption").text.startswith(years[0])
    assert len(driver.find_elements(By.CSS_SELECTOR, ".calendar-legend")) == 1


def test_a_place_name_or_a_title_wider_than_a_phone_wraps_on_every_page(driver, tmp_path):
    """Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch, one word of 58 letters, pushed
    the entry page's line of place, rating and tags past a phone's edge, so the page scrolled
    sideways; a title of one long word pushed the link to the next entry out of the column."""
    journal = tmp_path / "journal"
    (journal / "entries").mkdir(parents=True)
    (journal / "daybook.yml").write_text("title: Wales\n", encoding="utf-8")
    name = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch"
    for day, title, place in ((1, "The station sign", f"{{ name: {name}, lat: 53.2225, lon: -4.2026 }}"),
                              (2, "Donaudampfschifffahrtsgesellschaftskapitänswitwenpensionsberechnungsformular", name),
                              (3, "Home again", "Cardiff")):
        (journal / "entries" / f"2024-05-0{day}.md").write_text(
            f"---\ntitle: {title}\ndate: 2024-05-0{day} 10:00\nlocation: {place}\nrating: 4\n"
            f"tags: [travel]\n---\nThe longest name on any sign.\n", encoding="utf-8")
    build(journal, tmp_path / "site")
    pages = sorted((tmp_path / "site").rglob("*.html"))
    assert any(name.lower() in str(page) for page in pages), "a page of the place"
    for width in (320, 390):
        set_view(driver, width, "light")
        for page in pages:
            driver.get(page.as_uri())
            assert driver.execute_script(CHECKS, width) == [], f"{page.relative_to(tmp_path / 'site')} at {width} px"


def test_the_numbers_name_the_latest_streak_and_link_the_places(sites, driver):
    set_view(driver, 1280, "light")
    driver.get(sites["root"] + "stats/")
    assert "Latest streak" in driver.find_element(By.CSS_SELECTOR, ".stats-figures").text
    places = driver.find_elements(By.CSS_SELECTOR, "#top-places + .stats-top li")
    assert len(places) == 6 and all(li.find_elements(By.CSS_SELECTOR, "a[href*='places/']") for li in places)


@pytest.mark.parametrize("width", [1280, 390, 320])
def test_places_in_one_city_stand_apart_with_a_scale_bar(sites, driver, width):
    set_view(driver, width, "light")
    open_page(driver, sites, "places-city")
    # One click on the cluster fits its places: six pins, each apart and whole inside the map
    # (a phone's map is 4 : 3, not 2 : 1, so narrower for its height), and a scale in metres or km.
    marks = driver.execute_script(
        "return [...document.querySelectorAll('.map-level:not([display]) a')].map(a => [a.getAttribute('class'),"
        " a.querySelector('circle:last-of-type').getBoundingClientRect()])")
    assert len(marks) == 6 and all("pin-mark" in m for m, _ in marks), marks
    frame = driver.find_element(By.CSS_SELECTOR, ".map-svg").rect
    for _, box in marks:
        assert frame["x"] <= box["left"] and box["right"] <= frame["x"] + frame["width"], (box, frame)
        assert frame["y"] <= box["top"] and box["bottom"] <= frame["y"] + frame["height"], (box, frame)
    scale = driver.find_element(By.CSS_SELECTOR, ".map-scale")
    assert scale.is_displayed() and scale.text.endswith((" m", " km")), scale.text


def test_the_caption_names_no_keys_on_a_touch_screen(sites, driver):
    set_view(driver, 390, "light")
    driver.get(sites["root"] + "places/")
    assert not driver.find_element(By.CSS_SELECTOR, ".map-help").is_displayed(), "no keys or wheel on a touch screen"
