"""Helpers for the search tests: small journals built by the real binary, the search API called in
the page, and what the example journal's own files say (an oracle that does not ask Daybook)."""
import os
import pathlib
import re
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED_CASES = REPO / "Tests" / "search"


def daybook_binary():
    return os.environ.get("DAYBOOK_BIN") or str(REPO / ".build" / "debug" / "daybook")


def build_journal(root, files):
    """Writes `files` (path -> text) into `root`, builds it, and returns the site folder."""
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    subprocess.run([daybook_binary(), "build", str(root), "--quiet"], check=True)
    return root / "_site"


def search(driver, query, **options):
    """`window.daybook.search(query, options)` in the open page; an exception's text on failure."""
    return driver.execute_async_script(
        "const [q, o, done] = arguments;"
        "window.daybook.search(q, o).then(done, e => done('error: ' + e));", query, options)


def parse(driver, query):
    return driver.execute_async_script(
        "const [q, done] = arguments; window.daybook.parse(q).then(done, e => done('error: ' + e));", query)


def titles(answer):
    return [result["title"] for result in answer["results"]]


def example_entries():
    """The example journal's published entries, newest first, read with a few regular expressions."""
    entries = []
    for path in sorted((REPO / "Examples" / "journal" / "entries").rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        front = text.split("---", 2)[1] if text.startswith("---") else ""
        if re.search(r"^draft:\s*true", front, re.M):
            continue
        date = re.search(r"^date:\s*(\d{4}-\d\d-\d\d)(?:[ T](\d\d:\d\d))?", front, re.M)
        title = re.search(r"^title:\s*(.+)$", front, re.M)
        rating = re.search(r"^rating:\s*(\d)", front, re.M)
        place = re.search(r"^location:\s*(?:\{\s*name:\s*([^,}]+).*|(.+))$", front, re.M)
        flow = re.search(r"^tags:\s*\[(.*)\]", front, re.M)
        block = re.search(r"^tags:\s*\n((?:\s+- .+\n)+)", front, re.M)
        tags = [t.strip() for t in flow.group(1).split(",")] if flow else \
            [line.strip()[2:] for line in block.group(1).splitlines()] if block else []
        entries.append({
            "day": date.group(1), "time": date.group(2) or "", "path": str(path),
            "title": title.group(1).strip() if title else None,
            "rating": int(rating.group(1)) if rating else None,
            "place": (place.group(1) or place.group(2)).strip() if place else None,
            "tags": tags,
        })
    entries.sort(key=lambda e: (e["day"], e["time"], e["path"]), reverse=True)
    return entries
