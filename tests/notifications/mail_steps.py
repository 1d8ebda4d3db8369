"""Helpers for the notification tests: players with preferences, games played through
the real services, and reading the mail outbox."""

from django.core import mail
from django.utils import timezone
from game_steps import make_user

from accounts.models import profile_for
from games import engine
from games.mail import tasks as mail_tasks
from games.mail.outbox import YOUR_TURN_GRACE
from games.models import Game, Notification
from games.services.play import game_play


def make_player(name: str, *, timezone: str = "UTC", **preferences):
    user = make_user(name)
    profile = profile_for(user)
    profile.timezone = timezone
    for switch, value in preferences.items():
        setattr(profile, switch, value)
    profile.save()
    return user


def seats_to_move(game: Game):
    game.refresh_from_db()
    return [s for s in game.seats.select_related("user") if s.to_move and not s.forfeited]


def act(game: Game, seat, prefer: tuple[str, ...]):
    state = engine.State.from_dict(game.state)
    options = [a.to_dict() for a in engine.legal_actions(state, seat.player_id)]
    action = next((a for kind in prefer for a in options if a["type"] == kind), options[0])
    if action["type"] == "draw_card":
        action = next((a for a in options if a.get("from") == "deck"), action)
    return game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)


def keep_opening_tickets(game: Game, *, except_user=None) -> None:
    """Every player (but one, if named) keeps their opening tickets."""
    for seat in seats_to_move(game):
        if seat.user != except_user:
            game.refresh_from_db()
            act(game, seat, ("keep_tickets",))
    game.refresh_from_db()


def play_a_turn(game: Game):
    """The player to move draws two cards from the deck: a whole turn. Returns who moved."""
    (seat,) = seats_to_move(game)
    while seat.pk in {s.pk for s in seats_to_move(game)}:
        act(game, seat, ("draw_card",))
    game.refresh_from_db()
    return seat.user


def mails_to(user) -> list:
    return [message for message in mail.outbox if message.to == [user.email]]


def subjects_to(user) -> list[str]:
    return [message.subject for message in mails_to(user)]


def fire_due_mail_tasks(committed) -> None:
    """The worker runs the mail tasks whose time has come: in tests tasks run eagerly and
    ignore the eta a your-turn mail is queued with, so the test fires them at that time."""
    due = Notification.objects.filter(
        sent_at__isnull=True, skipped=False, attempts=0, not_before__lte=timezone.now()
    ).values_list("pk", flat=True)
    with committed():
        for pk in due:
            mail_tasks.send_notification.delay(pk)


def grace_passes(time_machine, committed) -> None:
    """YOUR_TURN_GRACE passes and the your-turn mails still owed go out."""
    time_machine.move_to(timezone.now() + YOUR_TURN_GRACE)
    fire_due_mail_tasks(committed)
