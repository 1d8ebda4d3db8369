"""The tunnel's panel: the cards its player laid, what the deck turned up, and the ways to
pay the extra (or to decline)."""

from __future__ import annotations

from games.engine import ActionType, PendingView
from games.svg import card_svg

from .route_facts import payment_label, payment_options, route_info
from .table import Table


def tunnel_panel(table: Table, pending: PendingView) -> dict:
    return {
        "name": "tunnel_cost",
        "route": route_info(table.game_map, pending["route"]),
        # The cards already laid: out of the hand, on the table until paid or declined.
        "laid": [card_svg(color, count=n) for color, n in (pending.get("laid") or {}).items()],
        "laid_label": payment_label(pending.get("laid") or {}),
        "revealed": [card_svg(color) for color in pending.get("revealed", [])],
        "extra": pending.get("extra", 0),
        "options": payment_options(table.tunnel_payments),
        "can_decline": ActionType.DECLINE_TUNNEL in table.action_types,
    }
