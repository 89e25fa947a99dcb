"""Helpers for driving a private journal's viewer in headless Chromium (test_private.py and
bench/private/bench.py): unlocking, waiting for a shown page, reading the frame's text."""
import http.server
import pathlib
import socketserver
import threading

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

FRAME_TEXT = """
const f = document.getElementById('private-frame');
return f && !f.hidden && f.contentDocument && f.contentDocument.body ? f.contentDocument.body.innerText : null;"""


def pages_shown(driver):
    return driver.execute_script("return window.daybookPrivate ? window.daybookPrivate.pages : -1")


def derivations(driver):
    return driver.execute_script("return window.daybookPrivate.derivations")


def frame_text(driver):
    """The text of the page the viewer shows, or None when it shows none."""
    return driver.execute_script(FRAME_TEXT)


def status(driver):
    return driver.find_element(By.ID, "unlock-status").text


def wait_form(driver, timeout=10):
    return WebDriverWait(driver, timeout).until(
        lambda d: d.find_element(By.ID, "unlock-password") if d.find_element(By.ID, "unlock-password").is_displayed() else None)


def wait_page(driver, count, timeout=20):
    """Waits until the viewer has shown `count` pages since the viewer page loaded."""
    WebDriverWait(driver, timeout).until(lambda d: pages_shown(d) >= count or error_shown(d))
    return driver.execute_script("return window.daybookPrivate.page")


def error_shown(driver):
    return bool(driver.find_elements(By.CSS_SELECTOR, "#unlock-status.unlock-error")) and bool(status(driver))


def unlock(driver, password, name=None, remember=False, expect_page=True):
    """Fills the form and submits it; waits for the first page, or for the error message."""
    field = wait_form(driver)
    if name is not None:
        driver.find_element(By.ID, "unlock-name").clear()
        driver.find_element(By.ID, "unlock-name").send_keys(name)
    field.clear()
    field.send_keys(password)
    if remember:
        driver.find_element(By.ID, "unlock-remember").click()
    before = pages_shown(driver)
    driver.find_element(By.CSS_SELECTOR, ".unlock-button").click()
    if expect_page:
        WebDriverWait(driver, 30).until(lambda d: pages_shown(d) > before)
    else:
        WebDriverWait(driver, 30).until(lambda d: status(d) and "Unlocking" not in status(d))


def go(driver, route, expect_page=True):
    """Navigates the viewer to `route` (`#/2024/`) and waits for the page (or the error)."""
    before = pages_shown(driver)
    driver.execute_script("location.hash = arguments[0]", route)
    if expect_page:
        WebDriverWait(driver, 20).until(lambda d: pages_shown(d) > before)
    else:
        WebDriverWait(driver, 20).until(error_shown)


def serve(folder):
    """Serves `folder` at http://127.0.0.1:PORT/ in a thread; returns (url, stop)."""
    folder = pathlib.Path(folder)

    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args):
            pass

    socketserver.TCPServer.allow_reuse_address = True
    httpd = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}/", httpd.shutdown
