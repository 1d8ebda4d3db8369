from .profile import Profile, profile_for
from .rate_limits import ApiRequestCount, LimitCacheEntry
from .session import UserSession
from .vacation import Vacation

__all__ = [
    "ApiRequestCount",
    "LimitCacheEntry",
    "Profile",
    "UserSession",
    "Vacation",
    "profile_for",
]
