from .views.lobby_urls import urlpatterns as lobby_urlpatterns
from .views.play_urls import urlpatterns as play_urlpatterns

urlpatterns = [*lobby_urlpatterns, *play_urlpatterns]
