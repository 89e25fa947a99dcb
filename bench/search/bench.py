#!/usr/bin/env python3
"""Daybook's search against Pagefind on the same 10,000-entry corpus, in one headless Chromium run.

Usage (from the repository root, after `swift build -c release`; `make bench-search` does both):
    python3 bench/search/bench.py [--entries 10000] [--out bench/out/search] [--runs 3]

Steps: generate the corpus with ../shared/bench/make_corpus.py; build it with Daybook (release
binary) with and without search, to time the index; build it with Hugo (the reference site in
../shared/bench/hugo-site) and index that with Pagefind (installed from PyPI as `pagefind[bin]`
if missing); serve both sites on 127.0.0.1; then, for each query kind, open an entry page with a
cold cache and measure the bytes transferred for the page and the first query, the time of the
first query and of repeats, through each engine's JavaScript API: `window.daybook.search(q)` and
Pagefind's `search(q)` followed by `data()` of its first ten results (what a result list shows).
Prints a Markdown report and writes it, with the raw figures, to OUT/report.md and OUT/results.json.
"""
import argparse
import datetime
import functools
import http.server
import json
import os
import pathlib
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = (REPO / ".." / "shared" / "bench").resolve()
QUERIES = [
    ("a word in 92% of entries", "the"),
    # The corpus draws on a small vocabulary: the rarest word of its entries' text is in 2.3% of them.
    ("a rare word", "where"),
    ("two words", "river mountain"),
    ("a 3-letter prefix", "mou"),
    ("`May 2024`", "May 2024"),
]
# Pagefind 1.5 on this corpus, from issue #3, for reference.
ISSUE_PAGEFIND = {"the": (350, 511, 252), "where": (266, 103, 3), "river mountain": (304, 169, 23),
                  "mou": (294, 372, 163), "May 2024": (323, 166, 10)}
REPEATS = 5


def run(command, **kwargs):
    """Runs a command; returns (wall seconds, user+system CPU seconds, peak RSS in MB, system seconds)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, **kwargs)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, usage.ru_stime


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Meter:
    """Bytes and requests a server sent (status line, headers and body), counted on the server:
    Pagefind fetches its index from a web worker, whose requests the page's own log misses."""

    def __init__(self):
        self.lock = threading.Lock()
        self.bytes = 0
        self.paths = []

    def take(self):
        with self.lock:
            taken = (self.bytes, list(self.paths))
            self.bytes, self.paths = 0, []
        return taken


