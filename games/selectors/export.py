"""A game as a file: its players, its move log with the events, and, once it is over, the
scenario of its start (docs/scenarios.md) that `python -m games.engine.scenario`
replays to the same end. Read on a user's behalf, after game_access.

A game in play is exported only for its players and holds only what that player may see:
their own view (their hand and tickets, nobody else's), the public events, and the actions
of their own moves (another player's move shows its type; a ticket choice names no ticket).
No seed, no pile order, no start scenario until the game is over.
"""

from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine
from games.models import Game, Move
from games.refusals.errors import GameNotActive, NotAllowed
from games.selectors.access import seat_get
from games.selectors.replay import CLOCK_ONLY_ACTIONS, game_start_document

FORMAT = "ttr-game-export"
VERSION = 1


def export_allowed(*, game: Game, user) -> bool:
    """Over: anyone who may see the game; in play: its players only."""
    return game.state is not None and (game.is_over or seat_get(game=game, user=user) is not None)


def export_document(*, game: Game, user) -> dict:
    """The export of a game `user` may see (game_access); NotAllowed / GameNotActive else."""
    if game.state is None:
        raise GameNotActive(_("The game has not started yet."))
    seat = seat_get(game=game, user=user)
    if not game.is_over and seat is None:
        raise NotAllowed(_("Only its players can download a game in play."))
    viewer = seat.player_id if seat else None
    seats = list(game.seats.all())
    usernames = {s.player_id: s.user.username for s in seats}
    moves = list(Move.objects.filter(game=game).order_by("number"))
    state = engine.State.from_dict(game.state)
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "game": {
            "id": game.pk,
            "map": game.map_id,
            "status": game.status,
            "rated": game.rated,
            "started_at": game.started_at.isoformat() if game.started_at else None,
            "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        },
        "players": [
            {
                "player": s.player_id,
                "username": s.user.username,
                "color": s.color,
                "order": s.order,
                "forfeited": s.forfeited,
                "final_score": s.final_score,
                "place": s.place,
            }
            for s in seats
        ],
        "viewer": viewer,
        "moves": [
            {
                "number": move.number,
                "player": str(move.seat_id) if move.seat_id else None,
                "action": _shown_action(move, game, viewer),
                "events": move.events,
                "created_at": move.created_at.isoformat(),
            }
            for move in moves
        ],
        "view": engine.player_view(state, viewer),
        "statistics": engine.game_statistics(
            game.map_id,
            list(state.players),
            [move.events for move in moves],
            engine.player_view(state, None).get("final"),
        ),
    }
    if game.is_over:
        document["scenario"] = export_scenario(game=game, moves=moves, usernames=usernames)
    return document


def _shown_action(move: Move, game: Game, viewer: str | None) -> dict:
    if game.is_over or (viewer is not None and str(move.seat_id) == viewer):
        return move.action
    return {"type": move.action.get("type")}


def export_scenario(*, game: Game, moves: list[Move], usernames: dict[str, str]) -> dict:
    """The start scenario with every move appended as an action, players named by username."""
    start = game_start_document(game=game)
    actions = list(start.get("actions", []))
    for move in moves:
        if move.action["type"] in CLOCK_ONLY_ACTIONS:
            continue  # the site's clock, not the position
        action = {"type": move.action["type"]} if move.action["type"] == "forfeit" else move.action
        actions.append({"player": str(move.seat_id), **action})
    document = {**start, "actions": actions}
    return engine.rename_players(document, usernames)
