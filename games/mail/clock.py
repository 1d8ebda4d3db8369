"""Times as a player reads them: in their own time zone, with the zone named."""

import zoneinfo
from datetime import datetime

from accounts.timezones import DEFAULT_TIMEZONE
from games.words.local_dates import clock_text, day_text


def zone(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or DEFAULT_TIMEZONE)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(DEFAULT_TIMEZONE)


def local_time_text(moment: datetime, tzname: str | None) -> str:
    """ "Tue 3 Dec 18:00 (Europe/Amsterdam)", the day and month as the active language writes
    them (the mail's reader's: "di 3 dec 18:00"), never the server's locale."""
    tz = zone(tzname)
    local = moment.astimezone(tz)
    return f"{day_text(local)} {clock_text(local)} ({tz.key})"
