"""Page weight within budget (issue #26), on generated journals small enough for `make test`.

The budgets are for the 10,000-entry benchmark journal: the home page with everything it loads
before any interaction at most 60 KB gzipped, every page at most 150 KB gzipped, fewer than 100
place pages. Building that journal with the debug binary takes minutes, so this builds the same
generator's journals of 1,000 and 2,000 entries (seed 1; the generator keeps about 230 entries a
year, so the larger has twice the years too) and extends each page kind's largest size, and the
number of place pages, in a straight line to 10,000 entries. A size that grows with the journal
(a data file of every entry, a calendar per year, a place per GPS reading) is caught by its slope,
one that does not by its size. `make bench` measures the 10,000-entry journal itself
(bench/page_weight.py, the table in bench/README.md)."""
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import page_weight  # noqa: E402

BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build/debug/daybook"))
SIZES = (1000, 2000)
TARGET = 10_000


@pytest.fixture(scope="module")
def measured(tmp_path_factory):
    work = tmp_path_factory.mktemp("weight")
    results, places = {}, {}
    for size in SIZES:
        journal, site = work / f"journal-{size}", work / f"site-{size}"
        subprocess.run([sys.executable, str(page_weight.CORPUS), str(journal), "--entries", str(size), "--seed", "1"],
                       check=True, stdout=subprocess.DEVNULL)
        page_weight.build(BINARY, journal, site)
        results[size] = page_weight.measure(site)
        places[size] = len(list(site.glob("places/*/index.html")))
    return results, places


def extended(small, large):
    """The straight line through the two sizes' values, at 10,000 entries (never below either)."""
    slope = (large - small) / (SIZES[1] - SIZES[0])
    return max(small, large, large + slope * (TARGET - SIZES[1]))


def test_every_page_kind_stays_within_its_budget_at_ten_thousand_entries(measured):
    results, _ = measured
    small, large = results[SIZES[0]], results[SIZES[1]]
    assert "home+loads" in large and "archives" in large and "place" in large
    problems = []
    for kind in large:
        predicted = extended(small.get(kind, (0, 0, 0, ""))[2], large[kind][2])
        budget = page_weight.HOME_BUDGET if kind == "home+loads" else page_weight.PAGE_BUDGET
        if predicted > budget:
            problems.append(f"{kind}: {large[kind][3]} is {large[kind][2] / 1000:.1f} KB gzipped at {SIZES[1]:,} entries "
                            f"({small.get(kind, (0, 0, 0))[2] / 1000:.1f} KB at {SIZES[0]:,}), "
                            f"so about {predicted / 1000:.0f} KB at {TARGET:,}: over {budget / 1000:.0f} KB")
    assert not problems, "\n".join(problems)


def test_places_of_one_name_do_not_multiply_with_the_entries(measured):
    _, places = measured
    assert extended(places[SIZES[0]], places[SIZES[1]]) < 100, places


def test_the_check_finds_a_page_kind_that_grows_past_its_budget():
    # A kind 10 KB at 1,000 entries and 25 KB at 2,000 reaches 145 KB at 10,000; 26 KB would pass 150.
    assert extended(10_000, 25_000) == 145_000
    assert extended(10_000, 26_000) > page_weight.PAGE_BUDGET
    assert page_weight.over_budget({"tag": (1, 0, 151_000, "tags/x/index.html")}) != []
    assert page_weight.over_budget({"home+loads": (1, 0, 59_000, "index.html")}) == []
