from django.urls import path

from . import ratings

urlpatterns = [
    path("leaderboard/", ratings.leaderboard_page, name="leaderboard"),
    path("leaderboard/<str:board>/", ratings.leaderboard_page, name="leaderboard_board"),
]
