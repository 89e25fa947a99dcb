"""The places map in headless Chromium, from disk and from a sub-path: it opens on the latest
place, zooms and pans with the keyboard by changing the SVG viewBox, shows the zoom level's pins,
leads from a pin to its place page, and works without JavaScript; no console error and no
request to another host."""
import math
import os
import pathlib
import subprocess
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver, requested_urls

CHECKS = (pathlib.Path(__file__).parent / "layout_checks.js").read_text(encoding="utf-8")

BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", pathlib.Path(__file__).resolve().parents[2] / ".build/debug/daybook"))


def view(driver):
    return [float(n) for n in driver.find_element(By.CSS_SELECTOR, ".map-svg").get_dom_attribute("viewBox").split()]


def visible_level(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.map-level')].filter(g => !g.hasAttribute('display')).map(g => g.id)")


def press(driver, key):
    driver.find_element(By.CSS_SELECTOR, ".map-svg").send_keys(key)


def squeeze(driver):
    """How many degrees of latitude the map shows per plane unit of its height at the view's
    centre: the plane's north-south stretch, undone (1 at the whole world)."""
    matrix = driver.find_element(By.CSS_SELECTOR, ".map-plane").get_dom_attribute("transform") or "matrix(1 0 0 1 0 0)"
    return 1 / float(matrix.split("(")[1].split()[3])


def shown_box(driver):
    """The part of the plane in view, in degrees: the viewBox, its height times the squeeze."""
    x, y, w, h = view(driver)
    k = squeeze(driver)
    return [x, y + h / 2 - k * h / 2, w, k * h]


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
    k = squeeze(driver)
    press(driver, "\ue015")  # arrow down: as far on screen as right, so fewer degrees where the plane is stretched
    assert view(driver)[1] == pytest.approx(zoomed[1] + 9 / 8 * k, abs=1e-3)
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
        x, y, w, h = shown_box(browser)
        assert x <= fit[0] and fit[2] <= x + w and y <= fit[1] and fit[3] <= y + h, (fit, shown_box(browser))
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



# Five places in Oslo (59.9° N, where the equirectangular plane draws a kilometre east-west twice
# as long as north-south), 2 to 9 km apart, each at least 0.02° from the others so that they stand
# apart once the map fits them. Oslo S has the most entries, so every cluster holding it sits on it.
OSLO = {"Oslo S": (59.911, 10.753, 3), "Frogner": (59.927, 10.700, 1), "Holmenkollen": (59.964, 10.668, 1),
        "Bygdøy": (59.905, 10.685, 1), "Økern": (59.929, 10.806, 1)}


@pytest.fixture(scope="module")
def oslo(tmp_path_factory):
    """A journal of the five places, built by the real binary."""
    journal = tmp_path_factory.mktemp("oslo")
    (journal / "daybook.yml").write_text("title: Oslo\nlocale: en_GB\ntimezone: Europe/Oslo\n", encoding="utf-8")
    (journal / "entries").mkdir()
    day = 1
    for name, (lat, lon, count) in OSLO.items():
        for _ in range(count):
            (journal / "entries" / f"2026-05-{day:02}.md").write_text(
                f"---\ntitle: Day {day}\ndate: 2026-05-{day:02}\nlocation: {{ name: {name}, lat: {lat}, lon: {lon} }}\n---\nA walk.\n",
                encoding="utf-8")
            day += 1
    out = journal / "_site"
    result = subprocess.run([str(BINARY), "build", str(journal), "--output", str(out), "--quiet"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return out


def ground_km(origin, place):
    """Kilometres east and north from `origin` to `place` (latitude, longitude): a sphere of the
    mean radius, flat over a few kilometres."""
    radius, lat = 6371.0, math.radians((origin[0] + place[0]) / 2)
    return (math.radians(place[1] - origin[1]) * radius * math.cos(lat), math.radians(place[0] - origin[0]) * radius)


def pins_on_screen(driver):
    """The centre on screen of each shown pin, by place name."""
    return driver.execute_script("""
        const out = {};
        for (const a of document.querySelectorAll('.map-level:not([display]) a.pin-mark')) {
          const r = a.querySelector('circle:last-of-type').getBoundingClientRect();
          out[a.getAttribute('aria-label').split(',')[0]] = [r.x + r.width / 2, r.y + r.height / 2];
        }
        return out;""")


def zoom_into(driver, lat, lon):
    """From the whole world, clicks the mark on (lat, lon) until it is a pin of its own."""
    press(driver, "0")
    for _ in range(10):
        mark = driver.execute_script(
            "return [...document.querySelectorAll('.map-level:not([display]) a')].find(a =>"
            " Math.abs(a.getAttribute('data-x') - arguments[0]) < 1e-3 && Math.abs(a.getAttribute('data-y') - arguments[1]) < 1e-3)",
            lon + 180, 90 - lat)
        if "cluster" not in mark.get_attribute("class"):
            return
        driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))", mark)
    pytest.fail("the place never stood apart")


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_places_in_one_city_keep_their_true_shape_and_the_scale_bar_is_right_both_ways(oslo, browser, width, height):
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                            {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 768})
    try:
        browser.get_log("browser")
        browser.get((oslo / "places" / "index.html").as_uri())
        zoom_into(browser, *OSLO["Oslo S"][:2])
        pins = pins_on_screen(browser)
        # The cluster's click fitted its places: all five apart, each pin whole inside the map on
        # screen, on a phone's 4 : 3 map as on a 2 : 1 one.
        assert sorted(pins) == sorted(OSLO), pins
        frame = browser.find_element(By.CSS_SELECTOR, ".map-svg").rect
        for box in browser.execute_script(
                "return [...document.querySelectorAll('.map-level:not([display]) a.pin-mark circle:last-of-type')]"
                ".map(c => c.getBoundingClientRect())"):
            assert frame["x"] <= box["left"] and box["right"] <= frame["x"] + frame["width"], (box, frame)
            assert frame["y"] <= box["top"] and box["bottom"] <= frame["y"] + frame["height"], (box, frame)
        # Pixels per kilometre east-west and north-south, fitted over the pins' offsets from Oslo S.
        origin = pins["Oslo S"]
        offsets = [(pins[name][0] - origin[0], origin[1] - pins[name][1], *ground_km(OSLO["Oslo S"][:2], OSLO[name][:2]))
                   for name in OSLO if name != "Oslo S"]
        east = sum(dx * e for dx, _, e, _ in offsets) / sum(e * e for _, _, e, _ in offsets)
        north = sum(dy * n for _, dy, _, n in offsets) / sum(n * n for _, _, _, n in offsets)
        assert east / north == pytest.approx(1, rel=0.03), (east, north)
        # Each pin where its true distance puts it, to 3 % of the farthest (Holmenkollen, 7 km).
        for dx, dy, e, n in offsets:
            assert math.hypot(dx - e * north, dy - n * north) < 0.03 * 7 * north, (dx, dy, e, n, north)
        # The scale bar's length in km agrees with the pins' distances, east-west as north-south.
        scale = browser.find_element(By.CSS_SELECTOR, ".map-scale")
        assert scale.is_displayed()
        number, unit = scale.find_element(By.CSS_SELECTOR, ".map-scale-text").text.split()
        km = float(number) / (1000 if unit == "m" else 1)
        bar = browser.find_element(By.CSS_SELECTOR, ".map-scale-bar").rect["width"] / km
        assert bar == pytest.approx(east, rel=0.03) and bar == pytest.approx(north, rel=0.03), (bar, east, north)
        # Pins stay round on screen, as wide as tall.
        sizes = browser.execute_script(
            "return [...document.querySelectorAll('.map-level:not([display]) a.pin-mark circle:last-of-type')]"
            ".map(c => { const r = c.getBoundingClientRect(); return [r.width, r.height]; })")
        assert all(w == pytest.approx(h, rel=0.02) for w, h in sizes), sizes
        assert not problems(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def touch(driver, kind, points):
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(points)]})


