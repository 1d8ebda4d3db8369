"""Posted game forms → the engine's action dicts, and the card tokens the forms carry.

A way to pay is posted as one token, e.g. ``blue:3,locomotive:1`` (the value of
a radio button), so a plain HTML form can offer every distinct payment that
``legal_actions`` lists without any JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engine import ActionType
from games.engine.maps import CARD_KINDS
from games.refusals.errors import BadAction

if TYPE_CHECKING:  # the stubs' name for a lazily translated text; nothing to import at run time
    from django_stubs_ext import StrOrPromise

CHOOSE_PAYMENT = gettext_lazy("Choose one of the ways to pay that are offered.")
# ASCII digits only (str.isdigit also takes '²' and '١', which int() refuses or reads), and
# few enough that no count or version can be absurdly long.
COUNT = re.compile(r"[0-9]{1,9}")


def _count(raw: str) -> int | None:
    return int(raw) if COUNT.fullmatch(raw) else None


def cards_token(cards: Mapping[str, int]) -> str:
    """The canonical token for a payment: colours in card order, zero counts left out."""
    return ",".join(f"{color}:{cards[color]}" for color in CARD_KINDS if cards.get(color))


def parse_cards(token: str) -> dict[str, int]:
    cards: dict[str, int] = {}
    for part in (token or "").split(","):
        color, sep, count = part.partition(":")
        number = _count(count)
        if not sep or color not in CARD_KINDS or number is None or color in cards:
            raise BadAction(CHOOSE_PAYMENT)
        cards[color] = number
    return cards


def _required(post, name: str, message: StrOrPromise | None = None) -> str:
    value = (post.get(name) or "").strip()
    if not value:
        raise BadAction(message or _("The form is missing its %(field)s.") % {"field": name})
    return value


def expected_version(post) -> int:
    version = _count((post.get("version") or "").strip())
    if version is None:
        raise BadAction(_("The form did not say which position it was made against."))
    return version


def action_from_post(post) -> dict:
    """The action dict of a submitted form (request.POST); BadAction when it is not one."""
    action_type = (post.get("type") or "").strip()
    if action_type not in ActionType:
        raise BadAction()
    if action_type == ActionType.DRAW_CARD:
        source = _required(post, "from")
        if source == "deck":
            return {"type": action_type, "from": "deck"}
        if source != "face_up":
            raise BadAction()
        return {"type": action_type, "from": "face_up", "color": _required(post, "color")}
    if action_type == ActionType.CLAIM_ROUTE:
        return {
            "type": action_type,
            "route": _required(post, "route"),
            "cards": parse_cards(_required(post, "cards", CHOOSE_PAYMENT)),
        }
    if action_type == ActionType.KEEP_TICKETS:
        return {"type": action_type, "tickets": [t for t in post.getlist("tickets") if t]}
    if action_type == ActionType.BUILD_STATION:
        return {
            "type": action_type,
            "city": _required(post, "city", _("Choose a city for your station.")),
            "cards": parse_cards(_required(post, "cards", CHOOSE_PAYMENT)),
        }
    if action_type == ActionType.PAY_TUNNEL:
        cards = parse_cards(_required(post, "cards", CHOOSE_PAYMENT))
        return {"type": action_type, "cards": cards}
    return {"type": action_type}


def form_data(action: Mapping, version: int) -> dict:
    """The POST body a page's form sends for `action` (the inverse of action_from_post):
    for clients that play through the pages, such as the load benchmark."""
    data: dict = {"type": action["type"], "version": str(version)}
    if action["type"] == ActionType.DRAW_CARD:
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
