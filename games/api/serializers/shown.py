"""A serializer's representation of an answer, by one instance of the serializer per process.

`SomeSerializer(data).data` builds the serializer's fields afresh for each answer (a deep copy
of every declared field, nested serializers' included), which cost the move's answer more
than writing it. Representing data reads the fields and changes nothing in them, so one
instance per class serves every request and thread.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

_KEPT: dict[type[serializers.Serializer], serializers.Serializer] = {}


def shown(serializer_class: type[serializers.Serializer], data: Any) -> Any:
    """What `serializer_class(data).data` gives (as a plain dict)."""
    kept = _KEPT.get(serializer_class)
    if kept is None:
        kept = _KEPT.setdefault(serializer_class, serializer_class())
    return kept.to_representation(data)
