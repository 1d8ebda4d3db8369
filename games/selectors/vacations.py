"""Players' time away as the clocks and pages read it: whether a seat's player has a vacation
that may pause its clock, the pauses (their players' vacations) that stop their clocks, and
who is away now."""

from collections.abc import Sequence
from datetime import date, datetime

from django.db.models import Exists, OuterRef, QuerySet

from games.clock.arithmetic import Pause
from games.models import Game, Seat, Vacation


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


def seat_with_vacation_flag(*, seats: QuerySet[Seat]) -> QuerySet[Seat]:
    """Seats annotated `has_vacation`: their player has a vacation that ends after the
    game's turn began (one EXISTS in the seats' own query), so the clock's SeatPauses reads
    the vacations only when one of them may pause a clock."""
    return seats.annotate(
        has_vacation=vacation_exists(
            user_id=OuterRef("user_id"), ending_after=OuterRef("game__turn_started_at")
        )
    )


def seat_pauses(*, game: Game, seat: Seat) -> list[Pause]:
    """When this seat's clock stands still in this game: its player's vacations that end
    after the turn began, unless the game was created without vacations."""
    if not game.allow_vacations or game.turn_started_at is None:
        return []
    return vacation_pauses(user_id=seat.user_id, ending_after=game.turn_started_at)


class SeatPauses:
    """Every seat's pauses in one query, read the first time one is asked for (most moves
    need none): the vacations of the seats' players that end after `since`. A pause that
    ended before a clock started does not stop it, so one read serves every clock of the move
    (and of the page after it) that starts at or after `since`."""

    def __init__(self, game: Game, seats: Sequence[Seat], since: datetime | None):
        self._game, self._seats, self._since = game, seats, since
        self._rows: list[tuple[int, datetime, datetime, date]] | None = None

    def _read(self, since: datetime) -> list[tuple[int, datetime, datetime, date]]:
        """The rows, read once; `since` is self._since, which the callers have checked is set."""
        if self._rows is None and all(
            getattr(seat, "has_vacation", True) is False for seat in self._seats
        ):
            self._rows = []  # the seats' query said none of them has one
        if self._rows is None:
            self._rows = vacation_rows(
                user_ids=[s.user_id for s in self._seats], ending_after=since
            )
        return self._rows

    def of(self, seat: Seat) -> list[Pause]:
        if not self._game.allow_vacations or self._since is None:
            return []
        return [
            (start, end)
            for user_id, start, end, _ in self._read(self._since)
            if user_id == seat.user_id
        ]

    def away(self, now: datetime) -> dict[int, date]:
        """{user id: last day away} for the players on vacation at `now` (not before
        `since`), as vacation_away_until."""
        if not self._game.allow_vacations or self._since is None:
            return {}
        return {
            user_id: last_day
            for user_id, start, end, last_day in self._read(self._since)
            if start <= now < end
        }
