"""The example journal as two journals (`make test-site` builds a copy whose 2023 entries are in
`entries/travel/` and whose daybook.yml names `diary` and `travel`): every page valid HTML, no
serious or critical axe violation on the journals' pages, and `journal:travel` in the search
engine, and each journal's own "on this day" for the reader's day, in headless Chromium."""
import pathlib
import urllib.parse

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import site_dir
from search_support import example_entries, search
from test_axe import serious_violations
from test_html_valid import validate
from test_on_this_day import OCTOBER_14, Clock

TRAVEL = [entry for entry in example_entries() if entry["day"].startswith("2023")]
PAGES = ["index.html", "travel/index.html", "diary/index.html", "travel/tags/index.html", "travel/archives/index.html",
         "travel/stats/index.html", "diary/stats/index.html", "tags/travel/index.html", "travel/on-this-day/index.html",
         "diary/on-this-day/index.html", "travel/places/index.html", "diary/places/index.html"]


@pytest.fixture(scope="session")
def journals_site():
    return site_dir("DAYBOOK_SITE_JOURNALS")


def test_every_page_of_the_two_journals_is_valid(journals_site):
    for page in PAGES:
        assert (journals_site / page).is_file(), page
    code, output = validate(journals_site)
    assert code == 0, output


@pytest.mark.parametrize("page", PAGES)
def test_no_serious_or_critical_violation_on_the_journals_pages(journals_site, browser, page):
    browser.get((journals_site / page).as_uri())
    violations = serious_violations(browser)
    assert not violations, f"{page}:\n" + "\n".join(violations)


def test_journal_in_a_query_finds_that_journals_entries_alone(journals_site, browser):
    browser.get((journals_site / "index.html").as_uri())
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return !!(window.daybook && window.daybook.search)"))
    assert TRAVEL, "the example journal should have 2023 entries"
    answer = search(browser, "journal:travel", limit=1000)
    assert answer["total"] == len(TRAVEL), answer
    assert all("/2023/" in "/" + result["url"] for result in answer["results"]), answer
    # Each result names its journal, as the rows do.
    assert {result["journal"] for result in answer["results"]} == {"Travels"}, answer
    # With words, the journal narrows them: every result is both in the journal and has the word.
    everywhere = search(browser, "rain", limit=1000)
    narrowed = search(browser, "journal:travel rain", limit=1000)
    assert 0 < narrowed["total"] < everywhere["total"], (narrowed["total"], everywhere["total"])
    assert search(browser, "journal:diary", limit=1000)["total"] == len(example_entries()) - len(TRAVEL)


@pytest.fixture(scope="module")
def clock():
    browser = Clock()
    yield browser
    browser.driver.quit()


def test_a_journals_on_this_day_shows_the_readers_day_from_that_journal_alone(journals_site, clock):
    # On 14 October the diary wrote in 2024 and the travel journal (the 2023 entries) in 2023.
    at = "2025-10-14T12:00:00Z"
    for name, year in (("travel", "(2023)"), ("diary", "(2024)")):
        groups = [group for group in OCTOBER_14 if group[0].endswith(year)]
        assert len(groups) == 1
        for page, heading in (("on-this-day/index.html", "14 OCTOBER"), ("index.html", "ON THIS DAY: 14 OCTOBER")):
            clock.open((journals_site / name / page).as_uri(), at)
            assert clock.shown() == [(heading, groups)], (name, page)
            for link in clock.links():
                path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(link).path))
                assert link.startswith(journals_site.as_uri()) and path.is_file(), link
            assert clock.console() == [], (name, page)
    clock.open((journals_site / "on-this-day" / "index.html").as_uri(), at)
    assert clock.shown() == [("14 OCTOBER", OCTOBER_14)], "the site's own shows every journal"


def map_places(browser, page):
    """The names of the pins (every zoom level) and of the list's rows on a map page, and the
    pins' addresses, as Chromium has the page."""
    browser.get(page.as_uri())
    return browser.execute_script("""
        const name = a => (a.querySelector('.pin-name') || {}).textContent || a.getAttribute('aria-label').replace(/, [^,]*$/, '');
        const pins = [...document.querySelectorAll('.map-level a.pin-mark')];
        return {pins: pins.map(name), hrefs: pins.map(a => new URL(a.getAttribute('href'), document.baseURI).href),
                rows: [...document.querySelectorAll('.place-list th a')].map(a => a.textContent),
                rowHrefs: [...document.querySelectorAll('.place-list th a')].map(a => a.href)};""")


def test_a_journals_map_shows_only_its_own_pins_linking_the_sites_place_pages(journals_site, browser):
    travel = map_places(browser, journals_site / "travel" / "places" / "index.html")
    everywhere = map_places(browser, journals_site / "places" / "index.html")
    own = {entry["place"].lower() for entry in TRAVEL if entry["place"]}
    assert travel["pins"] and {name.lower() for name in travel["pins"]} <= own, travel["pins"]
    assert {name.lower() for name in travel["rows"]} == own, travel["rows"]
    assert len(set(travel["rows"])) < len(set(everywhere["rows"])), "the other journal's places are not on it"
    site_places = (journals_site / "places").as_uri() + "/"
    travel_entries = (journals_site / "2023").as_uri() + "/"
    for href in travel["hrefs"] + travel["rowHrefs"]:
        assert href.startswith(site_places) or href.startswith(travel_entries), href
    # A place only the travel journal went to is not on the diary's map.
    diary = map_places(browser, journals_site / "diary" / "places" / "index.html")
    elsewhere = {entry["place"].lower() for entry in example_entries() if entry["place"] and entry not in TRAVEL}
    assert own - elsewhere and not {name.lower() for name in diary["rows"] + diary["pins"]} & (own - elsewhere)
