"""What the browser keeps of a private journal after Lock and closing the tab (issue 24, item 5):
Chromium's History database (the one history sync sends) must hold no private title, date, slug,
tag or place. The viewer keeps its routes in memory and seals each history entry's route under
the edition key, so back, forward and a reload still work."""
import re
import shutil
import sqlite3

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import make_driver
from private_support import pages_shown, unlock, wait_form, wait_page
from test_private import PASSWORD, make_private


def click_in_frame(driver, pattern):
    """Clicks the first link of the shown page whose address matches `pattern`; returns the path
    shown and the page's title."""
    before = pages_shown(driver)
    driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
    clicked = driver.execute_script(
        "const link = [...document.querySelectorAll('a[href]')].find(a => new RegExp(arguments[0]).test(a.getAttribute('href')));"
        "if (link) link.click(); return !!link;", pattern)
    driver.switch_to.default_content()
    assert clicked, pattern
    WebDriverWait(driver, 20).until(lambda d: pages_shown(d) > before)
    return driver.execute_script("return window.daybookPrivate.page"), frame_title(driver)


def frame_title(driver):
    return driver.execute_script("return document.getElementById('private-frame').contentDocument.title")


def history_rows(profile):
    copy = profile.parent / "History-copy"
    shutil.copy(profile / "Default/History", copy)
    with sqlite3.connect(copy) as db:
        return db.execute("SELECT url, title FROM urls").fetchall()


def test_after_lock_the_browsers_history_holds_nothing_of_the_private_pages(site, tmp_path):
    private = make_private(site, tmp_path / "site")
    profile = tmp_path / "profile"
    driver = make_driver(profile=profile)
    try:
        driver.get((private / "index.html").as_uri())
        unlock(driver, PASSWORD)
        entry_path, entry_title = click_in_frame(driver, r"\d{4}/\d{2}/\d{2}/[^/]+/(index\.html)?$")
        assert re.match(r"\d{4}/\d{2}/\d{2}/.+/index\.html$", entry_path), entry_path
        tag_path, tag_title = click_in_frame(driver, r"tags/[^/]+/(index\.html)?$")
        assert tag_path.startswith("tags/") and tag_path != "tags/index.html", tag_path
        assert "#" not in driver.current_url and entry_title.split(" · ")[0] not in driver.title
        # Back and forward work within the visit; a reload returns to the page once unlocked again.
        before = pages_shown(driver)
        driver.back()
        WebDriverWait(driver, 20).until(lambda d: pages_shown(d) > before)
        assert driver.execute_script("return window.daybookPrivate.page") == entry_path
        driver.refresh()
        unlock(driver, PASSWORD)
        assert driver.execute_script("return window.daybookPrivate.page") == entry_path
        driver.switch_to.frame(driver.find_element(By.ID, "private-frame"))
        driver.find_element(By.CSS_SELECTOR, ".site-header .private-lock").click()
        driver.switch_to.default_content()
        wait_form(driver)
    finally:
        driver.quit()  # closes the tab; Chromium writes its History database on the way out
    rows = history_rows(profile)
    assert any(url.startswith((private / "index.html").as_uri()) for url, _ in rows), rows  # the check can see
    slug = entry_path.split("/")[3]
    date = "/".join(entry_path.split("/")[:3])
    tag = tag_path.split("/")[1]
    secrets = [entry_title.split(" · ")[0], tag_title.split(" · ")[0], slug, date, tag]
    for url, title in rows:
        for secret in secrets:
            assert secret not in url and secret not in title, f"{secret!r} in {url} / {title}"
