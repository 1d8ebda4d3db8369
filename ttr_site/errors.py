"""Error pages: rendered from templates/errors/ with the site's layout."""

from django.http import HttpResponseServerError, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.translation import gettext

from .csp import ERROR_PAGE_STYLE

API_PREFIX = "/api/"


def _api_error(code: str, message: str, status: int) -> JsonResponse:
    # The API answers every error in its own shape (games/api/errors.py).
    return JsonResponse({"error": code, "message": message}, status=status)


def bad_request(request, exception=None):
    if request.path.startswith(API_PREFIX):
        return _api_error("bad_request", gettext("The request is malformed."), 400)
    return render(request, "errors/400.html", status=400)


def bad_json_request(request):
    """A JSON body a page cannot read: answered in JSON, as the API answers it."""
    return _api_error("bad_request", gettext("The request is malformed."), 400)


def not_found(request, exception=None):
    if request.path.startswith(API_PREFIX):
        return _api_error("not_found", gettext("There is no such thing here."), 404)
    return render(request, "errors/404.html", status=404)


def forbidden(request, exception=None):
    return render(request, "errors/403.html", status=403)


def csrf_failure(request, reason=""):
    # A stale or forged form gets the site's 403 page, not Django's bare one.
    return render(request, "errors/403.html", status=403)


def server_error(request):
    # No context processors that touch the database: the failure may be the database.
    if request.path.startswith(API_PREFIX):
        return _api_error("server_error", gettext("Something went wrong on our side."), 500)
    page = loader.get_template("errors/500.html").render({"style": ERROR_PAGE_STYLE})
    return HttpResponseServerError(page)
