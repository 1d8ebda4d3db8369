"""Helpers for the notification tests: players with preferences, games played through
the real services, and reading the mail outbox."""

from django.core import mail
from django.utils import timezone
from game_steps import make_user

from accounts.models import profile_for
from games.mail import tasks as mail_tasks
from games.mail.outbox import YOUR_TURN_GRACE
from games.models import Notification


def make_player(name: str, *, timezone: str = "UTC", **preferences):
    user = make_user(name)
    profile = profile_for(user)
    profile.timezone = timezone
    for switch, value in preferences.items():
        setattr(profile, switch, value)
    profile.save()
    return user


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
