"""Invitations by name and rematches: the only writers of invitations.

Decisions:
- Only a seated player invites, only to an open game, only registered usernames (case
  as typed does not matter); an unknown name is refused and nothing is sent.
- An invitee accepts (a seat, private game or not: the invitation is the key) or declines.
  Inviting a player twice is harmless. Each new invitation is mailed (outbox, after commit).
- A game from a position (services/scenario_start.py) keeps a seat for each person it
  names: each is invited to that seat, and the game starts when the last one accepts. One
  who declines, or lets the invitation lapse, calls the game off (deleted: it has no moves,
  and it cannot start without them); the other invitations go with it.
- An invitation not answered within INVITATION_LAPSE (a week) lapses (the sweep).
- Rematch: once a game is over any of its players asks for the rematch; the first ask
  creates it (same map, seats, time per move, time bank, vacations, privacy, rating), with
  the asker in the first seat and the others invited; a later ask finds that same game.
"""

from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.mail.keys import invitation_key
from games.mail.outbox import record
from games.models import Game, GameStatus, Invitation, InvitationStatus
from games.models import NotificationKind as Kind
from games.models.invitation import INVITATION_LAPSE
from games.refusals.errors import GameNotActive, InvalidSettings, NotAllowed, NotAPlayer

from .bots import seat_bot_locked
from .lobby import game_create_locked, game_join_locked, game_start_locked
from .locking import game_lock

MAX_INVITED = 4


def parse_usernames(*, text: str) -> list[str]:
    """ "bob, cy dee" → ["bob", "cy", "dee"], once each, in order."""
    names: list[str] = []
    for name in (text or "").replace(",", " ").split():
        if name.lower() not in [n.lower() for n in names]:
            names.append(name)
    return names


def game_invite(*, game_id: int, inviter: User, usernames: list[str]) -> list[Invitation]:
    """Invite registered players by username to an open game the inviter sits at."""
    with transaction.atomic(durable=True):
        return game_invite_locked(
            game=game_lock(game_id=game_id), inviter=inviter, usernames=usernames
        )


def game_invite_locked(*, game: Game, inviter: User, usernames: list[str]) -> list[Invitation]:
    """game_invite on a game the caller's transaction has locked."""
    users = get_user_model().objects
    wanted = [name.strip().lstrip("@") for name in usernames if name and name.strip()]
    if len(wanted) > MAX_INVITED:
        raise InvalidSettings(_("Invite at most %(n)d players at once.") % {"n": MAX_INVITED})
    found = {u.username.lower(): u for u in users.filter(username__in=wanted)}
    found |= {
        u.username.lower(): u
        for name in wanted
        if name.lower() not in found
        for u in users.filter(username__iexact=name)[:1]
    }
    unknown = [name for name in wanted if name.lower() not in found]
    if unknown:
        raise InvalidSettings(_("No player is called %(names)s.") % {"names": ", ".join(unknown)})
    seated = set(game.seats.values_list("user_id", flat=True))
    if inviter.pk not in seated:
        raise NotAPlayer()
    if game.status != GameStatus.OPEN:
        raise GameNotActive(_("Players can be invited only before the game starts."))
    if game.start is not None:
        raise NotAllowed(_("A game from a position seats only the players it names."))
    return [
        invitation_send_locked(game=game, inviter=inviter, user=user)
        for user in found.values()
        if user.pk not in seated
    ]


def invitation_send_locked(
    *, game: Game, inviter: User, user: User, seat_order: int | None = None
) -> Invitation:
    """Invite `user` to the open game the caller has locked (to the seat `seat_order` of a
    game from a position), mailed once; inviting twice finds the first invitation."""
    invitation, created = Invitation.objects.get_or_create(
        game=game, invitee=user, defaults={"inviter": inviter, "seat_order": seat_order}
    )
    if created:
        record(
            user=user,
            game=game,
            kind=Kind.INVITATION,
            key=invitation_key(game_id=game.pk, user_id=user.pk),
        )
    return invitation


def game_create_inviting(*, creator: User, invite: list[str], **settings: Any) -> Game:
    """game_create, then the named players invited; an unknown name creates nothing."""
    with transaction.atomic(durable=True):
        game = game_create_locked(creator=creator, **settings)
        if invite:
            game_invite_locked(game=game_lock(game_id=game.pk), inviter=creator, usernames=invite)
    return game


def _pending(invitation_id: int | str, user: User | AnonymousUser) -> Invitation:
    try:
        invitation = Invitation.objects.select_related("game").get(
            pk=int(invitation_id), invitee_id=user.pk if user.is_authenticated else None
        )
    except (Invitation.DoesNotExist, TypeError, ValueError, OverflowError):
        raise NotAPlayer() from None
    if invitation.status != InvitationStatus.PENDING:
        raise NotAllowed(_("You have answered this invitation already."))
    return invitation


