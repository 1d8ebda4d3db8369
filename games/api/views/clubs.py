"""GET /api/v1/clubs/, clubs/<id>/, seasons/<id>/; POST clubs/<id>/join/, leave/ and
decline/ (an invitation)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.response import Response

from games.api.docs import refusals
from games.api.serializers.clubs import ClubDetail, ClubJoin, ClubSummary, SeasonDetail
from games.models import Season
from games.ratings.club_boards import club_leaderboards
from games.refusals.errors import ClubNotFound
from games.selectors.clubs import (
    club_get_visible,
    club_list_visible,
    club_member_list,
    club_membership_get,
)
from games.selectors.karma import karma_list
from games.selectors.leagues import season_list, season_standings
from games.services.clubs import club_invitation_decline, club_join, club_leave

from .base import ApiView


def _summary(club, members: int) -> dict:
    return {
        "id": club.pk,
        "name": club.name,
        "description": club.description,
        "invite_only": club.invite_only,
        "language": club.language,
        "members": members,
    }


def _season(season) -> dict:
    return {
        "id": season.pk,
        "name": season.name,
        "status": season.status,
        "maps": season.maps,
        "table_size": season.table_size,
        "turn_seconds": season.turn_seconds,
        "rounds": season.rounds,
        "current_round": season.current_round,
        "starts_at": season.starts_at,
    }


class ClubListView(ApiView):
    serializer_class = ClubSummary
    pagination_class = None

    @extend_schema(
        operation_id="clubs_list",
        tags=["clubs"],
        summary="Clubs you can see",
        description="Public clubs and your own (an invite-only club is listed to its members "
        "only), by name.",
        responses={200: ClubSummary(many=True)},
    )
    def get(self, request):
        clubs = club_list_visible(user=request.user)
        return Response([ClubSummary(_summary(c, c.member_count)).data for c in clubs])


class ClubDetailView(ApiView):
    serializer_class = ClubDetail

    @extend_schema(
        operation_id="clubs_read",
        tags=["clubs"],
        summary="A club: members, leaderboards, seasons",
        description="An invite-only club is 404 to anyone who is not its member or invited.",
        responses={200: ClubDetail, **refusals(404)},
    )
    def get(self, request, club_id: int):
        club = club_get_visible(club_id=club_id, user=request.user)
        me = club_membership_get(club=club, user=request.user)
        members = club_member_list(club=club)
        karma = karma_list(user_ids=[m.user_id for m in members])
        data = {
            **_summary(club, len(members)),
            "you": me.role if me else None,
            "member_list": [
                {
                    "username": m.user.username,
                    "role": m.role,
                    "karma": karma[m.user_id].percent,
                }
                for m in members
            ],
            "leaderboards": [
                {
                    "board": board,
                    "rows": [
                        {
                            "position": r.position,
                            "username": r.name,
                            "rating": r.rating,
                            "games": r.games,
                            "provisional": r.provisional,
                        }
                        for r in rows
                    ],
                }
                for board, rows in club_leaderboards(club=club).items()
            ],
            "seasons": [_season(s) for s in season_list(club=club)],
        }
        return Response(ClubDetail(data).data)


class ClubJoinView(ApiView):
    serializer_class = ClubJoin

    @extend_schema(
        operation_id="clubs_join",
        tags=["clubs"],
        summary="Join a club",
        description="A public club takes anyone; an invite-only one its invitees and whoever "
        "sends its link's `token`. A full club answers 409 (`club_full`).",
        request=ClubJoin,
        responses={
            204: OpenApiResponse(description="You are a member."),
            **refusals(400, 401, 404, 409, bad=("json",)),
        },
    )
    def post(self, request, club_id: int):
        body = ClubJoin(data=request.data)
        body.is_valid(raise_exception=True)
        club_join(club_id=club_id, user=request.user, token=body.validated_data.get("token"))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClubLeaveView(ApiView):
    serializer_class = None

    @extend_schema(
        operation_id="clubs_leave",
        tags=["clubs"],
        summary="Leave a club",
        description="Refused (403) while you play in one of its seasons, or as its last member.",
        request=None,
        responses={204: OpenApiResponse(description="You left."), **refusals(401, 403, 404)},
    )
    def post(self, request, club_id: int):
        club_leave(club_id=club_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClubDeclineView(ApiView):
    serializer_class = None

    @extend_schema(
        operation_id="clubs_decline",
        tags=["clubs"],
        summary="Decline a club's invitation",
        description="404 when you have no invitation to this club.",
        request=None,
        responses={204: OpenApiResponse(description="Declined."), **refusals(401, 404)},
    )
    def post(self, request, club_id: int):
        club_invitation_decline(club_id=club_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SeasonDetailView(ApiView):
    serializer_class = SeasonDetail

    @extend_schema(
        operation_id="seasons_read",
        tags=["clubs"],
        summary="A season and its standings",
        description="Points per place 2 × (players at the table − place); a bye scores "
        "table size − 1; ties broken by total score, then head to head. 404 when its club "
        "is one you may not see.",
        responses={200: SeasonDetail, **refusals(404)},
    )
    def get(self, request, season_id: int):
        season = Season.objects.filter(pk=season_id).first()
        if season is None:
            raise ClubNotFound()
        club_get_visible(club_id=season.club_id, user=request.user)
        rows = season_standings(season=season)
        karma = karma_list(user_ids=[r.user_id for r in rows])
        data = {
            **_season(season),
            "club": season.club_id,
            "standings": [
                {
                    "position": r.position,
                    "username": r.name,
                    "points": r.points,
                    "score": r.score,
                    "head_to_head": r.head_to_head,
                    "played": r.played,
                    "wins": r.wins,
                    "byes": r.byes,
                    "karma": karma[r.user_id].percent,
                }
                for r in rows
            ],
        }
        return Response(SeasonDetail(data).data)
