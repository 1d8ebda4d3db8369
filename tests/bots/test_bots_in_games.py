"""Bots at the site's tables: seated in a game, playing through the task (the real services
and database), a stale or repeated task doing nothing, the sweep playing a lost turn, a bot
taking over a player who leaves, ratings, and no mail to a bot."""

import dataclasses
import random
import socket
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone
from game_steps import make_users, play_one, seat_to_move, started_game, state_of

from games import engine
from games.botplay.tasks import play_bot_turn as play_bot_turn_task
from games.botplay.turns import PLAYED, STALE, decide, play_bot_turn
from games.engine.maps import CARD_KINDS
from games.heartbeat import sweeps
from games.models import Game, GameStatus, Move, Notification, RatingChange, Seat
from games.ratings.boards import OVERALL
from games.refusals.errors import NotAllowed
from games.services.bots import game_add_bot, game_against_bots
from games.services.extra_time import game_give_time
from games.services.forfeit import game_forfeit
from games.services.lobby import game_create, game_join, game_leave
from games.services.play import game_play
from games.services.resign import game_resign

pytestmark = pytest.mark.django_db


def bot_seats(game):
    return [seat for seat in game.seats.select_related("user") if seat.bot_level]


def acting_bots(game):
    state = state_of(game)
    return [s for s in bot_seats(game) if engine.must_act(state, s.player_id)]


def test_a_game_against_bots_starts_at_once_unrated_with_bot_seats(
    django_capture_on_commit_callbacks,
):
    (ann,) = make_users("ann")
    with django_capture_on_commit_callbacks(execute=False):
        game = game_against_bots(creator=ann, map_id="usa", bots=2, level="beginner")
    game.refresh_from_db()
    assert game.status == GameStatus.CHOOSING and not game.rated
    names = sorted(seat.user.username for seat in game.seats.select_related("user"))
    assert names == ["Beginner bot", "Beginner bot 2", "ann"]
    # bots have no clock: only ann's seat has a deadline
    assert [s.deadline is not None for s in game.seats.order_by("pk")] == [True, False, False]


def test_the_creator_adds_a_bot_to_an_empty_seat_and_the_game_becomes_unrated():
    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="europe", max_players=3)
    assert game.rated
    game_join(game_id=game.pk, user=bob, invite_token=game.invite_token)
    with pytest.raises(NotAllowed):  # only the creator seats a bot
        game_add_bot(game_id=game.pk, user=bob, level="casual")
    seat = game_add_bot(game_id=game.pk, user=ann, level="casual")
    game.refresh_from_db()
    assert seat.user.username == "Casual bot" and seat.bot_label == "Casual bot"
    assert not game.rated and game.status == GameStatus.CHOOSING  # full: started


def test_a_bot_plays_its_opening_and_its_turns_through_the_task(
    django_capture_on_commit_callbacks, settings
):
    (ann,) = make_users("ann")
    game = game_against_bots(creator=ann, map_id="usa", bots=1, level="beginner")
    bot = bot_seats(game)[0]
    game.refresh_from_db()
    assert play_bot_turn_task(game.pk, bot.pk, game.version) == PLAYED
    game.refresh_from_db()
    assert Move.objects.filter(game=game, seat=bot).count() == 1
    assert not engine.must_act(state_of(game), bot.player_id)
    # ann chooses; from then on every bot turn is queued on commit and played (eager)
    settings.CELERY_TASK_ALWAYS_EAGER = True
    rng = random.Random(3)
    for _ in range(12):
        with django_capture_on_commit_callbacks(execute=True):
            play_one(game, rng)
        game.refresh_from_db()
        assert seat_to_move(game).user == ann  # the bot has played whenever it was its turn
    assert Move.objects.filter(game=game, seat=bot).count() > 5


