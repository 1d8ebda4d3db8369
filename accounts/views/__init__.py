from .home import home
from .language import set_language

__all__ = ["home", "set_language"]
