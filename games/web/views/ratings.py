"""Leaderboards: overall and one per map."""

from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.models.rating import OVERALL
from games.ratings.boards import BOARDS
from games.ratings.selectors import leaderboard


def leaderboard_page(request, board=OVERALL):
    if board not in BOARDS:
        raise Http404(_("There is no such leaderboard."))
    if board == OVERALL and request.resolver_match.url_name != "leaderboard":
        # One address per board: /leaderboard/ is the overall one.
        return redirect("leaderboard", permanent=True)
    viewer = request.user if request.user.is_authenticated else None
    board_data = leaderboard(board, page_number=request.GET.get("page"), viewer=viewer)
    return render(request, "ratings/leaderboard.html", {"leaderboard": board_data})
