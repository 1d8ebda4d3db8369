"""Activates the signed-in user's time zone and language for every request.

Both are kept in the session (written at login and when the settings page saves them),
so a request reads no profile: an open game page polls every few seconds.
"""

import zoneinfo

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.urls import Resolver404, resolve
from django.utils import timezone, translation

from accounts.models import Profile, profile_for

SESSION_KEY = "timezone"


def remember_timezone(request, tzname: str | None) -> None:
    request.session[SESSION_KEY] = tzname or ""  # "": no profile, the site's zone


def _profile_timezone(user) -> str | None:
    return Profile.objects.filter(user=user).values_list("timezone", flat=True).first()


def remember_on_login(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        remember_timezone(request, _profile_timezone(user))


user_logged_in.connect(remember_on_login, dispatch_uid="accounts.remember_timezone")


def without_user_timezone(view):
    """Mark a view that shows no time and no sentence, and must not read the session or the
    user for them (the game page's version poll, asked every few seconds by every open page)."""
    view.without_user_timezone = True
    return view


class UserTimezoneMiddleware:
    """The zone is activated once the view is known (process_view): a view marked
    without_user_timezone gets the site's zone and no session read."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        timezone.deactivate()
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if getattr(view_func, "without_user_timezone", False):
            return None
        tzname = None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            if SESSION_KEY not in request.session:  # a session from before the zone was kept
                remember_timezone(request, _profile_timezone(user))
            tzname = request.session[SESSION_KEY]
        try:
            timezone.activate(zoneinfo.ZoneInfo(tzname)) if tzname else timezone.deactivate()
        except zoneinfo.ZoneInfoNotFoundError:
            timezone.deactivate()
        return None


# --- the language -----------------------------------------------------------------------
# LocaleMiddleware has picked the footer's choice (a cookie) or the browser's language;
# a signed-in player's own setting, kept in the session as the zone is, overrides both.

LANGUAGE_SESSION_KEY = "language"
LANGUAGE_CODES = {code for code, _name in settings.LANGUAGES}
API_PREFIX = "/api/"  # the API speaks the client's Accept-Language


def remember_language(request, language: str | None) -> None:
    request.session[LANGUAGE_SESSION_KEY] = language or ""  # "": the browser's


def browser_language(request) -> str:
    """The language LocaleMiddleware reads from the request: the footer's cookie, else
    Accept-Language, else English."""
    return translation.get_language_from_request(request)


def _profile_language(user) -> str | None:
    return Profile.objects.filter(user=user).values_list("language", flat=True).first()


def remember_language_on_login(sender, request, user, **kwargs) -> None:
    if request is None or not hasattr(request, "session"):
        return
    profile = profile_for(user)
    remember_language(request, profile.language)
    # The language the player uses the site in, for their mails while they follow the browser.
    if profile.last_language != (used := browser_language(request)):
        profile.last_language = used
        profile.save(update_fields=["last_language"])


user_logged_in.connect(remember_language_on_login, dispatch_uid="accounts.remember_language")


def _reads_no_user(request) -> bool:
    """A view marked without_user_timezone (the version poll) reads no session for the
    language either; it is looked up here as a page not found must be in the player's
    language too, and no view is known for it."""
    try:
        view = resolve(request.path_info).func
    except Resolver404:
        return False
    return getattr(view, "without_user_timezone", False)


class UserLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.path_info.startswith(API_PREFIX) and not _reads_no_user(request):
            language = self._player_language(request)
            if language in LANGUAGE_CODES:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)

    def _player_language(self, request) -> str | None:
        user = getattr(request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        if LANGUAGE_SESSION_KEY not in request.session:  # a session from before it was kept
            remember_language(request, _profile_language(user))
        return request.session[LANGUAGE_SESSION_KEY]