def serve(root, port):
    meter = Meter()

    class Counting:
        def __init__(self, stream):
            self.stream = stream

        def write(self, data):
            with meter.lock:
                meter.bytes += len(data)
            return self.stream.write(data)

        def __getattr__(self, name):
            return getattr(self.stream, name)

    class Handler(http.server.SimpleHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # As static servers do (nginx's tcp_nodelay): otherwise a small file's body waits ~40 ms
        # for the ACK of its headers (Nagle's algorithm against delayed ACKs), for both engines.
        disable_nagle_algorithm = True

        def setup(self):
            super().setup()
            self.wfile = Counting(self.wfile)

        def send_response(self, code, message=None):
            with meter.lock:
                meter.paths.append(self.path)
            super().send_response(code, message)

        def log_message(self, *args):
            pass

    handler = functools.partial(Handler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.meter = meter
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def folder_bytes(path):
    return sum(f.stat().st_size for f in pathlib.Path(path).rglob("*") if f.is_file())


def prepare(args, out):
    corpus = out / "corpus"
    if not (corpus / "manifest.json").is_file():
        print(f"Generating {args.entries} entries into {corpus}", flush=True)
        run([sys.executable, str(SHARED / "make_corpus.py"), str(corpus), "--entries", str(args.entries)])
    # The same entries without search, hard-linked, to time what the index adds to a build.
    plain = out / "corpus-no-search"
    if not plain.is_dir():
        shutil.copytree(corpus / "entries", plain / "entries", copy_function=os.link)
        (plain / "daybook.yml").write_text("search: false\n")
    return corpus, plain


def time_daybook(args, scratch, corpus, plain, base_url):
    """`daybook build` and `daybook check` (every stage, the index included, but nothing written),
    with and without search, alternately: what the index adds, and how much of it is writing.
    Sites go to `scratch` (tmpfs when there is one): on a disk shared with other work, flushing
    thousands of small files varies by seconds from one run to the next, for reasons not Daybook's."""
    daybook = REPO / ".build" / "release" / "daybook"
    if not daybook.is_file():
        sys.exit("no release binary: run `swift build -c release` first (or `make bench-search`)")
    timings = {}
    for _ in range(args.runs):
        for search, journal in (("with search", corpus), ("without search", plain)):
            site = scratch / ("site-daybook" if search == "with search" else "site-daybook-plain")
            shutil.rmtree(site, ignore_errors=True)
            timings.setdefault(f"build {search}", []).append(run(
                [str(daybook), "build", str(journal), "--output", str(site), "--base-url", base_url, "--quiet"]))
            timings.setdefault(f"check {search}", []).append(run(
                [str(daybook), "check", str(journal)], stdout=subprocess.DEVNULL))
    shutil.rmtree(scratch / "site-daybook-plain", ignore_errors=True)
    return timings


def build_pagefind(out, corpus):
    if not shutil.which("hugo"):
        sys.exit("Hugo is missing: apt-get install hugo (Debian bookworm's 0.111 is the reference)")
    source = out / "hugo-site"
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(SHARED / "hugo-site", source)
    for path in [source, *source.rglob("*")]:
        path.chmod(path.stat().st_mode | 0o200)
    site = out / "site-hugo"
    shutil.rmtree(site, ignore_errors=True)
    hugo = run(["hugo", "--quiet", "--noBuildLock", "--source", str(source), "--contentDir",
                str((corpus / "entries").resolve()), "--destination", str(site.resolve())])
    version = subprocess.run([sys.executable, "-m", "pagefind", "--version"], capture_output=True, text=True)
    if version.returncode != 0:
        print("Installing pagefind[bin] from PyPI", flush=True)
        run([sys.executable, "-m", "pip", "install", "-q", "pagefind[bin]"])
        version = subprocess.run([sys.executable, "-m", "pagefind", "--version"], capture_output=True, text=True)
    pagefind = run([sys.executable, "-m", "pagefind", "--site", str(site), "--silent"])
    version = version.stdout.strip()
    return site, hugo, pagefind, version


def make_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--disable-background-networking", "--disable-component-update",
                     "--no-first-run", "--disable-default-apps", "--disable-sync"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_script_timeout(60)
    return driver


DAYBOOK_JS = """
const [query, runs, done] = arguments;
(async () => {
  const times = [];
  let answer;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    answer = await window.daybook.search(query, { limit: 10 });
    times.push(performance.now() - start);
  }
  return { times, total: answer.total, urls: answer.results.map(r => r.url) };
})().then(done, e => done({ error: String(e) }));
"""

PAGEFIND_IMPORT_JS = """
const done = arguments[arguments.length - 1];
import("/pagefind/pagefind.js").then(m => { window.pf = m; done(true); }, e => done(String(e)));
"""

PAGEFIND_JS = """
const [query, runs, done] = arguments;
(async () => {
  const times = [];
  let search, shown;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    search = await window.pf.search(query);
    shown = await Promise.all(search.results.slice(0, 10).map(r => r.data()));
    times.push(performance.now() - start);
  }
  return { times, total: search.results.length, urls: shown.map(d => d.url) };
})().then(done, e => done({ error: String(e) }));
"""


def outside_requests(driver, host):
    """URLs the page asked of any other host since the last call (none are allowed)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return [url for url in urls if not url.startswith(("data:", host))]


def measure(driver, engine, page, query, meter):
    host = "/".join(page.split("/", 3)[:3])
    driver.get("about:blank")
    driver.get_log("performance")
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    meter.take()
    driver.get(page)
    if engine == "pagefind":
        imported = driver.execute_async_script(PAGEFIND_IMPORT_JS)
        assert imported is True, imported
    else:
        driver.execute_async_script("const done = arguments[0]; (function wait() { window.daybook ? done() : setTimeout(wait, 5); })();")
    page_bytes, page_paths = meter.take()
    script = DAYBOOK_JS if engine == "daybook" else PAGEFIND_JS
    result = driver.execute_async_script(script, query, 1)
    if "error" in result:
        raise SystemExit(f"{engine} {query!r}: {result['error']}")
    query_bytes, query_paths = meter.take()
    # Repeats may fetch again (Pagefind reads result fragments anew); the bytes are the first query's.
    again = driver.execute_async_script(script, query, REPEATS)
    result.update(first=result["times"][0], again=again["times"], page_bytes=page_bytes, bytes=page_bytes + query_bytes,
                  requests=len(page_paths) + len(query_paths), paths=page_paths + query_paths)
    outside = outside_requests(driver, host)
    if outside:
        raise SystemExit(f"{engine} {query!r}: requests to another host: {outside}")
    errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
    if errors:
        raise SystemExit(f"{engine} {query!r}: console errors {errors}")
    return result


def index_file(path):
    """The JSON inside an index file: `daybook.receive("name",JSON);`."""
    text = path.read_text(encoding="utf-8")
    return json.loads(text[text.index(",") + 1: text.rindex(")")])


def newest_entry(index):
    """The site path of the newest entry (the highest number; records hold entries oldest first)."""
    meta = index_file(index / "meta.js")
    number = meta["entries"] - 1
    return index_file(index / "r" / f"{number // meta['records_per_file']}.js")[number % meta["records_per_file"]]["url"]


def may_2024(corpus):
    """Published entries dated May 2024, from the corpus files."""
    count = 0
    for path in (corpus / "entries" / "2024" / "05").glob("*.md"):
        front = path.read_text(encoding="utf-8").split("---", 2)[1]
        if not re.search(r"^draft:\s*true", front, re.M):
            count += 1
    return count


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=10000)
    parser.add_argument("--out", default=str(REPO / "bench" / "out" / "search"))
    parser.add_argument("--runs", type=int, default=3, help="builds and cold page loads per measurement")
    parser.add_argument("--scratch", default="/dev/shm/daybook-bench-search" if os.path.isdir("/dev/shm") else None,
                        help="where timed builds write their sites (default: tmpfs, else OUT)")
    args = parser.parse_args()
    out = pathlib.Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    scratch = pathlib.Path(args.scratch) if args.scratch else out
    scratch.mkdir(parents=True, exist_ok=True)
    corpus, plain = prepare(args, out)

    daybook_port, hugo_port = free_port(), free_port()
    base = f"http://127.0.0.1:{daybook_port}/"
    print("Building with Daybook, with and without search", flush=True)
    builds = time_daybook(args, scratch, corpus, plain, base)
    print("Building with Hugo and indexing with Pagefind", flush=True)
    hugo_site, hugo, pagefind, pagefind_version = build_pagefind(out, corpus)
    daybook_site = scratch / "site-daybook"
    index = daybook_site / "search"

    servers = [serve(daybook_site, daybook_port), serve(hugo_site, hugo_port)]
    newest_hugo = json.loads((hugo_site / "index.json").read_text())[0]["url"]
    newest_daybook = newest_entry(index)
    pages = {"daybook": base + newest_daybook, "pagefind": f"http://127.0.0.1:{hugo_port}{newest_hugo}"}

    driver = make_driver()
    results = {}
    try:
        # One untimed query each first, so neither engine pays for the browser's own warm-up.
        for engine in ("daybook", "pagefind"):
            measure(driver, engine, pages[engine], "warm", servers[0 if engine == "daybook" else 1].meter)
        for label, query in QUERIES:
            print(f"Measuring {query!r}", flush=True)
            for engine in ("daybook", "pagefind"):
                results.setdefault(query, {})[engine] = []
            for _ in range(args.runs):
                for engine in ("daybook", "pagefind"):
                    meter = servers[0 if engine == "daybook" else 1].meter
                    results[query][engine].append(measure(driver, engine, pages[engine], query, meter))
    finally:
        driver.quit()
        for server in servers:
            server.shutdown()

    expected_may = may_2024(corpus)
    report = write_report(args, out, scratch, builds, hugo, pagefind, pagefind_version, index, hugo_site, results, expected_may, pages)
    print(report)


def median(values):
    return statistics.median(values)


def summary(runs):
    return {
        "bytes": median([r["bytes"] for r in runs]),
        "page_bytes": median([r["page_bytes"] for r in runs]),
        "requests": median([r["requests"] for r in runs]),
        "first": median([r["first"] for r in runs]),
        "again": median([x for r in runs for x in r["again"]]),
        "total": runs[0]["total"],
        "urls": runs[0]["urls"],
    }


def write_report(args, out, scratch, builds, hugo, pagefind, pagefind_version, index, hugo_site, results, expected_may, pages):
    lines = []
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    lines.append(f"Run {datetime.date.today().isoformat()} on {platform.machine()}, {os.cpu_count()} cores ({cpu}), "
                 f"{platform.system()} {platform.release()}; Chromium {chromium_version()}; Pagefind {pagefind_version}; "
                 f"load average at the end {os.getloadavg()[0]:.2f}.")
    lines.append(f"Command: `python3 bench/search/bench.py --entries {args.entries} --runs {args.runs}` (`make bench-search`). "
                 f"Medians of {args.runs} cold page loads (cache cleared) per cell; repeats are {REPEATS} more runs of the same query in the page.")
    lines.append("")
    lines.append("| query | Daybook: bytes for page + first query | Pagefind | ratio | Daybook: first query, ms | Pagefind | ratio | Daybook: repeat, ms | Pagefind | ratio |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    verdicts = []
    for label, query in QUERIES:
        d, p = summary(results[query]["daybook"]), summary(results[query]["pagefind"])
        kb = lambda b: f"{b / 1000:.0f} kB"
        ratio = lambda a, b: f"{a / b:.2f}" if b else "-"
        lines.append(f"| {label} (`{query}`) | {kb(d['bytes'])} ({d['requests']} requests) | {kb(p['bytes'])} ({p['requests']}) | "
                     f"{ratio(d['bytes'], p['bytes'])} | {d['first']:.0f} | {p['first']:.0f} | {ratio(d['first'], p['first'])} | "
                     f"{d['again']:.1f} | {p['again']:.1f} | {ratio(d['again'], p['again'])} |")
        verdicts.append((query, d["bytes"] <= p["bytes"] / 2, d["first"] <= p["first"] / 2, d["again"] <= p["again"] / 2))
    lines.append("")
    lines.append("Issue #3's figures for Pagefind on this corpus, for comparison: " + "; ".join(
        f"`{query}` {kb} kB, {first} ms, {again} ms" for query, (kb, first, again) in ISSUE_PAGEFIND.items()) + ".")
    lines.append("")
    d, p = summary(results["May 2024"]["daybook"]), summary(results["May 2024"]["pagefind"])
    may_daybook = sum("/2024/05/" in url for url in d["urls"])
    may_pagefind = sum("/2024/05/" in url for url in p["urls"])
    lines.append(f"`May 2024`: the corpus has {expected_may} published entries in May 2024. Daybook returns {d['total']} "
                 f"({'exactly those' if d['total'] == expected_may and may_daybook == len(d['urls']) else 'NOT exactly those'}; "
                 f"{may_daybook} of its first {len(d['urls'])} are from May 2024); Pagefind returns {p['total']} pages, "
                 f"{may_pagefind} of its first {len(p['urls'])} from May 2024.")
    lines.append("")
    lines.append("Targets (Daybook at most half of Pagefind's bytes and time, for every query kind): " + "; ".join(
        f"`{q}` bytes {'met' if b else 'MISSED'}, first {'met' if f else 'MISSED'}, repeat {'met' if a else 'MISSED'}"
        for q, b, f, a in verdicts) + ".")
    lines.append("")
    def cell(name):
        runs = builds[name]
        return (f"{median([r[0] for r in runs]):.2f} s (CPU {median([r[1] for r in runs]):.2f} s of which system "
                f"{median([r[3] for r in runs]):.2f} s, {max(r[2] for r in runs):.0f} MB)")
    lines.append(f"Building into {scratch} (median of {args.runs}, wall clock; CPU is user + system): `daybook build` {cell('build with search')} "
                 f"with search, {cell('build without search')} without; `daybook check`, which runs every stage and "
                 f"derives the index but writes nothing, {cell('check with search')} with search, "
                 f"{cell('check without search')} without. Hugo {hugo[0]:.2f} s ({hugo[2]:.0f} MB), then Pagefind "
                 f"{pagefind[0]:.2f} s (CPU {pagefind[1]:.2f} s, {pagefind[2]:.0f} MB).")
    lines.append("")
    shards = list((index / "t").glob("*.js"))
    records = list((index / "r").glob("*.js"))
    lines.append(f"Index sizes: Daybook {folder_bytes(index) / 1e6:.1f} MB in {len(shards) + len(records) + 2} files: "
                 f"meta {(index / 'meta.js').stat().st_size / 1000:.1f} kB, days {(index / 'days.js').stat().st_size / 1000:.1f} kB, "
                 f"{len(shards)} term shards {sum(f.stat().st_size for f in shards) / 1e6:.2f} MB "
                 f"(largest {max(f.stat().st_size for f in shards) / 1000:.1f} kB), "
                 f"{len(records)} record files {sum(f.stat().st_size for f in records) / 1e6:.1f} MB. "
                 f"Pagefind {folder_bytes(hugo_site / 'pagefind') / 1e6:.1f} MB in "
                 f"{sum(1 for f in (hugo_site / 'pagefind').rglob('*') if f.is_file())} files.")
    lines.append(f"Pages measured: {pages['daybook']} and {pages['pagefind']}.")
    report = "\n".join(lines) + "\n"
    (out / "report.md").write_text(report)
    (out / "results.json").write_text(json.dumps({"results": results, "builds": builds}, indent=1))
    return report


def chromium_version():
    try:
        return subprocess.run(["chromium", "--version"], capture_output=True, text=True).stdout.split()[1]
    except (OSError, IndexError):
        return "?"


if __name__ == "__main__":
    main()
