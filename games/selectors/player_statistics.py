"""A player's statistics across finished games, and the claim counts the heat maps draw.

Read on a viewer's behalf with game_access's rule (selectors.access.game_open_filter): a
private game counts only for those who sat at it, so a stranger's view of a profile leaves it
out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from django.db.models import Count

from games import engine
from games.models import Claim, Game, GameStatus, MapChoice, Seat
from games.selectors.access import game_open_filter

TOP = 5
if TYPE_CHECKING:  # the stubs' name for a lazily translated text; nothing to import at run time
    from django_stubs_ext import StrOrPromise

MAP_LABELS = dict(MapChoice.choices)


@dataclass
class TicketRecord:
    ticket: str
    name: str
    completed: int
    attempts: int

    @property
    def rate(self) -> int:
        return round(100 * self.completed / self.attempts)


@dataclass
class PlayerStatistics:
    # map label (translated when shown), name, n
    routes: list[tuple[StrOrPromise, str, int]] = field(default_factory=list)
    cities: list[tuple[StrOrPromise, str, int]] = field(default_factory=list)
    tickets: list[TicketRecord] = field(default_factory=list)
    colours: list[tuple[str, int]] = field(default_factory=list)  # card colour, cards paid
    averages: list[dict] = field(default_factory=list)  # map, players, games, average
    route_counts: dict[str, dict[str, int]] = field(default_factory=dict)  # map -> route -> n

    @property
    def empty(self) -> bool:
        return not (self.routes or self.tickets or self.averages)


def _finished(viewer):
    return Seat.objects.filter(game__status=GameStatus.FINISHED).filter(
        game_open_filter(viewer=viewer, via="game__")
    )


def player_statistics(*, user, viewer) -> PlayerStatistics:
    seats = _finished(viewer).filter(user=user)
    stats = PlayerStatistics()
    claims = Claim.objects.filter(seat__in=seats)
    route_rows = (
        claims.exclude(route_id="")
        .values_list("map_id", "route_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    cities: Counter = Counter()
    ranked = []
    for map_id, route_id, n in route_rows:
        game_map = engine.get_map(map_id)
        route = game_map.routes[route_id]
        stats.route_counts.setdefault(map_id, {})[route_id] = n
        a, b = game_map.cities[route.a].name, game_map.cities[route.b].name
        ranked.append((-n, MAP_LABELS[map_id], f"{a} – {b}"))
        cities[(MAP_LABELS[map_id], a)] += n
        cities[(MAP_LABELS[map_id], b)] += n
    for map_id, city, n in (
        claims.exclude(city="").values_list("map_id", "city").annotate(n=Count("id")).order_by()
    ):
        game_map = engine.get_map(map_id)
        cities[(MAP_LABELS[map_id], game_map.cities[city].name)] += n
    stats.routes = [(m, name, -n) for n, m, name in sorted(ranked)[:TOP]]
    stats.cities = [
        (m, name, n) for (m, name), n in sorted(cities.items(), key=lambda i: (-i[1], i[0]))[:TOP]
    ]
    colours: Counter = Counter()
    for cards in claims.values_list("cards", flat=True):
        for colour, count in (cards or {}).items():
            colours[colour] += count
    stats.colours = sorted(colours.items(), key=lambda i: (-i[1], i[0]))[:3]
    stats.tickets = _tickets(seats)
    stats.averages = _averages(seats)
    return stats


def _tickets(seats) -> list[TicketRecord]:
    records: dict[tuple[str, str], list[int]] = {}
    rows = seats.values_list("pk", "game__map_id", "game__state__final__players")
    for seat_id, map_id, players in rows:
        result = players.get(str(seat_id)) if isinstance(players, dict) else None
        for ticket in (result or {}).get("completed") or ():
            records.setdefault((map_id, ticket), [0, 0])[0] += 1
        for ticket in (result or {}).get("failed") or ():
            records.setdefault((map_id, ticket), [0, 0])[1] += 1
    out = []
    for (map_id, ticket), (done, failed) in records.items():
        game_map = engine.get_map(map_id)
        t = game_map.tickets.get(ticket)
        if t is None:
            continue  # not a ticket of this map (a hand-made result)
        name = f"{game_map.cities[t.a].name} – {game_map.cities[t.b].name}"
        out.append(TicketRecord(ticket, name, done, done + failed))
    out.sort(key=lambda r: (-r.attempts, -r.completed, r.name))
    return out[: 2 * TOP]


def _averages(seats) -> list[dict]:
    sizes = dict(
        Game.objects.filter(pk__in=seats.values("game_id"))
        .annotate(n=Count("seats"))
        .values_list("pk", "n")
    )
    groups: dict[tuple[str, int], list[int]] = {}
    for game_id, map_id, score in seats.values_list("game_id", "game__map_id", "final_score"):
        if score is not None:
            groups.setdefault((map_id, sizes[game_id]), []).append(score)
    return [
        {
            "map": MAP_LABELS[map_id],
            "players": players,
            "games": len(scores),
            "average": sum(scores) / len(scores),
        }
        for (map_id, players), scores in sorted(groups.items())
    ]


def route_counts(*, map_id: str, viewer) -> tuple[dict[str, int], int]:
    """Route id -> claims in every finished game of the map the viewer may open, and how
    many games that is."""
    seats = _finished(viewer).filter(game__map_id=map_id)
    counts = dict(
        Claim.objects.filter(seat__in=seats, map_id=map_id)
        .exclude(route_id="")
        .values_list("route_id")
        .annotate(n=Count("id"))
        .order_by()
    )
    games = seats.values("game_id").distinct().count()
    return counts, games