def invitation_accept(*, invitation_id: int | str, user: User) -> Invitation:
    """Take the seat the invitation offers (the game may have filled or started meanwhile)."""
    with transaction.atomic(durable=True):
        invitation = _pending(invitation_id, user)
        seat = game_join_locked(
            locked=game_lock(game_id=invitation.game_id),
            user=user,
            invite_token=invitation.game.invite_token,
        )
        invitation.game = seat.game  # the game as the join left it
        invitation.status = InvitationStatus.ACCEPTED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
    return invitation


def invitation_decline(*, invitation_id: int | str, user: User | AnonymousUser) -> Invitation:
    """Say no. A game from a position that named this player is called off."""
    with transaction.atomic(durable=True):
        game = game_lock(game_id=_pending(invitation_id, user).game_id)
        invitation = _pending(invitation_id, user)  # as it is under the game's lock
        invitation.status = InvitationStatus.DECLINED
        invitation.answered_at = timezone.now()
        invitation.save(update_fields=["status", "answered_at"])
        _call_off_if_waiting(game)
    return invitation


def invitation_lapse_due(*, now: datetime) -> int:
    """Lapse every invitation left unanswered for INVITATION_LAPSE, calling off the games
    from a position that waited for it. Safe to run twice. Returns how many lapsed."""
    due = Invitation.objects.filter(
        status=InvitationStatus.PENDING, created_at__lte=now - INVITATION_LAPSE
    ).values_list("pk", "game_id")
    lapsed = 0
    for invitation_id, game_id in list(due):
        with transaction.atomic(durable=True):
            game = Game.objects.select_for_update().filter(pk=game_id).first()
            if game is None:
                continue  # called off by another lapse meanwhile
            lapsed += Invitation.objects.filter(
                pk=invitation_id, status=InvitationStatus.PENDING
            ).update(status=InvitationStatus.LAPSED, answered_at=now)
            _call_off_if_waiting(game)
    return lapsed


def _call_off_if_waiting(game: Game) -> None:
    """A game from a position still waiting for the players it names cannot start without
    one who said no (or never answered): it goes, with its seats and invitations."""
    if game.start is not None and game.status == GameStatus.OPEN:
        game.delete()


def game_rematch(*, game_id: int, user: User) -> Game:
    """The rematch of a game that is over: created by the first player to ask, found by the
    others."""
    with transaction.atomic(durable=True):
        game = game_lock(game_id=game_id)
        seats = list(game.seats.select_related("user").order_by("order"))
        if user.pk not in {seat.user_id for seat in seats}:
            raise NotAPlayer()
        if not game.is_over:
            raise GameNotActive(_("A rematch can be asked for once the game is over."))
        existing = Game.objects.filter(rematch_of=game).first()
        if existing is not None:
            return existing
        rematch = game_create_locked(
            creator=user,
            map_id=game.map_id,
            max_players=len(seats),
            turn_seconds=game.turn_seconds,
            is_private=game.is_private,
            rated=game.rated,
            bank_seconds=game.bank_seconds,
            allow_vacations=game.allow_vacations,
            bot_takeover=game.bot_takeover,
        )
        rematch.rematch_of = game
        try:
            rematch.save(update_fields=["rematch_of"])
        except IntegrityError:  # pragma: no cover - the row lock makes this unreachable
            raise GameNotActive() from None
        # The bots take their seats again at once; the people are invited.
        for seat in seats:
            if seat.is_bot:
                seat_bot_locked(game=rematch, level=seat.bot_level)
        if rematch.seats.count() >= rematch.max_players:
            game_start_locked(game=rematch)
    others = [seat.user.username for seat in seats if seat.user_id != user.pk and not seat.is_bot]
    if others:
        game_invite(game_id=rematch.pk, inviter=user, usernames=others)
    return rematch


def invitation_withdraw(*, invitation_id: int | str, user: User) -> int:
    """The game's creator (or whoever sent it) takes back an invitation not yet answered:
    the invitee's Accept then finds none. The game's id."""
    with transaction.atomic():
        try:
            invitation = (
                Invitation.objects.select_for_update()
                .select_related("game")
                .get(pk=int(invitation_id))
            )
        except (Invitation.DoesNotExist, TypeError, ValueError, OverflowError):
            raise NotAPlayer() from None
        if user.pk not in (invitation.game.creator_id, invitation.inviter_id):
            raise NotAPlayer()
        if invitation.status != InvitationStatus.PENDING:
            raise NotAllowed(_("This invitation has been answered already."))
        if invitation.seat_order is not None:
            # A position's seat is this person's alone: its creator calls the game off instead.
            raise NotAllowed(_("This game starts when every player it names has accepted."))
        invitation.delete()
        return invitation.game_id
