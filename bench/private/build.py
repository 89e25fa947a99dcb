#!/usr/bin/env python3
"""What a private journal costs to build, beside the same journal all public, in one run.

Usage: bench/private/build.py [--entries 10000] [--runs 3] [--work DIR] [--daybook BINARY]

One corpus from ../shared/bench/make_corpus.py, in three copies:

  public   as generated
  mixed    every tenth entry private, half of those for the readers labelled `friends`, half
           for those labelled `family` (two readers, Anna who reads both and Ben who reads
           `friends`: two groups who open different entries, so two editions)
  whole    `private: true` in daybook.yml (one edition, no public pages)

For each copy, in turn within each round: a build from scratch (fresh output and cache folder),
then a rebuild after one public entry's body was edited, then a rebuild with nothing changed
(the secrets the same: a no-op), then a rebuild after a second edit of the same entry (a later
edit: the first after a build from scratch also links the whole site). Wall clock and peak memory (`wait4`);
ratios are medians of per-round ratios against `public`. Results go to stdout and WORK/private-build.md.
WORK is on tmpfs (/dev/shm/daybook-bench/private) when there is one with room, as bench/bench.py's
is: on a disk, the disk's bookkeeping took most of the public journal's edit (bench/README.md,
"Updates on a disk").
"""
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "bench" / "make_corpus.py"
SECRETS = {"DAYBOOK_SITE_KEY": "9I8E8KvoI5wu22tieOfQC1uQvfTDaeSv6pGV0TvznyQ=", "DAYBOOK_PASSWORD": "benchmark password",
           "DAYBOOK_PASSWORD_ANNA": "anna's benchmark password", "DAYBOOK_PASSWORD_BEN": "ben's benchmark password"}
READERS = "readers:\n  - name: Anna\n    labels: [family, friends]\n  - name: Ben\n    labels: [friends]\n"


def timed(command, env):
    subprocess.run(["sync"], check=True)
    began = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, env={**os.environ, **env})
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - began
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(command)}")
    return wall, usage.ru_maxrss / 1024


def make_variants(work, entries):
    source = work / "corpus"
    if not source.exists():
        subprocess.run([sys.executable, str(CORPUS), str(source), "--entries", str(entries)], check=True,
                       stdout=subprocess.DEVNULL)
    files = sorted((source / "entries").rglob("*.md"))
    variants = {}
    for name in ("public", "mixed", "whole"):
        target = work / name
        # A mixed copy made with other readers (an older version of this script) is made again.
        if name == "mixed" and target.exists() and READERS not in (target / "daybook.yml").read_text(encoding="utf-8"):
            shutil.rmtree(target)
        if not target.exists():
            shutil.copytree(source, target, ignore=shutil.ignore_patterns("manifest.json"))
            if name == "whole":
                (target / "daybook.yml").write_text("title: Bench\nprivate: true\n", encoding="utf-8")
            if name == "mixed":
                settings = target / "daybook.yml"
                settings.write_text((settings.read_text() if settings.exists() else "title: Bench\n") + READERS, encoding="utf-8")
                for number, path in enumerate(files[::10]):
                    mark_private(target / path.relative_to(source), label="friends" if number % 2 == 1 else "family")
        variants[name] = target
    return variants, files


def mark_private(path, label):
    text = path.read_text(encoding="utf-8")
    if text.startswith("---\n"):
        path.write_text(f"---\nprivate: true\nreaders: [{label}]\n" + text[4:], encoding="utf-8")


def edit(journal, relative, round_number):
    path = journal / relative
    with path.open("a", encoding="utf-8") as out:
        out.write(f"\nAn added line, round {round_number}.\n")


def default_work():
    shm = pathlib.Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK) and shutil.disk_usage(shm).free > 8 << 30:
        return str(shm / "daybook-bench" / "private")
    return str(ROOT / "bench" / "out" / "private")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work", default=default_work())
    parser.add_argument("--daybook", default=str(ROOT / ".build" / "release" / "daybook"))
    args = parser.parse_args()
    work = pathlib.Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    variants, files = make_variants(work, args.entries)
    # A public entry (not every tenth) to edit.
    edited = files[5].relative_to(work / "corpus")
    results = {name: {"full": [], "edit": [], "noop": [], "later": []} for name in variants}
    for round_number in range(args.runs + 1):
        for name, journal in variants.items():
            # A fresh output and cache per build from scratch: the disk is slow right after a large delete.
            output = work / f"out-{name}-{round_number}"
            shutil.rmtree(journal / ".daybook", ignore_errors=True)
            command = [args.daybook, "build", str(journal), "--output", str(output), "--quiet"]
            full = timed(command, SECRETS)
            edit(journal, edited, round_number)
            # An entry file changed within two seconds of a build's end is never trusted by the
            # next one (docs/builds.md): wait, so the no-op after the edit is a true no-op.
            time.sleep(2.1)
            again = timed(command, SECRETS)
            noop = timed(command, SECRETS)
            # The edit after that one: the first edit after a build from scratch links the whole
            # site into a new folder and keeps the old one (bench/README.md, "Updates on a disk"),
            # which later edits, as a writer makes them, do not.
            edit(journal, edited, round_number + 1000)
            time.sleep(2.1)
            later = timed(command, SECRETS)
            if round_number > 0:  # the first round warms the caches and is not counted
                results[name]["full"].append(full)
                results[name]["edit"].append(again)
                results[name]["noop"].append(noop)
                results[name]["later"].append(later)
            shutil.rmtree(output, ignore_errors=True)
    lines = [f"# Private journal builds, {args.entries} entries, {args.runs} rounds", "",
             "| journal | full build | peak MB | ratio to public | edit rebuild | ratio to public | no-op | ratio to public "
             "| later edit | ratio to public |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]

    def ratio(kinds, kind):
        return statistics.median(a[0] / b[0] for a, b in zip(kinds[kind], results["public"][kind]))

    def median(kinds, kind):
        return statistics.median(t for t, _ in kinds[kind])
    for name, kinds in results.items():
        lines.append(f"| {name} | {median(kinds, 'full'):.2f} s | {max(m for _, m in kinds['full']):.0f} | {ratio(kinds, 'full'):.2f}x "
                     f"| {median(kinds, 'edit'):.2f} s | {ratio(kinds, 'edit'):.2f}x "
                     f"| {median(kinds, 'noop'):.2f} s | {ratio(kinds, 'noop'):.2f}x "
                     f"| {median(kinds, 'later'):.2f} s | {ratio(kinds, 'later'):.2f}x |")
    text = "\n".join(lines) + "\n"
    print(text)
    (work / "private-build.md").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
