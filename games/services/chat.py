"""Table chat: the only writers of chat messages, reports, hiding and muting.

A message never touches the game's state or version (so it never makes a move stale);
it bumps the game's chat_version, which open pages poll beside the version. Text is kept
exactly as typed (trimmed) and shown escaped everywhere, links never made clickable.
"""

import re

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games.live.versions import forget_versions_on_commit
from games.models import ChatMessage, ChatReport, Game, Seat
from games.models.chat import CHAT_MAX_LENGTH, SOMETHING_TO_READ
from games.refusals.errors import BadAction, NotAllowed, NotAPlayer
from games.selectors.access import game_access


def _my_seat(game_id, user) -> Seat:
    if not user.is_authenticated:
        raise NotAPlayer()
    try:
        return Seat.objects.select_related("game").get(game_id=int(game_id), user=user)
    except (Seat.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotAPlayer() from None


def chat_post(*, game_id, user, text) -> ChatMessage:
    """Post to the table of a game the user sits at (strangers and spectators: NotAPlayer)."""
    seat = _my_seat(game_id, user)
    text = text.strip() if isinstance(text, str) else ""
    if not re.search(SOMETHING_TO_READ, text):
        raise BadAction(_("Write something first."))
    if len(text) > CHAT_MAX_LENGTH:
        raise BadAction(_("A message holds at most %(n)d characters.") % {"n": CHAT_MAX_LENGTH})
    with transaction.atomic(durable=True):
        message = ChatMessage.objects.create(game_id=seat.game_id, seat=seat, text=text)
        Game.objects.filter(pk=seat.game_id).update(chat_version=F("chat_version") + 1)
        forget_versions_on_commit(seat.game_id)
    return message


def chat_report(*, game_id, message_id, user) -> ChatReport:
    """A reader who may see the game reports a message of someone else's (once)."""
    if not user.is_authenticated:
        raise NotAPlayer()
    game = game_access(game_id=game_id, user=user)
    try:
        message = ChatMessage.objects.select_related("seat").get(
            pk=int(message_id), game=game, hidden=False
        )
    except (ChatMessage.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotAPlayer() from None
    if message.seat.user_id == user.pk:
        raise NotAllowed(_("You cannot report your own message."))
    report, _created = ChatReport.objects.get_or_create(message=message, reporter=user)
    return report


def chat_hide(*, message_ids, hidden: bool = True) -> int:
    """A moderator hides (or shows again) messages; the games' open pages refresh."""
    with transaction.atomic(durable=True):
        messages = ChatMessage.objects.filter(pk__in=list(message_ids))
        game_ids = set(messages.values_list("game_id", flat=True))
        count = messages.update(hidden=hidden)
        Game.objects.filter(pk__in=game_ids).update(chat_version=F("chat_version") + 1)
        for game_id in game_ids:
            forget_versions_on_commit(game_id)
    return count


def chat_mute(*, game_id, user, muted: bool) -> Seat:
    seat = _my_seat(game_id, user)
    seat.chat_muted = bool(muted)
    seat.save(update_fields=["chat_muted"])
    return seat
