"""Action dicts (the engine's JSON form) and the bodies that carry them."""

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from games.engine import ActionType

from .strict import StrictBody

CARDS_HELP = 'Cards paid, by colour: `{"blue": 3, "locomotive": 1}`.'


def _cards():
    return serializers.DictField(child=serializers.IntegerField(min_value=1), help_text=CARDS_HELP)


def _type(action_type: ActionType):
    return serializers.ChoiceField(choices=[action_type.value])


class DrawCardAction(serializers.Serializer):
    type = _type(ActionType.DRAW_CARD)
    # "from" is a Python keyword: declared through the class namespace.
    locals()["from"] = serializers.ChoiceField(choices=["deck", "face_up"])
    color = serializers.CharField(
        required=False, help_text="The face-up card's colour (only with `from: face_up`)."
    )


class ClaimRouteAction(serializers.Serializer):
    type = _type(ActionType.CLAIM_ROUTE)
    route = serializers.CharField(help_text="A route id, e.g. `denver-omaha`.")
    cards = _cards()


class DrawTicketsAction(serializers.Serializer):
    type = _type(ActionType.DRAW_TICKETS)


class KeepTicketsAction(serializers.Serializer):
    type = _type(ActionType.KEEP_TICKETS)
    tickets = serializers.ListField(
        child=serializers.CharField(), help_text="Ids of the offered tickets to keep."
    )


class BuildStationAction(serializers.Serializer):
    type = _type(ActionType.BUILD_STATION)
    city = serializers.CharField()
    cards = _cards()


class PayTunnelAction(serializers.Serializer):
    type = _type(ActionType.PAY_TUNNEL)
    cards = _cards()


class DeclineTunnelAction(serializers.Serializer):
    type = _type(ActionType.DECLINE_TUNNEL)


class PassAction(serializers.Serializer):
    type = _type(ActionType.PASS)


ACTION = PolymorphicProxySerializer(
    component_name="Action",
    serializers={
        ActionType.DRAW_CARD.value: DrawCardAction,
        ActionType.CLAIM_ROUTE.value: ClaimRouteAction,
        ActionType.DRAW_TICKETS.value: DrawTicketsAction,
        ActionType.KEEP_TICKETS.value: KeepTicketsAction,
        ActionType.BUILD_STATION.value: BuildStationAction,
        ActionType.PAY_TUNNEL.value: PayTunnelAction,
        ActionType.DECLINE_TUNNEL.value: DeclineTunnelAction,
        ActionType.PASS.value: PassAction,
    },
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
