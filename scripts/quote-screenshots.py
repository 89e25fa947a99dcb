#!/usr/bin/env python3
"""Screenshots of the quote-of-the-day banner for the README, taken in headless Chromium.

Usage: scripts/quote-screenshots.py SITE_DIR OUT_DIR
SITE_DIR is a built example site (`make test-site` leaves one in .build/example-site).
The browser's clock is set to a fixed day so the pictures do not change from run to run.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Tests" / "site"))
from conftest import fixed_clock, make_driver  # noqa: E402

FIXED_NOW_MS = 1767225600000  # 2026-01-01T00:00:00Z: any fixed moment will do


def shoot(site, out, name, width, height, dark=False, scale=1):
    driver = make_driver(width=width, height=height)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": fixed_clock(FIXED_NOW_MS)})
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/London"})
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < 500})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        driver.get((site / "index.html").as_uri())
        (out / name).write_bytes(driver.get_screenshot_as_png())
    finally:
        driver.quit()


def main():
    site, out = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    shoot(site, out, "quote-banner.png", 1000, 430)
    shoot(site, out, "quote-banner-dark.png", 1000, 430, dark=True)
    shoot(site, out, "quote-banner-phone.png", 390, 520, scale=1)


if __name__ == "__main__":
    main()
