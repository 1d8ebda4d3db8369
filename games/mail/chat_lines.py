"""The table chat in a player's mails: "bob wrote: …", what the others said lately."""

from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from games.models import Move, Seat
from games.selectors.chat import chat_list

MAX_LINES = 10
DIGEST_WINDOW = timedelta(days=1)


def chat_lines(game, user, *, since: datetime | None = None) -> list[str]:
    """What the others wrote at the table since `since` (default: the user's last move), at
    most MAX_LINES, the latest kept; nothing for a player who muted the chat."""
    seat = Seat.objects.filter(game=game, user=user).first()
    if seat is None or seat.chat_muted:
        return []
    if since is None:
        last = Move.objects.filter(game=game, seat=seat).order_by("-number").first()
        since = last.created_at if last else None
    messages = chat_list(game=game, limit=MAX_LINES, since=since)
    return [
        _("%(name)s wrote: %(text)s") % {"name": m.seat.user.username, "text": m.text}
        for m in messages
        if m.seat.user_id != user.pk
    ]
