"""Error pages: rendered from templates/errors/ with the site's layout."""

from django.http import HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext

API_PREFIX = "/api/"


def not_found(request, exception=None):
    return render(request, "errors/404.html", status=404)


def forbidden(request, exception=None):
    return render(request, "errors/403.html", status=403)


def csrf_failure(request, reason=""):
    # A stale or forged form gets the site's 403 page, not Django's bare one.
    return render(request, "errors/403.html", status=403)


def server_error(request):
    # No context processors that touch the database: the failure may be the database.
    if request.path.startswith(API_PREFIX):
        # The API answers every error in its own shape, a crash included.
        return JsonResponse(
            {"error": "server_error", "message": gettext("Something went wrong on our side.")},
            status=500,
        )
    return HttpResponseServerError(loader.get_template("errors/500.html").render())
