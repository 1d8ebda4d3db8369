"""A seat's standing orders, for its own player only: the caller passes their own seat
(games.selectors.access.seat_get); no other read of them exists."""

from django.utils.translation import gettext as _

from games import engine
from games.engine.describe import place_names
from games.engine.maps import CARD_KINDS
from games.engine.orders import orders_from_list
from games.models import StandingOrders
from games.refusals.errors import NotAPlayer
from games.selectors.access import game_access, seat_get
from games.words.names import colour_name
from games.words.orders import order_sentence, outcome_sentence, skip_reason


def seat_orders_get(*, seat) -> StandingOrders | None:
    """The seat's orders (standing, or the record of the last ones played), or None."""
    if seat is None:
        return None
    return StandingOrders.objects.filter(seat=seat).select_related("seat__game").first()


def orders_told(*, standing: StandingOrders | None, map_id: str) -> dict:
    """The orders in words for their owner: the summary, and once played the report (which
    instruction was played, why each earlier one was skipped, what was left to do)."""
    if standing is None:
        return {"status": None, "orders": [], "summary": [], "report": None, "set_at": None}
    orders = [order.to_dict() for order in orders_from_list(map_id, standing.orders)]
    report = None
    if standing.report:
        played = standing.report.get("played")
        report = {
            "played": played,
            "played_text": order_sentence(orders[played], map_id) if played is not None else "",
            "skipped": [
                {
                    "index": index,
                    "order": order_sentence(orders[index], map_id),
                    "reason": code,
                    "reason_text": skip_reason(code),
                }
                for index, code in standing.report.get("skipped", [])
            ],
            "outcome": standing.report.get("outcome"),
            "outcome_text": outcome_sentence(standing.report.get("outcome")),
        }
    return {
        "status": standing.status,
        "orders": orders,
        "summary": [order_sentence(order, map_id) for order in orders],
        "report": report,
        "set_at": standing.set_at,
    }


def orders_panel_get(*, game_id, user) -> dict:
    """What the standing orders' panel shows the user at their game: their orders in words,
    whether they may set orders now (a seat in a game in play, while it is not their turn)
    and the choices of the form (the routes still open, the free cities, the colours).
    NotAPlayer for anyone without a seat."""
    game = game_access(game_id=game_id, user=user)
    seat = seat_get(game=game, user=user)
    if seat is None:
        raise NotAPlayer()
    return orders_panel_of(game=game, seat=seat)


def orders_panel_of(*, game, seat, choices: bool = True) -> dict:
    """The panel of `seat`, the viewer's own seat at `game` (the caller's to check); without
    `choices` the form's routes, cities and colours are left out (the game page's panel
    fetches its rows when opened)."""
    # The game page's read of the seats says whether there are any (viewer_has_orders).
    standing = seat_orders_get(seat=seat) if getattr(seat, "viewer_has_orders", True) else None
    told = orders_told(standing=standing, map_id=game.map_id)
    panel = {"game": game, "seat": seat, "told": told, "can_set": False, "my_turn": False}
    if not game.is_active or game.state is None or seat.forfeited or seat.bot_level:
        return panel
    state = engine.State.from_dict(game.state)
    panel["my_turn"] = engine.must_act(state, seat.player_id)
    panel["can_set"] = not panel["my_turn"]
    if not choices:
        return panel
    places = place_names(game.map_id)
    game_map = engine.get_map(game.map_id)
    panel["routes"] = sorted(
        (
            (
                route.id,
                f"{places.routes.get(route.id, route.id)} ({route.length}, "
                f"{colour_name(route.color)}{', ' + _('tunnel') if route.tunnel else ''})",
            )
            for route in game_map.routes.values()
            if route.id not in state.claims
        ),
        key=lambda item: item[1],
    )
    panel["cities"] = (
        sorted(
            (
                (city, places.cities.get(city, city))
                for city in game_map.cities
                if city not in state.stations
            ),
            key=lambda item: item[1],
        )
        if game_map.has_stations
        else []
    )
    panel["has_stations"] = game_map.has_stations
    panel["colours"] = [(kind, colour_name(kind)) for kind in CARD_KINDS]
    return panel
