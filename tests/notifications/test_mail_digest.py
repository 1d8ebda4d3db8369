"""The daily digest: once a day at the local hour, every waiting game, most urgent first."""

import pytest
from django.core import mail
from game_steps import started_game
from mail_steps import make_player, subjects_to

from games.heartbeat import tasks

pytestmark = pytest.mark.django_db


def sweep(committed):
    with committed():
        tasks.send_digests.delay()
        tasks.send_digests.delay()


@pytest.fixture
def cleo_waited_for_twice(time_machine, committed):
    """Cleo (Amsterdam, digest at 08:00) must choose tickets in two games."""
    time_machine.move_to("2030-01-14 18:00Z")
    cleo = make_player("cleo", timezone="Europe/Amsterdam", daily_digest=True, digest_hour=8)
    ann, bob = make_player("ann"), make_player("bob")
    with committed():
        relaxed = started_game([ann, cleo], map_id="europe", turn_seconds=3 * 24 * 3600)
        urgent = started_game([bob, cleo], turn_seconds=24 * 3600)
    return cleo, relaxed, urgent


def test_a_digest_reader_gets_no_mail_per_game(cleo_waited_for_twice):
    cleo, _, _ = cleo_waited_for_twice
    assert subjects_to(cleo) == []


def test_the_digest_comes_at_the_local_hour_once_most_urgent_first(
    cleo_waited_for_twice, time_machine, committed
):
    cleo, relaxed, urgent = cleo_waited_for_twice
    time_machine.move_to("2030-01-15 06:59Z")  # 07:59 in Amsterdam
    sweep(committed)
    assert subjects_to(cleo) == []

    time_machine.move_to("2030-01-15 07:00Z")
    sweep(committed)
    time_machine.move_to("2030-01-15 15:00Z")
    sweep(committed)

    (message,) = [m for m in mail.outbox if m.to == [cleo.email]]
    assert message.subject == "Your daily digest: 2 games waiting for your move"
    assert message.body.index(f"Game #{urgent.pk}, USA") < message.body.index(
        f"Game #{relaxed.pk}, Europe"
    )
    assert "until Tue 15 Jan 19:00 (Europe/Amsterdam)" in message.body  # urgent's deadline
    assert "List-Unsubscribe" in message.extra_headers


def test_the_next_day_brings_the_next_digest(cleo_waited_for_twice, time_machine, committed):
    cleo, _, _ = cleo_waited_for_twice
    time_machine.move_to("2030-01-15 07:05Z")
    sweep(committed)
    time_machine.move_to("2030-01-16 07:05Z")
    with committed():
        tasks.forfeit_overdue.delay()  # the one-day game ran out yesterday evening
    sweep(committed)

    digests = [s for s in subjects_to(cleo) if s.startswith("Your daily digest")]
    assert digests == [
        "Your daily digest: 2 games waiting for your move",
        "Your daily digest: 1 game waiting for your move",
    ]


def test_a_day_with_nothing_waiting_sends_nothing(time_machine, committed):
    time_machine.move_to("2030-01-15 09:00Z")
    cleo = make_player("cleo", daily_digest=True, digest_hour=8)
    sweep(committed)
    assert subjects_to(cleo) == []
