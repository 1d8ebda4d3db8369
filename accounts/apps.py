from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        from accounts import (
            email_status,  # noqa: F401  (and whether the address is confirmed)
            middleware,  # noqa: F401  (keeps the time zone in the session at login)
        )
