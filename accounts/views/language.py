"""The footer's language switcher: Django's set_language (a cookie, then back to the same
page); a signed-in player's choice is also their profile's setting, so it holds on every
device and their mails follow it."""

from django.conf import settings
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from accounts.middleware import LANGUAGE_CODES, remember_language
from accounts.models import profile_for


@require_POST
def set_language(request):
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if language in LANGUAGE_CODES and request.user.is_authenticated:
        profile = profile_for(request.user)
        profile.language = profile.last_language = language
        profile.save(update_fields=["language", "last_language"])
        remember_language(request, language)
    return response


def follow_language_setting(response, language: str) -> None:
    """The settings page saved: the cookie says the same, or is gone when the setting is
    the browser's language (else an earlier footer choice would outrank the browser)."""
    if language in LANGUAGE_CODES:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    else:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
        )
