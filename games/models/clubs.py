"""Clubs: a group's own place (members with roles, invitations, chat), the players one
follows, and the club's leagues (seasons, their members and byes)."""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import pgettext_lazy

from .game import DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS

# A club holds at most this many members unless its owner sets fewer.
MAX_CLUB_MEMBERS = 200


def new_club_token() -> str:
    return secrets.token_urlsafe(16)


class ClubRole(models.TextChoices):
    OWNER = "owner", pgettext_lazy("club role", "Owner")
    ADMIN = "admin", pgettext_lazy("club role", "Admin")
    MEMBER = "member", pgettext_lazy("club role", "Member")


class Club(models.Model):
    name = models.CharField(max_length=60, unique=True)
    description = models.TextField(max_length=2000, blank=True)
    # Invite-only: a stranger neither sees it listed nor learns anything from its page.
    invite_only = models.BooleanField(default=False)
    language = models.CharField(max_length=8, choices=settings.LANGUAGES, default="en-gb")
    max_members = models.PositiveIntegerField(
        default=MAX_CLUB_MEMBERS,
        validators=[MinValueValidator(2), MaxValueValidator(MAX_CLUB_MEMBERS)],
    )
    # The club's invitation link: whoever has it may join, even an invite-only club.
    invite_token = models.CharField(max_length=32, default=new_club_token, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    chat_version = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class ClubMember(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_memberships"
    )
    role = models.CharField(max_length=8, choices=ClubRole.choices, default=ClubRole.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club", "joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.club}"

    @property
    def manages(self) -> bool:
        return self.role in (ClubRole.OWNER, ClubRole.ADMIN)


class ClubInvitation(models.Model):
    """A named player invited to a club; joining (or declining) answers it."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_invitations"
    )
    inviter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "invitee"], name="one_club_invitation"),
        ]

    def __str__(self) -> str:
        return f"{self.invitee} invited to {self.club}"


class ClubMessage(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="messages")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.author} in {self.club}: {self.text[:30]}"


class Follow(models.Model):
    """One player follows another: their games show on the follower's lobby."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
        ]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"


class SeasonStatus(models.TextChoices):
    UPCOMING = "upcoming", pgettext_lazy("season status", "Upcoming")
    RUNNING = "running", pgettext_lazy("season status", "Under way")
    FINISHED = "finished", pgettext_lazy("season status", "Finished")


class Season(models.Model):
    """A club's league: rounds of tables paired by standings, games started by the site."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    # The maps the rounds are played on, in turn (round 1 the first, and so on).
    maps = models.JSONField(default=list)
    table_size = models.PositiveSmallIntegerField(
        default=4, validators=[MinValueValidator(2), MaxValueValidator(5)]
    )
    turn_seconds = models.PositiveIntegerField(
        default=DEFAULT_TURN_SECONDS,
        validators=[MinValueValidator(MIN_TURN_SECONDS), MaxValueValidator(MAX_TURN_SECONDS)],
    )
    rounds = models.PositiveSmallIntegerField(
        default=3, validators=[MinValueValidator(1), MaxValueValidator(30)]
    )
    starts_at = models.DateTimeField()
    status = models.CharField(
        max_length=16, choices=SeasonStatus.choices, default=SeasonStatus.UPCOMING
    )
    current_round = models.PositiveSmallIntegerField(default=0)  # 0: not begun
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-pk"]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


class SeasonMember(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="members")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="one_entry_per_season"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.season}"


class SeasonBye(models.Model):
    """A member who sat a round out (too few for another table): they score a bye."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="byes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    round = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "user", "round"], name="one_bye_a_round"),
        ]

    def __str__(self) -> str:
        return f"{self.user}: bye in round {self.round} of {self.season}"
