"""The game log's sentences in the viewer's language, one full sentence per msgid.

Told from the engine's public events with their parameters (a blind draw never names its
card); the English is word for word the engine's own (games/engine/describe.py), which
stays the English of the engine's tests and scenarios. City names are never translated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.engine import EventType
from games.engine.describe import PlaceNames, place_names
from games.engine.rules.turns import LAST_ROUND_TRAINS
from games.words.names import colour_name
from games.words.names import list_text as _list


def _a_card(colour: str) -> str:
    """A card turned up by a tunnel, as a noun phrase with its article ("a red card")."""
    phrases = {
        "red": pgettext("a card turned up", "a red card"),
        "orange": pgettext("a card turned up", "an orange card"),
        "yellow": pgettext("a card turned up", "a yellow card"),
        "green": pgettext("a card turned up", "a green card"),
        "blue": pgettext("a card turned up", "a blue card"),
        "purple": pgettext("a card turned up", "a purple card"),
        "white": pgettext("a card turned up", "a white card"),
        "black": pgettext("a card turned up", "a black card"),
        "locomotive": pgettext("a card turned up", "a locomotive"),
    }
    return phrases.get(colour, colour)


def _draw(who: str, event: Mapping[str, Any]) -> str:
    if event.get("source") != "face_up":
        return _("%(player)s drew a card from the deck") % {"player": who}
    if event.get("color") == "locomotive":
        return _("%(player)s took a face-up locomotive") % {"player": who}
    return _("%(player)s took a face-up %(colour)s card") % {
        "player": who,
        "colour": colour_name(event["color"]),  # a face-up draw always names its card
    }


def _name(names: Mapping[str, str], player) -> str:
    return names.get(player, player) if player is not None else "?"


def describe_card_draws(draws: list[Mapping[str, Any]], names: Mapping[str, str]) -> str:
    """One sentence for a turn's card draws (one or two card_drawn events of one player)."""
    who = _name(names, draws[0].get("player"))
    if len(draws) != 2:
        return _draw(who, draws[0])
    first, second = draws
    sources = (first.get("source"), second.get("source"))
    if sources == ("deck", "deck"):
        return ngettext(
            "%(player)s drew %(count)d card from the deck",
            "%(player)s drew %(count)d cards from the deck",
            2,
        ) % {"player": who, "count": 2}
    if sources == ("face_up", "face_up"):
        if first["color"] == second["color"]:
            if first["color"] == "locomotive":
                return ngettext(
                    "%(player)s took %(count)d face-up locomotive",
                    "%(player)s took %(count)d face-up locomotives",
                    2,
                ) % {"player": who, "count": 2}
            return ngettext(
                "%(player)s took %(count)d face-up %(colour)s card",
                "%(player)s took %(count)d face-up %(colour)s cards",
                2,
            ) % {"player": who, "count": 2, "colour": colour_name(first["color"])}
        return _("%(player)s took a face-up %(first)s card and a face-up %(second)s card") % {
            "player": who,
            "first": colour_name(first["color"]),
            "second": colour_name(second["color"]),
        }
    if sources == ("deck", "face_up"):
        return _("%(player)s drew a card from the deck and took a face-up %(colour)s card") % {
            "player": who,
            "colour": colour_name(second["color"]),
        }
    return _("%(player)s took a face-up %(colour)s card and drew a card from the deck") % {
        "player": who,
        "colour": colour_name(first["color"]),
    }


# Sentences that open with a word of their own, not a player's name: after another
# sentence of the same move ("...; the game is over: ...") they go on in lower case.
_OPENS_WITH_A_WORD = {
    EventType.FACE_UP_RESET,
    EventType.DECK_RESHUFFLED,
    EventType.TURN_PASSED,
    EventType.GAME_OVER,
}


def continued(
    event: Mapping[str, Any], sentence: str, names: Mapping[str, str] | None = None
) -> str:
    """The sentence as it reads after "; " within one line of the log: in lower case unless
    it opens with its player's name (another language may open with a word where English
    opens with the name: "De tunnel ... van ann")."""
    if not sentence:
        return sentence
    if event.get("type") not in _OPENS_WITH_A_WORD:
        player = event.get("player")
        name = (names or {}).get(player, player) if player is not None else None
        if names is None or (name and sentence.startswith(name)):
            return sentence
    return sentence[0].lower() + sentence[1:]


