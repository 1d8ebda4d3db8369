from django.urls import path

from . import rules

urlpatterns = [
    path("rules/", rules.rules_index, name="rules_index"),
    path("rules/<str:map_id>/", rules.rules, name="rules"),
]
