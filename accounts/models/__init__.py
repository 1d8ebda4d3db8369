from .profile import Profile, profile_for

__all__ = ["Profile", "profile_for"]
