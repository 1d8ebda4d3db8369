"""A seat's private note, for its own player only."""

from games.models import PrivateNote


def my_note(seat) -> str:
    """The seat's private note, for its own player only (the caller passes their own seat)."""
    if seat is None:
        return ""
    if hasattr(seat, "viewer_note"):  # read with the seats (access_game)
        return seat.viewer_note or ""
    return PrivateNote.objects.filter(seat=seat).values_list("text", flat=True).first() or ""
