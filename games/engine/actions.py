"""The actions a player can take: one small frozen dataclass each, and `ACTION_FIELDS`, the
one description of their JSON form (each type's fields, their types and allowed values).

`action_from_dict` and `Action.to_dict` read that table, and so does the REST API, which
builds its schema of actions from it: a field added here is parsed, written and documented.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
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
        """The JSON form: `type`, then the fields ACTION_FIELDS lists for it, in order."""
        out: dict[str, Any] = {"type": self.type}
        for spec, attribute in zip(ACTION_FIELDS[self.type], fields(self), strict=True):
            if spec.only_with is None or out.get(spec.only_with[0]) == spec.only_with[1]:
                out[spec.name] = spec.type.to_json(getattr(self, attribute.name))
        return out


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Draw one train card: blind from the deck, or the face-up card of `color`."""

    source: str  # "deck" | "face_up"
    color: str | None = None
    type: ClassVar[ActionType] = ActionType.DRAW_CARD


@dataclass(frozen=True, slots=True)
class ClaimRoute(Action):
    route: str
    cards: Cards  # (kind, count) pairs, see cards.Cards
    type: ClassVar[ActionType] = ActionType.CLAIM_ROUTE


@dataclass(frozen=True, slots=True)
class DrawTickets(Action):
    type: ClassVar[ActionType] = ActionType.DRAW_TICKETS


@dataclass(frozen=True, slots=True)
class KeepTickets(Action):
    tickets: tuple[str, ...]
    type: ClassVar[ActionType] = ActionType.KEEP_TICKETS


@dataclass(frozen=True, slots=True)
class BuildStation(Action):
    city: str
    cards: Cards
    type: ClassVar[ActionType] = ActionType.BUILD_STATION


@dataclass(frozen=True, slots=True)
class PayTunnel(Action):
    cards: Cards
    type: ClassVar[ActionType] = ActionType.PAY_TUNNEL


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


# --- the JSON form: one table, read by the parser, by to_dict and by the API's schema ---


class FieldType(StrEnum):
    """What a field of an action's JSON form holds."""

    CHOICE = "choice"  # a string, one of the field's `choices`
    COLOUR = "colour"  # a string, one train card colour (CARD_KINDS)
    ROUTE = "route"  # a string, a route id
    CITY = "city"  # a string, a city id
    TICKETS = "tickets"  # a list of strings, ticket ids
    CARDS = "cards"  # an object colour -> whole number of cards (0: none of that colour)

    def to_json(self, value: Any) -> Any:
        if self is FieldType.CARDS:
            return dict(value)
        if self is FieldType.TICKETS:
            return list(value)
        return value


@dataclass(frozen=True, slots=True)
class ActionFieldSpec:
    """One field of an action's JSON form; the fields of a type are in the order of the
    action class's own fields (DrawCard's "from" is its `source`)."""

    name: str  # the JSON key
    type: FieldType
    description: str = ""
    # CHOICE and COLOUR: the values allowed; CARDS: the colours a payment may name
    choices: tuple[str, ...] = ()
    minimum: int | None = None  # CARDS: the least count of a colour
    # (field, value): the field is needed, read and written only when that field has that value
    only_with: tuple[str, str] | None = None
    refusal: str = ""  # CHOICE: the refusal's variant for a value not among the choices


CARD_COUNT_MINIMUM = 0  # a colour paid 0 times is the same payment without it

_PAYMENT = ActionFieldSpec(
    "cards",
    FieldType.CARDS,
    'Cards paid, by colour: `{"blue": 3, "locomotive": 1}`.',
    choices=CARD_KINDS,
    minimum=CARD_COUNT_MINIMUM,
)
DRAW_SOURCES = ("deck", "face_up")

ACTION_FIELDS: dict[ActionType, tuple[ActionFieldSpec, ...]] = {
    ActionType.DRAW_CARD: (
        ActionFieldSpec("from", FieldType.CHOICE, choices=DRAW_SOURCES, refusal="draw_from"),
        ActionFieldSpec(
            "color",
            FieldType.COLOUR,
            "The face-up card's colour",
            choices=CARD_KINDS,
            only_with=("from", "face_up"),
        ),
    ),
    ActionType.CLAIM_ROUTE: (
        ActionFieldSpec("route", FieldType.ROUTE, "A route id, e.g. `denver-omaha`."),
        _PAYMENT,
    ),
    ActionType.DRAW_TICKETS: (),
    ActionType.KEEP_TICKETS: (
        ActionFieldSpec("tickets", FieldType.TICKETS, "Ids of the offered tickets to keep."),
    ),
    ActionType.BUILD_STATION: (ActionFieldSpec("city", FieldType.CITY), _PAYMENT),
    ActionType.PAY_TUNNEL: (_PAYMENT,),
    ActionType.DECLINE_TUNNEL: (),
    ActionType.PASS: (),
}


def make_cards(mapping: Any, what: str = "cards") -> Cards:
    """Validate a colour -> count object and turn it into the canonical (kind, count) pairs."""
    if not isinstance(mapping, Mapping):
        raise MalformedAction(
            f"{what} must be an object of colour -> count", variant="cards_not_object", field=what
        )
    for kind, n in mapping.items():
        _check_colour(kind)
        if not isinstance(n, int) or isinstance(n, bool):
            raise MalformedAction(
                f"the count of {kind} cards must be a whole number",
                variant="count_not_whole",
                colour=kind,
            )
        if n < CARD_COUNT_MINIMUM:
            raise MalformedAction(
                f"the count of {kind} cards cannot be negative",
                variant="count_negative",
                colour=kind,
            )
    return tuple((kind, mapping[kind]) for kind in CARD_KINDS if mapping.get(kind))


def _check_colour(kind: Any) -> None:
    if kind not in KIND_INDEX:
        raise MalformedAction(
            f"{kind!r} is not a card colour; use one of {', '.join(CARD_KINDS)}",
            variant="unknown_colour",
            colour=repr(kind),
            choices=", ".join(CARD_KINDS),
        )


def _field(data: Mapping[str, Any], name: str, kind: type, action_type: str) -> Any:
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


def _read(data: Mapping[str, Any], spec: ActionFieldSpec, action_type: ActionType) -> Any:
    """One field's value, as the action class holds it; MalformedAction if it is not one."""
    kind = spec.type
    if kind is FieldType.CARDS:
        return make_cards(data.get(spec.name), spec.name)
    if kind is FieldType.TICKETS:
        ids = _field(data, spec.name, list, action_type)
        if not all(isinstance(t, str) for t in ids):
            raise MalformedAction(
                f"{action_type} {spec.name!r} must be a list of ticket ids",
                variant="tickets_not_list",
            )
        return tuple(ids)
    value = _field(data, spec.name, str, action_type)
    if kind is FieldType.COLOUR:
        _check_colour(value)
    elif kind is FieldType.CHOICE and value not in spec.choices:
        raise MalformedAction(
            f"{action_type} {spec.name!r} must be {' or '.join(map(repr, spec.choices))}",
            variant=spec.refusal,
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
    values: dict[str, Any] = {}
    for spec in ACTION_FIELDS[kind]:
        if spec.only_with is None or values.get(spec.only_with[0]) == spec.only_with[1]:
            values[spec.name] = _read(data, spec, kind)
        else:
            values[spec.name] = None  # the action class's default
    return ACTION_CLASSES[kind](*values.values())


assert all(len(ACTION_FIELDS[t]) == len(fields(cls)) for t, cls in ACTION_CLASSES.items()), (
    "ACTION_FIELDS lists one JSON field per field of each action class"
)
