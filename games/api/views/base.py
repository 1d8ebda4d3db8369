"""What every API view shares: token first (so a missing login answers 401 and says how
to authenticate), then the session; pages of 20; the site's anon/user throttles; bodies
in JSON only."""

from rest_framework.authentication import SessionAuthentication
from rest_framework.exceptions import UnsupportedMediaType
from rest_framework.generics import GenericAPIView

from games.api.authentication import ApiTokenAuthentication
from games.api.pagination import ApiPagination

JSON = "application/json"


class ApiView(GenericAPIView):
    authentication_classes = [ApiTokenAuthentication, SessionAuthentication]
    pagination_class: type[ApiPagination] | None = ApiPagination  # None: a view that pages itself

    def initial(self, request, *args, **kwargs):
        # A body that is not JSON is 415 whether or not the view reads it. (DRF would take
        # a form body, which the site's NUL check has read already, for an empty one.)
        media_type = request.content_type.split(";")[0].strip().lower()
        if _has_body(request) and _handles(self, request.method) and media_type != JSON:
            raise UnsupportedMediaType(media_type)
        super().initial(request, *args, **kwargs)


def _has_body(request) -> bool:
    length = request.META.get("CONTENT_LENGTH") or "0"
    return not length.isascii() or not length.isdigit() or int(length) > 0


def _handles(view, method: str) -> bool:
    # An undeclared method answers 405 (its own refusal), whatever its body.
    name = method.lower()
    return name in view.http_method_names and hasattr(view, name)
