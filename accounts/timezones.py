"""The IANA time zones a player may choose from."""

import zoneinfo
from functools import cache

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

DEFAULT_TIMEZONE = "UTC"


@cache
def timezone_names() -> tuple[str, ...]:
    # "localtime" and "Factory" are tzdata artefacts, not places a person lives in.
    return tuple(sorted(zoneinfo.available_timezones() - {"localtime", "Factory"}))


def validate_timezone(value: str) -> None:
    if value not in timezone_names():
        raise ValidationError(_("%(value)s is not a known time zone."), params={"value": value})
