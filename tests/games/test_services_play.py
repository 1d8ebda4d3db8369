"""game_play, the move path: the checks it makes, in order, and what an accepted move records."""

import random
from datetime import timedelta
from unittest import mock

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from game_steps import (
    a_legal_action,
    make_user,
    make_users,
    play_one,
    seat_to_move,
    started_game,
    state_of,
    who_must_act,
)

from games import engine
from games.models import GameStatus, Move
from games.refusals.errors import (
    BadAction,
    GameMovedOn,
    GameNotActive,
    NotAPlayer,
    http_status_for,
)
from games.services.play import game_play

pytestmark = pytest.mark.django_db


def snapshot(game):
    game.refresh_from_db()
    return (game.version, game.state, game.status, game.deadline, Move.objects.count())


def finish_opening(game, rng):
    while game.status == GameStatus.CHOOSING:
        play_one(game, rng)
        game.refresh_from_db()


def test_a_move_appends_to_the_log_saves_the_state_and_bumps_the_version():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    seat = who_must_act(game)[0]
    action = a_legal_action(game, seat, random.Random(1))
    before = engine.State.from_dict(game.state)
    result = game_play(
        game_id=game.pk, user=seat.user, action=action, expected_version=game.version
    )
    assert result.move.number == 1 and result.move.seat == seat
    assert result.move.action == action
    assert result.game.version == game.version + 1
    expected, _events = engine.apply(before, seat.player_id, engine.action_from_dict(action))
    assert state_of(game) == expected
    assert result.view["viewer"] == seat.player_id


def test_a_stale_version_is_refused_as_moved_on_and_changes_nothing():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    seat = who_must_act(game)[0]
    action = a_legal_action(game, seat, random.Random(2))
    game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version)
    before = snapshot(game)
    # The same post again (a double-click, the back button): made against the old version.
    with pytest.raises(GameMovedOn) as refused:
        game_play(game_id=game.pk, user=seat.user, action=action, expected_version=game.version - 1)
    assert refused.value.message == "The game has moved on; here is the current position."
    assert http_status_for(refused.value) == 409
    assert snapshot(game) == before


def test_an_illegal_move_carries_the_engines_message_and_changes_nothing():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    finish_opening(game, random.Random(3))
    seat = seat_to_move(game)
    before = snapshot(game)
    with pytest.raises(engine.IllegalMove) as refused:
        game_play(
            game_id=game.pk,
            user=seat.user,
            action={"type": "keep_tickets", "tickets": []},
            expected_version=game.version,
        )
    assert refused.value.code and refused.value.message
    assert http_status_for(refused.value) == 422
    assert snapshot(game) == before


def test_a_move_out_of_turn_is_refused_by_the_rules():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    finish_opening(game, random.Random(4))
    waiting = next(s for s in game.seats.all() if s.pk != seat_to_move(game).pk)
    before = snapshot(game)
    with pytest.raises(engine.IllegalMove) as refused:
        game_play(
            game_id=game.pk,
            user=waiting.user,
            action={"type": "draw_card", "from": "deck"},
            expected_version=game.version,
        )
    assert refused.value.code == "not_your_turn"
    assert snapshot(game) == before


def test_a_stranger_or_a_visitor_gets_not_found_and_changes_nothing():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    before = snapshot(game)
    for outsider in (make_user("eve"), AnonymousUser()):
        with pytest.raises(NotAPlayer) as refused:
            game_play(
                game_id=game.pk,
                user=outsider,
                action={"type": "draw_card", "from": "deck"},
                expected_version=game.version,
            )
        assert http_status_for(refused.value) == 404
    with pytest.raises(NotAPlayer):
        game_play(game_id=987654, user=ann, action={"type": "pass"}, expected_version=1)
    assert snapshot(game) == before


def test_a_malformed_action_is_a_bad_request_and_changes_nothing():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    seat = who_must_act(game)[0]
    before = snapshot(game)
    for junk in ({"type": "teleport"}, {"type": "draw_card", "from": "pocket"}, ["pass"]):
        with pytest.raises(BadAction) as refused:
            game_play(game_id=game.pk, user=seat.user, action=junk, expected_version=game.version)
        assert http_status_for(refused.value) == 400
    assert snapshot(game) == before


def test_the_version_is_checked_before_the_action_is_read():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    with pytest.raises(GameMovedOn):
        game_play(
            game_id=game.pk,
            user=ann,
            action={"type": "teleport"},
            expected_version=game.version + 5,
        )


