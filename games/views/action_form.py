"""Posted game forms → the engine's action dicts, and the card tokens the forms carry.

A way to pay is posted as one token, e.g. ``blue:3,locomotive:1`` (the value of
a radio button), so a plain HTML form can offer every distinct payment that
``legal_actions`` lists without any JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from games.engine.maps import CARD_KINDS
from games.services.errors import BadAction
from games.services.play import ACTION_TYPES

CHOOSE_PAYMENT = "Choose one of the ways to pay that are offered."
# ASCII digits only (str.isdigit also takes '²' and '١', which int() refuses or reads), and
# few enough that no count or version can be absurdly long.
COUNT = re.compile(r"[0-9]{1,9}")


def _count(raw: str) -> int | None:
    return int(raw) if COUNT.fullmatch(raw) else None


def cards_token(cards: Mapping[str, int]) -> str:
    """The canonical token for a payment: colours in card order, zero counts left out."""
    return ",".join(f"{kind}:{cards[kind]}" for kind in CARD_KINDS if cards.get(kind))


def parse_cards(token: str) -> dict[str, int]:
    cards: dict[str, int] = {}
    for part in (token or "").split(","):
        kind, sep, count = part.partition(":")
        number = _count(count)
        if not sep or kind not in CARD_KINDS or number is None or kind in cards:
            raise BadAction(CHOOSE_PAYMENT)
        cards[kind] = number
    return cards


def _required(post, name: str, message: str | None = None) -> str:
    value = (post.get(name) or "").strip()
    if not value:
        raise BadAction(message or f"The form is missing its {name.replace('_', ' ')}.")
    return value


def expected_version(post) -> int:
    version = _count((post.get("version") or "").strip())
    if version is None:
        raise BadAction("The form did not say which position it was made against.")
    return version


def action_from_post(post) -> dict:
    """The action dict of a submitted form (request.POST); BadAction when it is not one."""
    kind = (post.get("type") or "").strip()
    if kind not in ACTION_TYPES:
        raise BadAction()
    if kind == "draw_card":
        source = _required(post, "from")
        if source == "deck":
            return {"type": kind, "from": "deck"}
        if source != "face_up":
            raise BadAction()
        return {"type": kind, "from": "face_up", "color": _required(post, "color")}
    if kind == "claim_route":
        return {
            "type": kind,
            "route": _required(post, "route"),
            "cards": parse_cards(_required(post, "cards", CHOOSE_PAYMENT)),
        }
    if kind == "keep_tickets":
        return {"type": kind, "tickets": [t for t in post.getlist("tickets") if t]}
    if kind == "build_station":
        return {
            "type": kind,
            "city": _required(post, "city", "Choose a city for your station."),
            "cards": parse_cards(_required(post, "cards", CHOOSE_PAYMENT)),
        }
    if kind == "pay_tunnel":
        return {"type": kind, "cards": parse_cards(_required(post, "cards", CHOOSE_PAYMENT))}
    return {"type": kind}


def form_data(action: Mapping, version: int) -> dict:
    """The POST body a page's form sends for `action` (the inverse of action_from_post):
    for clients that play through the pages, such as the load benchmark."""
    data: dict = {"type": action["type"], "version": str(version)}
    if action["type"] == "draw_card":
        data["from"] = action["from"]
        if action["from"] == "face_up":
            data["color"] = action["color"]
    for name in ("route", "city"):
        if name in action:
            data[name] = action[name]
    if "cards" in action:
        data["cards"] = cards_token(action["cards"])
    if "tickets" in action:
        data["tickets"] = list(action["tickets"])
    return data
