"""Clubs, their seasons and standings, and karma, as the API shows them."""

from rest_framework import serializers

from games.models import ClubRole, SeasonStatus

from .strict import StrictBody


class Karma(serializers.Serializer):
    percent = serializers.IntegerField(
        allow_null=True, help_text="Share of the counted games played to the end; null: none yet."
    )
    games = serializers.IntegerField(help_text="Games counted: the last 50 finished, at most.")
    kept = serializers.IntegerField(
        help_text="Of those, played to the end (no timeout, no leaving)."
    )


class ClubSummary(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    invite_only = serializers.BooleanField()
    language = serializers.CharField()
    members = serializers.IntegerField(help_text="How many.")


class ClubMemberRow(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=ClubRole.values)
    karma = serializers.IntegerField(allow_null=True, help_text="Percent; null: no game yet.")


class ClubBoardRow(serializers.Serializer):
    position = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class ClubBoard(serializers.Serializer):
    board = serializers.CharField()
    rows = ClubBoardRow(many=True)


class SeasonSummary(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.ChoiceField(choices=SeasonStatus.values)
    maps = serializers.ListField(child=serializers.CharField())
    table_size = serializers.IntegerField()
    turn_seconds = serializers.IntegerField()
    rounds = serializers.IntegerField()
    current_round = serializers.IntegerField(help_text="0 before the first round.")
    starts_at = serializers.DateTimeField()


class ClubDetail(ClubSummary):
    you = serializers.CharField(allow_null=True, help_text="Your role; null: not a member.")
    member_list = ClubMemberRow(many=True)
    leaderboards = ClubBoard(many=True, help_text="Over the club's rated games only.")
    seasons = SeasonSummary(many=True)


class StandingRow(serializers.Serializer):
    position = serializers.IntegerField()
    username = serializers.CharField()
    points = serializers.IntegerField()
    score = serializers.IntegerField(help_text="Total of final scores: the first tie-break.")
    head_to_head = serializers.IntegerField(
        help_text="Among players level on points and score: times ahead of one of them."
    )
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    byes = serializers.IntegerField()
    karma = serializers.IntegerField(allow_null=True)


class SeasonDetail(SeasonSummary):
    club = serializers.IntegerField()
    standings = StandingRow(many=True, help_text="Best first; final once `status` is finished.")


class ClubJoin(StrictBody):
    token = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=64,
        help_text="An invite-only club's link token.",
    )
