"""The settings page's API token: created and shown once, replaced, revoked; the key signs
API requests in only while it is current, and the database never holds the key itself."""

import re

import pytest
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

PAGE = "/settings/api-token/"


@pytest.fixture
def ann(client):
    user = get_user_model().objects.create_user("ann", "ann@example.org", "pw")
    client.force_login(user)
    return user


def shown_key(response) -> str | None:
    match = re.search(r'id="new-token">([0-9a-f]{64})<', response.content.decode())
    return match.group(1) if match else None


def api_as(key: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client.get("/api/v1/me/")
    if response.status_code == 401:
        assert response.json() == {
            "error": "bad_token",
            "message": "That token is not valid (revoked or mistyped).",
        }
        assert response["WWW-Authenticate"] == "Token"
    return response.status_code


def test_the_settings_page_links_to_the_token_page(client, ann):
    assert f'href="{PAGE}"' in client.get("/settings/").content.decode()


def test_a_new_token_is_shown_once_and_signs_api_requests(client, ann):
    assert "You have no token." in client.get(PAGE).content.decode()
    key = shown_key(client.post(PAGE, {"do": "create"}))
    assert key is not None
    assert api_as(key) == 200
    again = client.get(PAGE)
    assert key not in again.content.decode()
    assert "You have a token, created" in again.content.decode()


def test_the_page_says_a_token_lasts_until_replaced_or_revoked(client, ann):
    page = client.get(PAGE).content.decode()
    assert "does not expire: it works until you replace or revoke it" in page


def test_the_database_keeps_no_usable_copy_of_the_key(client, ann):
    key = shown_key(client.post(PAGE, {"do": "create"}))
    rows = list(AuthToken.objects.values())
    assert len(rows) == 1 and rows[0]["user_id"] == ann.id
    for field, value in rows[0].items():
        assert key not in str(value), field
    assert not Token.objects.exists()  # nor in the old plain-key table
    assert api_as(key) == 200


def test_replacing_the_token_retires_the_old_key(client, ann):
    old = shown_key(client.post(PAGE, {"do": "create"}))
    new = shown_key(client.post(PAGE, {"do": "replace"}))
    assert new and new != old
    assert (api_as(old), api_as(new)) == (401, 200)
    assert AuthToken.objects.filter(user=ann).count() == 1


def test_a_revoked_token_no_longer_works(client, ann):
    key = shown_key(client.post(PAGE, {"do": "create"}))
    response = client.post(PAGE, {"do": "revoke"}, follow=True)
    assert "revoked" in response.content.decode()
    assert "You have no token." in response.content.decode()
    assert api_as(key) == 401


def test_the_token_page_is_for_signed_in_players_only(client):
    response = client.get(PAGE)
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_the_token_page_needs_a_csrf_token_to_create(ann):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ann)
    assert strict.post(PAGE, {"do": "create"}).status_code == 403
