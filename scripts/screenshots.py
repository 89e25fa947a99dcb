#!/usr/bin/env python3
"""Screenshots of the example site for the README and for review, taken in headless Chromium.

Usage: scripts/screenshots.py SITE_DIR OUT_DIR [--all]
SITE_DIR is a built example site (`make test-site` leaves one in .build/example-site). The
browser's clock is fixed, so the pictures do not change from run to run. Without --all it takes
the README's pictures; with it, every main page at 1280 and 390 px, light and dark, for review.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "Tests" / "site"))
from conftest import fixed_clock, make_driver  # noqa: E402

FIXED_NOW_MS = 1760443200000  # 2025-10-14T12:00:00Z: a day with entries in earlier years

PAGES = {"home": "index.html", "entry": "2024/05/01/ferry-to-the-island/index.html", "places": "places/index.html",
         "place": "places/kyoto/index.html", "year": "2024/index.html", "archives": "archives/index.html",
         "stats": "stats/index.html", "on-this-day": "on-this-day/index.html"}


def shoot(site, out, name, page, width, height, dark=False):
    driver = make_driver(width=width, height=height)
    try:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": fixed_clock(FIXED_NOW_MS)})
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/London"})
        driver.execute_cdp_cmd("Emulation.setScrollbarsHidden", {"hidden": True})
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
            "features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})
        target = site / page
        driver.get(target.as_uri())
        (out / name).write_bytes(driver.get_screenshot_as_png())
    finally:
        driver.quit()


def main():
    site, out = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    if "--all" in sys.argv:
        for name, page in PAGES.items():
            if not (site / page).exists():
                print(f"missing: {page}", file=sys.stderr)
                continue
            for width, height in ((1280, 900), (390, 844)):
                for dark in (False, True):
                    shoot(site, out, f"{name}-{width}{'-dark' if dark else ''}.png", page, width, height, dark)
        return
    shoot(site, out, "screenshot.png", "index.html", 1280, 900)
    shoot(site, out, "places.png", "places/index.html", 1280, 900)
    shoot(site, out, "screenshot-phone.png", "2024/index.html", 390, 844, dark=True)


if __name__ == "__main__":
    main()
