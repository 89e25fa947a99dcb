#!/usr/bin/env python3
"""Photos: Daybook against Hugo's image processing on the same camera-sized JPEGs, in one run.

Usage: bench/photos/bench.py [--count 200] [--size 4000x3000] [--runs 1] [--work DIR]

Generates COUNT deterministic photos (scripts/make-photo.py: 12 MP by default, every EXIF
orientation in turn, a GPS position), then a Daybook journal (one entry folder per photo) and a
Hugo site (one page bundle per photo, a layout that resizes each to the widths Daybook makes,
WebP and JPEG, and a square thumbnail). Each round times, with peak memory from `wait4`:

  daybook-first   `daybook build` with no cache and no output: every photo decoded and encoded
  daybook-noop    a rebuild with nothing changed
  daybook-edit    a rebuild after one entry's text was edited: the photos looked up, none made
  hugo-first      `hugo` with its resource cache (resources/_gen) emptied first

Results go to stdout and WORK/results.md.
"""
import argparse
import os
import pathlib
import shutil
import statistics
import subprocess
import sys

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE.parent))
from bench import DAYBOOK, timed  # noqa: E402


def make_photos(work, count, size):
    photos = work / "photos"
    photos.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        target = photos / f"p{index:04d}.jpg"
        if target.exists():
            continue
        lat, lon = 50 + index * 0.01, -5 + index * 0.01
        subprocess.run([sys.executable, str(ROOT / "scripts/make-photo.py"), str(target), "--size", size,
                        "--orientation", str(index % 8 + 1), "--gps", f"{lat:.4f},{lon:.4f}",
                        "--seed", str(index), "--quality", "92"], check=True)
    return sorted(photos.iterdir())


def place(photo, path):
    """A hard link to the generated photo (a copy across file systems). Not a symbolic link:
    Daybook reads no file that links outside the journal (docs/entries.md)."""
    try:
        os.link(photo, path)
    except OSError:
        shutil.copyfile(photo, path)


def make_daybook(work, photos):
    journal = work / "daybook"
    shutil.rmtree(journal, ignore_errors=True)
    for index, photo in enumerate(photos):
        day = 1 + index % 28
        folder = journal / "entries" / f"2024-{1 + index // 28 % 12:02d}-{day:02d}-photo-{index:04d}"
        folder.mkdir(parents=True)
        place(photo, folder / "photo.jpg")
        (folder / "index.md").write_text(f"---\ntitle: Photo {index}\n---\n![Photo {index}](photo.jpg)\n")
    (journal / "daybook.yml").write_text("title: Photos\nsearch: false\nquote_of_the_day: false\n")
    return journal


def make_hugo(work, photos):
    site = work / "hugo"
    shutil.rmtree(site, ignore_errors=True)
    (site / "content").mkdir(parents=True)
    shutil.copytree(HERE / "hugo-layouts", site / "layouts")
    for index, photo in enumerate(photos):
        folder = site / "content" / f"photo-{index:04d}"
        folder.mkdir()
        place(photo, folder / "photo.jpg")
        (folder / "index.md").write_text(f"---\ntitle: Photo {index}\n---\nPhoto {index}.\n")
    (site / "config.toml").write_text('baseURL = "https://example.org/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap"]\n'
                                      '[imaging]\nresampleFilter = "Lanczos"\nquality = 80\n')
    return site


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--size", default="4000x3000")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--work", default=str(ROOT / ".build" / "bench-photos"))
    args = parser.parse_args()
    work = pathlib.Path(args.work).resolve()
    photos = make_photos(work, args.count, args.size)[:args.count]
    journal, hugo = make_daybook(work, photos), make_hugo(work, photos)
    output, hugo_out = work / "daybook-site", work / "hugo-site"
    results = {"daybook-first": [], "daybook-noop": [], "daybook-edit": [], "hugo-first": []}
    edited = next((journal / "entries").iterdir()) / "index.md"
    for _ in range(args.runs):
        results["hugo-first"].append(timed(f"hugo --quiet -s {hugo} -d {hugo_out}",
                                           prepare=f"rm -rf {hugo_out} {hugo}/resources"))
        results["daybook-first"].append(timed([str(DAYBOOK), "build", str(journal), "--output", str(output), "--quiet"],
                                              prepare=f"rm -rf {output} {journal}/.daybook"))
        results["daybook-noop"].append(timed([str(DAYBOOK), "build", str(journal), "--output", str(output), "--quiet"]))
        edited.write_text(edited.read_text() + "\nEdited.\n")
        results["daybook-edit"].append(timed([str(DAYBOOK), "build", str(journal), "--output", str(output), "--quiet"]))
    copies = len(list((output / "photos").iterdir()))
    hugo_copies = sum(1 for path in hugo_out.rglob("*") if path.suffix in (".webp", ".jpg"))
    median = {name: (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)) for name, runs in results.items()}
    first, hugo_first = median["daybook-first"], median["hugo-first"]
    lines = [f"{args.count} photos of {args.size}, {args.runs} round(s); Daybook wrote {copies} copies, Hugo {hugo_copies}", "",
             "| run | wall s | peak MB | vs Hugo (wall, memory) |", "| --- | ---: | ---: | ---: |"]
    for name, (wall, memory) in median.items():
        lines.append(f"| {name} | {wall:.2f} | {memory:.0f} | {wall / hugo_first[0]:.2f}x, {memory / hugo_first[1]:.2f}x |")
    lines += ["", f"rebuild with unchanged photos / first build: noop {median['daybook-noop'][0] / first[0]:.3f}x, "
              f"edit {median['daybook-edit'][0] / first[0]:.3f}x"]
    text = "\n".join(lines)
    print(text)
    (work / "results.md").write_text(text + "\n")


if __name__ == "__main__":
    main()
