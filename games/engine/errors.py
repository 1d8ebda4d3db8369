"""Errors the engine raises: each refusal has a stable snake_case code and a sentence."""

from __future__ import annotations


class IllegalMove(Exception):
    """An action the rules do not allow now; the state it was tried on is left unchanged."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message

    def to_dict(self) -> dict:
        return {"error": self.code, "message": self.message}

    def __repr__(self) -> str:
        return f"IllegalMove({self.code!r}, {self.message!r})"


class MalformedAction(IllegalMove, ValueError):
    """An action dict that is not an action at all (unknown type, missing field, bad colour...)."""

    def __init__(self, message: str):
        super().__init__("malformed_action", message)
