"""Usernames and emails are unique whatever their case; repeated failed logins are throttled."""

import datetime as dt

import pytest
import time_machine
from account_steps import PASSWORD, log_in, log_out, sign_up
from django.test import Client

pytestmark = pytest.mark.django_db


def test_username_differing_only_in_case_is_refused(django_user_model):
    sign_up(Client(), username="Ann", email="first@example.org")

    response = sign_up(Client(), username="ann", email="second@example.org")

    assert b"A user with that username already exists" in response.content
    assert django_user_model.objects.filter(username__iexact="ann").count() == 1
    assert not django_user_model.objects.filter(email="second@example.org").exists()


def test_email_differing_only_in_case_is_refused(django_user_model):
    sign_up(Client(), username="first", email="A@x.org")

    response = sign_up(Client(), username="second", email="a@X.org")

    assert b"A user is already registered with this email address" in response.content
    assert not response.wsgi_request.user.is_authenticated
    assert not django_user_model.objects.filter(username="second").exists()
    assert django_user_model.objects.filter(email__iexact="a@x.org").count() == 1


def test_after_five_failed_logins_even_the_right_password_is_turned_away(client, ann):
    log_out(client)
    for _ in range(5):
        assert not log_in(client, "ann", "wrong-password").wsgi_request.user.is_authenticated

    response = log_in(client, "ann", PASSWORD)

    assert not response.wsgi_request.user.is_authenticated
    assert b"Too many failed login attempts. Try again later." in response.content


def test_failed_login_throttle_lifts_after_five_minutes(client, ann):
    log_out(client)
    with time_machine.travel(dt.datetime(2026, 3, 1, 12, 0, tzinfo=dt.UTC), tick=False) as clock:
        for _ in range(5):
            log_in(client, "ann", "wrong-password")
        assert not log_in(client, "ann", PASSWORD).wsgi_request.user.is_authenticated

        clock.shift(dt.timedelta(minutes=6))

        assert log_in(client, "ann", PASSWORD).wsgi_request.user == ann
