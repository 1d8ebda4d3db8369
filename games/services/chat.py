"""Table chat: the only writers of chat messages, reports, hiding and muting.

A message never touches the game's state or version (so it never makes a move stale);
it bumps the game's chat_version, which open pages poll beside the version. Text is kept
exactly as typed (trimmed) and shown escaped everywhere, links never made clickable.
"""

import re
from collections.abc import Iterable

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import profile_for
from games.mail.keys import chat_key
from games.mail.outbox import record
from games.mail.preferences import wants_elsewhere
from games.models import ChatMessage, ChatReport, NotificationKind, Seat
from games.models.chat import CHAT_MAX_LENGTH, SOMETHING_TO_READ
from games.refusals.errors import BadAction, NotAllowed, NotAPlayer
from games.selectors.access import game_access
from games.services.events import game_versions_bump


def _my_seat(game_id: int | str, user: User | AnonymousUser) -> Seat:
    if not user.is_authenticated:
        raise NotAPlayer()
    try:
        return Seat.objects.select_related("game").get(game_id=int(game_id), user=user)
    except (Seat.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotAPlayer() from None


def _chat_notifications(writer: Seat, message: ChatMessage) -> None:
    """The other players hear of it by push or webhook if they asked to (chat has no mail of
    its own), unless they muted the table; each row waits, and is dropped if they look."""
    readers = (
        Seat.objects.filter(game_id=writer.game_id, bot_level="", chat_muted=False)
        .exclude(pk=writer.pk)
        .select_related("user__profile")
    )
    for seat in readers:
        if not wants_elsewhere(profile_for(seat.user), NotificationKind.CHAT):
            continue  # no row at all: most players hear of chat only in their mails
        record(
            user=seat.user,
            game=writer.game,
            kind=NotificationKind.CHAT,
            key=chat_key(game_id=writer.game_id, message_id=message.pk, user_id=seat.user_id),
        )


def chat_post(*, game_id: int | str, user: User | AnonymousUser, text: object) -> ChatMessage:
    """Post to the table of a game the user sits at (strangers and spectators: NotAPlayer)."""
    seat = _my_seat(game_id, user)
    text = text.strip() if isinstance(text, str) else ""
    if not re.search(SOMETHING_TO_READ, text):
        raise BadAction(_("Write something first."))
    if len(text) > CHAT_MAX_LENGTH:
        raise BadAction(_("A message holds at most %(n)d characters.") % {"n": CHAT_MAX_LENGTH})
    with transaction.atomic(durable=True):
        message = ChatMessage.objects.create(game_id=seat.game_id, seat=seat, text=text)
        game_versions_bump(game_ids=[seat.game_id], chat=True)
        _chat_notifications(seat, message)
    return message


def chat_report(
    *, game_id: int | str, message_id: int | str, user: User | AnonymousUser
) -> ChatReport:
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


def chat_hide(*, message_ids: Iterable[int], hidden: bool = True) -> int:
    """A moderator hides (or shows again) messages; the games' open pages refresh."""
    with transaction.atomic(durable=True):
        messages = ChatMessage.objects.filter(pk__in=list(message_ids))
        game_ids = set(messages.values_list("game_id", flat=True))
        count = messages.update(hidden=hidden)
        game_versions_bump(game_ids=game_ids, chat=True)
    return count


def chat_mute(*, game_id: int | str, user: User | AnonymousUser, muted: bool) -> Seat:
    seat = _my_seat(game_id, user)
    seat.chat_muted = bool(muted)
    seat.save(update_fields=["chat_muted"])
    return seat
