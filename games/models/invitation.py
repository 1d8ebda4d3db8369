"""An invitation by name to an open game (from the game form, a rematch, or a game from a
position that names its players)."""

from datetime import timedelta

from django.conf import settings
from django.db import models

# An invitation not answered this long lapses (the sweep): a week, the longest time per
# move, so a player who reads their mail once a week still answers in time.
INVITATION_LAPSE = timedelta(days=7)


class InvitationStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    ACCEPTED = "accepted", "Accepted"
    DECLINED = "declined", "Declined"
    # Not answered within INVITATION_LAPSE (the sweep's lapse_invitations).
    LAPSED = "lapsed", "Lapsed"


class Invitation(models.Model):
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="invitations")
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent"
    )
    status = models.CharField(
        max_length=16, choices=InvitationStatus.choices, default=InvitationStatus.PENDING
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    # A game from a position keeps a place for each player it names: the seat's order
    # (the scenario's player) this invitee takes on accepting. Null: the next free seat.
    seat_order = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["game", "invitee"], name="one_invitation_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.invitee} invited to game #{self.game_id} ({self.status})"

    @property
    def lapses_at(self):
        """When the invitation lapses if still unanswered."""
        return self.created_at + INVITATION_LAPSE
