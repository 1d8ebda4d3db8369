from .home import home
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
    "settings_page",
    "vacation_end_view",
    "vacation_set_view",
]
