"""The settings page in Chromium: every kind of message on every channel in one table, the
devices with notifications and the webhooks; a switch saved from the table; this device's
button. Screenshots at 1280×800 and 390×844."""

from datetime import timedelta

from browser_steps import BROWSER_TEST, confirmed_user, log_in
from django.utils import timezone
from playwright.sync_api import expect
from table_views import SIZES, screenshot

from accounts.models import Profile
from games.models import PushSubscription, Webhook

pytestmark = BROWSER_TEST


def test_the_settings_page_shows_every_channel_in_one_table(chromium, live_server, settings):
    ann = confirmed_user("ann")
    settings.DEBUG = False
    PushSubscription.objects.create(
        user=ann,
        endpoint="https://push.example/1",
        p256dh="k",
        auth="a",
        device="Firefox · Android",
    )
    now = timezone.now()
    Webhook.objects.create(
        user=ann,
        flavour="discord",
        url="https://discord.example/api/webhooks/1/x",
        last_delivery_at=now,
        last_outcome="answered",
        last_status=404,
        last_detail='Not Found {"message": "Unknown Webhook", "code": 10015}',
        failures=7,
        failing_since=now - timedelta(days=1, hours=2),
        paused_at=now,
    )
    Webhook.objects.create(user=ann, flavour="json", url="https://bot.example/ttr")

    for size, context in SIZES.items():
        page = log_in(chromium, live_server, "ann", context)
        page.goto(f"{live_server.url}/settings/")
        table = page.locator("table.channel-table")
        expect(table.locator("thead")).to_contain_text("Browser notifications")
        assert table.locator("tbody tr").count() == 8
        assert table.locator("input[type=checkbox]").count() == 19  # pictures in mails: one
        expect(page.locator("#devices")).to_contain_text("Firefox · Android")
        expect(page.locator("#webhooks")).to_contain_text("Plain JSON")
        # The broken webhook: told at the top, its receiver's answer, a test and a resume.
        expect(page.locator(".paused-notice")).to_contain_text("failed for a day and is paused")
        expect(page.locator("#webhooks")).to_contain_text(
            "Failed: the receiver answered 404 (Not Found"
        )
        tests = page.locator("#webhooks").get_by_role("button", name="Send a test message")
        assert tests.count() == 2
        expect(page.locator("#webhooks").get_by_role("button", name="Resume")).to_be_visible()
        expect(page.locator(".push-on")).to_be_visible()  # this browser can: the button shows
        expect(page.locator(".push-off")).to_be_hidden()  # and it has no subscription yet
        page.locator("#channels").scroll_into_view_if_needed()
        screenshot(page, f"settings-channels-{size}")
        page.locator("#devices").scroll_into_view_if_needed()
        screenshot(page, f"settings-devices-{size}")
        page.locator("#webhooks").scroll_into_view_if_needed()
        screenshot(page, f"settings-webhooks-{size}")

    page.get_by_label("Notify my devices when someone writes at my table").uncheck()
    page.locator("form.stacked button[type=submit]").first.click()
    expect(page.locator(".messages")).to_contain_text("Settings saved")
    profile = Profile.objects.get(user=ann)
    assert profile.push_chat is False and profile.webhook_chat is True
