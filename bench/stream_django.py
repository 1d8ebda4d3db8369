"""The other way to serve the pages' streams, measured beside ours by bench/load.py: a Django
async view (StreamingHttpResponse over an async generator) under the same uvicorn, through
the site's whole middleware, with the same hub (news, rows, pings) as games.live.stream_asgi.

    uvicorn bench.stream_django:application
"""

import asyncio
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ttr_site.settings")
django.setup()

from django.conf import settings  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.http import HttpResponseForbidden, StreamingHttpResponse  # noqa: E402
from django.urls import path  # noqa: E402

from games.live.poll import TICKET_PARAMETER, ticket_viewer  # noqa: E402
from games.live.stream_asgi import (  # noqa: E402
    PING_EVENT,
    PING_EVERY,
    Hub,
    Page,
    _in_database_thread,
    _read_versions,
    version_event,
)

_hub: Hub | None = None


async def stream(request, game_id: int):
    global _hub
    viewer = ticket_viewer(request.GET.get(TICKET_PARAMETER), game_id)
    if viewer is None:
        return HttpResponseForbidden()
    if _hub is None:
        _hub = Hub()
    hub = _hub
    hub.start()
    await hub.ready.wait()
    page = Page(game_id, viewer, False)
    hub.add(page)
    versions = await _in_database_thread(_read_versions, game_id)

    async def events():
        try:
            sent = page.versions or versions
            yield version_event(sent)
            while not page.closed:
                try:
                    async with asyncio.timeout(PING_EVERY):
                        await page.wake.wait()
                except TimeoutError:
                    yield PING_EVENT
                    continue
                page.wake.clear()
                if page.versions and page.versions != sent:
                    sent = page.versions
                    yield version_event(sent)
        finally:
            hub.remove(page)

    response = StreamingHttpResponse(events(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response


urlpatterns = [path("games/<int:game_id>/stream/", stream)]
settings.ROOT_URLCONF = __name__
application = get_asgi_application()
