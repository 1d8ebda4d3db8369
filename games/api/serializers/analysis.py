"""The analysis of a finished game: public parts of moves only (never a claim's cards)."""

from rest_framework import serializers

from games.models import AnalysisStatus

STATUSES = ("none", *AnalysisStatus.values)


class AnalysedMove(serializers.Serializer):
    type = serializers.CharField(help_text="The action's type, e.g. `claim_route`.")
    route = serializers.CharField(required=False, help_text="The route of a claim.")
    city = serializers.CharField(required=False, help_text="The city of a station.")
    # The serializer's metaclass takes declared fields off the class, so this field does
    # not shadow Field.source at run time; the stubs cannot see that.
    source = serializers.CharField(  # type: ignore[assignment]
        required=False, help_text="A card draw: `deck` or `face_up`."
    )
    color = serializers.CharField(required=False, help_text="The face-up card's colour.")


class PointsEstimate(serializers.Serializer):
    mean = serializers.FloatField(help_text="The mean final score of the deciding player.")
    spread = serializers.FloatField(help_text="The standard deviation over the rollouts.")
    rollouts = serializers.IntegerField(help_text="How many rollouts the estimate is made of.")


class AnalysedDecision(serializers.Serializer):
    move = serializers.IntegerField(help_text="The number of the move in the game's log.")
    turn = serializers.IntegerField(allow_null=True, help_text="The turn it was made in.")
    player = serializers.CharField(help_text="The deciding seat's player id.")
    played = AnalysedMove(help_text="The move made.")
    choice = AnalysedMove(help_text="The Strong bot's choice from the player's own view.")
    same = serializers.BooleanField(help_text="Whether the bot chose the move made.")
    played_points = PointsEstimate()
    choice_points = PointsEstimate()
    gain = serializers.FloatField(
        help_text="The bot's choice less the move made, in expected final points: above 0, "
        "the move made cost that much."
    )
    gain_error = serializers.FloatField(
        allow_null=True, help_text="The standard error of `gain` (null from one rollout)."
    )
    sure = serializers.BooleanField(help_text="`gain` is more than twice its error away from 0.")
    scores = serializers.DictField(
        child=serializers.FloatField(),
        help_text="Every player's expected final score after the move made, as the deciding "
        "player saw the game then (player id: points).",
    )


class KeyMoment(serializers.Serializer):
    move = serializers.IntegerField(help_text="The move's number: `replay/?move=` shows it.")
    turn = serializers.IntegerField(allow_null=True)
    player = serializers.CharField()
    sentence = serializers.CharField(help_text="The moment in words, in your language.")
    sureness = serializers.CharField(help_text="How sure the estimate is, in words.")


class AnalysedPlayer(serializers.Serializer):
    player = serializers.CharField(help_text="The player id the decisions name.")
    name = serializers.CharField(help_text="The seat's username (a bot's name for a bot).")
    final_score = serializers.IntegerField(allow_null=True)


class GameAnalysisOut(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=STATUSES,
        help_text="`none` until someone asks for it (POST), then `queued`, `running`, "
        "`done` (or `failed`: ask again).",
    )
    decisions_done = serializers.IntegerField()
    decisions_total = serializers.IntegerField(help_text="0 until the task has started.")
    bot_budget = serializers.IntegerField(
        help_text="The Strong bot's simulated actions per decision."
    )
    rollouts = serializers.IntegerField(help_text="Rollouts of each move to the game's end.")
    finished_at = serializers.DateTimeField(allow_null=True)
    players = AnalysedPlayer(many=True)
    decisions = AnalysedDecision(many=True, help_text="Every decision, in game order (done).")
    moments = KeyMoment(many=True, help_text="The key moments, in game order (done).")
