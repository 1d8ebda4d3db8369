"""The ASGI entry of the open game pages' event streams (uvicorn ttr_site.stream:application):
games.live.stream_asgi, with the site's settings, sending watching pages the table's public
parts (games.web.views.watch_parts)."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings")
django.setup()

from games.live.stream_asgi import StreamApp  # noqa: E402 (needs the settings above)
from games.web.views.watch_parts import parts_asked, watch_parts  # noqa: E402

application = StreamApp(render_parts=watch_parts, parts_asked=parts_asked)
