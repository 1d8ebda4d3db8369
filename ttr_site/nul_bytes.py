"""No text on this site holds a NUL byte, and PostgreSQL refuses even to compare one (a
DataError, so a 500). Requests carrying one are answered before any view reads them: in
the address, "not found"; in a query or form value, "malformed"."""

from django.http import Http404

from .errors import bad_request

NUL = "\x00"


def _has_nul(query) -> bool:
    return any(NUL in key or any(NUL in value for value in values) for key, values in query.lists())


class RefuseNulBytesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if NUL in request.path_info:
            raise Http404("No address holds a NUL byte.")
        if _has_nul(request.GET) or (request.method == "POST" and _has_nul(request.POST)):
            return bad_request(request)
        return self.get_response(request)
