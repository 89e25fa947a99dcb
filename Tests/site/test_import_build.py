"""A Day One export imported and built by the real binary: the photo lands beside the entry as a
folder entry, and the site shows it as a picture of published copies, never the original."""
import json
import os
import pathlib
import subprocess

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build" / "debug" / "daybook"))


def run(*args):
    result = subprocess.run([str(BINARY), *map(str, args)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return result


def test_a_day_one_photo_is_published_as_resized_copies(tmp_path):
    export = tmp_path / "export"
    (export / "photos").mkdir(parents=True)
    entry = {"uuid": "6A1F2B3C4D5E4F60A1B2C3D4E5F60718", "creationDate": "2023-04-30T23:15:00Z", "timeZone": "Asia/Seoul",
             "text": "# Ferry to Jeju\n\nThe sea was calm.\n\n![](dayone-moment://PHOTO1)\n",
             "photos": [{"identifier": "PHOTO1", "md5": "0123abcd", "type": "jpeg"}]}
    (export / "Journal.json").write_text(json.dumps({"metadata": {"version": "1.0"}, "entries": [entry]}), encoding="utf-8")
    Image.new("RGB", (300, 200), (10, 120, 200)).save(export / "photos" / "0123abcd.jpeg")
    journal = tmp_path / "journal"
    run("import", "dayone", export, "--journal", journal)
    folder = journal / "entries/2023/05/2023-05-01-ferry-to-jeju"
    assert sorted(p.name for p in folder.iterdir()) == ["index.md", "photo-1.jpeg"]
    run("build", journal, "--quiet")
    page = (journal / "_site/2023/05/01/ferry-to-jeju/index.html").read_text(encoding="utf-8")
    assert "<picture" in page and "photo-1" not in page
    copies = sorted(p.name for p in (journal / "_site/photos").iterdir())
    assert any(name.endswith("-300.webp") for name in copies) and any(name.endswith("-300.jpg") for name in copies)
    assert not list((journal / "_site").rglob("*.jpeg"))
