"""The API's refusals: the `message` follows the client's Accept-Language (token or session),
the `error` code stays English."""

import pytest
from django.contrib.auth import get_user_model
from i18n.english import english_left
from knox.models import AuthToken
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

LANGUAGES = ["nl", "sv", "fr"]


def token_client(username: str) -> APIClient:
    user = get_user_model().objects.create_user(username, f"{username}@example.org", "pw")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
    return client


def anonymous(_):
    return APIClient()


def bad_token(_):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    return client


REFUSALS = {
    "no such address": (token_client, "get", "/api/v1/nothing/", None),
    "no such game": (token_client, "get", "/api/v1/games/999999/", None),
    "method not allowed": (token_client, "delete", "/api/v1/games/", None),
    "not signed in": (anonymous, "get", "/api/v1/me/", None),
    "bad token": (bad_token, "get", "/api/v1/me/", None),
    "invalid field": (token_client, "post", "/api/v1/games/", {"map": "mars"}),
    "malformed JSON": (token_client, "post", "/api/v1/games/", "{"),
}


def refuse(client, method, url, body, language):
    kwargs = {"HTTP_ACCEPT_LANGUAGE": language}
    if isinstance(body, str):
        kwargs.update(data=body, content_type="application/json")
    elif body is not None:
        kwargs.update(data=body, format="json")
    return getattr(client, method)(url, **kwargs)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("refusal", REFUSALS)
def test_an_api_refusal_speaks_the_clients_language_with_an_english_code(refusal, language):
    make_client, method, url, body = REFUSALS[refusal]
    client = make_client("ada")
    english = refuse(client, method, url, body, "en-gb")
    translated = refuse(client, method, url, body, language)
    assert translated.status_code == english.status_code >= 400
    assert translated.json()["error"] == english.json()["error"]
    message, english_message = translated.json()["message"], english.json()["message"]
    assert english_left(message, language, english=english_message) == []
    assert message != english_message
