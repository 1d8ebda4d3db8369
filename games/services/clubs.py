"""Clubs: create one, invite to it, join and leave it, run its members, its chat; follow
players. The only writers of clubs.

Decisions:
- The creator is the owner. An owner or an admin invites and removes members; only the
  owner makes or unmakes admins. The owner is never removed.
- The owner leaving hands the club to the longest-standing admin (else member); the last
  member cannot leave (the club would have no one to run it).
- A member entered in a season that has not finished cannot leave or be removed: the
  season's tables count on them.
- Whoever holds the club's link may join, even an invite-only club; a named invitation
  does the same for its invitee. A full club takes no one.
- An owner or an admin renews the link (the old one stops at once) and withdraws a named
  invitation. Removing a member renews the link, so no link they held lets them back in.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from games.live.poll import access_end_on_commit
from games.mail.keys import club_invitation_key
from games.mail.outbox import record
from games.models import (
    Club,
    ClubInvitation,
    ClubMember,
    ClubMessage,
    ClubRole,
    Follow,
    SeasonMember,
    SeasonStatus,
)
from games.models import NotificationKind as Kind
from games.models.clubs import MAX_CLUB_MEMBERS, new_club_token
from games.models.secret_tokens import same_secret
from games.refusals.errors import ClubFull, ClubNotFound, InvalidSettings, NotAllowed

CHAT_MAX = 500


def _locked_club(club_id: int | str) -> Club:
    try:
        return Club.objects.select_for_update().get(pk=int(club_id))
    except (Club.DoesNotExist, TypeError, ValueError, OverflowError):
        raise ClubNotFound() from None


def _membership(club: Club, user: User) -> ClubMember:
    """The user's membership; a stranger to an invite-only club learns nothing of it."""
    member = ClubMember.objects.filter(club=club, user_id=user.pk).first()
    if member is None:
        if club.invite_only:
            raise ClubNotFound()
        raise NotAllowed(_("Only the club's members can do that."))
    return member


def _manager(club: Club, user: User) -> ClubMember:
    member = _membership(club, user)
    if not member.manages:
        raise NotAllowed(_("Only the club's owner and admins can do that."))
    return member


def club_create(
    *,
    creator: User,
    name: str,
    description: str = "",
    invite_only: bool = False,
    language: str = "en-gb",
    max_members: int = MAX_CLUB_MEMBERS,
) -> Club:
    name = " ".join((name or "").split())
    if not 3 <= len(name) <= 60:
        raise InvalidSettings(_("A club's name has 3 to 60 characters."))
    if len(description or "") > 2000:
        raise InvalidSettings(_("A club's description has at most 2,000 characters."))
    if language not in dict(settings.LANGUAGES):  # the field's choices
        raise InvalidSettings(_("Choose one of the languages on offer."))
    if not 2 <= int(max_members) <= MAX_CLUB_MEMBERS:
        raise InvalidSettings(_("A club takes 2 to %(most)d members.") % {"most": MAX_CLUB_MEMBERS})
    if Club.objects.filter(name__iexact=name).exists():
        raise InvalidSettings(_("A club of that name exists already: choose another name."))
    try:
        with transaction.atomic():
            club = Club.objects.create(
                name=name,
                description=description or "",
                invite_only=bool(invite_only),
                language=language,
                max_members=int(max_members),
            )
            ClubMember.objects.create(club=club, user=creator, role=ClubRole.OWNER)
    except IntegrityError:  # the same name, created a moment before
        raise InvalidSettings(
            _("A club of that name exists already: choose another name.")
        ) from None
    return club


def club_invite(*, club_id: int | str, inviter: User, usernames: list[str]) -> list[ClubInvitation]:
    """Invite registered players by username; an unknown name invites no one. Members
    already in the club are passed over."""
    with transaction.atomic():
        club = _locked_club(club_id)
        _manager(club, inviter)
        users = []
        for name in usernames:
            user = get_user_model().objects.filter(username__iexact=name, is_active=True).first()
            if user is None:
                raise InvalidSettings(_("There is no player named %(name)s.") % {"name": name})
            users.append(user)
        invited = []
        for user in users:
            if ClubMember.objects.filter(club=club, user=user).exists():
                continue
            invitation, created = ClubInvitation.objects.get_or_create(
                club=club, invitee=user, defaults={"inviter": inviter}
            )
            if created:  # told once, as a game's invitation is (mail, push, webhook)
                record(
                    user=user,
                    game=None,
                    kind=Kind.INVITATION,
                    key=club_invitation_key(
                        club_id=club.pk, invitation_id=invitation.pk, user_id=user.pk
                    ),
                )
            invited.append(invitation)
        return invited


def club_join(*, club_id: int | str, user: User, token: str | None = None) -> ClubMember:
    """Join a public club, or an invite-only one with its link or an invitation. Joining
    twice gives back the membership."""
    with transaction.atomic():
        club = _locked_club(club_id)
        mine = ClubMember.objects.filter(club=club, user=user).first()
        if mine is not None:
            return mine
        invitation = ClubInvitation.objects.filter(club=club, invitee=user).first()
        by_link = same_secret(token, club.invite_token)
        if club.invite_only and invitation is None and not by_link:
            raise ClubNotFound()
        if ClubMember.objects.filter(club=club).count() >= club.max_members:
            raise ClubFull()
        if invitation is not None:
            invitation.delete()
        return ClubMember.objects.create(club=club, user=user, role=ClubRole.MEMBER)


