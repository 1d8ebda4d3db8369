"""Who must act now, and until when: the game's deadline and each seat's `to_move` flag.

During the opening every player who has not kept their tickets shares one
deadline, set when the game starts; in play the player whose turn it is gets
the game's full time per move, counted from when the turn reached them (a second
card draw or a pending tunnel continues the same turn and the same deadline).
"""

from datetime import datetime

from games import engine
from games.models import Game, GameStatus, Seat

OPENING = "initial_tickets"
PLAYING = "play"
GAME_OVER = "game_over"


def players_to_act(state, seats: list[Seat], public: dict) -> set[str]:
    """The player ids who must act before the deadline, read from the engine's views."""
    phase = public["phase"]
    active = [seat for seat in seats if not seat.forfeited]
    if phase == OPENING:
        # Only a player's own view says whether they still hold an opening offer.
        return {
            seat.player_id
            for seat in active
            if engine.player_view(state, seat.player_id)["players"][seat.player_id].get("offered")
        }
    if phase == PLAYING and public.get("current"):
        return {public["current"]}
    return set()


def settle_clock(
    *,
    game: Game,
    seats: list[Seat],
    state,
    public: dict,
    previous: dict | None,
    events: list[dict],
    now: datetime,
) -> None:
    """Set status, deadline and `to_move` after the state changed (the caller saves the game).

    `previous` is the public view before the change (None when the game just started).
    """
    phase = public["phase"]
    if phase == OPENING:
        game.status = GameStatus.CHOOSING
        if previous is None:
            game.turn_started_at = now
            game.deadline = now + game.turn_time
    elif phase == PLAYING:
        game.status = GameStatus.PLAYING
        turn_changed = (
            previous is None
            or previous["phase"] != PLAYING
            or previous.get("current") != public.get("current")
            or any(event.get("type") == "turn_passed" for event in events)
        )
        if turn_changed:
            game.turn_started_at = now
            game.deadline = now + game.turn_time
    else:
        game.deadline = None

    acting = players_to_act(state, seats, public)
    for seat in seats:
        should = seat.player_id in acting
        if seat.to_move != should:
            seat.to_move = should
            seat.save(update_fields=["to_move"])
