"""The analysis of a game in words: a move as a phrase, a key moment as a sentence, and how
sure an estimate is. Only the public part of a move is ever told (the route, the city, the
face-up colour); the cards a claim would have paid with are not known here."""

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import ActionType
from games.engine.describe import _city_name, _route_name
from games.words.names import colour_name


def move_phrase(move: Mapping, map_id: str) -> str:
    """A move as a phrase that can open a sentence ("claiming Denver – Omaha")."""
    kind = move.get("type")
    if kind == ActionType.CLAIM_ROUTE:
        return _("claiming %(route)s") % {"route": _route_name(map_id, move["route"])}
    if kind == ActionType.BUILD_STATION:
        return _("building a station in %(city)s") % {"city": _city_name(map_id, move["city"])}
    if kind == ActionType.DRAW_TICKETS:
        return _("drawing destination tickets")
    if kind == ActionType.DRAW_CARD and move.get("source") == "face_up":
        return _("taking the face-up %(colour)s card") % {"colour": colour_name(move["color"])}
    if kind == ActionType.DRAW_CARD:
        return _("drawing a card from the deck")
    return _("passing")


def sureness(decision: Mapping) -> str:
    """How sure the difference between the move played and the bot's choice is."""
    rollouts = decision["played_points"]["rollouts"]
    error = decision.get("gain_error")
    if error is None:
        return ngettext(
            "a guess from %(count)d rollout", "a guess from %(count)d rollouts", rollouts
        ) % {"count": rollouts}
    values = {"error": round(error), "count": rollouts}
    if decision["sure"]:
        return (
            ngettext(
                "likely: ±%(error)d points over %(count)d rollout",
                "likely: ±%(error)d points over %(count)d rollouts",
                rollouts,
            )
            % values
        )
    return (
        ngettext(
            "uncertain: ±%(error)d points over %(count)d rollout",
            "uncertain: ±%(error)d points over %(count)d rollouts",
            rollouts,
        )
        % values
    )


def moment_sentence(decision: Mapping, names: Mapping[str, str], map_id: str) -> str:
    """ "ann: drawing destination tickets cost about 9 points against claiming Denver – Omaha"
    (or "kept about 6 points over ..." when the move played did better than the bot's)."""
    points = round(abs(decision["gain"]))
    values = {
        "player": names.get(decision["player"], decision["player"]),
        "move": move_phrase(decision["played"], map_id),
        "choice": move_phrase(decision["choice"], map_id),
        "points": points,
    }
    if decision["gain"] > 0:
        return (
            ngettext(
                "%(player)s: %(move)s cost about %(points)d point against %(choice)s",
                "%(player)s: %(move)s cost about %(points)d points against %(choice)s",
                points,
            )
            % values
        )
    return (
        ngettext(
            "%(player)s: %(move)s kept about %(points)d point over %(choice)s",
            "%(player)s: %(move)s kept about %(points)d points over %(choice)s",
            points,
        )
        % values
    )


def turn_label(turn: int) -> str:
    return _("Turn %(turn)d") % {"turn": turn}
