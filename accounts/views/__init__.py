from .home import home
from .language import set_language
from .profile import profile
from .reach import (
    delivery_resume_view,
    delivery_test_view,
    push_subscribe,
    push_unsubscribe,
    webhook_add_view,
    webhook_delete_view,
)
from .settings_page import (
    calendar_renew_view,
    settings_page,
    vacation_end_view,
    vacation_set_view,
)

__all__ = [
    "calendar_renew_view",
    "delivery_resume_view",
    "delivery_test_view",
    "home",
    "profile",
    "push_subscribe",
    "push_unsubscribe",
    "set_language",
    "settings_page",
    "vacation_end_view",
    "vacation_set_view",
    "webhook_add_view",
    "webhook_delete_view",
]
