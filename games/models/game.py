"""A game: its lobby settings, its lifecycle, and the engine state it is in now."""

import secrets
from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import pgettext_lazy

from games.words.names import MAP_NAMES

MIN_TURN_SECONDS = 60 * 60
MAX_TURN_SECONDS = 7 * 24 * 60 * 60
DEFAULT_TURN_SECONDS = 2 * 24 * 60 * 60
MAX_BANK_SECONDS = 7 * 24 * 60 * 60
DAY_SECONDS = 24 * 60 * 60
# The time banks a game may be created with: none, or a reserve of 1, 3 or 7 days.
BANK_CHOICES = (0, DAY_SECONDS, 3 * DAY_SECONDS, MAX_BANK_SECONDS)


class MapChoice(models.TextChoices):
    USA = "usa", MAP_NAMES["usa"]
    EUROPE = "europe", MAP_NAMES["europe"]


class GameStatus(models.TextChoices):
    OPEN = "open", pgettext_lazy("game status", "Open")
    CHOOSING = "choosing", pgettext_lazy("game status", "Choosing tickets")
    PLAYING = "playing", pgettext_lazy("game status", "Playing")
    FINISHED = "finished", pgettext_lazy("game status", "Finished")
    ABORTED = "aborted", pgettext_lazy("game status", "Aborted")


ACTIVE_STATUSES = (GameStatus.CHOOSING, GameStatus.PLAYING)  # started, not over
OVER_STATUSES = (GameStatus.FINISHED, GameStatus.ABORTED)


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def new_seed() -> int:
    return secrets.randbits(62)


class Game(models.Model):
    map_id = models.CharField("map", max_length=16, choices=MapChoice.choices)
    status = models.CharField(
        max_length=16, choices=GameStatus.choices, default=GameStatus.OPEN, db_index=True
    )
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="created_games"
    )
    max_players = models.PositiveSmallIntegerField(
        default=4, validators=[MinValueValidator(2), MaxValueValidator(5)]
    )
    turn_seconds = models.PositiveIntegerField(
        "time per move (seconds)",
        default=DEFAULT_TURN_SECONDS,
        validators=[MinValueValidator(MIN_TURN_SECONDS), MaxValueValidator(MAX_TURN_SECONDS)],
    )
    is_private = models.BooleanField(default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    rated = models.BooleanField(default=True)
    # When a player forfeits (time or resignation): a bot plays their seat on (True), or the
    # seat is skipped (False). Chosen at creation; by default a bot in games of 3+ players.
    bot_takeover = models.BooleanField("a bot takes over a player who leaves", default=False)
    # Off for fast games: a player's vacation then does not stop their clock here.
    allow_vacations = models.BooleanField("vacations stop the clock", default=True)
    # A reserve each player's clock runs into once a move's time is used up; 0: none.
    bank_seconds = models.PositiveIntegerField(
        "time bank (seconds)", default=0, validators=[MaxValueValidator(MAX_BANK_SECONDS)]
    )
    seed = models.BigIntegerField(default=new_seed)
    # The scenario (docs/scenarios.md, player names = seat ids) the game started from:
    # an uploaded position or another game's replay. Null: the normal deal from `seed`.
    # Secret like `state` (it lays out the piles) until the game is over.
    start = models.JSONField(null=True, blank=True, editable=False)

    # A newcomer's first game, against the Beginner bot: only here does the table give hints at
    # each turn (what each kind of move does, which routes serve the player's tickets).
    first_game = models.BooleanField("a first game with hints", default=False)
    # A club's game: only its members may join. A league's game: started by the site for
    # one round of a season (club and season both set).
    club = models.ForeignKey(
        "games.Club", on_delete=models.SET_NULL, null=True, blank=True, related_name="games"
    )
    season = models.ForeignKey(
        "games.Season", on_delete=models.CASCADE, null=True, blank=True, related_name="games"
    )
    season_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # Who may join an open game: at least this karma (percent) and this shown rating.
    min_karma = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(100)]
    )
    min_rating = models.PositiveSmallIntegerField(null=True, blank=True)
    # The language the table speaks (the lobby filters on it); blank: any.
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, blank=True, default="")

    # The finished game this one is the rematch of (one rematch per game).
    rematch_of = models.OneToOneField(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="rematch"
    )

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    # Bumped by every accepted move; a post made against an older version is stale.
    version = models.PositiveIntegerField(default=0)
    # Bumped by every chat message: open pages refresh their chat, and no move goes stale.
    chat_version = models.PositiveIntegerField(default=0)
    # The engine's State.to_dict(); never sent to a browser (player_view is).
    state = models.JSONField(null=True, blank=True, editable=False)
    # When the first of the player(s) to move now runs out of time (each seat has its own).
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    turn_started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_map_id_display()} ({self.get_status_display()})"

    @property
    def turn_time(self) -> timedelta:
        return timedelta(seconds=self.turn_seconds)

    @property
    def is_active(self) -> bool:
        return self.status in ACTIVE_STATUSES

    @property
    def is_over(self) -> bool:
        return self.status in OVER_STATUSES
