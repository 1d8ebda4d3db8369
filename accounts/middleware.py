"""Activates the signed-in user's time zone for every request."""

import zoneinfo

from django.utils import timezone


class UserTimezoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        tzname = None
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            tzname = getattr(getattr(user, "profile", None), "timezone", None)
        try:
            timezone.activate(zoneinfo.ZoneInfo(tzname)) if tzname else timezone.deactivate()
        except zoneinfo.ZoneInfoNotFoundError:
            timezone.deactivate()
        return self.get_response(request)
