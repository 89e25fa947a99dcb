""""On this day" in headless Chromium: the reader's own day, with the browser's clock and time zone
set through CDP, from disk and from a host, with no console error and no request to another host;
the built default without JavaScript; the date logic of on-this-day.js on leap days and year ends."""
import datetime
import json
import os
import pathlib
import re
import shutil
import subprocess
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import fixed_clock, make_driver, requested_urls

REPO = pathlib.Path(__file__).resolve().parent.parent.parent

# Notes, when the parser first inserts a built list, whether the page was already marked for the
# style sheet to hide it: if so, the built list is never drawn while JavaScript shows another day.
WHEN_BUILT_APPEARS = """
window.builtListAppeared = null;
new MutationObserver((records, observer) => {
  if (!document.querySelector(".on-this-day-built")) return;
  window.builtListAppeared = {
    marked: document.documentElement.classList.contains("on-this-day-js"),
    scriptList: document.querySelectorAll(".on-this-day:not(.on-this-day-built)").length,
  };
  observer.disconnect();
}).observe(document, {childList: true, subtree: true});
"""

# The example journal's entries on days that recur (Examples/journal), newest first.
OCTOBER_14 = [("1 year ago (2024)", ["A stream under the city"]), ("2 years ago (2023)", ["Conference in Edinburgh"])]
AUGUST_17 = [("1 year ago (2024)", ["The same day, later", "Before anyone is up"])]


def moment(text):
    return int(datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp() * 1000)


class Clock:
    """A browser whose clock and time zone a test sets before loading a page."""

    def __init__(self):
        self.driver = make_driver()
        self.scripts = []

    def open(self, url, at, zone="UTC", javascript=True):
        for identifier in self.scripts:
            self.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
        self.scripts = [
            self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": source})["identifier"]
            for source in (fixed_clock(moment(at)), WHEN_BUILT_APPEARS)]
        self.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": zone})
        self.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": not javascript})
        self.driver.get_log("browser")
        requested_urls(self.driver)
        self.driver.get(url)
        return self

    def shown(self):
        """The visible "on this day" lists: [(heading, [(group heading, [titles])])]."""
        lists = []
        for section in self.driver.find_elements(By.CSS_SELECTOR, ".on-this-day"):
            if not section.is_displayed():
                continue
            groups = [(heading.text, [link.text for link in heading.find_elements(By.XPATH, "following-sibling::ul[1]/li/a")])
                      for heading in section.find_elements(By.TAG_NAME, "h3")]
            lists.append((section.find_element(By.TAG_NAME, "h2").text, groups))
        return lists

    def links(self):
        return [a.get_attribute("href") for a in self.driver.find_elements(By.CSS_SELECTOR, ".on-this-day a") if a.is_displayed()]

    def console(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


@pytest.fixture(scope="module")
def clock():
    browser = Clock()
    yield browser
    browser.driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    browser.driver.quit()


def test_two_days_show_their_two_lists_from_disk(site, clock):
    for at, heading, groups in (("2025-10-14T12:00:00Z", "14 October", OCTOBER_14), ("2025-08-17T12:00:00Z", "17 August", AUGUST_17)):
        clock.open((site / "index.html").as_uri(), at)
        assert clock.shown() == [(f"ON THIS DAY: {heading.upper()}", groups)], at
        for link in clock.links():
            assert link.startswith(site.as_uri()) and pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(link).path)).is_file()
        assert clock.console() == [], at
        assert all(url.startswith(("file://", "data:")) for url in requested_urls(clock.driver))
        clock.open((site / "on-this-day" / "index.html").as_uri(), at)
        assert clock.shown() == [(heading.upper(), groups)], at
        assert clock.console() == [], at


def test_a_day_with_nothing_shows_nothing_on_the_home_page_and_says_so_on_its_own(site, clock):
    clock.open((site / "index.html").as_uri(), "2025-10-15T12:00:00Z")
    assert clock.shown() == []
    assert clock.driver.find_elements(By.CSS_SELECTOR, ".on-this-day h2") == [] or not any(
        h.is_displayed() for h in clock.driver.find_elements(By.CSS_SELECTOR, ".on-this-day h2"))
    clock.open((site / "on-this-day" / "index.html").as_uri(), "2025-10-15T12:00:00Z")
    assert clock.shown() == [("15 OCTOBER", [])]
    assert clock.driver.find_element(By.CSS_SELECTOR, ".on-this-day:not(.on-this-day-built) .on-this-day-nothing").is_displayed()


def test_the_list_follows_the_readers_local_midnight(site, clock):
    # 23:30 UTC on 13 October is already 14 October in Tokyo and still 13 October in Los Angeles.
    clock.open((site / "index.html").as_uri(), "2025-10-13T23:30:00Z", zone="Asia/Tokyo")
    assert clock.shown() == [("ON THIS DAY: 14 OCTOBER", OCTOBER_14)]
    clock.open((site / "index.html").as_uri(), "2025-10-13T23:30:00Z", zone="America/Los_Angeles")
    assert clock.shown() == []


