"""Times as a player reads them: in their own time zone, with the zone named."""

import zoneinfo
from datetime import datetime

from django.utils import dateformat

from accounts.timezones import DEFAULT_TIMEZONE


def zone(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or DEFAULT_TIMEZONE)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(DEFAULT_TIMEZONE)


def local_time_text(moment: datetime, tzname: str | None) -> str:
    """ "Tue 3 Dec 18:00 (Europe/Amsterdam)", the day and month named in the active language
    (the mail's reader's: "di 3 Dec 18:00"), never the server's locale."""
    tz = zone(tzname)
    return f"{dateformat.format(moment.astimezone(tz), 'D j M H:i')} ({tz.key})"
