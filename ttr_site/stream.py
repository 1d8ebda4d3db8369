"""The ASGI entry of the open game pages' event streams (uvicorn ttr_site.stream:application):
games.live.stream_asgi, with the site's settings."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings")
django.setup()

from games.live.stream_asgi import StreamApp  # noqa: E402 (needs the settings above)

application = StreamApp()
