"""One entry of a game's move log: public by construction (built from the move's events)."""

from rest_framework import serializers


class MoveEntry(serializers.Serializer):
    number = serializers.IntegerField()
    player = serializers.CharField(
        allow_null=True, help_text="Username of the seat that moved (or forfeited)."
    )
    action_type = serializers.CharField(help_text="e.g. `claim_route`, `forfeit`.")
    sentences = serializers.ListField(child=serializers.CharField())
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="The engine's public events (a blind draw never names its card).",
    )
    created_at = serializers.DateTimeField()
