from django.urls import path

from . import boards

urlpatterns = [
    path("boards/<str:map_id>/", boards.board_heat_map, name="board_heat_map"),
]
