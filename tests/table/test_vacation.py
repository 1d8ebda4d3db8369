"""Vacations with time travel: the clock stands still while a player is away, across a
deadline and in the opening; reminders wait; coming back early gives the days back; the
yearly allowance is counted per calendar year; a game may opt out."""

import re
from datetime import date, datetime, timedelta

import pytest
from game_steps import (
    keep_opening_tickets,
    make_users,
    play_a_turn,
    seats_to_move,
    started_game,
)
from table_steps import game_in_play, game_page, page_of, sweep_at

from games.heartbeat import sweeps
from games.models import Notification
from games.services.vacation import InvalidVacation, vacation_end, vacation_set

pytestmark = pytest.mark.django_db

DAY = timedelta(days=1)
ONE_DAY = 86400


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text + "+00:00")


@pytest.fixture
def clock(time_machine):
    time_machine.move_to("2030-03-04 09:00Z", tick=False)
    return lambda moment: time_machine.move_to(moment, tick=False)


def away_through_the_settings_page(user, first: str, last: str):
    response = page_of(user).post("/settings/away/", {"first_day": first, "last_day": last})
    assert response.status_code == 302, response.content.decode()[-800:]


def test_a_week_away_across_a_deadline_loses_no_game_and_the_others_see_it(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    (away,) = seats_to_move(game)
    other = next(u for u in (ann, bob) if u != away.user)
    assert game.deadline == utc("2030-03-05 09:00")

    away_through_the_settings_page(away.user, "2030-03-04", "2030-03-10")
    game.refresh_from_db()
    # The clock stopped from the moment it was set, and runs again from 11 March, 00:00.
    assert game.deadline == utc("2030-03-12 00:00")
    name = away.user.username
    assert f"{name} is away until Sun 10 Mar" in game_page(game, other)
    assert f"{name} is away until Sun 10 Mar" in page_of(other).get("/games/mine/").content.decode()

    assert sweep_at(utc("2030-03-05 09:01")) == 0
    sweeps.send_due_reminders(utc("2030-03-10 12:00"))  # away: no reminder either
    assert not Notification.objects.filter(kind__in=["reminder", "last_warning"]).exists()
    assert sweep_at(utc("2030-03-11 23:59")) == 0
    clock(utc("2030-03-11 08:00"))
    assert f"{name} is away" not in game_page(game, other)  # back
    assert sweep_at(utc("2030-03-12 00:00")) == 1  # and then out of time like anyone


def test_coming_back_early_runs_the_clock_again_and_gives_the_days_back(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    (away,) = seats_to_move(game)
    away_through_the_settings_page(away.user, "2030-03-04", "2030-03-10")
    settings_page = page_of(away.user).get("/settings/").content.decode()
    assert "7 of 21 days used in 2030; 14 left." in settings_page
    assert "You are away until 10 March 2030." in settings_page  # the language's own date

    clock(utc("2030-03-05 12:00"))
    assert page_of(away.user).post("/settings/away/end/").status_code == 302
    game.refresh_from_db()
    # 27 hours paused (4 March 09:00 to 5 March 12:00): a day's clock from then on.
    assert game.deadline == utc("2030-03-05 09:00") + timedelta(hours=27)
    settings_page = page_of(away.user).get("/settings/").content.decode()
    assert "2 of 21 days used in 2030; 19 left." in settings_page


def test_the_opening_choice_of_a_player_away_waits_for_them(clock):
    ann, bob = make_users("ann", "bob")
    vacation_set(user=bob, first_day=date(2030, 3, 4), last_day=date(2030, 3, 5))
    game = started_game([ann, bob], turn_seconds=ONE_DAY)
    keep_opening_tickets(game, except_user=bob)
    (waiting,) = seats_to_move(game)
    assert waiting.user == bob
    assert sweep_at(utc("2030-03-05 09:01")) == 0  # when everyone else's choice was due
    assert waiting.__class__.objects.get(pk=waiting.pk).deadline == utc("2030-03-07 00:00")
    assert sweep_at(utc("2030-03-07 00:00")) == 1


def test_a_game_without_vacations_keeps_its_clock_running(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY, allow_vacations=False)
    (away,) = seats_to_move(game)
    vacation_set(user=away.user, first_day=date(2030, 3, 4), last_day=date(2030, 3, 10))
    game.refresh_from_db()
    assert game.deadline == utc("2030-03-05 09:00")
    assert "is away" not in game_page(game, ann)
    assert sweep_at(utc("2030-03-05 09:00")) == 1


def test_the_allowance_is_counted_per_calendar_year_in_whole_days(clock):
    (ann,) = make_users("ann")
    clock(utc("2030-06-01 10:00"))
    vacation_set(user=ann, first_day=date(2030, 6, 1), last_day=date(2030, 6, 14))  # 14 days
    clock(utc("2030-12-20 10:00"))
    with pytest.raises(InvalidVacation) as refused:
        vacation_set(user=ann, first_day=date(2030, 12, 24), last_day=date(2031, 1, 3))
    assert refused.value.message == "That is 8 days in 2030; 7 are left of the year's 21."
    vacation_set(user=ann, first_day=date(2030, 12, 25), last_day=date(2031, 1, 3))
    response = page_of(ann).get("/settings/").content.decode()
    assert "21 of 21 days used in 2030; 0 left." in response
    clock(utc("2031-01-02 10:00"))
    assert "3 of 21 days used in 2031; 18 left." in page_of(ann).get("/settings/").content.decode()
    vacation_end(user=ann)  # back on 2 January, no game waiting: the 2nd and 3rd given back
    assert "1 of 21 days used in 2031; 20 left." in page_of(ann).get("/settings/").content.decode()


def test_dates_that_make_no_vacation_are_refused_and_change_nothing(clock):
    (ann,) = make_users("ann")
    for first, last in (("2030-03-03", "2030-03-05"), ("2030-03-06", "2030-03-05"), ("x", "")):
        response = page_of(ann).post("/settings/away/", {"first_day": first, "last_day": last})
        assert response.status_code == 400
    assert not ann.vacations.exists()


def days_used_line(user) -> str:
    page = page_of(user).get("/settings/").content.decode()
    return re.search(r"\d+ of 21 days used in \d+; \d+ left\.", page).group(0)


def test_time_away_set_and_ended_at_once_costs_no_day_while_no_game_waits(clock):
    """A player whose games wait for the others: away and back 21 times costs nothing, and
    the year's days are all there after."""
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    (waiting,) = seats_to_move(game)
    other = bob if waiting.user == ann else ann
    for minute in range(21):
        clock(utc("2030-03-04 09:00") + timedelta(minutes=minute))
        away_through_the_settings_page(other, "2030-03-04", "2030-03-04")
        assert page_of(other).post("/settings/away/end/").status_code == 302
    assert days_used_line(other) == "0 of 21 days used in 2030; 21 left."
    rule = "Coming back early gives back every day after today, and today as well if it was"
    assert rule in page_of(other).get("/settings/").content.decode()
    away_through_the_settings_page(other, "2030-03-04", "2030-03-24")  # the whole year's 21
    assert days_used_line(other) == "21 of 21 days used in 2030; 0 left."


def test_coming_back_keeps_today_when_a_game_waited_for_the_player_today(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    (waiting,) = seats_to_move(game)
    away_through_the_settings_page(waiting.user, "2030-03-04", "2030-03-04")
    clock(utc("2030-03-04 09:05"))
    assert page_of(waiting.user).post("/settings/away/end/").status_code == 302
    # Five minutes of the clock stood still: the day is used.
    assert days_used_line(waiting.user) == "1 of 21 days used in 2030; 20 left."
    game.refresh_from_db()
    assert game.deadline == utc("2030-03-05 09:05")


def test_coming_back_gives_today_back_when_no_game_waited_for_the_player_today(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    (waiting,) = seats_to_move(game)
    player = waiting.user
    away_through_the_settings_page(player, "2030-03-04", "2030-03-10")
    clock(utc("2030-03-05 10:00"))
    play_a_turn(game)  # moved while away, on the 5th: the 5th's clock stood still
    clock(utc("2030-03-06 12:00"))  # the 6th: the game waits for the other player
    assert page_of(player).post("/settings/away/end/").status_code == 302
    assert days_used_line(player) == "2 of 21 days used in 2030; 19 left."  # 4th and 5th

    game.refresh_from_db()
    clock(utc("2030-03-07 09:00"))
    play_a_turn(game)  # the other player moves: the game waits for this one again
    away_through_the_settings_page(player, "2030-03-08", "2030-03-09")
    clock(utc("2030-03-08 10:00"))
    assert page_of(player).post("/settings/away/end/").status_code == 302
    # The game waited for them all of the 8th they were away: the 8th is used, the 9th not.
    assert days_used_line(player) == "3 of 21 days used in 2030; 18 left."


def test_time_away_beginning_and_ending_by_itself_is_told_to_every_game_of_the_player(clock):
    """Set ahead, time away begins at its first day's midnight and ends after its last: the
    minute sweep moves on every game the player is in (the others' pages say "away until"
    then, and stop saying it), each moment once."""
    ann, bob, cyd = make_users("ann", "bob", "cyd")
    first = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    second = game_in_play([ann, cyd], turn_seconds=ONE_DAY)
    away_through_the_settings_page(ann, "2030-03-06", "2030-03-07")

    def versions():
        first.refresh_from_db()
        second.refresh_from_db()
        return first.version, second.version

    planned = versions()
    assert sweeps.tell_time_away(utc("2030-03-05 23:59")) == 0  # not begun yet
    assert versions() == planned
    clock(utc("2030-03-06 00:01"))
    assert "ann is away until Thu 7 Mar" in game_page(second, cyd)
    assert sweeps.tell_time_away(utc("2030-03-06 00:01")) == 2
    begun = versions()
    assert begun == (planned[0] + 1, planned[1] + 1)
    assert sweeps.tell_time_away(utc("2030-03-06 00:02")) == 0  # told once
    assert versions() == begun

    clock(utc("2030-03-08 00:01"))
    assert "ann is away" not in game_page(second, cyd)
    assert sweeps.tell_time_away(utc("2030-03-08 00:01")) == 2
    assert versions() == (begun[0] + 1, begun[1] + 1)
    assert sweeps.tell_time_away(utc("2030-03-08 00:02")) == 0


def test_time_away_from_today_and_a_return_are_told_at_once_not_again_by_the_sweep(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    version = game.version
    away_through_the_settings_page(ann, "2030-03-04", "2030-03-05")
    game.refresh_from_db()
    assert game.version == version + 1
    assert sweeps.tell_time_away(utc("2030-03-04 09:01")) == 0
    assert vacation_end(user=ann).value == "back"
    game.refresh_from_db()
    assert game.version == version + 2
    assert sweeps.tell_time_away(utc("2030-03-04 09:02")) == 0


def test_a_return_the_same_day_is_told_to_a_game_where_the_player_was_not_to_move(clock):
    ann, bob = make_users("ann", "bob")
    game = game_in_play([ann, bob], turn_seconds=ONE_DAY)
    (waiting,) = seats_to_move(game)
    other = next(u for u in (ann, bob) if u != waiting.user)
    away_through_the_settings_page(other, "2030-03-04", "2030-03-05")
    game.refresh_from_db()
    version = game.version
    assert vacation_end(user=other).value == "back"  # no day used: nothing of it is kept
    game.refresh_from_db()
    assert game.version == version + 1
    assert f"{other.username} is away" not in game_page(game, waiting.user)
