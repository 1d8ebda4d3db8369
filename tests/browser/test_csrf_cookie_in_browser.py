"""In Chromium, no script can read the CSRF cookie, and the site works as before: logging in,
htmx's moves, notes and chat (the token sent from the page body's hx-headers), and plain
forms (time away on the settings page, logging out), each without the page reloading where
htmx makes it. Screenshots of the settings page, whose time-away rule is new, at 1280×800
and 390×844."""

from datetime import timedelta

from browser_steps import BROWSER_TEST, ann_and_bob_at_a_game, log_in
from django.utils import timezone
from playwright.sync_api import expect
from table_views import SIZES, screenshot

from games.models import ChatMessage, PrivateNote

pytestmark = BROWSER_TEST


def test_no_script_reads_the_csrf_cookie_and_every_kind_of_post_still_works(chromium, live_server):
    game, seats = ann_and_bob_at_a_game("usa")  # the opening: both choose tickets
    ann = seats[0].user if seats[0].user.username == "ann" else seats[1].user
    page = log_in(chromium, live_server, "ann")  # the login form, token from its field
    site = live_server.url

    cookies = {cookie["name"]: cookie for cookie in page.context.cookies()}
    assert cookies["csrftoken"]["httpOnly"] is True
    page.goto(f"{site}/games/{game.pk}/")
    assert "csrftoken" not in page.evaluate("document.cookie")
    page.evaluate("window.__sameDocument = true")

    # htmx: the opening choice, then a note saved as it is typed and a chat message.
    for box in page.locator(".keep-form input[name=tickets]").all():
        box.check()
    page.locator(".keep-form button[type=submit]").click()
    expect(page.locator("#action-panel")).not_to_contain_text("Choose your opening tickets")
    page.locator("#note-text").fill("block Denver")
    expect(page.locator("#note-status")).not_to_be_empty()
    page.locator("#chat-text").fill("good luck")
    page.locator("#chat-form button[type=submit]").click()
    expect(page.locator("#chat")).to_contain_text("good luck")
    assert page.evaluate("window.__sameDocument") is True  # swapped in place, never reloaded
    assert PrivateNote.objects.get(seat__game=game, seat__user=ann).text == "block Denver"
    assert ChatMessage.objects.filter(game=game, text="good luck").exists()

    # Plain forms: time away on the settings page, then logging out.
    for size, context in SIZES.items():
        settings_page = page if size == "desktop" else log_in(chromium, live_server, "ann", context)
        settings_page.goto(f"{site}/settings/#away")
        screenshot(settings_page, f"settings-time-away-{size}")
    page.set_viewport_size(SIZES["desktop"]["viewport"])
    page.goto(f"{site}/settings/")
    form = page.locator("form.vacation-form")
    soon = timezone.localdate() + timedelta(days=2)
    form.locator("input[name=first_day]").fill(soon.isoformat())
    form.locator("input[name=last_day]").fill(soon.isoformat())
    form.locator("button[type=submit]").click()
    expect(page.locator("body")).to_contain_text("Time away saved")
    assert ann.vacations.count() == 1
    page.goto(f"{site}/accounts/logout/")
    page.locator("main form button[type=submit]").click()
    page.goto(f"{site}/settings/")
    assert "/accounts/login/" in page.url
