"""The language a player's mail is written in: theirs, not the sender's."""

from django.conf import settings

from accounts.models import Profile


def _languages(user) -> tuple[str, str]:
    row = Profile.objects.filter(user=user).values_list("language", "last_language").first()
    return row or ("", "")


def mail_language(user) -> str:
    """The player's language setting; while that follows the browser, the language they last
    used the site in (recorded at login), else English."""
    language, last = _languages(user)
    return language or last or settings.LANGUAGE_CODE


def chosen_language(user) -> str:
    """The player's language setting, or "" while it follows the browser."""
    return _languages(user)[0] if user is not None and user.pk else ""