def _tunnel(who: str, route: str, kind: str, event: Mapping[str, Any]) -> str:
    extra = event.get("extra", 0)
    if kind == EventType.TUNNEL_PAID:
        return ngettext(
            "%(player)s's tunnel %(route)s turned up %(count)d extra: paid",
            "%(player)s's tunnel %(route)s turned up %(count)d extra: paid",
            extra,
        ) % {"player": who, "route": route, "count": extra}
    if kind == EventType.TUNNEL_DECLINED:
        return ngettext(
            "%(player)s's tunnel %(route)s turned up %(count)d extra: declined",
            "%(player)s's tunnel %(route)s turned up %(count)d extra: declined",
            extra,
        ) % {"player": who, "route": route, "count": extra}
    # Every player learns which cards were turned up, whatever they asked for.
    revealed = event.get("revealed") or []
    if not revealed:
        return _(
            "%(player)s's tunnel %(route)s turned up no card (none were left): nothing extra"
        ) % {
            "player": who,
            "route": route,
        }
    cards = _list([_a_card(colour) for colour in revealed])
    if not extra:
        return _("%(player)s's tunnel %(route)s turned up %(cards)s: nothing extra") % {
            "player": who,
            "route": route,
            "cards": cards,
        }
    return ngettext(
        "%(player)s's tunnel %(route)s turned up %(cards)s: %(count)d extra, pay or decline",
        "%(player)s's tunnel %(route)s turned up %(cards)s: %(count)d extra, pay or decline",
        extra,
    ) % {"player": who, "route": route, "cards": cards, "count": extra}


