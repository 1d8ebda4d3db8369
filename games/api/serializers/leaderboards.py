"""A page of a leaderboard (overall, usa, europe)."""

from rest_framework import serializers


class LeaderboardRow(serializers.Serializer):
    position = serializers.IntegerField()
    username = serializers.CharField()
    rating = serializers.FloatField()
    games = serializers.IntegerField()
    provisional = serializers.BooleanField()


class LeaderboardPage(serializers.Serializer):
    board = serializers.CharField()
    count = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = LeaderboardRow(many=True)
    you = LeaderboardRow(allow_null=True, help_text="Your own row, wherever it is.")