def test_on_the_stretched_plane_wheel_drag_and_pinch_keep_the_place_under_the_pointer(oslo, browser):
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        browser.get((oslo / "places" / "index.html").as_uri())
        zoom_into(browser, *OSLO["Oslo S"][:2])
        press(browser, "-")
        press(browser, "-")
        # The wheel over Frogner zooms in about it: Frogner stays, Holmenkollen moves away.
        before, width = pins_on_screen(browser), view(browser)[2]
        x, y = before["Frogner"]
        browser.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": -100})
        after = pins_on_screen(browser)
        assert after["Frogner"] == pytest.approx(before["Frogner"], abs=1)
        assert view(browser)[2] == pytest.approx(width / 1.25)
        assert math.dist(after["Frogner"], after["Holmenkollen"]) == pytest.approx(
            math.dist(before["Frogner"], before["Holmenkollen"]) * 1.25, rel=0.01)
        # A finger dragged down and to the right takes the map with it, as far both ways.
        before = after
        touch(browser, "touchStart", [(x, y)])
        for step in range(1, 5):
            touch(browser, "touchMove", [(x + 10 * step, y + 15 * step)])
        touch(browser, "touchEnd", [])
        after = pins_on_screen(browser)
        for name in ("Frogner", "Oslo S"):
            assert after[name] == pytest.approx([before[name][0] + 40, before[name][1] + 60], abs=1), name
        # Two fingers spread apart about Frogner zoom in about it.
        before, width = after, view(browser)[2]
        x, y = before["Frogner"]
        touch(browser, "touchStart", [(x - 20, y - 20), (x + 20, y + 20)])
        for step in range(1, 5):
            touch(browser, "touchMove", [(x - 20 - 5 * step, y - 20 - 5 * step), (x + 20 + 5 * step, y + 20 + 5 * step)])
        touch(browser, "touchEnd", [])
        after = pins_on_screen(browser)
        assert after["Frogner"] == pytest.approx(before["Frogner"], abs=1.5)
        assert view(browser)[2] < width * 0.75
        assert math.dist(after["Frogner"], after["Oslo S"]) == pytest.approx(
            math.dist(before["Frogner"], before["Oslo S"]) * width / view(browser)[2], rel=0.01)
        assert not problems(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_the_list_of_places_fits_a_small_phone_without_breaking_a_heading(site):
    """At 320 px the column headed "Entries" was narrower than the word: it broke as "ENT" over
    "RIES" (the place names may break anywhere; the headings may not)."""
    phone = make_driver(320, 900)
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 320, "height": 900, "deviceScaleFactor": 2, "mobile": True})
    try:
        phone.get((site / "places" / "index.html").as_uri())
        faults = phone.execute_script(CHECKS, 320)
        assert faults == []
    finally:
        phone.quit()