def _final_scores(event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    """ "ann -23, bob -19": every player's total, in the order of the ranking."""
    totals = event.get("totals") or {}
    order = [p for place in event.get("ranking") or [] for p in place]
    order += [p for p in totals if p not in order]
    return ", ".join(f"{_name(names, p)} {totals[p]}" for p in order if p in totals)


def _game_over(event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    ranking = event.get("ranking") or [[]]
    winners = [_name(names, p) for p in ranking[0]]
    total = (event.get("totals") or {}).get(ranking[0][0]) if ranking[0] else None
    if event.get("last_left") and len(winners) == 1:
        # Ended by a player leaving: the winner is the one left, whatever their points.
        scores = _final_scores(event, names)
        if not scores:
            return _("The game is over: %(player)s wins as the last player left") % {
                "player": winners[0]
            }
        return _(
            "The game is over: %(player)s wins as the last player left (final scores: %(scores)s)"
        ) % {"player": winners[0], "scores": scores}
    if len(winners) == 1:
        if total is None:
            return _("The game is over: %(player)s wins") % {"player": winners[0]}
        return ngettext(
            "The game is over: %(player)s wins with %(count)d point",
            "The game is over: %(player)s wins with %(count)d points",
            total,
        ) % {"player": winners[0], "count": total}
    players = _list(winners)
    if total is None:
        return _("The game is over: %(players)s share the win") % {"players": players}
    return ngettext(
        "The game is over: %(players)s share the win with %(count)d point",
        "The game is over: %(players)s share the win with %(count)d points",
        total,
    ) % {"players": players, "count": total}


def describe(event: Mapping[str, Any], names: Mapping[str, str], map_id: str | None = None) -> str:
    """The sentence for `event`; `names` maps player ids to display names (id if missing)."""
    return _describe(event, names, place_names(map_id))


def _describe(event: Mapping[str, Any], names: Mapping[str, str], places: PlaceNames) -> str:
    who = _name(names, event.get("player"))
    kind = event.get("type")
    if kind == EventType.CARD_DRAWN:
        return _draw(who, event)
    if kind == EventType.ROUTE_CLAIMED:
        return ngettext(
            "%(player)s claimed %(route)s (%(length)d) for %(count)d point",
            "%(player)s claimed %(route)s (%(length)d) for %(count)d points",
            event["points"],
        ) % {
            "player": who,
            "route": places.routes.get(event["route"], event["route"]),
            "length": event["length"],
            "count": event["points"],
        }
    if kind == EventType.TICKETS_DRAWN:
        return ngettext(
            "%(player)s drew %(count)d destination ticket",
            "%(player)s drew %(count)d destination tickets",
            event["count"],
        ) % {"player": who, "count": event["count"]}
    if kind == EventType.TICKETS_KEPT:
        values = {"player": who, "count": event["count"], "returned": event.get("returned")}
        if event.get("returned"):
            return (
                ngettext(
                    "%(player)s kept %(count)d destination ticket and returned %(returned)d",
                    "%(player)s kept %(count)d destination tickets and returned %(returned)d",
                    event["count"],
                )
                % values
            )
        return (
            ngettext(
                "%(player)s kept %(count)d destination ticket",
                "%(player)s kept %(count)d destination tickets",
                event["count"],
            )
            % values
        )
    if kind == EventType.STATION_BUILT:
        return _("%(player)s built a station in %(city)s") % {
            "player": who,
            "city": places.cities.get(event["city"], event["city"]),
        }
    if kind in (EventType.TUNNEL_REVEALED, EventType.TUNNEL_PAID, EventType.TUNNEL_DECLINED):
        return _tunnel(who, places.routes.get(event["route"], event["route"]), kind, event)
    if kind == EventType.FACE_UP_RESET:
        return _("Three face-up locomotives: the face-up cards were replaced")
    if kind == EventType.DECK_RESHUFFLED:
        return _("The discard pile was shuffled into a new deck")
    if kind == EventType.PASSED:
        return _("%(player)s passed (no other move was possible)") % {"player": who}
    if kind == EventType.LAST_ROUND:
        return ngettext(
            "%(player)s has %(count)d or fewer trains left: everyone gets one last turn",
            "%(player)s has %(count)d or fewer trains left: everyone gets one last turn",
            LAST_ROUND_TRAINS,
        ) % {"player": who, "count": LAST_ROUND_TRAINS}
    if kind == EventType.TURN_PASSED:
        return _("It is %(player)s's turn") % {"player": who}
    if kind == EventType.PLAYER_FORFEITED:
        if event.get("resigned"):
            return _("%(player)s resigned") % {"player": who}
        return _("%(player)s left the game") % {"player": who}
    if kind == EventType.GAME_OVER:
        return _game_over(event, names)
    return str(kind)


def _extra_time_given(event: Mapping[str, Any], names: Mapping[str, str]) -> str:
    return _("%(giver)s gave %(player)s one more day") % {
        # games.services.extra_time writes both
        "giver": names.get(event["player"], event["player"]),
        "player": names.get(event["to"], event["to"]),
    }


# Events the site itself logs (the engine knows nothing of the clock): told here.
SITE_EVENTS = {"extra_time_given": _extra_time_given}


def turn_told(
    events: Sequence[Mapping[str, Any]], names: Mapping[str, str], map_id: str | None
) -> list[tuple[str, str]]:
    """A turn's events told in the order they happened: (the sentence on its own, the same as
    it reads within the turn's one line). The turn's two card draws are one sentence, where
    the first was told."""
    places = place_names(map_id)
    draws = [event for event in events if event.get("type") == EventType.CARD_DRAWN]
    told: list[tuple[Mapping[str, Any], str]] = []
    for event in events:
        if event.get("type") == EventType.CARD_DRAWN and len(draws) > 1:
            if event is draws[0]:
                told.append((event, describe_card_draws(draws, names)))
            continue
        kind = event.get("type")
        site = SITE_EVENTS.get(kind) if kind is not None else None
        sentence = site(event, names) if site else _describe(event, names, places)
        if sentence:
            told.append((event, sentence))
    return [
        (sentence, sentence if i == 0 else continued(event, sentence, names))
        for i, (event, sentence) in enumerate(told)
    ]
