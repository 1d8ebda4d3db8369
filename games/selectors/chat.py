"""The table chat as its readers see it."""

from games.models import ChatMessage

CHAT_SHOWN = 40


def chat_list(*, game, limit: int = CHAT_SHOWN, since=None) -> list:
    """The game's chat as readers see it (hidden messages left out), oldest first; the last
    `limit` messages, or those after `since`. Callers have passed game_access already."""
    messages = ChatMessage.objects.filter(game=game, hidden=False).select_related("seat__user")
    if since is not None:
        messages = messages.filter(created_at__gt=since)
    return list(reversed(messages.order_by("-created_at", "-pk")[:limit]))
