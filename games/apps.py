from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        # Registers the Celery tasks, and the bots' queue and the standing orders' as
        # listeners of the services.
        from games.botplay import orders, queue  # noqa: F401
        from games.heartbeat import tasks  # noqa: F401
        from ttr_site import converters  # noqa: F401  (<id:...> in the urls of games/)
