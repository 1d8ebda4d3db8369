"""Private notes: one free-text note per player and game, saved as they type.

The note never touches the game (no lock, no version): writing it cannot make anyone's
move stale. Only the seat's own player reads or writes it (selectors.notes.note_get); it is
never in another player's page, an API answer about the game, a mail or an export.
"""

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from games.models import PrivateNote, Seat
from games.models.note import NOTE_MAX_LENGTH
from games.refusals.errors import BadAction, NotAPlayer


def note_save(*, game_id: int | str, user: User | AnonymousUser, text: object) -> PrivateNote:
    """Replace the user's note on the game; a stranger is NotAPlayer (404)."""
    if not isinstance(text, str):
        raise BadAction(_("A note is text."))
    if len(text) > NOTE_MAX_LENGTH:
        raise BadAction(_("A note holds at most %(n)d characters.") % {"n": NOTE_MAX_LENGTH})
    try:
        if not user.is_authenticated:
            raise Seat.DoesNotExist
        seat = Seat.objects.get(game_id=int(game_id), user_id=user.pk)
    except (Seat.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotAPlayer() from None
    note, _created = PrivateNote.objects.update_or_create(seat=seat, defaults={"text": text})
    return note
