"""The game clock with time travel: a time bank that runs out, a reserve charged with what a
turn took beyond its move time, one more day given by another player, and the reminders
that count with both."""

from datetime import datetime, timedelta

import pytest
from django.utils import timezone
from game_steps import act, make_users, play_a_turn, seats_to_move
from table_steps import START, game_in_play, game_page, page_of, sweep_at

from games.clock.arithmetic import runs_out_at, time_run
from games.models import Move, Notification
from games.refusals.errors import GameMovedOn, NotAllowed
from games.selectors.replay import game_state_rebuilt
from games.services.extra_time import game_give_time

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)
HOUR = timedelta(hours=1)


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return lambda moment: time_machine.move_to(moment, tick=False)


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_the_clock_stands_still_during_pauses():
    start = at("2030-03-04T09:00:00+00:00")
    pauses = [(start + 2 * HOUR, start + DAY), (start + DAY + HOUR, start + DAY + 2 * HOUR)]
    assert runs_out_at(start, HOUR, pauses) == start + HOUR  # done before the first pause
    # Two hours run, then the clock waits until the next day; one more hour, a pause, the rest.
    assert runs_out_at(start, 4 * HOUR, pauses) == start + DAY + 3 * HOUR
    assert time_run(start, start + DAY + 3 * HOUR, pauses) == 4 * HOUR
    # A pause already under way when the clock starts counts from the start only.
    assert runs_out_at(start + 3 * HOUR, HOUR, pauses) == start + DAY + HOUR


def test_a_time_bank_runs_out_only_after_the_move_time(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=86400, bank_seconds=86400)
    (seat,) = seats_to_move(game)
    start = game.turn_started_at
    assert game.deadline == start + 2 * DAY  # move time, then the whole reserve

    assert sweep_at(start + DAY + HOUR) == 0  # the move time is gone; the reserve is not
    clock(start + DAY + HOUR)
    html = game_page(game, bob)
    assert "on the time bank: 23 hours left" in html
    assert sweep_at(start + 2 * DAY - timedelta(seconds=1)) == 0
    assert sweep_at(start + 2 * DAY) == 1
    seat.refresh_from_db()
    assert seat.forfeited


def test_a_turn_that_ran_over_its_move_time_is_taken_from_the_reserve(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=86400, bank_seconds=3 * 86400)
    first = seats_to_move(game)[0]
    clock(game.turn_started_at + DAY + 6 * HOUR)  # six hours into the reserve
    play_a_turn(game)
    first.refresh_from_db()
    assert first.bank_left_seconds == int((3 * DAY - 6 * HOUR).total_seconds())
    other = seats_to_move(game)[0]
    clock(timezone.now() + HOUR)  # quick: the other's reserve stays whole
    play_a_turn(game)
    other.refresh_from_db()
    assert other.bank_left_seconds == 3 * 86400

    game.refresh_from_db()
    assert game.deadline == game.turn_started_at + DAY + (3 * DAY - 6 * HOUR)
    assert "bank 2 days 18 hours" in game_page(game, other.user)


def test_the_reminder_comes_before_the_move_time_ends_and_the_last_warning_before_the_bank_does(
    clock, settings
):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    from games.heartbeat import sweeps

    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=2 * 86400, bank_seconds=86400)
    (seat,) = seats_to_move(game)
    start = game.turn_started_at

    def owed(moment):
        sweeps.send_due_reminders(moment)
        return list(
            Notification.objects.filter(user=seat.user, kind__in=["reminder", "last_warning"])
            .order_by("pk")
            .values_list("kind", flat=True)
        )

    assert owed(start + DAY - timedelta(seconds=1)) == []
    assert owed(start + DAY) == ["reminder"]  # half the move time, 24 h before it ends
    assert owed(start + 2 * DAY + 22 * HOUR) == ["reminder"]  # on the bank, not yet the last
    assert owed(start + 2 * DAY + 23 * HOUR) == ["reminder", "last_warning"]


def test_another_player_gives_one_more_day_once_per_turn_and_the_log_says_who(clock):
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = game_in_play([ann, bob, cy], turn_seconds=86400)
    (mover,) = seats_to_move(game)
    giver, other = [s for s in game.seats.select_related("user") if s.pk != mover.pk]
    before = game.deadline
    assert f"Give {mover.user.username} one more day" in game_page(game, giver.user)
    assert "one more day" not in game_page(game, mover.user)

    response = page_of(giver.user).post(
        f"/games/{game.pk}/more-time/", {"version": str(game.version)}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deadline == before + DAY
    html = game_page(game, other.user)
    assert f"{giver.user.username} gave {mover.user.username} one more day" in html
    assert "+1 day given" in html
    assert sweep_at(before + HOUR) == 0

    with pytest.raises(NotAllowed):
        game_give_time(game_id=game.pk, user=giver.user, expected_version=game.version)
    with pytest.raises(NotAllowed):
        game_give_time(game_id=game.pk, user=mover.user, expected_version=game.version)
    stale = game.version - 1
    with pytest.raises(GameMovedOn):
        game_give_time(game_id=game.pk, user=other.user, expected_version=stale)
    game_give_time(game_id=game.pk, user=other.user, expected_version=game.version)
    game.refresh_from_db()
    assert game.deadline == before + 2 * DAY

    # The turn passes: the extra time was for that turn only, and may be given again.
    act(game, mover, ("draw_tickets",))
    act(game, mover, ("keep_tickets",))
    game.refresh_from_db()
    (now_moving,) = seats_to_move(game)
    assert now_moving.extra_seconds == 0
    assert game.deadline == game.turn_started_at + DAY
    assert (
        game_state_rebuilt(game=game).to_dict() == game.state
    )  # the gifts do not change the position
    assert Move.objects.filter(game=game, action__type="extra_time").count() == 2


def test_the_game_form_offers_a_time_bank_beside_the_time_per_move():
    from games.models import Game

    (ann,) = make_users("ann")
    lobby = page_of(ann).get("/games/").content.decode()
    assert "Time bank" in lobby and '<option value="259200">3 days</option>' in lobby
    body = {"map_id": "usa", "max_players": "3", "turn_seconds": "86400", "rated": "on"}
    response = page_of(ann).post("/games/new/", {**body, "bank_seconds": "259200"})
    assert response.status_code == 302
    assert Game.objects.get().bank_seconds == 3 * 86400
    assert "3 days time bank" in page_of(ann).get("/games/").content.decode()
    refused = page_of(ann).post("/games/new/", {**body, "bank_seconds": "100"})
    assert refused.status_code == 400 and Game.objects.count() == 1
