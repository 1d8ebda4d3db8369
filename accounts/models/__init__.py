from .profile import Profile, profile_for
from .session import UserSession
from .vacation import Vacation

__all__ = ["Profile", "UserSession", "Vacation", "profile_for"]
