"""Games as plain dicts for the serializers: lobby facts, seats, and the caller's view.

Everything about the position comes from game_view (the engine's player_view for
the caller's seat, or a spectator's); the stored state, seed and deck are never read.
"""

from django.urls import reverse
from django.utils import timezone
from rest_framework.response import Response

from games.api.serializers.games import GameDetail
from games.api.serializers.shown import shown
from games.selectors.access import game_view, game_visible, seat_get
from games.selectors.karma import seat_karma
from games.selectors.vacations import vacation_away_until


def game_api_url(request, game) -> str:
    return request.build_absolute_uri(reverse("api-game", args=[game.pk]))


def summary_of(request, game, *, seats=None, mine=None) -> dict:
    """The lobby facts of a game. `seats` (users selected) and the caller's seat `mine` are
    read from the game's prefetched seats unless given."""
    if seats is None:
        seats = list(game.seats.all())
        mine = seat_get(game=game, user=request.user)
    creator = next((seat.user for seat in seats if seat.user_id == game.creator_id), None)
    return {
        "id": game.pk,
        "url": game_api_url(request, game),
        "map": game.map_id,
        "status": game.status,
        "version": game.version,
        "creator": (creator or game.creator).username,
        "players": [seat.user.username for seat in seats],
        "max_players": game.max_players,
        "turn_seconds": game.turn_seconds,
        "bank_seconds": game.bank_seconds,
        "allow_vacations": game.allow_vacations,
        "is_private": game.is_private,
        "rated": game.rated,
        "created_at": game.created_at,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
        "deadline": game.deadline,
        # to_move is the engine's players_to_act, recorded with every move (games.services.clock)
        "your_turn": bool(mine and mine.to_move),
    }


def _seat_of(seat, view: dict | None, away: dict) -> dict:
    counts = (view or {}).get("players", {}).get(seat.player_id, {})
    return {
        "player": seat.player_id,
        "username": seat.user.username,
        "color": seat.color,
        "order": seat.order,
        "to_move": seat.to_move,
        "forfeited": seat.forfeited,
        "resigned": seat.resigned,
        "bot": seat.bot_level or None,
        "deadline": seat.deadline,
        "bank_left_seconds": seat.bank_left_seconds,
        "extra_seconds": seat.extra_seconds,
        "away_until": away.get(seat.user_id),
        "place": seat.place,
        "karma": karma.percent if (karma := seat_karma(seat=seat)) else None,
        **{
            key: counts.get(key)
            for key in ("score", "trains", "stations_left", "card_count", "ticket_count")
        },
    }


def _ranking(view: dict | None, names: dict[str, str]) -> list[list[str]] | None:
    final = (view or {}).get("final")
    if not final:
        return None
    return [[names.get(player, player) for player in place] for place in final["ranking"]]


def detail_of(request, game, *, after_move=None) -> dict:
    """The game as the caller sees it; `after_move` (games.services.play.PlayResult, the
    caller's own move) supplies the seats, the caller's view and the vacations already read."""
    if after_move is not None:
        view, mine, seats = after_move.view, after_move.seat, after_move.seats
    else:
        view = game_view(game=game, user=request.user)
        mine = seat_get(game=game, user=request.user)
        seats = list(game.seats.all())
    names = {seat.player_id: seat.user.username for seat in seats}
    away = {}
    if game.allow_vacations and game.is_active:
        if after_move is not None:
            away = after_move.pauses.away(timezone.now())
        else:
            away = vacation_away_until(
                user_ids=[seat.user_id for seat in seats], now=timezone.now()
            )
    return {
        **summary_of(request, game, seats=seats, mine=mine),
        "you": mine.player_id if mine else None,
        "seats": [_seat_of(seat, view, away) for seat in seats],
        "invite_token": game.invite_token if mine and game.is_private else None,
        "ranking": _ranking(view, names),
        "view": view,
    }


def detail_response(request, game_id, *, status: int = 200) -> Response:
    """The game as the caller may see it now (GameDetail), read afresh after any change."""
    game = game_visible(game_id=game_id, user=request.user)
    return Response(shown(GameDetail, detail_of(request, game)), status=status)


def move_response(request, result) -> Response:
    """The game after the caller's move (GameDetail), from what the move service returned
    (games.services.play.PlayResult): the same answer as detail_response, nothing read again."""
    data = detail_of(request, result.game, after_move=result)
    return Response(shown(GameDetail, data))
