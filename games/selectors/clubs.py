"""Clubs as a user may see them: an invite-only club is visible to its members, to the
players it invited and to whoever holds its link; to anyone else it does not exist
(ClubNotFound, as for a club that was never made)."""

from django.db.models import Count, Q

from games.models import Club, ClubInvitation, ClubMember, ClubMessage, Follow, Game
from games.models.game import ACTIVE_STATUSES
from games.models.secret_tokens import same_secret
from games.refusals.errors import ClubNotFound
from games.selectors.access import game_with_seats

CHAT_SHOWN = 50
FINISHED_SHOWN = 20


def _uid(user):
    return user.pk if user is not None and user.is_authenticated else None


def club_list_visible(*, user):
    """Public clubs and the user's own, with `member_count`, by name."""
    rule = Q(invite_only=False)
    if _uid(user):
        rule |= Q(members__user_id=_uid(user))
    return Club.objects.filter(rule).distinct().annotate(member_count=Count("members"))


def club_list_mine(*, user):
    if not _uid(user):
        return Club.objects.none()
    return Club.objects.filter(members__user_id=_uid(user))


def club_get_visible(*, club_id, user, token: str | None = None) -> Club:
    """The club if `user` may see it (an invite-only club's link in `token` opens it)."""
    try:
        club = Club.objects.get(pk=int(club_id))
    except (Club.DoesNotExist, TypeError, ValueError, OverflowError):
        raise ClubNotFound() from None
    if not club.invite_only or same_secret(token, club.invite_token):
        return club
    uid = _uid(user)
    if uid and (
        ClubMember.objects.filter(club=club, user_id=uid).exists()
        or ClubInvitation.objects.filter(club=club, invitee_id=uid).exists()
    ):
        return club
    raise ClubNotFound()


def club_get_by_token(*, token: str) -> Club:
    club = Club.objects.filter(invite_token=str(token)).first()
    if club is None:
        raise ClubNotFound()
    return club


def club_membership_get(*, club, user) -> ClubMember | None:
    if not _uid(user):
        return None
    return ClubMember.objects.filter(club=club, user_id=_uid(user)).first()


def club_member_list(*, club):
    """Owner first, then admins, then members, each by when they joined."""
    members = list(ClubMember.objects.filter(club=club).select_related("user"))
    rank = {"owner": 0, "admin": 1, "member": 2}
    return sorted(members, key=lambda m: (rank[m.role], m.joined_at, m.pk))


def club_games(*, club, status_in):
    return game_with_seats(queryset=Game.objects.filter(club=club, status__in=status_in))


def club_game_lists(*, club) -> dict:
    """The club's games under way and its latest finished ones (open ones too)."""
    return {
        "open": list(club_games(club=club, status_in=["open"]).order_by("-created_at")),
        "active": list(club_games(club=club, status_in=ACTIVE_STATUSES).order_by("-started_at")),
        "finished": list(
            club_games(club=club, status_in=["finished", "aborted"]).order_by("-finished_at")[
                :FINISHED_SHOWN
            ]
        ),
    }


def club_message_list(*, club):
    """The club chat's latest messages, oldest first."""
    latest = ClubMessage.objects.filter(club=club).select_related("author").order_by("-pk")
    return list(reversed(latest[:CHAT_SHOWN]))


def club_invitation_list_open(*, club):
    """The club's named invitations not yet answered, by invitee, for its owner and admins."""
    return list(
        ClubInvitation.objects.filter(club=club)
        .select_related("invitee")
        .order_by("invitee__username")
    )


def club_invitation_list_pending(*, user):
    if not _uid(user):
        return ClubInvitation.objects.none()
    return ClubInvitation.objects.filter(invitee_id=_uid(user)).select_related("club", "inviter")


def follow_list(*, user) -> list[int]:
    """The ids of the players the user follows."""
    if not _uid(user):
        return []
    return list(Follow.objects.filter(follower_id=_uid(user)).values_list("followed_id", flat=True))


def follow_exists(*, follower, followed) -> bool:
    return (
        bool(_uid(follower))
        and Follow.objects.filter(follower_id=_uid(follower), followed=followed).exists()
    )
