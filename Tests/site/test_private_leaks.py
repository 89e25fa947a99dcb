"""The private journal's leak check: a journal whose private entries carry a distinct marker word
in every field is built by the real binary, whole-private and mixed (also with the private entries
in a journal of their own, and in one of two public journals), with every feature on; no
output file may contain any marker in any form (plain, lower-cased, decomposed, HTML-, JSON- or
percent-escaped, as a slug), in its bytes or its path, the sealed copies of the shared private
entries included."""
import html
import json
import os
import pathlib
import subprocess
import unicodedata
import urllib.parse

import pytest
from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build" / "debug" / "daybook"))
SECRETS = {"DAYBOOK_SITE_KEY": "aI7VZ2dhPqg3vprUFFVWi53X8os4KwhPcyGMzEM/4Xs=", "DAYBOOK_PASSWORD": "leak check password"}

# One per field; each has a letter outside ASCII, so every escaped form differs from the plain one.
MARKERS = {
    "title": "Vrexqtítulo",
    "body": "Bodymarkwörd",
    "tag": "Tagmarkçafe",
    "place": "Placemarkñame",
    "alt": "Altmarkólt",
    "file": "Filemarkzébra",
    "slug": "slugmarkvélo",
    "excerpt": "Excerptmarkäpfel",
    "photo_file": "Photofilemarkñu",
    "caption": "Captionmarkü",
    "exif": "Exifmarkçamera",
    # The writer of the private entries alone: its name, key (a folder and a search term) and portrait.
    "writer": "Writermarkårne",
    "writer_key": "wrtrkeymark",
}
# The private photo is one flat colour no public image has; the public photo another.
PRIVATE_COLOUR = (13, 237, 171)
PUBLIC_COLOUR = (240, 20, 200)
QUOTE_MARKER = "Quotemarkdéjà"
# A journal that only the private entries are in (docs/journals.md): its name and its title.
JOURNAL_MARKERS = {"journal": "Journalmarkdréam", "journal_name": "journalmarkdreams"}


def forms(marker):
    """Every spelling a marker could take in a site's files, lower-cased."""
    folded = "".join(c for c in unicodedata.normalize("NFKD", marker) if not unicodedata.combining(c))
    found = {
        marker,
        unicodedata.normalize("NFD", marker),
        json.dumps(marker)[1:-1],
        urllib.parse.quote(marker),
        html.escape(marker).encode("ascii", "xmlcharrefreplace").decode(),
        "".join(f"&#x{ord(c):x};" if ord(c) > 127 else c for c in marker),
        folded,
    }
    return {form.lower() for form in found}


