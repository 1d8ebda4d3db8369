"""Standing orders in the viewer's language: each instruction as the summary to confirm,
why one was skipped, what the played one left to do, and the log's "played by standing
order" (games.engine.orders gives the codes)."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine.describe import place_names
from games.engine.orders import (
    CLAIM,
    DECK,
    FACE_UP,
    KEEP_ALL,
    KEEP_LOCOMOTIVES,
    STATION,
    TICKETS,
    TICKETS_TO_CHOOSE,
    TUNNEL_OVER_LIMIT,
    MalformedOrder,
)
from games.words.names import colour_name

PLAYED_BY_ORDER = gettext_lazy("played by standing order")
PLAYED_BY_ORDER_SENTENCE = gettext_lazy("Played by standing order.")

SKIP_REASONS = {
    "route_taken": gettext_lazy("the route was taken"),
    "double_route_closed": gettext_lazy("the double route is closed to you"),
    "not_enough_trains": gettext_lazy("not enough trains"),
    "not_enough_cards": gettext_lazy("not enough cards of that colour"),
    "tunnel_without_limit": gettext_lazy(
        "a tunnel, and the order did not say how many extra cards it may cost"
    ),
    "station_taken": gettext_lazy("the city already has a station"),
    "no_stations_left": gettext_lazy("no stations left"),
    "card_not_face_up": gettext_lazy("that card was not face up"),
    "no_cards_to_draw": gettext_lazy("no train cards to draw"),
    "no_tickets_to_draw": gettext_lazy("the destination ticket deck was empty"),
    "too_few_tickets": gettext_lazy("too few destination tickets left to draw"),
}

OUTCOMES = {
    TUNNEL_OVER_LIMIT: gettext_lazy(
        "The tunnel asked for more extra cards than the order allowed: it was given up."
    ),
    "not_enough_cards": gettext_lazy("You did not have the tunnel's extra cards: it was given up."),
    TICKETS_TO_CHOOSE: gettext_lazy("Choose which of the drawn tickets to keep."),
}

MALFORMED = {
    "not_a_list": gettext_lazy("Give one to five instructions."),
    "too_many": gettext_lazy("Give one to five instructions."),
    "not_an_object": gettext_lazy("That is not an instruction."),
    "unknown_kind": gettext_lazy("That is not an instruction."),
    "bad_field": gettext_lazy("An instruction names something this game does not have."),
    "no_stations_on_map": gettext_lazy("There are no stations on this map."),
}


def malformed_order_sentence(exc: MalformedOrder) -> str:
    return str(MALFORMED.get(exc.variant, MALFORMED["bad_field"]))


def _colour_cards(colour: str) -> str:
    if colour == "locomotive":
        return _("locomotives")
    return _("%(colour)s cards") % {"colour": colour_name(colour)}


def order_sentence(order: Mapping[str, Any], map_id: str) -> str:
    """One instruction as the player set it, e.g. "Claim Denver – Omaha with red cards"."""
    places = place_names(map_id)
    kind = order.get("kind")
    if kind == CLAIM:
        route = places.routes.get(order["route"], order["route"])
        if order["pay"] == KEEP_LOCOMOTIVES:
            text = _("Claim %(route)s, keeping my locomotives") % {"route": route}
        else:
            text = _("Claim %(route)s with %(cards)s") % {
                "route": route,
                "cards": _colour_cards(order["pay"]),
            }
        if order.get("tunnel_extra") is not None:
            text += " " + _("(a tunnel: at most %(extra)s extra cards)") % {
                "extra": order["tunnel_extra"]
            }
        return text
    if kind == STATION:
        return _("Build a station in %(city)s with %(cards)s") % {
            "city": places.cities.get(order["city"], order["city"]),
            "cards": _colour_cards(order["pay"]),
        }
    if kind == FACE_UP:
        if order["color"] == "locomotive":
            return _("Take the face-up locomotive")
        if order.get("then") in (None, DECK):
            return _("Take the face-up %(colour)s card, then one from the deck") % {
                "colour": colour_name(order["color"])
            }
        return _(
            "Take the face-up %(colour)s card, then a face-up %(then)s card, "
            "or else one from the deck"
        ) % {"colour": colour_name(order["color"]), "then": colour_name(order["then"])}
    if kind == TICKETS:
        if order.get("keep") == KEEP_ALL:
            return _("Draw destination tickets and keep them all")
        return _("Draw destination tickets; I choose, keeping at least %(least)s") % {
            "least": order["keep"]
        }
    return _("Draw two train cards from the deck")


def skip_reason(code: str) -> str:
    return str(SKIP_REASONS.get(code, code))


def outcome_sentence(code: str | None) -> str:
    return str(OUTCOMES[code]) if code in OUTCOMES else ""
