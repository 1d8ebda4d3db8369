"""The replay (the board as it was after any move, public information only) and the full log."""

from django.shortcuts import render
from django.views.decorators.http import require_GET

from games import engine
from games.export import export_allowed
from games.game_log import move_entries, move_sentences
from games.models import Move
from games.selectors import access_game, logged_moves, names_for, seat_for
from games.services.replay import replay_to
from games.svg import board_svg, card_svg
from games.svg.palette import colour_class, player_css, player_initials

from .page import with_turned_up


def _move_number(raw, last: int) -> int:
    try:
        number = int(raw)
    except (TypeError, ValueError):
        return last
    return max(0, min(number, last))


@require_GET
def game_replay(request, game_id: int):
    game = access_game(game_id=game_id, user=request.user)
    seats = list(game.seats.all())
    last = Move.objects.filter(game=game).count()
    number = _move_number(request.GET.get("move"), last)
    context = {
        "game": game,
        "number": number,
        "last": last,
        "started": game.state is not None,
        "can_export": export_allowed(game, request.user),
        "can_restart": game.is_over and seat_for(game, request.user) is not None,
    }
    if game.state is not None:
        # A spectator's view of the position then: no hand, no ticket, no deck order.
        state, move = replay_to(game, number)
        view = engine.player_view(state, None)
        names = names_for(game)
        colors = {seat.player_id: seat.color for seat in seats}
        game_map = engine.get_map(game.map_id)
        marks = player_initials(view["players_order"], names)
        context.update(
            {
                "board_svg": board_svg(
                    game_map,
                    view,
                    player_colors=colors,
                    player_names=names,
                    title=f"{game_map.name} board after move {number}",
                ),
                "face_up": [card_svg(color) for color in view["face_up"]],
                "sentences": move_sentences(move.events, names, game.map_id) if move else [],
                "players": [
                    {
                        "name": names[pid],
                        "css": player_css(colors[pid]),
                        "colour_class": colour_class(colors[pid]),
                        "mark": marks[pid],
                        **view["players"][pid],
                    }
                    for pid in view["players_order"]
                ],
                "has_stations": game_map.has_stations,
                "previous": number - 1 if number > 0 else None,
                "next": number + 1 if number < last else None,
            }
        )
    return render(request, "games/play/replay.html", context)


@require_GET
def game_log(request, game_id: int):
    game = access_game(game_id=game_id, user=request.user)
    return render(
        request,
        "games/play/log.html",
        {
            "game": game,
            "log": with_turned_up(move_entries(logged_moves(game), names_for(game), game.map_id)),
        },
    )
