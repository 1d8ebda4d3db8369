"""Template filters for days and times in the reader's language (games/words/local_dates.py):
{{ deadline|day_time }} "Sat 5 Dec, 11:45 UTC", {{ last_day|day }} "Sat 5 Dec"; a moment in the
reader's time zone, as Django's date filter shows it."""

from django import template

# django-stubs leave out template_localtime, the function Django's own date filter uses.
from django.utils.timezone import template_localtime  # type: ignore[attr-defined]

from games.words.local_dates import day_text, day_time_text

register = template.Library()


@register.filter
def day(value):
    return day_text(template_localtime(value)) if value else ""


@register.filter
def day_time(value):
    return day_time_text(template_localtime(value)) if value else ""
