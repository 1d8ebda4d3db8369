"""Whose calendar feed a secret address opens (the secret is kept on the player's profile,
written by games/services/calendar_token.py)."""

from accounts.models import Profile


def user_by_calendar_token(*, token: str):
    """The user whose calendar feed this secret opens, or None (revoked or made up)."""
    if not token:
        return None
    profile = Profile.objects.select_related("user").filter(calendar_token=token).first()
    return profile.user if profile else None
