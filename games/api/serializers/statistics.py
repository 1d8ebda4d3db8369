"""A game's claims and its players' statistics as the API shows them (public facts)."""

from rest_framework import serializers


class ClaimEntry(serializers.Serializer):
    player = serializers.CharField(help_text="The player id used in the game's `view`.")
    username = serializers.CharField()
    move = serializers.IntegerField(help_text="The number of the move that made the claim.")
    route = serializers.CharField(allow_null=True, help_text="Route id (null for a station).")
    length = serializers.IntegerField(help_text="Trains placed (0 for a station).")
    city = serializers.CharField(allow_null=True, help_text="A station's city (else null).")
    cards = serializers.DictField(child=serializers.IntegerField(), help_text="Every card paid.")
    tunnel_extra = serializers.IntegerField(
        allow_null=True, help_text="A tunnel's extra cards (0: none asked); null: not a tunnel."
    )
    created_at = serializers.DateTimeField()


class PointsBySource(serializers.Serializer):
    routes = serializers.IntegerField()
    tickets_completed = serializers.IntegerField()
    tickets_failed = serializers.IntegerField(help_text="Negative: the failed tickets' values.")
    stations = serializers.IntegerField(help_text="4 per station not built (Europe).")
    longest_bonus = serializers.IntegerField()
    total = serializers.IntegerField()


class PlayerStatistics(serializers.Serializer):
    player = serializers.CharField(help_text="The player id used in the game's `view`.")
    username = serializers.CharField()
    turns = serializers.IntegerField(help_text="Turns played (the opening choice is not one).")
    cards_face_up = serializers.IntegerField()
    cards_blind = serializers.IntegerField()
    locomotives_face_up = serializers.IntegerField(
        help_text="Face-up locomotives taken (a blind card is never named)."
    )
    tickets_drawn = serializers.IntegerField(help_text="Every ticket offered, the opening's too.")
    tickets_kept = serializers.IntegerField()
    tickets_completed = serializers.IntegerField(help_text="0 until the game is over.")
    tickets_failed = serializers.IntegerField(help_text="0 until the game is over.")
    routes = serializers.IntegerField()
    routes_by_length = serializers.DictField(
        child=serializers.IntegerField(), help_text="Route length -> routes claimed."
    )
    trains_used = serializers.IntegerField()
    tunnels_paid = serializers.IntegerField(help_text="Tunnels claimed, with or without extra.")
    tunnel_extra_cards = serializers.IntegerField()
    tunnels_declined = serializers.IntegerField()
    stations = serializers.IntegerField()
    longest_path = serializers.IntegerField(allow_null=True, help_text="Null until the end.")
    points = PointsBySource(allow_null=True, help_text="Null until the game is over.")


class CountedName(serializers.Serializer):
    map = serializers.CharField()
    name = serializers.CharField()
    count = serializers.IntegerField()


class TicketSuccess(serializers.Serializer):
    ticket = serializers.CharField()
    name = serializers.CharField()
    completed = serializers.IntegerField()
    attempts = serializers.IntegerField()


class ColourPaid(serializers.Serializer):
    color = serializers.CharField()
    cards = serializers.IntegerField()


class AverageScore(serializers.Serializer):
    map = serializers.CharField()
    players = serializers.IntegerField()
    games = serializers.IntegerField()
    average = serializers.FloatField()


class UserStatistics(serializers.Serializer):
    routes = CountedName(many=True, help_text="Most-claimed routes, most first.")
    cities = CountedName(many=True, help_text="Cities most built to (route ends, stations).")
    tickets = TicketSuccess(many=True, help_text="The most attempted tickets.")
    colors = ColourPaid(many=True, help_text="Card colours most paid with.")
    averages = AverageScore(many=True, help_text="Average score per map and player count.")
    route_counts = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField()),
        help_text="Map -> route id -> times claimed (what the heat maps draw).",
    )