def test_a_stale_or_repeated_task_does_nothing():
    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="usa", max_players=3)
    game_join(game_id=game.pk, user=bob, invite_token=game.invite_token)
    bot = game_add_bot(game_id=game.pk, user=ann, level="beginner")
    game.refresh_from_db()
    version = game.version
    assert play_bot_turn(game.pk, bot.pk, version) == PLAYED
    moves = Move.objects.filter(game=game).count()
    # the same task again (the broker delivered twice, or the sweep played it meanwhile)
    assert play_bot_turn(game.pk, bot.pk, version) == STALE
    assert Move.objects.filter(game=game).count() == moves
    # once play has begun, a task of an older version does nothing either
    rng = random.Random(1)
    while game.status == GameStatus.CHOOSING:
        seat = next(s for s in game.seats.all() if engine.must_act(state_of(game), s.player_id))
        if seat.bot_level:
            play_bot_turn(game.pk, seat.pk, game.version)
        else:
            play_one(game, rng)
        game.refresh_from_db()
    old = game.version - 1
    assert play_bot_turn(game.pk, bot.pk, old) == STALE
    assert play_bot_turn(game.pk, 10**9, game.version) == STALE


def test_the_sweep_plays_a_bot_turn_whose_task_was_lost(django_capture_on_commit_callbacks):
    (ann,) = make_users("ann")
    with django_capture_on_commit_callbacks(execute=False):  # the queued tasks are lost
        game = game_against_bots(creator=ann, map_id="europe", bots=2, level="beginner")
    assert len(acting_bots(game)) == 2
    now = timezone.now()
    assert sweeps.play_stalled_bot_turns(now) == 0  # too early: its task may be on the way
    assert sweeps.play_stalled_bot_turns(now + timedelta(minutes=3)) == 2
    game.refresh_from_db()
    assert acting_bots(game) == []
    assert sweeps.play_stalled_bot_turns(now + timedelta(minutes=6)) == 0  # nothing owed


def _in_play(users, **settings):
    game = started_game(users, **settings)
    rng = random.Random(2)
    while game.status == GameStatus.CHOOSING:
        play_one(game, rng)
        game.refresh_from_db()
    return game


def _finish(game, rng, limit=4000):
    """Random moves for the people, the bot's own for its seat, to the end."""
    for _ in range(limit):
        game.refresh_from_db()
        if game.is_over:
            return
        seat = seat_to_move(game) if acting_bots(game) == [] else acting_bots(game)[0]
        if seat.bot_level:
            assert play_bot_turn(game.pk, seat.pk, game.version) == PLAYED
        else:
            play_one(game, rng)
    raise AssertionError("the game did not end")