def write_journal(root, whole, journals=False, two=False):
    # Every feature on, the tag feeds included (the private entry shares the tag "travel").
    settings = "title: Leak check\nbase_url: https://example.org/journal/\ntimezone: Europe/Oslo\ntag_feeds: true\n"
    # Two writers of public entries, so the public site has writers' pages; the third writes only
    # private entries, and must not be named, counted or pictured there.
    settings += ("writers:\n  anna: {name: Anna Open, portrait: people/anna.png}\n  ben: {name: Ben Open}\n"
                 f"  {MARKERS['writer_key']}: {{name: {MARKERS['writer']}, portrait: people/private.png}}\n"
                 "default_writer: anna\n")
    if whole:
        settings += "private: true\n"
    if journals:
        settings += f"journals:\n  diary: {{title: Diary}}\n  {JOURNAL_MARKERS['journal_name']}: {{title: {JOURNAL_MARKERS['journal']}}}\n"
    if two:
        settings += "journals:\n  diary: {title: Diary}\n  travel: {title: Travels}\n"
    files = {
        "daybook.yml": settings,
        "quotes.yml": f"- text: {QUOTE_MARKER} is the word of the day.\n  author: Someone\n",
        # Public entries, so the public site has pages, places, tags and days of its own.
        "entries/2024/05/2024-05-01-public.md": "---\ntitle: A public day\ndate: 2024-05-01 09:00\nrating: 3\n"
                                                "location: { name: Oslo, lat: 59.91, lon: 10.75 }\ntags: [travel]\n---\nOpen words.\n",
        "entries/2023/05/2023-05-02-public.md": "---\ntitle: Last year\ndate: 2023-05-02\nauthor: ben\ntags: [travel]\n---\nOlder open words.\n",
        # Private ones, on the same days of the year as public ones (on this day, calendar).
        f"entries/2024/05/2024-05-02-{MARKERS['file']}/index.md":
            f"---\ntitle: {MARKERS['title']} at dawn\ndate: 2024-05-02 07:30\nrating: 5\nprivate: true\nauthor: {MARKERS['writer_key']}\n"
            f"location: {{ name: {MARKERS['place']}, lat: -33.8765, lon: 151.2468 }}\ntags: [{MARKERS['tag']}, travel]\n"
            f"photos:\n  - {{ file: {MARKERS['photo_file']}-2.jpg, caption: {MARKERS['caption']} }}\n---\n"
            f"{MARKERS['excerpt']} opens the text. The {MARKERS['body']} follows.\n\n"
            f"![{MARKERS['alt']}]({MARKERS['photo_file']}.jpg)\n",
        "entries/2024/04/2024-04-30-public-photo/index.md":
            "---\ntitle: A public photo\ndate: 2024-04-30\n---\nThe harbour.\n\n![The harbour](harbour.jpg)\n",
        "entries/2023/05/2023-05-01-other.md":
            f"---\ntitle: Quiet\ndate: 2023-05-01\nslug: {MARKERS['slug']}\nprivate: true\nauthor: {MARKERS['writer_key']}\ntags: [{MARKERS['tag']}]\n---\n"
            f"Only {MARKERS['body']} here.\n",
    }
    for path, text in files.items():
        if journals:
            text = text.replace("private: true\n", f"private: true\njournal: {JOURNAL_MARKERS['journal_name']}\n")
        # Two public journals, the private entries in one with a public place: its own map.
        if two and ("private: true" in text or path.startswith("entries/2023/05/2023-05-02")):
            text = text.replace("\n---\n", "\njournal: travel\n---\n", 1)
        if two and path.startswith("entries/2023/05/2023-05-02"):
            text = text.replace("author: ben\n", "author: ben\nlocation: { name: Bergen, lat: 60.39, lon: 5.32 }\n")
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    folder = root / f"entries/2024/05/2024-05-02-{MARKERS['file']}"
    for name in (f"{MARKERS['photo_file']}.jpg", f"{MARKERS['photo_file']}-2.jpg"):
        write_photo(folder / name, PRIVATE_COLOUR, MARKERS["exif"])
    write_photo(root / "entries/2024/04/2024-04-30-public-photo/harbour.jpg", PUBLIC_COLOUR, "public camera")
    (root / "people").mkdir(exist_ok=True)
    Image.new("RGB", (300, 240), PRIVATE_COLOUR).save(root / "people/private.png")
    Image.new("RGB", (300, 240), PUBLIC_COLOUR).save(root / "people/anna.png")


def write_photo(path, colour, description):
    """A flat-coloured JPEG whose EXIF names a camera, a description and a place."""
    exif = Image.Exif()
    exif[0x010E] = description  # ImageDescription
    exif[0x013B] = description  # Artist
    gps = exif.get_ifd(0x8825)
    gps[1], gps[2], gps[3], gps[4] = "S", (33.0, 52.0, 35.0), "E", (151.0, 14.0, 48.0)
    Image.new("RGB", (640, 480), colour).save(path, "JPEG", quality=95, exif=exif)


def decoded_colours(site):
    """The mean colour of every image in the site that decodes."""
    colours = {}
    for path in site.rglob("*"):
        if path.suffix.lower() in (".jpg", ".jpeg", ".webp", ".png", ".gif", ".avif", ".tif", ".tiff", ".heic"):
            with Image.open(path) as image:
                small = image.convert("RGB").resize((1, 1), Image.Resampling.BOX)
                colours[path.relative_to(site).as_posix()] = small.getpixel((0, 0))
    return colours


def near(a, b):
    return sum((x - y) ** 2 for x, y in zip(a, b)) < 30 ** 2


def build(root, env):
    result = subprocess.run([str(BINARY), "build", str(root), "--quiet"], capture_output=True, text=True,
                            env={**os.environ, **env})
    return result


