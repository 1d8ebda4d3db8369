"""What each mail says: subject, plain text and HTML, rendered from templates/emails/.

Everything is read at send time, so a mail sent late (the broker was down)
still tells the truth about the game; every time is in the recipient's zone.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import profile_for
from games.models import (
    ChatMessage,
    ClubInvitation,
    Game,
    GameStatus,
    Invitation,
    Notification,
    Seat,
)
from games.models import NotificationKind as Kind
from games.selectors.log import move_list, seat_last_move_number
from games.selectors.orders import orders_told, seat_orders_get
from games.words.game_log import turns_of
from games.words.names import list_text, ordinal

from .chat_lines import chat_lines
from .clock import local_time_text
from .keys import parse_key
from .picture import Picture, mail_pictures
from .unsubscribe import unsubscribe_headers, unsubscribe_url

MAX_SENTENCES = 40


@dataclass
class Mail:
    to: str
    subject: str
    text: str
    html: str
    headers: dict[str, str] = field(default_factory=dict)
    pictures: list[Picture] = field(default_factory=list)  # inline in the HTML part (cid:)


def game_login_link(game: Game) -> str:
    """One click to the game, through the login page: a signed-in player is sent straight
    on to ?next=, a signed-out one logs in first (a private game is invisible signed out)."""
    login = reverse("account_login")
    page = reverse("game_detail", args=[game.pk])
    return f"{settings.SITE_URL}{login}?{urlencode({'next': page})}"


def names_list(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    return list_text(names)


def seats_of(game: Game) -> list[Seat]:
    return list(game.seats.select_related("user").order_by("order"))


def opponents_text(seats: list[Seat], user) -> str:
    others = [seat for seat in seats if seat.user_id != user.pk]
    still_in = [seat for seat in others if not seat.forfeited] or others
    return names_list([seat.user.username for seat in still_in])


def since_last_turn(game: Game, seats: list[Seat], user) -> list[str]:
    """What the others did since this player's last move, one sentence per event (a turn's
    two card draws in one)."""
    names = {seat.player_id: seat.user.username for seat in seats}
    mine = next((seat for seat in seats if seat.user_id == user.pk), None)
    last = seat_last_move_number(game=game, seat=mine)
    turns = turns_of(move_list(game=game, after=last), names, game.map_id)
    sentences = [sentence for turn in turns for sentence in turn.sentences]
    return sentences[-MAX_SENTENCES:]


def base_context(notification: Notification) -> dict:
    user = notification.user
    profile = profile_for(user)
    return {
        "user": user,
        "profile": profile,
        "site_url": settings.SITE_URL,
        "settings_url": f"{settings.SITE_URL}{reverse('settings')}",
        # A notice no switch turns off has no unsubscribe link, only the settings page.
        "unsubscribe_url": ""
        if notification.kind == Kind.PAUSED
        else unsubscribe_url(user, notification.kind, notification.channel),
        "when": lambda moment: local_time_text(moment, profile.timezone),
    }


def game_context(notification: Notification, ctx: dict) -> dict:
    game = notification.game
    if game is None:
        raise ValueError(f"notification {notification.pk} ({notification.kind}) has no game")
    seats = seats_of(game)
    # The reader's own deadline when they must act (each seat has its own clock).
    mine = next((s for s in seats if s.user_id == notification.user_id), None)
    deadline = mine.deadline if mine is not None and mine.deadline else game.deadline
    return {
        "game": game,
        "game_number": game.pk,
        "map_name": game.get_map_id_display(),
        "seats": seats,
        "opponents": opponents_text(seats, notification.user),
        "game_url": game_login_link(game),
        "deadline_text": ctx["when"](deadline) if deadline else "",
        "opening": game.status == GameStatus.CHOOSING,
    }


def your_turn(notification, ctx):
    ctx["sentences"] = since_last_turn(ctx["game"], ctx["seats"], notification.user)
    ctx["chat_lines"] = chat_lines(ctx["game"], notification.user)
    if ctx["opening"]:
        return _(
            "Game #%(number)s, %(map)s, against %(opponents)s has started — choose your "
            "tickets by %(deadline)s"
        ) % _game_values(ctx)
    return _(
        "It's your turn in game #%(number)s, %(map)s, against %(opponents)s — you have "
        "until %(deadline)s"
    ) % _game_values(ctx)


def _game_values(ctx) -> dict:
    return {
        "number": ctx["game_number"],
        "map": ctx["map_name"],
        "opponents": ctx.get("opponents", ""),
        "deadline": ctx.get("deadline_text", ""),
    }


def reminder(notification, ctx):
    if ctx["opening"]:
        subject = _(
            "Reminder: choose your tickets in game #%(number)s, %(map)s — you have until "
            "%(deadline)s"
        )
    else:
        subject = _(
            "Reminder: it's your turn in game #%(number)s, %(map)s — you have until %(deadline)s"
        )
    return subject % _game_values(ctx)


def last_warning(notification, ctx):
    if ctx["opening"]:
        subject = _(
            "Last warning: choose your tickets in game #%(number)s, %(map)s, by %(deadline)s "
            "or you are out of the game"
        )
    else:
        subject = _(
            "Last warning: move in game #%(number)s, %(map)s, by %(deadline)s or you are out "
            "of the game"
        )
    return subject % _game_values(ctx)


def forfeit(notification, ctx):
    seat_id = parse_key(notification.key).seat_id
    gone = next((seat for seat in ctx["seats"] if seat.pk == seat_id), None)
    ctx["gone_name"] = gone.user.username if gone else _("A player")
    ctx["gone_is_you"] = gone is not None and gone.user_id == notification.user_id
    ctx["gone_resigned"] = gone is not None and gone.resigned
    values = {**_game_values(ctx), "name": ctx["gone_name"]}
    if ctx["gone_resigned"] and not ctx["gone_is_you"]:
        return (
            _("%(name)s resigned from game #%(number)s, %(map)s, and is out of the game") % values
        )
    if ctx["gone_is_you"]:
        return (
            _("You ran out of time in game #%(number)s, %(map)s, and are out of the game") % values
        )
    return (
        _("%(name)s ran out of time in game #%(number)s, %(map)s, and is out of the game") % values
    )


def result(notification, ctx):
    seats = ctx["seats"]
    ctx["aborted"] = ctx["game"].status == GameStatus.ABORTED
    ctx["standings"] = sorted(
        (seat for seat in seats if seat.place is not None),
        key=lambda seat: (seat.place, seat.order),
    )
    mine = next((seat for seat in seats if seat.user_id == notification.user_id), None)
    ctx["my_place"] = ordinal(mine.place) if mine and mine.place else None
    ctx["sentences"] = since_last_turn(ctx["game"], seats, notification.user)
    values = {**_game_values(ctx), "place": ctx["my_place"], "count": len(seats)}
    if ctx["aborted"]:
        return _("Game #%(number)s, %(map)s, was abandoned: every player ran out of time") % values
    if ctx["my_place"]:
        return _("Game #%(number)s, %(map)s, is over — you came %(place)s of %(count)d") % values
    return _("Game #%(number)s, %(map)s, is over") % values


def invitation(notification, ctx):
    invite = Invitation.objects.filter(game=ctx["game"], invitee=notification.user).first()
    ctx["inviter"] = invite.inviter.username if invite else _("A player")
    ctx["rematch"] = ctx["game"].rematch_of_id is not None
    login = reverse("account_login")
    ctx["game_url"] = f"{settings.SITE_URL}{login}?{urlencode({'next': reverse('my_games')})}"
    return _("%(inviter)s invites you to game #%(number)s, %(map)s") % {
        "inviter": ctx["inviter"],
        "number": ctx["game_number"],
        "map": ctx["map_name"],
    }


def club_invitation(notification: Notification, ctx: dict) -> str | None:
    """A club's invitation (a notification with no game): None once answered."""
    invitation_id = parse_key(notification.key).invitation_id
    invite = (
        None
        if invitation_id is None
        else ClubInvitation.objects.select_related("club", "inviter")
        .filter(pk=invitation_id, invitee=notification.user)
        .first()
    )
    if invite is None:
        return None  # joined or declined since: nothing left to say
    ctx["inviter"] = invite.inviter.username if invite.inviter else _("A player")
    ctx["club_name"] = invite.club.name
    login = reverse("account_login")
    ctx["game_url"] = f"{settings.SITE_URL}{login}?{urlencode({'next': reverse('clubs')})}"
    return _("%(inviter)s invites you to the club %(club)s") % {
        "inviter": ctx["inviter"],
        "club": ctx["club_name"],
    }


