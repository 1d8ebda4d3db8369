"""Finished games built straight in the database, the way the finishing service leaves them."""

from datetime import UTC, datetime, timedelta

from games.models import Game, GameStatus, Seat

COLORS = ("blue", "vermilion", "green", "yellow", "pink")
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def finished_game(
    places,
    *,
    map_id="usa",
    rated=True,
    forfeited=(),
    scores=None,
    finished_at=None,
    day=0,
    final=None,
    is_private=False,
):
    """places: {user: place} in seat order (1 = best, ties share); forfeited: users who left."""
    users = list(places)
    game = Game.objects.create(
        map_id=map_id,
        creator=users[0],
        max_players=max(2, len(users)),
        rated=rated,
        is_private=is_private,
        status=GameStatus.FINISHED,
        finished_at=finished_at or START + timedelta(days=day),
    )
    seats = []
    for order, user in enumerate(users):
        seats.append(
            Seat.objects.create(
                game=game,
                user=user,
                order=order,
                color=COLORS[order],
                place=places[user],
                forfeited_at=game.finished_at if user in forfeited else None,
                final_score=(scores or {}).get(user),
            )
        )
    if final is not None:
        game.state = {"final": final(seats)}
        game.save(update_fields=["state"])
    return game
