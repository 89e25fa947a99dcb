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
         "diary/on-this-day/index.html"]


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
