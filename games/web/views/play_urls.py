from django.urls import path

from . import (
    analysis,
    chat,
    game_page,
    notes,
    orders,
    play,
    positions,
    replay,
    table_actions,
    version,
)

urlpatterns = [
    path("games/<id:game_id>/", game_page.game_detail, name="game_detail"),
    path("games/<id:game_id>/route/<str:route_id>/", game_page.game_route, name="game_route"),
    path("games/<id:game_id>/station/", game_page.game_station, name="game_station"),
    path("games/<id:game_id>/move/", play.game_move, name="game_move"),
    path("games/<id:game_id>/resign/", table_actions.game_resign_view, name="game_resign"),
    path("games/<id:game_id>/more-time/", table_actions.game_give_time_view, name="game_give_time"),
    path("games/<id:game_id>/note/", notes.game_note, name="game_note"),
    path("games/<id:game_id>/orders/", orders.game_orders, name="game_orders"),
    path("games/<id:game_id>/orders/rows/", orders.game_orders_rows, name="game_orders_rows"),
    path("games/<id:game_id>/orders/review/", orders.game_orders_review, name="game_orders_review"),
    path("games/<id:game_id>/orders/set/", orders.game_orders_set, name="game_orders_set"),
    path("games/<id:game_id>/orders/cancel/", orders.game_orders_cancel, name="game_orders_cancel"),
    path("games/<id:game_id>/chat/", chat.game_chat, name="game_chat"),
    path("games/<id:game_id>/chat/post/", chat.game_chat_post, name="game_chat_post"),
    path("games/<id:game_id>/chat/mute/", chat.game_chat_mute, name="game_chat_mute"),
    path(
        "games/<id:game_id>/chat/<id:message_id>/report/",
        chat.game_chat_report,
        name="game_chat_report",
    ),
    path("games/<id:game_id>/version/", version.game_version, name="game_version"),
    path("games/<id:game_id>/replay/", replay.game_replay, name="game_replay"),
    path("games/<id:game_id>/log/", replay.game_log, name="game_log"),
    path("games/<id:game_id>/analysis/", analysis.game_analysis, name="game_analysis"),
    path(
        "games/<id:game_id>/analysis/progress/",
        analysis.game_analysis_progress,
        name="game_analysis_progress",
    ),
    path(
        "games/<id:game_id>/analysis/request/",
        analysis.game_analysis_request,
        name="game_analysis_request",
    ),
    path("games/<id:game_id>/export/", positions.game_export, name="game_export"),
    path("games/<id:game_id>/new-from-here/", positions.new_from_replay, name="game_new_from_here"),
    path("games/from-scenario/", positions.start_from_scenario, name="game_from_scenario"),
]
