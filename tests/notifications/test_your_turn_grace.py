"""A your-turn mail waits YOUR_TURN_GRACE before it goes out, and is dropped when the player
moved in the meantime or has the game's page on screen (it asks for the version every 3 s,
saying whether it is visible). A tab in the background does not count; a player who asked
for the mail anyway gets it. A player who is away gets it once; reminders go out whether or
not the page is open."""

from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from game_steps import keep_opening_tickets, play_a_turn, seats_to_move, started_game
from mail_steps import fire_due_mail_tasks, grace_passes, make_player, subjects_to

from games.heartbeat import tasks
from games.live.presence import SEEN_WITHIN
from games.mail import tasks as mail_tasks
from games.mail.outbox import YOUR_TURN_GRACE
from games.models import Notification

pytestmark = pytest.mark.django_db

TWO_DAYS = 2 * 24 * 3600
POLL = timedelta(seconds=3)  # how often an open game page asks for the version


@pytest.fixture
def clock(time_machine):
    """Frozen time, moved by the test."""
    time_machine.move_to("2030-03-04 09:00Z", tick=False)
    return lambda moment: time_machine.move_to(moment)


@pytest.fixture
def two_in_play(clock, time_machine, committed):
    """Ann and Bob have kept their tickets, the mail about that is out; a turn starts."""
    players = [make_player("ann"), make_player("bob")]
    with committed():
        game = started_game(players, turn_seconds=TWO_DAYS)
    with committed():
        keep_opening_tickets(game)
    grace_passes(time_machine, committed)
    mail.outbox.clear()
    return game


