"""The routes as the viewer's page names them: each route's facts, its ways to pay in
words, its link, and the list of the routes the viewer can claim now."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games.engine import TUNNEL_REVEAL, get_map
from games.words.names import colour_name

from .action_form import cards_token
from .route_links import route_link
from .table import Table


def payment_label(cards: dict[str, int]) -> str:
    return _payment_label(get_language(), tuple(cards.items()))


# The same few ways to pay recur on every route and every page: each is worded once per
# language and process.
@lru_cache(maxsize=4096)
def _payment_label(language: str | None, items: tuple[tuple[str, int], ...]) -> str:
    cards = dict(items)
    parts = [
        ngettext("%(count)d locomotive", "%(count)d locomotives", n) % {"count": n}
        if color == "locomotive"
        else pgettext("a number of cards of a colour", "%(count)d %(colour)s")
        % {"count": n, "colour": colour_name(color)}
        for color, n in cards.items()
        if n
    ]
    return " + ".join(parts) if parts else _("nothing")


def payment_options(payments: list[dict]) -> list[dict]:
    """The distinct ways to pay the engine offers, each with its form token, label and chips."""
    return [
        {
            "token": cards_token(cards),
            "label": payment_label(cards),
            "chips": [(color, n) for color, n in cards.items() if n],
        }
        for cards in payments
    ]


def route_info(game_map, route_id: str) -> dict:
    """A route's facts as the pages show them (its cities' names, length, colour, kind)."""
    route = game_map.routes[route_id]
    cities = game_map.cities
    return {
        "id": route.id,
        "name": f"{cities[route.a].name} – {cities[route.b].name}",
        "length": route.length,
        "color": route.color,
        "is_tunnel": route.tunnel,
        "tunnel_reveal": TUNNEL_REVEAL,
        "locomotives": route.locomotives,  # a ferry's
        "points": game_map.route_points(route.length),
    }


def route_colour_name(color: str) -> str:
    """A route's colour as the pages name it: a gray route's own word, else the card's."""
    return pgettext("route colour", "gray") if color == "gray" else colour_name(color)


def _facts(info: dict, payments: str) -> str:
    """A claimable route's line after its name: its length, colour and kind, and how it can
    be paid ("3 red tunnel: 3 red, 2 red + 1 locomotive"). Worded here, not in the list's
    template: the list has a row for every route a player can claim, each drawn on every
    turn that begins."""
    values = {
        "length": info["length"],
        "colour": route_colour_name(info["color"]),
        "payments": payments,
    }
    if info["is_tunnel"]:
        return _("%(length)s %(colour)s tunnel: %(payments)s") % values
    if info["locomotives"]:
        return _("%(length)s %(colour)s ferry: %(payments)s") % values
    return f"{values['length']} {values['colour']}: {payments}"


def claimable_list(table: Table) -> list[dict]:
    """The routes the viewer can claim now, by name, each with its ways to pay in words."""
    href = route_link(table.game.pk)
    language, map_id = get_language(), table.game_map.id
    rows = []
    for route_id, ways in table.claims.items():
        # Only the first three ways to pay are worded.
        first = tuple(tuple(cards.items()) for cards in ways[:3])
        name, facts = _claimable_row(language, map_id, route_id, first, len(ways))
        rows.append({"name": name, "href": href(route_id), "facts": facts})
    return sorted(rows, key=lambda row: row["name"])


# A route's row recurs on every turn of every game on its map, with the same few ways to
# pay: each is worded once per language and process.
@lru_cache(maxsize=16384)
def _claimable_row(
    language: str | None,
    map_id: str,
    route_id: str,
    first: tuple[tuple[tuple[str, int], ...], ...],
    ways: int,
) -> tuple[str, str]:
    info = route_info(get_map(map_id), route_id)
    shown = ", ".join(_payment_label(language, items) for items in first)
    if ways > 3:
        more = ways - 3
        # Translators: after the first three ways to pay a route, how many more there are.
        shown += " " + ngettext("(and %(n)d more)", "(and %(n)d more)", more) % {"n": more}
    return info["name"], _facts(info, shown)
