"""The example site's feeds and sitemap, read by the real feed parser (feedparser, from PyPI).

PyPI has no Atom validator that works offline, and feedparser 6.0 reads no JSON Feed, so
RFC 4287's required elements and JSON Feed 1.1's keys are checked here directly.
"""
import json
import os
import pathlib
import re
import subprocess
import urllib.parse
import xml.etree.ElementTree as ET

import feedparser

BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", pathlib.Path(__file__).resolve().parents[2] / ".build" / "debug" / "daybook"))
BASE = "https://example.org/journal/"
ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def parse(sub_site, name):
    parsed = feedparser.parse((sub_site / name).read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    return parsed


def test_atom_feed_reads_in_feedparser(sub_site):
    feed = parse(sub_site, "feed.xml")
    assert feed.version == "atom10"
    assert feed.feed.title == "A Year by the Water"
    assert feed.feed.author == "Mira Okafor"
    assert feed.feed.id == BASE
    assert feed.feed.link == BASE
    assert any(link.rel == "self" and link.href == BASE + "feed.xml" for link in feed.feed.links)
    entries = feed.entries
    assert len(entries) == 20
    # The newest first; the feed's date is the newest entry's, never the day of the build.
    assert feed.feed.updated == entries[0].updated
    assert feed.feed.updated_parsed == max(entry.updated_parsed for entry in entries)
    assert entries[0].title == "Rain on the allotment"
    ids = [entry.id for entry in entries]
    assert len(set(ids)) == 20
    for entry in entries:
        assert re.fullmatch(r"tag:example\.org,\d{4}:journal/\d{4}/\d\d/\d\d/[^ /]+/", entry.id), entry.id
        assert entry.link.startswith(BASE) and entry.link.endswith("/"), entry.link
        assert entry.published == entry.updated
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d", entry.published), entry.published
        html = entry.content[0].value
        for value in re.findall(r'(?:href|src)="([^"]*)"', html):
            assert re.match(r"[a-z]+:", value), f"{entry.link}: relative {value}"


def test_atom_feed_has_what_rfc_4287_requires(sub_site):
    root = ET.parse(sub_site / "feed.xml").getroot()
    assert root.tag == ATOM + "feed"
    for name in ("id", "title", "updated", "author"):
        assert root.find(ATOM + name) is not None, name
    for entry in root.findall(ATOM + "entry"):
        for name in ("id", "title", "updated", "published", "content"):
            assert len(entry.findall(ATOM + name)) == 1, name
        assert entry.find(ATOM + "content").get("type") == "html"
        assert entry.find(ATOM + "link").get("rel") == "alternate"


def test_entry_pages_exist_for_every_feed_link(sub_site):
    for entry in parse(sub_site, "feed.xml").entries:
        path = urllib.parse.unquote(entry.link[len(BASE):])
        assert (sub_site / path / "index.html").is_file(), path


def test_json_feed_matches_the_atom_feed(sub_site):
    atom = parse(sub_site, "feed.xml")
    data = json.loads((sub_site / "feed.json").read_text("utf-8"))
    assert data["version"] == "https://jsonfeed.org/version/1.1"
    assert data["feed_url"] == BASE + "feed.json" and data["home_page_url"] == BASE
    assert [item["id"] for item in data["items"]] == [entry.id for entry in atom.entries]
    assert [item["url"] for item in data["items"]] == [entry.link for entry in atom.entries]
    assert [item["date_published"] for item in data["items"]] == [entry.published for entry in atom.entries]
    # feedparser 6.0 reads no JSON Feed, so its required keys are checked here.
    assert data["title"] == "A Year by the Water"
    assert [item["title"] for item in data["items"]] == [entry.title for entry in atom.entries]
    assert all(item["content_html"].startswith("<") for item in data["items"])


def test_every_page_links_the_feeds_in_its_head(sub_site):
    for page in ("index.html", "2024/index.html", "tags/index.html", "2025/06/28/rain-on-the-allotment/index.html"):
        html = (sub_site / page).read_text("utf-8")
        head = html.split("</head>", 1)[0]
        match = re.search(r'<link rel="alternate" type="application/atom\+xml" title="[^"]+" href="([^"]+)">', head)
        assert match, page
        depth = page.count("/")
        assert match.group(1) == "../" * depth + "feed.xml" or match.group(1) == "/journal/feed.xml", page
        assert 'type="application/feed+json"' in head


def test_sitemap_names_every_page_by_its_absolute_address(sub_site):
    root = ET.parse(sub_site / "sitemap.xml").getroot()
    locs = [url.find(SITEMAP + "loc").text for url in root.findall(SITEMAP + "url")]
    assert locs[0] == BASE
    assert len(locs) == len(set(locs))
    # An entry's old address (a redirect page, aliases:) is no page of its own to list.
    pages = sorted(path.relative_to(sub_site).as_posix() for path in sub_site.rglob("index.html")
                   if 'http-equiv="refresh"' not in path.read_text("utf-8"))
    named = sorted(urllib.parse.unquote(loc[len(BASE):]) + "index.html" for loc in locs)
    assert named == pages
    for loc in locs:
        assert loc.startswith(BASE)
        assert not loc.endswith("404.html")


def test_the_journals_own_robots_txt_wins(sub_site):
    # The example journal has static/robots.txt; Daybook writes its own only without one.
    assert (sub_site / "robots.txt").read_text("utf-8") == "User-agent: *\nDisallow:\n"


def test_a_site_without_base_url_has_no_feed_or_sitemap(site):
    for name in ("feed.xml", "feed.json", "sitemap.xml"):
        assert not (site / name).exists(), name
    assert "application/atom+xml" not in (site / "index.html").read_text("utf-8")


def test_a_tag_feed_reads_in_feedparser_as_the_tags_own(tmp_path):
    """`tag_feeds: true`, built by the real binary: each tag's feed holds that tag's entries."""
    journal = tmp_path / "journal"
    entries = {
        "2024-06-01-ferry.md": "---\ntitle: Ferry\ndate: 2024-06-01\ntags: [sea]\n---\nThe ferry left at dawn.\n",
        "2024-06-02-hill.md": "---\ntitle: Hill\ndate: 2024-06-02\ntags: [walks]\n---\nA climb.\n",
    }
    for name, text in entries.items():
        (journal / "entries").mkdir(parents=True, exist_ok=True)
        (journal / "entries" / name).write_text(text)
    (journal / "daybook.yml").write_text(f"title: Notes\nbase_url: {BASE}\ntag_feeds: true\n")
    subprocess.run([str(BINARY), "build", str(journal), "--quiet"], check=True)
    parsed = feedparser.parse((journal / "_site/tags/sea/feed.xml").read_bytes())
    assert not parsed.bozo, parsed.get("bozo_exception")
    assert parsed.feed.title == "Notes: sea" and parsed.feed.id == BASE + "tags/sea/"
    assert [entry.title for entry in parsed.entries] == ["Ferry"]
    assert parsed.entries[0].link == BASE + "2024/06/01/ferry/"
    assert "The ferry left at dawn." in parsed.entries[0].content[0].value
