"""The replay (the board as it was after any move, public information only) and the full log."""

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from accounts.private_pages import private_to_viewer
from games.engine import EventType, get_map
from games.selectors.access import game_access, seat_get
from games.selectors.export import export_allowed
from games.selectors.log import move_list, player_names
from games.selectors.replay import game_public_view_at
from games.svg import board_svg, card_svg
from games.svg.palette import colour_class, player_css, player_initials
from games.words.game_log import move_entries, tunnel_reveals, turns_of
from games.words.names import map_name

from .log_lines import turned_up, with_turned_up


def _clamp(raw, high: int) -> int | None:
    try:
        number = int(raw)
    except (TypeError, ValueError):
        return None
    return max(0, min(number, high))


def _position(request, game, turns) -> int:
    """Which turn the replay shows: `?turn=` (0 is the deal), or the turn holding `?move=`
    (older links), else the start for a finished game and the latest turn for one in play."""
    count = len(turns)
    turn = _clamp(request.GET.get("turn"), count)
    if turn is not None:
        return turn
    move = _clamp(request.GET.get("move"), turns[-1].number if turns else 0)
    if move is not None:
        return sum(1 for t in turns if t.moves[0].number <= move) if move else 0
    return 0 if game.is_over else count


@require_GET
def game_replay(request, game_id: int):
    """The board after any turn, stepped through by turn (a slider, the arrow keys, autoplay)."""
    game = game_access(game_id=game_id, user=request.user)
    seats = list(game.seats.all())
    names = player_names(game=game)
    turns = turns_of(move_list(game=game), names, game.map_id)
    position = _position(request, game, turns)
    turn = turns[position - 1] if position else None
    number = turn.number if turn else 0
    context = {
        "game": game,
        "position": position,
        "count": len(turns),
        "turn": turn,
        "number": number,
        "started": game.state is not None,
        "autoplay": request.GET.get("play") == "1" and position < len(turns),
        "can_export": export_allowed(game=game, user=request.user),
        "can_restart": game.is_over and seat_get(game=game, user=request.user) is not None,
    }
    if game.state is not None:
        # A spectator's view of the position then: no hand, no ticket, no deck order.
        view = game_public_view_at(game=game, move_number=number)
        colors = {seat.player_id: seat.color for seat in seats}
        game_map = get_map(game.map_id)
        marks = player_initials(view["players_order"], names)
        context.update(
            {
                "board_svg": board_svg(
                    game_map,
                    view,
                    player_colors=colors,
                    player_names=names,
                    new_routes=_claimed(turn),
                    new_stations=_built(turn),
                    title=_("%(map)s board after turn %(turn)d")
                    % {"map": map_name(game_map.id), "turn": position},
                ),
                "face_up": [card_svg(color) for color in view["face_up"]],
                "sentences": turn.sentences if turn else [],
                "turned_up": [turned_up(cards) for cards in tunnel_reveals(turn.moves)]
                if turn
                else [],
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
                "previous": position - 1 if position > 0 else None,
                "next": position + 1 if position < len(turns) else None,
            }
        )
    return render(request, "games/play/replay.html", context)


def _claimed(turn) -> list[str]:
    """The routes the turn claimed: ringed on its board."""
    if turn is None:
        return []
    events = [e for m in turn.moves for e in m.events]
    return [e["route"] for e in events if e.get("type") == EventType.ROUTE_CLAIMED]


def _built(turn) -> list[str]:
    if turn is None:
        return []
    events = [e for m in turn.moves for e in m.events]
    return [e["city"] for e in events if e.get("type") == EventType.STATION_BUILT]


@private_to_viewer
@require_GET
def game_log(request, game_id: int):
    game = game_access(game_id=game_id, user=request.user)
    return render(
        request,
        "games/play/log.html",
        {
            "game": game,
            "log": with_turned_up(
                move_entries(move_list(game=game), player_names(game=game), game.map_id), game.pk
            ),
        },
    )