SHARED = ["entries/2024/05/2024-05-02-{file}/index.md", "entries/2023/05/2023-05-01-other.md"]


@pytest.fixture(scope="module", params=["mixed", "whole", "journals", "two-journals"])
def built(request, tmp_path_factory):
    root = tmp_path_factory.mktemp(f"leak-{request.param}")
    write_journal(root, whole=request.param == "whole", journals=request.param == "journals", two=request.param == "two-journals")
    # Both private entries shared by a link: their sealed copies are read by the checks too.
    for entry in SHARED:
        shared = subprocess.run([str(BINARY), "share", entry.replace("{file}", MARKERS["file"]), "--journal", str(root)],
                                capture_output=True, text=True, env={**os.environ, **SECRETS})
        assert shared.returncode == 0, shared.stderr
    result = build(root, SECRETS)
    assert result.returncode == 0, result.stderr
    return request.param, root, root / "_site"


def test_no_marker_in_any_form_in_any_output_file(built):
    kind, root, site = built
    wanted = {name: forms(marker) for name, marker in MARKERS.items()}
    if kind == "whole":
        wanted["quote"] = forms(QUOTE_MARKER)
    if kind == "journals":
        wanted.update({name: forms(marker) for name, marker in JOURNAL_MARKERS.items()})
    files = [path for path in site.rglob("*") if path.is_file()]
    # The check reads the unlock page, the key file and the sealed chunks too.
    assert len(files) > 10 and (site / "private/keys.js").is_file()
    assert len([path for path in files if path.parent.parent.parent.name == "private"]) >= 2
    # The shared entries' copies (docs/shares.md): one per share, all of one size.
    copies = [path for path in files if path.parent.name == "share" and path.suffix == ".js"]
    assert len(copies) == len(SHARED) and len({path.stat().st_size for path in copies}) == 1
    leaks = []
    for path in files:
        text = path.read_bytes().decode("utf-8", "replace").lower()
        relative = str(path.relative_to(site)).lower()
        for name, spellings in wanted.items():
            for form in spellings:
                if form in text or form in relative:
                    leaks.append(f"{name} marker as {form!r} in {path.relative_to(site)}")
    assert not leaks, "\n".join(leaks)


def test_no_image_in_the_output_is_a_private_photo(built):
    kind, root, site = built
    colours = decoded_colours(site)
    assert not [path for path, colour in colours.items() if near(colour, PRIVATE_COLOUR)]
    if kind != "whole":
        # The check sees photos: the public one is there, in several copies.
        assert len([path for path, colour in colours.items() if near(colour, PUBLIC_COLOUR)]) >= 2


def test_the_public_site_shows_the_writers_of_public_entries_alone(built):
    """The writers' pages and portraits are there to check: the public writers' only."""
    kind, root, site = built
    if kind == "whole":
        assert not (site / "writers").exists()
        return
    writers = (site / "writers/index.html").read_text(encoding="utf-8")
    assert "Anna Open" in writers and "Ben Open" in writers and "2 writers" in writers
    assert sorted(p.name for p in (site / "writers").iterdir()) == ["anna", "ben", "index.html"]
    assert len(list((site / "portraits").iterdir())) == 4  # Anna's two squares, WebP and JPEG


def test_the_check_sees_a_marker_when_the_entry_is_public(tmp_path):
    """The check can fail: the same journal with its entries made public shows every marker."""
    write_journal(tmp_path, whole=False)
    for path in (tmp_path / "entries").rglob("*.md"):
        path.write_text(path.read_text(encoding="utf-8").replace("private: true\n", ""), encoding="utf-8")
    assert build(tmp_path, {}).returncode == 0
    everything = "".join(p.read_bytes().decode("utf-8", "replace").lower() + str(p).lower()
                         for p in (tmp_path / "_site").rglob("*") if p.is_file())
    for name, marker in MARKERS.items():
        if name not in ("exif", "photo_file"):  # a photo's EXIF and file name are never published
            assert any(form in everything for form in forms(marker)), name
    assert any(near(colour, PRIVATE_COLOUR) for colour in decoded_colours(tmp_path / "_site").values())


