from django.urls import path

from . import bots, lobby

urlpatterns = [
    path("games/", lobby.lobby, name="lobby"),
    path("games/new/", lobby.create, name="game_create"),
    path("games/mine/", lobby.mine, name="my_games"),
    path("bots/<str:level>/", bots.bot_level, name="bot_level"),
    path("games/against-bots/", lobby.play_bots, name="game_against_bots"),
    path("games/first/", lobby.first_game, name="game_first"),
    path("games/<id:game_id>/add-bot/", lobby.add_bot, name="game_add_bot"),
    path("games/invite/<str:token>/", lobby.invite, name="game_invite"),
    path("games/<id:game_id>/join/", lobby.join, name="game_join"),
    path(
        "games/<id:game_id>/invite-link/",
        lobby.invite_link_renew,
        name="game_invite_link_renew",
    ),
    path("games/<id:game_id>/leave/", lobby.leave, name="game_leave"),
    path("games/<id:game_id>/start/", lobby.start, name="game_start"),
    path("games/<id:game_id>/rematch/", lobby.rematch, name="game_rematch"),
    path(
        "games/invitations/<id:invitation_id>/<str:answer>/",
        lobby.answer_invitation,
        name="invitation_answer",
    ),
]
