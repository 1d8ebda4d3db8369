from .home import home
from .language import set_language
from .profile import profile
from .settings_page import (
    calendar_renew_view,
    settings_page,
    vacation_end_view,
    vacation_set_view,
)

__all__ = [
    "calendar_renew_view",
    "home",
    "profile",
    "set_language",
    "settings_page",
    "vacation_end_view",
    "vacation_set_view",
]
