"""A seat's private note, for its own player only."""

from games.models import PrivateNote


def note_get(*, seat) -> str:
    """The seat's private note, for its own player only (the caller passes their own seat)."""
    if seat is None:
        return ""
    if hasattr(seat, "viewer_note"):  # read with the seats (game_access)
        return seat.viewer_note or ""
    return PrivateNote.objects.filter(seat=seat).values_list("text", flat=True).first() or ""
