"""Personal API tokens: one per user (django-rest-knox), replaced or revoked at will.

Only a digest of each key is stored, so the key is shown once, in the response that
creates it; afterwards the page only says that a token exists and since when.
"""

from django.contrib.auth import get_user_model
from django.db import transaction
from knox.models import AuthToken


def _lock_user(user) -> None:
    """Concurrent replacements for one user take turns on the user's row, so each deletes
    the token the one before it made and exactly one token is left."""
    get_user_model().objects.select_for_update().filter(pk=user.pk).first()


def current_token(user) -> AuthToken | None:
    return AuthToken.objects.filter(user=user).order_by("-created").first()


def issue_token(user) -> tuple[AuthToken, str]:
    """A fresh token and its key for the user; any previous one stops working at once."""
    with transaction.atomic(durable=True):
        _lock_user(user)
        AuthToken.objects.filter(user=user).delete()
        return AuthToken.objects.create(user=user)


def revoke_token(user) -> bool:
    """Delete the user's token; True if there was one."""
    with transaction.atomic(durable=True):
        _lock_user(user)
        deleted, _ = AuthToken.objects.filter(user=user).delete()
    return bool(deleted)
