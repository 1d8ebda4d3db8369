"""Seats as the clock reads them: whether their player has a vacation that may pause it."""

from django.db.models import OuterRef

from accounts.selectors import vacation_exists


def seat_with_vacation_flag(*, seats):
    """Seats annotated `has_vacation`: their player has a vacation that ends after the
    game's turn began (one EXISTS in the seats' own query), so the clock's SeatPauses reads
    the vacations only when one of them may pause a clock."""
    return seats.annotate(
        has_vacation=vacation_exists(
            user_id=OuterRef("user_id"), ending_after=OuterRef("game__turn_started_at")
        )
    )
