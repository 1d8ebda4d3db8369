from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from ttr_site import converters  # noqa: F401  (<id:...> in the urls of games/)
