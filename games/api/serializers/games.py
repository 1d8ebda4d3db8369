"""Games as the API lists and shows them, and the bodies that create and join them."""

from rest_framework import serializers

from games.models import BotLevel, GameStatus, MapChoice
from games.models.game import BANK_CHOICES, DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS
from games.services.lobby import MAX_PLAYERS, MIN_PLAYERS

from .strict import StrictBody
from .view import PlayerViewField


class GameSummary(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="This game in the API.")
    map = serializers.ChoiceField(choices=MapChoice.values)
    status = serializers.ChoiceField(choices=GameStatus.values)
    version = serializers.IntegerField(help_text="Bumped by every change; post moves with it.")
    creator = serializers.CharField(help_text="Username.")
    players = serializers.ListField(child=serializers.CharField(), help_text="Usernames.")
    max_players = serializers.IntegerField()
    turn_seconds = serializers.IntegerField(help_text="Time per move.")
    bank_seconds = serializers.IntegerField(
        help_text="The time bank each player started with (0: none)."
    )
    allow_vacations = serializers.BooleanField(
        help_text="A player's vacation stops their clock in this game."
    )
    is_private = serializers.BooleanField()
    rated = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="When the player(s) to move run out of time."
    )
    your_turn = serializers.BooleanField(help_text="You must act in this game now.")


class Seat(serializers.Serializer):
    player = serializers.CharField(help_text="The player id used in `view`.")
    username = serializers.CharField()
    color = serializers.CharField()
    order = serializers.IntegerField()
    to_move = serializers.BooleanField()
    forfeited = serializers.BooleanField()
    resigned = serializers.BooleanField(help_text="Forfeited by resigning (not by the clock).")
    bot = serializers.CharField(
        allow_null=True,
        help_text="The level of the bot that plays this seat (beginner, casual, strong): from "
        "the start (`username` is the bot's, e.g. `Casual bot`), or since its player left "
        "(`forfeited`); null for a person.",
    )
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="When this seat is out if it has not acted (time bank included)."
    )
    bank_left_seconds = serializers.IntegerField(
        help_text="Time bank left, as it stood when this seat's current turn began."
    )
    extra_seconds = serializers.IntegerField(help_text="More time given for the current turn.")
    away_until = serializers.DateField(
        allow_null=True, help_text="On vacation now (their clock stands still) until this day."
    )
    score = serializers.IntegerField(allow_null=True)
    trains = serializers.IntegerField(allow_null=True)
    stations_left = serializers.IntegerField(allow_null=True)
    card_count = serializers.IntegerField(allow_null=True)
    ticket_count = serializers.IntegerField(allow_null=True)
    place = serializers.IntegerField(allow_null=True, help_text="Final place, once finished.")
    karma = serializers.IntegerField(
        allow_null=True,
        help_text="The player's karma: percent of their last 50 finished games played to "
        "the end; null for a bot or a player with none yet.",
    )


class GameDetail(GameSummary):
    you = serializers.CharField(allow_null=True, help_text="Your player id; null: spectator.")
    seats = Seat(many=True)
    invite_token = serializers.CharField(
        allow_null=True,
        help_text="For players of a private game: others join with it. Null otherwise.",
    )
    ranking = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        allow_null=True,
        help_text="Usernames by final place (ties share a list), once the game is over.",
    )
    view = PlayerViewField(
        allow_null=True, help_text="What you may see of the game; null before start."
    )


class GameCreate(StrictBody):
    map = serializers.ChoiceField(choices=MapChoice.values)
    max_players = serializers.IntegerField(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS, default=4)
    turn_seconds = serializers.IntegerField(
        min_value=MIN_TURN_SECONDS, max_value=MAX_TURN_SECONDS, default=DEFAULT_TURN_SECONDS
    )
    is_private = serializers.BooleanField(default=False)
    rated = serializers.BooleanField(default=True)
    bank_seconds = serializers.ChoiceField(
        choices=BANK_CHOICES, default=0, help_text="Time bank: 0 (none), 1, 3 or 7 days."
    )
    allow_vacations = serializers.BooleanField(
        default=True, help_text="False for a fast game: vacations do not stop its clock."
    )
    bot_takeover = serializers.BooleanField(
        required=False,
        help_text="A bot plays on for a player who runs out of time or resigns (false: their "
        "seat is skipped). Left out: true for 3 or more seats.",
    )
    invite = serializers.ListField(
        child=serializers.CharField(max_length=150),
        default=list,
        max_length=4,
        help_text="Usernames to invite: each gets a mail and sees it in My games.",
    )


class VersionBody(StrictBody):
    version = serializers.IntegerField(help_text="The game's version you saw.")


class BotSeat(StrictBody):
    level = serializers.ChoiceField(
        choices=BotLevel.values, help_text="How well the bot plays: beginner, casual or strong."
    )


class GameJoin(StrictBody):
    invite_token = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=64,
        help_text="Needed for a private game.",
    )
