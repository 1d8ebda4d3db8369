"""Upgrading from plain DRF tokens (migration games.0004): each key keeps signing in as it
is, while the database afterwards holds only its digest."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from knox.models import AuthToken
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

migration = importlib.import_module("games.migrations.0004_api_tokens_stored_as_digests")


def me_as(key: str):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get("/api/v1/me/")


@pytest.fixture
def plain_tokens():
    """Two users with tokens as DRF stored them before the upgrade: 40 hex characters."""
    users = [
        get_user_model().objects.create_user(name, f"{name}@example.org", "pw")
        for name in ("old", "older")
    ]
    return {token.key: token for token in (Token.objects.create(user=user) for user in users)}


def test_an_old_plain_key_still_signs_in_after_the_migration(plain_tokens):
    assert all(me_as(key).status_code == 401 for key in plain_tokens)  # knox knows none yet
    # The migration's own function, on the current models (the same tables it migrates).
    migration.digest_plain_tokens(apps, None)
    for key, old in plain_tokens.items():
        response = me_as(key)
        assert response.status_code == 200
        assert response.json()["username"] == old.user.username


def test_the_migration_leaves_only_digests_with_the_tokens_age(plain_tokens):
    migration.digest_plain_tokens(apps, None)
    assert not Token.objects.exists()
    stored = {row.user_id: row for row in AuthToken.objects.all()}
    assert len(stored) == len(plain_tokens)
    for key, old in plain_tokens.items():
        row = stored[old.user_id]
        assert (row.created, row.expiry) == (old.created, None)
        for field in ("digest", "token_key"):
            assert key not in getattr(row, field)


def test_a_mistyped_old_key_is_still_refused(plain_tokens):
    migration.digest_plain_tokens(apps, None)
    key = next(iter(plain_tokens))
    wrong = key[:-1] + ("0" if key[-1] != "0" else "1")
    response = me_as(wrong)
    assert response.status_code == 401
    assert response.json()["error"] == "bad_token"
