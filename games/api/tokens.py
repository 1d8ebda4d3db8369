"""Personal API tokens: one per user (rest_framework.authtoken), replaced or revoked at will.

The key is shown once, in the response that creates it; afterwards the page
only says that a token exists and since when.
"""

from django.db import transaction
from rest_framework.authtoken.models import Token


def current_token(user) -> Token | None:
    return Token.objects.filter(user=user).first()


def issue_token(user) -> Token:
    """A fresh token for the user; any previous one stops working at once."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def revoke_token(user) -> bool:
    """Delete the user's token; True if there was one."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return bool(deleted)
