"""A whole game through the services: it ends with places and scores; the Move log replays it."""

import random

import pytest
from game_steps import make_users, play_to_the_end, started_game, state_of

from games import engine
from games.engine.describe import continued
from games.models import GameStatus, Move, Notification, NotificationKind, RatingChange
from games.selectors.log import move_list, player_names
from games.selectors.replay import game_state_at, game_state_rebuilt
from games.words.game_log import move_entries

pytestmark = pytest.mark.django_db


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
@pytest.mark.parametrize(("map_id", "players", "seed"), [("usa", 2, 11), ("europe", 3, 12)])
def test_a_random_game_finishes_and_its_move_log_rebuilds_the_stored_state(map_id, players, seed):
    users = make_users(*["ann", "bob", "cy", "dan", "eve"][:players])
    game = started_game(users, map_id=map_id)
    played = play_to_the_end(game, random.Random(seed))
    game.refresh_from_db()

    assert game.status == GameStatus.FINISHED and game.finished_at and game.deadline is None
    assert Move.objects.filter(game=game).count() == played
    assert list(Move.objects.filter(game=game).values_list("number", flat=True)) == list(
        range(1, played + 1)
    )
    # Rated: each player's overall and map rating moved, once; everyone is sent the result.
    assert RatingChange.objects.filter(game=game).count() == 2 * players
    results = Notification.objects.filter(game=game, kind=NotificationKind.RESULT)
    assert sorted(results.values_list("user__username", flat=True)) == sorted(
        u.username for u in users
    )

    final = engine.player_view(state_of(game), None)["final"]
    for seat in game.seats.all():
        assert seat.place == final["players"][seat.player_id]["place"]
        assert seat.final_score == final["players"][seat.player_id]["total"]
        assert not seat.to_move
    assert sorted(seat.place for seat in game.seats.all())[0] == 1

    assert game_state_rebuilt(game=game).to_dict() == game.state
    assert game_state_at(game=game, move_number=0) == engine.new_game(
        map_id, [s.player_id for s in game.seats.order_by("order")], game.seed
    )
    middle = played // 2
    assert game_state_at(game=game, move_number=middle).to_dict() != game.state
    assert game_state_rebuilt(game=game) == game_state_at(game=game, move_number=played)

    log = move_entries(move_list(game=game), player_names(game=game), game.map_id)
    assert log[0]["number"] == played  # newest first: the game's end is described first
    last_events = Move.objects.get(game=game, number=played).events
    names = {s.player_id: s.user.username for s in game.seats.all()}
    # In the log's line it follows the move's other sentences: "...; the game is over: ..."
    assert log[0]["sentences"][-1] == continued(
        last_events[-1], engine.describe(last_events[-1], names)
    )


@pytest.mark.slow  # a whole game or more: CI runs it, `make test-fast` does not
def test_an_unrated_game_records_no_ratings():
    users = make_users("ann", "bob")
    game = started_game(users, rated=False)
    play_to_the_end(game, random.Random(13))
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    assert not RatingChange.objects.filter(game=game).exists()
    assert not game.seats.filter(user__ratings__isnull=False).exists()
