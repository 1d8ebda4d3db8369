"""The site as an app on the home screen: its manifest, its service worker, its offline page.

The worker is served from the site's root (not /static/) so that its scope is the whole site;
it is a template so that it names the static files by their hashed names and changes (and so
is installed afresh) whenever one of them does. It keeps the page shell and "My games"
readable offline; any other page asked for offline gets the offline page.
"""

import hashlib
import json

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

THEME_COLOUR = "#a4332a"  # the site's accent (static/css/site.css --accent)
BACKGROUND_COLOUR = "#f7f4ec"  # its paper

SHELL_FILES = [
    "css/site.css",
    "htmx/htmx.min.js",
    "js/forms.js",
    "js/app.js",
    "favicon.svg",
    "favicon-turn.svg",
    "icons/app.svg",
    "icons/app-192.png",
    "icons/badge-96.png",
]


@require_GET
@cache_control(max_age=3600, public=True)
def manifest(request):
    my_games = reverse("my_games")
    data = {
        "id": my_games,
        "name": _("Ticket to Ride by turns"),
        "short_name": "Ticket to Ride",
        "description": _("Ticket to Ride, played slowly: a move when you have a minute."),
        "lang": get_language(),
        "start_url": my_games,
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static("icons/app.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icons/app-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/app-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icons/app-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


def worker_source() -> str:
    shell = [static(name) for name in SHELL_FILES] + [reverse("offline")]
    values = {
        "shell": shell,
        "offline": reverse("offline"),
        "my_games": reverse("my_games"),
        "logout": reverse("account_logout"),
        "icon": static("icons/app-192.png"),
        "badge": static("icons/badge-96.png"),
    }
    # The cache's name changes with every file of the shell, so an update replaces it whole.
    version = hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()[:12]
    return render_to_string(
        "app/sw.js", {"values": json.dumps({**values, "version": version}, indent=2)}
    )


@require_GET
def service_worker(request):
    response = HttpResponse(worker_source(), content_type="text/javascript; charset=utf-8")
    # Browsers look for a new worker at most daily anyway; no cache keeps an old one longer.
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request):
    return render(request, "app/offline.html", {"debug": settings.DEBUG})
