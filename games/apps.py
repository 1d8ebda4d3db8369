from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        # Registers the tasks: a bot's move is queued by the task's name (games.botplay.queue).
        from games.heartbeat import tasks  # noqa: F401
        from ttr_site import converters  # noqa: F401  (<id:...> in the urls of games/)
