"""game_access reads the game and its seats by SQL compiled once per process
(games.selectors.prepared): the same game, seats and annotations as the querysets it was
compiled from, in two queries, for each viewer."""

import pytest
from django.contrib.auth.models import AnonymousUser
from game_steps import keep_opening_tickets, make_users, started_game

from games.models import Game
from games.refusals.errors import NotAPlayer
from games.selectors.access import _for_viewer, game_access, game_watched
from games.services.notes import note_save

pytestmark = pytest.mark.django_db

SEAT_READS = ["pk", "user_id", "order", "to_move", "has_vacation", "karma_games", "karma_kept"]


def seen(game, with_viewer: bool) -> dict:
    seats = list(game.seats.all())
    return {
        "game": (game.pk, game.version, game.state, game.creator.username, game.club_id),
        "awaiting": getattr(game, "viewer_awaiting", None) if with_viewer else None,
        "seats": [
            [getattr(seat, name) for name in SEAT_READS] + [seat.user.username, seat.game is game]
            for seat in seats
        ],
        "notes": [getattr(seat, "viewer_note", None) for seat in seats] if with_viewer else None,
    }


def test_the_prepared_reads_agree_with_the_querysets(django_assert_num_queries):
    ann, bob, cyd = make_users("ann", "bob", "cyd")
    game = started_game([ann, bob, cyd])
    keep_opening_tickets(game, except_user=cyd)
    note_save(game_id=game.pk, user=ann, text="bob hoards blue")
    other = started_game([ann, bob])  # another game: Ann's count of games awaiting her
    for viewer in (ann, bob, cyd):
        with django_assert_num_queries(2):
            read = game_access(game_id=game.pk, user=viewer)
            shown = seen(read, with_viewer=True)
        expected = _for_viewer(Game.objects.all(), viewer).get(pk=game.pk)
        assert shown == seen(expected, with_viewer=True)
    assert seen(game_access(game_id=game.pk, user=ann), True)["notes"].count("bob hoards blue") == 1
    for anybody in (AnonymousUser(), None):
        with django_assert_num_queries(2):
            shown = seen(game_watched(game_id=game.pk), with_viewer=False)
        expected = _for_viewer(Game.objects.all(), anybody).get(pk=game.pk)
        assert shown == seen(expected, with_viewer=False)
    assert game_access(game_id=other.pk, user=bob).pk == other.pk


@pytest.mark.parametrize("game_id", [0, -7_100_001, 2**63, "x", None, 10**9])
def test_no_game_is_no_game(game_id):
    (ann,) = make_users("ann")
    with pytest.raises(NotAPlayer):
        game_access(game_id=game_id, user=ann)