def is_club_invitation(notification: Notification) -> bool:
    return notification.kind == Kind.INVITATION and notification.game_id is None


def chat(notification, ctx):
    message_id = parse_key(notification.key).message_id
    message = (
        None
        if message_id is None
        else ChatMessage.objects.select_related("seat__user")
        .filter(pk=message_id, hidden=False)
        .first()
    )
    if message is None:
        return None  # hidden by the admin since: nothing to pass on
    return _("%(name)s wrote in game #%(number)s, %(map)s: %(text)s") % {
        "name": message.seat.user.username,
        "number": ctx["game_number"],
        "map": ctx["map_name"],
        "text": message.text,
    }


def order_played(notification, ctx):
    """What the reader's standing order played, why earlier ones were skipped, and whose
    turn it is now."""
    mine = next((s for s in ctx["seats"] if s.user_id == notification.user_id), None)
    standing = seat_orders_get(seat=mine)
    told = orders_told(standing=standing, map_id=ctx["game"].map_id)
    report = told["report"]
    if report is None or report["played"] is None:
        return None  # new orders were set since: they say nothing of this one
    ctx["order"] = report
    ctx["sentences"] = since_last_turn(ctx["game"], ctx["seats"], notification.user)[-6:]
    acting = [s for s in ctx["seats"] if s.to_move and not s.forfeited]
    ctx["my_turn"] = mine is not None and mine in acting
    ctx["next_player"] = acting[0].user.username if acting and not ctx["my_turn"] else ""
    return _("Your order was played in game #%(number)s, %(map)s: %(order)s") % {
        **_game_values(ctx),
        "order": report["played_text"],
    }


