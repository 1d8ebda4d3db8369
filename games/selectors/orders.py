"""A seat's standing orders, for its own player only: the caller passes their own seat
(games.selectors.access.seat_get); no other read of them exists."""

from games.engine.orders import orders_from_list
from games.models import StandingOrders
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