def test_a_bot_takes_over_who_resigns_and_the_ratings_count_them_last(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = _in_play([ann, bob, cy], bot_takeover=True, max_players=3)
    leaver = seat_to_move(game)
    game_resign(game_id=game.pk, user=leaver.user)
    leaver.refresh_from_db()
    game.refresh_from_db()
    assert leaver.taken_over and leaver.bot_label == "Casual bot" and leaver.resigned
    assert engine.must_act(state_of(game), leaver.player_id)  # the bot plays their turn
    assert not state_of(game).forfeited[state_of(game).players.index(leaver.player_id)]
    with pytest.raises(NotAllowed):  # the player who left cannot move for the bot
        game_play(
            game_id=game.pk,
            user=leaver.user,
            action={"type": "draw_tickets"},
            expected_version=game.version,
        )
    # the bot's moves go through the same services: make them cheap for this test
    Seat.objects.filter(pk=leaver.pk).update(bot_level="beginner")
    _finish(game, random.Random(5))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED and game.rated
    places = {c.seat_id: c.place for c in RatingChange.objects.filter(game=game, board=OVERALL)}
    others = [s for s in game.seats.all() if s.pk != leaver.pk]
    # the people keep the places the game gave them; the one who left is last, below them
    # all, whatever the bot scored for the seat afterwards
    assert {s.pk: places[s.pk] for s in others} == {s.pk: s.place for s in others}
    assert places[leaver.pk] == max(s.place for s in others) + 1
    # the score sheet names the bot that played the seat on
    client = Client()
    client.force_login(others[0].user)
    sheet = client.get(f"/games/{game.pk}/").content.decode()
    assert f'{leaver.user.username} <span class="muted">(Beginner bot plays on)</span>' in sheet


def test_a_bot_takes_over_who_ran_out_of_time():
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = _in_play([ann, bob, cy], bot_takeover=True, max_players=3)
    late = seat_to_move(game)
    assert game_forfeit(
        game_id=game.pk, seat_id=late.pk, reason="test", now=late.deadline + timedelta(seconds=1)
    )
    late.refresh_from_db()
    assert late.taken_over and not late.resigned and late.deadline is None
    # a month on, the forfeit sweep forfeits nobody: the seat to move is the bot's, which has
    # no clock
    assert sweeps.forfeit_overdue(timezone.now() + timedelta(days=30)) == 0
    late.refresh_from_db()
    game.refresh_from_db()
    assert engine.must_act(state_of(game), late.player_id)
    forfeit_mails = Notification.objects.filter(game=game, kind="forfeit")
    assert {n.user_id for n in forfeit_mails} == {s.user_id for s in game.seats.all()}


def test_skipping_the_seat_is_todays_rule():
    ann, bob, cy = make_users("ann", "bob", "cy")
    game = _in_play([ann, bob, cy], bot_takeover=False, max_players=3)
    leaver = seat_to_move(game)
    game_resign(game_id=game.pk, user=leaver.user)
    leaver.refresh_from_db()
    assert leaver.bot_level == "" and leaver.forfeited
    assert state_of(game).forfeited[state_of(game).players.index(leaver.player_id)]


def test_the_last_person_leaving_a_game_of_bots_ends_it_without_a_result():
    (ann,) = make_users("ann")
    game = game_against_bots(creator=ann, map_id="usa", bots=3, level="beginner")
    Game.objects.filter(pk=game.pk).update(bot_takeover=True)
    game_resign(game_id=game.pk, user=ann)
    game.refresh_from_db()
    assert game.status == GameStatus.ABORTED


def test_bots_are_never_mailed(django_capture_on_commit_callbacks, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = True
    (ann,) = make_users("ann")
    with django_capture_on_commit_callbacks(execute=True):
        game = game_against_bots(creator=ann, map_id="usa", bots=1, level="beginner")
    bots = {s.user_id for s in bot_seats(game)}
    with django_capture_on_commit_callbacks(execute=True):
        game_resign(game_id=game.pk, user=ann)
    game.refresh_from_db()
    assert game.is_over
    assert not Notification.objects.filter(user_id__in=bots).exists()
    assert all("bot" not in " ".join(m.to) for m in mail.outbox)


def test_with_the_broker_down_the_move_commits_and_the_sweep_plays_the_bot_later(
    django_capture_on_commit_callbacks, settings
):
    from ttr_site.celery import app

    (ann,) = make_users("ann")
    game = game_against_bots(creator=ann, map_id="usa", bots=1, level="beginner")
    bot = bot_seats(game)[0]
    game.refresh_from_db()
    play_bot_turn(game.pk, bot.pk, game.version)  # its opening choice
    settings.CELERY_TASK_ALWAYS_EAGER = False
    real_broker = settings.CELERY_BROKER_URL
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{closed_port()}/0"
    app._pool = None
    app.amqp._producer_pool = None
    try:
        rng = random.Random(4)
        # Each move commits (how long it takes with the broker down: bench/dead_broker.py).
        while not acting_bots(game) and not game.is_over:  # ann moves until it is the bot's
            with django_capture_on_commit_callbacks(execute=True):
                play_one(game, rng)
            game.refresh_from_db()
    finally:
        settings.CELERY_BROKER_URL = real_broker
        app._pool = None
        app.amqp._producer_pool = None
    assert acting_bots(game) == [bot]  # its task was lost
    version = game.version
    assert sweeps.play_stalled_bot_turns(timezone.now() + timedelta(minutes=3)) == 1
    game.refresh_from_db()
    assert game.version > version and Move.objects.filter(game=game, seat=bot).count() >= 2


def closed_port() -> int:
    """A local port nothing listens on: connecting to it is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_leaving_an_open_game_hands_it_to_a_person_never_to_a_bot():
    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="usa", max_players=4)
    game_add_bot(game_id=game.pk, user=ann, level="casual")
    game_join(game_id=game.pk, user=bob, invite_token=game.invite_token)
    game_leave(game_id=game.pk, user=ann)
    game.refresh_from_db()
    assert game.creator == bob
    assert game_leave(game_id=game.pk, user=bob) is None  # only the bot was left
    assert not Game.objects.filter(pk=game.pk).exists()


def test_nobody_gives_a_bot_more_time():
    ann, bob = make_users("ann", "bob")
    game = game_create(creator=ann, map_id="usa", max_players=3)
    game_join(game_id=game.pk, user=bob, invite_token=game.invite_token)
    bot = game_add_bot(game_id=game.pk, user=ann, level="beginner")
    rng = random.Random(6)
    game.refresh_from_db()
    for _ in range(200):
        if game.status == GameStatus.PLAYING and acting_bots(game) == [bot]:
            break
        seat = acting_bots(game)[0] if acting_bots(game) else seat_to_move(game)
        if seat.bot_level:
            play_bot_turn(game.pk, seat.pk, game.version)
        else:
            play_one(game, rng)
        game.refresh_from_db()
    assert acting_bots(game) == [bot]
    with pytest.raises(NotAllowed):
        game_give_time(game_id=game.pk, user=ann, expected_version=game.version)


@pytest.mark.parametrize("level", ["beginner", "casual"])
def test_a_site_bot_decides_from_its_seat_view_and_the_public_log_only(level):
    (ann,) = make_users("ann")
    game = game_against_bots(creator=ann, map_id="europe", bots=1, level=level)
    rng = random.Random(8)
    for _ in range(60):  # into play, at the bot's turn after a few moves
        game.refresh_from_db()
        bots_now = acting_bots(game)
        if bots_now and game.status == GameStatus.PLAYING and game.moves.count() > 8:
            break
        if bots_now:
            play_bot_turn(game.pk, bots_now[0].pk, game.version)
        else:
            play_one(game, rng)
    (bot,) = acting_bots(game)
    state = state_of(game)
    # everything the bot's seat cannot see, changed: ann's hand (a card swapped with the
    # deck), ann's tickets (one swapped with the ticket deck), both decks' order, the seed
    me, other = state.seat(bot.player_id), 1 - state.seat(bot.player_id)
    deck, hands = list(state.deck), [list(h) for h in state.hands]
    # (The game's seed is drawn at creation: ann may hold no card at this point.)
    held = [k for k, n in enumerate(hands[other]) if n]
    if held:
        kind = held[0]
        j = next(i for i, card in enumerate(deck) if CARD_KINDS.index(card) != kind)
        hands[other][kind] -= 1
        hands[other][CARD_KINDS.index(deck[j])] += 1
        deck[j] = CARD_KINDS[kind]
    tickets, ticket_deck = [list(t) for t in state.tickets], list(state.ticket_deck)
    tickets[other][0], ticket_deck[0] = ticket_deck[0], tickets[other][0]
    random.Random(1).shuffle(deck)
    random.Random(2).shuffle(ticket_deck)
    hidden_changed = dataclasses.replace(
        state,
        deck=tuple(deck),
        ticket_deck=tuple(ticket_deck),
        hands=tuple(tuple(h) for h in hands),
        tickets=tuple(tuple(t) for t in tickets),
        seed=state.seed + 1,
    )
    assert hidden_changed.to_dict() != state.to_dict() and me != other
    assert engine.player_view(hidden_changed, bot.player_id) == engine.player_view(
        state, bot.player_id
    )
    assert decide(game, bot, hidden_changed) == decide(game, bot, state)


def test_the_page_asks_every_second_while_a_bot_is_to_move(django_capture_on_commit_callbacks):
    """A bot's move shows within a second of being made: the page polls every second on a
    bot's turn and every 3 s on a person's."""
    (ann,) = make_users("ann")
    client = Client()
    client.force_login(ann)

    def poll_every():
        return client.get(f"/games/{game.pk}/").content.decode().split('hx-trigger="every ')[1][:3]

    with django_capture_on_commit_callbacks(execute=False):  # the bot's tasks are held back
        game = game_against_bots(creator=ann, map_id="usa", bots=1, level="beginner")
        bot = bot_seats(game)[0]
        game.refresh_from_db()
        play_bot_turn(game.pk, bot.pk, game.version)  # its opening tickets
        rng = random.Random(5)
        while seat_to_move(game).user == ann:  # ann's opening, and her turn if she is first
            play_one(game, rng)
            game.refresh_from_db()
            assert poll_every() == ("1s," if seat_to_move(game).user != ann else "3s,")
        assert poll_every() == "1s,"
        while seat_to_move(game).user != ann:
            play_bot_turn(game.pk, bot.pk, game.version)
            game.refresh_from_db()
    assert poll_every() == "3s,"
