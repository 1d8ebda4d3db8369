"""Times as a player reads them: in their own time zone, with the zone named."""

import zoneinfo
from datetime import datetime

from accounts.timezones import DEFAULT_TIMEZONE


def zone(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or DEFAULT_TIMEZONE)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(DEFAULT_TIMEZONE)


def local_time_text(moment: datetime, tzname: str | None) -> str:
    """ "Tue 3 Dec 18:00 (Europe/Amsterdam)"; English names whatever the server's locale."""
    tz = zone(tzname)
    local = moment.astimezone(tz)
    weekday = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[local.weekday()]
    month = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")[
        local.month - 1
    ]
    return f"{weekday} {local.day} {month} {local:%H:%M} ({tz.key})"
