from .web.views.board_urls import urlpatterns as board_urlpatterns
from .web.views.club_urls import urlpatterns as club_urlpatterns
from .web.views.lobby_urls import urlpatterns as lobby_urlpatterns
from .web.views.play_urls import urlpatterns as play_urlpatterns
from .web.views.player_urls import urlpatterns as player_urlpatterns
from .web.views.ratings_urls import urlpatterns as ratings_urlpatterns
from .web.views.rules_urls import urlpatterns as rules_urlpatterns

urlpatterns = [
    *player_urlpatterns,
    *lobby_urlpatterns,
    *play_urlpatterns,
    *ratings_urlpatterns,
    *board_urlpatterns,
    *rules_urlpatterns,
    *club_urlpatterns,
]
