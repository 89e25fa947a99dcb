#!/usr/bin/env python3
"""A private journal in headless Chromium: unlock time, next-page time, and search over the
encrypted index against the same search over the plain index.

Usage (from the repository root, after `swift build` or `swift build -c release`):
    python3 bench/private/bench.py [--entries 1000] [--runs 5] [--iterations 600000] [--out bench/out/private]

Steps: generate the corpus with ../shared/bench/make_corpus.py; build it with Daybook (release
binary if there is one, else debug); build the same corpus whole-private (`private: true`) with Daybook; serve both on
127.0.0.1, counting the bytes each server sends; then in headless Chromium, with a cold cache:
- unlock: from submitting the form to the first page shown (PBKDF2 at --iterations, unwrapping,
  the manifest, the home page), and PBKDF2 alone;
- next page: from changing the route to the page shown (its sealed file loaded, checked,
  decrypted, its data files inlined, the frame loaded), over four kinds of page;
- search: for each query of bench/search/bench.py, the bytes and time of the first query on the
  home page, private (`daybook.search` in the viewer's frame) and plain.
Prints a Markdown report and writes it, with the raw figures, to OUT/report.md and OUT/results.json."""
import argparse
import importlib.util
import json
import os
import pathlib
import platform
import shutil
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = (REPO / ".." / "shared" / "bench").resolve()
sys.path.insert(0, str(REPO / "Tests" / "site"))

spec = importlib.util.spec_from_file_location("search_bench", REPO / "bench" / "search" / "bench.py")
search_bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(search_bench)

SITE_KEY = "inca0TfEenTm34y4Qw90yvSHNqSPySmTHBHrqvzI7HE="
PASSWORD = "a benchmark password"
ROUTES = ["#/archives/", "#/tags/", None, None]  # None: a year page, then an entry page (from the site)

UNLOCK_JS = """
const [password, done] = arguments;
(function wait() {
  const field = document.getElementById('unlock-password');
  if (!field || document.getElementById('unlock-form').hidden) { setTimeout(wait, 5); return; }
  field.value = password;
  const start = performance.now();
  document.getElementById('unlock-form').requestSubmit();
  (function shown() {
    if (window.daybookPrivate.pages > 0) done({ ms: window.daybookPrivate.shownAt - start, derivations: window.daybookPrivate.derivations });
    else if (document.querySelector('#unlock-status.unlock-error')) done({ error: document.getElementById('unlock-status').textContent });
    else setTimeout(shown, 2);
  })();
})();"""

PBKDF2_JS = """
const [iterations, done] = arguments;
const start = performance.now();
window.daybookPrivate.deriveReader(new Uint8Array(16), '', 'x', iterations).then(() => done(performance.now() - start));"""

ROUTE_JS = """
const [route, done] = arguments, before = window.daybookPrivate.pages, start = performance.now();
location.hash = route;
(function shown() {
  if (window.daybookPrivate.pages > before) done({ ms: window.daybookPrivate.shownAt - start, page: window.daybookPrivate.page });
  else if (document.querySelector('#unlock-status.unlock-error')) done({ error: document.getElementById('unlock-status').textContent });
  else setTimeout(shown, 1);
})();"""

PLAIN_LOAD_JS = "const n = performance.getEntriesByType('navigation')[0]; return n.loadEventEnd - n.startTime;"

FRAME_SEARCH_JS = """
const [query, done] = arguments, win = document.getElementById('private-frame').contentWindow;
(function wait() {
  if (!win.daybook) { setTimeout(wait, 5); return; }
  const start = performance.now();
  win.daybook.search(query, { limit: 10 }).then(a => done({ ms: performance.now() - start, total: a.total }), e => done({ error: String(e) }));
})();"""

PLAIN_SEARCH_JS = """
const [query, done] = arguments;
(function wait() {
  if (!window.daybook) { setTimeout(wait, 5); return; }
  const start = performance.now();
  window.daybook.search(query, { limit: 10 }).then(a => done({ ms: performance.now() - start, total: a.total }), e => done({ error: String(e) }));
})();"""


def build(args, out):
    corpus, plain, private = out / "corpus", out / "plain", out / "private"
    if not (corpus / "manifest.json").is_file():
        subprocess.run([sys.executable, str(SHARED / "make_corpus.py"), str(corpus), "--entries", str(args.entries)], check=True)
    binary = next((b for b in (REPO / ".build/release/daybook", REPO / ".build/debug/daybook") if b.is_file()), None)
    if binary is None:
        sys.exit("no daybook binary: run `swift build` first")
    subprocess.run([str(binary), "build", str(corpus), "--output", str(plain), "--quiet"], check=True)
    # The same corpus, whole-private, built by Daybook itself (600,000 PBKDF2 rounds, as shipped).
    journal = out / "private-journal"
    if not journal.exists():
        shutil.copytree(corpus, journal, ignore=shutil.ignore_patterns("manifest.json", ".daybook", "_site"))
        settings = journal / "daybook.yml"
        settings.write_text((settings.read_text(encoding="utf-8") if settings.exists() else "") + "private: true\n", encoding="utf-8")
    started = time.perf_counter()
    subprocess.run([str(binary), "build", str(journal), "--output", str(private), "--quiet"], check=True,
                   env={**os.environ, "DAYBOOK_SITE_KEY": SITE_KEY, "DAYBOOK_PASSWORD": PASSWORD})
    print(f"Built {journal} private into {private} in {time.perf_counter() - started:.1f} s", flush=True)
    year = sorted(p.name for p in plain.glob("[12][0-9][0-9][0-9]"))[-1]
    entry = sorted(p.relative_to(plain).parent.as_posix() for p in plain.glob(f"{year}/*/*/*/index.html"))[-1]
    return plain, private, [r or f"#/{x}/" for r, x in zip(ROUTES, ["", "", year, entry])]


