from django.urls import path

from . import clubs

urlpatterns = [
    path("clubs/", clubs.clubs, name="clubs"),
    path("u/<str:username>/follow/", clubs.follow_view, {"action": "follow"}, name="follow"),
    path("u/<str:username>/unfollow/", clubs.follow_view, {"action": "unfollow"}, name="unfollow"),
    path("clubs/new/", clubs.club_new, name="club_new"),
    path("clubs/join/<str:token>/", clubs.club_link, name="club_link"),
    path("clubs/<id:club_id>/", clubs.club_detail, name="club_detail"),
    path("clubs/<id:club_id>/join/", clubs.club_join_view, name="club_join"),
    path("clubs/<id:club_id>/leave/", clubs.club_leave_view, name="club_leave"),
    path("clubs/<id:club_id>/decline/", clubs.club_decline_view, name="club_decline"),
    path("clubs/<id:club_id>/invite/", clubs.club_invite_view, name="club_invite"),
    path("clubs/<id:club_id>/members/", clubs.club_member_view, name="club_member"),
    path("clubs/<id:club_id>/link/", clubs.club_link_renew_view, name="club_link_renew"),
    path(
        "clubs/<id:club_id>/invitations/withdraw/",
        clubs.club_invitation_withdraw_view,
        name="club_invitation_withdraw",
    ),
    path("clubs/<id:club_id>/chat/", clubs.club_chat_view, name="club_chat"),
    path("clubs/<id:club_id>/seasons/new/", clubs.season_new, name="season_new"),
    path("clubs/<id:club_id>/seasons/<id:season_id>/", clubs.season_detail, name="season_detail"),
    path(
        "clubs/<id:club_id>/seasons/<id:season_id>/<str:action>/",
        clubs.season_action,
        name="season_action",
    ),
]
