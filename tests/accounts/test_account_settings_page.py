"""The settings page: time zone and notification preferences, saved and used."""

import datetime as dt

import pytest
import time_machine
from account_steps import PASSWORD

from accounts.models import Profile, profile_for

pytestmark = pytest.mark.django_db

ALL_PREFERENCES_CHANGED = {
    "timezone": "Asia/Tokyo",
    # Unticked boxes are simply absent from a browser's POST.
    "daily_digest": "on",
    "digest_hour": "19",
}


def test_settings_page_needs_a_logged_in_player(client):
    response = client.get("/settings/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/settings/")


def test_settings_page_shows_every_preference_with_its_current_value(client, ann):
    html = client.get("/settings/").content.decode()

    assert '<option value="UTC" selected>' in html
    assert '<option value="Europe/Paris">Europe/Paris</option>' in html
    for name in ("email_your_turn", "email_reminders", "email_results", "email_pictures"):
        assert f'name="{name}" id="id_{name}" checked' in html
    assert '<th scope="row">Pictures in mails</th>' in html
    assert 'name="daily_digest" id="id_daily_digest">' in html
    assert '<option value="8" selected>08:00</option>' in html
    assert 'href="/accounts/email/"' in html
    assert 'href="/accounts/password/change/"' in html


def test_settings_page_saves_time_zone_and_notification_preferences(client, ann):
    response = client.post("/settings/", ALL_PREFERENCES_CHANGED, follow=True)

    assert b"Settings saved." in response.content
    profile = Profile.objects.get(user=ann)
    assert profile.timezone == "Asia/Tokyo"
    assert not (profile.email_your_turn or profile.email_reminders or profile.email_results)
    assert profile.email_pictures is False
    assert profile.daily_digest is True
    assert profile.digest_hour == 19
    assert '<option value="Asia/Tokyo" selected>' in response.content.decode()


@pytest.mark.parametrize(
    ("field", "value"),
    [("timezone", "Mars/Olympus_Mons"), ("timezone", ""), ("digest_hour", "24")],
)
def test_settings_page_refuses_invalid_values(client, ann, field, value):
    response = client.post("/settings/", {**ALL_PREFERENCES_CHANGED, field: value})

    assert response.status_code == 200
    assert b"errorlist" in response.content
    assert Profile.objects.get(user=ann).timezone == "UTC"


def test_times_are_shown_in_the_players_time_zone(client, ann):
    client.post("/settings/", {**ALL_PREFERENCES_CHANGED, "timezone": "Asia/Tokyo"})

    with time_machine.travel(dt.datetime(2026, 3, 1, 20, 30, tzinfo=dt.UTC), tick=False):
        html = client.get("/settings/").content.decode()

    # 20:30 UTC is 05:30 the next morning in Tokyo.
    assert '<strong class="local-time">2 March 2026, 05:30</strong>' in html


def test_times_for_a_player_without_a_profile_are_in_utc(client, django_user_model):
    # Accounts made outside sign-up (the admin, a shell) get a profile on first use.
    user = django_user_model.objects.create_user("admin", "admin@example.org", PASSWORD)
    client.force_login(user)

    with time_machine.travel(dt.datetime(2026, 3, 1, 20, 30, tzinfo=dt.UTC), tick=False):
        html = client.get("/settings/").content.decode()

    assert '<strong class="local-time">1 March 2026, 20:30</strong>' in html
    assert profile_for(user).timezone == "UTC"


def test_profile_for_creates_one_profile_and_reuses_it(django_user_model):
    user = django_user_model.objects.create_user("cat", "cat@example.org", PASSWORD)

    first = profile_for(user)
    second = profile_for(django_user_model.objects.get(pk=user.pk))

    assert first.pk == second.pk
    assert Profile.objects.filter(user=user).count() == 1


def _local_time_shown(client) -> str:
    with time_machine.travel(dt.datetime(2026, 3, 1, 20, 30, tzinfo=dt.UTC), tick=False):
        html = client.get("/settings/").content.decode()
    return html.split('<strong class="local-time">')[1].split("</strong>")[0]


def test_the_time_zone_is_read_once_at_login_not_on_every_request(client, django_user_model):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    user = django_user_model.objects.create_user("dan", "dan@example.org", PASSWORD)
    Profile.objects.create(user=user, timezone="Asia/Tokyo")
    client.force_login(user)

    with CaptureQueriesContext(connection) as captured:
        assert client.get("/games/mine/").status_code == 200
    assert not [q for q in captured.captured_queries if "accounts_profile" in q["sql"]]
    assert _local_time_shown(client) == "2 March 2026, 05:30"


def test_a_session_from_before_the_zone_was_kept_in_it_still_shows_local_times(
    client, django_user_model
):
    user = django_user_model.objects.create_user("eve", "eve@example.org", PASSWORD)
    Profile.objects.create(user=user, timezone="Asia/Tokyo")
    client.force_login(user)
    session = client.session
    del session["timezone"]
    session.save()

    assert _local_time_shown(client) == "2 March 2026, 05:30"