def club_link_renew(*, club_id: int | str, user: User) -> Club:
    """A new invitation link for the club; the old one leads nowhere from now on."""
    with transaction.atomic():
        club = _locked_club(club_id)
        _manager(club, user)
        _link_renew(club)
        return club


def _link_renew(club: Club) -> None:
    club.invite_token = new_club_token()
    club.save(update_fields=["invite_token"])


def club_invitation_withdraw(*, club_id: int | str, user: User, username: str) -> None:
    with transaction.atomic():
        club = _locked_club(club_id)
        _manager(club, user)
        deleted, _rows = ClubInvitation.objects.filter(
            club=club, invitee__username__iexact=str(username)
        ).delete()
        if not deleted:
            raise InvalidSettings(
                _("%(name)s has no invitation to this club.") % {"name": username}
            )


def club_invitation_decline(*, club_id: int | str, user: User) -> None:
    deleted, _rows = ClubInvitation.objects.filter(club_id=club_id, invitee=user).delete()
    if not deleted:
        raise ClubNotFound()


def _in_a_season(club: Club, user: User) -> bool:
    return SeasonMember.objects.filter(
        season__club=club,
        user=user,
        season__status__in=(SeasonStatus.UPCOMING, SeasonStatus.RUNNING),
    ).exists()


def club_leave(*, club_id: int | str, user: User) -> None:
    with transaction.atomic():
        club = _locked_club(club_id)
        mine = _membership(club, user)
        if _in_a_season(club, user):
            raise NotAllowed(
                _(
                    "You play in one of the club's seasons: you can leave the club once it "
                    "has finished."
                )
            )
        others = list(ClubMember.objects.filter(club=club).exclude(pk=mine.pk))
        if not others:
            raise NotAllowed(
                _("You are the club's last member: it would be left with no one to run it.")
            )
        if mine.role == ClubRole.OWNER:
            rank: dict[str, int] = {ClubRole.ADMIN: 0, ClubRole.MEMBER: 1}
            heir = min(others, key=lambda m: (rank.get(m.role, 2), m.joined_at, m.pk))
            heir.role = ClubRole.OWNER
            heir.save(update_fields=["role"])
        mine.delete()
        access_end_on_commit(user_id=user.pk)


def _other_member(club: Club, username: str) -> ClubMember:
    member = (
        ClubMember.objects.filter(club=club, user__username__iexact=str(username))
        .select_related("user")
        .first()
    )
    if member is None:
        raise InvalidSettings(_("%(name)s is not a member of this club.") % {"name": username})
    return member


def club_member_remove(*, club_id: int | str, user: User, username: str) -> None:
    with transaction.atomic():
        club = _locked_club(club_id)
        me = _manager(club, user)
        member = _other_member(club, username)
        if member.pk == me.pk:
            raise NotAllowed(_("To leave the club, use Leave."))
        if member.role == ClubRole.OWNER or (
            member.role == ClubRole.ADMIN and me.role != ClubRole.OWNER
        ):
            raise NotAllowed(_("Only the owner can remove an admin; no one removes the owner."))
        if _in_a_season(club, member.user):
            raise NotAllowed(
                _("%(name)s plays in one of the club's seasons: wait until it has finished.")
                % {"name": member.user.username}
            )
        member.delete()
        _link_renew(club)
        access_end_on_commit(user_id=member.user_id)


def club_member_set_role(*, club_id: int | str, user: User, username: str, role: str) -> ClubMember:
    """The owner makes a member an admin, or an admin a member again."""
    if role not in (ClubRole.ADMIN, ClubRole.MEMBER):
        raise InvalidSettings(_("A member is an admin or a member."))
    with transaction.atomic():
        club = _locked_club(club_id)
        me = _membership(club, user)
        if me.role != ClubRole.OWNER:
            raise NotAllowed(_("Only the club's owner can make or unmake admins."))
        member = _other_member(club, username)
        if member.role == ClubRole.OWNER:
            raise NotAllowed(_("The owner stays the owner."))
        member.role = role
        member.save(update_fields=["role"])
        return member


def club_chat_post(*, club_id: int | str, user: User, text: str) -> ClubMessage:
    text = (text or "").strip()
    if not text:
        raise InvalidSettings(_("Write something first."))
    if len(text) > CHAT_MAX:
        raise InvalidSettings(_("A message has at most %(most)d characters.") % {"most": CHAT_MAX})
    with transaction.atomic():
        club = _locked_club(club_id)
        _membership(club, user)
        message = ClubMessage.objects.create(club=club, author=user, text=text)
        Club.objects.filter(pk=club.pk).update(chat_version=F("chat_version") + 1)
        return message


def follow_add(*, follower: User, username: str) -> Follow:
    followed = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
    if followed is None:
        raise InvalidSettings(_("There is no player named %(name)s.") % {"name": username})
    if followed.pk == follower.pk:
        raise InvalidSettings(_("You cannot follow yourself."))
    follow, _created = Follow.objects.get_or_create(follower=follower, followed=followed)
    return follow


def follow_remove(*, follower: User, username: str) -> None:
    Follow.objects.filter(follower=follower, followed__username__iexact=username).delete()
