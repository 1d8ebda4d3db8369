from .profile_settings import ProfileSettingsForm
from .vacation import VacationForm
from .webhook import WebhookForm

__all__ = ["ProfileSettingsForm", "VacationForm", "WebhookForm"]