def paused_subject(ctx) -> str:
    if ctx["is_webhook"]:
        return _("Your webhook failed for a day and is paused")
    return _("Notifications to one of your devices failed for a day and are paused")


# Keyed by the notification's kind as stored (its text equals the enum member's).
SUBJECTS: dict[str, Callable[[Notification, dict], str | None]] = {
    Kind.INVITATION: invitation,
    Kind.YOUR_TURN: your_turn,
    Kind.REMINDER: reminder,
    Kind.LAST_WARNING: last_warning,
    Kind.FORFEIT: forfeit,
    Kind.RESULT: result,
    Kind.CHAT: chat,
    Kind.ORDER_PLAYED: order_played,
}


@dataclass
class Short:
    """A message for a browser notification or a chat app: one sentence and two links."""

    title: str
    text: str
    url: str
    off_url: str
    game_id: int | None


def compose_short(notification: Notification) -> Short | None:
    """The push or webhook message for one row, or None when there is nothing left to say."""
    ctx = base_context(notification)
    if is_club_invitation(notification):
        sentence = club_invitation(notification, ctx)
    else:
        ctx.update(game_context(notification, ctx))
        sentence = SUBJECTS[notification.kind](notification, ctx)
    if sentence is None:
        return None
    return Short(
        title=_("Ticket to Ride by turns"),
        text=" ".join(sentence.split()),
        url=ctx["game_url"],
        off_url=ctx["unsubscribe_url"],
        game_id=notification.game_id,
    )


def compose(notification: Notification, *, extra: dict | None = None) -> Mail | None:
    """The mail for one outbox row (the digest passes its list of games in `extra`)."""
    ctx = base_context(notification)
    ctx.update(extra or {})
    subject: str | None
    if notification.kind == Kind.PAUSED:
        subject = paused_subject(ctx)
    elif is_club_invitation(notification):
        subject = club_invitation(notification, ctx)
        if subject is None:
            return None
    elif notification.kind == Kind.DIGEST:
        count = len(ctx["entries"])
        subject = ngettext(
            "Your daily digest: %(count)d game waiting for your move",
            "Your daily digest: %(count)d games waiting for your move",
            count,
        ) % {"count": count}
    else:
        ctx.update(game_context(notification, ctx))
        subject = SUBJECTS[notification.kind](notification, ctx)
        if subject is None:
            return None  # nothing left to say (an order since replaced)
    ctx["subject"] = subject
    pictures = mail_pictures(notification, ctx)
    template = f"emails/{notification.kind}"
    return Mail(
        to=notification.user.email,
        subject=" ".join(subject.split()),  # a header: never a line break
        text=render_to_string(f"{template}.txt", ctx),
        html=render_to_string(f"{template}.html", ctx),
        headers=unsubscribe_headers(ctx["unsubscribe_url"]) if ctx["unsubscribe_url"] else {},
        pictures=pictures,
    )
