"""GET /api/v1/leaderboards/<board>/: overall, usa or europe, best first, 25 a page."""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param

from games.api.docs import refusals
from games.api.pagination import whole_number_param
from games.api.serializers.leaderboards import LeaderboardPage
from games.ratings.boards import BOARDS
from games.ratings.selectors import leaderboard

from .base import ApiView


def _row(row) -> dict:
    return {
        "position": row.position,
        "username": row.user.username,
        "rating": row.shown,
        "games": row.games,
        "provisional": row.provisional,
    }


def _link(request, number: int | None) -> str | None:
    if number is None:
        return None
    url = request.build_absolute_uri()
    return (
        remove_query_param(url, "page") if number == 1 else replace_query_param(url, "page", number)
    )


class LeaderboardView(ApiView):
    serializer_class = LeaderboardPage
    pagination_class = None  # the ratings selector pages the board itself

    @extend_schema(
        operation_id="leaderboards_read",
        tags=["ratings"],
        summary="A leaderboard",
        description="Players with at least three rated games on the board, best first, "
        "25 a page; `you` is your own row wherever it is (null if you are not listed). "
        "A page number past the end gives the last page.",
        parameters=[
            OpenApiParameter("board", OpenApiTypes.STR, OpenApiParameter.PATH, enum=BOARDS),
            OpenApiParameter(
                "page",
                {"type": "integer", "minimum": 1},
                description="Page number, from 1.",
            ),
        ],
        responses={200: LeaderboardPage, **refusals(404)},
    )
    def get(self, request, board: str):
        if board not in BOARDS:
            raise NotFound()
        board_page = leaderboard(
            board, page_number=whole_number_param(request, "page"), viewer=request.user
        )
        page = board_page.page
        data = {
            "board": board,
            "count": page.paginator.count,
            "next": _link(request, page.next_page_number() if page.has_next() else None),
            "previous": _link(
                request, page.previous_page_number() if page.has_previous() else None
            ),
            "results": [_row(row) for row in board_page.rows],
            "you": _row(board_page.viewer_row) if board_page.viewer_row else None,
        }
        return Response(LeaderboardPage(data).data)
