"""Compare the stored Claim rows with the ones the Move log gives, game by game; rebuild.

A row is compared by what it says (move, seat, route or city, length, cards, tunnel extra),
not by its primary key, so a rebuilt table compares equal to the one the moves wrote.
"""

from dataclasses import dataclass, field

from django.db import transaction

from games.models import Claim, Game, Move
from games.services.claims import claims_from_events
from games.services.locking import game_lock

# What a claim row says: move, seat, map, route, length, city, cards, tunnel extra.
ClaimKey = tuple[int, int, str, str, int | None, str, tuple[tuple[str, int], ...], int | None]


def _key(claim: Claim) -> ClaimKey:
    return (
        claim.move_id,
        claim.seat_id,
        claim.map_id,
        claim.route_id,
        claim.length,
        claim.city,
        tuple(sorted(claim.cards.items())),
        claim.tunnel_extra,
    )


@dataclass
class GameDifference:
    game_id: int
    missing: list[ClaimKey] = field(default_factory=list)  # the log has them, the table not
    extra: list[ClaimKey] = field(default_factory=list)  # the table has them, the log not

    def lines(self) -> list[str]:
        out = []
        for key in self.missing:
            out.append(f"game {self.game_id}: missing {_describe(key)}")
        for key in self.extra:
            out.append(f"game {self.game_id}: not in the move log {_describe(key)}")
        return out


def _describe(key: ClaimKey) -> str:
    move_id, seat_id, _map, route, _length, city, cards, extra = key
    what = f"route {route}" if route else f"station in {city}"
    tunnel = "" if extra is None else f", tunnel extra {extra}"
    return f"{what} by seat {seat_id} (move id {move_id}, cards {dict(cards)}{tunnel})"


def claims_expected(*, game: Game) -> list[Claim]:
    moves = Move.objects.filter(game=game).order_by("number")
    return [
        claim
        for move in moves
        for claim in claims_from_events(game_id=game.pk, map_id=game.map_id, move=move)
    ]


def claims_compare(*, game: Game) -> GameDifference:
    expected = {_key(claim) for claim in claims_expected(game=game)}
    stored = {_key(claim) for claim in Claim.objects.filter(game=game)}
    return GameDifference(
        game_id=game.pk, missing=sorted(expected - stored), extra=sorted(stored - expected)
    )


def compare_all() -> list[GameDifference]:
    differences = []
    for game in Game.objects.filter(started_at__isnull=False).order_by("pk"):
        difference = claims_compare(game=game)
        if difference.missing or difference.extra:
            differences.append(difference)
    return differences


def claims_rebuild(*, game_id: int) -> None:
    """Replace the game's rows with the ones its log gives (under the game's row lock)."""
    with transaction.atomic(durable=True):
        game = game_lock(game_id=game_id)
        Claim.objects.filter(game=game).delete()
        Claim.objects.bulk_create(claims_expected(game=game))
