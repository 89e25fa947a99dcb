"""A journal of two writers, with a portrait, built by the real binary: its writers' pages, rows
and numbers are valid HTML (Nu Html Checker) and have no serious or critical axe violation, in
light and dark mode."""
import pytest
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from search_support import build_journal, search
from test_search_browser import type_query
from test_axe import serious_violations
from test_html_valid import validate

FILES = {
    "daybook.yml": "title: Two of us\nlocale: en_GB\nwriters:\n  anna: {name: Anna Lindqvist, portrait: people/anna.jpg}\n"
                   "  ben: {name: Ben Okafor}\ndefault_writer: anna\n",
    "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-05-01\ntags: [sea]\nrating: 4\n---\nGrey morning.\n",
    "entries/2024/05/2024-05-02-harbour.md": "---\ntitle: Harbour\ndate: 2024-05-02\nauthor: ben\nlocation: Oslo\n---\nBoats.\n",
    "entries/2024/06/2024-06-01-garden.md": "---\ntitle: Garden\ndate: 2024-06-01\nauthor: anna\n---\nBeans.\n",
}
PAGES = ["index.html", "writers/index.html", "writers/anna/index.html", "writers/ben/index.html",
         "2024/05/02/harbour/index.html", "stats/index.html"]


@pytest.fixture(scope="module")
def writers_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("writers")
    (root / "people").mkdir()
    Image.new("RGB", (320, 240), (90, 140, 200)).save(root / "people/anna.jpg", "JPEG")
    return build_journal(root, FILES)


def test_every_page_of_a_two_writer_journal_is_valid(writers_site):
    for page in PAGES:
        assert (writers_site / page).is_file(), page
    code, output = validate(writers_site)
    assert code == 0, output


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_or_critical_violation_on_the_writers_pages(writers_site, browser, page, scheme):
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    try:
        browser.get((writers_site / page).as_uri())
        violations = serious_violations(browser)
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert not violations, f"{page}, {scheme}:\n" + "\n".join(violations)


def test_the_rows_name_the_writer_with_the_portrait(writers_site):
    home = (writers_site / "index.html").read_text(encoding="utf-8")
    assert '<a href="writers/ben/index.html">Ben Okafor</a>' in home
    assert home.count('class="portrait"') == 2  # Anna's two entries; Ben has no portrait


def test_a_search_result_names_its_writer_as_the_rows_do(writers_site, browser):
    """The result list shows each entry's writer, from its record, as the rows name them."""
    browser.get((writers_site / "index.html").as_uri())
    WebDriverWait(browser, 10).until(lambda d: d.execute_script("return !!(window.daybook && window.daybook.search)"))
    answer = search(browser, "by:ben")
    assert [(result["title"], result["writer"]) for result in answer["results"]] == [("Harbour", "Ben Okafor")], answer
    type_query(browser, "boats")
    meta = browser.find_element(By.CSS_SELECTOR, "#search-results .search-result-meta")
    assert meta.find_element(By.CSS_SELECTOR, ".writer").get_attribute("textContent") == "Ben Okafor"
