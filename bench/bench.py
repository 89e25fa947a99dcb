#!/usr/bin/env python3
"""Daybook's build benchmark: Daybook, Hugo and raw cmark on the same corpora, in one run.

Usage: bench/bench.py [--sizes 1000,10000] [--big] [--runs N] [--work DIR]

For each corpus size it generates a journal with ../shared/bench/make_corpus.py, then measures
(hyperfine for wall time, /usr/bin/time for peak memory, medians of N runs):

  daybook-full    `daybook build` from scratch (no output, no cache)
  daybook-noop    a rebuild with nothing changed (cache from the previous build)
  daybook-edit    a rebuild after one entry's body was edited
  hugo            Hugo on the reference site in ../shared/bench/hugo-site, fresh destination
  cmark           the `cmark` command over every entry file, one process: the floor
  daybook-check   `daybook check`: every stage of a full build, nothing written
  fs-floor        bench/floor.c recreating Daybook's output (same folders, same file sizes) on
                  every core, nothing computed: the file system's share of a full build

Every build's output is checked for completeness (one page per published entry, no drafts), so a
fast wrong build cannot pass. Results go to stdout and to WORK/results.md.
"""
import argparse
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "bench"
DAYBOOK = ROOT / ".build" / "release" / "daybook"


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def hyperfine(name, command, runs, prepare=None, work=None):
    """Median wall time in seconds of `command` (a shell string)."""
    out = work / f"{name}.json"
    args = ["hyperfine", "--style", "none", "--runs", str(runs), "--export-json", str(out), "--shell", "bash"]
    if prepare:
        args += ["--prepare", prepare]
    run(args + [command], stdout=subprocess.DEVNULL)
    times = json.loads(out.read_text())["results"][0]["times"]
    return statistics.median(times)


def peak_memory(command, runs, prepare=None):
    """Median of the maximum resident set size, in MB."""
    peaks = []
    for _ in range(runs):
        if prepare:
            run(["bash", "-c", prepare])
        result = subprocess.run(["/usr/bin/time", "-f", "%M", "bash", "-c", command + " >/dev/null"],
                                capture_output=True, text=True, check=True)
        peaks.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
    return statistics.median(peaks)


def count_entry_pages(site, pattern):
    return sum(1 for path in site.glob(pattern) if path.name == "index.html")


def draft_titles(corpus):
    titles = []
    for path in (corpus / "entries").rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        if re.search(r"^draft: true$", text, re.M):
            titles.append(path)
    return titles


def check_daybook(site, manifest, corpus):
    pages = count_entry_pages(site, "[0-9][0-9][0-9][0-9]/[0-9][0-9]/[0-9][0-9]/*/index.html")
    assert pages == manifest["published"], f"daybook wrote {pages} entry pages, expected {manifest['published']}"
    # Drafts are marked in their front-matter; none of their bodies may appear in the site.
    for draft in draft_titles(corpus)[:20]:
        body = draft.read_text(encoding="utf-8").split("---", 2)[2].strip().splitlines()[0][:60]
        assert not any(body in p.read_text(encoding="utf-8") for p in (site / draft.parent.relative_to(corpus / "entries")).rglob("index.html")), draft


def check_hugo(site, manifest):
    pages = count_entry_pages(site, "[0-9][0-9][0-9][0-9]/[0-9][0-9]/*/index.html")
    assert pages == manifest["published"], f"hugo wrote {pages} entry pages, expected {manifest['published']}"


def set_aside(work, *paths):
    """A prepare command that moves outputs out of the way instead of deleting them: deleting
    tens of thousands of files just before a timed run makes ext4 scan its recently freed inodes
    on every file the run creates, which measures the file system's bookkeeping, not the tool.
    Hugo's benchmark notes ask for a new destination per run for the same reason."""
    trash = work / "trash"
    trash.mkdir(exist_ok=True)
    return "; ".join(f'[ ! -e {p} ] || mv {p} {trash}/$(date +%s%N)' for p in paths)


def write_manifest(site, path):
    """The folders (parents first) and files (with sizes) of `site`, for bench/floor.c."""
    folders, files = [], []
    for entry in site.rglob("*"):
        relative = entry.relative_to(site).as_posix()
        if entry.is_dir():
            folders.append(relative)
        else:
            files.append((relative, entry.stat().st_size))
    folders.sort(key=lambda p: (p.count("/"), p))
    lines = [f"d {p}" for p in folders] + [f"f {size} {p}" for p, size in sorted(files)]
    path.write_text("\n".join(lines) + "\n")
    return len(folders), len(files)


def floor_tool(work):
    """bench/floor.c, compiled into the work folder."""
    binary = work / "floor"
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        sys.exit("no C compiler (cc or clang) for bench/floor.c")
    run([compiler, "-O2", "-o", str(binary), str(HERE / "floor.c"), "-lpthread"])
    return binary


def empty_trash(work):
    shutil.rmtree(work / "trash", ignore_errors=True)


