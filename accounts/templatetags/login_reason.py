"""Why the login page was shown: a mail's link to a game says so ("Log in to open game #12")."""

from urllib.parse import urlsplit

from django import template
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _

register = template.Library()

GAME_PAGES = {"game_detail", "game_replay", "game_log", "game_route", "game_station"}


@register.simple_tag
def login_reason(next_url: str | None) -> str:
    """One sentence for the page the login leads on to, or "" when it is nothing we name."""
    path = urlsplit(next_url or "").path
    if not path.startswith("/"):
        return ""
    try:
        match = resolve(path)
    except Resolver404:
        return ""
    if match.url_name in GAME_PAGES:
        return _("Log in to open game #%(number)s.") % {"number": match.kwargs["game_id"]}
    if match.url_name == "my_games":
        return _("Log in to see your games.")
    if match.url_name == "game_invite":
        return _("Log in to take your seat in the game you were invited to.")
    if match.url_name == "settings":
        return _("Log in to change your settings.")
    return ""
