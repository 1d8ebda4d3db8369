"""Action dicts (the engine's JSON form) and the bodies that carry them.

The schema of each action is built from the engine's own description of it
(`games.engine.ACTION_FIELDS`), so the API documents exactly what the engine parses.
"""

from typing import TypedDict

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.engine import ACTION_CLASSES, ACTION_FIELDS, ActionFieldSpec, ActionType, FieldType

from .strict import StrictBody


class _FieldKwargs(TypedDict, total=False):
    """The keyword arguments every documenting field takes alike."""

    help_text: str
    required: bool


def _schema_field(spec: ActionFieldSpec) -> serializers.Field:
    """The serializer field that documents one field of an action."""
    help_text = spec.description
    if spec.only_with is not None:
        help_text += " (only with `{}: {}`).".format(*spec.only_with)
    extra: _FieldKwargs = {"help_text": help_text} if help_text else {}
    if spec.only_with is not None:
        extra["required"] = False
    if spec.type is FieldType.CHOICE:
        return serializers.ChoiceField(choices=list(spec.choices), **extra)
    if spec.type is FieldType.CARDS:
        count = serializers.IntegerField(min_value=spec.minimum)
        return serializers.DictField(child=count, **extra)
    if spec.type is FieldType.TICKETS:
        return serializers.ListField(child=serializers.CharField(), **extra)
    # ids and colours: strings (the engine names an unknown one in its refusal)
    return serializers.CharField(**extra)


def _action_serializer(action_type: ActionType) -> type[serializers.Serializer]:
    """One action's serializer, named after the engine's class (`DrawCardAction`)."""
    attrs: dict[str, serializers.Field] = {
        "type": serializers.ChoiceField(choices=[action_type.value])
    }
    for spec in ACTION_FIELDS[action_type]:
        attrs[spec.name] = _schema_field(spec)  # a key, so "from" needs no trick
    name = f"{ACTION_CLASSES[action_type].__name__}Action"
    return type(name, (serializers.Serializer,), {"__module__": __name__, **attrs})


ACTION_SERIALIZERS: dict[str, serializers.Serializer | type[serializers.Serializer]] = {
    t.value: _action_serializer(t) for t in ACTION_FIELDS
}

ACTION = PolymorphicProxySerializer(
    component_name="Action",
    serializers=ACTION_SERIALIZERS,
    resource_type_field_name="type",
)


@extend_schema_field(ACTION)
class ActionField(serializers.DictField):
    """Any JSON object: the game service (and the engine) judge whether it is a move."""

    def __init__(self, **kwargs):
        super().__init__(child=serializers.JSONField(), **kwargs)


class ActionPostSerializer(StrictBody):
    version = serializers.IntegerField(
        min_value=0, help_text="The game `version` the move was chosen in (stale: 409)."
    )
    action = ActionField()


class LegalActionsSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="Post your move with this version.")
    kinds = serializers.ListField(
        child=serializers.CharField(), help_text="The action types legal now."
    )
    actions = serializers.ListField(
        child=ActionField(), help_text="Every legal action (every distinct payment spelled out)."
    )
