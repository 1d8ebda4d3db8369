"""Errors the engine raises: each refusal has a stable snake_case code and a sentence.

The sentence is English. `variant` (stable, snake_case) tells apart the sentences one code
has, and `params` carry what the sentence names (counts, colours, route and city names), so
a caller can say the same thing in another language without parsing the English.

As python-chess's IllegalMoveError, a refusal is a ValueError (the value given, an action,
is wrong for the position), and its repr is the call that makes it again.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any


class IllegalMove(ValueError):
    """An action the rules do not allow now; the state it was tried on is left unchanged."""

    def __init__(self, code: str, message: str, *, variant: str = "", **params: Any):
        super().__init__(message)
        self.code = code
        self.message = message
        self.variant = variant
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message}

    def _positional(self) -> tuple[Any, ...]:
        return (self.code, self.message)

    def _keywords(self) -> dict[str, Any]:
        return {"variant": self.variant, **self.params} if self.variant else dict(self.params)

    def __repr__(self) -> str:
        words = [repr(value) for value in self._positional()]
        words += [f"{name}={value!r}" for name, value in self._keywords().items()]
        return f"{type(self).__name__}({', '.join(words)})"

    # BaseException pickles as cls(*args), and args holds only the message.
    def __reduce__(self) -> tuple[Callable[..., IllegalMove], tuple[Any, ...]]:
        return partial(type(self), **self._keywords()), self._positional()


class MalformedAction(IllegalMove):
    """An action dict that is not an action at all (unknown type, missing field, bad colour...)."""

    def __init__(self, message: str, *, variant: str = "", **params: Any):
        super().__init__("malformed_action", message, variant=variant, **params)

    def _positional(self) -> tuple[Any, ...]:
        return (self.message,)
