"""Users: yourself, and anyone's public profile with ratings and rating history."""

from rest_framework import serializers

from .clubs import Karma


class BoardRating(serializers.Serializer):
    board = serializers.CharField()
    rating = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    position = serializers.IntegerField(allow_null=True, help_text="On the leaderboard.")


class RatingPoint(serializers.Serializer):
    game = serializers.IntegerField(allow_null=True, help_text="Null for a private game.")
    private = serializers.BooleanField(
        help_text="A private game you did not play in: only the rating change is shown."
    )
    board = serializers.CharField()
    place = serializers.IntegerField(allow_null=True, help_text="Null for a private game.")
    before = serializers.FloatField()
    after = serializers.FloatField()
    at = serializers.DateTimeField()


class PublicProfile(serializers.Serializer):
    username = serializers.CharField()
    joined = serializers.DateTimeField()
    games_played = serializers.IntegerField(help_text="Finished games you may open.")
    wins = serializers.IntegerField(help_text="Among those.")
    ratings = BoardRating(many=True)
    rating_history = RatingPoint(many=True, help_text="Oldest first.")
    karma = Karma(help_text="Reliability over the last 50 finished games.")


class Me(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.CharField(allow_blank=True)
    timezone = serializers.CharField()
    awaiting = serializers.IntegerField(help_text="Games waiting for your move.")
    profile = serializers.CharField(help_text="Your public profile in the API.")
    calendar_url = serializers.CharField(
        help_text="Your private iCalendar feed of deadlines (POST me/calendar-url/ replaces it)."
    )
