"""A small site per tool, written as Hugo, Jekyll and Zola users write them (page bundles with
photos, a remote image, aliases or redirect_from, the tool's own settings file with title, base
URL, language and permalinks, one broken file), built by the real binary with the README's
command and --keep-going: every good entry is published, the broken one is left out, exit 1."""
import os
import pathlib
import re
import subprocess
import urllib.parse

from PIL import Image

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build" / "debug" / "daybook"))


def write(root, files):
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def photo(path, size=(1200, 800), colour=(40, 110, 60)):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path, quality=90)


def build(site, entries):
    result = subprocess.run([str(BINARY), "build", str(site), "--entries", entries, "--keep-going"],
                            capture_output=True, text=True, stdin=subprocess.DEVNULL)
    return result


def page(site, path):
    return (site / "_site" / path).read_text(encoding="utf-8")


def redirects_to(site, old, target):
    text = page(site, old)
    assert 'http-equiv="refresh"' in text and 'name="robots" content="noindex"' in text
    assert re.search(r'<link rel="canonical" href="https://example.org([^"]+)">', text).group(1) == target, text
    url = re.search(r'content="0; url=([^"]+)"', text).group(1)
    assert (site / "_site" / old).parent.joinpath(urllib.parse.unquote(url), "index.html").resolve().exists(), url


def published_copies(site):
    return sorted(p.name for p in (site / "_site" / "photos").iterdir())


def test_a_hugo_site(tmp_path):
    site = tmp_path / "my-hugo-site"
    write(site, {
        "hugo.toml": 'baseURL = "https://example.org/"\nlanguageCode = "en-gb"\ntitle = "Fell Notes"\n'
                     'timeZone = "Europe/London"\ntheme = "ananke"\n\n[permalinks]\nposts = "/:year/:month/:slug/"\n',
        "content/_index.md": '+++\ntitle = "Home"\n+++\n',
        "content/posts/_index.md": '+++\ntitle = "Posts"\n+++\n',
        "content/posts/2024-10-12-lake-district/index.md":
            '+++\ntitle = "Lake District"\ndate = 2024-10-12T09:30:00\naliases = ["/walks/lakes/"]\ntags = ["walks"]\n+++\n'
            'Up the fell before the rain.\n\n![Fell in cloud](fell.jpg)\n\n![chart](https://example.org/chart.png)\n',
        "content/posts/quiet-day.md": '+++\ntitle = "Quiet day"\ndate = 2024-10-13\n+++\nRain all day.\n',
        "content/posts/broken.md": '+++\ntitle = "Broken\ndate = 2024-10-14\n+++\nNever shown.\n',
    })
    photo(site / "content/posts/2024-10-12-lake-district/fell.jpg")
    result = build(site, "content/posts")
    assert result.returncode == 1, result.stderr
    assert "content/posts/broken.md:" in result.stderr and "error: malformed TOML" in result.stderr and "the entries with errors were left out" in result.stderr
    assert "1 image in 1 entry loads from another host (example.org)" in result.stderr
    assert "Built 2 entries" in result.stdout
    assert "Read hugo.toml (Hugo): title, baseURL, languageCode, timeZone, permalinks; not read: theme" in result.stdout
    lake = page(site, "2024/10/12/lake-district/index.html")
    assert '<html lang="en-GB"' in lake and "<h1>Lake District</h1>" in lake and "Fell Notes" in lake
    assert "<picture" in lake and "fell.jpg" not in lake
    assert 'src="https://example.org/chart.png"' in lake
    assert any(name.endswith("-480.webp") for name in published_copies(site))
    assert not list((site / "_site").rglob("fell.jpg"))
    redirects_to(site, "2024/10/lake-district/index.html", "/2024/10/12/lake-district/")
    redirects_to(site, "walks/lakes/index.html", "/2024/10/12/lake-district/")
    redirects_to(site, "2024/10/quiet-day/index.html", "/2024/10/13/quiet-day/")
    assert "Broken" not in page(site, "index.html")


