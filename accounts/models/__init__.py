from .profile import Profile, profile_for
from .vacation import Vacation

__all__ = ["Profile", "Vacation", "profile_for"]
