"""Each route's link to its panel on the game page, as the board and the list of claimable
routes carry it."""

from __future__ import annotations

import re

from django.urls import reverse

# A route id the URL carries as it is (no character of it is quoted).
_PLAIN_ID = re.compile(r"[A-Za-z0-9_.~-]+")


def route_link(game_id: int):
    """route id -> the URL of its panel (reverse("game_route")), reversed once per page
    rather than once for each route on the board and in the list."""
    stem = reverse("game_route", args=[game_id, "r"]).removesuffix("r/")

    def href(route_id: str) -> str:
        if _PLAIN_ID.fullmatch(route_id):
            return f"{stem}{route_id}/"
        return reverse("game_route", args=[game_id, route_id])

    return href
