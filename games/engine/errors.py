"""Errors the engine raises: each refusal has a stable snake_case code and a sentence.

The sentence is English. `variant` (stable, snake_case) tells apart the sentences one code
has, and `params` carry what the sentence names (counts, colours, route and city names), so
a caller can say the same thing in another language without parsing the English.
"""

from __future__ import annotations

from typing import Any


class IllegalMove(Exception):
    """An action the rules do not allow now; the state it was tried on is left unchanged."""

    def __init__(self, code: str, message: str, *, variant: str = "", **params: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.variant = variant
        self.params = params

    def to_dict(self) -> dict:
        return {"error": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"


class MalformedAction(IllegalMove, ValueError):
    """An action dict that is not an action at all (unknown type, missing field, bad colour...)."""

    def __init__(self, message: str, *, variant: str = "", **params: Any):
        super().__init__("malformed_action", message, variant=variant, **params)
