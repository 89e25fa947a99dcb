#!/usr/bin/env python3
"""Edit-to-reload benchmark of `daybook serve`, beside `hugo server`, in headless Chromium.

Usage: bench/serve_bench.py [--size 10000] [--edits 15] [--work DIR] [--no-hugo] [--private]

On the corpus of ../shared/bench/make_corpus.py (the one bench.py makes, reused when present), it
starts the preview server, opens one entry's page in headless Chromium, and then, EDITS times:
appends a line with a new marker to the entry's file, and waits until the page open in the browser
shows the marker, without touching the page. The time is from just before the file is written to
the moment the reloaded page's DOM holds the marker (`Date.now()` in the page, read back after),
so it spans the watcher, the debounce, the incremental rebuild, the event to the browser, the
reload and the new page's parsing. Hugo's `hugo server` on the reference site in
../shared/bench/hugo-site is measured the same way, with its own live reload.

With --private, the same journal made whole-private (`private: true`) is measured too: the page
is unlocked once, the entry opened in the viewer, and each edit timed until the viewer's frame
shows the marker. The preview takes a new build in place with the key it holds (no reload, no
password asked again), so the time spans the rebuild, the event, the viewer's reading of the
new pack and the parsing of the page in its frame, timed in the frame as the public page is.
"""
import argparse
import importlib.util
import json
import os
import pathlib
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "bench"
DAYBOOK = pathlib.Path(os.environ.get("DAYBOOK_BINARY", ROOT / ".build" / "release" / "daybook"))

# Records when the page, once parsed, holds the marker the benchmark waits for.
SHOWN_AT = """
document.addEventListener('DOMContentLoaded', () => {
  const marker = sessionStorage.getItem('benchMarker');
  if (marker && document.body.textContent.includes(marker)) sessionStorage.setItem('benchShownAt', String(Date.now()));
});
"""


def chromium():
    spec = importlib.util.spec_from_file_location("site_conftest", ROOT / "Tests/site/conftest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    driver = module.make_driver()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHOWN_AT})
    return driver


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(check, timeout, what):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.01)
    sys.exit(f"timed out: {what}")


def measure(driver, url, victim, edits, settle):
    """Opens `url`, then times `edits` edits of `victim` until the open page shows each."""
    driver.get(url)
    time.sleep(settle)  # the live-reload connection is open
    times = []
    for number in range(edits):
        marker = f"Bench marker {number} {time.time_ns()}"
        driver.execute_script("sessionStorage.setItem('benchMarker', arguments[0]); sessionStorage.removeItem('benchShownAt')", marker)
        text = victim.read_text()
        began = time.time()
        victim.write_text(text + f"\n{marker}\n")
        shown = wait_until(lambda: driver.execute_script("return sessionStorage.getItem('benchShownAt')"), 30, marker)
        times.append(int(shown) / 1000 - began)
        time.sleep(settle)
    return times


def victim_entry(corpus):
    """The newest published entry with a title: its file, its title."""
    for path in sorted((corpus / "entries").rglob("*.md"), reverse=True):
        text = path.read_text()
        title = re.search(r"^title: (.+)$", text, re.M)
        if title and not re.search(r"^draft: true$", text, re.M):
            return path, title.group(1).strip().strip("\"'")
    sys.exit("no entry with a title")


def daybook_page(site, title):
    for page in site.glob("[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]/*/index.html"):
        if f"<h1>{title}</h1>" in page.read_text():
            return str(page.parent.relative_to(site)) + "/"
    sys.exit(f"no page titled {title}")


