"""The numbers page in headless Chromium: linked from the navigation, its chart drawn at build
time with a title and description, the same numbers in the table, readable on a phone."""
import os
import pathlib
import re
import subprocess

from selenium.webdriver.common.by import By

from conftest import make_driver, requested_urls

BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", pathlib.Path(__file__).resolve().parents[2] / ".build/debug/daybook"))


def test_is_linked_from_the_navigation(site, browser):
    browser.get_log("browser")  # what earlier tests left in the shared browser
    requested_urls(browser)
    browser.get((site / "index.html").as_uri())
    browser.find_element(By.LINK_TEXT, "Numbers").click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Numbers"
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert [u for u in requested_urls(browser) if not u.startswith(("file://", "data:"))] == []


def test_the_chart_and_the_table_agree(site, browser):
    browser.get((site / "stats" / "index.html").as_uri())
    svg = browser.find_element(By.CSS_SELECTOR, ".stats-chart svg")
    assert svg.get_attribute("role") == "img"
    assert browser.find_element(By.ID, "chart-title").get_attribute("textContent") == "Entries per month"
    bars = {}
    for title in browser.find_elements(By.CSS_SELECTOR, ".stats-chart rect title"):
        month, count = re.match(r"(.+): (\d+) entr", title.get_attribute("textContent")).groups()
        bars[month] = int(count)
    rows = browser.find_elements(By.CSS_SELECTOR, ".stats-table:not(.stats-ratings) tbody tr")
    table = {}
    names = [a.get_attribute("title") for a in browser.find_elements(By.CSS_SELECTOR, ".stats-table thead abbr")]
    for row in rows:
        year = row.find_element(By.TAG_NAME, "th").text
        cells = [c.text for c in row.find_elements(By.TAG_NAME, "td")]
        for name, cell in zip(names, cells[:12]):
            if cell and cell != "0":
                table[f"{name} {year}"] = int(cell)
        assert int(cells[12]) == sum(int(c) for c in cells[:12] if c)
    assert bars == table
    assert sum(bars.values()) == int(browser.find_element(By.XPATH, "//dt[.='Entries']/following-sibling::dd").text)


def test_fits_a_phone(site):
    phone = make_driver(390, 844)
    phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": False})
    try:
        phone.get((site / "stats" / "index.html").as_uri())
        assert phone.execute_script("return window.innerWidth") == 390
        assert phone.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        phone.quit()


def test_the_year_labels_under_the_chart_never_meet(tmp_path):
    """Fifteen years of a journal, newest entry in January: laid out for one width, the labels
    ran into each other on a phone, and the last, moved in from the edge, into the one before."""
    journal = tmp_path / "journal"
    (journal / "entries").mkdir(parents=True)
    (journal / "daybook.yml").write_text("title: Fifteen years\n", encoding="utf-8")
    for year in range(2010, 2025):
        for month in (1, 6) if year < 2024 else (1,):
            (journal / "entries" / f"{year}-{month:02}.md").write_text(f"---\ndate: {year}-{month:02}-03\n---\nA day.\n", encoding="utf-8")
    result = subprocess.run([str(BINARY), "build", str(journal), "--quiet"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    for width in (320, 390, 480, 640, 768, 1280):
        driver = make_driver(width, 900)
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        try:
            driver.get((journal / "_site" / "stats" / "index.html").as_uri())
            boxes = driver.execute_script("""
                const row = document.querySelector('.stats-chart-years').getBoundingClientRect();
                return [row.left, row.right, [...document.querySelectorAll('.stats-chart-years span')]
                    .filter(s => getComputedStyle(s).display !== 'none')
                    .map(s => { const r = s.getBoundingClientRect(); return [s.textContent, r.left, r.right]; })];""")
            left, right, labels = boxes
            assert len(labels) >= 3, f"{width} px: {labels}"
            for text, start, end in labels:
                assert left - 0.5 <= start and end <= right + 0.5, f"{text} sticks out at {width} px"
            for (one, _, end), (other, start, _) in zip(labels, labels[1:]):
                assert end + 4 <= start, f"{one} and {other} meet at {width} px"
        finally:
            driver.quit()
