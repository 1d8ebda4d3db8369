"""The actions a player can take: one small frozen dataclass each, with a JSON round-trip."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .cards import KIND_INDEX, Cards
from .enums import ActionType
from .errors import MalformedAction
from .maps import CARD_KINDS


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action; `type` is the name used in the JSON form."""

    type: ClassVar[ActionType]

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type}


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw one train card: blind from the deck, or the face-up card of `color`."""

    source: str  # "deck" | "face_up"
    color: str | None = None
    type: ClassVar[ActionType] = ActionType.DRAW_CARD

    def to_dict(self) -> dict[str, Any]:
        if self.source == "deck":
            return {"type": self.type, "from": "deck"}
        return {"type": self.type, "from": "face_up", "color": self.color}


@dataclass(frozen=True, slots=True)
class ClaimRoute(Action):
    route: str
    cards: Cards  # (kind, count) pairs, see cards.Cards
    type: ClassVar[ActionType] = ActionType.CLAIM_ROUTE

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "route": self.route, "cards": dict(self.cards)}


@dataclass(frozen=True, slots=True)
class DrawTickets(Action):
    type: ClassVar[ActionType] = ActionType.DRAW_TICKETS


@dataclass(frozen=True, slots=True)
class KeepTickets(Action):
    tickets: tuple[str, ...]
    type: ClassVar[ActionType] = ActionType.KEEP_TICKETS

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "tickets": list(self.tickets)}


@dataclass(frozen=True, slots=True)
class BuildStation(Action):
    city: str
    cards: Cards
    type: ClassVar[ActionType] = ActionType.BUILD_STATION

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "city": self.city, "cards": dict(self.cards)}


@dataclass(frozen=True, slots=True)
class PayTunnel(Action):
    cards: Cards
    type: ClassVar[ActionType] = ActionType.PAY_TUNNEL

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.type, "cards": dict(self.cards)}


@dataclass(frozen=True, slots=True)
class DeclineTunnel(Action):
    type: ClassVar[ActionType] = ActionType.DECLINE_TUNNEL


@dataclass(frozen=True, slots=True)
class Pass(Action):
    type: ClassVar[ActionType] = ActionType.PASS


ACTION_CLASSES: dict[ActionType, type[Action]] = {
    cls.type: cls
    for cls in (
        DrawCard,
        ClaimRoute,
        DrawTickets,
        KeepTickets,
        BuildStation,
        PayTunnel,
        DeclineTunnel,
        Pass,
    )
}


def make_cards(mapping: Any, what: str = "cards") -> Cards:
    """Validate a colour -> count object and turn it into the canonical (kind, count) pairs."""
    if not isinstance(mapping, Mapping):
        raise MalformedAction(
            f"{what} must be an object of colour -> count", variant="cards_not_object", field=what
        )
    for kind, n in mapping.items():
        if kind not in KIND_INDEX:
            raise MalformedAction(
                f"{kind!r} is not a card colour; use one of {', '.join(CARD_KINDS)}",
                variant="unknown_colour",
                colour=repr(kind),
                choices=", ".join(CARD_KINDS),
            )
        if not isinstance(n, int) or isinstance(n, bool):
            raise MalformedAction(
                f"the count of {kind} cards must be a whole number",
                variant="count_not_whole",
                colour=kind,
            )
        if n < 0:
            raise MalformedAction(
                f"the count of {kind} cards cannot be negative",
                variant="count_negative",
                colour=kind,
            )
    return tuple((kind, mapping[kind]) for kind in CARD_KINDS if mapping.get(kind))


def _field(data: Mapping, name: str, kind: type, action_type: str) -> Any:
    if name not in data:
        raise MalformedAction(
            f"{action_type} needs the field {name!r}",
            variant="missing_field",
            action=str(action_type),
            field=repr(name),
        )
    value = data[name]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise MalformedAction(
            f"the field {name!r} of {action_type} has the wrong type",
            variant="wrong_type",
            action=str(action_type),
            field=repr(name),
        )
    return value


def action_from_dict(data: Any) -> Action:
    """Parse the JSON form of an action.

    Keys that are not part of the action (e.g. "player" in a scenario) are ignored. Raises
    MalformedAction (an IllegalMove and a ValueError) if `data` is not an action: not an
    object, an unknown type, a field missing or of the wrong type, an unknown colour.
    """
    if not isinstance(data, Mapping):
        raise MalformedAction("an action must be a JSON object", variant="not_an_object")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in ACTION_CLASSES:
        raise MalformedAction(
            f"unknown action type {kind!r}; use one of {', '.join(ACTION_CLASSES)}",
            variant="unknown_type",
            type=repr(kind),
            choices=", ".join(ACTION_CLASSES),
        )
    kind = ActionType(kind)
    if kind is ActionType.DRAW_CARD:
        source = _field(data, "from", str, kind)
        if source == "deck":
            return DrawCard("deck")
        if source != "face_up":
            raise MalformedAction(
                "draw_card 'from' must be 'deck' or 'face_up'", variant="draw_from"
            )
        color = _field(data, "color", str, kind)
        if color not in KIND_INDEX:
            raise MalformedAction(
                f"{color!r} is not a card colour; use one of {', '.join(CARD_KINDS)}",
                variant="unknown_colour",
                colour=repr(color),
                choices=", ".join(CARD_KINDS),
            )
        return DrawCard("face_up", color)
    if kind is ActionType.CLAIM_ROUTE:
        return ClaimRoute(_field(data, "route", str, kind), make_cards(data.get("cards")))
    if kind is ActionType.KEEP_TICKETS:
        tickets = _field(data, "tickets", list, kind)
        if not all(isinstance(t, str) for t in tickets):
            raise MalformedAction(
                "keep_tickets 'tickets' must be a list of ticket ids", variant="tickets_not_list"
            )
        return KeepTickets(tuple(tickets))
    if kind is ActionType.BUILD_STATION:
        return BuildStation(_field(data, "city", str, kind), make_cards(data.get("cards")))
    if kind is ActionType.PAY_TUNNEL:
        return PayTunnel(make_cards(data.get("cards")))
    return ACTION_CLASSES[kind]()
