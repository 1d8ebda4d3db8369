from .home import home
from .profile import profile
from .settings_page import settings_page

__all__ = ["home", "profile", "settings_page"]
