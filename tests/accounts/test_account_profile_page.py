"""The public profile at /u/<username>/."""

import datetime as dt

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_profile_page_shows_username_and_member_since_to_anyone(ann):
    ann.date_joined = dt.datetime(2025, 6, 14, 9, 0, tzinfo=dt.UTC)
    ann.save()

    response = Client().get("/u/ann/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "<h1>ann</h1>" in html
    assert "Member since 14 June 2025" in html


def test_profile_page_of_an_unknown_player_is_404(client):
    response = client.get("/u/nobody/")

    assert response.status_code == 404
    assert b"Page not found" in response.content


def test_profile_page_lookup_ignores_case_and_settles_on_one_address(client, ann):
    response = client.get("/u/ANN/")

    assert response.status_code == 301
    assert response["Location"] == "/u/ann/"


def test_profile_page_of_a_deactivated_player_is_404(client, ann):
    ann.is_active = False
    ann.save()

    assert client.get("/u/ann/").status_code == 404


def test_own_profile_links_to_settings(client, ann):
    assert b'href="/settings/"' in client.get("/u/ann/").content.split(b"</header>")[1]
