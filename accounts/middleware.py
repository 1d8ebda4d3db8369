"""Activates the signed-in user's time zone for every request.

The zone is kept in the session (written at login and when the settings page saves
it), so a request reads no profile: an open game page polls every few seconds.
"""

import zoneinfo

from django.contrib.auth.signals import user_logged_in
from django.utils import timezone

from accounts.models import Profile

SESSION_KEY = "timezone"


def remember_timezone(request, tzname: str | None) -> None:
    request.session[SESSION_KEY] = tzname or ""  # "": no profile, the site's zone


def _profile_timezone(user) -> str | None:
    return Profile.objects.filter(user=user).values_list("timezone", flat=True).first()


def remember_on_login(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        remember_timezone(request, _profile_timezone(user))


user_logged_in.connect(remember_on_login, dispatch_uid="accounts.remember_timezone")


class UserTimezoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
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
        return self.get_response(request)
