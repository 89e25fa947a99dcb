#!/usr/bin/env python3
"""Page weight: the bytes of each kind of page Daybook makes, raw and gzipped, on generated journals.

Usage: bench/page_weight.py [--sizes 1000,10000] [--work DIR] [--readme]

For each size it generates the benchmark journal (../shared/bench/make_corpus.py, seed 1), builds
it with the release binary (DAYBOOK_BINARY to use another) and sorts the site's pages into kinds by
their address. For each kind it reports how many pages there are and the largest one's bytes, raw
and gzipped (level 6, as web servers commonly compress), and checks the budgets of issue #26:

  home+loads   the home page with everything it loads before any interaction (stylesheet,
               scripts, the quote's data file, the largest day's "on this day" file): <= 60 KB gz
  any page     every HTML page: <= 150 KB gz

With --readme the table replaces the one between the markers in bench/README.md. It exits 1 when a
budget is passed. Tests/site/test_page_weight.py runs the same measure on a smaller journal.
"""
import argparse
import gzip
import pathlib
import re
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
CORPUS = ROOT.parent / "shared" / "bench" / "make_corpus.py"
KB = 1000

# Gzipped budgets at 10,000 entries (issue #26).
HOME_BUDGET = 60 * KB
PAGE_BUDGET = 150 * KB

KINDS = [
    ("home", r"index\.html"),
    ("entry", r"\d{4}/\d{2}/\d{2}/[^/]+/index\.html"),
    ("month", r"\d{4}/\d{2}/index\.html"),
    ("year", r"\d{4}/index\.html"),
    ("archives", r"archives/index\.html"),
    ("tags", r"tags/index\.html"),
    ("tag", r"tags/[^/]+/index\.html"),
    ("places", r"places/index\.html"),
    ("place", r"places/[^/]+/index\.html"),
    ("on this day", r"on-this-day/index\.html"),
    ("stats", r"stats/index\.html"),
    ("404", r"404\.html"),
]

README_START = "<!-- page-weight: start -->"
README_END = "<!-- page-weight: end -->"


def gz(data):
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def kind_of(relative):
    for name, pattern in KINDS:
        if re.fullmatch(pattern, relative):
            return name
    return "other"


def build(binary, journal, out):
    subprocess.run([str(binary), "build", str(journal), "--output", str(out), "--quiet"], check=True, stderr=subprocess.DEVNULL)


def home_loads(site):
    """The home page and what it loads before any interaction: (list of (path, raw bytes))."""
    html = (site / "index.html").read_bytes()
    text = html.decode("utf-8")
    loaded = [("index.html", html)]
    refs = re.findall(r'<script[^>]*\ssrc="([^"]+)"', text) + re.findall(r'<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"', text)
    refs += re.findall(r'<img[^>]*\ssrc="([^"]+)"', text)
    for ref in refs:
        path = site / ref.split("?")[0].split("#")[0]
        if path.is_file():
            loaded.append((ref, path.read_bytes()))
    # "On this day" loads the reader's day's file; the largest day (and 28 February with the 29th,
    # as a year without a 29th shows both) is the worst a reader meets.
    folder = re.search(r'data-files="([^"]+)"', text)
    if folder and (site / folder.group(1)).is_dir():
        days = {p.stem: p.read_bytes() for p in (site / folder.group(1)).glob("*.js")}
        pairs = [[key] for key in days] + [["0228", "0229"]]
        worst = max(pairs, key=lambda keys: sum(gz(days.get(k, b"")) for k in keys))
        loaded += [(folder.group(1) + key + ".js", days[key]) for key in worst if key in days]
    return loaded


def measure(site):
    """{kind: (count, largest raw, largest gzipped, path of the largest)}, with the home page's
    loads as the kind `home+loads`."""
    kinds = {}
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        data = path.read_bytes()
        if b'http-equiv="refresh"' in data[:600]:
            continue  # a redirect from an old address, not a page
        kind = kind_of(relative)
        count, raw, zipped, largest = kinds.get(kind, (0, 0, 0, ""))
        size = gz(data)
        if size > zipped:
            raw, zipped, largest = len(data), size, relative
        kinds[kind] = (count + 1, raw, zipped, largest)
    loads = home_loads(site)
    kinds["home+loads"] = (1, sum(len(d) for _, d in loads), sum(gz(d) for _, d in loads), " + ".join(p for p, _ in loads))
    return kinds


def over_budget(kinds, scale=1.0):
    """Every budget passed, as sentences; `scale` shrinks the budgets for a smaller journal."""
    problems = []
    for kind, (_, _, zipped, largest) in kinds.items():
        budget = HOME_BUDGET if kind == "home+loads" else PAGE_BUDGET
        if zipped > budget * scale:
            problems.append(f"{kind}: {largest} is {zipped / KB:.1f} KB gzipped, over {budget * scale / KB:.1f} KB")
    return problems


def table(results):
    sizes = sorted(results)
    kinds = [name for name, _ in KINDS] + ["other", "home+loads"]
    head = "| page kind | " + " | ".join(f"pages at {s:,} | largest at {s:,}: raw / gzip" for s in sizes) + " |"
    lines = [head, "|" + " --- |" * (1 + 2 * len(sizes))]
    for kind in kinds:
        if not any(kind in results[s] for s in sizes):
            continue
        cells = []
        for s in sizes:
            count, raw, zipped, _ = results[s].get(kind, (0, 0, 0, ""))
            cells += [f"{count:,}", f"{raw / KB:,.1f} KB / {zipped / KB:,.1f} KB" if count else "-"]
        lines.append(f"| {kind} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--work", type=pathlib.Path)
    parser.add_argument("--readme", action="store_true", help="write the table into bench/README.md")
    parser.add_argument("--binary", type=pathlib.Path, default=ROOT / ".build" / "release" / "daybook")
    args = parser.parse_args()
    work = args.work or pathlib.Path(tempfile.mkdtemp(prefix="daybook-weight-"))
    results, problems = {}, []
    for size in (int(s) for s in args.sizes.split(",")):
        journal, site = work / f"journal-{size}", work / f"site-{size}"
        if not journal.exists():
            subprocess.run([sys.executable, str(CORPUS), str(journal), "--entries", str(size), "--seed", "1"],
                           check=True, stdout=subprocess.DEVNULL)
        build(args.binary, journal, site)
        results[size] = measure(site)
        if size == 10000:
            problems += over_budget(results[size])
    text = table(results)
    print(text)
    if args.readme:
        readme = HERE / "README.md"
        old = readme.read_text(encoding="utf-8")
        start, end = old.index(README_START) + len(README_START), old.index(README_END)
        readme.write_text(old[:start] + "\n" + text + "\n" + old[end:], encoding="utf-8")
    for problem in problems:
        print("over budget: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
