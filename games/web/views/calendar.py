"""/calendar/<secret>.ics: a player's deadlines as an iCalendar feed, built with icalendar.

Read afresh on every fetch, so a calendar app that polls it sees games move. No login (a
calendar app has none): the secret in the path is the key, and "new URL" on the settings
page revokes it. The feed names games and opponents only, nothing hidden.
"""

from datetime import timedelta

from django.conf import settings
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from icalendar import Calendar, Event

from games.mail.keys import turn_stamp
from games.selectors.access import seat_list_awaiting
from games.selectors.calendar_feed import user_by_calendar_token

# A deadline is a moment; shown as a short event ending at it, so calendars draw it.
EVENT_LENGTH = timedelta(minutes=30)


def deadline_events(user) -> list[Event]:
    events = []
    seats = (
        seat_list_awaiting(user=user)
        .filter(deadline__isnull=False)
        .select_related("game")
        .order_by("deadline", "game_id")
    )
    for seat in seats:
        game = seat.game
        opponents = [s.user.username for s in game.seats.select_related("user") if s.pk != seat.pk]
        event = Event()
        event.add("uid", f"ttr-g{game.pk}-t{turn_stamp(game.turn_started_at)}-u{user.pk}@ttr")
        event.add(
            "summary",
            _("Your move in game #%(number)s, %(map)s: the deadline")
            % {"number": game.pk, "map": game.get_map_id_display()},
        )
        event.add("dtstart", seat.deadline - EVENT_LENGTH)
        event.add("dtend", seat.deadline)
        event.add("dtstamp", game.turn_started_at)
        event.add("description", _("Against %(names)s.") % {"names": ", ".join(opponents)})
        event.add("url", f"{settings.SITE_URL}{reverse('game_detail', args=[game.pk])}")
        events.append(event)
    return events


@require_GET
def calendar_feed(request, token: str):
    user = user_by_calendar_token(token=token)
    if user is None:
        raise Http404()
    calendar = Calendar()
    calendar.add("prodid", "-//Ticket to Ride by turns//deadlines//EN")
    calendar.add("version", "2.0")
    calendar.add(
        "x-wr-calname", _("Ticket to Ride: %(name)s's deadlines") % {"name": user.username}
    )
    for event in deadline_events(user):
        calendar.add_component(event)
    response = HttpResponse(calendar.to_ical(), content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-cache"
    return response
