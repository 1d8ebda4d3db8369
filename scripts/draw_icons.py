"""Draw the app's PNG icons from static/icons/*.svg with Debian's Chromium (run again after
changing a drawing): python scripts/draw_icons.py"""

from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parents[1] / "static" / "icons"
# (drawing, size, file): the manifest's 192 and 512, the notification badge at 96.
WANTED = [
    ("app.svg", 192, "app-192.png"),
    ("app.svg", 512, "app-512.png"),
    ("badge.svg", 96, "badge-96.png"),
]


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        for drawing, size, name in WANTED:
            page = browser.new_page(viewport={"width": size, "height": size})
            svg = (ICONS / drawing).read_text()
            page.set_content(
                f"<html><body style='margin:0;background:transparent'>"
                f"<div style='width:{size}px;height:{size}px'>{svg}</div></body></html>"
            )
            page.locator("svg").evaluate(
                f"s => {{ s.setAttribute('width', {size}); s.setAttribute('height', {size}); }}"
            )
            page.locator("div").screenshot(path=str(ICONS / name), omit_background=True)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