def test_a_jekyll_site(tmp_path):
    site = tmp_path / "my-jekyll-site"
    write(site, {
        "_config.yml": "title: Carnet du port\nurl: https://example.org\nbaseurl: /carnet\nlang: fr\n"
                       "timezone: Europe/Paris\npermalink: /:categories/:year/:month/:day/:title:output_ext\nplugins: [jekyll-postfiles]\n",
        "_posts/2024-05-01-ferry.md": "---\nlayout: post\ntitle: Le ferry\ncategories: [voyage]\nredirect_from: [/ferry/]\n---\n"
                                      "Mer calme.\n\n![logo](/assets/logo.png)\n",
        "_posts/2024-05-02-harbour/2024-05-02-harbour.md": "---\ntitle: Le port\n---\nLe matin.\n\n![Le port](harbour.jpg)\n\n"
                                                           "![carte](https://tiles.example.net/map.png)\n",
        "_posts/2024-05-03-broken.md": "---\ntitle: [unclosed\n---\nx\n",
    })
    photo(site / "_posts/2024-05-02-harbour/harbour.jpg", (900, 600), (20, 60, 160))
    result = build(site, "_posts")
    assert result.returncode == 1, result.stderr
    assert "_posts/2024-05-03-broken.md:" in result.stderr and "error: malformed YAML" in result.stderr
    assert "Built 2 entries" in result.stdout
    assert "Read _config.yml (Jekyll): title, url, baseurl, lang, timezone, permalink" in result.stdout
    ferry = page(site, "2024/05/01/le-ferry/index.html")
    assert '<html lang="fr"' in ferry and "<h1>Le ferry</h1>" in ferry and "Carnet du port" in ferry
    assert "mercredi 1 mai 2024" in ferry
    harbour = page(site, "2024/05/02/le-port/index.html")
    assert "<picture" in harbour and "harbour.jpg" not in harbour
    assert any(name.endswith("-480.webp") for name in published_copies(site))
    redirects_to(site, "voyage/2024/05/01/ferry.html", "/carnet/2024/05/01/le-ferry/")
    redirects_to(site, "ferry/index.html", "/carnet/2024/05/01/le-ferry/")
    redirects_to(site, "2024/05/02/harbour.html", "/carnet/2024/05/02/le-port/")


def test_a_zola_site(tmp_path):
    site = tmp_path / "my-zola-site"
    write(site, {
        "config.toml": 'base_url = "https://example.org"\ntitle = "봄 일기"\ndefault_language = "ko"\n'
                       'compile_sass = true\n\n[markdown]\nhighlight_code = true\n',
        "content/blog/_index.md": '+++\ntitle = "Blog"\nsort_by = "date"\n+++\n',
        "content/blog/2024-03-01-spring/index.md": '+++\ntitle = "벚꽃"\ndate = 2024-03-01\n[taxonomies]\ntags = ["봄"]\n+++\n'
                                                   "꽃이 피었다.\n\n![벚꽃](blossom.jpg)\n",
        "content/blog/rain.md": '+++\ntitle = "비"\ndate = 2024-03-02\naliases = ["/old/rain/"]\n+++\n비가 온다.\n',
        "content/blog/broken.md": '+++\ntitle = "x"\ndate = 2024-13-45\n+++\nx\n',
    })
    photo(site / "content/blog/2024-03-01-spring/blossom.jpg", (1000, 700), (230, 170, 190))
    result = build(site, "content/blog")
    assert result.returncode == 1, result.stderr
    assert "content/blog/broken.md:" in result.stderr
    assert "Built 2 entries" in result.stdout
    assert "Read config.toml (Zola): title, base_url, default_language; not read: compile_sass, markdown" in result.stdout
    home = page(site, "index.html")
    assert '<html lang="ko"' in home and "봄 일기" in home
    spring = next((site / "_site/2024/03/01").iterdir())
    text = (spring / "index.html").read_text(encoding="utf-8")
    assert "<h1>벚꽃</h1>" in text and "<picture" in text and "blossom.jpg" not in text
    redirects_to(site, "blog/spring/index.html", "/2024/03/01/spring/")
    rain = "/2024/03/02/" + urllib.parse.quote(next((site / "_site/2024/03/02").iterdir()).name) + "/"
    assert "비가 온다." in page(site, urllib.parse.unquote(rain.lstrip("/")) + "index.html")
    redirects_to(site, "blog/rain/index.html", rain)
    redirects_to(site, "old/rain/index.html", rain)
