"""GET /api/v1/me/: who the token (or session) belongs to."""

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from accounts.models.profile import profile_for
from games.api.docs import refusals
from games.api.serializers.users import Me
from games.selectors import awaiting_count

from .base import ApiView


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
        user = request.user
        data = {
            "id": user.pk,
            "username": user.username,
            "email": user.email or "",
            "timezone": profile_for(user).timezone,
            "awaiting": awaiting_count(user),
            "profile": request.build_absolute_uri(reverse("api-user", args=[user.username])),
        }
        return Response(Me(data).data)
