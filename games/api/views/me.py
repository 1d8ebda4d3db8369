"""GET /api/v1/me/: who the token (or session) belongs to."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from accounts.models.profile import profile_for
from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.serializers.users import Me
from games.selectors.access import seat_count_awaiting
from games.services.calendar_token import calendar_token_get, calendar_token_renew

from .base import ApiView


@private_to_viewer
class MeView(ApiView):
    permission_classes = [IsAuthenticated]
    serializer_class = Me

    @extend_schema(
        operation_id="me",
        tags=["users"],
        summary="The signed-in user",
        responses={200: Me, **refusals(401)},
    )
    def get(self, request):
        return me_response(request)


def me_response(request) -> Response:
    user = request.user
    data = {
        "id": user.pk,
        "username": user.username,
        "email": user.email or "",
        "timezone": profile_for(user).timezone,
        "awaiting": seat_count_awaiting(user=user),
        "profile": request.build_absolute_uri(reverse("api-user", args=[user.username])),
        "calendar_url": calendar_url(request, user),
    }
    return Response(Me(data).data)


def calendar_url(request, user) -> str:
    return request.build_absolute_uri(
        reverse("calendar_feed", args=[calendar_token_get(user=user)])
    )


@private_to_viewer
class CalendarUrlView(ApiView):
    permission_classes = [IsAuthenticated]
    serializer_class = Me

    @extend_schema(
        operation_id="me_calendar_url_renew",
        tags=["users"],
        summary="Replace your calendar feed's address (the old one stops working)",
        request=None,
        responses={200: Me, **refusals(401)},
    )
    def post(self, request):
        calendar_token_renew(user=request.user)
        return me_response(request)