def test_the_check_sees_a_journal_marker_when_its_entries_are_public(tmp_path):
    """The same for a journal: made public, its entries give it a page, a link and a badge."""
    write_journal(tmp_path, whole=False, journals=True)
    for path in (tmp_path / "entries").rglob("*.md"):
        path.write_text(path.read_text(encoding="utf-8").replace("private: true\n", ""), encoding="utf-8")
    assert build(tmp_path, {}).returncode == 0
    everything = "".join(p.read_bytes().decode("utf-8", "replace").lower() + str(p).lower()
                         for p in (tmp_path / "_site").rglob("*") if p.is_file())
    for name, marker in JOURNAL_MARKERS.items():
        assert any(form in everything for form in forms(marker)), name


def test_secrets_reach_no_output_cache_or_log(built):
    kind, root, site = built
    secrets = [value.lower() for value in SECRETS.values()]
    for path in list(site.rglob("*")) + list((root / ".daybook").rglob("*")):
        if path.is_file():
            data = path.read_bytes().lower()
            for secret in secrets:
                assert secret.encode() not in data, path
    result = build(root, {**SECRETS, "DAYBOOK_PASSWORD": ""})
    assert result.returncode == 1
    assert "DAYBOOK_PASSWORD is not set" in result.stderr
    for secret in secrets:
        assert secret not in (result.stdout + result.stderr).lower()


# ---- Finding 1: the sizes of the sealed files ----------------------------------------------------------

def write_mixed(root, month, tag):
    """A mixed journal: public entries over three months and two tags, and one private entry in
    `month` with `tag`, whose words are the same length whichever month and tag it has."""
    files = {"daybook.yml": "title: Sizes\n"}
    for number, (m, t) in enumerate([("03", "sea"), ("03", "hills"), ("06", "sea"), ("06", "hills"), ("09", "sea")]):
        files[f"entries/2024/{m}/2024-{m}-1{number}-public.md"] = (
            f"---\ntitle: Public day {number}\ndate: 2024-{m}-1{number}\ntags: [{t}]\n---\n" + "Open words. " * 40 + "\n")
    files[f"entries/2024/{month}/2024-{month}-20-secret.md"] = (
        f"---\ntitle: A private evening\ndate: 2024-{month}-20\nprivate: true\ntags: [{tag}]\n---\n" + "Hidden words. " * 40 + "\n")
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text, encoding="utf-8")


def sealed_sizes(site):
    """The sizes of the files under private/ but the key file and the unlock page, sorted."""
    return sorted(p.stat().st_size for p in (site / "private").rglob("*.js") if p.name != "keys.js")


def test_the_sealed_files_do_not_tell_which_public_pages_private_entries_touch(tmp_path):
    """Finding 1 of the review: each page of an edition was sealed alone, so a public page's copy
    that gained private rows was found by its size. Where the private entry sits (its month, its
    tag, its neighbours) must not change the sizes of the sealed files."""
    sizes = []
    for month, tag in [("03", "sea"), ("06", "hills"), ("09", "hills")]:
        root = tmp_path / f"{month}-{tag}"
        write_mixed(root, month, tag)
        result = build(root, SECRETS)
        assert result.returncode == 0, result.stderr
        sizes.append(sealed_sizes(root / "_site"))
        # Every sealed file but the manifest is one chunk of the same size.
        assert len(set(sizes[-1])) <= 2 and len(sizes[-1]) >= 2
    assert sizes[0] == sizes[1] == sizes[2]



def test_each_public_journal_has_a_map_of_its_public_places_alone(built):
    """A journal's own map (`<journal>/places/`) exists only with two journals of public entries,
    and shows no place of another journal's entries (and, above, no private place)."""
    kind, root, site = built
    maps = sorted(path.relative_to(site).as_posix() for path in site.glob("*/places/index.html"))
    assert maps == (["diary/places/index.html", "travel/places/index.html"] if kind == "two-journals" else []), maps
    for page, own, other in [("diary", "Oslo", "Bergen"), ("travel", "Bergen", "Oslo")] if maps else []:
        text = (site / page / "places/index.html").read_text(encoding="utf-8")
        assert own in text and other not in text, page
