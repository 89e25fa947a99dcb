"""One entry shared by a link (docs/shares.md), in headless Chromium from file://: the example
journal with its photo-and-place entry made private, shared with the real binary's
`daybook share`, built, and the link opened. The link shows that entry, its photos and place,
and no link into the journal; a tampered key shows a clear message; after `--revoke` and a
build, the old link opens nothing. The share page is valid HTML and passes axe."""
import base64
import os
import pathlib
import shutil
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import private_reference as ref
from test_axe import scheme, serious_violations  # noqa: F401 (scheme is a fixture)
from test_html_valid import validate

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build/debug/daybook"))
EXAMPLE = ROOT / "Examples/journal"
ENV = {**os.environ, "DAYBOOK_SITE_KEY": "YaMQPwbaTub9Fpi9LL40sfCp8viShg4lkV6AAGe8iqU=", "DAYBOOK_PASSWORD": "ferry to the island"}
ENTRY = "entries/2025/05/2025-05-24-sleeper-to-penzance/index.md"


def daybook(*arguments):
    result = subprocess.run([str(BINARY), *arguments], capture_output=True, text=True, env=ENV)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    """(journal, site, link): the example journal with ENTRY private and shared, built."""
    base = tmp_path_factory.mktemp("shares")
    journal, site = base / "journal", base / "site"
    shutil.copytree(EXAMPLE, journal, ignore=shutil.ignore_patterns("_site", ".daybook"))
    entry = journal / ENTRY
    entry.write_text("---\nprivate: true\n" + entry.read_text(encoding="utf-8")[4:], encoding="utf-8")
    link = daybook("share", ENTRY, "--journal", str(journal))
    assert link.startswith("share/#")
    daybook("build", str(journal), "--output", str(site), "--quiet")
    return journal, site, link


def open_link(driver, site, fragment):
    # From another page: the same address again would only move to the fragment, not load.
    driver.get("about:blank")
    driver.get((site / "share/index.html").as_uri() + fragment)
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return window.daybookShare && window.daybookShare.state") != "loading")
    return driver.execute_script("return window.daybookShare.state")


def test_the_python_reference_derives_the_links_key_and_opens_the_copy(shared):
    """The copy is the private format's (docs/private.md), with the role "share": the reference
    derives the key the link carries from the site key, the id and the entry, finds the copy by
    the id, and opens its pack, which holds the entry and its photos."""
    _, site, link = shared
    share_id, key = link.split("#")[1].split(".")
    assert base64.urlsafe_b64decode(key + "=") == ref.share_key(ENV["DAYBOOK_SITE_KEY"].encode(), share_id, ENTRY)
    script = (site / "share" / (ref.share_name(share_id) + ".js")).read_text()
    binary = base64.b64decode(script.split('"')[3])
    files = ref.unframe(ref.unseal(base64.urlsafe_b64decode(key + "="), ref.SHARE, binary))
    assert "Sleeper to Penzance" in files["/article"].decode()
    assert any(path.endswith(".webp") for path in files) and not any(path.endswith(".html") for path in files)
    with pytest.raises(Exception):
        ref.unseal(base64.urlsafe_b64decode(key + "="), ref.PACK, binary)


def test_the_link_shows_the_entry_its_photos_and_place_and_nothing_else(shared, browser):
    _, site, link = shared
    assert open_link(browser, site, link[len("share/"):]) == "shown"
    text = browser.find_element(By.ID, "share").text
    assert "Sleeper to Penzance" in text and "Penzance" in text and "24 May 2025" in text
    assert "shared with you from a private journal" in text
    images = browser.find_elements(By.CSS_SELECTOR, "#share-entry img")
    assert len(images) >= 3
    WebDriverWait(browser, 10).until(lambda d: d.execute_script(
        "return [...document.querySelectorAll('#share-entry img')].every(i => i.complete && i.naturalWidth > 0)"))
    assert all(image.get_attribute("src").startswith("blob:") for image in images)
    # The only links left open the entry's own photos; its place, tags and month are plain text.
    links = browser.find_elements(By.CSS_SELECTOR, "a[href]")
    assert links and all(a.get_attribute("class") == "photo" and a.get_attribute("href").startswith("blob:") for a in links), \
        [(a.get_attribute("class"), a.get_attribute("href")) for a in links]
    assert browser.find_element(By.CSS_SELECTOR, "#share-entry .place").text.startswith("Penzance")
    assert "#trains" in browser.find_element(By.CSS_SELECTOR, "#share-entry .tag-list").text
    assert "Sleeper to Penzance" in browser.title


def test_a_tampered_key_shows_a_clear_message(shared, browser):
    _, site, link = shared
    fragment = link[len("share/"):]
    tampered = fragment[:-3] + ("A" if fragment[-3] != "A" else "B") + fragment[-2:]
    assert open_link(browser, site, tampered) == "damaged"
    assert "does not open the shared entry" in browser.find_element(By.ID, "share-status").text
    assert not browser.find_elements(By.CSS_SELECTOR, "#share-entry *")
    assert open_link(browser, site, "") == "no_link"


def test_the_share_page_is_valid_and_accessible(shared, browser, scheme):
    _, site, link = shared
    folder = site.parent / "share-page-only"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    shutil.copy(site / "share/index.html", folder / "index.html")
    code, output = validate(folder)
    assert code == 0, output
    open_link(browser, site, link[len("share/"):])
    violations = serious_violations(browser)
    assert not violations, "\n".join(violations)


def test_a_revoked_link_opens_nothing_in_the_next_build(shared, browser):
    journal, site, link = shared
    daybook("share", "--revoke", ENTRY, "--journal", str(journal))
    daybook("build", str(journal), "--output", str(site), "--quiet")
    assert open_link(browser, site, link[len("share/"):]) == "missing"
    assert "opens nothing" in browser.find_element(By.ID, "share-status").text