def page_of(game, user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def poll(client: Client, game, *, visible: bool = True) -> None:
    """What an open game page does every 3 s (game.js adds visible=1 while it is on screen)."""
    game.refresh_from_db()
    query = {"v": game.version, **({"visible": "1"} if visible else {})}
    response = client.get(reverse("game_version", args=[game.pk]), query)
    assert response.status_code in (200, 204)


def keep_the_page_open(client, game, clock, *, until, visible: bool = True, every=POLL):
    while timezone.now() < until:
        poll(client, game, visible=visible)
        clock(timezone.now() + every)


def waiting_after_a_turn(game, committed):
    """The seat to move once the current player has played a turn (committed)."""
    with committed():
        play_a_turn(game)
    (waiting,) = seats_to_move(game)
    return waiting


def unsent_your_turn(user) -> Notification:
    return Notification.objects.get(
        user=user, kind="your_turn", sent_at__isnull=True, skipped=False
    )


def test_a_player_away_gets_one_your_turn_mail_once_the_grace_has_passed(
    two_in_play, clock, committed
):
    game = two_in_play
    waiting = waiting_after_a_turn(game, committed)
    row = unsent_your_turn(waiting.user)
    assert row.not_before == game.turn_started_at + YOUR_TURN_GRACE

    clock(row.not_before - timedelta(seconds=1))
    fire_due_mail_tasks(committed)
    with committed():
        mail_tasks.send_notification.delay(row.pk)  # a task run early sends nothing
    assert mail.outbox == []

    clock(row.not_before)
    fire_due_mail_tasks(committed)
    for minutes in (1, 2, 10):  # then the sweeps, and a second copy of the task
        clock(row.not_before + timedelta(minutes=minutes))
        with committed():
            tasks.resend_unsent.delay()
            mail_tasks.send_notification.delay(row.pk)

    (subject,) = subjects_to(waiting.user)
    assert subject.startswith(f"It's your turn in game #{game.pk}, USA, against")
    assert len(mail.outbox) == 1


def test_players_who_move_within_the_grace_get_no_your_turn_mail(two_in_play, clock, committed):
    game = two_in_play
    earlier = list(Notification.objects.values_list("pk", flat=True))
    for _ in range(6):  # a live game: a turn every 40 s
        clock(timezone.now() + timedelta(seconds=40))
        with committed():
            play_a_turn(game)
    (waiting,) = seats_to_move(game)

    clock(timezone.now() + YOUR_TURN_GRACE)
    fire_due_mail_tasks(committed)
    with committed():
        tasks.resend_unsent.delay()

    # Only the last turn, on which nobody has moved since, is mailed.
    (message,) = mail.outbox
    assert message.to == [waiting.user.email]
    rows = Notification.objects.filter(kind="your_turn").exclude(pk__in=earlier)
    assert [row.skipped for row in rows.order_by("pk")] == [True] * 5 + [False]


@pytest.mark.slow  # many turns and sweeps: CI runs it, `make test-fast` does not
def test_a_player_with_the_game_page_open_gets_no_your_turn_mail(two_in_play, clock, committed):
    game = two_in_play
    waiting = waiting_after_a_turn(game, committed)
    row = unsent_your_turn(waiting.user)

    keep_the_page_open(page_of(game, waiting.user), game, clock, until=row.not_before)
    fire_due_mail_tasks(committed)
    for minutes in (1, 5, 30):
        clock(row.not_before + timedelta(minutes=minutes))
        with committed():
            tasks.resend_unsent.delay()

    assert mail.outbox == []
    row.refresh_from_db()
    assert row.skipped and row.sent_at is None


def test_a_game_open_in_a_background_tab_does_not_stop_the_mail(two_in_play, clock, committed):
    game = two_in_play
    waiting = waiting_after_a_turn(game, committed)
    row = unsent_your_turn(waiting.user)

    # A hidden tab goes on polling (browsers slow it to once a minute), without visible=1.
    page = page_of(game, waiting.user)
    keep_the_page_open(
        page, game, clock, until=row.not_before, visible=False, every=timedelta(minutes=1)
    )
    fire_due_mail_tasks(committed)

    (subject,) = subjects_to(waiting.user)
    assert subject.startswith(f"It's your turn in game #{game.pk}")


@pytest.mark.slow  # many turns and sweeps: CI runs it, `make test-fast` does not
def test_a_player_who_asked_for_every_mail_gets_it_with_the_game_on_screen(
    two_in_play, clock, committed
):
    game = two_in_play
    waiting = waiting_after_a_turn(game, committed)
    settings_page = page_of(game, waiting.user)
    assert "Always email me, even when I have the game open" in (
        settings_page.get(reverse("settings")).content.decode()
    )
    choices = {"timezone": "UTC", "digest_hour": "8", "email_reminders": "on"}
    chosen = {"email_your_turn": "on", "email_results": "on", "email_when_watching": "on"}
    assert settings_page.post(reverse("settings"), {**choices, **chosen}).status_code == 302
    row = unsent_your_turn(waiting.user)

    keep_the_page_open(page_of(game, waiting.user), game, clock, until=row.not_before)
    fire_due_mail_tasks(committed)

    (subject,) = subjects_to(waiting.user)
    assert subject.startswith(f"It's your turn in game #{game.pk}")


def test_a_page_closed_a_while_before_the_grace_ends_does_not_stop_the_mail(
    two_in_play, clock, committed
):
    game = two_in_play
    waiting = waiting_after_a_turn(game, committed)
    page = page_of(game, waiting.user)
    keep_the_page_open(page, game, clock, until=timezone.now() + timedelta(seconds=30))

    clock(game.turn_started_at + YOUR_TURN_GRACE)  # longer than SEEN_WITHIN since the last poll
    assert YOUR_TURN_GRACE - timedelta(seconds=30) > SEEN_WITHIN
    fire_due_mail_tasks(committed)

    assert len(subjects_to(waiting.user)) == 1


def test_a_page_seen_before_the_turn_began_does_not_stop_the_mail(two_in_play, clock, committed):
    game = two_in_play
    (mover,) = seats_to_move(game)
    other = next(seat.user for seat in game.seats.select_related("user") if seat != mover)
    poll(page_of(game, other), game)  # a last look, then the page is closed
    clock(timezone.now() + timedelta(seconds=20))
    with committed():
        play_a_turn(game)  # now it is the other's turn

    clock(timezone.now() + timedelta(seconds=50))  # the last look is within SEEN_WITHIN...
    assert timedelta(seconds=70) < SEEN_WITHIN
    clock(game.turn_started_at + YOUR_TURN_GRACE)
    fire_due_mail_tasks(committed)

    assert len(subjects_to(other)) == 1  # ...but it was not of this turn


def test_someone_elses_open_page_does_not_stop_the_mail(two_in_play, clock, committed):
    game = two_in_play
    with committed():
        mover = play_a_turn(game).user
    (waiting,) = seats_to_move(game)

    keep_the_page_open(
        page_of(game, mover), game, clock, until=game.turn_started_at + YOUR_TURN_GRACE
    )
    fire_due_mail_tasks(committed)

    assert len(subjects_to(waiting.user)) == 1


def test_the_sweep_sends_a_your_turn_mail_once_its_grace_has_passed_and_not_before(
    two_in_play, clock, committed, broker
):
    """The mail waits in the outbox, not in the broker: it is queued by the minute sweep."""
    game = two_in_play
    broker.down()  # nothing is queued at commit anyway: a broker outage changes nothing
    with committed():
        play_a_turn(game)
    broker.back_in_process()
    (waiting,) = seats_to_move(game)
    start = game.turn_started_at

    for seconds in range(0, int(YOUR_TURN_GRACE.total_seconds()), 30):
        clock(start + timedelta(seconds=seconds))
        with committed():
            tasks.resend_unsent.delay()
    assert mail.outbox == []

    for seconds in (0, 60, 120):
        clock(start + YOUR_TURN_GRACE + timedelta(seconds=seconds))
        with committed():
            tasks.resend_unsent.delay()
    (subject,) = subjects_to(waiting.user)
    assert subject.startswith(f"It's your turn in game #{game.pk}")


def test_the_opening_mail_waits_too_and_is_not_sent_to_a_player_at_the_table(clock, committed):
    ann, bob = make_player("ann"), make_player("bob")
    with committed():
        game = started_game([ann, bob], turn_seconds=TWO_DAYS)
    assert mail.outbox == []

    keep_the_page_open(
        page_of(game, ann), game, clock, until=game.turn_started_at + YOUR_TURN_GRACE
    )
    fire_due_mail_tasks(committed)

    assert subjects_to(ann) == []
    (subject,) = subjects_to(bob)
    assert subject.startswith(f"Game #{game.pk}, USA, against ann has started")


def test_reminders_still_reach_a_player_who_looks_but_does_not_move(two_in_play, clock, committed):
    game = two_in_play
    (waiting,) = seats_to_move(game)
    page = page_of(game, waiting.user)
    start = game.turn_started_at

    for moment in (timedelta(hours=24), timedelta(hours=47)):
        clock(start + moment - timedelta(seconds=10))
        keep_the_page_open(page, game, clock, until=start + moment)
        with committed():
            tasks.send_due_reminders.delay()

    assert [s.split(":")[0] for s in subjects_to(waiting.user)] == ["Reminder", "Last warning"]
