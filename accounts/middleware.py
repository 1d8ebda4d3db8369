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


def without_user_timezone(view):
    """Mark a view that shows no time and must not read the session or the user for one
    (the game page's version poll, asked every few seconds by every open page)."""
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
