from .profile_settings import ProfileSettingsForm
from .vacation import VacationForm

__all__ = ["ProfileSettingsForm", "VacationForm"]
