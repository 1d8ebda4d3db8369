"""One English sentence per event, for the game log. Blind draws never name the card."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from .enums import EventType
from .maps import get_map
from .rules.turns import LAST_ROUND_TRAINS


@dataclass(frozen=True)
class PlaceNames:
    """The names a log sentence gives a map's routes ("Denver–Omaha") and cities."""

    routes: dict[str, str]
    cities: dict[str, str]


@cache
def place_names(map_id: str | None) -> PlaceNames:
    """The map's route and city names; with no map, both maps' (the first map's where the
    same id is on both). A map's places never change: worked out once per process."""
    routes: dict[str, str] = {}
    cities: dict[str, str] = {}
    for mid in (map_id,) if map_id else ("usa", "europe"):
        game_map = get_map(mid)
        for route_id, route in game_map.routes.items():
            a, b = game_map.cities[route.a].name, game_map.cities[route.b].name
            routes.setdefault(route_id, f"{a}–{b}")
        for city_id, city in game_map.cities.items():
            cities.setdefault(city_id, city.name)
    return PlaceNames(routes=routes, cities=cities)


def _route_name(map_id: str | None, route_id: str) -> str:
    return place_names(map_id).routes.get(route_id, route_id)


def _city_name(map_id: str | None, city_id: str) -> str:
    return place_names(map_id).cities.get(city_id, city_id)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _card(color: str) -> str:
    return "locomotive" if color == "locomotive" else f"{color} card"


def _join(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _draw(event: Mapping[str, Any]) -> str:
    if event.get("source") == "face_up":
        return f"took a face-up {_card(event['color'])}"
    return "drew a card from the deck"


def describe_card_draws(draws: list[Mapping[str, Any]], names: Mapping[str, str]) -> str:
    """One sentence for a turn's card draws (one or two card_drawn events of one player):
    "ann drew 2 cards from the deck", "ann drew a card from the deck and took a face-up
    red card". A blind draw never names its card."""
    player = draws[0].get("player")
    who = names.get(player, player) if player is not None else "?"
    if len(draws) == 2:
        first, second = draws
        sources = {first.get("source"), second.get("source")}
        if sources == {"deck"}:
            return f"{who} drew 2 cards from the deck"
        if sources == {"face_up"}:
            if first["color"] == second["color"]:
                return f"{who} took 2 face-up {_card(first['color'])}s"
            return (
                f"{who} took a face-up {_card(first['color'])} and a face-up "
                f"{_card(second['color'])}"
            )
    return f"{who} " + " and ".join(_draw(event) for event in draws)


# Sentences that open with a word of their own, not a player's name: after another
# sentence of the same move ("...; the game is over: ...") they go on in lower case.
_OPENS_WITH_A_WORD = {
    EventType.FACE_UP_RESET,
    EventType.DECK_RESHUFFLED,
    EventType.TURN_PASSED,
    EventType.GAME_OVER,
}


def continued(event: Mapping[str, Any], sentence: str) -> str:
    """The sentence as it reads after "; " within one line of the log."""
    if event.get("type") in _OPENS_WITH_A_WORD and sentence:
        return sentence[0].lower() + sentence[1:]
    return sentence


def describe(event: Mapping[str, Any], names: Mapping[str, str], map_id: str | None = None) -> str:
    """The sentence for `event`; `names` maps player ids to display names (id if missing).

    `map_id` picks the board for city names; without it the route or city id is looked up
    on both boards (ids are distinct between them). An event of a type it does not know
    reads as its type. Raises KeyError if the event lacks a field the engine's events of
    its type carry.
    """

    def who(key: str = "player") -> str:
        player = event.get(key)
        return names.get(player, player) if player is not None else "?"

    kind = event.get("type")
    if kind == EventType.CARD_DRAWN:
        return f"{who()} {_draw(event)}"
    if kind == EventType.ROUTE_CLAIMED:
        return (
            f"{who()} claimed {_route_name(map_id, event['route'])} ({event['length']}) "
            f"for {_plural(event['points'], 'point')}"
        )
    if kind == EventType.TICKETS_DRAWN:
        return f"{who()} drew {_plural(event['count'], 'destination ticket')}"
    if kind == EventType.TICKETS_KEPT:
        kept = f"{who()} kept {_plural(event['count'], 'destination ticket')}"
        return f"{kept} and returned {event['returned']}" if event.get("returned") else kept
    if kind == EventType.STATION_BUILT:
        return f"{who()} built a station in {_city_name(map_id, event['city'])}"
    if kind in (EventType.TUNNEL_REVEALED, EventType.TUNNEL_PAID, EventType.TUNNEL_DECLINED):
        tunnel = f"{who()}'s tunnel {_route_name(map_id, event['route'])}"
        extra = event.get("extra", 0)
        if kind == EventType.TUNNEL_REVEALED:
            # Every player learns which cards were turned up, whatever they asked for.
            revealed = event.get("revealed") or []
            kinds = [_card(color) for color in revealed]
            cards = _join([f"{'an' if c[0] in 'aeiou' else 'a'} {c}" for c in kinds])
            cards = cards or "no card (none were left)"
            if not extra:
                return f"{tunnel} turned up {cards}: nothing extra"
            return f"{tunnel} turned up {cards}: {extra} extra, pay or decline"
        turned = f"{tunnel} turned up {extra} extra"
        return f"{turned}: {'paid' if kind == EventType.TUNNEL_PAID else 'declined'}"
    if kind == EventType.FACE_UP_RESET:
        return "Three face-up locomotives: the face-up cards were replaced"
    if kind == EventType.DECK_RESHUFFLED:
        return "The discard pile was shuffled into a new deck"
    if kind == EventType.PASSED:
        return f"{who()} passed (no other move was possible)"
    if kind == EventType.LAST_ROUND:
        return f"{who()} has {LAST_ROUND_TRAINS} or fewer trains left: everyone gets one last turn"
    if kind == EventType.TURN_PASSED:
        return f"It is {who()}'s turn"
    if kind == EventType.PLAYER_FORFEITED:
        return f"{who()} left the game"
    if kind == EventType.GAME_OVER:
        ranking = event.get("ranking") or [[]]
        winners = [names.get(p, p) for p in ranking[0]]
        total = (event.get("totals") or {}).get(ranking[0][0]) if ranking[0] else None
        points = f" with {_plural(total, 'point')}" if total is not None else ""
        if len(winners) == 1:
            return f"The game is over: {winners[0]} wins{points}"
        return f"The game is over: {_join(winners)} share the win{points}"
    return str(kind)
