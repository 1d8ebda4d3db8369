"""One error shape for every API refusal: {"error": code, "message": sentence}.

Service errors and the engine's IllegalMove carry their own code, sentence and
status (games/refusals/errors.py); DRF's own refusals (bad JSON, validation,
authentication, throttling) are reshaped to the same two keys so a client
handles every failure the same way.
"""

from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from games.engine import IllegalMove
from games.refusals.errors import GameServiceError, http_status_for, player_message_for

if TYPE_CHECKING:  # the stubs' name for a lazily translated text; nothing to import at run time
    from django_stubs_ext import StrOrPromise

NOT_SIGNED_IN = gettext_lazy("Sign in, or send 'Authorization: Token <key>'.")
BAD_TOKEN = gettext_lazy("That token is not valid (revoked or mistyped).")
NOTHING_HERE = gettext_lazy("There is no such thing here.")

# DRF exception class -> (our code, our sentence); None keeps DRF's own sentence.
_DRF_CODES: "list[tuple[type[exceptions.APIException], str, StrOrPromise | None]]" = [
    (exceptions.ParseError, "malformed_json", gettext_lazy("The request body is not valid JSON.")),
    (exceptions.UnsupportedMediaType, "unsupported_media_type", None),
    (exceptions.NotAuthenticated, "not_authenticated", NOT_SIGNED_IN),
    (exceptions.AuthenticationFailed, "bad_token", BAD_TOKEN),
    (exceptions.Throttled, "throttled", None),
    (exceptions.MethodNotAllowed, "method_not_allowed", None),
    (exceptions.NotAcceptable, "not_acceptable", None),
    (exceptions.NotFound, "not_found", NOTHING_HERE),
    (exceptions.PermissionDenied, "not_allowed", None),
]


def error_body(code: str, message: "StrOrPromise", **extra: Any) -> dict[str, Any]:
    return {"error": code, "message": str(message), **extra}


def invalid_choice(name: str, choices) -> Response:
    """400 for a query parameter outside its choices."""
    return Response(
        error_body(
            "invalid",
            _("%(name)s must be one of %(choices)s.")
            % {"name": name, "choices": ", ".join(choices)},
        ),
        status=status.HTTP_400_BAD_REQUEST,
    )


def _first_message(detail) -> str:
    """The first sentence in a DRF validation detail (nested lists and dicts)."""
    if isinstance(detail, dict):
        for field, value in detail.items():
            inner = _first_message(value)
            return inner if field == "non_field_errors" else f"{field}: {inner}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def api_exception_handler(exc, context):
    """REST_FRAMEWORK["EXCEPTION_HANDLER"]: every refusal answers {"error", "message"}."""
    if isinstance(exc, (GameServiceError, IllegalMove)):
        return Response(error_body(exc.code, player_message_for(exc)), status=http_status_for(exc))
    if isinstance(exc, exceptions.ValidationError):
        return Response(
            error_body("invalid", _first_message(exc.detail), fields=exc.detail),
            status=status.HTTP_400_BAD_REQUEST,
        )
    response = drf_exception_handler(exc, context)
    if response is None:
        return None  # a real bug: Django's 500 handling takes over
    if isinstance(exc, Http404):
        response.data = error_body("not_found", NOTHING_HERE)
        return response
    if isinstance(exc, PermissionDenied):
        response.data = error_body("not_allowed", _("You may not do that."))
        return response
    for cls, code, sentence in _DRF_CODES:
        if isinstance(exc, cls):
            extra = {}
            if isinstance(exc, exceptions.Throttled):
                # DRF's Throttled keeps the wait it was given; the stubs leave it out.
                wait: float | None = exc.wait  # type: ignore[attr-defined]
                if wait is not None:
                    extra["retry_after"] = int(wait + 0.999)
            response.data = error_body(code, sentence or str(exc.detail), **extra)
            return response
    response.data = error_body(getattr(exc, "default_code", "error"), str(exc.detail))
    return response
