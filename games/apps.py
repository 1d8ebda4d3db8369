from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from django.contrib.auth.signals import user_logged_out

        # Registers the Celery tasks, and the bots' queue and the standing orders' as
        # listeners of the services.
        from games.botplay import orders, queue  # noqa: F401
        from games.heartbeat import tasks  # noqa: F401
        from games.live.poll import access_end_on_logout
        from ttr_site import converters  # noqa: F401  (<id:...> in the urls of games/)

        # Logging out voids the tickets of the user's open game pages (games.live.poll).
        user_logged_out.connect(access_end_on_logout, dispatch_uid="games.access_end")