def bench_size(size, runs, work):
    corpus = work / f"corpus-{size}"
    if not (corpus / "manifest.json").exists():
        run([sys.executable, str(SHARED / "make_corpus.py"), str(corpus), "--entries", str(size)], stdout=subprocess.DEVNULL)
    manifest = json.loads((corpus / "manifest.json").read_text())
    site, hugo_site = work / f"site-{size}", work / f"hugo-{size}"
    fresh = set_aside(work, site, f"{corpus}/.daybook")
    build = f"{DAYBOOK} build {corpus} --output {site} --quiet"
    results = {"size": size, "published": manifest["published"]}

    results["daybook-full"] = hyperfine(f"daybook-full-{size}", build, runs, prepare=fresh, work=work)
    results["daybook-full-mem"] = peak_memory(build, runs, prepare=fresh)
    check_daybook(site, manifest, corpus)
    tree = work / f"tree-{size}.txt"
    results["site-folders"], results["site-files"] = write_manifest(site, tree)

    results["daybook-noop"] = hyperfine(f"daybook-noop-{size}", build, runs, work=work)
    results["daybook-noop-mem"] = peak_memory(build, runs)
    # One entry's body gets one more line before each run: a real edit every time.
    victim = sorted((corpus / "entries").rglob("*.md"))[len(manifest) % 7]
    edit = f"echo \"Edited at $RANDOM$RANDOM.\" >> {victim}"
    results["daybook-edit"] = hyperfine(f"daybook-edit-{size}", build, runs, prepare=edit, work=work)
    check_daybook(site, manifest, corpus)

    hugo = (f"hugo --quiet --noBuildLock --source {SHARED / 'hugo-site'} "
            f"--contentDir {corpus / 'entries'} --destination {hugo_site}")
    results["hugo"] = hyperfine(f"hugo-{size}", hugo, runs, prepare=set_aside(work, hugo_site), work=work)
    results["hugo-mem"] = peak_memory(hugo, runs, prepare=set_aside(work, hugo_site))
    check_hugo(hugo_site, manifest)

    files = work / f"files-{size}.txt"
    files.write_text("\n".join(str(p) for p in sorted((corpus / "entries").rglob("*.md"))) + "\n")
    cmark = f"xargs -a {files} -d '\\n' cmark > /dev/null"
    results["cmark"] = hyperfine(f"cmark-{size}", cmark, runs, work=work)

    # What bounds a full build: all of its computing with nothing written, and the writing of
    # the same folders and files with nothing computed.
    results["daybook-check"] = hyperfine(f"daybook-check-{size}", f"{DAYBOOK} check {corpus}", runs, work=work)
    floor_site = work / f"floor-{size}"
    floor = f"{floor_tool(work)} {os.cpu_count()} {floor_site} {tree}"
    results["fs-floor"] = hyperfine(f"fs-floor-{size}", floor, runs, prepare=set_aside(work, floor_site), work=work)
    return results


def table(all_results):
    lines = ["| entries | Daybook full | Hugo | cmark | Daybook / Hugo | Daybook / cmark | memory Daybook / Hugo | no-op rebuild | one-entry edit | no-op / Hugo | edit / Hugo |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in all_results:
        lines.append(
            f"| {r['size']:,} | {r['daybook-full']:.3f} s, {r['daybook-full-mem']:.0f} MB | {r['hugo']:.3f} s, {r['hugo-mem']:.0f} MB "
            f"| {r['cmark']:.3f} s | **{r['daybook-full'] / r['hugo']:.2f}** | **{r['daybook-full'] / r['cmark']:.2f}** "
            f"| **{r['daybook-full-mem'] / r['hugo-mem']:.2f}** | {r['daybook-noop']:.3f} s | {r['daybook-edit']:.3f} s "
            f"| **{r['daybook-noop'] / r['hugo']:.3f}** | **{r['daybook-edit'] / r['hugo']:.3f}** |")
    lines += ["", "| entries | Daybook check (computing only) | file-system floor (writing only) | folders + files | check / Hugo | floor / cmark |",
              "|---:|---:|---:|---:|---:|---:|"]
    for r in all_results:
        lines.append(
            f"| {r['size']:,} | {r['daybook-check']:.3f} s | {r['fs-floor']:.3f} s | {r['site-folders']:,} + {r['site-files']:,} "
            f"| **{r['daybook-check'] / r['hugo']:.2f}** | **{r['fs-floor'] / r['cmark']:.2f}** |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--big", action="store_true", help="add the 100,000-entry corpus")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=str(ROOT / "bench" / "out"))
    args = parser.parse_args()
    work = pathlib.Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    sizes = [int(s) for s in args.sizes.split(",")] + ([100000] if args.big else [])
    for tool in ("hyperfine", "hugo", "cmark"):
        if not shutil.which(tool):
            sys.exit(f"{tool} is missing: run `make bench`, which installs it")
    results = []
    for size in sizes:
        print(f"benchmarking {size} entries...", file=sys.stderr)
        results.append(bench_size(size, args.runs, work))
    # Only now: deleting the set-aside outputs would slow every file created for a while after.
    empty_trash(work)
    report = table(results)
    machine = subprocess.run(["bash", "-c", "nproc; free -g | awk '/Mem/{print $2\" GiB\"}'; uptime"], capture_output=True, text=True).stdout
    (work / "results.md").write_text(report + "\n\nMachine: " + " ".join(machine.split("\n")) + "\n")
    (work / "results.json").write_text(json.dumps(results, indent=1))
    print(report)


if __name__ == "__main__":
    main()
