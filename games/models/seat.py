"""A player's place at a game."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _


class BotLevel(models.TextChoices):
    """The bots' levels a seat can be played at (games/bots names them the same)."""

    BEGINNER = "beginner", _("Beginner")
    CASUAL = "casual", _("Casual")
    STRONG = "strong", _("Strong")


class Seat(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    order = models.PositiveSmallIntegerField()
    color = models.CharField("player colour", max_length=16)
    joined_at = models.DateTimeField(auto_now_add=True)
    forfeited_at = models.DateTimeField(null=True, blank=True)
    # Left of their own will (resigned) rather than by running out of time; a forfeit
    # all the same, for the game and the ratings.
    resigned = models.BooleanField(default=False)
    final_score = models.IntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)
    # Kept by the game services: this seat must act before the game's deadline (its turn,
    # or its opening ticket choice). Lets the header count and the deadline sweep use one
    # cheap query instead of reading every game's state.
    to_move = models.BooleanField(default=False)
    # The seat's clock, kept by games/services/clock.py: when it is forfeited if it has not
    # acted (null unless to_move), the extra time given for this turn, the time bank left.
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    extra_seconds = models.PositiveIntegerField(default=0)
    bank_left_seconds = models.PositiveIntegerField(default=0)
    # A bot plays this seat: from the start (the seat's user is that bot's account), or
    # since its player left a game whose creator chose that a bot takes over (the seat is
    # then forfeited for its player, and the bot plays its hand and tickets on).
    bot_level = models.CharField(max_length=16, choices=BotLevel.choices, blank=True, default="")
    # The player has muted this game's chat: not shown to them, not in their mails.
    chat_muted = models.BooleanField(default=False)
    # The turn (its start) for which this player last gave the player to move more time.
    gave_time_for_turn = models.DateTimeField(null=True, blank=True)
    # The player took this seat by their own act (created, joined, accepted). False only
    # for a seat staff gave them (a tournament's position) until they make a move in it:
    # until then the game counts for neither their karma nor their ratings.
    joined_by_self = models.BooleanField(default=True)
    # The seat has standing orders waiting for its next turn (games.models.orders): read with
    # the seats a move locks, so a move by hand drops them, and a turn that begins plays
    # them, without a query of their own for everyone else.
    orders_standing = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["game", "order"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_seat_per_user"),
            models.UniqueConstraint(fields=["game", "order"], name="unique_seat_order"),
            models.UniqueConstraint(fields=["game", "color"], name="unique_seat_color"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in game #{self.game_id}"

    @property
    def player_id(self) -> str:
        """The opaque player name the rules engine knows this seat by."""
        return str(self.pk)

    @property
    def forfeited(self) -> bool:
        return self.forfeited_at is not None

    @property
    def is_bot(self) -> bool:
        """A bot's seat from the start (its user is a bot's account)."""
        return bool(self.bot_level) and self.forfeited_at is None

    @property
    def taken_over(self) -> bool:
        """Its player left, and a bot plays the seat on."""
        return bool(self.bot_level) and self.forfeited_at is not None

    @property
    def shown_name(self) -> str:
        """The name pages show: a bot's in the reader's language ("Casual bot 2"), else the
        username."""
        if not self.is_bot:
            return self.user.username
        number = self.user.username.rsplit(" ", 1)[-1]
        return f"{self.bot_label} {number}" if number.isdigit() else self.bot_label

    @property
    def bot_label(self) -> str:
        """ "Casual bot" for the level playing this seat, else ""."""
        return bot_label(self.bot_level) if self.bot_level else ""


def bot_label(level: str) -> str:
    return gettext("%(level)s bot") % {"level": BotLevel(level).label}
