"""Invitations as their readers see them: a user's still to answer, one to a game, a game's
invited players."""

from django.db.models import CharField, Count, Value

from games.models import Game, GameStatus, Invitation, InvitationStatus
from games.selectors.clubs import club_invitation_list_pending


def invitation_list_pending(*, user):
    """The user's invitations still to answer, to games still open."""
    if not user.is_authenticated:
        return Invitation.objects.none()
    return (
        Invitation.objects.filter(
            invitee=user, status=InvitationStatus.PENDING, game__status=GameStatus.OPEN
        )
        .select_related("game", "inviter")
        .order_by("-created_at")
    )


def invitation_to(*, game_id, user) -> Invitation | None:
    """The user's invitation to this game still to answer, or None (selector for the game's
    address opened by an invitee who has not answered: they see the invitation)."""
    if not user.is_authenticated:
        return None
    return (
        Invitation.objects.filter(game_id=game_id, invitee=user, status=InvitationStatus.PENDING)
        .select_related("inviter")
        .first()
    )


def invitation_list(*, game: Game) -> list[Invitation]:
    """Who was invited to the game and has not taken a seat: still to answer, or declined
    (selector for the waiting game's page), oldest first."""
    seated = game.seats.values("user_id")
    answers = [InvitationStatus.PENDING, InvitationStatus.DECLINED]
    return list(
        game.invitations.filter(status__in=answers)
        .exclude(invitee_id__in=seated)
        .select_related("invitee")
        .order_by("created_at", "pk")
    )


def invitation_counts_pending(*, user) -> dict[str, int]:
    """{"game": invitations to games still to answer, "club": to clubs}, in one query (the
    header shows both on every page, the game page among them)."""

    def counted(queryset, kind: str):
        return (
            queryset.order_by()
            .values("invitee_id")
            .annotate(kind=Value(kind, output_field=CharField()), n=Count("pk"))
            .values_list("kind", "n")
        )

    games = counted(invitation_list_pending(user=user), "game")
    clubs = counted(club_invitation_list_pending(user=user).select_related(None), "club")
    return {"game": 0, "club": 0, **dict(games.union(clubs, all=True).order_by())}