def run_daybook(corpus, victim, title, edits, found):
    port = free_port()
    server = subprocess.Popen([str(DAYBOOK), "serve", str(corpus), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        server.stdout.readline()  # "Serving ... at ...": the first build is done
        page = daybook_page(corpus / ".daybook/serve/site", title)
        found.append(page)
        driver = chromium()
        try:
            return measure(driver, f"http://127.0.0.1:{port}/{page}", victim, edits, settle=0.5)
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait()


PRIVATE_SECRETS = {"DAYBOOK_SITE_KEY": "9I8E8KvoI5wu22tieOfQC1uQvfTDaeSv6pGV0TvznyQ=", "DAYBOOK_PASSWORD": "benchmark password"}


def measure_private(driver, url, page, victim, edits, settle):
    """Unlocks the viewer at `url`, opens `page` in it, then times `edits` edits of `victim` until
    the viewer's frame shows each."""
    driver.get(url)
    field = wait_until(lambda: driver.execute_script(
        "const f = document.getElementById('unlock-password'); return f && f.offsetParent && f"), 60, "the unlock form")
    field.send_keys(PRIVATE_SECRETS["DAYBOOK_PASSWORD"])
    driver.find_element("css selector", ".unlock-button").click()
    wait_until(lambda: driver.execute_script("return window.daybookPrivate && window.daybookPrivate.pages > 0"), 60, "unlocking")
    driver.execute_script(f"location.hash = '#/{page}'")
    wait_until(lambda: driver.execute_script(f"return window.daybookPrivate.page === '{page}index.html'"), 30, "the entry")
    time.sleep(settle)
    # Timed as the public page is (`SHOWN_AT`): the viewer's frame is a document of the page's
    # own origin, so the script runs in it too, and notes when the frame holding the marker was
    # parsed. Timed when the polling saw the marker instead, it counted the polling's 10 ms and a
    # WebDriver round trip too (bench/README.md).
    times = []
    for number in range(edits):
        marker = f"Bench marker {number} {time.time_ns()}"
        driver.execute_script("sessionStorage.setItem('benchMarker', arguments[0]); sessionStorage.removeItem('benchShownAt')", marker)
        text = victim.read_text()
        began = time.time()
        victim.write_text(text + f"\n{marker}\n")
        shown = wait_until(lambda: driver.execute_script("return sessionStorage.getItem('benchShownAt')"), 60, marker)
        times.append(int(shown) / 1000 - began)
        time.sleep(settle)
    return times


def run_daybook_private(corpus, victim, page, edits):
    settings = corpus / "daybook.yml"
    settings.write_text((settings.read_text() if settings.exists() else "") + "private: true\nremember_days: 0\n")
    port = free_port()
    server = subprocess.Popen([str(DAYBOOK), "serve", str(corpus), "--port", str(port)], env={**os.environ, **PRIVATE_SECRETS},
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        server.stdout.readline()
        driver = chromium()
        try:
            return measure_private(driver, f"http://127.0.0.1:{port}/", page, victim, edits, settle=0.5)
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait()


def run_hugo(corpus, victim, edits):
    port = free_port()
    server = subprocess.Popen(["hugo", "server", "--source", str(SHARED / "hugo-site"), "--contentDir", str(corpus / "entries"),
                               "--port", str(port), "--bind", "127.0.0.1", "--renderToDisk=false", "--noBuildLock"],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        for line in server.stdout:
            if "Web Server is available" in line:
                break
        relative = victim.relative_to(corpus / "entries")
        url = f"http://127.0.0.1:{port}/{relative.parts[0]}/{relative.parts[1]}/{victim.stem}/"
        driver = chromium()
        try:
            return measure(driver, url, victim, edits, settle=0.5)
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait()


def summary(name, times):
    return f"| {name} | {statistics.median(times):.3f} s | {min(times):.3f} s | {max(times):.3f} s | {len(times)} |"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--size", type=int, default=10000)
    parser.add_argument("--edits", type=int, default=15)
    parser.add_argument("--work", default=str(HERE / "out"))
    parser.add_argument("--no-hugo", action="store_true")
    parser.add_argument("--private", action="store_true", help="also the journal made whole-private")
    args = parser.parse_args()
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    corpus = work / f"corpus-{args.size}"
    if not (corpus / "manifest.json").exists():
        subprocess.run([sys.executable, str(SHARED / "make_corpus.py"), str(corpus), "--entries", str(args.size)],
                       check=True, stdout=subprocess.DEVNULL)
    # A copy of its own: the edits must not leak into bench.py's corpus.
    mine = work / f"serve-corpus-{args.size}"
    shutil.rmtree(mine, ignore_errors=True)
    shutil.copytree(corpus, mine, ignore=shutil.ignore_patterns(".daybook"))
    victim, title = victim_entry(mine)
    found = []
    results = {"daybook": run_daybook(mine, victim, title, args.edits, found)}
    if not args.no_hugo and shutil.which("hugo"):
        results["hugo"] = run_hugo(mine, victim, args.edits)
    if args.private:
        shutil.rmtree(mine / ".daybook", ignore_errors=True)
        results["daybook whole-private"] = run_daybook_private(mine, victim, found[0], args.edits)
    lines = ["| server | median | fastest | slowest | edits |", "| --- | --- | --- | --- | --- |"]
    lines += [summary(f"{name} ({args.size} entries)", times) for name, times in results.items()]
    print("\n".join(lines))
    (work / "serve-results.md").write_text("\n".join(lines) + "\n")
    (work / "serve-results.json").write_text(json.dumps(results, indent=1))
    shutil.rmtree(mine, ignore_errors=True)


if __name__ == "__main__":
    main()
