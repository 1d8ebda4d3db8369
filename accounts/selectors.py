"""What the games read of the accounts: the only way games/ reaches accounts' tables for a
read (vacations, calendar feeds), so a change to those tables has one place to look."""

from datetime import date, datetime

from django.db.models import Exists

from accounts.models import Profile, Vacation


def vacation_pauses(*, user_id: int, ending_after: datetime) -> list[tuple[datetime, datetime]]:
    """(start, end) of the user's vacations that end after `ending_after`, earliest first."""
    return list(
        Vacation.objects.filter(user_id=user_id, ends_at__gt=ending_after)
        .order_by("starts_at")
        .values_list("starts_at", "ends_at")
    )


def vacation_rows(
    *, user_ids, ending_after: datetime
) -> list[tuple[int, datetime, datetime, date]]:
    """(user id, start, end, last day) of the users' vacations that end after
    `ending_after`, earliest first (one query)."""
    return list(
        Vacation.objects.filter(user_id__in=list(user_ids), ends_at__gt=ending_after)
        .order_by("starts_at")
        .values_list("user_id", "starts_at", "ends_at", "last_day")
    )


def vacation_exists(*, user_id, ending_after) -> Exists:
    """An EXISTS for a query's own rows (OuterRef-s welcome): a vacation of that user ends
    after that time."""
    return Exists(Vacation.objects.filter(user_id=user_id, ends_at__gt=ending_after))


def vacation_away_until(*, user_ids, now: datetime) -> dict[int, date]:
    """{user id: last day away} for those of the users on vacation at `now` (one query)."""
    rows = Vacation.objects.filter(
        user_id__in=list(user_ids), starts_at__lte=now, ends_at__gt=now
    ).values_list("user_id", "last_day")
    return dict(rows)


def vacation_ends_at(*, user_id: int, now: datetime) -> datetime | None:
    """When the user's vacation going on at `now` ends (their clocks run again), or None."""
    return (
        Vacation.objects.filter(user_id=user_id, starts_at__lte=now, ends_at__gt=now)
        .order_by("-ends_at")
        .values_list("ends_at", flat=True)
        .first()
    )


def user_by_calendar_token(*, token: str):
    """The user whose calendar feed this secret opens, or None (revoked or made up)."""
    if not token:
        return None
    profile = Profile.objects.select_related("user").filter(calendar_token=token).first()
    return profile.user if profile else None