def test_the_built_list_is_hidden_before_it_is_parsed(site, clock):
    # So the page is never drawn with the built day's list first.
    clock.open((site / "on-this-day" / "index.html").as_uri(), "2025-10-14T12:00:00Z")
    assert clock.driver.execute_script("return window.builtListAppeared") == {"marked": True, "scriptList": 1}
    built = clock.driver.find_element(By.CSS_SELECTOR, ".on-this-day-built")
    assert built.get_attribute("data-day") == "2025-06-28" and not built.is_displayed()


def test_without_javascript_the_built_default_stays(site, clock):
    clock.open((site / "on-this-day" / "index.html").as_uri(), "2025-10-14T12:00:00Z", javascript=False)
    # The newest entry is of 28 June 2025; no earlier year has one that day.
    assert clock.shown() == [("28 JUNE", [])]
    clock.open((site / "index.html").as_uri(), "2025-10-14T12:00:00Z", javascript=False)
    assert clock.shown() == []


def test_served_from_a_host_it_asks_only_for_its_own_files(sub_site, server, clock):
    clock.open(server, "2025-10-14T12:00:00Z")
    assert clock.shown() == [("ON THIS DAY: 14 OCTOBER", OCTOBER_14)]
    assert clock.links() == [server + "2024/10/14/a-stream-under-the-city/", server + "2023/10/14/conference-in-edinburgh/"]
    assert clock.console() == []
    urls = requested_urls(clock.driver)
    assert urls and all(url.startswith(server) or url.startswith("data:") for url in urls), urls
    page = (sub_site / "index.html").read_text(encoding="utf-8")
    script = re.search(r'<script src="(on-this-day\.[^"]+)" data-files="([^"]+)"', page)
    # The script and the reader's day's file only: not the other days of the year.
    assert server + script.group(1) in urls and server + script.group(2) + "1014.js" in urls
    assert [url for url in urls if script.group(2) in url] == [server + script.group(2) + "1014.js"]


