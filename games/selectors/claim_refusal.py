"""Why a seat cannot claim a route now: the engine's refusal, read from the stored game
(for the route panel of a route the page does not offer)."""

from games import engine
from games.engine.claim_refusal import claim_refusal as engine_claim_refusal
from games.models import Game, Seat


def claim_refusal(*, game: Game, seat: Seat, route_id: str) -> engine.IllegalMove | None:
    """The engine's refusal of the seat's claim of `route_id` now; None if none is known."""
    if game.state is None:
        return None
    state = engine.State.from_dict(game.state)
    return engine_claim_refusal(state, seat.player_id, route_id)
