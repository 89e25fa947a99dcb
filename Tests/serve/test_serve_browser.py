"""`daybook serve` in headless Chromium: a page left open shows an edit without being touched,
shows the build's errors over itself, and loses them once the entry is fixed."""
import pathlib
import time

import pytest

import importlib.util  # noqa: E402

# The site tests' Chromium set-up (Tests/site/conftest.py), loaded under another name than ours.
_spec = importlib.util.spec_from_file_location("site_conftest", pathlib.Path(__file__).resolve().parents[1] / "site/conftest.py")
_site = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_site)
make_driver = _site.make_driver

FERRY = "entries/2024/05/2024-05-01-ferry.md"
PAGE = "2024/05/01/ferry-to-the-island/"


def ferry(body, title="Ferry to the island"):
    return f"---\ntitle: {title}\ndate: 2024-05-01 08:30\n---\n\n{body}\n"


def wait_for(driver, script, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for: {script}")


# Keeps the page's EventSource objects in sight, to wait until the stream is open.
WATCH_STREAMS = """
(() => {
  const Real = window.EventSource;
  window.openedStreams = [];
  window.EventSource = function (url) { const source = new Real(url); window.openedStreams.push(source); return source; };
  window.EventSource.CLOSED = Real.CLOSED;
})();
"""
STREAM_OPEN = "return window.openedStreams && window.openedStreams.some(s => s.readyState === 1)"


@pytest.fixture
def driver():
    driver = make_driver()
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WATCH_STREAMS})
    yield driver
    driver.quit()


def test_an_open_page_shows_the_edit_and_the_errors_without_being_touched(journal, preview, driver):
    running = preview()
    driver.get(running.url + PAGE)
    assert "The ferry left at dawn." in driver.find_element("css selector", ".entry-body").text
    driver.execute_script("window.untouched = true")
    wait_for(driver, STREAM_OPEN)

    (journal / FERRY).write_text(ferry("Seen without a click."))
    wait_for(driver, "return document.querySelector('.entry-body') && document.querySelector('.entry-body').textContent.includes('Seen without a click.')")
    assert driver.execute_script("return window.untouched") is None  # it reloaded by itself

    (journal / FERRY).write_text("---\ntitle: Ferry\ndate: 2024-13-01\n---\n\n<b>Broken</b>\n")
    text = wait_for(driver, "const o = document.getElementById('daybook-errors'); return o && o.querySelector('pre').textContent")
    assert text.startswith(f"{FERRY}:3:7: error:")
    assert text.splitlines()[-1] == "build failed: 1 error"
    assert "Seen without a click." in driver.find_element("css selector", ".entry-body").text  # the last good page
    wait_for(driver, STREAM_OPEN)

    (journal / FERRY).write_text(ferry("Fixed, and the overlay gone."))
    wait_for(driver, "return !document.getElementById('daybook-errors') && document.querySelector('.entry-body').textContent.includes('Fixed')")
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []


def test_a_renamed_entry_takes_its_open_page_to_the_new_address(journal, preview, driver):
    running = preview()
    driver.get(running.url + PAGE)
    wait_for(driver, STREAM_OPEN)
    (journal / FERRY).write_text(ferry("Renamed.", title="Ferry to the big island"))
    wait_for(driver, "return location.pathname === '/2024/05/01/ferry-to-the-big-island/'")
    assert "Renamed." in driver.find_element("css selector", ".entry-body").text


def test_the_error_overlay_hides_the_page_and_starts_with_the_error(journal, preview, driver):
    # With feeds on and no base_url the first build warned; the error the reader must fix is all the
    # overlay shows, since that warning is said once per session (issue 22).
    (journal / "daybook.yml").write_text("title: Test journal\ntimezone: UTC\nquote_of_the_day: false\n")
    running = preview()
    driver.get(running.url + PAGE)
    wait_for(driver, STREAM_OPEN)
    (journal / FERRY).write_text("---\ntitle: Ferry\ndate: 2024-13-01\n---\n\nBroken.\n")
    text = wait_for(driver, "const o = document.getElementById('daybook-errors'); return o && o.querySelector('pre').textContent")
    assert text.startswith(f"{FERRY}:3:7: error:"), text
    assert "no base_url" not in text
    overlay = driver.find_element("css selector", "#daybook-errors")
    # Opaque: the page under it does not show through the error text.
    assert overlay.value_of_css_property("background-color") == "rgba(20, 20, 20, 1)"


def test_the_404_page_has_its_stylesheet_and_links_at_any_depth(journal, preview, driver):
    running = preview()
    driver.get(running.url + "no/such/page/")
    assert driver.find_element("css selector", "main h1").text == "Page not found"
    assert driver.find_element("css selector", ".site-title").value_of_css_property("text-decoration-line") == "none"
    driver.find_element("link text", "archives").click()
    assert driver.current_url.rstrip("/").endswith("/archives") or driver.current_url.endswith("/archives/index.html")


def test_an_unlocked_private_journal_shows_the_edit_without_asking_again(journal, preview, driver, monkeypatch):
    """A reload would lock the viewer (the key lives in the tab's memory only): the preview asks
    the viewer to take the new build in place, with the key it holds."""
    monkeypatch.setenv("DAYBOOK_SITE_KEY", "YaMQPwbaTub9Fpi9LL40sfCp8viShg4lkV6AAGe8iqU=")
    monkeypatch.setenv("DAYBOOK_PASSWORD", "ferry to the island")
    settings = journal / "daybook.yml"
    settings.write_text(settings.read_text() + "private: true\nremember_days: 0\n")
    running = preview()
    driver.get(running.url)
    field = wait_for(driver, "const f = document.getElementById('unlock-password'); return f && f.offsetParent && f")
    field.send_keys("ferry to the island")
    driver.find_element("css selector", ".unlock-button").click()
    wait_for(driver, "return window.daybookPrivate.pages > 0", timeout=30)
    driver.execute_script(f"location.hash = '#/{PAGE}'")
    wait_for(driver, f"return window.daybookPrivate.page === '{PAGE}index.html'")
    wait_for(driver, STREAM_OPEN)
    driver.execute_script("window.untouched = true")

    # Each save is added to the edition's pack, until the pack is sealed whole again
    # (docs/private.md, "The preview adds to the pack"): the viewer reads both.
    for words in ["Seen while unlocked.", "Seen again.", "Seen a third time.", "Seen a fourth time."]:
        (journal / FERRY).write_text(ferry(words))
        # The frame is swapped for the new page: for a moment it has no document or no body yet.
        shown = ("const f = document.getElementById('private-frame'), d = f && f.contentDocument,"
                 f" e = d && d.querySelector('.entry-body'); return !!e && e.textContent.includes('{words}')")
        wait_for(driver, shown, timeout=30)
    assert driver.execute_script("return window.untouched") is True  # no reload
    assert driver.execute_script("return window.daybookPrivate.derivations") == 1
    assert not driver.find_element("id", "unlock-form").is_displayed()
    assert driver.execute_script("return window.daybookPrivate.page") == PAGE + "index.html"
    # Each save chains a table of what it changed; the viewer reads only the new one, so one
    # table per save after the one it unlocked with.
    assert driver.execute_script("return window.daybookPrivate.tablesRead") == 5
    # A table of a later save removes what went: the entry's page goes, and the viewer says so.
    (journal / FERRY).unlink()
    wait_for(driver, "return window.daybookPrivate.page === '404.html'", timeout=30)
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []
