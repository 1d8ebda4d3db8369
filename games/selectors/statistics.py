"""A game's statistics per player (engine.game_statistics) from its Move log: public facts.

The events are what every viewer of the log sees (a blind card is never named), and the
final result is public once the game is over, so anyone who may see the game may see these.
"""

from games import engine
from games.models import Game, Move


def game_statistics(*, game: Game) -> dict[str, dict] | None:
    """{seat player id: statistics}; None before the start. One query (the moves' events)."""
    if game.state is None:
        return None
    state = engine.State.from_dict(game.state)
    final = engine.player_view(state, None).get("final")
    events = Move.objects.filter(game=game).order_by("number").values_list("events", flat=True)
    return engine.game_statistics(game.map_id, list(state.players), events, final)
