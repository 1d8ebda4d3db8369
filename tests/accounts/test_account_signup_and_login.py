"""Sign up, log out, log in by username or by email."""

import pytest
from account_steps import PASSWORD, header, log_in, log_out, sign_up

pytestmark = pytest.mark.django_db


def test_sign_up_creates_the_account_and_logs_the_player_in(client, django_user_model):
    response = sign_up(client, username="ann", email="ann@example.org")

    assert response.status_code == 200
    user = django_user_model.objects.get(username="ann")
    assert user.email == "ann@example.org"
    assert user.check_password(PASSWORD)
    assert response.wsgi_request.user == user
    assert "ann" in header(response)
    assert "Log out" in header(response)


def test_sign_up_gives_the_player_a_profile_with_default_preferences(client, django_user_model):
    sign_up(client)

    profile = django_user_model.objects.get(username="ann").profile
    assert profile.timezone == "UTC"
    assert (profile.email_your_turn, profile.email_reminders, profile.email_results) == (
        True,
        True,
        True,
    )
    assert profile.daily_digest is False
    assert profile.digest_hour == 8


def test_sign_up_takes_the_time_zone_the_browser_reported(client, django_user_model):
    sign_up(client, timezone="America/Vancouver")

    assert django_user_model.objects.get(username="ann").profile.timezone == "America/Vancouver"


def test_sign_up_ignores_an_unknown_browser_time_zone(client, django_user_model):
    sign_up(client, timezone="Mars/Olympus_Mons")

    assert django_user_model.objects.get(username="ann").profile.timezone == "UTC"


def test_sign_up_refuses_mismatched_passwords(client, django_user_model):
    response = client.post(
        "/accounts/signup/",
        {"username": "ann", "email": "ann@example.org", "password1": PASSWORD, "password2": "x"},
    )

    assert response.status_code == 200
    assert b"same password" in response.content
    assert not django_user_model.objects.filter(username="ann").exists()


def test_log_out_is_a_post_and_ends_the_session(client, ann):
    # A GET only shows the confirmation page: a link cannot log a player out.
    confirmation = client.get("/accounts/logout/")
    assert confirmation.status_code == 200
    assert client.get("/settings/").status_code == 200

    response = log_out(client)

    assert not response.wsgi_request.user.is_authenticated
    assert "Log in" in header(response)
    assert client.get("/settings/").status_code == 302


def test_log_in_by_username(client, ann):
    log_out(client)

    response = log_in(client, "ann")

    assert response.wsgi_request.user == ann
    assert "ann" in header(response)


def test_log_in_by_email(client, ann):
    log_out(client)

    response = log_in(client, "ann@example.org")

    assert response.wsgi_request.user == ann


def test_log_in_by_username_ignores_case(client, ann):
    log_out(client)

    response = log_in(client, "ANN")

    assert response.wsgi_request.user == ann


def test_log_in_with_a_wrong_password_is_refused_with_a_message(client, ann):
    log_out(client)

    response = log_in(client, "ann", password="not-the-password")

    assert not response.wsgi_request.user.is_authenticated
    assert b"username and/or password you specified are not correct" in response.content


def test_header_shows_the_logged_in_player_with_links(client, ann):
    response = client.get("/", follow=True)

    nav = header(response)
    assert 'href="/u/ann/"' in nav
    assert 'href="/settings/"' in nav
    assert 'action="/accounts/logout/"' in nav


def test_header_offers_log_in_and_sign_up_to_visitors(client):
    nav = header(client.get("/"))

    assert 'href="/accounts/login/"' in nav
    assert 'href="/accounts/signup/"' in nav
    assert "Log out" not in nav


def test_login_page_says_username_or_email_is_accepted(client):
    html = client.get("/accounts/login/").content.decode()

    assert '<label for="id_login">Username or email:</label>' in html
    assert 'href="/accounts/password/reset/"' in html


def test_signed_in_player_lands_on_their_games(client, ann):
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"] == "/games/mine/"