def test_no_move_is_accepted_before_the_start():
    from games.services.lobby import game_create

    ann = make_user("ann")
    game = game_create(creator=ann, map_id="usa")
    with pytest.raises(GameNotActive):
        game_play(game_id=game.pk, user=ann, action={"type": "pass"}, expected_version=0)


def test_the_opening_is_everyones_at_once_then_the_first_player_gets_the_clock(time_machine):
    time_machine.move_to("2030-01-01 12:00Z", tick=False)
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = started_game([ann, bob, cy], turn_seconds=24 * 3600)
    opening_deadline = game.deadline
    assert game.status == GameStatus.CHOOSING
    assert opening_deadline == timezone.now() + timedelta(days=1)
    assert sorted(s.user.username for s in game.seats.filter(to_move=True)) == ["ann", "bob", "cy"]

    rng = random.Random(5)
    time_machine.move_to("2030-01-01 15:00Z", tick=False)
    first = who_must_act(game)[0]
    game_play(
        game_id=game.pk,
        user=first.user,
        action=a_legal_action(game, first, rng),
        expected_version=game.version,
    )
    game.refresh_from_db()
    assert game.status == GameStatus.CHOOSING and game.deadline == opening_deadline
    assert not game.seats.get(pk=first.pk).to_move

    time_machine.move_to("2030-01-01 18:00Z", tick=False)
    finish_opening(game, rng)
    assert game.status == GameStatus.PLAYING
    assert game.deadline == timezone.now() + timedelta(days=1)
    current = engine.player_view(state_of(game), None)["current"]
    assert [s.player_id for s in game.seats.filter(to_move=True)] == [current]


def test_the_clock_restarts_when_the_turn_passes_but_not_between_two_card_draws(time_machine):
    time_machine.move_to("2030-01-01 12:00Z", tick=False)
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], turn_seconds=3600)
    finish_opening(game, random.Random(6))
    seat = seat_to_move(game)
    time_machine.move_to("2030-01-01 12:30Z", tick=False)
    game_play(
        game_id=game.pk,
        user=seat.user,
        action={"type": "draw_card", "from": "deck"},
        expected_version=game.version,
    )
    game.refresh_from_db()
    turn_deadline = game.deadline
    assert seat_to_move(game) == seat  # a second card is still to draw
    time_machine.move_to("2030-01-01 12:40Z", tick=False)
    game_play(
        game_id=game.pk,
        user=seat.user,
        action={"type": "draw_card", "from": "deck"},
        expected_version=game.version,
    )
    game.refresh_from_db()
    assert seat_to_move(game) != seat
    assert turn_deadline < game.deadline == timezone.now() + timedelta(hours=1)
    assert list(game.seats.filter(to_move=True)) == [seat_to_move(game)]


def test_the_notification_hooks_run_inside_the_moves_transaction():
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    seat = who_must_act(game)[0]
    before = snapshot(game)
    # A hook that fails takes the move down with it: nothing is half-recorded.
    with (
        mock.patch("games.mail.notify.on_move", side_effect=RuntimeError("outbox down")),
        pytest.raises(RuntimeError),
    ):
        game_play(
            game_id=game.pk,
            user=seat.user,
            action=a_legal_action(game, seat, random.Random(9)),
            expected_version=game.version,
        )
    assert snapshot(game) == before
    with mock.patch("games.mail.notify.on_move") as on_move:
        result = game_play(
            game_id=game.pk,
            user=seat.user,
            action=a_legal_action(game, seat, random.Random(9)),
            expected_version=game.version,
        )
    # Whether the move began a turn (and so owes a your-turn mail) is the move's to say.
    on_move.assert_called_once_with(result.game, result.move, result.seats, turn_started=mock.ANY)


def test_starting_a_game_tells_the_notifier_once():
    ann, bob = make_users("ann", "bob")
    with mock.patch("games.mail.notify.on_game_started") as on_game_started:
        game = started_game([ann, bob])
    on_game_started.assert_called_once()
    assert on_game_started.call_args.args[0].pk == game.pk


def test_opening_choices_made_side_by_side_are_both_accepted():
    """Two players keep their opening tickets from the same page version: neither is stale."""
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob])
    version_seen = game.version
    first, second = who_must_act(game)
    for seat in (first, second):
        action = a_legal_action(game, seat, random.Random(7))
        game_play(game_id=game.pk, user=seat.user, action=action, expected_version=version_seen)
    game.refresh_from_db()
    assert game.status == GameStatus.PLAYING
    assert Move.objects.filter(game=game).count() == 2
    # The chooser's own repeated post (a double-click) is stale once they have chosen.
    with pytest.raises(GameMovedOn):
        game_play(game_id=game.pk, user=first.user, action=action, expected_version=version_seen)
