"""The private address of a player's calendar feed: a revocable secret in the path."""

import secrets

from django.contrib.auth.models import User

from accounts.models import profile_for


def calendar_token_get(*, user: User) -> str:
    """The user's feed secret, made on first use."""
    profile = profile_for(user)
    if not profile.calendar_token:
        return calendar_token_renew(user=user)
    return profile.calendar_token


def calendar_token_renew(*, user: User) -> str:
    """A new secret: the old address stops working at once."""
    profile = profile_for(user)
    profile.calendar_token = secrets.token_urlsafe(24)
    profile.save(update_fields=["calendar_token"])
    return profile.calendar_token
