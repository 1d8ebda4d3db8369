"""The engine's player_view: the caller's seat sees its own hand and tickets, nobody else's."""

from rest_framework import serializers


class PlayerEntry(serializers.Serializer):
    score = serializers.IntegerField()
    trains = serializers.IntegerField()
    stations_left = serializers.IntegerField()
    card_count = serializers.IntegerField()
    ticket_count = serializers.IntegerField()
    forfeited = serializers.BooleanField()
    # Only in the caller's own entry:
    hand = serializers.DictField(
        child=serializers.IntegerField(), required=False, help_text="Your cards by colour."
    )
    tickets = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Your kept tickets."
    )
    offered = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        allow_null=True,
        help_text="Tickets you must choose from now (keep_tickets), or null.",
    )
    ticket_progress = serializers.DictField(
        child=serializers.BooleanField(),
        required=False,
        help_text="For each of your tickets: already connected?",
    )

    def to_representation(self, instance):
        # Only the keys the engine gave: a nullable field absent from another player's
        # entry must stay absent, not become null.
        data = super().to_representation(instance)
        return {key: value for key, value in data.items() if key in instance}


class Pending(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["tunnel", "second_card", "tickets"])
    player = serializers.CharField()
    route = serializers.CharField(required=False)
    revealed = serializers.ListField(child=serializers.CharField(), required=False)
    extra = serializers.IntegerField(required=False)


class Final(serializers.Serializer):
    players = serializers.DictField(
        child=serializers.DictField(),
        help_text="Per player id: total, routes, tickets, completed, failed, longest, ...",
    )
    ranking = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Player ids by place; players sharing a place share a list.",
    )


class PlayerView(serializers.Serializer):
    map = serializers.CharField()
    phase = serializers.ChoiceField(choices=["initial_tickets", "play", "game_over"])
    players_order = serializers.ListField(child=serializers.CharField())
    current = serializers.CharField(allow_null=True)
    viewer = serializers.CharField(allow_null=True, help_text="Your player id; null: spectator.")
    pending = Pending(allow_null=True)
    last_round_ends_after = serializers.CharField(allow_null=True)
    face_up = serializers.ListField(child=serializers.CharField())
    deck_count = serializers.IntegerField()
    discard_count = serializers.IntegerField()
    ticket_deck_count = serializers.IntegerField()
    claims = serializers.DictField(
        child=serializers.CharField(), help_text="Route id -> player id."
    )
    stations = serializers.DictField(
        child=serializers.CharField(), help_text="City id -> player id."
    )
    players = serializers.DictField(child=PlayerEntry(), help_text="Player id -> entry.")
    final = Final(allow_null=True, help_text="The scores and ranking, once the game is over.")
