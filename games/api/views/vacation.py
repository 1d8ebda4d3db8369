"""GET/POST/DELETE /api/v1/me/vacation/: the caller's time away, as on the settings page."""

from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from accounts.private_pages import private_to_viewer
from games.api.docs import refusals
from games.api.serializers.strict import StrictBody
from games.services.vacation import (
    local_today,
    vacation_allowance,
    vacation_current_or_planned,
    vacation_end,
    vacation_set,
)

from .base import ApiView


class VacationBody(StrictBody):
    first_day = serializers.DateField(help_text="First day away, in your time zone.")
    last_day = serializers.DateField(help_text="Last day away (included).")


class VacationState(serializers.Serializer):
    first_day = serializers.DateField(allow_null=True)
    last_day = serializers.DateField(allow_null=True)
    away_now = serializers.BooleanField()
    year = serializers.IntegerField()
    days_used = serializers.IntegerField(help_text="Days used this calendar year.")
    days_left = serializers.IntegerField()


def _state(user) -> dict:
    now = timezone.now()
    vacation = vacation_current_or_planned(user=user, now=now)
    days = vacation_allowance(user=user, year=local_today(user=user, now=now).year)
    return {
        "first_day": vacation.first_day if vacation else None,
        "last_day": vacation.last_day if vacation else None,
        "away_now": bool(vacation and vacation.starts_at <= now),
        "year": days.year,
        "days_used": days.used,
        "days_left": days.left,
    }


@private_to_viewer
class VacationView(ApiView):
    permission_classes = [IsAuthenticated]
    serializer_class = VacationState

    @extend_schema(
        operation_id="me_vacation",
        tags=["users"],
        summary="Your time away and this year's allowance",
        responses={200: VacationState, **refusals(401)},
    )
    def get(self, request):
        return Response(VacationState(_state(request.user)).data)

    @extend_schema(
        operation_id="me_vacation_set",
        tags=["users"],
        summary="Plan time away (replaces a planned one)",
        description="While you are away your clock stops in every game that allows "
        "vacations. 400 `invalid_vacation` for past days, days out of order, over the "
        "year's allowance, or while you are away already.",
        request=VacationBody,
        responses={200: VacationState, **refusals(400, 401, bad=("json", "field"))},
    )
    def post(self, request):
        body = VacationBody(data=request.data)
        body.is_valid(raise_exception=True)
        vacation_set(user=request.user, **body.validated_data)
        return Response(VacationState(_state(request.user)).data)

    @extend_schema(
        operation_id="me_vacation_end",
        tags=["users"],
        summary="Come back now, or cancel the planned time away",
        description="Coming back gives back the days after today, and today too when it was "
        "your turn in no game that allows vacations while you were away today.",
        request=None,
        responses={204: OpenApiResponse(description="Done."), **refusals(401)},
    )
    def delete(self, request):
        vacation_end(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
