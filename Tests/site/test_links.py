"""Every link in the site leads to a file that exists, opened from disk and from a sub-path."""
import html.parser
import pathlib
import urllib.parse


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.targets = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.targets.append(value)


def links(page):
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser.targets


def check_site(root, base_path):
    broken = []
    for page in root.rglob("*.html"):
        for target in links(page):
            parsed = urllib.parse.urlparse(target)
            if parsed.scheme in ("data", "mailto") or target.startswith("#"):
                continue
            assert parsed.scheme in ("", "https"), f"{page}: {target}"
            if parsed.scheme == "https":
                assert parsed.netloc == "example.org", f"{page} links to another host: {target}"
                continue
            path = urllib.parse.unquote(parsed.path)
            if path.startswith("/"):
                assert path.startswith(base_path), f"{page}: {target}"
                file = root / path[len(base_path):]
            else:
                file = (page.parent / path)
            if path.endswith("/") or path == "":
                file = file / "index.html"
            if not file.resolve().is_file():
                broken.append(f"{page.relative_to(root)} -> {target}")
    return broken


def test_every_link_works_when_opened_from_disk(site):
    assert check_site(site, "/") == []
    # Opened from disk, links must name index.html: a folder link would show a directory listing.
    home = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="archives/index.html"' in home


def test_every_link_works_from_a_sub_path(sub_site):
    assert check_site(sub_site, "/journal/") == []
    home = (sub_site / "index.html").read_text(encoding="utf-8")
    assert 'href="archives/"' in home


def test_the_link_checker_finds_a_broken_link(tmp_path):
    (tmp_path / "index.html").write_text('<a href="missing/index.html">x</a>')
    assert check_site(tmp_path, "/") == ["index.html -> missing/index.html"]
