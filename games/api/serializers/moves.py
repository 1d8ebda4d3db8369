"""One turn of a game's move log: public by construction (built from the moves' events)."""

from rest_framework import serializers


class MoveEntry(serializers.Serializer):
    turn = serializers.IntegerField(
        help_text="The turn's number in the game, as the engine counts them: 1 is the opening "
        "(every player keeps tickets at once), then one player's whole turn each."
    )
    number = serializers.IntegerField(help_text="The number of the turn's last move.")
    moves = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The numbers of the turn's moves: two for a turn of two card draws, one for "
        "each player in the opening.",
    )
    player = serializers.CharField(
        allow_null=True,
        help_text="Username of the seat that made the turn's first move (or forfeited).",
    )
    action_type = serializers.CharField(
        help_text="The type of the turn's first move, e.g. `claim_route`, `forfeit`."
    )
    sentences = serializers.ListField(
        child=serializers.CharField(),
        help_text="The turn's log line in parts, as the game page shows it: a turn's two card "
        "draws in one sentence; whose turn it is next is not told.",
    )
    line = serializers.CharField(
        help_text='The log line as one text: the sentences joined with "; ".'
    )
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="The engine's public events of the turn's moves (a blind draw never names "
        "its card), each with the `turn` it happened in.",
    )
    created_at = serializers.DateTimeField(help_text="When the turn's last move was made.")
