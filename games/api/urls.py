"""Mounted at /api/ by ttr_site/urls.py: the v1 resources, the schema and its docs pages."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from .doc_pages import redoc_page, redoc_script, swagger_page
from .not_found import api_not_found
from .overview import DESCRIPTION, TAGS
from .views.analysis import AnalysisView
from .views.chat import ChatMuteView, ChatReportView, ChatView
from .views.clubs import (
    ClubDeclineView,
    ClubDetailView,
    ClubJoinView,
    ClubLeaveView,
    ClubListView,
    SeasonDetailView,
)
from .views.games import GameDetailView, GameListView
from .views.invitations import InvitationAnswerView, InvitationListView, RematchView
from .views.leaderboards import LeaderboardView
from .views.lobby import AddBotView, InviteLinkView, JoinView, LeaveView, StartView
from .views.me import CalendarUrlView, MeView
from .views.moves import MoveLogView
from .views.notes import NoteView
from .views.orders import OrdersView
from .views.play import ActionsView, LegalActionsView
from .views.positions import ExportView, FromScenarioView, NewFromHereView
from .views.statistics import ClaimListView, StatisticsView
from .views.table import MoreTimeView, ResignView
from .views.users import UserProfileView, UserStatisticsView
from .views.vacation import VacationView

v1 = [
    path("me/", MeView.as_view(), name="api-me"),
    path("me/calendar-url/", CalendarUrlView.as_view(), name="api-me-calendar-url"),
    path("me/vacation/", VacationView.as_view(), name="api-me-vacation"),
    path("users/<str:username>/", UserProfileView.as_view(), name="api-user"),
    path(
        "users/<str:username>/statistics/",
        UserStatisticsView.as_view(),
        name="api-user-statistics",
    ),
    path("games/", GameListView.as_view(), name="api-games"),
    path("invitations/", InvitationListView.as_view(), name="api-invitations"),
    path(
        "invitations/<id:invitation_id>/",
        InvitationAnswerView.as_view(),
        name="api-invitation-answer",
    ),
    path("games/<id:game_id>/rematch/", RematchView.as_view(), name="api-game-rematch"),
    path("games/<id:game_id>/", GameDetailView.as_view(), name="api-game"),
    path("games/from-scenario/", FromScenarioView.as_view(), name="api-game-from-scenario"),
    path("games/<id:game_id>/export/", ExportView.as_view(), name="api-game-export"),
    path("games/<id:game_id>/analysis/", AnalysisView.as_view(), name="api-game-analysis"),
    path(
        "games/<id:game_id>/new-from-here/",
        NewFromHereView.as_view(),
        name="api-game-new-from-here",
    ),
    path("games/<id:game_id>/join/", JoinView.as_view(), name="api-game-join"),
    path(
        "games/<id:game_id>/invite-link/",
        InviteLinkView.as_view(),
        name="api-game-invite-link",
    ),
    path("games/<id:game_id>/leave/", LeaveView.as_view(), name="api-game-leave"),
    path("games/<id:game_id>/start/", StartView.as_view(), name="api-game-start"),
    path("games/<id:game_id>/bots/", AddBotView.as_view(), name="api-game-add-bot"),
    path(
        "games/<id:game_id>/legal-actions/",
        LegalActionsView.as_view(),
        name="api-game-legal-actions",
    ),
    path("games/<id:game_id>/actions/", ActionsView.as_view(), name="api-game-actions"),
    path("games/<id:game_id>/resign/", ResignView.as_view(), name="api-game-resign"),
    path("games/<id:game_id>/more-time/", MoreTimeView.as_view(), name="api-game-more-time"),
    path("games/<id:game_id>/chat/", ChatView.as_view(), name="api-game-chat"),
    path("games/<id:game_id>/chat/mute/", ChatMuteView.as_view(), name="api-game-chat-mute"),
    path(
        "games/<id:game_id>/chat/<id:message_id>/report/",
        ChatReportView.as_view(),
        name="api-game-chat-report",
    ),
    path("games/<id:game_id>/note/", NoteView.as_view(), name="api-game-note"),
    path("games/<id:game_id>/orders/", OrdersView.as_view(), name="api-game-orders"),
    path("games/<id:game_id>/moves/", MoveLogView.as_view(), name="api-game-moves"),
    path("games/<id:game_id>/claims/", ClaimListView.as_view(), name="api-game-claims"),
    path("games/<id:game_id>/statistics/", StatisticsView.as_view(), name="api-game-statistics"),
    path("leaderboards/<str:board>/", LeaderboardView.as_view(), name="api-leaderboard"),
    path("clubs/", ClubListView.as_view(), name="api-clubs"),
    path("clubs/<id:club_id>/", ClubDetailView.as_view(), name="api-club"),
    path("clubs/<id:club_id>/join/", ClubJoinView.as_view(), name="api-club-join"),
    path("clubs/<id:club_id>/leave/", ClubLeaveView.as_view(), name="api-club-leave"),
    path("clubs/<id:club_id>/decline/", ClubDeclineView.as_view(), name="api-club-decline"),
    path("seasons/<id:season_id>/", SeasonDetailView.as_view(), name="api-season"),
]

urlpatterns = [
    path("v1/", include(v1)),
    path(
        "schema/",
        SpectacularAPIView.as_view(custom_settings={"DESCRIPTION": DESCRIPTION, "TAGS": TAGS}),
        name="api-schema",
    ),
    path("docs/", swagger_page(url_name="api-schema"), name="api-docs"),
    path("redoc/", redoc_page(url_name="api-schema"), name="api-redoc"),
    path("redoc/redoc.standalone.js", redoc_script, name="api-redoc-script"),
    re_path(r"", api_not_found),  # last: e.g. /api/v1/games/-3/ is a JSON 404 too
]
