"""Unit tests of Templates/search.js, run in headless Chromium: tokenizing (the table shared with
the Swift tests), the query parser (a table of cases in five locales, each on a journal built in
that locale), ranking, excerpts, paging, and how little a query downloads."""
import json

import pytest

from search_support import SHARED_CASES, build_journal, parse, search, titles

TOKENIZE = json.loads((SHARED_CASES / "tokenize-cases.json").read_text(encoding="utf-8"))["cases"]
QUERIES = json.loads((SHARED_CASES / "query-cases.json").read_text(encoding="utf-8"))["cases"]
EMPTY = {"words": [], "tags": [], "places": [], "writers": [], "rating": None, "date": None, "from": None, "to": None}


@pytest.fixture(scope="module")
def locale_sites(tmp_path_factory):
    """One small journal per locale of the query table, built by the real binary."""
    sites = {}
    for locale in sorted({case["locale"] for case in QUERIES}):
        root = tmp_path_factory.mktemp(locale)
        site = build_journal(root, {"daybook.yml": f"locale: {locale}\n", "entries/2024-05-01.md": "Hello.\n"})
        sites[locale] = (site / "index.html").as_uri()
    return sites


@pytest.mark.parametrize("case", TOKENIZE, ids=[case["name"] for case in TOKENIZE])
def test_the_script_cuts_text_into_the_same_terms_as_the_index(case, site, browser):
    if not browser.current_url.startswith((site / "index.html").as_uri()):
        browser.get((site / "index.html").as_uri())
    assert browser.execute_script("return daybook.terms(arguments[0])", case["text"]) == case["terms"]


@pytest.mark.parametrize("case", QUERIES, ids=[f"{c['locale']}:{c['query']}" for c in QUERIES])
def test_the_query_parser(case, locale_sites, browser):
    if browser.current_url != locale_sites[case["locale"]]:
        browser.get(locale_sites[case["locale"]])
    assert parse(browser, case["query"]) == dict(EMPTY, **case["expect"])


FILLER = "Quiet morning with tea and toast by the window today."
RANKING = {
    "daybook.yml": "locale: en_GB\n",
    "entries/2024-01-01-heron.md": f"---\ntitle: Heron at dawn\n---\n{FILLER}\n",
    "entries/2024-01-02-long.md": f"---\ntitle: Long\n---\n{FILLER} A heron. {FILLER * 6}\n",
    "entries/2024-01-03-short.md": f"---\ntitle: Short\n---\n{FILLER} A heron.\n",
    "entries/2024-01-04-walk.md": "---\ntitle: Walk\n---\nWe walk home.\n",
    "entries/2024-01-05-walking.md": "---\ntitle: Walking\n---\nWe were walking home.\n",
    "entries/2024-01-06-twin-a.md": "---\ntitle: Twin A\n---\nTwin otters swam past the boat.\n",
    "entries/2024-01-07-twin-b.md": "---\ntitle: Twin B\n---\nTwin otters swam past the boat.\n",
    "entries/2024-02-10-otter.md": "---\ntitle: Otter\nrating: 5\ntags: [birds, Road trip]\nlocation: Kyoto\n---\n"
                                   "An otter, bold as brass, said 3 < 4 & 5 > 2 by the river, " + "then home again, " * 20 + "and the otter.\n",
}


@pytest.fixture(scope="module")
def ranking_site(tmp_path_factory):
    return (build_journal(tmp_path_factory.mktemp("ranking"), RANKING) / "index.html").as_uri()


@pytest.fixture
def on_ranking_site(ranking_site, browser):
    browser.get(ranking_site)
    return browser


def test_a_title_match_ranks_above_the_body_and_a_short_entry_above_a_long_one(on_ranking_site):
    assert titles(search(on_ranking_site, "heron")) == ["Heron at dawn", "Short", "Long"]


def test_the_word_itself_ranks_above_longer_words_that_start_with_it(on_ranking_site):
    assert titles(search(on_ranking_site, "walk")) == ["Walk", "Walking"]
    assert titles(search(on_ranking_site, "walki")) == ["Walking"]


def test_equal_matches_list_newest_first(on_ranking_site):
    assert titles(search(on_ranking_site, "twin")) == ["Twin B", "Twin A"]


def test_every_word_must_match(on_ranking_site):
    assert titles(search(on_ranking_site, "heron dawn")) == ["Heron at dawn"]
    assert search(on_ranking_site, "heron otter")["total"] == 0


def test_date_and_filter_queries_list_newest_first(on_ranking_site):
    assert titles(search(on_ranking_site, "January 2024", limit=3)) == ["Twin B", "Twin A", "Walking"]
    assert search(on_ranking_site, "January 2024")["total"] == 7
    for query in ("#birds", "tag:\"road trip\"", "rating:5", "place:kyoto", "February 2024", "from:2024-02"):
        assert titles(search(on_ranking_site, query)) == ["Otter"], query
    assert titles(search(on_ranking_site, "#birds otter")) == ["Otter"]
    assert search(on_ranking_site, "#birds heron")["total"] == 0


