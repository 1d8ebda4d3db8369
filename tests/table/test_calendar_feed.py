"""The calendar feed: a private iCalendar address per player listing the deadline of every
game waiting for their move, read back with the library that wrote it; it follows the
games as they move, and "new URL" revokes the old address."""

import re

import pytest
from django.test import Client
from game_steps import make_users, play_a_turn, seats_to_move
from icalendar import Calendar
from table_steps import game_in_play, page_of

pytestmark = pytest.mark.django_db


def feed_url_on_the_settings_page(user) -> str:
    html = page_of(user).get("/settings/").content.decode()
    match = re.search(r'id="calendar-url" type="text" readonly value="([^"]+)"', html)
    assert match, "the settings page shows the calendar address"
    return match.group(1).removeprefix("http://testserver")


def events_in(url: str) -> list:
    response = Client().get(url)  # a calendar app: no login
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    return Calendar.from_ical(response.content).walk("VEVENT")


@pytest.mark.slow  # follows a game through many moves: CI runs it, `make test-fast` does not
def test_the_feed_lists_the_players_deadlines_and_follows_the_game(time_machine):
    time_machine.move_to("2030-03-04 09:00Z", tick=False)
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = game_in_play([ann, bob, cy], turn_seconds=86400)
    (mover,) = seats_to_move(game)
    waiting = next(s for s in game.seats.select_related("user") if s.pk != mover.pk)
    mover_feed = feed_url_on_the_settings_page(mover.user)
    assert feed_url_on_the_settings_page(mover.user) == mover_feed  # the same until renewed

    (event,) = events_in(mover_feed)
    mover.refresh_from_db()
    assert event.decoded("dtend") == mover.deadline
    assert str(event["summary"]) == f"Your move in game #{game.pk}, USA: the deadline"
    assert str(event["url"]).endswith(f"/games/{game.pk}/")
    assert "Against" in str(event["description"])
    assert events_in(feed_url_on_the_settings_page(waiting.user)) == []

    time_machine.move_to("2030-03-04 10:00Z", tick=False)
    play_a_turn(game)
    assert events_in(mover_feed) == []  # moved: nothing due any more
    (next_mover,) = seats_to_move(game)
    (event,) = events_in(feed_url_on_the_settings_page(next_mover.user))
    next_mover.refresh_from_db()
    assert event.decoded("dtend") == next_mover.deadline


def test_a_new_url_revokes_the_old_one():
    (ann,) = make_users("ann")
    old = feed_url_on_the_settings_page(ann)
    assert page_of(ann).post("/settings/calendar/new/").status_code == 302
    new = feed_url_on_the_settings_page(ann)
    assert new != old
    assert Client().get(old).status_code == 404
    assert Client().get("/calendar/made-up.ics").status_code == 404
    assert events_in(new) == []


def test_the_api_gives_and_replaces_the_calendar_address():
    from knox.models import AuthToken
    from rest_framework.test import APIClient

    (ann,) = make_users("ann")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=ann)[1]}")
    first = client.get("/api/v1/me/").json()["calendar_url"]
    renewed = client.post("/api/v1/me/calendar-url/").json()["calendar_url"]
    assert first != renewed and renewed.endswith(".ics")
    assert Client().get(renewed.removeprefix("http://testserver")).status_code == 200