def test_a_missing_data_file_leaves_the_built_list_and_no_script_error(site, clock, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    data = next(copy.glob("on-this-day/days.*/1014.js"))
    data.unlink()
    clock.open((copy / "on-this-day" / "index.html").as_uri(), "2025-10-14T12:00:00Z")
    assert clock.shown() == [("28 JUNE", [])]
    problems = clock.console()
    assert [entry["source"] for entry in problems] == ["network"] and data.name in problems[0]["message"]


def test_drafts_stay_out_of_the_data_file(site):
    text = "".join(path.read_text(encoding="utf-8") for path in site.glob("on-this-day/days.*/*.js"))
    assert "A stream under the city" in text
    assert "Unfinished" not in text and "long-letter" not in text


@pytest.fixture(scope="module")
def leap_site(tmp_path_factory):
    """A journal of leap days and year ends, built by the real binary; its newest entry is of
    29 February 2028, so the built default shows the 29ths of 2024 and 2020."""
    journal = tmp_path_factory.mktemp("leap")
    (journal / "entries").mkdir()
    for date, title in (("2020-02-29", "Leap 2020"), ("2023-02-28", "Feb 28 2023"), ("2024-02-28", "Feb 28 2024"),
                        ("2024-02-29", "Leap 2024"), ("2023-12-31", "Year end 2023"), ("2024-01-01", "New year 2024"),
                        ("2028-02-29", "Leap 2028")):
        (journal / "entries" / f"{date}.md").write_text(f"---\ntitle: {title}\ndate: {date}\n---\nText.\n")
    (journal / "daybook.yml").write_text("title: Leap\nlocale: en_GB\nsearch: false\n")
    binary = os.environ.get("DAYBOOK_BIN", str(REPO / ".build" / "debug" / "daybook"))
    subprocess.run([binary, "build", str(journal), "--quiet"], check=True)
    return journal / "_site"


@pytest.mark.parametrize("at, zone, expected", [
    # 2025 has no 29 February: the 28th shows the 29ths too, the 29th first within a year.
    ("2025-02-28T12:00:00Z", "UTC", [("1 year ago (2024)", ["Leap 2024", "Feb 28 2024"]), ("2 years ago (2023)", ["Feb 28 2023"]),
                                     ("5 years ago (2020)", ["Leap 2020"])]),
    ("2028-02-28T12:00:00Z", "UTC", [("4 years ago (2024)", ["Feb 28 2024"]), ("5 years ago (2023)", ["Feb 28 2023"])]),
    ("2032-02-29T12:00:00Z", "UTC", [("4 years ago (2028)", ["Leap 2028"]), ("8 years ago (2024)", ["Leap 2024"]),
                                     ("12 years ago (2020)", ["Leap 2020"])]),
    # 31 December 2024 at 20:00 UTC is already 1 January 2025 in Tokyo.
    ("2024-12-31T20:00:00Z", "Asia/Tokyo", [("1 year ago (2024)", ["New year 2024"])]),
    ("2024-12-31T20:00:00Z", "UTC", [("1 year ago (2023)", ["Year end 2023"])]),
    ("2025-03-01T12:00:00Z", "UTC", []),
])
def test_leap_days_and_year_ends(leap_site, clock, at, zone, expected):
    clock.open((leap_site / "on-this-day" / "index.html").as_uri(), at, zone=zone)
    assert clock.shown()[0][1] == expected
    assert clock.console() == []


def test_the_built_default_of_a_leap_day(leap_site, clock):
    clock.open((leap_site / "index.html").as_uri(), "2030-06-01T12:00:00Z", javascript=False)
    assert clock.shown() == [("ON THIS DAY: 29 FEBRUARY", [("4 years ago (2024)", ["Leap 2024"]), ("8 years ago (2020)", ["Leap 2020"])])]


def test_the_scripts_choice_in_the_browser(leap_site, clock):
    # The choice itself, called with dates made in the browser's own zone, day by day around the leap day.
    clock.open((leap_site / "on-this-day" / "index.html").as_uri(), "2025-01-01T12:00:00Z", zone="Pacific/Auckland")
    # Every day file's entries, as the script holds those it has loaded.
    days = {}
    for path in leap_site.glob("on-this-day/days.*/*.js"):
        key, entries = re.fullmatch(r'daybookOnThisDayDay\("(\d{4})",(.*)\);\n', path.read_text(encoding="utf-8"), re.S).groups()
        days[key] = json.loads(entries)
    answer = clock.driver.execute_script("""
        const days = arguments[0], pick = window.daybookOnThisDayGroups;
        return [[2025, 1, 27], [2025, 1, 28], [2025, 2, 1], [2028, 1, 28], [2028, 1, 29], [2100, 1, 28], [2025, 0, 1]].map(
          ([y, m, d]) => pick(days, new Date(y, m, d, 0, 0, 1)).map(g => [g.yearsAgo, g.year, g.entries.map(e => e[1])]));
    """, days)
    assert answer == [
        [],
        [[1, 2024, ["Leap 2024", "Feb 28 2024"]], [2, 2023, ["Feb 28 2023"]], [5, 2020, ["Leap 2020"]]],
        [],
        [[4, 2024, ["Feb 28 2024"]], [5, 2023, ["Feb 28 2023"]]],
        [[4, 2024, ["Leap 2024"]], [8, 2020, ["Leap 2020"]]],
        [[72, 2028, ["Leap 2028"]], [76, 2024, ["Leap 2024", "Feb 28 2024"]], [77, 2023, ["Feb 28 2023"]], [80, 2020, ["Leap 2020"]]],
        [[1, 2024, ["New year 2024"]]],
    ]


def day_after_clicks(clock, button, times):
    for _ in range(times):
        clock.driver.find_element(By.XPATH, f"//nav[@class='on-this-day-pager']/button[text()='{button}']").click()
    # A day whose file is not loaded yet shows once it is; the list says it is busy meanwhile.
    WebDriverWait(clock.driver, 5).until(lambda driver: driver.execute_script("return !document.querySelector('[aria-busy]')"))
    return clock.driver.find_element(By.CSS_SELECTOR, ".on-this-day:not(.on-this-day-built)").get_attribute("data-day")


def test_the_page_steps_through_the_days_of_the_readers_year(site, clock):
    clock.open((site / "on-this-day" / "index.html").as_uri(), "2025-10-13T12:00:00Z")
    assert clock.shown() == [("13 OCTOBER", [])]
    assert day_after_clicks(clock, "Next day", 1) == "2025-10-14"
    assert clock.shown() == [("14 OCTOBER", OCTOBER_14)]
    # Focus stays on the button, which the list's change leaves in place.
    assert clock.driver.switch_to.active_element.text == "Next day"
    assert day_after_clicks(clock, "Previous day", 2) == "2025-10-12"
    assert clock.console() == []
    # The home page has no buttons.
    clock.open((site / "index.html").as_uri(), "2025-10-13T12:00:00Z")
    assert clock.driver.find_elements(By.CSS_SELECTOR, ".on-this-day-pager") == []


def test_stepping_wraps_within_the_readers_year(leap_site, clock):
    clock.open((leap_site / "on-this-day" / "index.html").as_uri(), "2025-12-31T12:00:00Z")
    assert day_after_clicks(clock, "Next day", 1) == "2025-01-01"
    assert clock.shown()[0][1] == [("1 year ago (2024)", ["New year 2024"])]
    assert day_after_clicks(clock, "Previous day", 1) == "2025-12-31"
    # 2025 has no 29 February; 2028 has one.
    clock.open((leap_site / "on-this-day" / "index.html").as_uri(), "2025-02-27T12:00:00Z")
    assert day_after_clicks(clock, "Next day", 2) == "2025-03-01"
    clock.open((leap_site / "on-this-day" / "index.html").as_uri(), "2028-02-28T12:00:00Z")
    assert day_after_clicks(clock, "Next day", 1) == "2028-02-29"
    assert clock.shown()[0][1] == [("4 years ago (2024)", ["Leap 2024"]), ("8 years ago (2020)", ["Leap 2020"])]
