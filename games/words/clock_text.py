"""Lengths of time as a player reads them ("2 days 5 hours"): the clock's numbers in words."""

from datetime import timedelta

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

DAY = 24 * 60 * 60
HOUR = 60 * 60


def duration_text(length: timedelta | int) -> str:
    """Whole days and hours (minutes when under an hour); "no time" for nothing left."""
    seconds = int(length.total_seconds() if isinstance(length, timedelta) else length)
    if seconds <= 0:
        return _("no time")
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    parts = []
    if days:
        parts.append(ngettext("%(n)d day", "%(n)d days", days) % {"n": days})
    if hours:
        parts.append(ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours})
    if not parts:
        minutes = max(1, rest // 60)
        parts.append(ngettext("%(n)d minute", "%(n)d minutes", minutes) % {"n": minutes})
    return " ".join(parts)
