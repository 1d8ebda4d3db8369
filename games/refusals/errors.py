"""What a game service refuses, and why: a sentence for the player and a suggested HTTP status.

Transport-free on purpose: the web page, the REST API and the Celery tasks each
translate these their own way. The two "not found" / "not allowed" errors also
subclass Django's Http404 / PermissionDenied so a plain view that forgets to
translate them still answers 404 / 403 rather than 500.
"""

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext_lazy

from games.engine import IllegalMove
from games.words.refusals import refusal_with_rule

if TYPE_CHECKING:  # the stubs' name for a lazily translated text; nothing to import at run time
    from django_stubs_ext import StrOrPromise

# The engine's IllegalMove (a legal-looking action the rules forbid) maps to this status.
ILLEGAL_MOVE_STATUS = 422


class GameServiceError(Exception):
    """Base class: `message` is shown to the player, `status` suggested to HTTP callers."""

    status: int = 400
    code: str = "error"
    default_message: "StrOrPromise" = gettext_lazy("That did not work.")

    def __init__(self, message: "StrOrPromise | None" = None, *, code: str | None = None):
        self.message = str(message or self.default_message)
        if code:
            self.code = code
        super().__init__(self.message)


class BadAction(GameServiceError):
    """The posted action is not an action at all (malformed JSON shape, unknown type)."""

    status = 400
    code = "bad_action"
    default_message = gettext_lazy("That is not a move this game understands.")


class InvalidSettings(GameServiceError):
    """Lobby settings outside what the site offers (map, seats, time per move)."""

    status = 400
    code = "invalid_settings"
    default_message = gettext_lazy("Those game settings are not available.")


class BadAddress(GameServiceError):
    """A push subscription or webhook the site will not keep (its address, its keys, or one
    too many)."""

    status = 400
    code = "bad_address"
    default_message = gettext_lazy("That address cannot be used.")


class NotAPlayer(GameServiceError, Http404):
    """The game does not exist, or the user may not see it: indistinguishable on purpose."""

    status = 404
    code = "not_found"
    default_message = gettext_lazy("There is no such game, or it is not yours to see.")


class NotAllowed(GameServiceError, PermissionDenied):
    """The user may see the game but not do this (e.g. start someone else's game)."""

    status = 403
    code = "not_allowed"
    default_message = gettext_lazy("You may not do that in this game.")


class GameNotActive(GameServiceError):
    """The game is not in the state this needs: already started, over, or still open."""

    status = 409
    code = "game_not_active"
    default_message = gettext_lazy("This game is not being played right now.")


class GameFull(GameServiceError):
    status = 409
    code = "game_full"
    default_message = gettext_lazy("This game is full.")


class ClubNotFound(GameServiceError, Http404):
    """The club does not exist, or it is invite-only and the user is no member of it: the
    two answer alike, so an invite-only club is described to no stranger."""

    status = 404
    code = "not_found"
    default_message = gettext_lazy("There is no such club, or it is not open to you.")


class ClubFull(GameServiceError):
    status = 409
    code = "club_full"
    default_message = gettext_lazy("This club is full: it has as many members as it takes.")


class GameMovedOn(GameServiceError):
    """The post was made against an older version: a double-click, the back button, another tab."""

    status = 409
    code = "moved_on"
    default_message = gettext_lazy("The game has moved on; here is the current position.")


def http_status_for(exc: Exception) -> int:
    """The suggested HTTP status for a service error or an engine IllegalMove."""
    if isinstance(exc, GameServiceError):
        return exc.status
    if isinstance(exc, IllegalMove):
        return ILLEGAL_MOVE_STATUS
    return 500


def player_message_for(exc: Exception) -> str:
    """The sentence to show the player for a service error or an engine IllegalMove, in the
    active language."""
    if isinstance(exc, IllegalMove):
        return refusal_with_rule(exc)  # the page links its rule
    message = getattr(exc, "message", None)
    return str(message) if message else str(exc)