def test_results_carry_what_a_list_shows(on_ranking_site):
    result = search(on_ranking_site, "otter rating:4+")["results"][0]
    assert {key: result[key] for key in ("title", "hasTitle", "date", "weekday", "datetime", "place", "rating", "tags")} == {
        "title": "Otter", "hasTitle": True, "date": "10 February 2024", "weekday": "Saturday",
        "datetime": "2024-02-10", "place": "Kyoto", "rating": 5, "tags": ["birds", "Road trip"]}
    assert result["url"].endswith("/_site/2024/02/10/otter/index.html")
    assert result["url"].startswith("file:///")


def test_excerpts_mark_the_matched_words_and_escape_the_text(on_ranking_site):
    excerpt = search(on_ranking_site, "otter bold")["results"][0]["excerpt"]
    assert excerpt.startswith("An <mark>otter</mark>, <mark>bold</mark> as brass, said 3 &lt; 4 &amp; 5 &gt; 2 by the river, then")
    assert excerpt.endswith("…")
    # Without words, the start of the text.
    assert search(on_ranking_site, "rating:5")["results"][0]["excerpt"].startswith("An otter, bold as brass, said 3 &lt; 4")


def test_limit_and_offset_page_through_results(on_ranking_site):
    first = search(on_ranking_site, "2024", limit=4)
    rest = search(on_ranking_site, "2024", limit=10, offset=4)
    assert first["total"] == rest["total"] == 8
    assert titles(first) + titles(rest) == ["Otter", "Twin B", "Twin A", "Walking", "Walk", "Short", "Long", "Heron at dawn"]


@pytest.mark.parametrize("query", ["tag:", "rating:x", "from:", "to:nowhere", "\"", "::::", "#!", "date:2024-13",
                                   "place:\"", "a" * 500, "🎉", "rating:5-", "(", "[", "\\", "<script>"])
def test_a_malformed_query_is_never_an_error(on_ranking_site, query):
    answer = search(on_ranking_site, query)
    assert isinstance(answer, dict), answer
    assert answer["total"] == len(answer["results"]) or answer["total"] > 10


def performance_names(driver):
    return [entry.split("/search/", 1)[1].split("?", 1)[0] for entry in driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)") if "/search/" in entry]


def test_a_query_downloads_only_the_files_it_needs(server, browser):
    # Served, as Chromium times no file:// resources.
    browser.get(server)
    assert performance_names(browser) == []
    answer = search(browser, "krakow", limit=2)
    assert titles(answer) == ["Kraków in the snow", "Saturday, 6 January 2024"]
    loaded = performance_names(browser)
    shards = [name for name in loaded if name.startswith("t/")]
    records = [name for name in loaded if name.startswith("r/")]
    assert loaded[0] == "meta.js" and len(shards) == 1 and len(records) == 2
    assert len(loaded) == 4
    # A date query needs no term shard at all.
    search(browser, "May 2024")
    assert [name for name in performance_names(browser) if name.startswith("t/")] == shards


WRITERS = {
    "daybook.yml": "locale: en_GB\nwriters:\n  anna: {name: Anna Lindqvist}\n  ben: {name: Bén Okafor}\ndefault_writer: anna\n",
    "entries/2024-03-01-ferry.md": "---\ntitle: Ferry\n---\nThe ferry was late.\n",
    "entries/2024-03-02-harbour.md": "---\ntitle: Harbour\nauthor: ben\n---\nThe ferry came in.\n",
    "entries/2024-03-03-garden.md": "---\ntitle: Garden\nauthor: ben\ntags: [home]\n---\nBeans.\n",
}


@pytest.fixture(scope="module")
def writers_site(tmp_path_factory):
    return (build_journal(tmp_path_factory.mktemp("writers"), WRITERS) / "index.html").as_uri()


@pytest.mark.parametrize("query,expected", [
    ("by:anna", ["Ferry"]),
    ("by:ben", ["Garden", "Harbour"]),
    ('by:"bén okafor"', ["Garden", "Harbour"]),
    ('by:"Anna Lindqvist"', ["Ferry"]),
    ("by:ben ferry", ["Harbour"]),
    ("by:ben #home", ["Garden"]),
    ("by:anna by:ben", ["Garden", "Harbour", "Ferry"]),
    ("by:cleo", []),
    ("by:ann", []),
])
def test_by_finds_a_writers_entries_by_key_or_name(writers_site, browser, query, expected):
    if browser.current_url != writers_site:
        browser.get(writers_site)
    assert titles(search(browser, query)) == expected
