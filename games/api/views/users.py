"""GET /api/v1/users/<username>/: a public profile with ratings and their history."""

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from games.api.docs import refusals
from games.api.serializers.statistics import UserStatistics
from games.api.serializers.users import PublicProfile
from games.models import RatingChange
from games.ratings.selectors import board_ratings, profile_stats
from games.selectors.access import game_open_filter
from games.selectors.karma import karma_get
from games.selectors.player_statistics import player_statistics

from .base import ApiView


def _history(user, viewer) -> list[dict]:
    """Every rating change; one from a game the viewer may not open names no game or place."""
    changes = RatingChange.objects.filter(user=user).order_by("created_at", "game_id", "board")
    shown = set(
        changes.filter(game_open_filter(viewer=viewer, via="game__")).values_list(
            "game_id", flat=True
        )
    )
    return [
        {
            "game": change.game_id if change.game_id in shown else None,
            "private": change.game_id not in shown,
            "board": change.board,
            "place": change.place if change.game_id in shown else None,
            "before": change.shown_before,
            "after": change.shown_after,
            "at": change.created_at,
        }
        for change in changes
    ]


def _karma(user) -> dict:
    karma = karma_get(user=user)
    return {"percent": karma.percent, "games": karma.games, "kept": karma.kept}


class UserProfileView(ApiView):
    serializer_class = PublicProfile

    @extend_schema(
        operation_id="user_profile",
        tags=["users"],
        summary="A player's public profile",
        description="Ratings per board (overall, usa, europe) and every rating change, "
        "oldest first. Only public facts: no email; a rating change from a private game "
        "you did not play in names no game or place (`private: true`), and games played "
        "and wins count only the games you may open.",
        responses={200: PublicProfile, **refusals(404)},
    )
    def get(self, request, username: str):
        user = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
        if user is None:
            raise NotFound()
        stats = profile_stats(user, viewer=request.user)
        data = {
            "username": user.username,
            "joined": user.date_joined,
            "games_played": stats.games_played,
            "wins": stats.wins,
            "ratings": [
                {
                    "board": r.board,
                    "rating": r.shown,
                    "games": r.games,
                    "provisional": r.provisional,
                    "position": r.position,
                }
                for r in board_ratings(user)
            ],
            "rating_history": _history(user, request.user),
            "karma": _karma(user),
        }
        return Response(PublicProfile(data).data)


class UserStatisticsView(ApiView):
    serializer_class = UserStatistics

    @extend_schema(
        operation_id="user_statistics",
        tags=["users"],
        summary="A player's statistics across finished games",
        description="What the profile shows: most-claimed routes and cities, success per "
        "ticket, favourite colours, average score per map and player count, and the claim "
        "counts of the heat maps. Counted over the finished games you may open.",
        responses={200: UserStatistics, **refusals(404)},
    )
    def get(self, request, username: str):
        user = get_user_model().objects.filter(username__iexact=username, is_active=True).first()
        if user is None:
            raise NotFound()
        stats = player_statistics(user=user, viewer=request.user)
        data = {
            "routes": [{"map": m, "name": n, "count": c} for m, n, c in stats.routes],
            "cities": [{"map": m, "name": n, "count": c} for m, n, c in stats.cities],
            "tickets": [
                {
                    "ticket": t.ticket,
                    "name": t.name,
                    "completed": t.completed,
                    "attempts": t.attempts,
                }
                for t in stats.tickets
            ],
            "colors": [{"color": c, "cards": n} for c, n in stats.colours],
            "averages": stats.averages,
            "route_counts": stats.route_counts,
        }
        return Response(UserStatistics(data).data)
