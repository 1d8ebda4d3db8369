from .profile_settings import ProfileSettingsForm

__all__ = ["ProfileSettingsForm"]
