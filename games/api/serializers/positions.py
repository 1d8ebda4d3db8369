"""Bodies of the game file endpoints: export, start from a scenario, new game from here."""

from rest_framework import serializers

from games.models.game import DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS

from .strict import StrictBody


class GameExport(serializers.Serializer):
    format = serializers.CharField(help_text="`ttr-game-export`.")
    version = serializers.IntegerField()
    exported_at = serializers.DateTimeField()
    game = serializers.DictField(help_text="id, map, status, rated, started_at, finished_at.")
    players = serializers.ListField(
        child=serializers.DictField(),
        help_text="player id, username, color, order, forfeited, final_score, place.",
    )
    viewer = serializers.CharField(allow_null=True, help_text="Your player id, if you play.")
    moves = serializers.ListField(
        child=serializers.DictField(),
        help_text="number, player, action, events, created_at. In a game still being played "
        "another player's action shows only its `type`.",
    )
    view = serializers.DictField(help_text="The position as you may see it (engine view).")
    statistics = serializers.DictField(help_text="Player id -> the game's statistics.")
    scenario = serializers.DictField(
        required=False,
        help_text="Once the game is over: the scenario of its start with every move as an "
        "action (players named by username); `python -m games.engine.scenario` replays it.",
    )


class ScenarioStart(StrictBody):
    scenario = serializers.DictField(
        help_text="A scenario (the engine's format), or a whole export of this site."
    )
    players = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Usernames of this site's players for the scenario's players, one each, "
        "in order (the scenario's own names are only names). Yours among them, unless you "
        "are staff; the others are invited.",
    )
    seat_at_once = serializers.BooleanField(
        default=False,
        help_text="Staff only (a tournament): seat everyone now, without their acceptance. "
        "Written in the admin's log.",
    )
    turn_seconds = serializers.IntegerField(
        min_value=MIN_TURN_SECONDS, max_value=MAX_TURN_SECONDS, default=DEFAULT_TURN_SECONDS
    )


class NewFromHere(StrictBody):
    move = serializers.IntegerField(
        min_value=0, help_text="Start from the position after this move of the replay."
    )
