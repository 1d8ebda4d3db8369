"""No text on this site holds a NUL byte, and PostgreSQL refuses even to compare one (a
DataError, so a 500). Requests carrying one are answered before any view reads them: in
the address, "not found"; in a query or form value, or a string of a JSON body sent to a
page outside the API (whose fields refuse it themselves), "malformed"."""

import json

from django.http import Http404

from .errors import API_PREFIX, bad_json_request, bad_request

NUL = "\x00"


def _has_nul(query) -> bool:
    return any(NUL in key or any(NUL in value for value in values) for key, values in query.lists())


def _json_has_nul(body: bytes) -> bool:
    """Whether the JSON holds a NUL in a key or a string; a body that is not JSON is left
    to the view, which refuses it in its own words."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return False
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if NUL in item:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


class RefuseNulBytesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path_info:
            raise Http404("No address holds a NUL byte.")
        if _has_nul(request.GET) or (request.method == "POST" and _has_nul(request.POST)):
            return bad_request(request)
        if (
            request.method == "POST"
            and request.content_type == "application/json"
            and not request.path.startswith(API_PREFIX)
            and _json_has_nul(request.body)
        ):
            return bad_json_request(request)
        return self.get_response(request)
