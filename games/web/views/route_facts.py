"""The routes as the viewer's page names them: each route's facts, its ways to pay in
words, its link, and the list of the routes the viewer can claim now."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from games.engine import TUNNEL_REVEAL
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


def claimable_list(table: Table) -> list[dict]:
    """The routes the viewer can claim now, by name, each with its ways to pay in words."""
    game_id = table.game.pk
    href = route_link(game_id)
    rows = []
    for route_id, ways in table.claims.items():
        info = route_info(table.game_map, route_id)
        # Only the first three ways to pay are worded.
        labels = [payment_label(cards) for cards in ways[:3]]
        shown = ", ".join(labels)
        if len(ways) > 3:
            more = len(ways) - 3
            # Translators: after the first three ways to pay a route, how many more there are.
            shown += " " + ngettext("(and %(n)d more)", "(and %(n)d more)", more) % {"n": more}
        rows.append({**info, "href": href(route_id), "payments": shown})
    return sorted(rows, key=lambda row: row["name"])
