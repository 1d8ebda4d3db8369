"""The hourly sweep of the rate limits kept in the database (accounts.models.rate_limits):
rows that no longer limit anything are deleted, so the tables stay the size of the last
day's clients. Safe to run twice, or in two workers at once."""

from datetime import datetime, timedelta

from accounts.models import ApiRequestCount, LimitCacheEntry

# The longest period a DRF rate can name ("…/day"): an API window older is over.
LONGEST_PERIOD = timedelta(days=1)


def prune_rate_limits(now: datetime) -> int:
    """Delete the expired entries of the limits' cache and the API windows that are over;
    returns how many rows went."""
    expired, _ = LimitCacheEntry.objects.filter(expires__lt=now).delete()
    over, _ = ApiRequestCount.objects.filter(
        window_start__lt=(now - LONGEST_PERIOD).timestamp()
    ).delete()
    return expired + over
