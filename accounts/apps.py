from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self):
        from accounts import middleware  # noqa: F401  (keeps the time zone in the session at login)
