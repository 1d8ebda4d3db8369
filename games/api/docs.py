"""The documented error responses: one serializer, one example per status.

Every endpoint lists the refusals it can answer with `refusals(...)`; 429 (throttled)
is added everywhere since every endpoint is throttled.
"""

from drf_spectacular.utils import OpenApiExample, OpenApiResponse
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    error = serializers.CharField(help_text="A stable snake_case code, e.g. `moved_on`.")
    message = serializers.CharField(help_text="A sentence to show the player.")
    # The serializer's metaclass takes declared fields off the class, so this field does
    # not shadow Serializer.fields at run time; the stubs cannot see that.
    fields = serializers.DictField(  # type: ignore[assignment]
        required=False, help_text="For `invalid` (400): the complaints per body field."
    )
    retry_after = serializers.IntegerField(
        required=False, help_text="For `throttled` (429): seconds to wait."
    )


def _example(name: str, code: str, message: str, **extra) -> OpenApiExample:
    return OpenApiExample(name, value={"error": code, "message": message, **extra})


# The 400 examples, by name; each endpoint shows those it can answer.
BAD_REQUESTS = {
    "json": _example("Broken JSON", "malformed_json", "The request body is not valid JSON."),
    "field": _example(
        "Missing field",
        "invalid",
        "version: This field is required.",
        fields={"version": ["This field is required."]},
    ),
    "action": _example(
        "Unknown action",
        "bad_action",
        "That is not a move this game understands: unknown action type 'fly'.",
    ),
    "settings": _example(
        "Bad settings",
        "invalid",
        'map: "mars" is not a valid choice.',
        fields={"map": ['"mars" is not a valid choice.']},
    ),
    "filter": _example("Unknown filter", "invalid", "filter must be one of mine, open, awaiting."),
    "type": _example("Unknown type", "invalid", "type must be one of draw_card, claim_route, ..."),
}

# status -> (description, examples)
ERRORS = {
    400: (
        "Malformed request: broken JSON, a missing or wrong field, or an action the game "
        "does not understand.",
        [],  # chosen per endpoint from BAD_REQUESTS
    ),
    401: (
        "Not signed in: send `Authorization: Token <key>` (or a session cookie).",
        [
            _example(
                "No credentials",
                "not_authenticated",
                "Sign in, or send 'Authorization: Token <key>'.",
            ),
            _example("Bad token", "bad_token", "That token is not valid (revoked or mistyped)."),
        ],
    ),
    403: (
        "Signed in, but not allowed to do this (e.g. start someone else's game).",
        [_example("Not the creator", "not_allowed", "Only the game's creator can start it.")],
    ),
    404: (
        "No such game or user, or not yours to see (the two are indistinguishable on purpose).",
        [_example("Not found", "not_found", "There is no such game, or it is not yours to see.")],
    ),
    409: (
        "The game is not in a state that allows this: the post was made against an older "
        "version (fetch the game and try again), it has not started, is over, is full, "
        "or has already started.",
        [
            _example(
                "Stale version",
                "moved_on",
                "The game has moved on; here is the current position.",
            ),
            _example("Not active", "game_not_active", "This game is over."),
            _example("Full", "game_full", "This game is full."),
        ],
    ),
    422: (
        "The rules forbid this move now; `error` is the engine's code "
        "(e.g. `not_your_turn`, `route_taken`, `wrong_cards`).",
        [
            _example("Not your turn", "not_your_turn", "It is not your turn."),
            _example("Route taken", "route_taken", "That route is already taken."),
        ],
    ),
    429: (
        "Too many requests: wait `retry_after` seconds (also in the Retry-After header).",
        [
            _example(
                "Throttled",
                "throttled",
                "Request was throttled. Expected available in 12 seconds.",
                retry_after=12,
            )
        ],
    ),
}


def refusals(*statuses: int, bad: tuple[str, ...] = ("json", "field")) -> dict:
    """extend_schema responses for these error statuses, plus 429; `bad` names the 400
    examples (keys of BAD_REQUESTS)."""
    out = {}
    for code in (*statuses, 429):
        description, examples = ERRORS[code]
        if code == 400:
            examples = [BAD_REQUESTS[name] for name in bad]
        out[code] = OpenApiResponse(ErrorSerializer, description=description, examples=examples)
    return out


# What any operation can answer, whatever its own refusals: the checks below run before
# any view (ttr_site/nul_bytes.py, the token check, DRF's parser).
MALFORMED = _example("NUL byte", "bad_request", "The request is malformed.")
BAD_TOKEN_EXAMPLE = ERRORS[401][1][1]
UNSUPPORTED = _example(
    "Not JSON",
    "unsupported_media_type",
    'Unsupported media type "application/x-www-form-urlencoded" in request.',
)


def _error_response(description: str, examples) -> dict:
    return {
        "description": description,
        "content": {
            "application/json": {
                "schema": {"$ref": "#/components/schemas/Error"},
                "examples": {
                    _example_key(example): _example_value(example) for example in examples
                },
            }
        },
    }


def _example_key(example) -> str:
    # As drf-spectacular names examples: "NUL byte" -> "NULByte".
    return "".join(word[0].upper() + word[1:] for word in example.name.split())


def _example_value(example) -> dict:
    return {"value": example.value, "summary": example.name}


def document_every_refusal(result, generator, request, public):
    """SPECTACULAR_SETTINGS POSTPROCESSING_HOOKS: on every operation, the 400 a NUL byte in
    the address, query or body gets and the 401 a wrong token gets; on every operation
    with a body, the 415 a body other than JSON gets."""
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            responses = operation.setdefault("responses", {})
            if "400" in responses:
                examples = responses["400"]["content"]["application/json"].setdefault(
                    "examples", {}
                )
                examples[_example_key(MALFORMED)] = _example_value(MALFORMED)
                responses["400"]["description"] += " A NUL byte anywhere in the request."
            else:
                responses["400"] = _error_response(
                    "Malformed request: a NUL byte in the address, the query or the body.",
                    [MALFORMED],
                )
            if "401" not in responses:
                responses["401"] = _error_response(
                    "A token was sent and is not valid (revoked or mistyped); send none, or "
                    "a valid one.",
                    [BAD_TOKEN_EXAMPLE],
                )
            if "requestBody" in operation and "415" not in responses:
                responses["415"] = _error_response(
                    "The body is not JSON: send `Content-Type: application/json`.", [UNSUPPORTED]
                )
    return result
