"""The site installs as an app: Chromium reads the manifest without an error and finds it
installable, the service worker is registered for the whole site, and offline "My games"
still shows as last seen while any other page says plainly that there is no connection."""

from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in
from django.utils import timezone
from playwright.sync_api import expect
from table_views import SCREENSHOTS

pytestmark = BROWSER_TEST


def test_chromium_finds_the_manifest_valid_and_the_worker_keeps_my_games_offline(
    chromium, live_server
):
    ann_and_bob_at_a_game("usa")
    page = log_in(chromium, live_server, "ann")
    site = live_server.url
    page.goto(f"{site}/games/mine/")
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{site}/"
    # The worker now controls the page; the next visit of "My games" is the one it keeps.
    page.reload()
    assert page.evaluate("!!navigator.serviceWorker.controller")

    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{site}/manifest.webmanifest"
    assert manifest["errors"] == []
    parsed = cdp.send("Page.getAppId")
    assert parsed["appId"] == f"{site}/games/mine/"
    # Playwright's contexts are incognito windows, where no browser offers to install; that
    # is the one reason Chromium may give.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [error["errorId"] for error in errors if error["errorId"] != "in-incognito"] == []

    expect(page.locator(".offline-copy")).to_be_hidden()  # online: the page is today's
    page.context.set_offline(True)
    page.reload()
    expect(page.locator("h1")).to_contain_text("My games")
    # Offline: the copy says it is one, and when it was taken.
    note = page.locator(".offline-copy")
    expect(note).to_be_visible()
    expect(note).to_contain_text("You are offline: this is a copy of My games as it was on")
    time = page.locator(".offline-copy time")
    assert time.get_attribute("datetime").startswith(str(timezone.now().year))
    assert str(timezone.now().year) in time.inner_text()
    page.screenshot(path=f"{SCREENSHOTS}/offline-my-games-desktop.png")
    assert "(Your turn)" in page.title()  # the tab says so offline too
    page.goto(f"{site}/leaderboard/")
    expect(page.locator("h1")).to_have_text("You are offline")
    page.get_by_role("link", name="My games").click()
    expect(page.locator("h1")).to_contain_text("My games")
    page.context.set_offline(False)
