from .home import home
from .profile import profile
from .settings_page import settings_page, vacation_end_view, vacation_set_view

__all__ = ["home", "profile", "settings_page", "vacation_end_view", "vacation_set_view"]
