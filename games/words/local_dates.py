"""Days and times as the reader's language writes them (CLDR data, through Babel): "Sat 5 Dec,
11:45 UTC" in English, "za 5 dec, 11:45 UTC" in Dutch, "lör 5 dec. 11:45 UTC" in Swedish,
"sam. 5 déc., 11:45 UTC" in French. Django's "D j M" would write every month English-style
("5 Dec", "5 Déc"). The language is the active one; a moment is shown in its own time zone
(the template filters, games/web/templatetags/local_dates.py, first bring it to the reader's)."""

import functools
from datetime import date, datetime

from babel import Locale, UnknownLocaleError
from babel.dates import format_skeleton
from django.utils import dateformat, translation

FALLBACK = "en_GB"  # the site's own English


@functools.cache
def _locale(language: str) -> Locale:
    try:
        return Locale.parse(language.replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        return Locale.parse(FALLBACK)


def _reader() -> Locale:
    return _locale(translation.get_language() or FALLBACK)


def _format(skeleton: str, value) -> str:
    # Babel would show an aware moment in UTC unless told its zone.
    zone = value.tzinfo if isinstance(value, datetime) else None
    return format_skeleton(skeleton, value, tzinfo=zone, locale=_reader())


def day_text(value: date | datetime) -> str:
    """The weekday, day and month: "Sat 5 Dec", "za 5 dec", "lör 5 dec.", "sam. 5 déc."."""
    return _format("MMMEd", value)


def clock_text(value: datetime) -> str:
    """Hours and minutes, as the language writes them ("11:45")."""
    return _format("Hm", value)


def day_time_text(value: datetime, *, zone: bool = True) -> str:
    """Day and time joined as the language joins them, with the time zone's abbreviation:
    "Sat 5 Dec, 11:45 UTC", "lör 5 dec. 11:45 UTC"."""
    locale = _reader()
    text = locale.datetime_formats["medium"].format(clock_text(value), day_text(value))
    return f"{text} {dateformat.format(value, 'T')}" if zone else text
