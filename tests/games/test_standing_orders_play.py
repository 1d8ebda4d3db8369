"""Standing orders at the site's tables: set while it is not your turn, played through
game_play by the task queued at the commit that begins the turn (stale and repeated tasks
do nothing, the sweep plays a lost one), dropped by a move by hand, told in the log to
everyone, and a game played to its end by one player's orders alone."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone
from game_steps import (
    draw_two_blind,
    keep_opening_tickets,
    make_users,
    seats_to_move,
    started_game,
    state_of,
)

from games import engine
from games.botplay.orders import publish
from games.heartbeat import sweeps
from games.models import GameStatus, Move, OrdersStatus, Seat, StandingOrders
from games.refusals.errors import BadAction, GameMovedOn, NotAllowed, NotAPlayer
from games.selectors.log import move_list
from games.services.orders import (
    NONE_PLAYABLE,
    PLAYED,
    STALE,
    seat_orders_cancel,
    seat_orders_play,
    seat_orders_set,
)
from games.services.play import game_play
from games.words.game_log import move_entries

pytestmark = pytest.mark.django_db

DRAW_DECK = [{"kind": "draw_deck"}]


@pytest.fixture
def table():
    """ann and bob at a USA table, past the opening; returns (game, mover, waiter)."""
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], seed=7)
    keep_opening_tickets(game)
    (mover,) = seats_to_move(game)
    waiter = next(s for s in game.seats.select_related("user") if s.pk != mover.pk)
    return game, mover, waiter


def draw(game, seat):
    draw_two_blind(game, seat.user)
    game.refresh_from_db()


def test_orders_are_set_only_while_it_is_not_your_turn_and_only_well_formed(table):
    game, mover, waiter = table
    with pytest.raises(NotAllowed):
        seat_orders_set(game_id=game.pk, user=mover.user, orders=DRAW_DECK)
    with pytest.raises(BadAction):
        seat_orders_set(game_id=game.pk, user=waiter.user, orders=[{"kind": "fly"}] * 2)
    with pytest.raises(BadAction):
        seat_orders_set(game_id=game.pk, user=waiter.user, orders=DRAW_DECK * 6)
    (carl,) = make_users("carl")
    with pytest.raises(NotAPlayer):
        seat_orders_set(game_id=game.pk, user=carl, orders=DRAW_DECK)
    version = game.version
    seat_orders_set(game_id=game.pk, user=waiter.user, orders=DRAW_DECK)
    game.refresh_from_db()
    assert game.version == version  # nothing another player could see changed
    assert Seat.objects.get(pk=waiter.pk).orders_standing
    assert seat_orders_cancel(game_id=game.pk, user=waiter.user)
    assert not Seat.objects.get(pk=waiter.pk).orders_standing
    assert not StandingOrders.objects.exists()


def test_the_order_plays_at_the_commit_that_begins_the_turn(
    table, settings, django_capture_on_commit_callbacks
):
    game, mover, waiter = table
    settings.CELERY_TASK_ALWAYS_EAGER = True
    seat_orders_set(game_id=game.pk, user=waiter.user, orders=DRAW_DECK)
    hand_before = sum(state_of(game).hands[state_of(game).players.index(waiter.player_id)])
    with django_capture_on_commit_callbacks(execute=True):
        draw(game, mover)
    game.refresh_from_db()
    state = state_of(game)
    # the waiter's two blind draws were played at once, and it is the mover's turn again
    assert state.players[state.current] == mover.player_id
    assert sum(state.hands[state.players.index(waiter.player_id)]) == hand_before + 2
    moves = list(Move.objects.filter(game=game, seat=waiter).order_by("number"))
    assert [m.by_order for m in moves[-2:]] == [True, True]
    done = StandingOrders.objects.get(seat=waiter)
    assert done.status == OrdersStatus.PLAYED and done.report["played"] == 0
    assert done.played_move == moves[-2]
    assert not Seat.objects.get(pk=waiter.pk).orders_standing
    # the log says so to everyone
    names = {s.player_id: s.user.username for s in game.seats.select_related("user")}
    entry = move_entries(move_list(game=game), names, game.map_id)[0]
    assert entry["sentences"][-1] == "played by standing order"


def test_none_playable_closes_the_orders_and_leaves_the_turn_to_the_player(table):
    game, mover, waiter = table
    seat_orders_set(
        game_id=game.pk,
        user=waiter.user,
        orders=[{"kind": "claim_route", "route": "seattle-vancouver-1", "pay": "locomotive"}],
    )
    draw(game, mover)
    state = state_of(game)
    assert state.players[state.current] == waiter.player_id
    # (the waiter holds no six locomotives at the start of a game)
    result = seat_orders_play(game_id=game.pk, seat_id=waiter.pk, version=game.version)
    hand = state.hand(waiter.player_id)
    assert hand.get("locomotive", 0) < 1 or result == PLAYED
    if result == NONE_PLAYABLE:
        done = StandingOrders.objects.get(seat=waiter)
        assert done.status == OrdersStatus.NONE_PLAYABLE
        assert done.report["skipped"] == [[0, "not_enough_cards"]]
        game.refresh_from_db()
        assert state_of(game).players[state_of(game).current] == waiter.player_id


def test_a_stale_or_repeated_task_does_nothing_and_the_sweep_plays_a_lost_one(
    table, django_capture_on_commit_callbacks
):
    game, mover, waiter = table
    seat_orders_set(game_id=game.pk, user=waiter.user, orders=DRAW_DECK)
    with django_capture_on_commit_callbacks(execute=False):  # the queued task is lost
        draw(game, mover)
    version = game.version
    assert seat_orders_play(game_id=game.pk, seat_id=waiter.pk, version=version - 1) == STALE
    now = timezone.now()
    assert sweeps.play_stalled_orders(now) == 0  # too early: its task may be on the way
    assert sweeps.play_stalled_orders(now + timedelta(minutes=3)) == 1
    game.refresh_from_db()
    assert game.version == version + 2
    # the task, arriving late after all, does nothing
    assert seat_orders_play(game_id=game.pk, seat_id=waiter.pk, version=version) == STALE
    assert sweeps.play_stalled_orders(now + timedelta(minutes=6)) == 0


def test_a_move_by_hand_wins_the_race_and_drops_the_orders(
    table, django_capture_on_commit_callbacks
):
    game, mover, waiter = table
    seat_orders_set(game_id=game.pk, user=waiter.user, orders=DRAW_DECK)
    with django_capture_on_commit_callbacks(execute=False):
        draw(game, mover)
    version = game.version
    # the player is quicker than the task: their own move applies
    game_play(
        game_id=game.pk,
        user=waiter.user,
        action={"type": "draw_tickets"},
        expected_version=version,
    )
    assert not StandingOrders.objects.exists()
    assert not Seat.objects.get(pk=waiter.pk).orders_standing
    assert seat_orders_play(game_id=game.pk, seat_id=waiter.pk, version=version) == STALE
    assert Move.objects.filter(game=game, by_order=True).count() == 0


def test_the_task_wins_the_race_and_the_hand_made_move_is_stale(
    table, django_capture_on_commit_callbacks
):
    game, mover, waiter = table
    seat_orders_set(game_id=game.pk, user=waiter.user, orders=DRAW_DECK)
    with django_capture_on_commit_callbacks(execute=False):
        draw(game, mover)
    version = game.version
    assert publish(game.pk, waiter.pk, version) in (True, False)  # eager or not: played below
    seat_orders_play(game_id=game.pk, seat_id=waiter.pk, version=version)
    with pytest.raises(GameMovedOn):
        game_play(
            game_id=game.pk,
            user=waiter.user,
            action={"type": "draw_tickets"},
            expected_version=version,
        )
    assert Move.objects.filter(game=game, by_order=True).count() == 2


def test_a_game_played_to_the_end_by_one_players_orders_alone(
    settings, django_capture_on_commit_callbacks
):
    """bob never moves by hand after the opening: before each of his turns he leaves orders
    (a claim he can pay, else two cards from the deck, else tickets kept all), and they play."""
    settings.CELERY_TASK_ALWAYS_EAGER = True
    ann, bob = make_users("ann", "bob")
    game = started_game([ann, bob], seed=11)
    keep_opening_tickets(game)
    seats = {s.user.username: s for s in game.seats.select_related("user")}
    rng = random.Random(5)
    by_order = 0
    for _ in range(600):
        game.refresh_from_db()
        if game.status not in (GameStatus.PLAYING, GameStatus.CHOOSING):
            break
        state = state_of(game)
        current = state.players[state.current]
        if current == seats["bob"].player_id:
            # bob's orders did not play: only his first turn (he had left none yet), a ticket
            # choice they left him, or a turn where he can only pass
            assert (
                not by_order
                or state.pending is not None
                or engine.legal_action_kinds(state, current) == ("pass",)
            )
            options = engine.legal_actions(state, current)
            with django_capture_on_commit_callbacks(execute=True):
                game_play(
                    game_id=game.pk,
                    user=bob,
                    action=options[0].to_dict(),
                    expected_version=game.version,
                )
            continue
        # ann's turn: bob leaves his orders first, then ann plays at random
        if not Seat.objects.get(pk=seats["bob"].pk).orders_standing:
            hand = state.hand(seats["bob"].player_id)
            colour = max((c for c in hand if c != "locomotive"), key=hand.get, default="red")
            routes = [
                r.id
                for r in engine.get_map("usa").routes.values()
                if r.id not in state.claims and r.color in (colour, "gray") and r.length <= 3
            ]
            orders = [
                {"kind": "claim_route", "route": rng.choice(routes), "pay": colour},
                {"kind": "draw_deck"},
                {"kind": "draw_face_up", "color": "locomotive", "then": "deck"},
                {"kind": "draw_tickets", "keep": "all"},
            ]
            if not routes:
                orders = orders[1:]
            seat_orders_set(game_id=game.pk, user=bob, orders=orders)
        options = engine.legal_actions(state, current)
        draws = [a for a in options if a.type == "draw_card"]
        action = rng.choice(draws if draws and rng.random() < 0.6 else options)
        with django_capture_on_commit_callbacks(execute=True):
            game_play(
                game_id=game.pk, user=ann, action=action.to_dict(), expected_version=game.version
            )
        by_order = Move.objects.filter(game=game, by_order=True).count()
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert by_order > 20
    bob_moves = Move.objects.filter(game=game, seat=seats["bob"], number__gt=2)
    by_hand = bob_moves.filter(by_order=False).exclude(action__type="keep_tickets").count()
    assert by_hand <= 3  # his first turn, and at most a pass or two at the end


def test_its_owner_is_told_by_mail_what_the_order_played_and_why_others_were_skipped(
    table, settings, django_capture_on_commit_callbacks, mailoutbox
):
    game, mover, waiter = table
    settings.CELERY_TASK_ALWAYS_EAGER = True
    taken = {"kind": "claim_route", "route": "seattle-vancouver-1", "pay": "white"}
    seat_orders_set(game_id=game.pk, user=waiter.user, orders=[taken, *DRAW_DECK])
    with django_capture_on_commit_callbacks(execute=True):
        draw(game, mover)
    mails = [m for m in mailoutbox if m.to == [waiter.user.email]]
    assert [m.subject for m in mails] == [
        f"Your order was played in game #{game.pk}, USA: Draw two train cards from the deck"
    ]
    body = mails[0].body
    assert "Skipped: Claim Seattle–Vancouver with white cards (" in body
    assert f"It is {mover.user.username}'s turn now." in body
    # the other player hears nothing of it but the log's "played by standing order"
    assert not [m for m in mailoutbox if "order" in m.subject and m.to == [mover.user.email]]