def cold(driver, url):
    driver.get("about:blank")
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    driver.get(url)


def checked(driver, script, *arguments):
    answer = driver.execute_async_script(script, *arguments)
    if isinstance(answer, dict) and "error" in answer:
        sys.exit(f"failed: {answer['error']}")
    return answer


def measure(args, driver, servers, private_url, plain_url, routes):
    results = {"unlock": [], "pbkdf2": [], "next": [], "plain_pages": [], "search": {q: {"private": [], "plain": []} for _, q in search_bench.QUERIES}}
    for run in range(args.runs + 1):  # the first run warms the browser and is dropped
        keep = run > 0
        cold(driver, private_url)
        unlocked = checked(driver, UNLOCK_JS, PASSWORD)
        assert unlocked["derivations"] == 1, unlocked
        pbkdf2 = driver.execute_async_script(PBKDF2_JS, args.iterations)
        pages = [checked(driver, ROUTE_JS, route) for route in routes]
        plain_pages = {}
        for page in pages:  # the same pages of the plain site, opened the usual way with a warm cache
            for _ in range(2):
                driver.get(plain_url + page["page"].removesuffix("index.html"))
            plain_pages[page["page"]] = driver.execute_script(PLAIN_LOAD_JS)
        if keep:
            results["unlock"].append(unlocked["ms"])
            results["pbkdf2"].append(pbkdf2)
            results["next"].append({p["page"]: p["ms"] for p in pages})
            results["plain_pages"].append(plain_pages)
        for _, query in search_bench.QUERIES:
            cold(driver, private_url)
            checked(driver, UNLOCK_JS, PASSWORD)
            servers["private"].meter.take()
            private = checked(driver, FRAME_SEARCH_JS, query)
            private["bytes"], _ = servers["private"].meter.take()
            cold(driver, plain_url)
            servers["plain"].meter.take()
            plain = checked(driver, PLAIN_SEARCH_JS, query)
            plain["bytes"], _ = servers["plain"].meter.take()
            if private["total"] != plain["total"]:
                sys.exit(f"{query!r}: {private['total']} results private, {plain['total']} plain")
            if keep:
                results["search"][query]["private"].append(private)
                results["search"][query]["plain"].append(plain)
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        if errors:
            sys.exit(f"console errors: {errors}")
    return results


def report(args, results, private_dir, plain_dir):
    med = statistics.median
    lines = [f"Run on {platform.machine()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}; "
             f"{args.entries} entries; PBKDF2 at {args.iterations:,} iterations; medians of {args.runs} cold runs.",
             f"Command: `python3 bench/private/bench.py --entries {args.entries} --runs {args.runs}`.", "",
             f"- Unlock (submit to first page shown): {med(results['unlock']):.0f} ms, of which PBKDF2 alone "
             f"{med(results['pbkdf2']):.0f} ms (target: about 1 s).",
             "- Next page (route change to the frame's load event; target 100 ms), and in brackets the same "
             "page of the plain site opened the usual way (navigation start to load event, warm cache): " + ", ".join(
                 f"{page} {med([r[page] for r in results['next']]):.0f} ms "
                 f"({med([r[page] for r in results['plain_pages']]):.0f} ms)" for page in results["next"][0]), "",
             "| query | results | private: bytes | plain: bytes | ratio | private: ms | plain: ms | ratio |",
             "|---|---|---|---|---|---|---|---|"]
    for _, query in search_bench.QUERIES:
        p, q = results["search"][query]["private"], results["search"][query]["plain"]
        pb, qb, pm, qm = med([r["bytes"] for r in p]), med([r["bytes"] for r in q]), med([r["ms"] for r in p]), med([r["ms"] for r in q])
        lines.append(f"| `{query}` | {p[0]['total']} | {pb:,.0f} | {qb:,.0f} | {pb / qb:.2f} | {pm:.1f} | {qm:.1f} | {pm / max(qm, 0.1):.2f} |")
    size = lambda folder: sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())  # noqa: E731
    lines += ["", f"Site size: plain {size(plain_dir):,} bytes, private {size(private_dir):,} bytes "
              f"({size(private_dir) / size(plain_dir):.2f}x, every page and data file sealed, base64 in a script)."]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--iterations", type=int, default=600000)
    parser.add_argument("--out", default=str(REPO / "bench" / "out" / "private"))
    args = parser.parse_args()
    out = pathlib.Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    plain, private, routes = build(args, out)
    ports = {"private": search_bench.free_port(), "plain": search_bench.free_port()}
    servers = {"private": search_bench.serve(private, ports["private"]), "plain": search_bench.serve(plain, ports["plain"])}
    driver = search_bench.make_driver()
    try:
        results = measure(args, driver, servers, f"http://127.0.0.1:{ports['private']}/",
                          f"http://127.0.0.1:{ports['plain']}/", routes)
    finally:
        driver.quit()
        for server in servers.values():
            server.shutdown()
    text = report(args, results, private, plain)
    (out / "report.md").write_text(text + "\n")
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n")
    print(text)


if __name__ == "__main__":
    main()
