"""The ratings part of a player's profile: {% profile_ratings profile_user %}."""

from django import template
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _

from games.models.rating import OVERALL
from games.ratings.boards import BOARD_COLORS, board_label
from games.ratings.chart import rating_chart_svg
from games.ratings.model import PROVISIONAL_GAMES
from games.ratings.selectors import (
    MIN_GAMES,
    board_ratings,
    history_points,
    profile_stats,
    recent_games,
)

register = template.Library()

# The chart shows one board at a time; ?rating_board=usa switches (no script needed).
BOARD_PARAM = "rating_board"


@register.inclusion_tag("ratings/_profile_section.html", takes_context=True)
def profile_ratings(context, profile_user):
    request = context.get("request")
    viewer = getattr(request, "user", None)  # what a game shows depends on who looks
    ratings = board_ratings(profile_user)
    played = [r.board for r in ratings]
    wanted = request.GET.get(BOARD_PARAM) if request is not None else None
    board = wanted if wanted in played else (played[0] if played else OVERALL)
    points = history_points(profile_user, board, viewer=viewer)
    chart = None
    if points:
        chart = mark_safe(  # noqa: S308 - every text in the SVG is escaped by chart.py
            rating_chart_svg(
                points,
                title=_("%(player)s's %(board)s rating after each game")
                % {"player": profile_user.username, "board": board_label(board)},
                color=BOARD_COLORS.get(board, "#0072b2"),
            )
        )
    return {
        "profile_user": profile_user,
        "ratings": ratings,
        "board": board,
        "board_label": board_label(board),
        "board_param": BOARD_PARAM,
        "chart": chart,
        "rated_games": len(points),
        "stats": profile_stats(profile_user, viewer=viewer),
        "recent": recent_games(profile_user, viewer=viewer),
        "min_games": MIN_GAMES,
        "provisional_games": PROVISIONAL_GAMES,
    }
