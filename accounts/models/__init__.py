from .profile import Profile, profile_for
from .rate_limits import ApiRequestCount, LimitCacheEntry
from .session import UserSession

__all__ = [
    "ApiRequestCount",
    "LimitCacheEntry",
    "Profile",
    "UserSession",
    "profile_for",
]
