"""The end of a game: final scores and places, ratings and result mail, in one transaction."""

from datetime import datetime

from games import notify
from games.models import Game, GameStatus, Seat
from games.ratings.record import record_game_ratings


def places_from_ranking(ranking: list[list[str]]) -> dict[str, int]:
    """Competition places: a tie shares a place and the next group skips (1, 1, 3)."""
    places: dict[str, int] = {}
    ranked = 0
    for group in ranking:
        for player in group:
            places[player] = ranked + 1
        ranked += len(group)
    return places


def game_finish(*, game: Game, seats: list[Seat], final: dict, now: datetime) -> None:
    """Record the engine's final result. Call with the game row locked (inside the move).

    A seat the engine left out of the ranking (it should not) is placed after everyone ranked.
    """
    places = places_from_ranking(final.get("ranking") or [])
    totals = final.get("players") or {}
    unranked_place = len(places) + 1
    for seat in seats:
        seat.place = places.get(seat.player_id, unranked_place)
        seat.final_score = (totals.get(seat.player_id) or {}).get("total")
        seat.to_move = False
        seat.save(update_fields=["place", "final_score", "to_move"])
    game.status = GameStatus.FINISHED
    game.finished_at = now
    game.deadline = None
    game.save(update_fields=["status", "finished_at", "deadline"])
    if game.rated:
        record_game_ratings(game)
    notify.on_game_over(game)


def game_abort(*, game: Game, seats: list[Seat], now: datetime) -> None:
    """End a game without a result (no ratings): everyone still in it ran out of time."""
    for seat in seats:
        if seat.to_move:
            seat.to_move = False
            seat.save(update_fields=["to_move"])
    game.status = GameStatus.ABORTED
    game.finished_at = now
    game.deadline = None
    game.save(update_fields=["status", "finished_at", "deadline"])
    notify.on_game_over(game)
