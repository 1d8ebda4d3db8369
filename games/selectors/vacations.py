"""Who is away on vacation."""

from datetime import date

from accounts.models import Vacation


def away_until(user_ids, now) -> dict[int, date]:
    """{user id: last day away} for those of the users on vacation at `now` (one query)."""
    rows = Vacation.objects.filter(
        user_id__in=list(user_ids), starts_at__lte=now, ends_at__gt=now
    ).values_list("user_id", "last_day")
    return dict(rows)
