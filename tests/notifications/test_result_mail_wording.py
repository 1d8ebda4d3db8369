"""The result mail's "last moves" read as the log does: a turn's two blind draws in one
line that names no card, and the game's end as a sentence of its own."""

from datetime import UTC, datetime

import pytest
from mail_steps import make_player

from games.mail.compose import compose
from games.mail.keys import result_key
from games.models import Game, GameStatus, Move, Notification, Seat

pytestmark = pytest.mark.django_db


def test_the_result_mail_tells_a_two_card_turn_once_and_the_end_in_a_sentence():
    me, ann, bob = make_player("Cleo"), make_player("Ann"), make_player("Bob")
    game = Game.objects.create(
        map_id="europe",
        status=GameStatus.FINISHED,
        creator=ann,
        turn_seconds=24 * 3600,
        finished_at=datetime(2030, 1, 2, tzinfo=UTC),
    )
    seats = {
        user: Seat.objects.create(game=game, user=user, order=order, color=color)
        for order, (user, color) in enumerate([(ann, "red"), (me, "blue"), (bob, "green")])
    }
    pid = {user: seat.player_id for user, seat in seats.items()}

    def move(number, user, *events):
        # Numbered as the engine numbers events: a turn_passed starts the next turn.
        turn = 5 + sum(
            e["type"] == "turn_passed" for m in Move.objects.filter(game=game) for e in m.events
        )
        Move.objects.create(
            game=game,
            number=number,
            seat=seats[user],
            action={"type": "x"},
            events=[{**event, "turn": turn} for event in events],
        )

    def blind(user):
        return {"type": "card_drawn", "player": pid[user], "source": "deck", "color": None}

    move(1, me, {"type": "passed", "player": pid[me]}, {"type": "turn_passed", "player": pid[bob]})
    move(2, bob, blind(bob))  # the first card keeps the turn
    move(3, bob, blind(bob), {"type": "turn_passed", "player": pid[ann]})
    move(
        4,
        ann,
        {
            "type": "route_claimed",
            "player": pid[ann],
            "route": "amsterdam-essen",
            "length": 3,
            "points": 4,
            "cards": {"red": 3},
        },
        {
            "type": "game_over",
            "ranking": [[pid[ann]], [pid[me]], [pid[bob]]],
            "totals": {pid[ann]: 28, pid[me]: 20, pid[bob]: 9},
        },
    )
    row = Notification.objects.create(
        user=me, game=game, kind="result", key=result_key(game_id=game.pk, user_id=me.pk)
    )

    text = compose(row).text

    assert (
        "The last moves:\n"
        "- Bob drew 2 cards from the deck\n"
        "- Ann claimed Amsterdam–Essen (3) for 4 points\n"
        "- The game is over: Ann wins with 28 points\n"
    ) in text
